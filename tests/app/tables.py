"""AppTest and the card table: what a page sent to the table, and a click on it.

AppTest does not run the component's JavaScript, so a click is sent the way the
browser sends it: the table's trigger carries the action into the next run, and
Streamlit hands it to the component's callback before the page is drawn (the very
callback a real click reaches; the app has no separate path for tests).

AppTest offers no public way to fire a component's trigger, so :func:`click_table`
adds the trigger's state to the widget states of the next run itself: this is the
one place that leans on AppTest's private ``_tree`` and ``_run`` and on Streamlit's
name for a trigger widget (checked against streamlit 1.67).
"""

from __future__ import annotations

import json
from typing import Any

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

from hearts_ui.widgets.card_table.component import ACTION_EVENT


def _element(at: AppTest, key: str) -> Any:
    for element in at.get("bidi_component"):
        if str(element.proto.id).endswith(f"-{key}"):
            return element
    raise AssertionError(f"no card table {key!r} on the page")


def table_data(at: AppTest, key: str) -> dict[str, Any]:
    """The payload the page gave the table under ``key`` in the last run."""
    data: dict[str, Any] = json.loads(_element(at, key).proto.json)
    return data


def has_table(at: AppTest, key: str) -> bool:
    """Whether the last run drew a card table under ``key``."""
    return any(str(element.proto.id).endswith(f"-{key}") for element in at.get("bidi_component"))


def click_table(at: AppTest, key: str, **action: Any) -> AppTest:
    """What a click on the table does: ``kind="play", card="QS"``, ``kind="cards", cards=[...]``
    or ``kind="seat", seat=2``, made on the picture the table shows; then the page runs again."""
    element = _element(at, key)
    sent = {"scene": json.loads(element.proto.json)["scene"], **action}
    trigger = WidgetState(id=_make_trigger_id(element.proto.id, "events"))
    trigger.json_trigger_value = json.dumps([{"event": ACTION_EVENT, "value": sent}])
    states = at._tree.get_widget_states()
    states.widgets.append(trigger)
    return at._run(states)


def hand_cards(at: AppTest, key: str) -> dict[str, dict[str, Any]]:
    """The cards of the hand the learner acts on: card -> {ok, why, sel, ...}."""
    hand = table_data(at, key)["hand"]
    assert hand is not None, f"the table {key!r} has no hand to act on"
    return {card["c"]: card for card in hand["cards"]}
