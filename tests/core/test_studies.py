"""A teacher's study as PHN (issue 30, item 4): written and read back, each task checked by the engine,
a broken text named step by step, and the study shown as a lesson the lesson screen can take."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import HandState, Ruleset
from hearts_core.content.lesson_steps import ChooseCardStep, ExplainStep, WalkthroughStep
from hearts_core.records.studies import (
    MAX_STEPS,
    Study,
    StudyError,
    StudyStep,
    dumps_study,
    loads_study,
    study_lesson,
)

# A hold hand: the 2C holder leads at once.  North (seat 2) holds the queen of spades.
HOLD = HandState.deal(Ruleset(), seed=4, hand_number=3)


def _spade_trick() -> HandState:
    """Three tricks into the hand, with hearts not yet broken, East to lead."""
    state = HOLD
    for _ in range(12):
        state = state.play(state.legal_moves()[0])
    return state


def _study() -> Study:
    later = _spade_trick()
    line = tuple(str(card) for card in _first_line(later, 4))
    return Study(
        "Ducking the queen",
        (
            StudyStep.from_board(HOLD, "explain", title="The deal", words="Look at North's spades.\n\nCount them."),
            StudyStep.from_board(HOLD, "card", question="What does the leader play?", answers=("2C",)),
            StudyStep.from_board(later, "line", words="A whole trick.", line=line),
        ),
    )


def _first_line(state: HandState, cards: int) -> list[str]:
    played = []
    for _ in range(cards):
        card = state.legal_moves()[-1]
        played.append(str(card))
        state = state.play(card)
    return played


def test_a_study_is_written_as_phn_and_read_back_the_same() -> None:
    study = _study()
    text = dumps_study(study)
    assert text.count('[Study "Ducking the queen"]') == 3  # one record a step
    assert "% Look at North's spades.\n%\n% Count them." in text  # the teacher's words as comment lines
    assert '[Answer "2C"]' in text
    assert loads_study(text) == study


def test_captions_ride_on_the_line_s_cards_and_come_back() -> None:
    study = _study()
    line_step = study.steps[2]
    captioned = StudyStep(line_step.start, "line", "", "", line=line_step.line, captions={2: "Second card: a duck."})
    text = dumps_study(Study("Captions", (captioned,)))
    assert "{Second card: a duck.}" in text
    assert loads_study(text).steps[0].captions == {2: "Second card: a duck."}


def test_the_study_becomes_a_lesson_of_the_same_steps() -> None:
    lesson = study_lesson(_study(), "study-abc")
    explain, card, line = lesson.steps
    assert isinstance(explain, ExplainStep) and explain.text.startswith("Look at North")
    assert isinstance(card, ChooseCardStep) and card.accept == ("2C",) and card.show == "to_play"
    assert card.judge(lesson, "2C").correct
    assert isinstance(line, WalkthroughStep) and line.bounds(lesson) == (0, 4)
    assert lesson.position(line) == _study().steps[2].start
    assert lesson.id == "study-abc" and lesson.title == "Ducking the queen"


def test_a_card_task_s_answer_must_be_legal_there() -> None:
    with pytest.raises(StudyError) as caught:
        StudyStep.from_board(HOLD, "card", answers=("QS",))
    assert caught.value.code == "answer_not_legal"
    with pytest.raises(StudyError) as caught:
        StudyStep.from_board(HOLD, "card")
    assert caught.value.code == "no_answer"


def test_a_broken_text_names_its_step_and_what_is_wrong() -> None:
    text = dumps_study(_study())
    records = text.split("\n\n")
    broken = "\n\n".join([records[0], records[1].replace('[Answer "2C"]', '[Answer "3C"]'), *records[2:]])
    with pytest.raises(StudyError) as caught:
        loads_study(broken)
    assert (caught.value.step, caught.value.code) == (2, "answer_not_legal")
    with pytest.raises(StudyError) as caught:
        loads_study(text.replace("hands: ", "hands: 1X ", 1))
    assert (caught.value.step, caught.value.code) == (1, "not_phn")
    assert "1X" in caught.value.detail
    with pytest.raises(StudyError) as caught:
        loads_study("% only words\n")
    assert caught.value.code == "no_steps"


def test_a_study_has_at_most_its_steps() -> None:
    step = StudyStep.from_board(HOLD, "explain")
    full = Study("Long", (step,) * MAX_STEPS)
    with pytest.raises(StudyError) as caught:
        full.with_step(step)
    assert caught.value.code == "too_many_steps"
    assert loads_study(dumps_study(full)).steps == full.steps


def test_moving_and_removing_steps() -> None:
    study = _study()
    assert study.moved(2, -1).steps == (study.steps[0], study.steps[2], study.steps[1])
    assert study.moved(0, -5) == study
    assert study.without_step(0).steps == study.steps[1:]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    cards=st.integers(0, 30),
    words=st.text(st.characters(exclude_categories=["Cs"]), max_size=80),
    title=st.text(max_size=40),
)
def test_any_position_of_a_hand_and_any_words_round_trip(seed: int, cards: int, words: str, title: str) -> None:
    state = HandState.deal(Ruleset(), seed=seed, hand_number=3)
    for _ in range(cards):
        state = state.play(state.legal_moves()[seed % len(state.legal_moves())])
    step = StudyStep.from_board(state, "card", title=title, words=words, answers=(str(state.legal_moves()[0]),))
    study = Study("Any", (step,))
    assert loads_study(dumps_study(study)) == study
