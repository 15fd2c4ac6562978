"""A hostile client's card-table actions, through AppTest: every page with a card table ignores an
action its picture did not offer, and a malformed trigger, and stays usable.

A client can send the table's trigger any value over Streamlit's websocket (a ``rerun_script``
message carries the widget states it likes).  These tests send what a forged message would, the way
``tests/app/tables.py`` sends a real click: a card that is no card, a card not in the hand, a dimmed
card, a card twice, a seat nobody asked for, an unknown kind; a trigger value that is not JSON, not a
list, a list of anything, an unknown event, a megabyte; a string where a trigger is expected; states
for ids made to look like the table's.  After each, the page has no exception, draws its table as it
was (the action handed to no page: ``answered`` did not move, no verdict appeared), and a real click
made afterwards still works.

What Streamlit itself cannot read before any code of the app runs (an id that is no widget's, such as
``ha_table_inject``; a value of the wrong kind) is refused at the websocket, by
:mod:`hearts_ui.widget_states`: ``tests/deploy/test_hostile_widget_states.py`` sends those to a real
server.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.learner.review_queue import QueueCard, position_key, rules_text
from hearts_ui.page_state import session_key
from hearts_ui.storage import Identity, store
from hearts_ui.views.analysis.page import TABLE_KEY as ANALYSIS_TABLE
from hearts_ui.views.lessons.steps import TABLE_KEY as LESSON_TABLE
from hearts_ui.views.practice.play import TABLE_KEY as PRACTICE_TABLE
from hearts_ui.views.practice.view import PracticeView
from hearts_ui.views.puzzles.puzzle import TABLE_KEY as PUZZLE_TABLE
from hearts_ui.views.review.page import TABLE_KEY as REVIEW_TABLE
from hearts_ui.widgets.card_table.component import ACTION_EVENT
from tests.app.tables import click_table, has_table, table_data
from tests.helpers import puzzle_library

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
TIMEOUT = 120
LIBRARY = puzzle_library()
CARD_PUZZLE = next(puzzle for puzzle in LIBRARY.ordered() if puzzle.answer_shape == "card")
CARDS_PUZZLE = next(puzzle for puzzle in LIBRARY.ordered() if puzzle.answer_shape == "cards")


def _open(page: str, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.switch_page(page)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    return at


def _table_id(at: AppTest, key: str) -> str:
    for element in at.get("bidi_component"):
        if str(element.proto.id).endswith(f"-{key}"):
            return str(element.proto.id)
    raise AssertionError(f"no card table {key!r} on the page")


def _send(at: AppTest, *states: WidgetState) -> AppTest:
    """The next run with ``states`` added to the widget states the page's own widgets send (as a
    forged ``rerun_script`` message would carry them)."""
    widgets = at._tree.get_widget_states()
    widgets.widgets.extend(states)
    return at._run(widgets)


def _trigger(at: AppTest, key: str, **value: Any) -> WidgetState:
    """The table's own trigger, carrying ``value`` (a WidgetState field and its value)."""
    state = WidgetState(id=_make_trigger_id(_table_id(at, key), "events"))
    for field, content in value.items():
        setattr(state, field, content)
    return state


def _action(action: dict[str, Any]) -> str:
    return json.dumps([{"event": ACTION_EVENT, "value": action}])


def _picture(at: AppTest, key: str) -> tuple[Any, ...]:
    """What a forged action must not change: the position drawn, the hand and its words, how many
    actions the table has handed on, and the verdicts on the page."""
    data = table_data(at, key)
    said = [str(element.value) for element in (*at.error, *at.warning, *at.success)]
    return data["scene"], json.dumps(data["hand"], sort_keys=True), data["answered"], said


def _forged_actions(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Actions no click on this picture can send, each on the picture's own scene."""
    hand = data["hand"] or {"cards": []}
    shown = [card["c"] for card in hand["cards"]]
    outside = next(str(card) for card in CardSet.full_deck() if str(card) not in shown)
    dimmed = [card["c"] for card in hand["cards"] if not card["ok"]]
    unasked = [seat["seat"] for seat in data["seats"] if not seat["pick"]]
    actions: dict[str, dict[str, Any]] = {
        "no card": {"kind": "play", "card": "ZZ"},
        "an empty card": {"kind": "play", "card": ""},
        "a long card": {"kind": "play", "card": "Q" * 100_000},
        "a number for a card": {"kind": "play", "card": 7},
        "a card not in the hand": {"kind": "play", "card": outside},
        "no cards": {"kind": "cards", "cards": ["ZZ", "1X"]},
        "cards not in the hand": {"kind": "cards", "cards": [outside]},
        "a list of numbers": {"kind": "cards", "cards": [1, 2, 3]},
        "cards as a text": {"kind": "cards", "cards": "QS"},
        "a huge seat": {"kind": "seat", "seat": 10**30},
        "a negative seat": {"kind": "seat", "seat": -1},
        "a seat as a text": {"kind": "seat", "seat": "0"},
        "an unknown kind": {"kind": "explode", "card": outside},
        "no kind": {"card": outside},
        "an unknown speed": {"kind": "speed", "speed": "warp"},
    }
    if shown:
        actions["a card twice"] = {"kind": "cards", "cards": [shown[0], shown[0]]}
    if dimmed:
        actions["a dimmed card"] = {"kind": "play", "card": dimmed[0]}
    if unasked:
        actions["a seat not asked for"] = {"kind": "seat", "seat": unasked[0]}
    if hand.get("mode") == "select":
        actions["a play on a hand to choose from"] = {"kind": "play", "card": shown[0]}
    if hand.get("mode") == "play":
        actions["a choice on a hand to play from"] = {"kind": "cards", "cards": shown[:1]}
    if hand.get("mode") in (None, "view") and shown:
        actions["a card of a hand only to look at"] = {"kind": "play", "card": shown[0]}
    scene = data["scene"]
    return {name: {**action, "scene": scene} for name, action in actions.items()}


def _malformed_triggers(data: dict[str, Any]) -> dict[str, str]:
    """Trigger values of other shapes than the table sends (a list of one ``action`` event)."""
    forged = {"kind": "play", "card": "ZZ", "scene": data["scene"]}
    return {
        "not JSON": "{[not json",
        "a number": "42",
        "an object, not a list": json.dumps({"event": ACTION_EVENT, "value": forged}),
        "a list of anything": json.dumps([1, "x", None, [], {"value": forged}]),
        "an unknown event": json.dumps([{"event": "explode", "value": forged}]),
        "an event without a value": json.dumps([{"event": ACTION_EVENT}]),
        "an event named by a number": json.dumps([{"event": 5, "value": forged}]),
        "a megabyte": _action({**forged, "padding": "x" * 1_000_000}),
        "another scene": _action({**forged, "card": _first_offered(data)["card"], "scene": [data["scene"]]})
        if _first_offered(data)["kind"] == "play"
        else _action({**forged, "scene": None}),
    }


def _first_offered(data: dict[str, Any]) -> dict[str, Any]:
    """The first action this picture offers, as a click would send it."""
    hand = data["hand"]
    if hand is not None and hand["mode"] == "play":
        return {"kind": "play", "card": next(card["c"] for card in hand["cards"] if card["ok"])}
    if hand is not None and hand["mode"] == "select":
        return {"kind": "cards", "cards": [card["c"] for card in hand["cards"]][: hand["need"] or 1]}
    return {"kind": "seat", "seat": next(seat["seat"] for seat in data["seats"] if seat["pick"])}


def _unchanged_after(at: AppTest, key: str, name: str, *states: WidgetState) -> AppTest:
    before = _picture(at, key)
    at = _send(at, *states)
    assert not at.exception, (name, [element.value for element in at.exception])
    assert has_table(at, key), f"{name}: the table is not drawn"
    assert _picture(at, key) == before, f"{name}: the page took the action"
    return at


def _shrugs_off_everything_then_takes_a_real_click(at: AppTest, key: str) -> None:
    data = table_data(at, key)
    for name, action in _forged_actions(data).items():
        at = _unchanged_after(at, key, name, _trigger(at, key, json_trigger_value=_action(action)))
    for name, value in _malformed_triggers(data).items():
        at = _unchanged_after(at, key, name, _trigger(at, key, json_trigger_value=value))
    # A text where the trigger expects JSON (Streamlit parses it as JSON all the same).
    forged = _action(_forged_actions(data)["no card"])
    at = _unchanged_after(at, key, "a string value", _trigger(at, key, string_value=forged))
    _a_real_click_is_taken(at, key)


def _a_real_click_is_taken(at: AppTest, key: str) -> None:
    """A real click (the first the picture offers) reaches the page: it draws something else (a right
    answer may also replace the table, on the Puzzles page)."""
    before = _picture(at, key)
    at = click_table(at, key, **_first_offered(table_data(at, key)))
    assert not at.exception, at.exception
    assert not has_table(at, key) or _picture(at, key) != before, "a real click after the forged ones is taken"


def _analysis() -> tuple[AppTest, str]:
    return _open("pages/9_Analysis.py"), ANALYSIS_TABLE


def _practice(stage: str) -> tuple[AppTest, str]:
    at = _open("pages/4_Practice.py")
    at.radio(key=PracticeView.widget_key("level")).set_value("random").run()
    at.button(key=PracticeView.widget_key("start")).click().run()
    assert table_data(at, PRACTICE_TABLE)["hand"]["mode"] == "select", "a new game starts with the pass"
    if stage == "play":
        click_table(at, PRACTICE_TABLE, **_first_offered(table_data(at, PRACTICE_TABLE)))
        assert table_data(at, PRACTICE_TABLE)["hand"]["mode"] == "play"
    return at, PRACTICE_TABLE


def _daily_deal() -> tuple[AppTest, str]:
    at = _open("pages/11_Daily_deal.py")
    at.button(key="ha_dd_play").click().run()
    at.switch_page("pages/4_Practice.py").run()  # where the button goes
    assert not at.exception, at.exception
    return at, PRACTICE_TABLE


def _review() -> tuple[AppTest, str]:
    at = _open("pages/10_Review.py")
    identity = at.session_state[session_key(Identity)]
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    state = HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")
    key = position_key("play", state, 0)
    card = QueueCard(key, "play", datetime.now(UTC), rules_text(state.rules), state.to_notation(), 0, "TH", "2H", 5.0)
    store().add_review_cards(str(identity.learner), [card])
    at.run()
    return at, f"{REVIEW_TABLE}_{key.replace(':', '_')}"


PAGES: dict[str, Callable[[], tuple[AppTest, str]]] = {
    "analysis": _analysis,
    "practice, the pass": lambda: _practice("pass"),
    "practice, a card": lambda: _practice("play"),
    "daily deal": _daily_deal,
    "lessons, a card": lambda: (_open("pages/2_Lessons.py", lesson="table", step="6"), LESSON_TABLE),
    "lessons, a pass": lambda: (_open("pages/2_Lessons.py", lesson="passing", step="5"), LESSON_TABLE),
    "lessons, a seat": lambda: (_open("pages/2_Lessons.py", lesson="table", step="5"), LESSON_TABLE),
    "puzzles, a card": lambda: (_open("pages/3_Puzzles.py", puzzle=CARD_PUZZLE.id), PUZZLE_TABLE),
    "puzzles, cards": lambda: (_open("pages/3_Puzzles.py", puzzle=CARDS_PUZZLE.id), PUZZLE_TABLE),
    "review": _review,
}


@pytest.mark.parametrize("page", PAGES)
def test_a_forged_or_malformed_action_is_ignored_and_a_real_click_still_works(page: str) -> None:
    at, key = PAGES[page]()
    _shrugs_off_everything_then_takes_a_real_click(at, key)


def test_states_for_ids_made_to_look_like_the_table_s_are_ignored() -> None:
    at, key = _analysis()
    table = _table_id(at, key)
    forged = _action({"kind": "play", "card": "ZZ", "scene": table_data(at, key)["scene"]})
    lookalikes = {
        "the table's id, another key": table.replace(key, f"{key}_inject"),
        "the table's id and more": f"{table}_inject",
        "a trigger of another event": _make_trigger_id(table, "inject"),
        "a trigger of another table": _make_trigger_id(table.replace(key, "ha_table_inject"), "events"),
    }
    for name, widget in lookalikes.items():
        for field, value in (("json_trigger_value", forged), ("json_value", '{"action": 1}'), ("string_value", "x")):
            state = WidgetState(id=widget)
            setattr(state, field, value)
            at = _unchanged_after(at, key, f"{name} ({field})", state)
    _a_real_click_is_taken(at, key)


def test_an_action_forged_as_the_table_s_state_does_not_hide_later_clicks() -> None:
    """The table reports through its trigger only; an ``action`` sent as the component's state (which
    Streamlit keeps, and shows over the trigger's value of the same name) is ignored, and forgotten."""
    at, key = _analysis()
    forged = {ACTION_EVENT: {"kind": "play", "card": "ZZ", "scene": table_data(at, key)["scene"]}}
    at = _unchanged_after(at, key, "a forged state", WidgetState(id=_table_id(at, key), json_value=json.dumps(forged)))
    _a_real_click_is_taken(at, key)
