"""The widget states a client may send: an ASGI middleware on Streamlit's websocket that drops the ones
Streamlit itself cannot read.

A browser's ``rerun_script`` message (a ``BackMsg``) carries the values of the page's widgets, and a
client of its own can put anything there.  Streamlit reads them before any code of the app runs, and
some fail there (streamlit 1.67, found by sending them: ``tests/deploy/test_hostile_widget_states.py``),
so the page shows an exception in place of itself, whatever the app checks later:

- an id that is no widget's, such as ``ha_table_inject``: every ``st.radio``, ``st.selectbox``,
  ``st.number_input``, ``st.text_input``... of the run reads the whole session state
  (``SessionState.filtered_state``), which raises ``KeyError`` for a value it knows no widget of;
- a ``json_value`` that is not JSON: Streamlit parses it unguarded (``unpack_widget_state_value``);
- a value of another kind than the component's: a number, a boolean, bytes or a list for a
  component's trigger (its deserializer runs ``json.loads`` on it), a number for a component's state
  (Streamlit then writes the state's JSON text into an integer field).

The card table (``hearts_ui.widgets.card_table.component``) checks the actions that do reach it; these
never reach it, so this is the boundary that can refuse them: in each ``rerun_script`` the middleware
keeps only the widget states Streamlit can read (:func:`refusal` says why one is not), logs a line for
each one dropped (never its value), and passes the message on, unchanged when nothing was dropped.  A
message Streamlit refuses itself (not a ``BackMsg``, or over ``server.maxWidgetStateSize``) is left to
it.  The kinds the session registered are read from the running session (``Runtime.get_app_session``,
the id from the server's ``new_session`` message or the reconnecting client's subprotocol); before the
session has registered a widget, the rules that need no session still hold.

The middleware does not judge the values of Streamlit's own widgets (a radio's option number out of
range still fails in Streamlit's deserializer: the page's error boundary shows its short message).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Final

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from streamlit.logger import get_logger
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.runtime import Runtime
from streamlit.runtime.runtime_util import get_max_widget_state_size_bytes

#: How the ids Streamlit gives begin: a widget's (``$$ID-<hash>-<key>``) and a component's trigger's.
WIDGET_ID: Final = "$$ID-"
TRIGGER_ID: Final = "$$STREAMLIT_INTERNAL_KEY_"
#: How a component's trigger id ends (Streamlit's one trigger per component, for all its events).
TRIGGER_END: Final = "__events"
#: The kinds of value Streamlit parses as JSON.
JSON_KINDS: Final = frozenset({"json_value", "json_trigger_value"})
#: Messages at least this long are checked in a worker thread, off the event loop.
_LARGE: Final = 256 * 1024
_LOG: Final = get_logger(__name__)

#: The kind of value a session registered for a widget id (a ``WidgetState`` field), None if none.
Registered = Callable[[str], str | None]


def refusal(state: WidgetState, registered: str | None = None) -> str | None:
    """Why Streamlit could not read ``state`` (None: it can), given the kind of value the session
    registered for its id (None when it registered none).

    >>> refusal(WidgetState(id="ha_table_inject", string_value="x"))
    'an id Streamlit does not make'
    >>> trigger = "$$STREAMLIT_INTERNAL_KEY_$$ID-ab-ha_pr_table__events"
    >>> refusal(WidgetState(id=trigger, int_value=5))
    "int_value for a component's trigger"
    >>> refusal(WidgetState(id=trigger, json_trigger_value='[{"event": "action"}]')) is None
    True
    >>> refusal(WidgetState(id="$$ID-ab-ha_pr_table", json_value="{not json"))
    'json_value is not JSON'
    >>> refusal(WidgetState(id="$$ID-ab-ha_pr_table", int_value=3), registered="json_value")
    'int_value for a json_value widget'
    >>> refusal(WidgetState(id="$$ID-cd-ha_lang", int_value=3), registered="int_value") is None
    True
    """
    kind = state.WhichOneof("value")  # None: a value cleared, which Streamlit reads as None
    if not state.id.startswith((WIDGET_ID, TRIGGER_ID)):
        return "an id Streamlit does not make"
    if state.id.startswith(TRIGGER_ID) and state.id.endswith(TRIGGER_END) and kind not in ("json_trigger_value", None):
        return f"{kind} for a component's trigger"
    if kind in JSON_KINDS and not _is_json(getattr(state, kind)):
        return f"{kind} is not JSON"
    if registered in JSON_KINDS and kind not in (registered, None):
        return f"{kind} for a {registered} widget"
    return None


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:  # JSONDecodeError, or a number too long to convert
        return False
    except RecursionError:  # nested deeper than the parser goes: Streamlit's parser fails the same way
        return False
    return True


def readable(message: bytes, registered: Registered) -> bytes | None:
    """``message`` with the widget states Streamlit could not read taken out, or None when there is
    nothing to take out (it is no ``rerun_script``, or every state is readable)."""
    back = BackMsg()
    try:
        back.ParseFromString(message)
    except Exception:  # not a BackMsg: Streamlit closes the connection itself
        return None
    if back.WhichOneof("type") != "rerun_script":
        return None
    widgets = back.rerun_script.widget_states.widgets
    reasons = [refusal(state, registered(state.id)) for state in widgets]
    if not any(reasons):
        return None
    kept = WidgetStates()
    for state, reason in zip(widgets, reasons, strict=True):
        if reason is None:
            kept.widgets.append(state)  # a copy
        else:
            _LOG.warning("Widget state dropped: %s (id %r)", reason, state.id[:120])
    back.rerun_script.widget_states.CopyFrom(kept)
    data: bytes = back.SerializeToString()
    return data


def registered_kinds(session_id: str | None) -> Registered:
    """The kinds of value the running session ``session_id`` registered, by widget id."""

    def registered(widget_id: str) -> str | None:
        session = Runtime.instance().get_app_session(session_id) if session_id and Runtime.exists() else None
        metadata = session.session_state.get_widget_metadata(widget_id) if session is not None else None
        return metadata.value_type if metadata is not None else None

    return registered


def _resumed_session(scope: Scope) -> str | None:
    """The session a reconnecting client asks to resume (the third entry of its subprotocols, as
    Streamlit reads them)."""
    entries = [entry.strip() for entry in Headers(scope=scope).get("sec-websocket-protocol", "").split(",")]
    return entries[2] if len(entries) > 2 and entries[2] else None


def _new_session(message: Message) -> str | None:
    """The session id in the server's ``new_session`` message, if ``message`` is one."""
    data = message.get("bytes") if message["type"] == "websocket.send" else None
    if not data:
        return None
    forward = ForwardMsg.FromString(data)
    if forward.WhichOneof("type") != "new_session":
        return None
    return forward.new_session.initialize.session_id or None


class _Connection:
    """One websocket's session, as far as the middleware knows it."""

    def __init__(self, scope: Scope) -> None:
        self.session_id = _resumed_session(scope)
        self.named = False  # whether the server has named the session yet (then its messages go unread)

    def watch(self, message: Message) -> None:
        """Learn the session's id from the server's first ``new_session`` message."""
        if not self.named:
            named = _new_session(message)
            if named is not None:
                self.session_id, self.named = named, True


class WidgetStateGuard:
    """Drops, from every ``rerun_script`` a client sends, the widget states Streamlit cannot read (see
    the module's text)."""

    def __init__(self, app: ASGIApp, kinds: Callable[[str | None], Registered] = registered_kinds) -> None:
        self.app = app
        self._kinds = kinds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        connection = _Connection(scope)

        async def watching_send(message: Message) -> None:
            connection.watch(message)
            await send(message)

        async def guarded_receive() -> Message:
            message = await receive()
            data = message.get("bytes") if message["type"] == "websocket.receive" else None
            if not data or len(data) > get_max_widget_state_size_bytes():
                return message  # nothing to read, or a message Streamlit refuses whole
            registered = self._kinds(connection.session_id)
            if len(data) < _LARGE:
                kept = readable(data, registered)
            else:
                kept = await run_in_threadpool(readable, data, registered)
            return message if kept is None else {**message, "bytes": kept}

        await self.app(scope, guarded_receive, watching_send)


__all__ = [
    "JSON_KINDS",
    "TRIGGER_END",
    "TRIGGER_ID",
    "WIDGET_ID",
    "Registered",
    "WidgetStateGuard",
    "readable",
    "refusal",
]
