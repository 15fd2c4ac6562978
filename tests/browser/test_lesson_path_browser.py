"""A new learner's path through lesson 1 in Debian's chromium: every exercise answered on the page
(one wrong on purpose, the rest right at the first try), the completion screen with the stars and
what was learned, "Next lesson" to lesson 2, and the map showing lesson 1's stars.

The answers are the engine's own (``accept``, ``right_answer``), never typed here.  Screenshots of a
step, the completion screen and the map go to ``$HA_ARTIFACTS/lesson_path`` at 1366 and 390 px.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core.content.lessons import (
    LESSONS_DIR,
    ChooseCardStep,
    ChoosePassStep,
    Lesson,
    QuestionStep,
    Step,
    load_curriculum,
)
from hearts_core.engine.table import seat_name
from hearts_core.learner.lesson_progress import LessonStatus
from hearts_ui.texts import ui
from hearts_ui.views.lessons.page import stars_text
from hearts_ui.widgets.chips import symbols
from tests.browser.table import card_button, hand_codes, success_verdict
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

CURRICULUM = load_curriculum(LESSONS_DIR)
FIRST, SECOND = CURRICULUM.ordered()[:2]


def _button(page: Page, key: str) -> Locator:
    return page.locator(f".st-key-{key}").get_by_role("button")


def _hand_label(lesson: Lesson, step: Step, seat: int) -> str:
    players = lesson.rules_for(step).players
    return ui("table.your_hand") if seat == 0 else ui("table.seat_hand", seat=seat_name(seat, players))


def _right_in_words(page: Page) -> None:
    expect(success_verdict(page)).to_be_visible()
    _settled(page)


def _play(page: Page, lesson: Lesson, step: ChooseCardStep, wrong: bool) -> None:
    state = lesson.position(step)
    assert state is not None and state.to_play is not None
    label = _hand_label(lesson, step, state.to_play)
    if wrong:
        other = next(code for code in hand_codes(page, label) if code not in step.accept)
        card_button(page, other, label).click()
        expect(page.get_by_test_id("stAlert").first).to_be_visible()
        _settled(page)
    card_button(page, step.accept[0], label).click()
    _right_in_words(page)


def _pass(page: Page, lesson: Lesson, step: ChoosePassStep) -> None:
    count = lesson.rules_for(step).pass_count
    label = _hand_label(lesson, step, step.seat)
    cards = list(step.require) + [
        code for code in hand_codes(page, label) if code not in step.require and code not in step.forbid
    ]
    for code in cards[:count]:
        card_button(page, code, label).click()
    page.get_by_role("button", name=ui("common.pass_submit"), exact=True).click()
    _right_in_words(page)


def _answer(page: Page, lesson: Lesson, index: int, step: QuestionStep, wrong: bool) -> None:
    right = step.right_answer(lesson)
    choices = page.get_by_test_id("stRadio")
    # The step shows one question; the previous step's radio can linger on the page for a moment
    # after the script has finished (Streamlit removes stale elements on the next frame).
    expect(choices).to_have_count(1)
    if wrong:
        other = next(choice for choice in step.choices if choice.strip().casefold() != right.strip().casefold())
        choices.get_by_text(symbols(other), exact=True).click()
        _button(page, f"ha_check_{index}").click()
        expect(page.get_by_test_id("stAlert").filter(has_text=ui("common.wrong").split("**")[1])).to_be_visible()
        _settled(page)
    shown = next(choice for choice in step.choices if choice.strip().casefold() == right.strip().casefold())
    choices.get_by_text(symbols(shown), exact=True).click()
    _settled(page)
    _button(page, f"ha_check_{index}").click()
    _right_in_words(page)


@pytest.mark.parametrize("width", [1366, 390], ids=["desktop", "phone"])
def test_a_new_learner_finishes_lesson_one_and_moves_on(
    server: StreamlitServer, page: Page, artifacts: Path, width: int
) -> None:
    shots = artifacts / "lesson_path"
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": 1100})
    page.goto(f"{server.url}/Lessons?lesson={FIRST.id}&step=1")
    _settled(page)
    active = [index for index, step in enumerate(FIRST.steps) if step.is_active]
    wrong_once = active[0]
    for index, step in enumerate(FIRST.steps):
        expect(page.get_by_text(re.compile(rf"Step {index + 1} of {len(FIRST.steps)}"))).to_be_visible()
        if isinstance(step, ChooseCardStep):
            _play(page, FIRST, step, index == wrong_once)
            page.screenshot(path=str(shots / f"step_{width}.png"), full_page=True)
        elif isinstance(step, ChoosePassStep):
            _pass(page, FIRST, step)
        elif isinstance(step, QuestionStep):
            _answer(page, FIRST, index, step, index == wrong_once)
        if index + 1 < len(FIRST.steps):
            _button(page, "ha_steps_next").click()
            _settled(page)
    _no_exception(page)

    # The completion moment: stars for the first-try answers, what was learned, the next lesson.
    stars = LessonStatus(len(FIRST.steps), len(FIRST.steps), len(active), len(active), len(active) - 1).stars
    end = page.locator(".st-key-ha_lesson_end")
    expect(end).to_contain_text(ui("lessons.done_heading", title=FIRST.title))
    expect(end).to_contain_text(stars_text(stars))
    expect(end).to_contain_text(ui("lessons.stars_note", first=len(active) - 1, active=len(active)))
    for line in FIRST.ideas.values():
        expect(end).to_contain_text(symbols(line).replace("**", "")[:40])
    page.screenshot(path=str(shots / f"complete_{width}.png"), full_page=True)
    end.get_by_role("button", name=ui("lessons.next_lesson", title=SECOND.title)).click()
    _settled(page)
    expect(page).to_have_url(re.compile(rf"lesson={SECOND.id}&step=1"))
    expect(page.get_by_role("heading", name=SECOND.title, exact=True)).to_be_visible()

    # The map: lesson 1 with its stars, lesson 2 the one to take next.
    _button(page, "ha_back").click()
    _settled(page)
    first_card = page.locator(f".st-key-ha_lesson_{FIRST.id}")
    expect(first_card).to_contain_text(stars_text(stars))
    expect(page.locator(f".st-key-ha_lesson_{SECOND.id}_next")).to_contain_text(ui("lessons.next_up"))
    page.screenshot(path=str(shots / f"map_{width}.png"), full_page=True)
    _no_exception(page)
