"""A class in Debian's chromium, with two browsers (issue 30): a teacher makes a class and reads its join
link; a learner in another browser opens the link, picks a name and joins; the teacher's dashboard shows
them; a lesson the teacher sets appears on the learner's page and opens the lesson; the learner's page
has no dashboard; a removed learner is gone from the dashboard."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from hearts_core.content.lessons import load_curriculum
from hearts_core.content.schema import LESSONS_DIR
from hearts_ui.texts import ui
from tests.browser.test_lessons_browser import _key
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect
PlaywrightTimeout = playwright.TimeoutError


def _tab(browser: Browser, width: int) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture()
def teacher(browser: Browser) -> Iterator[Page]:
    yield from _tab(browser, 1366)


@pytest.fixture()
def learner(browser: Browser) -> Iterator[Page]:
    yield from _tab(browser, 390)  # a phone


def _type(page: Page, key: str, text: str) -> None:
    field = page.locator(_key(key)).locator("input")
    field.fill(text)
    field.press("Enter")
    _settled(page)


def _click(page: Page, key: str) -> None:
    page.locator(_key(key)).get_by_role("button").click()
    _settled(page)


def test_a_class_from_its_making_to_its_dashboard(server: StreamlitServer, teacher: Page, learner: Page) -> None:
    teacher.goto(f"{server.url}/Class")
    _settled(teacher)
    teacher.get_by_text(ui("classes.create_heading")).click()
    _type(teacher, "ha_cls_new_name", "Hearts club 7B")
    _click(teacher, "ha_cls_create")
    expect(teacher.get_by_text(ui("classes.created", name="Hearts club 7B"))).to_be_visible()
    link = teacher.get_by_test_id("stCode").inner_text().strip()
    assert re.fullmatch(rf"{re.escape(server.url)}/Class\?join=[0-9A-Z]{{8}}", link), link
    expect(teacher.get_by_text(ui("classes.empty"))).to_be_visible()

    learner.goto(link)
    _settled(learner)
    _type(learner, "ha_cls_join_name", "Mia")
    _click(learner, "ha_cls_join")
    expect(learner.get_by_text(ui("classes.joined", name="Hearts club 7B"))).to_be_visible()
    expect(learner.get_by_test_id("stDataFrame")).to_have_count(0)  # no dashboard for a learner

    teacher.reload()
    _settled(teacher)
    grid = teacher.get_by_test_id("stDataFrame")
    expect(grid).to_contain_text("Mia")

    lesson = load_curriculum(LESSONS_DIR).ordered()[1]
    teacher.get_by_text(ui("classes.assign_heading")).click()
    _settled(teacher)
    _choose(teacher, ui("classes.assign_lesson"), lesson.title)
    teacher.locator("[class*='st-key-ha_cls_assign_'] button").filter(has_text=ui("classes.assign")).click()
    _settled(teacher)
    expect(teacher.get_by_text(ui("classes.assigned"))).to_be_visible()

    learner.reload()
    _settled(learner)
    work = learner.get_by_role("link", name=re.compile(re.escape(ui("classes.work_lesson", title=lesson.title))))
    expect(work).to_be_visible()
    work.click()
    _settled(learner)
    expect(learner).to_have_url(re.compile(rf"[?&]lesson={lesson.id}(&|$)"))

    teacher.get_by_text(ui("classes.manage_heading")).click()
    _click_remove(teacher)
    expect(teacher.get_by_text(ui("classes.removed"))).to_be_visible()
    expect(teacher.get_by_test_id("stDataFrame")).to_have_count(0)
    _no_exception(teacher)
    _no_exception(learner)


def _choose(page: Page, label: str, option: str) -> None:
    """Pick ``option`` in the select box ``label`` (a click that lands while the expander above it
    still opens leaves the list shut: click again)."""
    choice = page.get_by_role("option", name=option, exact=True)
    for _ in range(3):
        page.get_by_role("combobox", name=label).click()
        try:
            choice.wait_for(state="visible", timeout=3_000)
            break
        except PlaywrightTimeout:
            page.keyboard.press("Escape")
    choice.click()
    _settled(page)


def _click_remove(page: Page) -> None:
    """Remove the chosen learner. A click that lands while the expander around the button still opens
    reaches no button (once in a whole CI run the page never reran): click again while the button is
    there and its notice is not. A removal that worked takes the button away, so it is never clicked
    twice; the test's own assertions then say whether the notice came."""
    button = page.locator("[class*='st-key-ha_cls_remove_'] button").filter(has_text=ui("classes.remove"))
    notice = page.get_by_text(ui("classes.removed"))
    for _ in range(3):
        button.click()
        _settled(page)
        try:
            notice.wait_for(state="visible", timeout=3_000)
            return
        except PlaywrightTimeout:
            if button.count() == 0:
                return
