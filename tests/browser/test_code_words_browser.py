"""No code words where a learner looks (issue 24, item 8): every page, in English, Ukrainian and
Russian, read as the browser shows it (the card tables' shadow roots included, icons left out),
holds no snake_case identifier, no seat by number, no None/True/False and no catalogue key
(:func:`tests.code_words.code_words`).  The Variant Lab is read again where it says most: after
finding a deal where the rule sets part, with every expander open, and after a small simulation;
the Rule Book tab by tab.

Screenshots of each page go to ``$HA_ARTIFACTS/code_words``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core import Ruleset, lab
from hearts_core.words.languages import LANGUAGES
from hearts_ui.frame import PAGES
from hearts_ui.texts import ui
from tests.browser.test_pages import _no_exception, _settled
from tests.code_words import code_words

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

#: Everything the page shows as text: the page, and inside every shadow root (the card tables);
#: Material icons are drawn from their names by a font ligature, so their names are not words.
VISIBLE_TEXT = """() => {
  const parts = [document.body.innerText];
  const walk = (root) => {
    for (const node of root.querySelectorAll('*')) {
      if (!node.shadowRoot) continue;
      for (const child of node.shadowRoot.children) if (child.innerText) parts.push(child.innerText);
      walk(node.shadowRoot);
    }
  };
  walk(document);
  let text = parts.join('\\n');
  for (const node of document.querySelectorAll('span, i, div')) {
    if (!node.children.length && /Material/.test(getComputedStyle(node).fontFamily)) {
      text = text.replace(node.textContent, ' ');
    }
  }
  return text;
}"""


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "code_words"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _address(path: str) -> str:
    """A page's address: its file's name after the number ("pages/5_Variant_Lab.py" is /Variant_Lab)."""
    return "/" if path == "app.py" else "/" + Path(path).stem.split("_", 1)[1]


def _code_words(page: Page, where: str) -> list[str]:
    """Each line of the page holding code words, named by where it was seen."""
    text = str(page.evaluate(VISIBLE_TEXT))
    return [f"{where}: {code_words(line)} in {line.strip()[:160]!r}" for line in text.splitlines() if code_words(line)]


def _every_page(page: Page, url: str, language: str, shots: Path) -> list[str]:
    found = []
    for path, label_key, _ in PAGES:
        page.goto(f"{url}{_address(path)}?lang={language}")
        _settled(page)
        # The first visit to the puzzles proves the library: allow it its seconds.
        expect(page.get_by_role("heading", level=1).first).to_be_visible(timeout=60_000)
        _no_exception(page)
        found += _code_words(page, f"{language} {ui(label_key, language)}")
        page.screenshot(path=str(shots / f"{language}_{Path(path).stem}.png"))
    return found


def _rule_book_tabs(page: Page, url: str, language: str) -> list[str]:
    page.goto(f"{url}/Rule_Book?lang={language}")
    _settled(page)
    found = []
    for tab in page.get_by_role("tab").all():
        tab.click()
        found += _code_words(page, f"{language} Rule Book, tab {tab.inner_text()!r}")
    return found


def _lab_at_work(page: Page, url: str, language: str, shots: Path) -> list[str]:
    """The Lab where it shows the most: a deal where the rule sets part, every expander open, then a
    small simulation of whole games (the charts, the verdicts and the table)."""
    rules = (Ruleset.preset("standard"), Ruleset.preset("omnibus"))
    codes = [lab.encode_ruleset(ruleset) for ruleset in rules]
    page.goto(f"{url}/Variant_Lab?a={codes[0]}&b={codes[1]}&lang={language}")
    _settled(page)
    page.locator(".st-key-ha_lab_find").get_by_role("button").click()
    _settled(page)
    for summary in page.get_by_test_id("stExpander").locator("summary").all():
        summary.click()
    found = _code_words(page, f"{language} Lab, where the rule sets part")
    number = page.locator(".st-key-ha_lab_sim_n input")
    number.fill("40")
    number.press("Enter")
    _settled(page)
    page.locator(".st-key-ha_lab_sim_games").get_by_text(ui("lab.sim_games", language)).click()
    _settled(page)
    page.locator(".st-key-ha_lab_sim_run").get_by_role("button").click()
    expect(page.locator(".st-key-ha_lab_csv")).to_be_visible(timeout=240_000)
    _settled(page)
    _no_exception(page)
    page.screenshot(path=str(shots / f"{language}_lab_simulation.png"), full_page=True)
    return found + _code_words(page, f"{language} Lab, after a simulation")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_code_words_on_any_page(server: StreamlitServer, browser: Browser, shots: Path, language: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900})  # a new visitor each language
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        found = _every_page(page, server.url, language, shots)
        found += _rule_book_tabs(page, server.url, language)
        found += _lab_at_work(page, server.url, language, shots)
    finally:
        context.close()
    assert not found, "\n".join(found)


def test_the_sweep_sees_the_card_tables_words(server: StreamlitServer, page: Page) -> None:
    """The text read includes what the card tables show (inside their shadow roots): a check that
    cannot see a table would find nothing there and prove nothing."""
    page.goto(f"{server.url}/Variant_Lab?lang=en")
    _settled(page)
    expect(page.locator(".hat")).to_have_count(2)
    badge = ui("table.hearts_no", "en")  # at the first step hearts are not broken, on both tables
    assert badge not in str(page.evaluate("document.body.innerText"))  # the tables are in shadow roots
    assert badge in str(page.evaluate(VISIBLE_TEXT))
