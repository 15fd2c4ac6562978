"""The marks of a checked choice (issue 24), in Debian's chromium on a legality puzzle: while the
learner chooses, a chosen card is neutral (raised, pressed, no sign); after the check every judged
card carries its own sign and words (right, wrong, missed), not colour alone.  The cards are taken
from the puzzle's own solution, never typed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from hearts_core.content.puzzles import PUZZLES_DIR, load_library
from hearts_core.engine.cards import Card
from hearts_ui.texts import ui
from tests.browser.test_pages import _settled

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

PUZZLE = load_library(PUZZLES_DIR).puzzles["legal-void-first-trick"]
SIGNS = {"right": "✓", "wrong": "✗", "missed": "!"}


def test_a_choice_is_neutral_until_checked_then_right_wrong_and_missed_are_told_apart(
    server: StreamlitServer, page: Page
) -> None:
    legal = [str(card) for card in PUZZLE.solution]
    page.goto(f"{server.url}/Puzzles?puzzle={PUZZLE.id}")
    _settled(page)
    page.locator(".hat-card.hand").first.wait_for()
    codes = page.locator(".hat-card.hand").evaluate_all("cards => cards.map(card => card.dataset.card)")
    wrong = next(code for code in codes if code not in legal)
    chosen = [legal[0], wrong]
    for code in chosen:
        _card(page, code).click()
        expect(_card(page, code)).to_have_attribute("aria-pressed", "true")
    # Chosen, not judged: no sign on any card, and the wrong card looks like the right one.
    expect(page.locator(".hat-hand .hat-verdict")).to_have_count(0)
    # (their classes differ only in the suit's colour key "k-...")
    classes = [
        {name for name in (_card(page, code).get_attribute("class") or "").split() if not name.startswith("k-")}
        for code in chosen
    ]
    assert classes[0] == classes[1], "a chosen card says nothing about right or wrong"
    page.locator(".hat-confirm").click()
    _settled(page)
    expected = {legal[0]: "right", wrong: "wrong", **{code: "missed" for code in legal[1:]}}
    for code, verdict in expected.items():
        card = _card(page, code)
        expect(card).to_have_attribute("aria-label", f"{Card.parse(code).name}, {ui(f'table.verdict_{verdict}')}")
        expect(card.locator(".hat-verdict")).to_have_text(SIGNS[verdict])


def _card(page: Page, code: str) -> Locator:
    return page.locator(f'.hat-card.hand[data-card="{code}"]')
