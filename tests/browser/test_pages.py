"""Real pages in Debian's chromium: deep links on a fresh server, the labelled
navigation, the preset picker and the friendly warning for an unknown preset.

Deep links come first and each gets a server nobody has talked to yet: that is
when Streamlit's file-based page router can skip a frame (STYLE.md).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from hearts_core import Ruleset
from hearts_core.words.catalogue import message
from hearts_ui.frame import PAGES
from hearts_ui.texts import ui
from hearts_ui.views.rulebook.data import preset_title
from hearts_ui.views.rulebook.page import tab_labels

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

RULE_BOOK_PATH = "/Rule_Book"


def _settled(page: Page) -> None:
    """Wait until the app is connected and its script has finished running."""
    page.wait_for_selector('[data-testid="stApp"][data-test-connection-state="CONNECTED"]')
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')


def _no_exception(page: Page) -> None:
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


def _sidebar_is_labelled(page: Page) -> None:
    sidebar = page.get_by_test_id("stSidebar")
    links = sidebar.get_by_test_id("stPageLink")
    expect(links).to_have_count(len(PAGES))
    for number, (_, label_key, _) in enumerate(PAGES):
        expect(links.nth(number)).to_have_text(re.compile(ui(label_key)))
    # Streamlit's own list of raw file names stays hidden.
    expect(page.get_by_test_id("stSidebarNav")).to_have_count(0)
    expect(sidebar).not_to_contain_text("1_Rule_Book")


def test_rule_book_deep_link_first_on_a_fresh_server(fresh_server: StreamlitServer, page: Page) -> None:
    page.goto(f"{fresh_server.url}{RULE_BOOK_PATH}?preset=black_maria")
    expect(page.get_by_role("heading", name=ui("rulebook.title"))).to_be_visible()
    _settled(page)
    _no_exception(page)
    _sidebar_is_labelled(page)
    expect(page.get_by_role("combobox", name=ui("common.ruleset"))).to_have_value(preset_title("black_maria"))
    table = page.locator("table.ha-settings")
    expect(table).to_be_visible()
    expect(table.locator("tbody tr")).to_have_count(18)
    expect(table.locator('tr[data-field="penalties"]')).to_contain_text("K♠ 10")


def test_home_deep_link_first_on_a_fresh_server(fresh_server: StreamlitServer, page: Page) -> None:
    page.goto(fresh_server.url)
    expect(page.get_by_role("heading", name=ui("home.title"))).to_be_visible()
    _settled(page)
    _no_exception(page)
    _sidebar_is_labelled(page)


def test_sidebar_navigation_reaches_every_page(server: StreamlitServer, page: Page) -> None:
    page.goto(server.url)
    expect(page.get_by_role("heading", name=ui("home.title"))).to_be_visible()
    page.get_by_test_id("stSidebar").get_by_role("link", name=ui("nav.rulebook")).click()
    expect(page.get_by_role("heading", name=ui("rulebook.title"))).to_be_visible()
    expect(page).to_have_url(re.compile(RULE_BOOK_PATH + r"\?lang=en$"))  # every link keeps the language
    _settled(page)
    _no_exception(page)
    expect(page.get_by_text(message("rule.follow_suit.title"), exact=True)).to_be_visible()
    page.get_by_test_id("stSidebar").get_by_role("link", name=ui("nav.home")).click()
    expect(page.get_by_role("heading", name=ui("home.title"))).to_be_visible()


def test_preset_picker_changes_the_settings(server: StreamlitServer, page: Page) -> None:
    page.goto(f"{server.url}{RULE_BOOK_PATH}")
    _settled(page)
    page.get_by_role("combobox", name=ui("common.ruleset")).click()
    page.get_by_role("option", name=preset_title("pink_lady"), exact=True).click()
    expect(page).to_have_url(re.compile(r"preset=pink_lady"))
    # Picking switches to the rule-set tab, which now shows Pink Lady.
    expect(page.get_by_role("heading", name=preset_title("pink_lady"))).to_be_visible()
    penalties = page.locator('table.ha-settings tr[data-field="penalties"]')
    expect(penalties).to_be_visible()
    expect(penalties).to_contain_text("Q♥ 13")
    expect(penalties).to_have_class(re.compile("ha-changed"))
    # Another pick, another table.
    page.get_by_role("combobox", name=ui("common.ruleset")).click()
    page.get_by_role("option", name=preset_title("rickety_kate"), exact=True).click()
    expect(page).to_have_url(re.compile(r"preset=rickety_kate"))
    moon = page.locator('table.ha-settings tr[data-field="moon"]')
    expect(moon).to_contain_text(message("option.moon.off"))
    expect(penalties).not_to_contain_text("Q♥")
    _no_exception(page)


def test_unknown_preset_shows_a_friendly_warning(server: StreamlitServer, page: Page) -> None:
    page.goto(f"{server.url}{RULE_BOOK_PATH}?preset=nonsense")
    _settled(page)
    warning = page.get_by_test_id("stAlert")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("nonsense")
    expect(warning).to_contain_text("black_maria")
    _no_exception(page)
    expect(page.get_by_role("combobox", name=ui("common.ruleset"))).to_have_value(preset_title("standard"))


def test_every_tab_of_the_rule_book_opens(server: StreamlitServer, page: Page) -> None:
    page.goto(f"{server.url}{RULE_BOOK_PATH}")
    _settled(page)
    for section in ("variants", "beyond", "players", "disputes", "history"):
        page.get_by_role("tab", name=tab_labels()[section]).click()
        expect(page.get_by_role("heading", name=message(f"section.{section}"), exact=True)).to_be_visible()
    assert len(Ruleset.preset_names()) > 1
    _no_exception(page)
