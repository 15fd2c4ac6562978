"""The card table on the page: one Streamlit component (components v2, in the page, no iframe).

:func:`card_table` draws a :class:`~.payload.TableScene` and, when the learner
clicks a card, confirms a choice or picks a seat, calls ``on_action`` with a
:class:`TableAction` in the widget callback, before the page runs again, so the
page draws the position that follows.  An action made on a picture the table
no longer shows (a double click during the rerun) is dropped.

The table remembers the position it drew last under its key, so the next
picture can show the change (the bots' cards one by one, the trick going to
its winner) without the page keeping track of it.

AppTest cannot run the component's JavaScript: a test puts the action a click
would send under :data:`INJECT_KEY` (``{table key: action}``), and
:func:`apply_injected_actions`, called before every page body, hands it to
the table's ``on_action`` exactly as the click's callback would.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, Literal

import streamlit as st

from hearts_core.engine.state import HandState

from ...language import in_session_language
from ...storage import learner, store
from ...texts import ui
from .payload import SPEEDS, TableLook, TableScene, table_payload

ActionKind = Literal["play", "cards", "seat"]

#: The component's registered name.
COMPONENT_NAME: Final = "hearts_academy_table"

_HERE: Final = Path(__file__).parent
_MOUNT: Final = st.components.v2.component(
    COMPONENT_NAME,
    js=(_HERE / "table.js").read_text(encoding="utf-8"),
    css=(_HERE / "table.css").read_text(encoding="utf-8"),
    isolate_styles=True,
)

#: Session-state key of the learner's table settings (a :class:`TableLook`).
LOOK_KEY: Final = "ha_stored_look"
#: The setting's name in the database.
LOOK_SETTING: Final = "table_look"
#: Where a test puts the action a click would send: ``{table key: action dict}``.
INJECT_KEY: Final = "ha_table_inject"
#: Each table's last drawing: ``{table key: (scene id, on_action, position shown)}``.
_DRAWN_KEY: Final = "ha_table_drawn"
#: How many actions each table has handed on: sent with the picture, so that an action that leaves the
#: position as it was (a card judged "legal, but not the best") still redraws the table and frees it.
_ACTIONS_KEY: Final = "ha_table_actions"

Handler = Callable[["TableAction"], None]


@dataclass(frozen=True)
class TableAction:
    """What the learner did on the table: played ``card``, confirmed ``cards``, or picked ``seat``."""

    kind: ActionKind
    card: str | None = None
    cards: tuple[str, ...] = ()
    seat: int | None = None


def parse_action(value: object, scene: str) -> TableAction | None:
    """The action a trigger value describes, or None when it is malformed or made on another scene.

    >>> parse_action({"kind": "play", "card": "QS", "scene": "0.ab.3"}, "0.ab.3")
    TableAction(kind='play', card='QS', cards=(), seat=None)
    >>> parse_action({"kind": "play", "card": "QS", "scene": "0.ab.2"}, "0.ab.3") is None
    True
    >>> parse_action({"kind": "seat", "seat": 2, "scene": "s"}, "s")
    TableAction(kind='seat', card=None, cards=(), seat=2)
    >>> parse_action("nonsense", "s") is None
    True
    """
    if not isinstance(value, Mapping) or value.get("scene") != scene:
        return None
    kind = value.get("kind")
    if kind == "play" and isinstance(value.get("card"), str):
        return TableAction("play", card=value["card"])
    cards = value.get("cards")
    if kind == "cards" and isinstance(cards, list) and all(isinstance(card, str) for card in cards):
        return TableAction("cards", cards=tuple(cards))
    seat = value.get("seat")
    if kind == "seat" and isinstance(seat, int) and not isinstance(seat, bool):
        return TableAction("seat", seat=seat)
    return None


def table_look() -> TableLook:
    """The learner's table settings (the defaults until they change them): read from the database
    once per session."""
    look = st.session_state.get(LOOK_KEY)
    if not isinstance(look, TableLook):
        look = TableLook.from_setting(store().settings(learner()).get(LOOK_SETTING))
        st.session_state[LOOK_KEY] = look
    return look


def _drawn() -> dict[str, tuple[str, Handler | None, HandState]]:
    drawn = st.session_state.get(_DRAWN_KEY)
    if not isinstance(drawn, dict):
        drawn = {}
        st.session_state[_DRAWN_KEY] = drawn
    return drawn


def apply_injected_actions() -> None:
    """Hand each injected action (:data:`INJECT_KEY`) to the table it names, as its click would."""
    injected = st.session_state.pop(INJECT_KEY, None)
    if not isinstance(injected, Mapping):
        return
    for key, value in injected.items():
        shown = _drawn().get(str(key))
        if shown is None:
            continue
        scene, handler, _ = shown
        action = parse_action(
            {**value, "scene": value.get("scene", scene)} if isinstance(value, Mapping) else value, scene
        )
        if action is not None and handler is not None:
            _count_action(str(key))
            handler(action)


def _count_action(key: str) -> None:
    counts = st.session_state.get(_ACTIONS_KEY)
    if not isinstance(counts, dict):
        counts = {}
        st.session_state[_ACTIONS_KEY] = counts
    counts[key] = counts.get(key, 0) + 1


def card_table(scene: TableScene, *, key: str, on_action: Handler | None = None) -> dict[str, Any]:
    """Draw ``scene`` as the table under ``key``; ``on_action`` receives what the learner does.

    Without ``scene.before``, the change from the position this table drew last
    is shown (when the new one plays on from it).  Returns the payload sent to
    the browser (for tests and the payload-size benchmark).
    """
    drawn = _drawn()
    if scene.before is None and key in drawn:
        scene = replace(scene, before=drawn[key][2])
    payload = table_payload(scene, table_look(), key)
    counts = st.session_state.get(_ACTIONS_KEY)
    payload["answered"] = counts.get(key, 0) if isinstance(counts, dict) else 0
    shown = payload["scene"]
    drawn[key] = (shown, on_action, scene.state)

    def dispatch() -> None:
        state = st.session_state.get(key)
        action = parse_action(state.get("action") if isinstance(state, Mapping) else None, shown)
        if action is not None and on_action is not None:
            _count_action(key)
            on_action(action)

    _MOUNT(key=key, data=payload, on_action_change=dispatch, width="stretch", height="content")
    return payload


def look_settings() -> None:
    """The table settings (how fast the others' cards appear, rank order, four colours), in a popover."""
    look = table_look()
    with st.popover(ui("table.settings"), icon=":material/tune:"):
        speed = st.radio(
            ui("table.speed"),
            SPEEDS,
            index=SPEEDS.index(look.speed),
            key="ha_look_speed",
            format_func=in_session_language(lambda value: ui(f"table.speed_{value}")),
            horizontal=True,
        )
        high_first = st.toggle(ui("table.high_first"), value=look.rank_order == "high_first", key="ha_look_order")
        four = st.toggle(
            ui("table.four_colour"), value=look.four_colour, key="ha_look_four", help=ui("table.four_colour_help")
        )
    chosen = TableLook(speed=speed, rank_order="high_first" if high_first else "low_first", four_colour=four)
    if chosen != look:
        st.session_state[LOOK_KEY] = chosen
        store().save_setting(learner(), LOOK_SETTING, chosen.as_setting())


__all__ = [
    "COMPONENT_NAME",
    "INJECT_KEY",
    "LOOK_KEY",
    "TableAction",
    "apply_injected_actions",
    "card_table",
    "look_settings",
    "parse_action",
    "table_look",
]
