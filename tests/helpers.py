"""Small helpers the test modules share."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from hearts_core import Card, HandState
from hearts_core.content.puzzles import PUZZLES_DIR, Library, load_library


def rendered(markdown: str) -> str:
    """What a Markdown message shows: its backslash escapes removed (echoes of user text are escaped)."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown)


@functools.cache
def puzzle_library() -> Library:
    """The app's puzzle library, loaded once per test process: cheap, since every search's answer is read
    from ``proofs.json`` (or from the run's own book when that is stale, see ``tests/conftest.py``)."""
    return load_library(PUZZLES_DIR)


def names(cards: Iterable[Card]) -> list[str]:
    """Cards as their notation, to compare with written lists: ``names(state.legal_moves()) == ["2C"]``."""
    return [str(card) for card in cards]


def brute_values(state: HandState, seat: int) -> dict[str, int]:
    """Paranoid minimax by plain replay (no solver): the raw points ``seat`` ends the hand
    with after each legal card, ``seat`` minimising and everybody else maximising."""
    return {str(card): _brute(state.play(card), seat) for card in state.legal_moves()}


def _brute(state: HandState, seat: int) -> int:
    if state.is_over:
        return state.hand_points()[seat]
    values = [_brute(state.play(card), seat) for card in state.legal_moves()]
    return min(values) if state.to_play == seat else max(values)
