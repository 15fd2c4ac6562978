"""A teacher's study and a class deal in Debian's chromium, with two browsers (issue 30, items 3 and 4):

* the teacher opens a position on the Analysis board, adds it to a new study as "find the card" (the
  engine's best cards offered as the answer) with words of their own, and sets the study and a class
  deal as work for their class;
* the learner (a phone) opens the study from the Class page and plays the right card on the same lesson
  screen as the course; then plays the class deal on the Practice page;
* the teacher's "who has done what" shows the learner's points on the deal beside the engine's, and the
  study as done.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core import HandState, Ruleset, analyse
from hearts_core.engine.cards import Card
from hearts_core.engine.seats import seat_name
from hearts_core.learner.practice import PracticeSession
from hearts_ui.texts import ui
from hearts_ui.views.analysis.links import board_query
from tests.browser.table import card_button, success_verdict
from tests.browser.test_class_browser import _click, _tab, _type
from tests.browser.test_daily_browser import pass_and_finish
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture()
def teacher(browser: Browser) -> Iterator[Page]:
    yield from _tab(browser, 1366)


@pytest.fixture()
def pupil(browser: Browser) -> Iterator[Page]:
    yield from _tab(browser, 390)


def _position() -> HandState:
    """A hold hand after its first trick: the trick's winner leads with a real choice of cards."""
    state = HandState.deal(Ruleset(), seed=4, hand_number=3)
    for _ in range(4):
        state = state.play(state.legal_moves()[0])
    return state


def _make_class(teacher: Page, url: str) -> str:
    teacher.goto(f"{url}/Class?lang=en")
    _settled(teacher)
    teacher.get_by_text(ui("classes.create_heading")).click()
    _type(teacher, "ha_cls_new_name", "Club night")
    _click(teacher, "ha_cls_create")
    return teacher.get_by_test_id("stCode").inner_text().strip()


def _add_to_a_new_study(teacher: Page, url: str, state: HandState) -> None:
    query = "&".join(f"{name}={value}" for name, value in board_query(state).items())
    teacher.goto(f"{url}/Analysis?lang=en&{query.replace(' ', '+').replace(';', '%3B')}")
    _settled(teacher)
    teacher.get_by_text(ui("studies.add_heading")).click()
    _settled(teacher)
    _type(teacher, "ha_stu_add_new_title", "Leading after the first trick")
    teacher.locator(".st-key-ha_stu_add_words textarea").fill("Lead where the others must follow.")
    teacher.locator(".st-key-ha_stu_add_words textarea").press("Tab")
    _settled(teacher)
    _click(teacher, "ha_stu_add_button")
    expect(teacher.get_by_text(ui("studies.added", title="Leading after the first trick", count=1))).to_be_visible()


def _set_work(teacher: Page, url: str, kind_label: str) -> None:
    teacher.goto(f"{url}/Class?lang=en")
    _settled(teacher)
    kinds = teacher.get_by_role("radiogroup", name=ui("classes.assign_kind"))
    if not kinds.is_visible():
        teacher.get_by_text(ui("classes.assign_heading"), exact=True).click()
        _settled(teacher)
    kinds.get_by_text(kind_label, exact=True).click()
    _settled(teacher)
    teacher.locator("[class*='st-key-ha_cls_assign_'] button").filter(has_text=ui("classes.assign")).click()
    _settled(teacher)
    expect(teacher.get_by_text(ui("classes.assigned"))).to_be_visible()


def test_a_study_and_a_class_deal_from_the_teacher_s_board_to_the_learner_s_phone(
    server: StreamlitServer, teacher: Page, pupil: Page, artifacts: Path
) -> None:
    shots = artifacts / "class_study"
    shots.mkdir(parents=True, exist_ok=True)
    link = _make_class(teacher, server.url)
    pupil.goto(link)
    _settled(pupil)
    _type(pupil, "ha_cls_join_name", "Sam")
    _click(pupil, "ha_cls_join")

    state = _position()
    best = analyse(state, worlds=1000, seed=0).best  # what the board offers as the answer
    _add_to_a_new_study(teacher, server.url, state)
    teacher.get_by_text(ui("studies.add_heading")).scroll_into_view_if_needed()
    teacher.screenshot(path=str(shots / "board_add_to_study.png"))
    _set_work(teacher, server.url, ui("classes.kind_study"))
    _set_work(teacher, server.url, ui("classes.kind_deal"))

    # The learner takes the study on the lesson screen: the teacher's words, then the right card.
    pupil.goto(f"{server.url}/Class?lang=en")
    _settled(pupil)
    study = pupil.get_by_role("link", name=re.compile(re.escape(ui("classes.work_study", title=""))))
    expect(study).to_be_visible()
    study.click()
    _settled(pupil)
    expect(pupil.get_by_text("Lead where the others must follow.")).to_be_visible()
    expect(pupil.get_by_text(ui("lessons.step_heading", number=1, count=1, title=ui("lessons.kind_choose_card"))))
    mover = state.to_play
    assert mover is not None
    label = ui("table.your_hand") if mover == 0 else ui("table.seat_hand", seat=seat_name(mover, 4))
    card_button(pupil, str(Card.parse(best[0])), label).click()
    expect(success_verdict(pupil)).to_be_visible()
    _settled(pupil)
    pupil.screenshot(path=str(shots / "study_step_phone.png"), full_page=True)
    _no_exception(pupil)

    # The class deal: played on the Practice page, its result kept for the class.
    pupil.goto(f"{server.url}/Class?lang=en")
    _settled(pupil)
    pupil.get_by_role("button", name=re.compile(re.escape(ui("classes.work_deal")))).click()
    _settled(pupil)
    pass_and_finish(pupil, PracticeSession.start(Ruleset(), seed=0))
    expect(pupil.get_by_role("link", name=ui("class_deal.see_class"))).to_be_visible()
    pupil.goto(f"{server.url}/Class?lang=en")
    _settled(pupil)
    expect(pupil.get_by_text(re.compile(r"you took \d+ points?; the class's median is"))).to_be_visible()

    # The teacher sees the learner's points beside the engine's, and the study done.
    teacher.reload()
    _settled(teacher)
    expect(teacher.get_by_text(re.compile(r"The engine \(Monte Carlo, 1,000 deals a card\) takes \d+"))).to_be_visible(
        timeout=60_000
    )
    grids = teacher.get_by_test_id("stDataFrame")
    expect(grids.last).to_contain_text("Sam")
    expect(teacher.get_by_text(re.compile(r"Study: Leading after the first trick: finished by Sam"))).to_be_visible()
    grids.last.scroll_into_view_if_needed()
    teacher.screenshot(path=str(shots / "class_work_done.png"))
    teacher.get_by_text(ui("studies.heading"), exact=True).scroll_into_view_if_needed()
    teacher.screenshot(path=str(shots / "shelf.png"))
    _no_exception(teacher)
