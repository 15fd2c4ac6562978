"""A bare URL, ``www.`` domain or email address in a URL parameter is echoed as text, never a link,
in Debian's chromium (issue 28, item 6): Streamlit's Markdown finds autolink literals in the text after
its backslash escapes are resolved, so only the page as the browser draws it proves they are gone
(``tests/app/test_url_echo.py`` checks every parameter's Markdown)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

import pytest

from tests.app.test_url_echo import BAIT
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect


@pytest.mark.parametrize(
    "path",
    ["/Rule_Book?preset=", "/Lessons?lesson=", "/Puzzles?puzzle=", "/Variant_Lab?a=", "/Sources?lang="],
)
def test_a_url_in_a_parameter_shows_as_text_not_a_link(server: StreamlitServer, page: Page, path: str) -> None:
    page.goto(server.url + path + quote(BAIT))
    _settled(page)
    alert = page.get_by_test_id("stAlert").filter(has_text="evil").first
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("Your progress was lost")
    expect(page.locator('a[href*="evil"]')).to_have_count(0)
    expect(alert.locator("a")).to_have_count(0)
    _no_exception(page)
