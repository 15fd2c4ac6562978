"""The daily deal and the streak in Debian's chromium (issue 26):

* two different learners (two browsers) play today's deal against the same bots; the Daily deal
  page then shows both results in the field;
* with the daily goal "3 puzzles", three puzzles answered today and three tomorrow (the server's
  clock moved on a day, not waited for) make a streak of two days on the home page.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core.content.puzzles import PlayPuzzle
from hearts_core.engine.seats import seat_name
from hearts_core.learner.daily import daily_preset, daily_session
from hearts_core.learner.practice import PracticeSession
from hearts_core.store import ProgressStore
from hearts_core.store.database import URL_VARIABLE
from hearts_core.words.catalogue import message
from hearts_ui.texts import ui
from tests.browser.conftest import StreamlitServer
from tests.browser.table import card_button, hand_codes
from tests.browser.test_analysis_browser import _finish_the_hand
from tests.browser.test_pages import _no_exception, _settled
from tests.helpers import puzzle_library

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect


def _play_the_daily_deal(page: Page, url: str) -> None:
    """From the Daily deal page: play today's deal (any three cards passed, then the first legal
    card at every turn) until its review is drawn."""
    page.goto(f"{url}/Daily_deal?lang=en")
    _settled(page)
    page.locator(".st-key-ha_dd_play button:visible").click()
    _settled(page)
    pass_and_finish(page, daily_session(dt.date.today()))


def pass_and_finish(page: Page, session: PracticeSession) -> None:
    """On the Practice page at the start of ``session``'s first hand: pass any three cards (if the hand
    passes), then play the first legal card at every turn until the review is drawn."""
    if session.stage == "pass":
        target = seat_name(session.hand.pass_target(0), session.rules.players)
        confirm = page.get_by_role("button", name=ui("practice.pass_submit", seat=target), exact=True)
        for _ in range(3):  # the table may redraw once more after the page opens: choose again then
            for code in hand_codes(page)[:3]:
                if card_button(page, code).get_attribute("aria-pressed") != "true":
                    card_button(page, code).click()
            page.wait_for_timeout(500)
            if confirm.is_enabled():
                break
        confirm.click()
        _settled(page)
    _finish_the_hand(page, turns=30)
    _no_exception(page)


def test_two_learners_on_the_daily_deal_both_show_in_the_field(
    clock_server: StreamlitServer, clock_file: Path, browser: Browser
) -> None:
    clock_file.write_text("0", encoding="utf-8")
    day = dt.date.today().isoformat()
    store = ProgressStore.open(os.environ[URL_VARIABLE])
    before = len(store.daily_field(day))
    pages = []
    for _ in range(2):  # two browsers: two learners
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        pages.append(context.new_page())
        _play_the_daily_deal(pages[-1], clock_server.url)
    assert len(store.daily_field(day)) == before + 2, "both results are in the field"
    for page in pages:  # each learner sees their place among everyone, both included
        page.goto(f"{clock_server.url}/Daily_deal?lang=en")
        _settled(page)
        expect(page.get_by_text(f"Rules: {_preset_title()}").first).to_be_visible()
        expect(page.get_by_text(re.compile(rf"place \d+ of {before + 2};"))).to_be_visible()
        expect(page.locator(".stPlotlyChart").first).to_be_visible()
        _no_exception(page)
        page.context.close()


def _preset_title() -> str:
    return str(message(f"preset.{daily_preset(dt.date.today())}.title"))


def _answer_three_puzzles(page: Page, url: str, puzzles: list[PlayPuzzle]) -> None:
    for puzzle in puzzles:
        page.goto(f"{url}/Puzzles?puzzle={puzzle.id}&lang=en")
        _settled(page)
        alerts = page.get_by_test_id("stAlert")
        before = alerts.count()
        page.locator(".hat-card.hand:not([aria-disabled=true])").first.click()
        # The verdict (right or wrong) says the answer is saved: _settled alone can look before the
        # click's run has begun, and the next page would then leave this puzzle unanswered.
        expect(alerts).not_to_have_count(before)
        _settled(page)


def test_a_goal_met_on_two_days_in_a_row_makes_a_streak_of_two(
    clock_server: StreamlitServer, clock_file: Path, browser: Browser
) -> None:
    clock_file.write_text("0", encoding="utf-8")
    puzzles = [item for item in puzzle_library().ordered() if isinstance(item, PlayPuzzle)][:6]
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    _answer_three_puzzles(page, clock_server.url, puzzles[:3])
    page.goto(f"{clock_server.url}/?lang=en")
    _settled(page)
    page.locator(".st-key-ha_dd_goal").get_by_text(ui("dashboard.goal_puzzles", "en", count=3)).click()
    _settled(page)
    dashboard = page.locator(".st-key-ha_dd_dashboard")
    expect(dashboard).to_contain_text("Streak: 1 day")

    clock_file.write_text(str(24 * 3600), encoding="utf-8")  # the next day
    page.goto(f"{clock_server.url}/?lang=en")
    _settled(page)
    expect(dashboard).to_contain_text(ui("dashboard.today_open", "en"))
    _answer_three_puzzles(page, clock_server.url, puzzles[3:6])
    page.goto(f"{clock_server.url}/?lang=en")
    _settled(page)
    expect(dashboard).to_contain_text("Streak: 2 days")
    expect(dashboard.locator(".ha-day-met")).to_have_count(2)
    _no_exception(page)
    clock_file.write_text("0", encoding="utf-8")
    page.close()
