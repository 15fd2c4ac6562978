"""Small helpers the test modules share."""

from __future__ import annotations

from collections.abc import Iterable

from hearts_core import Card


def names(cards: Iterable[Card]) -> list[str]:
    """Cards as their notation, to compare with written lists: ``names(state.legal_moves()) == ["2C"]``."""
    return [str(card) for card in cards]
