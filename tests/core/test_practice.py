"""The practice game's flow: passing, bots moving until the learner's turn, undo,
claiming the rest, the moon choice, recording hands into the game."""

from __future__ import annotations

import pytest

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.engine.game import Game
from hearts_core.engine.reasons import IllegalPlayError
from hearts_core.learner.practice import PracticeSession, points_left, replay_frames


def _play_out(session: PracticeSession) -> PracticeSession:
    while session.stage == "play":
        session = session.play(session.hand.legal_moves()[-1])
    return session


def _passed(level: str = "random", seed: int = 1, rules: Ruleset | None = None) -> PracticeSession:
    session = PracticeSession.start(rules or Ruleset(), level=level, seed=seed)
    assert session.stage == "pass"
    return session.pass_cards(session.hand.hands[0].cards()[-3:])


def test_start_waits_for_the_pass_then_the_bots_move_until_south_plays() -> None:
    session = _passed("heuristic")
    assert session.stage == "play" and session.hand.to_play == 0
    assert len(session.hand.hands[0]) == 13
    # Whoever held the 2C led it; every seat before South has played.
    assert str(session.hand.plays()[0]) == "2C"


def test_same_seed_same_game() -> None:
    assert _passed(seed=5) == _passed(seed=5)
    assert _passed(seed=5).hand != _passed(seed=6).hand


def test_play_moves_the_bots_and_an_illegal_card_is_refused() -> None:
    session = _passed()
    illegal = [card for card in session.hand.hands[0].cards() if not session.hand.is_legal(card)]
    if illegal:
        with pytest.raises(IllegalPlayError):
            session.play(illegal[0])
    after = session.play(session.hand.legal_moves()[0])
    assert after.hand.to_play in (0, None)
    assert len(after.hand.hands[0]) == 12
    assert after.undo_stack == (session.hand,)


def test_undo_takes_back_the_card_and_the_bots_cards_and_flags_the_hand() -> None:
    session = _passed()
    first = session.play(session.hand.legal_moves()[0])
    second = first.play(first.hand.legal_moves()[0])
    back = second.undo()
    assert back.hand == first.hand and back.is_practice and 0 in back.practice_hands
    assert back.undo().hand == session.hand
    assert not back.undo().can_undo
    with pytest.raises(ValueError):
        session.undo()
    # Playing the same card again gives the same bot replies (seeded by position).
    assert back.play(first.hand.legal_moves()[0]).hand == second.hand


def test_a_hand_played_out_is_recorded_and_the_next_is_dealt() -> None:
    session = _play_out(_passed())
    assert session.stage in ("hand_over", "moon", "game_over")
    if session.stage == "moon":
        session = session.choose_moon("add_to_others")
    assert len(session.game.hands) == 1
    assert sum(session.game.totals) in (26, 78, -26)
    nxt = session.next_hand()
    assert nxt.hand.hand_number == 1 and nxt.undo_stack == ()
    assert nxt.hand.pass_direction == "right" and nxt.stage == "pass"


def test_claim_only_when_no_points_are_left() -> None:
    session = _passed()
    assert points_left(session.hand) and not session.can_claim
    with pytest.raises(ValueError):
        session.claim()
    while session.stage == "play" and not session.can_claim:
        session = session.play(session.hand.legal_moves()[0])
    if session.stage == "play":
        claimed = session.claim()
        assert claimed.hand.phase == "over" and claimed.recorded


PENALTIES = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 2S 3S"


def _moon_position(rules: Ruleset) -> HandState:
    """South to lead the last trick, having taken every penalty card so far."""
    rest = CardSet.full_deck() - CardSet.parse(PENALTIES + " 4C 5C 6C 7C")
    return HandState.from_position(
        rules,
        f"""
hand: 0
hands: 7C / 4C / 5C / 6C
taken: {PENALTIES} / {rest} / - / -
won: 4 8 0 0
trick: 0
""",
    )


def test_the_moon_choice_waits_for_the_learner_when_the_rules_give_one() -> None:
    rules = Ruleset(pass_cycle=("hold",))
    session = PracticeSession(Game(rules), _moon_position(rules), "random")
    done = session.play("7C")
    assert done.stage == "moon" and done.shot_moon() and not done.recorded
    with pytest.raises(ValueError):
        done.choose_moon("nonsense")
    chosen = done.choose_moon("subtract_from_self")
    assert chosen.game.hands[0].moon_choice == "subtract_from_self"
    assert chosen.game.totals == [-26, 0, 0, 0] and chosen.stage == "hand_over"
    # Without a choice in the rules the hand is recorded at once.
    auto = Ruleset(pass_cycle=("hold",), moon="add_to_others")
    recorded = PracticeSession(Game(auto), _moon_position(auto), "random").play("7C")
    assert recorded.stage == "hand_over" and recorded.game.totals == [0, 26, 26, 26]


def test_replay_frames_rebuild_the_hand() -> None:
    session = _play_out(_passed())
    frames = replay_frames(session.hand)
    assert frames[-1] == session.hand
    assert frames[0].phase == "play" and len(frames) == 53


def test_a_whole_game_ends_with_winners() -> None:
    session = PracticeSession.start(Ruleset(target_score=0, max_hands=2), level="random", seed=9)
    for _ in range(2):
        if session.stage == "pass":
            session = session.pass_cards(session.hand.hands[0].cards()[:3])
        session = _play_out(session)
        if session.stage == "moon":
            session = session.choose_moon("add_to_others")
        if session.stage == "hand_over":
            session = session.next_hand()
    assert session.stage == "game_over" and session.game.winners
    with pytest.raises(ValueError):
        session.next_hand()


def test_other_rulesets_and_levels() -> None:
    for name in ("black_maria", "omnibus", "three_players"):
        rules = Ruleset.preset(name) if name in Ruleset.preset_names() else Ruleset()
        session = PracticeSession.start(rules, level="heuristic", seed=4)
        if session.stage == "pass":
            session = session.pass_cards(session.hand.hands[0].cards()[: rules.pass_count])
        assert session.stage == "play" and session.hand.to_play == 0
    with pytest.raises(ValueError):
        PracticeSession.start(Ruleset(), level="genius")
