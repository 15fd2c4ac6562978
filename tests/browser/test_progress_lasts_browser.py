"""Progress that lasts, in Debian's chromium: a learner answers a lesson step, solves a puzzle and
plays a card in Practice on a freshly started server; the server is stopped and started again; a new
browser context with the same cookie jar finds the lesson progress, the puzzle result and the
practice game exactly where they were.  A second server process on the same database, on another
port, shows the same to that cookie jar.  The learner cookie is the server's: ``HttpOnly``, for a
year, and not in any link.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core.learner.lesson_progress import record_progress
from hearts_ui.storage import COOKIE, COOKIE_MAX_AGE
from hearts_ui.texts import ui
from tests.browser.conftest import StreamlitServer
from tests.browser.table import card_button, hand, hand_codes, success_verdict, trick_cards
from tests.browser.test_lessons_browser import (
    HOW_MANY,
    TABLE,
    _answer,
    _how_many_answer,
    _lesson_card,
    _open,
    _status,
    _url,
)
from tests.browser.test_pages import _no_exception, _settled
from tests.browser.test_practice_browser import _button, _pass_three, _start
from tests.browser.test_puzzles_browser import MOON, PUZZLES_PATH

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect


def _started(log: Path, database: str) -> StreamlitServer:
    server = StreamlitServer(log, env={"HEARTS_DB_URL": database})
    server.wait_until_ready()
    return server


def _learn_on(server: StreamlitServer, page: Page) -> tuple[list[str], int]:
    """A lesson step answered, a puzzle solved, a card played in Practice; the hand and the trick then."""
    _open(page, _url(server, lesson=TABLE.id, step=HOW_MANY))
    _answer(page, HOW_MANY, _how_many_answer())
    expect(success_verdict(page)).to_be_visible()
    _settled(page)

    page.goto(f"{server.url}{PUZZLES_PATH}?puzzle={MOON.id}")
    expect(page.get_by_role("heading", name=MOON.title, exact=True)).to_be_visible(timeout=60_000)
    _settled(page)
    page.locator(f".st-key-ha_pz_moon_{MOON.solution}").get_by_role("button").click()
    expect(success_verdict(page)).to_be_visible()
    _settled(page)

    _start(page, f"{server.url}/Practice")
    _pass_three(page)
    played = hand_codes(page, legal=True)[0]
    card_button(page, played).click()
    expect(card_button(page, played)).to_have_count(0)
    _settled(page)
    on_table = _cards_on_the_table(page)
    return hand_codes(page), on_table


def _cards_on_the_table(page: Page) -> int:
    """The cards lying in the trick once the bots' cards have arrived and a finished trick has gone to
    its winner (the count unchanged for 4 s)."""
    counts = [-1]
    for _ in range(60):
        page.wait_for_timeout(500)
        counts.append(trick_cards(page).count())
        if len(counts) > 9 and len(set(counts[-8:])) == 1:
            break
    return counts[-1]


def _finds_it_all(server: StreamlitServer, page: Page, cards: list[str], on_table: int) -> None:
    _open(page, f"{server.url}/Lessons")
    answered = record_progress({}, TABLE.id, HOW_MANY - 1, "right")[TABLE.id]
    expect(_lesson_card(page)).to_contain_text(_status(answered))

    page.goto(f"{server.url}{PUZZLES_PATH}?puzzle={MOON.id}")
    expect(page.get_by_role("heading", name=MOON.title, exact=True)).to_be_visible(timeout=60_000)
    _settled(page)
    expect(page.get_by_text(ui("puzzles.status_solved"), exact=False).first).to_be_visible()

    page.goto(f"{server.url}/Practice")
    _settled(page)
    expect(hand(page).get_by_role("button")).to_have_count(len(cards))
    assert hand_codes(page) == cards
    assert _cards_on_the_table(page) == on_table
    expect(_button(page, "ha_pr_undo")).to_be_enabled()
    _no_exception(page)


def test_progress_survives_a_restart_and_is_shared_by_a_second_server(
    browser: Browser, tmp_path: Path, artifacts: Path
) -> None:
    database = f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    first = _started(tmp_path / "first.log", database)
    try:
        context = browser.new_context(viewport={"width": 1366, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(30_000)
        cards, on_table = _learn_on(first, page)
        cookie = next(item for item in context.cookies() if item["name"] == COOKIE)
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
        assert cookie["expires"] > time.time() + COOKIE_MAX_AGE - 3600  # a year, not the browser session
        assert cookie["value"] not in page.url
        jar = context.storage_state()
        context.close()
    finally:
        first.stop()

    restarted = _started(tmp_path / "restarted.log", database)
    second = _started(tmp_path / "second.log", database)
    try:
        for server in (restarted, second):
            context = browser.new_context(viewport={"width": 1366, "height": 1000}, storage_state=jar)
            page = context.new_page()
            page.set_default_timeout(30_000)
            _finds_it_all(server, page, cards, on_table)
            page.screenshot(path=str(artifacts / f"progress_after_restart_{server.port}.png"), full_page=True)
            context.close()
    finally:
        restarted.stop()
        second.stop()
