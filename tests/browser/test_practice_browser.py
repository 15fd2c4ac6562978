"""The Practice page in Debian's chromium: start a game, pass, play a card, then
reload mid-game and find the same hand, the same trick and the same cards (the
learner cookie and the server-side store).  Screenshots go to
``$HA_ARTIFACTS/practice`` (default: a pytest temporary folder).

Expected words come from the catalogue, never typed here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_ui.texts import ui
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

PRACTICE_PATH = "/Practice"
CARD_KEY = re.compile(r"st-key-ha_pr_card_(\w\w)")


def _button(page: Page, key: str) -> Locator:
    return page.locator(f".st-key-{key}").get_by_role("button").first


def _cards(page: Page) -> dict[str, bool]:
    """The learner's card buttons: card -> enabled."""
    found: dict[str, bool] = {}
    for element in page.locator("[class*='st-key-ha_pr_card_']").all():
        match = CARD_KEY.search(element.get_attribute("class") or "")
        if match:
            found[match.group(1)] = element.get_by_role("button").first.is_enabled()
    return found


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "practice"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_start_pass_play_a_card_and_reload_mid_game(server: StreamlitServer, page: Page, shots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1500})
    page.goto(f"{server.url}{PRACTICE_PATH}")
    _settled(page)
    expect(page.get_by_role("heading", name=ui("nav.practice"), exact=True)).to_be_visible()
    page.locator(".st-key-ha_pr_level").get_by_text(ui("common.bot_random"), exact=True).click()
    _settled(page)
    _button(page, "ha_pr_start").click()
    _settled(page)

    # The pass: three cards, then the button.
    expect(page.get_by_text(ui("practice.pass_heading", count=3, seat="West"))).to_be_visible()
    pills = page.locator(".st-key-ha_pr_pick").get_by_role("button")
    expect(pills).to_have_count(13)
    for index in (12, 11, 10):
        pills.nth(index).click()
        _settled(page)
    _button(page, "ha_pr_pass").click()
    _settled(page)
    expect(page.get_by_text(ui("practice.your_turn"))).to_be_visible()
    cards = _cards(page)
    assert len(cards) == 13 and any(cards.values())
    page.screenshot(path=str(shots / "play.png"), full_page=True)

    # Play the first allowed card: the bots move on until it is South's turn again.
    first = next(card for card, enabled in cards.items() if enabled)
    _button(page, f"ha_pr_card_{first}").click()
    _settled(page)
    expect(page.locator(f".st-key-ha_pr_card_{first}")).to_have_count(0)
    before = _cards(page)
    assert len(before) == 12
    badges = page.locator("section.hat-root .hat-badges").inner_text()
    page.screenshot(path=str(shots / "after_a_card.png"), full_page=True)
    _no_exception(page)

    # A reload: the same game, the same trick, the same cards.
    page.reload()
    _settled(page)
    expect(page.get_by_text(ui("practice.your_turn"))).to_be_visible()
    assert _cards(page) == before
    assert page.locator("section.hat-root .hat-badges").inner_text() == badges
    expect(_button(page, "ha_pr_undo")).to_be_enabled()
    page.screenshot(path=str(shots / "reloaded.png"), full_page=True)
    _no_exception(page)
