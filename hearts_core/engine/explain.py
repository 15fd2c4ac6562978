"""Why a card is legal or not, as a code with parameters (never wording).

The answer is read off the legality kernel itself
(:func:`~hearts_core.engine.legality.legal_mask` with a trace): an illegal
card's reason is the stage that removed it, and a legal card's reason says
which stages it passed.  There is no second copy of the rules here.

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.from_hands(Ruleset(pass_cycle=["hold"]), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"])
>>> state.explain("3C").reason.value, state.explain("2C").reason.value
('opening_lead_card', 'opening_lead')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import HEARTS, SUIT_MASKS, SUIT_NAMES, Card, CardSet
from .legality import QUEEN_OF_SPADES_BIT, Stage, legal_mask
from .reasons import Explanation, Reason
from .rules import HEARTS_MASK, Ruleset
from .vocabulary import OVER, PASS, PassDirection, Phase


class Situation(NamedTuple):
    """What legality depends on, read from a position (see ``HandState.explain``).

    ``hands`` are every seat's cards as masks, ``seat`` the player to move,
    ``trick`` the cards of the trick in progress, ``first_trick`` whether it is
    trick 0, ``played`` every card played so far (the trick in progress too).
    """

    rules: Ruleset
    phase: Phase
    pass_direction: PassDirection
    seat: int | None
    hands: tuple[int, ...]
    trick: tuple[Card, ...]
    first_trick: bool
    broken: bool
    played: int


def explain_card(situation: Situation, card: Card) -> Explanation:
    """The :class:`Explanation` for ``card`` in ``situation``."""
    name = str(card)
    if situation.phase == OVER:
        return Explanation(name, False, Reason.HAND_OVER)
    if situation.phase == PASS:
        return Explanation(name, False, Reason.PASSING_FIRST, {"direction": situation.pass_direction})
    seat = situation.seat
    assert seat is not None
    hand = situation.hands[seat]
    if not hand >> card & 1:
        holder = next((s for s, mask in enumerate(situation.hands) if mask >> card & 1), None)
        params = {"seat": seat, "holder": holder, "played": holder is None}
        return Explanation(name, False, Reason.NOT_YOUR_CARD, params)
    rules = situation.rules
    led = SUIT_MASKS[situation.trick[0].suit] if situation.trick else 0
    trace: list[tuple[Stage, int]] = []
    legal = legal_mask(rules.tables.legality, hand, led, situation.first_trick, situation.broken, trace)
    params = _params(situation, card, hand)
    removed_by = next((stage for stage, allowed in trace if not allowed >> card & 1), None)
    if removed_by is not None:
        _check_stage_applies(situation, card, removed_by, hand, led)
        return _illegal(situation, card, removed_by, hand, params)
    assert legal >> card & 1
    return _legal(situation, card, [stage for stage, _ in trace], params)


def _params(situation: Situation, card: Card, hand: int) -> dict[str, Any]:
    rules = situation.rules
    params: dict[str, Any] = {"points": rules.tables.points[card], "first_trick": rules.first_trick}
    if situation.trick:
        led = situation.trick[0]
        params.update(led=str(led), suit=SUIT_NAMES[led.suit], held=str(CardSet.from_mask(hand & SUIT_MASKS[led.suit])))
    elif situation.first_trick and rules.opening_card is not None:
        params["opening"] = str(rules.opening_card)
    return params


class UnexplainedStageError(RuntimeError):
    """The kernel removed a card at a stage whose reason does not describe it: a rule
    added inside a stage of :func:`legal_mask` instead of as a stage of its own, with
    its own reason code and words."""


def _check_stage_applies(situation: Situation, card: Card, stage: Stage, hand: int, led: int) -> None:
    """Each stage's reason holds only for the cards it may remove; anything else would
    show the learner a false reason (e.g. "you must follow suit" to a player who is void)."""
    tables = situation.rules.tables
    applies = {
        "follow_suit": bool(hand & led) and not led >> card & 1,
        "opening_lead": not tables.legality.opening_mask >> card & 1,
        "hearts_not_broken": card.suit == HEARTS,
        "first_trick": bool(tables.first_trick_barred >> card & 1),
    }[stage]
    if not applies:
        raise UnexplainedStageError(
            f"the legality kernel removed {card} at stage {stage!r}, whose reason does not apply to it: give the "
            "new rule its own stage in hearts_core/engine/legality.py and its reason in explain.py and reasons.py"
        )


def _first_trick_reason(rules: Ruleset) -> Reason:
    return Reason.FIRST_TRICK_QUEEN if rules.first_trick == "no_queen" else Reason.FIRST_TRICK_POINTS


def _illegal(situation: Situation, card: Card, stage: Stage, hand: int, params: dict[str, Any]) -> Explanation:
    rules = situation.rules
    name = str(card)
    if stage == "follow_suit":
        return Explanation(name, False, Reason.MUST_FOLLOW_SUIT, params)
    if stage == "opening_lead":
        reason = Reason.OPENING_LEAD_CARD if rules.opening_lead == "lowest_club" else Reason.OPENING_LEAD_CLUB
        return Explanation(name, False, reason, params)
    if stage == "first_trick":
        return Explanation(name, False, _first_trick_reason(rules), params)
    return _hearts_not_broken(situation, card, hand, params)


def _hearts_not_broken(situation: Situation, card: Card, hand: int, params: dict[str, Any]) -> Explanation:
    rules = situation.rules
    others = hand & ~HEARTS_MASK
    notes: list[str] = []
    if rules.queen_breaks_hearts:
        notes.append("queen_breaks_active")
    elif situation.played & QUEEN_OF_SPADES_BIT:
        notes.append("queen_would_break")
    else:
        notes.append("queen_breaks_off")
    if others == QUEEN_OF_SPADES_BIT and not rules.lead_hearts_with_queen:
        notes.append("lead_hearts_with_queen_off")
    params = {**params, "others": str(CardSet.from_mask(others))}
    return Explanation(str(card), False, Reason.HEARTS_NOT_BROKEN, params, tuple(notes))


def _legal(situation: Situation, card: Card, stages: list[Stage], params: dict[str, Any]) -> Explanation:
    rules = situation.rules
    name = str(card)
    if "opening_lead" in stages:
        reason = Reason.OPENING_LEAD if rules.opening_lead == "lowest_club" else Reason.OPENING_LEAD_ANY
        return Explanation(name, True, reason, params)
    if "first_trick" in stages and rules.tables.first_trick_barred >> card & 1:
        return Explanation(name, True, Reason.FIRST_TRICK_FORCED, params)
    if "follow_suit" in stages:
        following = card.suit == situation.trick[0].suit
        return Explanation(name, True, Reason.FOLLOWS_SUIT if following else Reason.DISCARD, params)
    if card.suit == HEARTS:
        return _heart_lead(situation, card, stages, params)
    if card.bit == QUEEN_OF_SPADES_BIT and rules.must_break_hearts and not situation.broken:
        return Explanation(name, True, Reason.LEAD_QUEEN_UNBROKEN, params)
    return Explanation(name, True, Reason.LEAD, params)


def _heart_lead(situation: Situation, card: Card, stages: list[Stage], params: dict[str, Any]) -> Explanation:
    name = str(card)
    if not situation.rules.must_break_hearts:
        return Explanation(name, True, Reason.LEAD_HEARTS_ANYTIME, params)
    if "hearts_not_broken" not in stages:  # hearts are broken
        heart_played = bool(situation.played & HEARTS_MASK)
        return Explanation(name, True, Reason.LEAD_HEARTS_BROKEN, params, () if heart_played else ("broken_by_queen",))
    seat = situation.seat
    assert seat is not None
    only_hearts = not situation.hands[seat] & ~HEARTS_MASK
    return Explanation(name, True, Reason.LEAD_ONLY_HEARTS if only_hearts else Reason.LEAD_HEARTS_BESIDE_QUEEN, params)


__all__ = ["Situation", "UnexplainedStageError", "explain_card"]
