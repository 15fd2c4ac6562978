"""The Practice page in Debian's chromium, played on the card table itself, at desktop and
phone width: pass three cards by clicking them, click an illegal card and read the engine's
reason in the table's status line, play a whole hand by clicking cards while the bots' cards
arrive in front of them, reach the score screen; reload mid-game and find the same game; and
play one card with the keyboard alone (Tab, arrows, Enter).

Screenshots go to ``$HA_ARTIFACTS/practice`` (default: a pytest temporary folder).  Expected
words come from the catalogue, never typed here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_ui.texts import ui
from tests.browser.table import card_button, chosen_count, hand, hand_codes, status, trick_cards
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

PRACTICE_PATH = "/Practice"
WIDTHS = {"desktop": 1366, "phone": 390}
#: The deepest element with the focus, through shadow roots: its card code, or None.
FOCUSED_CARD = """() => {
  let node = document.activeElement;
  while (node && node.shadowRoot && node.shadowRoot.activeElement) node = node.shadowRoot.activeElement;
  return node && node.dataset && node.dataset.card ? node.dataset.card : null;
}"""
#: Which seats have a card lying in front of them on the table.
SEATS_WITH_A_CARD = """() => [...document.querySelectorAll("*")].filter(node => node.shadowRoot)
  .flatMap(host => [...host.shadowRoot.querySelectorAll(".hat-slot")])
  .filter(slot => slot.querySelector(".hat-card")).map(slot => Number(slot.dataset.slot))"""


def _button(page: Page, key: str) -> Locator:
    return page.locator(f".st-key-{key}").get_by_role("button").first


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "practice"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _start(page: Page, url: str) -> None:
    """A new game against random bots, waiting for the pass."""
    page.goto(url)
    _settled(page)
    expect(page.get_by_role("heading", name=ui("nav.practice"), exact=True)).to_be_visible()
    page.locator(".st-key-ha_pr_level").get_by_text(ui("common.bot_random"), exact=True).click()
    _settled(page)
    _button(page, "ha_pr_start").click()
    expect(hand(page).get_by_role("button")).to_have_count(13)
    _settled(page)


def _pass_three(page: Page) -> None:
    """Choose three cards in the hand (each rises, marked by a check), then confirm."""
    cards = hand_codes(page)[:3]
    confirm = page.get_by_role("button", name=ui("practice.pass_submit", seat="West"), exact=True)
    expect(confirm).to_be_disabled()
    for code in cards:
        card_button(page, code).click()
        expect(card_button(page, code)).to_have_attribute("aria-pressed", "true")
    expect(chosen_count(page)).to_have_text(ui("table.chosen_of", chosen=3, need=3))
    expect(status(page)).not_to_contain_text(ui("table.chosen_of", chosen=3, need=3))  # a sentence of its own
    expect(confirm).to_be_enabled()
    confirm.click()
    for code in cards:  # passed away (unless the same card came back, which a random pass cannot do)
        expect(card_button(page, code)).to_have_count(0)
    expect(hand(page).get_by_role("button")).to_have_count(13)
    _settled(page)


def _read_an_illegal_card(page: Page) -> bool:
    """Click a dimmed card: nothing is played, and the reason appears in the status line."""
    illegal = hand_codes(page, legal=False)
    if not illegal:
        return False
    card = card_button(page, illegal[0])
    expect(card).to_have_attribute("aria-disabled", "true")
    reason_id = card.get_attribute("aria-describedby")
    assert reason_id, "an illegal card points to its reason"
    reason = page.locator(f"#{reason_id}").text_content()
    assert reason
    card.click(force=True)  # Playwright waits for aria-disabled elements to enable unless forced
    expect(status(page)).to_have_text(reason)
    expect(card).to_have_count(1)  # still in the hand: nothing was played
    return True


def _watch_the_bots(page: Page, seen: set[int]) -> None:
    """Note the seats whose card arrives on the table after the learner's click."""
    before = set(page.evaluate(SEATS_WITH_A_CARD))
    for _ in range(12):
        page.wait_for_timeout(150)
        seen |= set(page.evaluate(SEATS_WITH_A_CARD)) - before - {0}


def _play_the_hand(page: Page) -> set[int]:
    """Click a legal card at every turn until the hand is over; the seats seen arriving."""
    seen: set[int] = set()
    over = page.get_by_role("heading", name=ui("practice.hand_over", number=1))
    moon = _button(page, "ha_pr_moon_add_to_others")
    for _ in range(13):
        if over.count() or moon.count():
            break
        legal = hand_codes(page, legal=True)
        assert legal, "it is South's turn: some card is legal"
        card_button(page, legal[0]).click()
        _watch_the_bots(page, seen)
        expect(card_button(page, legal[0])).to_have_count(0)
        _settled(page)
    if moon.count():
        moon.click()
        _settled(page)
    expect(over).to_be_visible()
    return seen


@pytest.mark.parametrize("width", list(WIDTHS.values()), ids=list(WIDTHS))
def test_pass_read_a_reason_and_play_a_whole_hand_on_the_table(
    server: StreamlitServer, page: Page, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 1000})
    _start(page, f"{server.url}{PRACTICE_PATH}")
    page.screenshot(path=str(shots / f"pass_{width}.png"), full_page=True)
    _pass_three(page)
    page.screenshot(path=str(shots / f"play_{width}.png"), full_page=True)
    if not _read_an_illegal_card(page):  # leading the 2C, or void: play on until a card is barred
        card_button(page, hand_codes(page, legal=True)[0]).click()
        _settled(page)
        assert _read_an_illegal_card(page) or not hand_codes(page, legal=False)
    page.screenshot(path=str(shots / f"reason_{width}.png"), full_page=True)
    seen = _play_the_hand(page)
    assert seen, "the bots' cards appear on the table in front of them"
    page.screenshot(path=str(shots / f"hand_over_{width}.png"), full_page=True)
    # The score (each player and this hand), then the game review: accuracy and points given away.
    expect(page.get_by_test_id("stMetric")).to_have_count(6)
    review = page.locator(".st-key-ha_pr_game_review")
    expect(review).to_contain_text(ui("review.heading"))
    expect(review).to_contain_text(ui("review.accuracy"))
    _no_exception(page)


def _steady_count(page: Page) -> int:
    """The cards on the table once none has moved in for a second (the bots' cards arrive animated)."""
    counts = [trick_cards(page).count()]
    for _ in range(40):
        page.wait_for_timeout(250)
        counts.append(trick_cards(page).count())
        if len(set(counts[-5:])) == 1 and len(counts) >= 5:
            break
    return counts[-1]


def test_a_reload_mid_game_finds_the_same_hand(server: StreamlitServer, page: Page, shots: Path) -> None:
    page.set_viewport_size({"width": 1366, "height": 1000})
    _start(page, f"{server.url}{PRACTICE_PATH}")
    _pass_three(page)
    card_button(page, hand_codes(page, legal=True)[0]).click()
    _settled(page)
    page.wait_for_timeout(5000)  # the bots' cards have arrived and the trick gone to its winner
    on_table = _steady_count(page)
    cards = hand_codes(page)
    page.reload()
    _settled(page)
    expect(hand(page).get_by_role("button")).to_have_count(len(cards))
    assert hand_codes(page) == cards
    expect(trick_cards(page)).to_have_count(on_table)  # drawn again as it was (after the cards' animation)
    expect(_button(page, "ha_pr_undo")).to_be_enabled()
    page.screenshot(path=str(shots / "reloaded.png"), full_page=True)
    _no_exception(page)


def test_one_card_played_with_the_keyboard_alone(server: StreamlitServer, page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 1000})
    _start(page, f"{server.url}{PRACTICE_PATH}")
    _pass_three(page)
    page.locator("body").focus()
    for _ in range(80):  # Tab into the hand
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_CARD):
            break
    first = page.evaluate(FOCUSED_CARD)
    assert first == hand_codes(page)[0], "Tab reaches the first card of the hand"
    legal = set(hand_codes(page, legal=True))
    for _ in range(13):  # arrows move between the cards, to a legal one
        if page.evaluate(FOCUSED_CARD) in legal:
            break
        page.keyboard.press("ArrowRight")
    chosen = page.evaluate(FOCUSED_CARD)
    assert chosen in legal
    page.keyboard.press("Enter")
    expect(card_button(page, chosen)).to_have_count(0)
    _settled(page)
    _no_exception(page)
