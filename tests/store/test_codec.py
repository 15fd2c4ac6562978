"""What the store reads back is what was written: a practice game at every point of play, and the
one-pass folds of lesson and puzzle events equal to applying them one at a time."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core.engine.cards import CardSet
from hearts_core.engine.game import Game
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.learner.lesson_progress import fold_progress, record_progress
from hearts_core.learner.practice import PracticeSession
from hearts_core.learner.puzzle_progress import PuzzleEvent, PuzzleRecord, apply_event, apply_events
from hearts_core.store.codec import StoredDataError, session_from_dict, session_to_dict

PRESETS = Ruleset.preset_names()


def _round_trip(session: PracticeSession) -> PracticeSession:
    return session_from_dict(json.loads(json.dumps(session_to_dict(session))))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS), actions=st.integers(0, 60))
def test_any_game_round_trips(seed: int, preset: str, actions: int) -> None:
    chooser = random.Random(seed)
    session = PracticeSession.start(Ruleset.preset(preset), level="random", seed=seed)
    for _ in range(actions):
        assert _round_trip(session) == session
        if session.stage == "pass":
            session = session.pass_cards(
                chooser.sample(session.hand.hands[session.seat].cards(), session.rules.pass_count)
            )
        elif session.stage == "play":
            if session.can_undo and chooser.random() < 0.1:
                session = session.undo()
            elif session.can_claim and chooser.random() < 0.3:
                session = session.claim()
            else:
                session = session.play(chooser.choice(session.hand.legal_moves()))
        elif session.stage == "moon":
            session = session.choose_moon("add_to_others")
        elif session.stage == "hand_over":
            session = session.next_hand()
        else:
            break
    restored = _round_trip(session)
    assert restored == session
    assert restored.undo_stack == session.undo_stack and restored.game.totals == session.game.totals


def test_a_game_set_up_from_a_position_round_trips() -> None:
    rules = Ruleset(pass_cycle=("hold",))
    penalties = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 2S 3S"
    rest = CardSet.full_deck() - CardSet.parse(penalties + " 4C 5C 6C 7C")
    state = HandState.from_position(
        rules, f"hand: 0\nhands: 7C / 4C / 5C / 6C\ntaken: {penalties} / {rest} / - / -\nwon: 4 8 0 0\ntrick: 0\n"
    )
    session = PracticeSession(Game(rules), state, "random").play("7C")
    assert session.stage == "moon" and _round_trip(session) == session


def test_a_damaged_game_is_reported_not_raised_as_a_crash() -> None:
    data = session_to_dict(PracticeSession.start(Ruleset(), level="random", seed=1))
    data["current"]["plays"] = "ZZ"
    try:
        session_from_dict(data)
    except StoredDataError as error:
        assert error.path == "practice game"
    else:
        raise AssertionError("a game with an unknown card was read")


EVENTS = st.lists(
    st.tuples(
        st.sampled_from(["a", "b", "c"]),
        st.sampled_from(["answer", "hint", "reveal"]),
        st.booleans(),
        st.integers(1, 3),
    ),
    max_size=40,
)


@given(EVENTS)
def test_the_one_pass_fold_of_puzzle_events_is_the_one_at_a_time_fold(raw: list[tuple[str, str, bool, int]]) -> None:
    events = [
        PuzzleEvent(
            puzzle,
            kind,  # type: ignore[arg-type]
            correct if kind == "answer" else None,
            rung if kind == "hint" else None,
        )
        for puzzle, kind, correct, rung in raw
    ]
    one_at_a_time: dict[str, PuzzleRecord] = {}
    for event in events:
        one_at_a_time = apply_event(one_at_a_time, event)
    assert apply_events({}, events) == one_at_a_time


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["table", "passing"]), st.integers(0, 4), st.sampled_from(["seen", "wrong", "right"])
        ),
        max_size=40,
    )
)
def test_the_one_pass_fold_of_lesson_events_is_the_one_at_a_time_fold(raw: list[tuple[str, int, str]]) -> None:
    one_at_a_time: dict[str, dict[int, str]] = {}
    for lesson, step, outcome in raw:
        one_at_a_time = record_progress(one_at_a_time, lesson, step, outcome)  # type: ignore[arg-type]
    assert fold_progress(raw) == one_at_a_time  # type: ignore[arg-type]
