"""Why a card is legal or not, as a code with parameters (never wording).

The checks mirror :meth:`HandState._legal_mask` step by step; a property test
asserts the two always agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import HEARTS, SUIT_MASKS, SUIT_NAMES, Card, CardSet
from .reasons import Explanation, Reason
from .rules import HEARTS_MASK, QUEEN_OF_SPADES

if TYPE_CHECKING:
    from .state import HandState


def explain_card(state: HandState, card: Card) -> Explanation:
    """The :class:`Explanation` for ``card`` in ``state`` (see ``HandState.explain``)."""
    name = str(card)
    if state.phase == "over":
        return Explanation(name, False, Reason.HAND_OVER)
    if state.phase == "pass":
        return Explanation(name, False, Reason.PASSING_FIRST, {"direction": state.pass_direction})
    seat = state.to_play
    assert seat is not None
    hand = state._hands[seat]
    if not hand >> card & 1:
        holder = next((s for s, mask in enumerate(state._hands) if mask >> card & 1), None)
        reason = Reason.NOT_YOUR_CARD
        return Explanation(name, False, reason, {"seat": seat, "holder": holder, "played": holder is None})
    legal = bool(state.legal_mask() >> card & 1)
    trick = state.current_trick.cards
    if trick:
        return _explain_follow(state, card, hand, legal, trick[0])
    return _explain_lead(state, card, hand, legal)


def _first_trick_reason(state: HandState) -> Reason:
    return Reason.FIRST_TRICK_QUEEN if state.rules.first_trick == "no_queen" else Reason.FIRST_TRICK_POINTS


def _first_trick_barred(state: HandState, card: Card) -> bool:
    return state.trick_number == 0 and bool(state.rules.tables.first_trick_barred >> card & 1)


def _explain_follow(state: HandState, card: Card, hand: int, legal: bool, led: Card) -> Explanation:
    name = str(card)
    led_suit = led.suit
    in_suit = hand & SUIT_MASKS[led_suit]
    params: dict[str, Any] = {
        "led": str(led),
        "suit": SUIT_NAMES[led_suit],
        "held": str(CardSet.from_mask(in_suit)),
        "points": state.rules.tables.points[card],
        "first_trick": state.rules.first_trick,
    }
    if in_suit and card.suit != led_suit:
        return Explanation(name, False, Reason.MUST_FOLLOW_SUIT, params)
    if _first_trick_barred(state, card):
        if not legal:
            return Explanation(name, False, _first_trick_reason(state), params)
        return Explanation(name, True, Reason.FIRST_TRICK_FORCED, params)
    if in_suit:
        return Explanation(name, True, Reason.FOLLOWS_SUIT, params)
    return Explanation(name, True, Reason.DISCARD, params)


def _explain_lead(state: HandState, card: Card, hand: int, legal: bool) -> Explanation:
    rules = state.rules
    name = str(card)
    opening = rules.opening_card
    params: dict[str, Any] = {"points": rules.tables.points[card], "first_trick": rules.first_trick}
    if state.trick_number == 0 and opening is not None:
        params["opening"] = str(opening)
        if rules.opening_lead == "lowest_club":
            reason = Reason.OPENING_LEAD if legal else Reason.OPENING_LEAD_CARD
        else:
            reason = Reason.OPENING_LEAD_ANY if legal else Reason.OPENING_LEAD_CLUB
        return Explanation(name, legal, reason, params)
    if _first_trick_barred(state, card):
        if legal:
            return Explanation(name, True, Reason.FIRST_TRICK_FORCED, params)
        if not (card.suit == HEARTS and rules.must_break_hearts and not state.hearts_broken):
            return Explanation(name, False, _first_trick_reason(state), params)
    if card.suit == HEARTS:
        return _explain_heart_lead(state, card, hand, legal, params)
    if card == QUEEN_OF_SPADES and rules.must_break_hearts and not state.hearts_broken:
        return Explanation(name, True, Reason.LEAD_QUEEN_UNBROKEN, params)
    return Explanation(name, True, Reason.LEAD, params)


def _explain_heart_lead(
    state: HandState, card: Card, hand: int, legal: bool, params: dict[str, Any]
) -> Explanation:
    rules = state.rules
    name = str(card)
    if not rules.must_break_hearts:
        return Explanation(name, True, Reason.LEAD_HEARTS_ANYTIME, params)
    if state.hearts_broken:
        heart_played = bool(state.played.mask & HEARTS_MASK)
        return Explanation(name, True, Reason.LEAD_HEARTS_BROKEN, params, () if heart_played else ("broken_by_queen",))
    others = hand & ~HEARTS_MASK
    if legal:
        reason = Reason.LEAD_ONLY_HEARTS if not others else Reason.LEAD_HEARTS_BESIDE_QUEEN
        return Explanation(name, True, reason, params)
    notes: list[str] = []
    queen_played = bool(state.played.mask & QUEEN_OF_SPADES.bit)
    if rules.queen_breaks_hearts:
        notes.append("queen_breaks_active")
    elif queen_played:
        notes.append("queen_would_break")
    else:
        notes.append("queen_breaks_off")
    if others == QUEEN_OF_SPADES.bit and not rules.lead_hearts_with_queen:
        notes.append("lead_hearts_with_queen_off")
    params = {**params, "others": str(CardSet.from_mask(others))}
    return Explanation(name, False, Reason.HEARTS_NOT_BROKEN, params, tuple(notes))
