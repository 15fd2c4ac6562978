"""Widget states a hostile client sends over Streamlit's websocket, to a real ``streamlit run app.py``
(issue 28, item 11): what Streamlit itself cannot read is dropped at the websocket
(:mod:`hearts_ui.widget_states`), so the page is drawn with its card table, nothing fails, the server
logs no traceback, and a real click on the table still works.

The client is the attacker's own: its own session, ``rerun_script`` messages for the Analysis and
Lessons pages with widget states it makes up: ids that are no widget's (``ha_table_inject``, the
table's key itself), a component trigger given a number, a boolean, bytes, a list or bad JSON, the
component's state given bad JSON or a number.  Before the guard each of these put an exception in the
page in place of the page (and a traceback in the log).  AppTest cannot send them this way: it hands
the states to the session without the websocket (``tests/app/test_hostile_table_actions.py`` sends
there what does reach the app's code).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from hearts_ui.views.analysis.page import TABLE_KEY as ANALYSIS_TABLE
from hearts_ui.views.lessons.steps import TABLE_KEY as LESSON_TABLE
from hearts_ui.widgets.card_table.component import ACTION_EVENT
from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.slow  # a real server: the full run's
RUN_TIMEOUT = 60.0
#: The page (its URL name and query) and the card table on it.
PAGES = {
    "analysis": ("Analysis", "", ANALYSIS_TABLE),
    "lessons": ("Lessons", "lesson=table&step=6", LESSON_TABLE),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    running = StreamlitServer(tmp_path_factory.mktemp("streamlit") / "server.log")
    try:
        running.wait_until_ready()
        yield running
    finally:
        running.stop()


class Run:
    """What one script run sent the client: its elements, by kind, and the card tables' payloads."""

    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.tables: dict[str, dict[str, Any]] = {}

    def add(self, message: ForwardMsg) -> None:
        if message.WhichOneof("type") != "delta" or message.delta.WhichOneof("type") != "new_element":
            return
        element = message.delta.new_element
        self.kinds.append(str(element.WhichOneof("type")))
        if element.WhichOneof("type") == "bidi_component":
            self.tables[element.bidi_component.id] = json.loads(element.bidi_component.json)

    def table(self, key: str) -> tuple[str, dict[str, Any]] | None:
        """The id and payload of the card table under ``key``, if this run drew it."""
        return next(((id_, data) for id_, data in self.tables.items() if id_.endswith(f"-{key}")), None)


class Client:
    """A session of the attacker's own, on one page: opened by its name, then run again by its hash, as
    the browser does."""

    def __init__(self, websocket: ClientConnection, page: str, query: str) -> None:
        self.websocket = websocket
        self.page, self.query = page, query
        self.page_hash = ""

    def run(self, *states: WidgetState) -> Run:
        """A ``rerun_script`` of the page with ``states``, and what the run sent back."""
        rerun = BackMsg()
        rerun.rerun_script.query_string = self.query
        if self.page_hash:
            rerun.rerun_script.page_script_hash = self.page_hash
        else:
            rerun.rerun_script.page_name = self.page
        rerun.rerun_script.widget_states.widgets.extend(states)
        self.websocket.send(rerun.SerializeToString())
        run = Run()
        deadline = time.monotonic() + RUN_TIMEOUT
        while True:
            data = self.websocket.recv(timeout=max(0.1, deadline - time.monotonic()))
            assert isinstance(data, bytes)
            message = ForwardMsg.FromString(data)
            if message.WhichOneof("type") == "navigation":  # the page the run is on
                self.page_hash = message.navigation.page_script_hash
            if message.WhichOneof("type") == "script_finished":
                return run
            run.add(message)


@pytest.fixture(params=sorted(PAGES))
def client(server: StreamlitServer, request: pytest.FixtureRequest) -> Iterator[Client]:
    page, query, _ = PAGES[request.param]
    with connect(
        f"ws://127.0.0.1:{server.port}/_stcore/stream",
        subprotocols=[Subprotocol("streamlit")],
        proxy=None,
        open_timeout=10,
        max_size=None,
    ) as websocket:
        yield Client(websocket, page, query)


def _state(widget_id: str, **value: Any) -> WidgetState:
    state = WidgetState(id=widget_id)
    for field, content in value.items():
        if field.endswith("_array_value"):
            getattr(state, field).data.extend(content)
        else:
            setattr(state, field, content)
    return state


def _trigger_id(table_id: str) -> str:
    return f"$$STREAMLIT_INTERNAL_KEY_{table_id}__events"


#: What the client sends, given the table's id and payload: none of it can a browser send.
HOSTILE: dict[str, Callable[[str, dict[str, Any]], WidgetState]] = {
    "ha_table_inject, a text": lambda table, data: _state("ha_table_inject", string_value="x"),
    "ha_table_inject, JSON": lambda table, data: _state(
        "ha_table_inject", json_value='{"ha_an_table": {"kind": "play"}}'
    ),
    "ha_table_inject, bad JSON": lambda table, data: _state("ha_table_inject", json_value="{bad"),
    "ha_table_inject, a trigger": lambda table, data: _state(
        "ha_table_inject", json_trigger_value=json.dumps([{"event": ACTION_EVENT, "value": {"kind": "play"}}])
    ),
    "the table's key as an id": lambda table, data: _state(table.rsplit("-", 1)[1], json_value='{"action": 1}'),
    "the trigger, a number": lambda table, data: _state(_trigger_id(table), int_value=5),
    "the trigger, a boolean": lambda table, data: _state(_trigger_id(table), trigger_value=True),
    "the trigger, bytes": lambda table, data: _state(_trigger_id(table), bytes_value=b"\xff\x00"),
    "the trigger, a list": lambda table, data: _state(_trigger_id(table), double_array_value=[1.0, 2.0]),
    "the trigger, bad JSON as a json_value": lambda table, data: _state(_trigger_id(table), json_value="{bad"),
    "the trigger, bad JSON": lambda table, data: _state(_trigger_id(table), json_trigger_value="{bad"),
    "the state, bad JSON": lambda table, data: _state(table, json_value="{bad"),
    "the state, a number": lambda table, data: _state(table, int_value=3),
    "the state, a forged action": lambda table, data: _state(
        table, json_value=json.dumps({ACTION_EVENT: {"kind": "play", "card": "ZZ", "scene": data["scene"]}})
    ),
}


def _log_tail(server: StreamlitServer, start: int) -> str:
    return Path(server.log_path).read_text(errors="replace")[start:]


def test_the_page_stays_drawn_and_a_real_click_still_works(server: StreamlitServer, client: Client) -> None:
    key = next(key for page, _, key in PAGES.values() if page == client.page)
    first = client.run()
    drawn = first.table(key)
    assert drawn is not None and "exception" not in first.kinds, first.kinds
    table, data = drawn
    log_start = len(Path(server.log_path).read_text(errors="replace"))
    for name, make in HOSTILE.items():
        run = client.run(make(table, data))
        assert "exception" not in run.kinds, f"{name}: an exception in the page"
        assert run.table(key) is not None, f"{name}: the page was not drawn"
        assert run.table(key) == drawn, f"{name}: the table changed"
    assert "Traceback" not in _log_tail(server, log_start)
    card = next(card["c"] for card in data["hand"]["cards"] if card["ok"])
    click = {"kind": "play", "card": card, "scene": data["scene"], "at": 1}
    run = client.run(
        _state(_trigger_id(table), json_trigger_value=json.dumps([{"event": ACTION_EVENT, "value": click}]))
    )
    after = run.table(key)
    assert "exception" not in run.kinds and after is not None
    assert after[1]["answered"] == data["answered"] + 1, "the real click was handed to the page"
