"""AppTest of the Analysis page (issue 25), run through app.py as a learner would.

* a position in the address (``?position=...&rules=...``, the contract) opens on the board, with the
  values of every legal card of the seat to move and the engine's reason for every other card;
* a link that names nothing gets a clear message, and the board still works;
* a card played on the table starts the line, a different card from the same place a variation;
* a pasted PHN record opens under its own rules; a broken one is named, line and token;
* lessons, puzzles and practice link here with the position they show;
* a record with variations opens as its whole tree; a position is played out on the Practice page.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlparse

from streamlit.testing.v1 import AppTest

from hearts_core import HandState, Ruleset
from hearts_core.ai.analysis import passed_by_bots
from hearts_core.phn import Note, dumps_hand, dumps_tree, line_tree
from hearts_ui.texts import ui
from hearts_ui.views.analysis.links import board_query, board_url
from hearts_ui.views.analysis.page import TABLE_KEY
from hearts_ui.views.practice.view import PracticeView
from tests.app.tables import click_table, table_data

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "pages/9_Analysis.py"
PRACTICE_TABLE = PracticeView.widget_key("table")


def _open(query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page(PAGE)
    for name, value in (query or {}).items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    return at


def _legal(at: AppTest) -> list[str]:
    return [str(card["c"]) for card in table_data(at, TABLE_KEY)["hand"]["cards"] if card["ok"]]


def _html(at: AppTest) -> str:
    return "\n".join(str(element.value) for element in at.markdown)


def _start() -> HandState:
    # A standard deal passed by the bots, then the 2C led and followed once: West to play a club.
    state = passed_by_bots(HandState.deal(Ruleset(), seed=3))
    return state.play("2C")


def test_a_position_in_the_address_opens_with_every_card_weighed() -> None:
    state = _start()
    at = _open(board_query(state))
    data = table_data(at, TABLE_KEY)
    assert data["hand"]["seat"] == state.to_play
    assert set(_legal(at)) == {str(card) for card in state.legal_moves()}
    page = _html(at)
    assert ui("analysis.col_expected") in page
    for card in state.legal_moves():
        assert f"{card.name}" in page or str(card) in page, f"{card} has its row"
    assert state.to_play is not None
    illegal = len(state.hands[state.to_play]) - len(state.legal_moves())
    assert any(ui("analysis.illegal", count=illegal) == expander.label for expander in at.expander)
    # On a phone the head is hidden: every value cell names its column itself.
    for column in ("analysis.col_expected", "analysis.col_open"):
        assert page.count(f'data-label="{ui(column)}"') == len(state.legal_moves())


def test_a_link_that_names_nothing_gets_a_message_and_a_new_deal() -> None:
    at = _open({"position": "deal: 2C 3Q / - / - / -", "rules": "nonsense"})
    errors = " ".join(str(error.value) for error in at.error)
    assert "nonsense" in errors and "3Q" in errors
    assert table_data(at, TABLE_KEY)["hand"] is not None, "the board still shows a deal to analyse"


def test_a_card_played_starts_a_line_and_another_card_a_variation() -> None:
    at = _open(board_query(_start()))
    first = _legal(at)[0]
    click_table(at, TABLE_KEY, kind="play", card=first)
    click_table(at, TABLE_KEY, kind="play", card=_legal(at)[0])
    assert [str(button.key) for button in at.button if str(button.key).startswith("ha_an_node_")] == [
        "ha_an_node_1",
        "ha_an_node_2",
    ]
    at.button(key="ha_an_node_1").click().run()
    click_table(at, TABLE_KEY, kind="play", card=_legal(at)[-1])
    assert not at.exception, at.exception
    assert at.button(key="ha_an_node_3") is not None
    assert ui("analysis.variation", number=1) in _html(at)
    # Back goes to the card before; the address follows the position shown, so a copied link opens it.
    at.button(key="ha_an_steps_back").click().run()
    position = at.query_params["position"]
    assert HandState.from_notation(Ruleset(), str(position)) == _start().play(first)


def test_a_pasted_phn_record_opens_under_its_rules_and_a_broken_one_is_named() -> None:
    at = _open(board_query(_start()))
    omnibus = passed_by_bots(HandState.deal(Ruleset.preset("omnibus"), seed=8))
    at.text_area(key="ha_an_paste").input(dumps_hand(omnibus)).run()
    at.button(key="ha_an_paste_open").click().run()
    assert at.query_params["rules"] == "omnibus"
    broken = dumps_hand(omnibus).replace("deal: ", "deal: 9X ", 1)
    at.text_area(key="ha_an_paste").input(broken).run()
    at.button(key="ha_an_paste_open").click().run()
    errors = " ".join(str(error.value) for error in at.error)
    assert "9X" in errors and "line" in errors
    assert at.query_params["rules"] == "omnibus", "the board keeps the position it had"


def test_the_board_url_of_another_page_carries_the_position() -> None:
    state = _start()
    query = parse_qs(urlparse(board_url(state)).query)
    assert HandState.from_notation(Ruleset(), query["position"][0]) == state
    assert query["rules"] == ["standard"]


def test_a_deal_set_up_by_clicking_cards_into_seats_goes_on_the_board() -> None:
    at = _open(board_query(_start()))
    # West gets the 2C by a click; the rest is dealt at random; the 2C's holder leads it.
    at.radio(key="ha_an_edit_seat").set_value(1).run()
    at.button(key="ha_an_edit_card_0").click().run()  # card index 0 is the 2C
    assert at.button(key="ha_an_put").disabled, "a deal with cards still to place cannot go on the board"
    at.button(key="ha_an_fill").click().run()
    at.button(key="ha_an_put").click().run()
    assert not at.exception, at.exception
    shown = HandState.from_notation(Ruleset(), str(at.query_params["position"]))
    assert "2C" in {str(card) for card in shown.hands[1]} and shown.to_play == 1
    assert _legal(at) == ["2C"]
    # A card clicked twice for the same seat goes back to the pack.
    at.button(key="ha_an_clear").click().run()
    at.button(key="ha_an_edit_card_51").click().run()
    at.button(key="ha_an_edit_card_51").click().run()
    assert at.button(key="ha_an_edit_card_51").proto.type == "secondary"


def test_a_record_with_variations_opens_as_its_whole_tree() -> None:
    start = _start()
    west = start.legal_moves()
    tree = line_tree([str(west[0])])
    tree, other = tree.play(0, str(west[-1]))
    text = dumps_tree(start, tree, notes={other: Note("?!", "the other club")})
    at = _open(board_query(_start()))
    at.text_area(key="ha_an_paste").input(text).run()
    at.button(key="ha_an_paste_open").click().run()
    assert not at.exception, at.exception
    nodes = [str(button.key) for button in at.button if str(button.key).startswith("ha_an_node_")]
    assert len(nodes) == 3, "2C, then the main card and its variation"
    assert ui("analysis.variation", number=1) in _html(at)


def test_a_position_is_played_out_against_the_bots_on_the_practice_page() -> None:
    state = _start()
    mover = state.to_play
    assert mover is not None
    at = _open(board_query(state))
    at.button(key="ha_an_play_out").click().run()
    assert not at.exception, at.exception
    data = table_data(at, PRACTICE_TABLE)
    assert data["hand"]["seat"] == mover, "the learner sits where the board's seat was to move"
    assert {str(card["c"]) for card in data["hand"]["cards"]} == {str(card) for card in state.hands[mover]}
