"""The card table on the page: one Streamlit component (components v2, in the page, no iframe).

:func:`card_table` draws a :class:`~.payload.TableScene` and, when the learner
clicks a card, confirms a choice or picks a seat, calls ``on_action`` with a
:class:`TableAction` in the component's callback, before the page runs again, so
the page draws the position that follows.  An action made on a picture the
table no longer shows (a double click during the rerun) is dropped, and so is
one the picture did not offer (:class:`Offered`: a card not in the hand or
dimmed, a seat nobody asked for, a card twice): the table's JavaScript never
sends those, so they come from a forged message, and no page sees them.

The table remembers the position it drew last under its key (:class:`CardTables`,
in the session), so the next picture can show the change (the bots' cards one by
one, the trick going to its winner) without the page keeping track of it.  The
``on_action`` handler is handed to the component as its callback and nowhere
else: nothing callable is kept in the session.

AppTest cannot run the component's JavaScript; ``tests/app/tables.py`` sends the
trigger a click would send, so the tests go through this same callback.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal, cast

import streamlit as st

from hearts_core.engine.state import HandState

from ... import page_state
from ...language import speaking
from ...storage import learner, store
from ...texts import ui
from .payload import SPEEDS, HandMode, Speed, TableLook, TableScene, table_payload

ActionKind = Literal["play", "cards", "seat", "speed"]

#: The component's registered name.
COMPONENT_NAME: Final = "hearts_academy_table"
#: The component's event that carries the learner's action (its callback is ``on_action_change``).
ACTION_EVENT: Final = "action"

_HERE: Final = Path(__file__).parent
_MOUNT: Final = st.components.v2.component(
    COMPONENT_NAME,
    js=(_HERE / "table.js").read_text(encoding="utf-8"),
    css=(_HERE / "table.css").read_text(encoding="utf-8"),
    isolate_styles=True,
)

#: The setting's name in the database.
LOOK_SETTING: Final = "table_look"

Handler = Callable[["TableAction"], None]


@dataclass(frozen=True)
class TableAction:
    """What the learner did on the table: played ``card``, confirmed ``cards``, picked ``seat``, or
    chose how fast the others play (``speed``: the table keeps that one itself)."""

    kind: ActionKind
    card: str | None = None
    cards: tuple[str, ...] = ()
    seat: int | None = None
    speed: str | None = None


@dataclass(frozen=True)
class DrawnTable:
    """What one table drew last: the picture's id (``scene``), the position shown, and how many
    actions it has handed on (sent with the picture, so that an action that leaves the position as it
    was, a card judged "legal, but not the best", still redraws the table and frees it)."""

    scene: str
    position: HandState
    answered: int = 0


@dataclass(frozen=True)
class CardTables(page_state.PageState):
    """Every card table of the session, by key: what it drew last."""

    drawn: Mapping[str, DrawnTable] = field(default_factory=dict)

    def with_table(self, key: str, table: DrawnTable) -> CardTables:
        """These tables with ``key``'s drawing replaced."""
        return replace(self, drawn={**self.drawn, key: table})


@dataclass(frozen=True)
class StoredLook(page_state.StoredCopy):
    """The learner's table settings as the session read them from the database (None: not read yet)."""

    look: TableLook | None = None


def parse_action(value: object, scene: str) -> TableAction | None:
    """The action a trigger value describes, or None when it is malformed or made on another scene.

    >>> parse_action({"kind": "play", "card": "QS", "scene": "0.ab.3"}, "0.ab.3")
    TableAction(kind='play', card='QS', cards=(), seat=None, speed=None)
    >>> parse_action({"kind": "play", "card": "QS", "scene": "0.ab.2"}, "0.ab.3") is None
    True
    >>> parse_action({"kind": "seat", "seat": 2, "scene": "s"}, "s")
    TableAction(kind='seat', card=None, cards=(), seat=2, speed=None)
    >>> parse_action({"kind": "speed", "speed": "fast", "scene": "s"}, "s")
    TableAction(kind='speed', card=None, cards=(), seat=None, speed='fast')
    >>> parse_action({"kind": "speed", "speed": "warp", "scene": "s"}, "s") is None
    True
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
    if kind == "speed" and value.get("speed") in SPEEDS:
        return TableAction("speed", speed=value["speed"])
    return None


@dataclass(frozen=True)
class Offered:
    """What one picture of the table offers the learner, read from its payload: a click on one of the
    ``playable`` cards (a hand in "play" mode), a choice among the hand's ``cards`` ("select" mode),
    one of the ``seats`` asked for, or the speed.  :meth:`allows` says whether an action is one of
    these, as the table's JavaScript would send it.

    >>> hand = {"mode": "play", "cards": [{"c": "QS", "ok": True}, {"c": "2H", "ok": False}]}
    >>> offered = Offered.of({"scene": "s", "hand": hand, "seats": [{"seat": 0, "pick": ""}]})
    >>> offered.allows(TableAction("play", card="QS")), offered.allows(TableAction("play", card="2H"))
    (True, False)
    >>> offered.allows(TableAction("play", card="ZZ")), offered.allows(TableAction("seat", seat=0))
    (False, False)
    """

    scene: str
    mode: HandMode = "view"
    playable: frozenset[str] = frozenset()
    cards: frozenset[str] = frozenset()
    seats: frozenset[int] = frozenset()

    @classmethod
    def of(cls, payload: Mapping[str, Any]) -> Offered:
        """What the table's ``payload`` (:func:`~.payload.table_payload`) offers."""
        hand = payload.get("hand") or {}
        shown = hand.get("cards", [])
        return cls(
            scene=payload["scene"],
            mode=hand.get("mode", "view"),
            playable=frozenset(card["c"] for card in shown if card["ok"]),
            cards=frozenset(card["c"] for card in shown),
            seats=frozenset(seat["seat"] for seat in payload.get("seats", []) if seat["pick"]),
        )

    def allows(self, action: TableAction) -> bool:
        """Whether ``action`` is one this picture offers (the speed is offered on every table)."""
        if action.kind == "play":
            return self.mode == "play" and action.card in self.playable
        if action.kind == "cards":
            chosen = set(action.cards)
            return self.mode == "select" and len(chosen) == len(action.cards) and chosen <= self.cards
        if action.kind == "seat":
            return action.seat in self.seats
        return action.kind == "speed"


def table_look() -> TableLook:
    """The learner's table settings (the defaults until they change them): read from the database
    once per session."""
    look = page_state.get(StoredLook).look
    if look is None:
        look = TableLook.from_setting(store().settings(learner()).get(LOOK_SETTING))
        page_state.put(StoredLook(look))
    return look


def _handed_on(key: str, offered: Offered, on_action: Handler | None) -> None:
    """The component's callback: the action the browser sent from the table under ``key``, handed to
    ``on_action`` if the picture drawn (``offered``) offered it."""
    sent = page_state.widget_value(key)
    action = parse_action(sent.get(ACTION_EVENT) if isinstance(sent, Mapping) else None, offered.scene)
    if action is not None and not offered.allows(action):
        action = None
    if action is not None and action.kind == "speed":
        save_look(replace(table_look(), speed=cast(Speed, action.speed)))
        return
    if action is None or on_action is None:
        return
    tables = page_state.get(CardTables)
    drawn = tables.drawn.get(key)
    if drawn is not None:
        page_state.put(tables.with_table(key, replace(drawn, answered=drawn.answered + 1)))
    # The engine's words a handler makes (a lesson's "you must follow suit...") in the session's language.
    speaking(on_action)(action)


def _forget_sent_state(key: str) -> None:
    """Drop an action kept as the component's *state* under ``key``, before the table is drawn.

    The table sends actions through its trigger only, and keeps no state; but a client may send the
    component a state, which Streamlit keeps from run to run and shows over the trigger's value of the
    same name (``st.session_state[key]``), so a forged ``action`` there would hide every later click.
    The component's value is a mapping that writes through to its state (Streamlit's way of setting a
    component's state from Python): deleting ``action`` from it leaves the trigger as it is."""
    kept = page_state.widget_value(key)
    if isinstance(kept, MutableMapping) and ACTION_EVENT in kept:
        del kept[ACTION_EVENT]


def card_table(scene: TableScene, *, key: str, on_action: Handler | None = None) -> dict[str, Any]:
    """Draw ``scene`` as the table under ``key``; ``on_action`` receives what the learner does.

    Without ``scene.before``, the change from the position this table drew last
    is shown (when the new one plays on from it), unless ``scene.motion`` is
    "jump".  Returns the payload sent to the browser (for tests and the
    payload-size benchmark).
    """
    tables = page_state.get(CardTables)
    last = tables.drawn.get(key)
    if scene.motion == "jump":
        scene = replace(scene, before=None)
    elif scene.before is None and last is not None:
        scene = replace(scene, before=last.position)
    _forget_sent_state(key)
    payload = table_payload(scene, table_look(), key)
    answered = last.answered if last is not None else 0
    payload["answered"] = answered
    shown = payload["scene"]
    page_state.put(tables.with_table(key, DrawnTable(shown, scene.state, answered)))
    _MOUNT(
        key=key,
        data=payload,
        on_action_change=functools.partial(_handed_on, key, Offered.of(payload), on_action),  # no args taken
        width="stretch",
        height="content",
    )
    return payload


def look_settings() -> None:
    """The table settings (rank order, four colours), in a popover; how fast the others' cards
    appear is chosen on the table itself."""
    look = table_look()
    with st.popover(ui("table.settings"), icon=":material/tune:"):
        high_first = st.toggle(
            ui("table.high_first"), value=look.rank_order == "high_first", key=page_state.widget_key("look", "order")
        )
        four = st.toggle(
            ui("table.four_colour"),
            value=look.four_colour,
            key=page_state.widget_key("look", "four"),
            help=ui("table.four_colour_help"),
        )
    save_look(TableLook(speed=look.speed, rank_order="high_first" if high_first else "low_first", four_colour=four))


def save_look(chosen: TableLook) -> None:
    """Keep ``chosen`` as the learner's table settings (in the session and the database), if it changed."""
    if chosen == table_look():
        return
    page_state.put(StoredLook(chosen))
    store().save_setting(learner(), LOOK_SETTING, chosen.as_setting())


def reset_look() -> None:
    """The table settings' switches back to the defaults (a new learner, after forget-me: the old
    learner's choices must not be saved again for the new one)."""
    default = TableLook()
    page_state.set_widget_value(page_state.widget_key("look", "order"), default.rank_order == "high_first")
    page_state.set_widget_value(page_state.widget_key("look", "four"), default.four_colour)


__all__ = [
    "ACTION_EVENT",
    "COMPONENT_NAME",
    "CardTables",
    "DrawnTable",
    "Offered",
    "StoredLook",
    "TableAction",
    "card_table",
    "look_settings",
    "parse_action",
    "reset_look",
    "save_look",
    "table_look",
]
