"""Links to the Analysis board: its address for a position (the contract
``/Analysis?position=<notation>&rules=<share code>``) and the "Analyse" button of other pages."""

from __future__ import annotations

from urllib.parse import quote

import streamlit as st

from hearts_core.engine.state import HandState
from hearts_core.lab.share import encode_ruleset

from ...texts import ui


def board_query(state: HandState) -> dict[str, str]:
    """The board's address for ``state``: the record with ``;`` between lines, and the share code."""
    return {"position": state.to_notation().replace("\n", "; "), "rules": encode_ruleset(state.rules)}


def board_url(state: HandState) -> str:
    """A link that opens ``state`` on the Analysis board (for the "Analyse" buttons of other pages)."""
    query = board_query(state)
    return f"/Analysis?position={quote(query['position'])}&rules={quote(query['rules'])}"


def analyse_button(state: HandState, key: str) -> None:
    """The "Analyse" link of another page: opens ``state`` on the board in a new tab."""
    st.link_button(ui("analysis.open"), board_url(state), icon=":material/troubleshoot:", key=key)
