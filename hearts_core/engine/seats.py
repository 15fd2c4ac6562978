"""Seats by compass: seat 0 (the learner) sits at the bottom, South, and play goes to the left,
clockwise.  The engine numbers seats; every word a learner reads names them by compass point.

This module sits below the hand state and the reasons (it needs only the message catalogue), so
an error raised by the engine can name a seat as the table does.

>>> [seat_name(seat, 4) for seat in range(4)]
['South', 'West', 'North', 'East']
>>> [seat_name(seat, 3) for seat in range(3)]
['South', 'West', 'East']
>>> seat_name(5, 6)
'South-East'
"""

from __future__ import annotations

from typing import Final

from ..words.catalogue import message

#: The compass point of each seat, by the number of players.
SEAT_COMPASS: Final[dict[int, tuple[str, ...]]] = {
    2: ("south", "north"),
    3: ("south", "west", "east"),
    4: ("south", "west", "north", "east"),
    5: ("south", "west", "north_west", "north_east", "east"),
    6: ("south", "south_west", "north_west", "north", "north_east", "south_east"),
}


def seat_compass(seat: int, players: int) -> str:
    """The compass point of ``seat`` at a table of ``players`` (``"south"``, ``"north_west"``...)."""
    if players not in SEAT_COMPASS or not 0 <= seat < players:
        raise ValueError(f"no seat {seat} at a table of {players} players")
    return SEAT_COMPASS[players][seat]


def seat_name(seat: int, players: int, language: str | None = None) -> str:
    """The name of ``seat`` at a table of ``players``, from the message catalogue."""
    return message(f"seat.{seat_compass(seat, players)}", language)


__all__ = ["SEAT_COMPASS", "seat_compass", "seat_name"]
