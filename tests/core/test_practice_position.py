"""A practice game from any position (issue 25: "play it out against the bots" from the board)."""

from __future__ import annotations

import pytest

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.store.codec import session_from_dict, session_to_dict


def _queen_ending(hand_number: int = 0) -> HandState:
    """West led the 8H; South holds the 2H and the TH; North's only card of worth is the QS."""
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    text = f"hand: {hand_number}; hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H"
    return HandState.from_position(Ruleset(), text)


def test_the_learner_sits_at_the_seat_to_move_and_the_hand_is_practice() -> None:
    session = PracticeSession.from_position(_queen_ending(), level="random", seed=4)
    assert (session.seat, session.stage, session.hand) == (0, "play", _queen_ending())
    assert session.is_practice
    over = session.play("TH")
    while over.stage == "play":
        over = over.play(over.hand.legal_moves()[0])
    assert over.game.hands[0].state.taken[0] >= CardSet.parse("TH 8H")


def test_a_position_of_a_later_hand_is_set_up_again_as_the_first() -> None:
    later = _queen_ending(hand_number=5)
    session = PracticeSession.from_position(later, level="random", seed=4)
    assert session.hand.hand_number == 0
    assert session.hand.hands == later.hands and session.hand.taken == later.taken
    assert session.hand.trick_cards == later.trick_cards
    assert session_from_dict(session_to_dict(session)) == session, "it is stored and read back like any game"


def test_a_bot_seat_moves_first_when_the_learner_sits_elsewhere() -> None:
    session = PracticeSession.from_position(_queen_ending(), level="random", seed=4, seat=1)
    assert session.hand.to_play == 1 or session.stage != "play"
    assert len(session.hand.trick_cards) >= 2, "South (a bot now) has played to West's 8H"


def test_a_finished_hand_is_not_played_out() -> None:
    session = PracticeSession.from_position(_queen_ending(), level="random", seed=4)
    while session.stage == "play":
        session = session.play(session.hand.legal_moves()[0])
    with pytest.raises(ValueError, match="from a card to play"):
        PracticeSession.from_position(session.game.hands[0].state)
