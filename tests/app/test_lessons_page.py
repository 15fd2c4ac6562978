"""AppTest of the Lessons page, run through app.py like a learner would."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.content.lessons import ChooseCardStep, ChoosePassStep, Lesson, load_curriculum
from hearts_ui.page_state import session_key
from hearts_ui.storage import Identity, store
from hearts_ui.texts import ui
from hearts_ui.views.lessons.steps import TABLE_KEY
from hearts_ui.views.lessons.view import LessonsView
from hearts_ui.widgets.chips import symbols
from tests.app.tables import click_table, table_data

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
LESSONS_PAGE = "pages/2_Lessons.py"
TIMEOUT = 30
CURRICULUM = load_curriculum(ROOT / "lessons")
WRONG = ui("common.wrong").split("**")[1]
POOR = ui("lessons.poor").split("**")[1]


def _open(lesson: str | None = None, step: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.switch_page(LESSONS_PAGE)
    if lesson is not None:
        at.query_params["lesson"] = lesson
    if step is not None:
        at.query_params["step"] = step
    at.run()
    assert not at.exception, at.exception
    return at


def _text(at: AppTest) -> str:
    kinds = (at.markdown, at.caption, at.subheader, at.title, at.info, at.success, at.error, at.warning)
    parts = [element.value for elements in kinds for element in elements]
    return "\n".join(str(part) for part in parts)


def test_the_list_shows_every_lesson_in_order() -> None:
    at = _open()
    text = _text(at)
    positions = [text.find(lesson.title) for lesson in CURRICULUM.ordered()]
    assert -1 not in positions and positions == sorted(positions)


@pytest.mark.parametrize("lesson", CURRICULUM.ordered(), ids=lambda lesson: lesson.id)
def test_every_lesson_steps_from_first_to_last_without_an_exception(lesson: Lesson) -> None:
    at = _open(lesson.id, "1")
    for number in range(1, len(lesson.steps) + 1):
        assert f"Step {number} of {len(lesson.steps)}" in _text(at)
        step = lesson.steps[number - 1]
        if step.kind == "walkthrough":
            for _ in range(3):
                at.button(key="ha_frame_next").click().run()
                assert not at.exception, at.exception
        if number < len(lesson.steps):
            at.button(key="ha_steps_next").click().run()
            assert not at.exception, (lesson.id, number, at.exception)
            assert at.query_params["step"] == str(number + 1)


def test_a_choose_card_step_rejects_an_illegal_card_with_the_engine_reason_and_accepts_a_right_one() -> None:
    at = _open("table", "6")  # East led the 3D; South holds 2D 5D QD
    hand = table_data(at, TABLE_KEY)["hand"]
    assert hand["mode"] == "play" and all(card["ok"] for card in hand["cards"])  # legality is the question
    step = CURRICULUM.lessons["table"].steps[5]
    assert isinstance(step, ChooseCardStep)
    assert table_data(at, TABLE_KEY)["prompt"] == symbols(step.prompt)  # cards as a learner reads them
    click_table(at, TABLE_KEY, kind="play", card="3C")
    errors = " ".join(str(element.value) for element in at.error)
    assert "must follow suit" in errors
    # Beside the hand: the card named, the reason not said a second time.
    status = table_data(at, TABLE_KEY)["hand"]["status"]
    assert status == ui("lessons.status_illegal_card", card="3♣") and "must follow suit" not in status
    click_table(at, TABLE_KEY, kind="play", card="QD")
    assert POOR in " ".join(str(element.value) for element in at.warning)
    status = table_data(at, TABLE_KEY)["hand"]["status"]
    assert status == ui("lessons.status_poor_card", card="Q♦") and POOR not in status
    click_table(at, TABLE_KEY, kind="play", card="2D")
    assert at.success and not at.error
    # The right card has gone to the trick; the hand is only to look at now.
    data = table_data(at, TABLE_KEY)
    assert "2D" in [play["card"] for play in data["trick"]["plays"]] and data["hand"]["mode"] == "view"
    assert "2D" not in [card["c"] for card in data["hand"]["cards"]]


@pytest.mark.parametrize(
    ("language", "first_words"), [("uk", "Треба відповідати в масть"), ("ru", "Нужно отвечать в масть")]
)
def test_the_engine_s_reason_for_an_illegal_card_is_in_the_learner_s_language(language: str, first_words: str) -> None:
    # The table's callback runs before the page sets its language: the reason once came out in English.
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.switch_page(LESSONS_PAGE)
    at.query_params.update({"lesson": "table", "step": "6", "lang": language})
    at.run()
    click_table(at, TABLE_KEY, kind="play", card="3C")
    errors = " ".join(str(element.value) for element in at.error)
    assert first_words in errors and "must follow suit" not in errors


def test_a_pass_is_chosen_on_the_table() -> None:
    lesson = CURRICULUM.lessons["passing"]
    at = _open("passing", "5")
    step = lesson.steps[4]
    assert isinstance(step, ChoosePassStep) and step.forbid
    hand = table_data(at, TABLE_KEY)["hand"]
    assert hand["mode"] == "select" and hand["need"] == lesson.rules.pass_count
    forbidden = list(step.forbid[:1])
    others = [card["c"] for card in hand["cards"] if card["c"] not in step.forbid][: 3 - len(forbidden)]
    click_table(at, TABLE_KEY, kind="cards", cards=forbidden + others)
    assert at.error  # the lesson's words on a card that should stay
    assert [card["c"] for card in table_data(at, TABLE_KEY)["hand"]["cards"] if card["sel"]] == sorted(
        forbidden + others, key=[card["c"] for card in hand["cards"]].index
    )  # the choice is kept to mend


#: The answer picker of the question "who won the first trick?" (step 5 of the lesson "table").
WHO_WON = LessonsView.widget_key("choice", "table", 4)


def test_a_seat_answer_may_be_clicked_on_the_table() -> None:
    at = _open("table", "5")  # who won the first trick? North
    assert all(seat["pick"] for seat in table_data(at, TABLE_KEY)["seats"])
    click_table(at, TABLE_KEY, kind="seat", seat=1)  # West
    assert any(WRONG in str(element.value) for element in at.error)
    click_table(at, TABLE_KEY, kind="seat", seat=2)  # North
    assert at.success and not at.error
    assert at.radio(key=WHO_WON).value == "North"


def test_a_question_step_rejects_a_wrong_answer_and_accepts_the_engine_answer() -> None:
    at = _open("table", "5")  # who won the first trick? North
    at.radio(key=WHO_WON).set_value("West")
    at.button(key="ha_check_4").click().run()
    assert any(WRONG in str(element.value) for element in at.error)
    at.radio(key=WHO_WON).set_value("North")
    at.button(key="ha_check_4").click().run()
    assert at.success and not at.error


def test_progress_survives_a_page_switch() -> None:
    at = _open("table", "5")
    at.radio(key=WHO_WON).set_value("North")
    at.button(key="ha_check_4").click().run()
    at.switch_page("app.py").run()
    at.switch_page(LESSONS_PAGE)
    at.query_params.clear()
    at.run()
    active = sum(step.is_active for step in CURRICULUM.lessons["table"].steps)
    assert f"1 of {active} exercises right" in _text(at)


def test_an_unknown_lesson_gets_a_friendly_message_and_the_list() -> None:
    at = _open("no-such-lesson", "1")
    assert any("no lesson called" in str(element.value) for element in at.warning)
    assert CURRICULUM.ordered()[0].title in _text(at)


@pytest.mark.parametrize("step", ["99", "0", "abc"])
def test_a_step_out_of_range_gets_a_friendly_message(step: str) -> None:
    at = _open("table", step)
    assert any("has no step" in str(element.value) for element in at.warning)
    assert "Step " in _text(at)


def test_a_walkthrough_has_one_way_forward_next_card_until_its_last_card_then_next() -> None:
    lesson = CURRICULUM.lessons["table"]
    number = next(index for index, step in enumerate(lesson.steps) if step.kind == "walkthrough") + 1
    at = _open(lesson.id, str(number))

    def primaries() -> list[str]:
        return [str(button.key) for button in at.button if button.proto.type == "primary"]

    assert primaries() == ["ha_frame_next"], "while cards are left, Next card is the one way forward"
    # The lesson's own pair says it moves by steps, unlike the cards' Back and Next card.
    assert at.button(key="ha_steps_next").label == ui("lessons.next_step")
    assert at.button(key="ha_steps_back").label == ui("lessons.previous_step")
    while not at.button(key="ha_frame_next").disabled:
        at.button(key="ha_frame_next").click().run()
        assert not at.exception, at.exception
    assert primaries() == ["ha_steps_next"], "at the last card the lesson's Next takes over"
    at.button(key="ha_frame_back").click().run()
    assert primaries() == ["ha_frame_next"]


def test_an_exercise_missed_on_the_first_try_is_queued_and_its_answer_from_the_queue_counts() -> None:
    at = _open("table", "5")
    at.radio(key=WHO_WON).set_value("West")  # wrong, on the first try
    at.button(key="ha_check_4").click().run()
    learner = str(at.session_state[session_key(Identity)].learner)
    queued = store().review_queue(learner).card("lesson:table:4")
    assert queued is not None and queued.reviews == 0
    at.radio(key=WHO_WON).set_value("North")  # right at once after: not the review's answer
    at.button(key="ha_check_4").click().run()
    assert store().review_queue(learner).card("lesson:table:4").reviews == 0  # type: ignore[union-attr]
    # Opened from the Review page, the exercise's next answer is the review's.
    at.switch_page("pages/10_Review.py").run()
    assert not at.exception, at.exception
    at.button(key="ha_rv_open").click().run()
    at.switch_page(LESSONS_PAGE)
    at.query_params["lesson"] = "table"
    at.query_params["step"] = "5"
    at.run()
    at.radio(key=WHO_WON).set_value("North")
    at.button(key="ha_check_4").click().run()
    answered = store().review_queue(learner).card("lesson:table:4")
    assert answered is not None and answered.reviews == 1
