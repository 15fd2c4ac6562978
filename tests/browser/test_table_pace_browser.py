"""The card table as a learner feels it (issue 24), in Debian's chromium on a practice game:

* the speed control sits on the table itself, starts at "Normal", and a choice lasts past a reload;
* a click on the table while the bots' cards are still arriving shows the end at once;
* the cards received in the pass are marked in the hand, and they are the cards the pass line names;
* the card winning the trick is the one picked out (not the led card), and no card covers the
  trick's caption;
* other players' face-up hands are small cards, each with its rank and suit, inside its seat.

Expected words come from the catalogue; which card wins is worked out here from the cards on the
table (the led suit's highest), not read from the table's own marks.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from hearts_core.engine.cards import Card
from hearts_core.engine.table import seat_name
from hearts_ui.texts import ui
from tests.browser.table import card_button, hand, hand_codes, tables
from tests.browser.test_pages import _settled

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

#: Every card lying in the trick: its seat, its code, the notes of its label ("led", ...), and
#: whether it is picked out as winning the trick (so far, or at its end).
TRICK = """() => [...document.querySelectorAll("*")].filter(node => node.shadowRoot)
  .flatMap(host => [...host.shadowRoot.querySelectorAll(".hat-slot .hat-card")])
  .map(card => ({seat: Number(card.closest(".hat-slot").dataset.slot), card: card.dataset.card,
                 label: card.getAttribute("aria-label"),
                 winning: card.classList.contains("winning") || card.classList.contains("won")}))"""

LABELS = "nodes => nodes.map(node => node.getAttribute('aria-label'))"


def _speed(page: Page, speed: str) -> Locator:
    return page.get_by_role("radio", name=ui(f"table.speed_{speed}"), exact=True)


def _start_practice(page: Page, url: str) -> None:
    page.goto(url + "/Practice")
    _settled(page)
    page.locator(".st-key-ha_pr_start").get_by_role("button").first.click()
    expect(hand(page).get_by_role("button")).to_have_count(13)
    _settled(page)


def _pass(page: Page) -> list[str]:
    """Choose the first three cards, confirm the pass; the cards passed."""
    passed = hand_codes(page)[:3]
    for code in passed:
        card_button(page, code).click()
    page.locator(".hat-confirm").click()
    for code in passed:
        expect(card_button(page, code)).to_have_count(0)
    _settled(page)
    return passed


def _resting(page: Page) -> None:
    expect(tables(page).first).to_have_attribute("data-moving", "0")


def test_the_speed_control_is_on_the_table_and_lasts(server: StreamlitServer, page: Page) -> None:
    _start_practice(page, server.url)
    group = page.get_by_role("radiogroup", name=ui("table.speed"))
    expect(group).to_be_visible()
    expect(_speed(page, "normal")).to_have_attribute("aria-checked", "true")
    _speed(page, "fast").click()
    expect(_speed(page, "fast")).to_have_attribute("aria-checked", "true")
    _settled(page)
    page.reload()
    _settled(page)
    expect(_speed(page, "fast")).to_have_attribute("aria-checked", "true")
    expect(_speed(page, "normal")).to_have_attribute("aria-checked", "false")
    _speed(page, "normal").click()  # leave the default for the other tests of this server
    expect(_speed(page, "normal")).to_have_attribute("aria-checked", "true")


def test_received_cards_are_marked_and_a_click_finishes_the_motion(server: StreamlitServer, page: Page) -> None:
    _start_practice(page, server.url)
    _pass(page)
    # The giver's line on the felt ("Passed to South: ...") names the cards South received; exactly
    # those are marked in South's hand (and not listed again under South's seat).
    to_south = ui("table.passed", seat=seat_name(0, 4))
    received_line = page.locator(".hat-exchange").filter(has_text=to_south)
    expect(received_line).to_have_count(1)
    opening = ui("table.received", seat="§").split("§")[0]  # "Received from "
    expect(page.locator('.hat-seat[data-seat="0"] .hat-exchange').filter(has_text=opening)).to_have_count(0)
    named = set(received_line.first.locator(".hat-chip").evaluate_all(LABELS))
    mark = ui("table.received_mark")
    marked = hand(page).get_by_role("button", name=re.compile(re.escape(mark)))
    expect(marked).to_have_count(3)
    labels = {label.split(",")[0] for label in marked.evaluate_all(LABELS)}
    assert labels == named, "the marked cards are the ones received"

    # Slow, so the bots' cards are still arriving when the learner clicks the felt.
    _speed(page, "slow").click()
    _settled(page)
    legal = hand_codes(page, legal=True)
    card_button(page, legal[0]).click()
    felt = page.locator(".hat-felt").first
    expect(tables(page).first).to_have_attribute("data-moving", "1", timeout=10_000)
    felt.click()
    expect(tables(page).first).to_have_attribute("data-moving", "0", timeout=300)
    _speed(page, "normal").click()
    _settled(page)


def _winner_of(cards: list[dict[str, Any]]) -> int:
    """The seat whose card is the led suit's highest: the led card is the one labelled "led"."""
    led_word = ui("table.led")
    led = next(card for card in cards if f", {led_word}" in str(card["label"]))
    suit = Card.parse(str(led["card"])).suit
    same = [card for card in cards if Card.parse(str(card["card"])).suit == suit]
    best = max(same, key=lambda card: Card.parse(str(card["card"])).rank)
    return int(str(best["seat"]))


#: The trick's caption and the trick's cards as rectangles, read in one go (the table redraws often).
BOXES = """() => {
  const box = node => { const r = node.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  const root = [...document.querySelectorAll("*")].find(node => node.shadowRoot).shadowRoot;
  return {caption: box(root.querySelector(".hat-trick-caption")),
          cards: [...root.querySelectorAll(".hat-slot .hat-card")].map(box)};
}"""


def _caption_uncovered(page: Page) -> None:
    boxes = page.evaluate(BOXES)
    cx, cy, cwidth, cheight = boxes["caption"]
    assert cwidth > 0 and cheight > 0, "the trick's caption is shown"
    for x, y, width, height in boxes["cards"]:
        overlaps = x < cx + cwidth and cx < x + width and y < cy + cheight and cy < y + height
        assert not overlaps, f"a trick card {x, y, width, height} covers the caption {boxes['caption']}"


@pytest.mark.parametrize("width", [1366, 390], ids=["desktop", "phone"])
def test_the_winning_card_is_picked_out_and_the_caption_stays_clear(
    server: StreamlitServer, page: Page, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    _start_practice(page, server.url)
    _pass(page)
    # Slow, so that whoever leads, a trick of two cards or more is on the felt for a while after
    # each of South's cards (a random deal may let South lead every trick).
    _speed(page, "slow").click()
    _settled(page)
    marked = 0
    for _ in range(13):
        if marked >= 3:
            break
        _resting(page)
        if page.evaluate(TRICK):
            _caption_uncovered(page)
        legal = hand_codes(page, legal=True)
        if not legal:
            break
        card_button(page, legal[0]).click()
        # Read the trick in the same instant it is seen with two cards or more (it may be gathered
        # a moment later).
        found = page.wait_for_function(
            f"(() => {{ const cards = ({TRICK})(); return cards.length >= 2 && cards; }})", timeout=10_000
        )
        cards = found.json_value()
        winning = [card["seat"] for card in cards if card["winning"]]
        assert winning == [_winner_of(cards)], f"the winning card is marked: {cards}"
        _caption_uncovered(page)
        marked += 1
        felt = page.locator(".hat-felt").first
        felt.click()  # finish the motion
        _settled(page)
    assert marked >= 3, "the winning card and the caption were checked on three tricks"
    _speed(page, "normal").click()
    _settled(page)


def test_face_up_hands_are_small_cards_that_keep_their_suit_when_a_fan_wraps(
    server: StreamlitServer, page: Page
) -> None:
    """Everyone's cards in a lesson deal are drawn as cards: each small card shows its rank and
    its suit, and stays inside its seat."""
    page.set_viewport_size({"width": 390, "height": 844})
    chips = page.locator(".hat-rank-chip")
    for step in range(1, 16):
        page.goto(f"{server.url}/Lessons?lesson=table&step={step}")
        _settled(page)
        if chips.count():
            break
    assert chips.count() >= 26, "some step of lesson 1 shows other players' hands face up"
    faces = page.evaluate(
        """() => {
          const root = [...document.querySelectorAll("*")].find(node => node.shadowRoot).shadowRoot;
          return [...root.querySelectorAll(".hat-seat")].flatMap(seat => {
            const box = seat.getBoundingClientRect();
            return [...seat.querySelectorAll(".hat-rank-chip")].map(chip => {
              const r = chip.getBoundingClientRect();
              return {label: chip.getAttribute("aria-label"), rank: chip.querySelector(".hat-mini-rank").textContent,
                      suit: chip.querySelector(".hat-mini-suit").textContent,
                      inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5, width: r.width};
            });
          });
        }"""
    )
    suits = {"♠", "♥", "♦", "♣"}
    for face in faces:
        assert face["suit"] in suits and face["rank"], f"a small card shows its rank and suit: {face}"
        assert face["inside"], f"a small card sticks out of its seat: {face}"
        assert face["width"] > 15, f"a small card is a card, not a letter: {face}"
