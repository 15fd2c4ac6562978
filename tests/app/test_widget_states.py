"""The widget-state guard (``hearts_ui/widget_states.py``) around a stand-in for Streamlit's websocket
route: what Streamlit cannot read is taken out of a ``rerun_script`` and the rest passes as it was; the
session's own kinds are read once the server has named the session.  ``tests/deploy/
test_hostile_widget_states.py`` sends the same states to a real server."""

from __future__ import annotations

import json

from starlette.types import Message, Receive, Scope, Send
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

from hearts_ui.widget_states import Registered, WidgetStateGuard, readable
from tests.run_async import run as run_async

TABLE = "$$ID-0123-ha_pr_table"
TRIGGER = f"$$STREAMLIT_INTERNAL_KEY_{TABLE}__events"
RADIO = "$$ID-4567-ha_pr_level"


def _state(widget_id: str, **value: object) -> WidgetState:
    state = WidgetState(id=widget_id)
    for field, content in value.items():
        setattr(state, field, content)
    return state


def _rerun(*states: WidgetState) -> bytes:
    message = BackMsg()
    message.rerun_script.query_string = "a=b"
    message.rerun_script.page_script_hash = "page"
    message.rerun_script.widget_states.widgets.extend(states)
    return bytes(message.SerializeToString())


def _nothing_registered(widget_id: str) -> str | None:
    return None


#: What a browser sends: the table's click, a radio's choice, a cleared trigger.
CLICK = _state(TRIGGER, json_trigger_value=json.dumps([{"event": "action", "value": {"kind": "play"}}]))
BROWSER = (CLICK, _state(RADIO, int_value=2), WidgetState(id=TRIGGER))


def test_what_a_browser_sends_passes_untouched() -> None:
    assert readable(_rerun(*BROWSER), _nothing_registered) is None
    assert readable(BackMsg(app_heartbeat=True).SerializeToString(), _nothing_registered) is None
    assert readable(b"\xff not a message", _nothing_registered) is None  # Streamlit closes the connection


def test_the_unreadable_states_are_taken_out_and_the_rest_kept_as_they_were() -> None:
    hostile = (
        _state("ha_table_inject", string_value="x"),
        _state(TRIGGER, int_value=5),
        _state(TABLE, json_value="{not json"),
        _state(TABLE, int_value=3),
    )
    kinds = {TABLE: "json_value", RADIO: "int_value", TRIGGER: "json_trigger_value"}
    kept = readable(_rerun(hostile[0], *BROWSER, *hostile[1:]), kinds.get)
    assert kept is not None
    message = BackMsg.FromString(kept)
    assert list(message.rerun_script.widget_states.widgets) == list(BROWSER)
    assert (message.rerun_script.query_string, message.rerun_script.page_script_hash) == ("a=b", "page")


def _new_session(session_id: str) -> bytes:
    message = ForwardMsg()
    message.new_session.initialize.session_id = session_id
    return bytes(message.SerializeToString())


class Stream:
    """Streamlit's websocket route, reduced: it reads what the client sends, and names its session
    (``s1``) before the first message it reads or after it."""

    def __init__(self, names_first: bool) -> None:
        self.names_first = names_first
        self.received: list[bytes] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.names_first:
            await send({"type": "websocket.send", "bytes": _new_session("s1")})
        while (message := await receive())["type"] == "websocket.receive":
            self.received.append(message["bytes"])
            await send({"type": "websocket.send", "bytes": _new_session("s1")})


def _guarded(stream: Stream, *sent: bytes) -> list[str | None]:
    """The sessions whose kinds the guard asked for, one per message ``sent`` through it to ``stream``
    by a client that asks to resume the session ``old``."""
    asked: list[str | None] = []

    def kinds(session_id: str | None) -> Registered:
        asked.append(session_id)
        return {TABLE: "json_value"}.get if session_id in ("s1", "old") else _nothing_registered

    incoming: list[Message] = [{"type": "websocket.receive", "bytes": data} for data in sent]
    incoming.append({"type": "websocket.disconnect"})

    async def receive() -> Message:
        return incoming.pop(0)

    async def send(message: Message) -> None:
        pass

    headers = [(b"sec-websocket-protocol", b"streamlit, token, old")]
    run_async(WidgetStateGuard(stream, kinds)({"type": "websocket", "headers": headers}, receive, send))
    return asked


def test_the_guard_reads_the_kinds_of_the_session_the_server_names_or_the_client_resumes() -> None:
    for names_first, sessions in ((True, ["s1", "s1"]), (False, ["old", "s1"])):
        stream = Stream(names_first)
        assert _guarded(stream, _rerun(_state(TABLE, int_value=3), CLICK), _rerun(CLICK)) == sessions
        kept = [list(BackMsg.FromString(data).rerun_script.widget_states.widgets) for data in stream.received]
        assert kept == [[CLICK], [CLICK]]
