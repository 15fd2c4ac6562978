"""Ukrainian and Russian in Debian's chromium, on a freshly started server: ``?lang=uk`` and ``?lang=ru``
(a contract), every page reached through the sidebar (its links keep the language), one lesson card,
one puzzle card and one practice card played on the table, at desktop (1366 px) and phone (390 px)
width.  Cyrillic is longer than English: no page may scroll sideways and no button may clip its words.
Screenshots go to ``$HA_ARTIFACTS/languages``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core.content.lessons import LESSONS_DIR, ChooseCardStep, load_curriculum
from hearts_core.content.puzzles import PlayPuzzle
from hearts_core.engine.cards import Card
from hearts_core.engine.table import seat_name
from hearts_core.words.catalogue import language_scope
from hearts_core.words.languages import LANGUAGES
from hearts_ui.frame import PAGES
from hearts_ui.texts import ui
from tests.browser.test_pages import _no_exception, _settled
from tests.helpers import puzzle_library

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

WIDTHS = {"desktop": 1366, "phone": 390}
TABLE_LESSON = load_curriculum(LESSONS_DIR).lessons["table"]
FOLLOW_SUIT = next(
    number for number, step in enumerate(TABLE_LESSON.steps, start=1) if isinstance(step, ChooseCardStep)
)
LIBRARY = puzzle_library()
#: A play puzzle South answers (its hand is "Your hand" in every language).
PLAY = next(
    puzzle for puzzle in LIBRARY.ordered() if isinstance(puzzle, PlayPuzzle) and puzzle.question_state.to_play == 0
)

#: Elements wider than their box: a page scrolling sideways, a button or tab cutting its words.
OVERFLOW = """() => {
  const page = document.documentElement.scrollWidth - window.innerWidth;
  const clipped = [...document.querySelectorAll('button, [role=tab], [data-testid=stPageLink] a')]
    .filter(node => {
      const box = node.getBoundingClientRect();  // on screen: not in a folded sidebar
      return node.offsetParent !== null && box.width > 0 && box.right > 0 && box.left < window.innerWidth;
    })
    .filter(node => node.scrollWidth > node.clientWidth + 2)
    .map(node => node.innerText.trim().slice(0, 60)).filter(text => text);
  return {page, clipped};
}"""


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "languages"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _fits(page: Page, where: str) -> None:
    found = page.evaluate(OVERFLOW)
    assert found["page"] <= 1, f"{where}: the page scrolls {found['page']} px sideways"
    assert not found["clipped"], f"{where}: clipped words in {found['clipped']}"


def _card(page: Page, code: str, language: str) -> Locator:
    """A card of the learner's hand, by its name in the language ("дама пік")."""
    with language_scope(language):
        name = Card.parse(code).name
    group = page.get_by_role("group", name=ui("table.your_hand", language), exact=True)
    return group.get_by_role("button", name=name, exact=True)


def _right(page: Page, language: str) -> Locator:
    word = re.escape(ui("common.status_right", language).rstrip("!"))
    return page.get_by_test_id("stAlert").filter(has_text=re.compile(word + r"[!:]")).first


def _every_page(page: Page, url: str, language: str, width: str, shots: Path) -> None:
    page.goto(f"{url}/?lang={language}")
    expect(page.get_by_role("heading", name=ui("home.title", language))).to_be_visible()
    _settled(page)
    for path, label_key, _ in PAGES:
        name = Path(path).stem.split("_", 1)[-1]
        if path != "app.py" and width == "desktop":  # through the sidebar's link, which keeps the language
            page.get_by_test_id("stSidebar").get_by_role("link", name=ui(label_key, language)).click()
            expect(page).to_have_url(re.compile(rf"\?(.*&)?lang={language}"))
        elif path != "app.py":  # on a phone the sidebar is folded away: the page's address
            page.goto(f"{url}/{name}?lang={language}")
        _settled(page)
        _no_exception(page)
        # The first visit to the puzzles proves the library: allow it its seconds.
        expect(page.get_by_role("heading", level=1).first).to_be_visible(timeout=60_000)
        _fits(page, f"{language} {width} {name}")
        page.screenshot(path=str(shots / f"{language}_{width}_{name}.png"), full_page=True)


def _right_card(page: Page, address: str, card: str, where: str, shots: Path) -> None:
    """Open ``address``, click the right card in the learner's hand, and see the verdict "right"."""
    page.goto(address)
    _settled(page)
    language = address.rsplit("lang=", 1)[1]
    _card(page, card, language).click()
    expect(_right(page, language)).to_be_visible()
    _settled(page)
    _no_exception(page)
    _fits(page, where)
    page.screenshot(path=str(shots / f"{where.replace(' ', '_')}_card.png"), full_page=True)


def _lesson_card(page: Page, url: str, language: str, width: str, shots: Path) -> None:
    step = TABLE_LESSON.steps[FOLLOW_SUIT - 1]
    assert isinstance(step, ChooseCardStep)
    _right_card(
        page,
        f"{url}/Lessons?lesson=table&step={FOLLOW_SUIT}&lang={language}",
        step.accept[0],
        f"{language} {width} lesson",
        shots,
    )


def _puzzle_card(page: Page, url: str, language: str, width: str, shots: Path) -> None:
    _right_card(
        page, f"{url}/Puzzles?puzzle={PLAY.id}&lang={language}", PLAY.solution[0], f"{language} {width} puzzle", shots
    )


def _practice_card(page: Page, url: str, language: str, width: str, shots: Path) -> None:
    page.goto(f"{url}/Practice?lang={language}")
    _settled(page)
    page.locator(".st-key-ha_pr_level").get_by_text(ui("common.bot_random", language), exact=True).click()
    _settled(page)
    page.locator(".st-key-ha_pr_start").get_by_role("button").first.click()
    hand = page.get_by_role("group", name=ui("table.your_hand", language), exact=True)
    expect(hand.get_by_role("button")).to_have_count(13)
    _settled(page)
    for code in hand.locator(".hat-card.hand").evaluate_all("nodes => nodes.map(node => node.dataset.card)")[:3]:
        _card(page, code, language).click()
    west = seat_name(1, 4, language)  # the first hand passes to the left
    page.get_by_role("button", name=ui("practice.pass_submit", language, seat=west), exact=True).click()
    _settled(page)
    legal = hand.locator(".hat-card.hand:not([aria-disabled=true])").first
    played = legal.get_attribute("data-card")
    assert played
    legal.click()
    expect(_card(page, played, language)).to_have_count(0)
    _settled(page)
    _no_exception(page)
    _fits(page, f"{language} {width} practice")
    page.screenshot(path=str(shots / f"{language}_{width}_practice_card.png"), full_page=True)


@pytest.mark.parametrize("language", LANGUAGES.translated)
def test_the_whole_app_in_the_language_on_a_fresh_server(
    fresh_server: StreamlitServer, browser: Browser, shots: Path, language: str
) -> None:
    for width, pixels in WIDTHS.items():
        context = browser.new_context(viewport={"width": pixels, "height": 900})  # a new visitor each time
        page = context.new_page()
        page.set_default_timeout(30_000)
        try:
            _every_page(page, fresh_server.url, language, width, shots)
            _lesson_card(page, fresh_server.url, language, width, shots)
            _puzzle_card(page, fresh_server.url, language, width, shots)
            _practice_card(page, fresh_server.url, language, width, shots)
        finally:
            context.close()
