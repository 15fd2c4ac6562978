"""AppTest and the card table: what a page sent to the table, and a click on it.

AppTest does not run the component's JavaScript, so a click is injected the
way ``hearts_ui.widgets.card_table.component`` documents it: the action goes
under ``INJECT_KEY`` and the next run hands it to the table's ``on_action``
before the page is drawn, as the browser's callback would.
"""

from __future__ import annotations

import json
from typing import Any

from streamlit.testing.v1 import AppTest

from hearts_ui.widgets.card_table import INJECT_KEY


def table_data(at: AppTest, key: str) -> dict[str, Any]:
    """The payload the page gave the table under ``key`` in the last run."""
    for element in at.get("bidi_component"):
        if str(element.proto.id).endswith(f"-{key}"):
            data: dict[str, Any] = json.loads(element.proto.json)
            return data
    raise AssertionError(f"no card table {key!r} on the page")


def has_table(at: AppTest, key: str) -> bool:
    """Whether the last run drew a card table under ``key``."""
    return any(str(element.proto.id).endswith(f"-{key}") for element in at.get("bidi_component"))


def click_table(at: AppTest, key: str, **action: Any) -> AppTest:
    """What a click on the table does: ``kind="play", card="QS"``, ``kind="cards", cards=[...]``
    or ``kind="seat", seat=2``; then the page runs again."""
    at.session_state[INJECT_KEY] = {key: action}
    return at.run()


def hand_cards(at: AppTest, key: str) -> dict[str, dict[str, Any]]:
    """The cards of the hand the learner acts on: card -> {ok, why, sel, ...}."""
    hand = table_data(at, key)["hand"]
    assert hand is not None, f"the table {key!r} has no hand to act on"
    return {card["c"]: card for card in hand["cards"]}
