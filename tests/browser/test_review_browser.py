"""The review queue in Debian's chromium (issue 26):

a practice hand with a deliberate blunder (the ten of hearts over the eight while the queen is out,
played out from the Analysis board) puts that position on the Review page; the blunder again is
wrong and the card comes back within minutes, read back from the database; with the server's clock
moved on eleven minutes (not waited for) the best card is right and pushes the card out a day.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest

from hearts_core.learner.review_queue import Scheduled, position_key
from hearts_core.store import ProgressStore, learner_key
from hearts_core.store.database import URL_VARIABLE
from hearts_ui.storage import COOKIE
from hearts_ui.texts import ui
from hearts_ui.views.analysis.links import board_query
from tests.browser.conftest import StreamlitServer
from tests.browser.test_analysis_browser import SIZES, _card, _finish_the_hand, _playable, _queen_ending
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect


def _card_in_database(page: Page) -> Scheduled:
    """The blunder's card of this browser's learner, as the database holds it."""
    cookie = next(cookie for cookie in page.context.cookies() if cookie.get("name") == COOKIE)
    learner = learner_key(str(cookie.get("value", "")).split(".")[0])
    card = (
        ProgressStore.open(os.environ[URL_VARIABLE])
        .review_queue(learner)
        .card(position_key("play", _queen_ending(), 0))
    )
    assert card is not None, "the blunder is in the learner's queue"
    return card


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "ru")])
def test_a_blunder_comes_back_for_review_and_its_answers_move_it(
    clock_server: StreamlitServer, clock_file: Path, browser: Browser, size: str, language: str
) -> None:
    clock_file.write_text("0", encoding="utf-8")
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{clock_server.url}/Analysis?{urlencode({**board_query(_queen_ending()), 'lang': language})}")
    _settled(page)
    page.locator(".st-key-ha_an_play_out button:visible").click()
    _settled(page)
    expect(page.locator('.hat-card.hand[data-card="TH"]')).to_be_visible(timeout=15_000)
    _card(page, "TH").click()
    _settled(page)
    _finish_the_hand(page)

    page.goto(f"{clock_server.url}/Review?lang={language}")
    _settled(page)
    _no_exception(page)
    expect(page.get_by_text(ui("review_page.ask_play", language))).to_be_visible()
    assert sorted(_playable(page)) == ["2H", "TH"]
    _card(page, "TH").click()  # the blunder again: wrong
    _settled(page)
    expect(page.get_by_text(ui("review.class_blunder", language), exact=False).first).to_be_visible()
    missed = _card_in_database(page)
    assert missed.reviews == 1 and missed.due - missed.card.created_at < timedelta(minutes=15)

    clock_file.write_text(str(11 * 60), encoding="utf-8")  # eleven minutes on: due again
    page.goto(f"{clock_server.url}/Review?lang={language}")
    _settled(page)
    expect(page.locator('.hat-card.hand[data-card="2H"]')).to_be_visible()
    _card(page, "2H").click()  # the best card: right
    _settled(page)
    expect(page.get_by_text(ui("review.class_best", language), exact=False).first).to_be_visible()
    right = _card_in_database(page)
    assert right.reviews == 2 and right.due - missed.due > timedelta(hours=23), "a right answer pushes it out"
    _no_exception(page)
    page.close()
