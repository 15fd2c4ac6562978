"""The Puzzles page in Debian's chromium: a deep link to a puzzle on a fresh
server, a wrong answer explained by the engine then the right one, a second
puzzle solved at the first try, and a reload that lands on the same puzzle
with the results kept (the learner cookie).  Screenshots go to
``$HA_ARTIFACTS/puzzles`` (default: a pytest temporary folder).

Expected words come from the catalogue and the engine, never typed here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core.content.puzzles import PUZZLES_DIR, Library, PassingPuzzle, PlayPuzzle, Puzzle, translate_library
from hearts_core.engine.cards import Card
from hearts_core.engine.table import seat_name
from hearts_ui.texts import ui
from hearts_ui.views.puzzles.common import cards_words, full_prompt
from hearts_ui.widgets.chips import prose_plain, symbols
from tests.browser.table import card_button, hand, hand_codes, status, success_verdict, tables
from tests.browser.test_pages import _no_exception, _settled
from tests.helpers import puzzle_library

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

PUZZLES_PATH = "/Puzzles"
LIBRARY = puzzle_library()


def translated_library(language: str) -> Library:
    """The library with its words in ``language``."""
    return translate_library(LIBRARY, PUZZLES_DIR, language)


def _first(kind: str) -> Puzzle:
    return next(puzzle for puzzle in LIBRARY.ordered() if puzzle.kind == kind)


LEGALITY = _first("legality")
MOON = _first("moon")
PLAY = next(
    puzzle
    for puzzle in LIBRARY.ordered()
    if isinstance(puzzle, PlayPuzzle) and len(puzzle.question_state.legal_moves()) > len(puzzle.solution)
)
BEST: str = PLAY.solution[0]


def _plain(markdown: str) -> str:
    """What the browser shows for a catalogue text in Markdown (bold marks and line breaks gone)."""
    return re.sub(r"\s+", " ", markdown.replace("**", "")).strip()


def _key(key: str) -> str:
    return ".st-key-" + re.sub(r"[^A-Za-z0-9_-]", "-", key)


def _button(page: Page, key: str) -> Locator:
    return page.locator(_key(key)).get_by_role("button")


def _alert(page: Page, text: str) -> Locator:
    return page.get_by_test_id("stAlert").filter(has_text=text)


def _hand_label(puzzle: Puzzle) -> str:
    """The name of the hand the puzzle asks about ("Your hand" for South, else "West's hand")."""
    seat = puzzle.question_state.to_play
    assert seat is not None
    return ui("table.your_hand") if seat == 0 else ui("table.seat_hand", seat=seat_name(seat, puzzle.rules.players))


def _pick(page: Page, puzzle: Puzzle, card: str) -> None:
    """Choose (or un-choose) a card in the hand on the table."""
    button = card_button(page, card, _hand_label(puzzle))
    pressed = button.get_attribute("aria-pressed") == "true"
    button.click()
    expect(button).to_have_attribute("aria-pressed", "false" if pressed else "true")


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "puzzles"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_puzzle_by_url_on_a_fresh_server_wrong_then_right_and_a_reload(
    fresh_server: StreamlitServer, page: Page, shots: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    state = LEGALITY.state
    assert state.to_play is not None
    illegal = next(str(card) for card in state.hands[state.to_play].cards() if str(card) not in LEGALITY.solution)

    # A deep link, the first request the server gets.
    page.goto(f"{fresh_server.url}{PUZZLES_PATH}?puzzle={LEGALITY.id}")
    # The first request also loads the puzzle library (its proofs read from lessons/puzzles/proofs.json).
    expect(page.get_by_role("heading", name=LEGALITY.title, exact=True)).to_be_visible(timeout=60_000)
    _settled(page)
    _no_exception(page)
    table = tables(page)
    expect(table).to_have_count(1)
    expect(table.locator("svg")).to_have_count(0)

    # Wrong: every legal card and one that is not; the engine says why it is not.
    for card in (*LEGALITY.solution, illegal):
        _pick(page, LEGALITY, card)
    page.get_by_role("button", name=ui("common.check"), exact=True).click()
    verdict = _alert(page, _plain(ui("puzzles.not_legal")))
    expect(verdict).to_be_visible()
    expect(verdict).to_contain_text(str(state.explain(illegal)))
    _settled(page)
    page.screenshot(path=str(shots / "legality_wrong.png"), full_page=True)

    # Right: take the illegal card back.
    _pick(page, LEGALITY, illegal)
    page.get_by_role("button", name=ui("common.check"), exact=True).click()
    expect(success_verdict(page)).to_be_visible()
    expect(_alert(page, _plain(ui("puzzles.not_legal")))).to_have_count(0)
    _settled(page)
    expect(page.get_by_text(ui("puzzles.status_cleared"))).to_be_visible()

    # A moon puzzle, right at the first try.
    page.goto(f"{fresh_server.url}{PUZZLES_PATH}?puzzle={MOON.id}")
    expect(page.get_by_role("heading", name=MOON.title, exact=True)).to_be_visible()
    _settled(page)
    _button(page, f"ha_pz_moon_{MOON.solution}").click()
    expect(success_verdict(page)).to_be_visible()
    _settled(page)
    expect(page.get_by_text(ui("puzzles.status_solved"), exact=False).first).to_be_visible()
    page.screenshot(path=str(shots / "moon_right.png"), full_page=True)

    # A reload opens a new session on the same puzzle, and the cookie brings the results back.
    url = page.url
    page.reload()
    _settled(page)
    assert page.url == url
    expect(page.get_by_role("heading", name=MOON.title, exact=True)).to_be_visible()
    expect(page.get_by_text(ui("puzzles.status_solved"), exact=False).first).to_be_visible()
    _no_exception(page)

    # The list knows both results.
    _button(page, "ha_pz_back").click()
    expect(page.get_by_role("heading", name=ui("nav.puzzles"), exact=True)).to_be_visible()
    expect(page).not_to_have_url(re.compile(r"puzzle="))
    _settled(page)
    expect(page.get_by_text(ui("puzzles.summary", solved=1, failed=1, streak=1, rate=50))).to_be_visible()
    page.get_by_role("tab", name=ui("puzzles.tab_progress")).click()
    # Two charts: the results by theme and the rating over time.
    expect(page.get_by_test_id("stPlotlyChart")).to_have_count(2)
    expect(page.get_by_test_id("stPlotlyChart").first).to_be_visible()
    _settled(page)
    page.screenshot(path=str(shots / "progress.png"), full_page=True)
    _no_exception(page)


def test_an_unknown_puzzle_warns_and_shows_the_picker(server: StreamlitServer, page: Page) -> None:
    page.goto(f"{server.url}{PUZZLES_PATH}?puzzle=nonsense")
    _settled(page)
    expect(_alert(page, ui("puzzles.unknown_puzzle", name="nonsense"))).to_be_visible()
    expect(page.get_by_role("heading", name=ui("nav.puzzles"), exact=True)).to_be_visible()
    expect(_button(page, "ha_pz_next")).to_be_visible()
    _no_exception(page)


@pytest.mark.parametrize("width", [1366, 390], ids=["desktop", "phone"])
def test_a_play_puzzle_is_answered_by_clicking_the_card_on_the_table(
    server: StreamlitServer, page: Page, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 1000})
    page.goto(f"{server.url}{PUZZLES_PATH}?puzzle={PLAY.id}")
    expect(page.get_by_role("heading", name=PLAY.title, exact=True)).to_be_visible()
    _settled(page)
    label = _hand_label(PLAY)
    # The question is on screen before the table ends (above it on a phone, beside it on a desktop).
    # The prompt shows its cards as chips ("Q♠"): look for the words as the learner reads them.
    prompt = page.get_by_text(_plain(symbols(full_prompt(PLAY)))).locator("visible=true").first
    expect(prompt).to_be_visible()
    felt_bottom = page.locator(".hat-felt").first.bounding_box()
    prompt_box = prompt.bounding_box()
    assert felt_bottom is not None and prompt_box is not None
    assert prompt_box["y"] < felt_bottom["y"] + felt_bottom["height"]
    wrong = next(
        code for code in hand_codes(page, label) if code not in PLAY.solution and PLAY.question_state.is_legal(code)
    )
    card_button(page, wrong, label).click()
    expect(_alert(page, _plain(ui("puzzles.worse", card=Card.parse(wrong).symbol)))).to_be_visible()
    # The table now steps through the reply to the wrong card; back to the puzzle to try again.
    refutation = ui("puzzles.line_refutation", card=Card.parse(wrong).symbol)
    expect(page.get_by_role("group", name=refutation, exact=True)).to_be_visible()
    _settled(page)
    _button(page, "ha_pz_line_close").click()
    expect(status(page)).to_have_text(ui("common.status_wrong"))
    # Back on the puzzle, the card played carries its sign and its word; the best one is not given away.
    expect(card_button(page, wrong, label).locator(".hat-verdict")).to_have_text("✗")
    expect(hand(page, label).locator(".hat-verdict")).to_have_count(1)
    _settled(page)
    card_button(page, BEST, label).click()
    expect(success_verdict(page)).to_be_visible()
    expect(card_button(page, BEST, label)).to_have_count(0)  # played: it lies on the table now
    _settled(page)
    page.screenshot(path=str(shots / f"play_right_{width}.png"), full_page=True)
    _no_exception(page)


# -- the marks on the cards, the words once ------------------------------------------------------


def _label(page: Page, puzzle: Puzzle, card: str) -> str:
    """The words a screen reader says for a card of the puzzle's hand."""
    label = card_button(page, card, _hand_label(puzzle)).get_attribute("aria-label")
    assert label is not None
    return label


@pytest.mark.parametrize("width", [1366, 390], ids=["desktop", "phone"])
def test_chosen_cards_are_neutral_until_checked_then_right_wrong_and_missed_each_have_a_sign(
    server: StreamlitServer, page: Page, shots: Path, width: int
) -> None:
    puzzle = LEGALITY
    state = puzzle.question_state
    assert state.to_play is not None and len(puzzle.solution) > 1
    label = _hand_label(puzzle)
    page.set_viewport_size({"width": width, "height": 1300})
    page.goto(f"{server.url}{PUZZLES_PATH}?puzzle={puzzle.id}")
    expect(page.get_by_role("heading", name=puzzle.title, exact=True)).to_be_visible()
    _settled(page)
    legal, *missed = (str(card) for card in puzzle.solution)
    illegal = next(str(card) for card in state.hands[state.to_play].cards() if str(card) not in puzzle.solution)
    expect(card_button(page, illegal, label)).to_be_visible()
    for card in (legal, illegal):
        _pick(page, puzzle, card)
    # Chosen, not judged: the same neutral look for the legal card and the illegal one, no sign, no verdict.
    for card in (legal, illegal):
        button = card_button(page, card, label)
        expect(button).to_have_class(re.compile(r"\bchosen\b"))
        expect(button).not_to_have_class(re.compile(r"\bv-"))
        expect(button.locator(".hat-verdict")).to_have_count(0)
        assert _label(page, puzzle, card) == Card.parse(card).name  # chosen: pressed, and no verdict said
        expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".hat-chosen-count")).to_have_text(ui("table.chosen", chosen=2))
    page.screenshot(path=str(shots / f"legality_chosen_{width}.png"))

    page.get_by_role("button", name=ui("common.check"), exact=True).click()
    expect(card_button(page, legal, label).locator(".hat-verdict")).to_have_text("✓")
    _settled(page)
    signs = {"right": "✓", "wrong": "✗", "missed": "!"}
    for card, verdict in ((legal, "right"), (illegal, "wrong"), *((card, "missed") for card in missed)):
        button = card_button(page, card, label)
        expect(button).to_have_class(re.compile(rf"\bv-{verdict}\b"))
        expect(button.locator(".hat-verdict")).to_have_text(signs[verdict])
        assert _label(page, puzzle, card) == f"{Card.parse(card).name}, {ui(f'table.verdict_{verdict}')}"
    expect(hand(page, label).locator(".hat-verdict")).to_have_count(2 + len(missed))
    # The line beside the hand counts the signs, as a sentence of its own; the count of chosen cards apart.
    counts = {"right": 1, "wrong": 1, "missed": len(missed)}
    summary = " · ".join(ui(f"puzzles.marks_{mark}", count=count) for mark, count in counts.items())
    expect(status(page)).to_have_text(summary)
    # The words name the card that may not be played and every legal card left out.
    words = _alert(page, _plain(ui("puzzles.not_legal")))
    expect(words).to_contain_text(str(state.explain(illegal)))
    expect(words).to_contain_text(_plain(ui("puzzles.missed_cards", cards=cards_words(missed), count=len(missed))))
    page.screenshot(path=str(shots / f"legality_marked_{width}.png"))
    _no_exception(page)


def _same_words_for_two_forbidden_cards() -> tuple[PassingPuzzle, list[str]]:
    """A passing puzzle whose words on two cards to keep are the same in Russian, and those two cards."""
    russian = translated_library("ru")
    for puzzle in LIBRARY.ordered():
        words = russian.puzzles[puzzle.id]
        if not isinstance(words, PassingPuzzle) or words.rules.pass_count != 3:
            continue
        by_text: dict[str, list[str]] = {}
        for card in words.forbid:
            if card in words.feedback:
                by_text.setdefault(words.feedback[card], []).append(card)
        same = next((cards[:2] for cards in by_text.values() if len(cards) > 1), None)
        if same is not None:
            return words, same
    raise LookupError("no passing puzzle with the same words on two cards")


def test_a_wrong_pass_says_each_line_once_and_names_its_cards_in_russian(server: StreamlitServer, page: Page) -> None:
    puzzle, same = _same_words_for_two_forbidden_cards()
    page.set_viewport_size({"width": 1366, "height": 1300})
    page.goto(f"{server.url}{PUZZLES_PATH}?puzzle={puzzle.id}&lang=ru")
    expect(page.get_by_role("heading", name=puzzle.title, exact=True)).to_be_visible()
    _settled(page)
    tray = page.locator(".hat-hand").first
    held = [str(card) for card in puzzle.state.hands[puzzle.seat].cards()]
    third = next(code for code in held if code not in puzzle.forbid and code not in same)
    expect(tray.locator(f'[data-card="{third}"]')).to_be_visible()
    for card in (*same, third):
        tray.locator(f'[data-card="{card}"]').click()
    page.get_by_role("button", name=ui("common.pass_submit", "ru"), exact=True).click()
    verdict = page.get_by_test_id("stAlert").filter(has=page.locator("li")).first
    expect(verdict).to_be_visible()
    _settled(page)
    lines = [line.strip() for line in verdict.locator("li").all_inner_texts()]
    assert len(lines) == len(set(lines)), lines  # no line twice
    suits = "♣♦♥♠"
    assert all(any(suit in line.split(":")[0] for suit in suits) for line in lines), lines  # each names its cards
    shared = _plain(prose_plain(puzzle.feedback[same[0]]))
    assert [line for line in lines if shared in line] == [f"{cards_words(same)}: {shared}"]
    for card in same:
        expect(tray.locator(f'[data-card="{card}"] .hat-verdict')).to_have_text("✗")
    _no_exception(page)
