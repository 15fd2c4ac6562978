"""The card table as a browser test sees it: through its roles and names (the accessibility contract).

The component renders in the page under an open shadow root; Playwright's CSS
and role locators reach inside it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hearts_core.engine.cards import Card
from hearts_ui.texts import ui

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


def tables(page: Page) -> Locator:
    """Every card table on the page (its root, a group named for the table)."""
    return page.locator(".hat")


def hand(page: Page, label: str | None = None) -> Locator:
    """The hand the learner acts on: a group named for the seat ("Your hand")."""
    return page.get_by_role("group", name=label or ui("table.your_hand"), exact=True)


def card_button(page: Page, code: str, label: str | None = None) -> Locator:
    """The card ``code`` in the learner's hand: a button named for the card ("queen of spades"), perhaps
    with a note after a comma ("two of clubs, received in the pass")."""
    name = re.compile(rf"^{re.escape(Card.parse(code).name)}(, .*)?$")
    return hand(page, label).get_by_role("button", name=name)


def hand_codes(page: Page, label: str | None = None, *, legal: bool | None = None) -> list[str]:
    """The cards in the learner's hand, in the order shown (only legal or only illegal ones if asked)."""
    selector = ".hat-card.hand"
    if legal is True:
        selector += ":not([aria-disabled=true])"
    elif legal is False:
        selector += "[aria-disabled=true]"
    return [
        str(code)
        for code in hand(page, label).locator(selector).evaluate_all("nodes => nodes.map(node => node.dataset.card)")
    ]


def status(page: Page) -> Locator:
    """The line beside the hand where the table says what happened (``role="status"``)."""
    return page.locator(".hat-status[role=status]").first


def chosen_count(page: Page) -> Locator:
    """How many cards are chosen ("1 of 3 chosen"): its own line beside the confirm button."""
    return page.locator(".hat-chosen-count").first


def trick_cards(page: Page) -> Locator:
    """The cards lying on the table in the trick (each in front of its player)."""
    return page.locator(".hat-slot .hat-card")


def success_verdict(page: Page) -> Locator:
    """The green verdict of a right answer: it opens with "Right!" (the catalogue's heading) or, when
    the lesson's own words already begin "Right: ...", with those words instead of a second "Right"."""
    word = re.escape(ui("common.status_right").rstrip("!"))
    return page.get_by_test_id("stAlert").filter(has_text=re.compile(word + r"[!:]")).first
