"""Equivalent cards: cards a player may treat as one, because either one leads to the same result.

Two legal cards of one suit in one hand are equivalent when nothing between
them in rank is still in play elsewhere (in another hand, or lying in the trick
in progress) and they share every attribute the rules care about: their value
for the question being asked (the points, or 1 for a card to avoid), whether
playing them breaks hearts, whether the first-trick rule bars them, and being
the queen of spades.  Cards already played in earlier tricks do not separate
them.  The exact solver, the Monte Carlo bot and the hint engine all use this
definition, written once in the kernel (:func:`~hearts_core.search.kernel.class_representatives`).

>>> from hearts_core import CardSet, Ruleset
>>> rules = Ruleset()
>>> attributes = card_attributes(rules, rules.tables.points)
>>> hand = CardSet.parse("2D 7D JH").mask
>>> [str(CardSet.from_mask(m)) for m in equivalent_classes(hand, attributes, CardSet.parse("5D").mask)]
['2D', '7D', 'JH']
>>> [str(CardSet.from_mask(m)) for m in equivalent_classes(hand, attributes, CardSet.parse("9D").mask)]
['2D 7D', 'JH']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ..engine.legality import QUEEN_OF_SPADES_BIT
from ..engine.rules import Ruleset
from .kernel import class_representatives


def card_attributes(rules: Ruleset, values: Sequence[int]) -> np.ndarray:
    """Per card, a small number naming its attributes: only cards with the same number
    may be equivalent.  ``values`` is each card's value for the question asked."""
    legality = rules.tables.legality
    signatures: dict[tuple[int, int, int, int, int], int] = {}
    attributes = np.zeros(52, dtype=np.int64)
    for card in range(52):
        signature = (
            card // 13,
            values[card],
            legality.breaks_mask >> card & 1,
            legality.first_trick_barred >> card & 1,
            int(1 << card == QUEEN_OF_SPADES_BIT),
        )
        attributes[card] = signatures.setdefault(signature, len(signatures))
    attributes.flags.writeable = False
    return attributes


@lru_cache(maxsize=64)
def point_attributes(rules: Ruleset) -> np.ndarray:
    """:func:`card_attributes` valued by the ruleset's points (bots and hints), memoised."""
    return card_attributes(rules, rules.tables.points)


def representative_cards(cards: int, attributes: np.ndarray, elsewhere: int) -> list[int]:
    """The lowest card of each class of equivalent cards of ``cards``, in card order."""
    out = np.empty(52, dtype=np.int64)
    count = class_representatives(attributes, 0, cards, elsewhere, out)
    return [int(card) for card in out[:count]]


def equivalent_classes(cards: int, attributes: np.ndarray, elsewhere: int) -> list[int]:
    """The cards of the mask ``cards`` grouped into classes of equivalent cards, as masks
    in card order.  ``elsewhere`` holds every card still in play outside this hand:
    the other hands and the trick in progress.  (The kernel's
    :func:`~hearts_core.search.kernel.class_representatives` finds each class's lowest card;
    a class runs from there up to the next one.)"""
    lows = representative_cards(cards, attributes, elsewhere)
    bounds = [*lows[1:], 52]
    return [cards & ((1 << stop) - (1 << start)) for start, stop in zip(lows, bounds, strict=True)]


def representatives(cards: int, attributes: np.ndarray, elsewhere: int) -> dict[int, int]:
    """Each card of ``cards`` mapped to the lowest card of its class."""
    result: dict[int, int] = {}
    for group in equivalent_classes(cards, attributes, elsewhere):
        lowest = (group & -group).bit_length() - 1
        mask = group
        while mask:
            bit = mask & -mask
            result[bit.bit_length() - 1] = lowest
            mask ^= bit
    return result


__all__ = ["card_attributes", "equivalent_classes", "point_attributes", "representative_cards", "representatives"]
