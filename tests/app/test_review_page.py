"""AppTest of the Review page (issue 26), through app.py as a learner would:

* a practice hand with a deliberate blunder (played out from the Analysis board) puts that
  position in the learner's queue; the Review page asks it again on the table;
* the blunder again is judged wrong and the card comes back within minutes; the best card is right
  and pushes it out a day (read back from the database);
* a suspended card is not asked; an empty queue says where cards come from.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.learner.review_queue import position_key
from hearts_ui.page_state import session_key
from hearts_ui.storage import CLOCK_OFFSET_VARIABLE, Identity, store
from hearts_ui.texts import ui
from hearts_ui.views.analysis.links import board_query
from hearts_ui.views.practice.view import PracticeView
from hearts_ui.views.review.page import TABLE_KEY
from tests.app.tables import click_table, has_table, table_data

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")


def _queen_ending() -> HandState:
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    return HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")


def _blunder_in_practice() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    at.switch_page("pages/9_Analysis.py")
    for name, value in board_query(_queen_ending()).items():
        at.query_params[name] = value
    at.run()
    at.button(key="ha_an_play_out").click().run()
    at.switch_page("pages/4_Practice.py").run()  # AppTest stays on its page: go where the button went
    practice = PracticeView.widget_key("table")
    click_table(at, practice, kind="play", card="TH")
    for _ in range(3):  # South's last card, when the bots leave it one to play
        if not has_table(at, practice):
            break
        hand = table_data(at, practice).get("hand") or {}
        playable = [card["c"] for card in hand.get("cards", []) if card.get("ok")]
        if not playable:
            break
        click_table(at, practice, kind="play", card=str(playable[0]))
    assert not at.exception, at.exception
    return at


def _open_review(at: AppTest) -> None:
    at.switch_page("pages/10_Review.py").run()
    assert not at.exception, at.exception


def _text(at: AppTest) -> str:
    return " ".join(str(element.value) for element in (*at.markdown, *at.caption, *at.success, *at.error, *at.info))


def _learner(at: AppTest) -> str:
    identity = at.session_state[session_key(Identity)]
    assert identity.learner is not None
    return str(identity.learner)


def test_a_blunder_in_practice_comes_back_and_its_answers_move_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    at = _blunder_in_practice()
    _open_review(at)
    key = position_key("play", _queen_ending(), 0)
    table = f"{TABLE_KEY}_{key.replace(':', '_')}"
    assert sorted(card["c"] for card in table_data(at, table)["hand"]["cards"]) == ["2H", "TH"]
    assert ui("review_page.ask_play") in _text(at)
    # Before the answer the page says what was chosen and what it cost, never the best card.
    before = " ".join(str(element.value) for element in at.caption)
    assert "10♥" in before and "2♥" not in before

    click_table(at, table, kind="play", card="TH")  # the blunder again
    assert not at.exception, at.exception
    assert at.error and ui("review.class_blunder") in str(at.error[0].value)
    assert ui("review_page.in_minutes", count=10) in _text(at)
    at.button(key="ha_rv_next").click().run()
    assert ui("review_page.nothing_due", when=ui("review_page.in_minutes", count=10)) in _text(at)
    due_after_miss = store().review_queue(_learner(at)).cards[0].due

    # Eleven minutes on (the clock moved, not waited for): due again; the 2H is right, a day out.
    monkeypatch.setenv(CLOCK_OFFSET_VARIABLE, str(tmp_path / "offset"))
    (tmp_path / "offset").write_text(str(11 * 60), encoding="utf-8")
    at.run()
    click_table(at, table, kind="play", card="2H")
    assert not at.exception, at.exception
    assert at.success and ui("review.class_best") in str(at.success[0].value)
    card = store().review_queue(_learner(at)).cards[0]
    assert card.reviews == 2 and card.due - due_after_miss > timedelta(hours=23)


def test_an_empty_queue_says_where_cards_come_from() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    _open_review(at)
    assert ui("review_page.empty") in _text(at)
