"""Which cards a player may play, on integer card masks: the specification.

This is where the rules of play are written to be read.
:class:`~hearts_core.engine.state.HandState` and
:func:`~hearts_core.engine.explain.explain_card` call :func:`legal_mask`.  The
engine's fast paths (bots, hints, the solver, the Lab) run on the kernel
(:mod:`hearts_core.search.kernel`), whose ``legal_mask`` is checked against this
one under every option of every ruleset field (``tests/core/test_kernel.py``).

The stages, in OpenSpiel's priority order (``PlayLegalActions``), each
narrowing the cards still allowed:

1. ``follow_suit``: a player who holds the led suit must play it;
2. ``opening_lead``: the first lead of the hand is the lowest club (or any
   club, ``opening_lead="any_club"``);
3. ``hearts_not_broken``: a leader may not lead a heart before hearts are
   broken, unless holding nothing else (or, with ``lead_hearts_with_queen``,
   only hearts and the queen of spades);
4. ``first_trick``: the cards the first-trick rule bars may not be played
   on trick 0 while the player holds another card still allowed.

When the hand is opened by the player left of the dealer, a lead on trick 0
passes both stage 3 and stage 4, in that order (hearts first).

>>> from hearts_core.engine.cards import CardSet
>>> hearts = CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH").mask
>>> rules = LegalityRules(opening_mask=CardSet.parse("2C").mask, must_break=True, lead_with_queen=False,
...                       first_trick_barred=0, breaks_mask=hearts)
>>> hand = CardSet.parse("3C 9H QS")
>>> trace: list[tuple[Stage, int]] = []
>>> str(CardSet.from_mask(legal_mask(rules, hand.mask, 0, False, False, trace)))
'3C QS'
>>> [(stage, str(CardSet.from_mask(mask))) for stage, mask in trace]
[('hearts_not_broken', '3C QS')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .cards import HEARTS, SPADES, SUIT_MASKS

Stage = Literal["follow_suit", "opening_lead", "hearts_not_broken", "first_trick"]

NOT_HEARTS: Final = ((1 << 52) - 1) & ~SUIT_MASKS[HEARTS]
QUEEN_OF_SPADES_BIT: Final = 1 << (SPADES * 13 + 10)


@dataclass(frozen=True, slots=True)
class LegalityRules:
    """The numbers of a ruleset that legality reads (``Ruleset.tables.legality``).

    ``opening_mask``: the cards that may open the hand (the lowest club, or every
    club of the deck), 0 when the player left of the dealer opens with any card;
    ``must_break`` and ``lead_with_queen``: the breaking-hearts rules;
    ``first_trick_barred``: the cards the first-trick rule bars;
    ``breaks_mask``: the cards whose play breaks hearts (every heart, and the
    queen of spades when she breaks them too).
    """

    opening_mask: int
    must_break: bool
    lead_with_queen: bool
    first_trick_barred: int
    breaks_mask: int


def legal_mask(
    rules: LegalityRules,
    hand: int,
    led: int,
    first_trick: bool,
    broken: bool,
    trace: list[tuple[Stage, int]] | None = None,
) -> int:
    """The cards of ``hand`` that may be played now, as a mask.

    ``led`` is the led suit's mask (``SUIT_MASKS[suit]``), 0 when leading;
    ``first_trick`` whether this is trick 0; ``broken`` whether hearts are
    broken.  When ``trace`` is a list, each stage that applied appends
    ``(stage, cards still allowed after it)``, which is how
    :mod:`~hearts_core.engine.explain` names the rule that removed a card.
    """
    if led:
        candidates = hand & led or hand
        if trace is not None:
            trace.append(("follow_suit", candidates))
    elif first_trick and rules.opening_mask:
        candidates = hand & rules.opening_mask
        if trace is not None:
            trace.append(("opening_lead", candidates))
        return candidates
    else:
        candidates = hand
        if rules.must_break and not broken:
            others = hand & NOT_HEARTS
            if others and not (rules.lead_with_queen and others == QUEEN_OF_SPADES_BIT):
                candidates = others
            if trace is not None:
                trace.append(("hearts_not_broken", candidates))
    if first_trick and rules.first_trick_barred:
        allowed = candidates & ~rules.first_trick_barred
        if allowed:
            candidates = allowed
        if trace is not None:
            trace.append(("first_trick", candidates))
    return candidates


def breaks_hearts(rules: LegalityRules, card: int) -> bool:
    """Whether playing ``card`` breaks hearts."""
    return bool(rules.breaks_mask >> card & 1)


__all__ = ["NOT_HEARTS", "QUEEN_OF_SPADES_BIT", "LegalityRules", "Stage", "breaks_hearts", "legal_mask"]
