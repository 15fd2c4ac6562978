"""The lesson screen fits the screen (issue 24): at 1366x768 and 390x844, on each lesson's first
step, its first card or pass exercise and its first question on a deal, what the learner needs is
on the first screen, no scrolling:

* an exercise: its question and the learner's hand (the table is where they answer);
* a question: the question and its Check button (pinned to the bottom on a phone);
* any other step: the table (when the step has a deal) and the button to go on.

Lesson ids and step kinds come from the curriculum; nothing is typed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from hearts_core.content.lessons import (
    LESSONS_DIR,
    ChooseCardStep,
    ChoosePassStep,
    Lesson,
    QuestionStep,
    WalkthroughStep,
    load_curriculum,
)
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
CURRICULUM = load_curriculum(LESSONS_DIR)


def _first_exercise(lesson: Lesson) -> int | None:
    return next(
        (index for index, step in enumerate(lesson.steps) if isinstance(step, ChooseCardStep | ChoosePassStep)), None
    )


def _first_question_on_a_deal(lesson: Lesson) -> int | None:
    return next(
        (
            index
            for index, step in enumerate(lesson.steps)
            if isinstance(step, QuestionStep) and lesson.position(step) is not None
        ),
        None,
    )


def _on_first_screen(page: Page, target: Locator, what: str, where: str, misses: list[str]) -> None:
    """Note in ``misses`` when ``target`` (at least its top 40 px: a card's rank and suit) is off the first screen."""
    box = target.bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    if box is None or box["y"] < 0 or box["y"] + min(box["height"], 40) > height:
        misses.append(f"{what} ({where}): {box and round(box['y'])}")


def _top(target: Locator) -> float:
    box = target.bounding_box()
    return box["y"] if box else float("inf")


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_the_question_the_hand_and_the_way_on_need_no_scrolling(server: StreamlitServer, page: Page, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    misses: list[str] = []
    for lesson in CURRICULUM.ordered():
        firsts = [_first_exercise(lesson), _first_question_on_a_deal(lesson)]
        places = [0] + [index for index in firsts if index is not None]
        for index in places:
            step = lesson.steps[index]
            where = f"{lesson.id} step {index + 1}"
            page.goto(f"{server.url}/Lessons?lesson={lesson.id}&step={index + 1}")
            _settled(page)
            _no_exception(page)
            if isinstance(step, ChooseCardStep | ChoosePassStep):
                prompt = page.locator(".hat-prompt:visible, [class*='st-key-ha_wide_prompt']:visible").first
                _on_first_screen(page, prompt, "the question", where, misses)
                _on_first_screen(page, page.locator(".hat-card.hand").first, "the hand", where, misses)
            elif isinstance(step, QuestionStep):
                check = page.locator(f".st-key-ha_check_{index} button:visible").first
                check.wait_for()
                _on_first_screen(page, check, "Check", where, misses)
                # The question is asked on the table (a phone) or above its choices, whichever comes first.
                asked = [
                    page.locator(".hat-prompt:visible").first,
                    page.locator("[data-testid='stRadio']:visible").first,
                ]
                question = min((place for place in asked if place.count()), key=_top)
                _on_first_screen(page, question, "the question", where, misses)
            else:
                if lesson.position(step) is not None:
                    _on_first_screen(page, page.locator(".hat-felt").first, "the table", where, misses)
                if index + 1 < len(lesson.steps):
                    # A walkthrough's way on is its "Next card" until the last card.
                    way_on = "ha_frame_next" if isinstance(step, WalkthroughStep) else "ha_steps_next"
                    next_button = page.locator(f".st-key-{way_on} button:visible").first
                    _on_first_screen(page, next_button, "Next", where, misses)
    assert not misses, f"off the first screen at {width}x{height}: {misses}"
