"""How strong each bot level is, as measured: its place on the strength ladder.

The figures come from the ladder's data file (:data:`hearts_core.ai.ladder.LADDER_FILE`,
written by ``python -m hearts_core.ai.ladder run``; the file names the date, the
command, the seed and the number of deals).  A level's place is its *edge* against
three rule-based (heuristic) bots under the standard rules, on the same duplicate
deals: the points a hand they take on average minus the points the level takes,
with a 95% interval over deals.  Zero is as strong as the rule-based bots (the
heuristic level itself is the yardstick); positive is stronger.  The Practice page
shows these figures next to the levels.

>>> by_strength()[0]
'random'
>>> place("random").edge < 0 < place("monte_carlo").edge
True
>>> place("heuristic") is None  # the yardstick: zero by definition
True
"""

from __future__ import annotations

from functools import lru_cache

from .ladder import LADDER_FILE, YARDSTICK, Ladder, Result


@lru_cache(maxsize=1)
def ladder() -> Ladder:
    """The ladder's data file, read once."""
    return Ladder.load(LADDER_FILE)


def place(level: str, preset: str = "standard") -> Result | None:
    """The level's match against the yardstick under ``preset`` (the standard rules by default), or
    None for the yardstick itself and for a level or a preset the file does not hold."""
    return ladder().result(level, YARDSTICK, preset)


def place_under(level: str, preset: str) -> tuple[Result | None, str]:
    """The level's place under ``preset`` when the ladder measured that preset, else under the standard
    rules, with the preset the figures are for (what the Practice page shows beside a level)."""
    measured = place(level, preset)
    if measured is None and preset != "standard":
        return place(level), "standard"
    return measured, preset


def edge_of(level: str) -> float | None:
    """The level's edge on the ladder (0 for the yardstick), or None when it was not measured."""
    if level == YARDSTICK:
        return 0.0
    measured = place(level)
    return None if measured is None else measured.edge


def by_strength() -> tuple[str, ...]:
    """The measured levels from the weakest (the lowest edge) to the strongest."""
    edges = {level: edge_of(level) for level in ladder().levels}
    return tuple(sorted((level for level in edges if edges[level] is not None), key=lambda level: edges[level] or 0.0))


__all__ = ["by_strength", "edge_of", "ladder", "place", "place_under"]
