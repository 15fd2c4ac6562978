"""The Analysis board in Debian's chromium (issue 25), at 1366 and 390 px, in three languages:

* a position opened from its link shows every legal card of the seat to move with its expected
  points and interval, the best one starred, and the cards not allowed under their own heading;
* a card clicked on the table starts the line; back on the first card, another card starts a
  variation, labelled as one;
* a lesson step's "Analyse" link opens that very position, and so does a puzzle's once its
  solution is shown (not before: the board would give the answer away);
* an uploaded PHN file opens under the rules it names;
* a position played out against the bots from the board, with a deliberate blunder (the ten of
  hearts over the eight while the queen is out), comes back classed a blunder in the review, its
  key moment and the review's replay open on the board, and "try again" gives the turn back;
* a deal set up by clicking cards into a seat goes on the board.

Words come from the catalogue; the position and its legal cards from the engine.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.ai.analysis import passed_by_bots
from hearts_core.content.puzzles import PlayPuzzle
from hearts_core.engine.cards import Card
from hearts_core.engine.seats import seat_name
from hearts_core.phn import dumps_hand
from hearts_core.words import languages as registry
from hearts_core.words.catalogue import language_scope
from hearts_ui.texts import ui
from hearts_ui.views.analysis.links import board_query
from tests.browser.test_pages import _no_exception, _settled
from tests.helpers import puzzle_library

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect
PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


def _playable(page: Page) -> list[str]:
    """The cards of the hand on the board that may be played, once the table has drawn it."""
    expect(page.locator(".hat-card.hand").first).to_be_visible()
    playable = page.locator(".hat-card.hand:not([aria-disabled=true])")
    return [str(code) for code in playable.evaluate_all("nodes => nodes.map(node => node.dataset.card)")]


def _card(page: Page, code: str) -> Locator:
    return page.locator(f'.hat-card.hand[data-card="{code}"]')


def _symbol(code: str, language: str) -> str:
    """The card as the move line writes it in ``language`` (Д♣ in Ukrainian and Russian)."""
    with language_scope(language):
        return Card.parse(code).symbol


def _position() -> HandState:
    # A standard deal passed by the bots, the 2C led: West follows in clubs.
    return passed_by_bots(HandState.deal(Ruleset(), seed=3)).play("2C")


@pytest.mark.parametrize("language", list(registry.LANGUAGES))
@pytest.mark.parametrize("size", list(SIZES))
def test_a_linked_position_shows_each_card_and_grows_a_variation(
    server: StreamlitServer, page: Page, size: str, language: str
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    state = _position()
    page.goto(f"{server.url}/Analysis?{urlencode({**board_query(state), 'lang': language})}")
    _settled(page)
    _no_exception(page)
    values = page.locator(".ha-values")
    expect(values).to_be_visible()
    legal = [str(card) for card in state.legal_moves()]
    assert state.to_play is not None
    # The hand of the seat to move is the one played from (after a card, the next seat's), named for it.
    mover = state.to_play
    expect(
        page.get_by_role("group", name=ui("table.seat_hand", language, seat=seat_name(mover, 4, language)))
    ).to_be_visible()
    assert sorted(_playable(page)) == sorted(legal)
    rows = values.locator("tbody tr")
    expect(rows).to_have_count(len(legal))
    expect(values.locator(".ha-best").first).to_contain_text(ui("analysis.best", language))
    illegal = len(state.hands[mover]) - len(legal)
    expect(page.get_by_text(ui("analysis.illegal", language, count=illegal))).to_be_visible()

    first = legal[0]
    _card(page, first).click()
    _settled(page)
    expect(page.locator(".st-key-ha_an_node_1 button")).to_have_text(_symbol(first, language))
    after = state.play(first)
    following = [str(card) for card in after.legal_moves()]
    expect(_card(page, following[0])).to_be_visible()
    assert sorted(_playable(page)) == sorted(following)
    _card(page, following[0]).click()
    _settled(page)
    expect(page.locator(".st-key-ha_an_node_2")).to_have_count(1)
    page.locator(".st-key-ha_an_node_1 button").click()
    _settled(page)
    other = following[-1]
    expect(_card(page, other)).to_be_visible()
    _card(page, other).click()
    _settled(page)
    expect(page.locator(".st-key-ha_an_line_1")).to_contain_text(ui("analysis.variation", language, number=1))
    expect(page.locator(".st-key-ha_an_node_3 button")).to_have_text(_symbol(other, language))
    _no_exception(page)


def _follow_to_the_board(page: Page, server: StreamlitServer, link: Locator) -> None:
    """Open an "Analyse" link: it leads to the board, which weighs the cards of the position."""
    href = link.get_attribute("href")
    assert href is not None and href.startswith("/Analysis?position=")
    page.goto(server.url + href)
    _settled(page)
    _no_exception(page)
    expect(page.locator(".ha-values")).to_be_visible()


def test_a_lesson_step_opens_its_own_position_on_the_board(server: StreamlitServer, page: Page) -> None:
    page.goto(f"{server.url}/Lessons?lesson=table&step=2")
    _settled(page)
    expect(page.locator(".st-key-ha_analyse_1 a")).to_have_count(1)
    _follow_to_the_board(page, server, page.locator(".st-key-ha_analyse_1 a"))


def test_an_uploaded_phn_file_opens_under_its_own_rules(server: StreamlitServer, page: Page, tmp_path: Path) -> None:
    omnibus = passed_by_bots(HandState.deal(Ruleset.preset("omnibus"), seed=8))
    record = tmp_path / "club-night.phn"
    record.write_text(dumps_hand(omnibus, {"Event": "Club night"}), encoding="utf-8")
    page.goto(f"{server.url}/Analysis")
    _settled(page)
    page.get_by_text(ui("analysis.setup")).click()
    page.get_by_role("tab", name=ui("analysis.setup_upload")).click()
    page.locator("input[type=file]").set_input_files(str(record))
    expect(page).to_have_url(re.compile(r"rules=omnibus"), timeout=15_000)
    _settled(page)
    _no_exception(page)
    expect(page.locator(".ha-values")).to_be_visible()
    assert sorted(_playable(page)) == sorted(str(card) for card in omnibus.legal_moves())


def test_a_puzzle_opens_on_the_board_once_its_solution_is_shown(server: StreamlitServer, page: Page) -> None:
    puzzle = next(item for item in puzzle_library().ordered() if isinstance(item, PlayPuzzle))
    page.goto(f"{server.url}/Puzzles?puzzle={puzzle.id}")
    _settled(page)
    expect(page.locator(".st-key-ha_pz_analyse")).to_have_count(0)  # the board would give the answer away
    page.locator(".st-key-ha_pz_solution button:visible").click()
    _settled(page)
    _follow_to_the_board(page, server, page.locator(".st-key-ha_pz_analyse a").first)
    assert sorted(_playable(page)) == sorted(str(card) for card in puzzle.question_state.legal_moves())


def _queen_ending() -> HandState:
    """East led the 8H; South holds the 2H and the TH; the QS is still out: the TH can take it."""
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    text = f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H"
    return HandState.from_position(Ruleset(), text)


def _finish_the_hand(page: Page, turns: int = 8) -> None:
    """Play the first legal card at every turn (at most ``turns``) until the hand's review is drawn."""
    review = page.locator(".st-key-ha_pr_game_review")
    # A card already sent is on its way to the felt (and moving): only a card still in hand is played.
    playable = page.locator(".hat-card.hand:not([aria-disabled=true]):not(.sent)")
    for _ in range(turns):
        if review.count():
            return
        page.wait_for_timeout(500)
        if playable.count():
            try:
                playable.first.click(timeout=3_000)
            except PlaywrightTimeout:
                continue  # the table redrew under the click: look again
        _settled(page)
    expect(review).to_be_visible(timeout=15_000)


@pytest.mark.parametrize("language", list(registry.LANGUAGES))
@pytest.mark.parametrize("size", list(SIZES))
def test_a_deliberate_blunder_is_classed_in_the_review_and_played_again(
    server: StreamlitServer, page: Page, size: str, language: str
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    ending = _queen_ending()
    page.goto(f"{server.url}/Analysis?{urlencode({**board_query(ending), 'lang': language})}")
    _settled(page)
    # From the board to a practice game on this position: South to play, the 2H or the TH.
    page.locator(".st-key-ha_an_play_out button:visible").click()
    expect(page).to_have_url(re.compile(r"/Practice"), timeout=15_000)
    _settled(page)
    assert sorted(_playable(page)) == ["2H", "TH"]
    _card(page, "TH").click()  # over the 8H, while the queen is still out: the blunder
    _settled(page)
    _finish_the_hand(page)
    _no_exception(page)
    review = page.locator(".st-key-ha_pr_game_review")
    moment = review.get_by_text(ui("review.class_blunder", language), exact=False).first
    expect(moment).to_be_visible()
    first = review.locator(".stMarkdown", has_text=_symbol("TH", language)).first
    expect(first).to_contain_text(_symbol("2H", language))
    expect(first).to_contain_text(ui("review.class_blunder", language))
    # The key moment opens its position on the board, and the review's replay does too.
    link = page.locator(".st-key-ha_pr_moment_0 a")
    href = link.get_attribute("href")
    assert href is not None and href.startswith("/Analysis?position=")
    page.locator(".st-key-ha_pr_review_open button:visible").click()
    _settled(page)
    frame = page.locator(".st-key-ha_pr_review_analyse a")
    expect(frame).to_have_count(1)
    assert (frame.get_attribute("href") or "").startswith("/Analysis?position=")
    # "Try again from here": South's turn again, with the same two cards.
    page.locator(".st-key-ha_pr_retry_0 button:visible").click()
    _settled(page)
    _no_exception(page)
    assert sorted(_playable(page)) == ["2H", "TH"]
    page.goto(server.url + href)
    _settled(page)
    _no_exception(page)
    expect(page.locator(".ha-values")).to_be_visible()
    assert sorted(_playable(page)) == ["2H", "TH"], "the board opens on the turn the blunder was made"


def test_a_deal_set_up_by_clicking_cards_into_seats_goes_on_the_board(server: StreamlitServer, page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{server.url}/Analysis")
    _settled(page)
    page.get_by_text(ui("analysis.setup")).click()
    page.get_by_role("tab", name=ui("analysis.setup_by_hand")).click()
    # South's thirteen: every spade and the 2C (so South leads); the rest dealt at random.
    south = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2C"]
    for code in south:
        page.locator(f".st-key-ha_an_edit_card_{int(Card.parse(code))} button:visible").click()
        _settled(page)
    expect(page.get_by_text(f"{seat_name(0, 4)}: 13/13")).to_be_visible()
    page.locator(".st-key-ha_an_fill button:visible").click()
    _settled(page)
    page.locator(".st-key-ha_an_put button:visible").click()
    _settled(page)
    _no_exception(page)
    expect(page.locator(".ha-values")).to_be_visible()
    assert _playable(page) == ["2C"], "South holds the 2C and leads it"
