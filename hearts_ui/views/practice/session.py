"""The learner's practice game: kept in the session and in the store, so a reload finds it."""

from __future__ import annotations

from typing import Final

import streamlit as st

from hearts_core.engine.table import seat_name
from hearts_core.learner.practice import PracticeSession

from ...progress_store import learner_id, practice_store
from ...texts import ui

SESSION_KEY: Final = "ha_practice"
LOADED_KEY: Final = "ha_practice_loaded"
STORE_KEY: Final = "game"
#: Views of the game that belong to one position or one hand, forgotten when it changes.
VIEW_KEYS: Final = ("ha_pr_review", "ha_pr_frame", "ha_pr_rung", "ha_pr_hint", "ha_pr_verdicts", "ha_pr_history",
                    "ha_pr_pick", "ha_pr_why")


def current() -> PracticeSession | None:
    """The learner's game: in the session, restored from the store after a reload."""
    session = st.session_state.get(SESSION_KEY)
    if session is None and LOADED_KEY not in st.session_state:
        session = practice_store().load(learner_id()).get(STORE_KEY)
        st.session_state[SESSION_KEY] = session
        st.session_state[LOADED_KEY] = True
    return session if isinstance(session, PracticeSession) else None


def keep(session: PracticeSession | None) -> None:
    """Store the game (None: no game)."""
    st.session_state[SESSION_KEY] = session
    st.session_state[LOADED_KEY] = True
    practice_store().save(learner_id(), {} if session is None else {STORE_KEY: session})


def reset_views() -> None:
    """Forget the views of the last position and hand (a new game, a new hand)."""
    for key in VIEW_KEYS:
        st.session_state.pop(key, None)


def seat_words(session: PracticeSession, seat: int) -> str:
    """A seat's name, with "(you)" for the learner's."""
    name = seat_name(seat, session.rules.players)
    return name + (f" ({ui('practice.you')})" if seat == session.seat else "")
