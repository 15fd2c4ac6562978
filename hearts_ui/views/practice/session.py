"""The learner's practice game: kept in the database, so a reload, a restart or another server finds it."""

from __future__ import annotations

from typing import Final

import streamlit as st

from hearts_core.engine.table import seat_name
from hearts_core.learner.practice import PracticeSession
from hearts_core.store import GameChangedError, SavedGame

from ...storage import learner, store
from ...texts import ui

#: The game on this page (a :class:`PracticeSession`), and the database row it was read from or saved as.
SESSION_KEY: Final = "ha_stored_practice"
SAVED_KEY: Final = "ha_stored_practice_row"
#: Set when a save found the game moved on in another tab: the page says so once.
MOVED_KEY: Final = "ha_pr_moved_on"
#: Views of the game that belong to one position or one hand, forgotten when it changes.
VIEW_KEYS: Final = (
    "ha_pr_review",
    "ha_pr_frame",
    "ha_pr_rung",
    "ha_pr_hint",
    "ha_pr_verdicts",
    "ha_pr_history",
    "ha_pr_pick",
    "ha_pr_why",
)


def current() -> PracticeSession | None:
    """The learner's game: read from the database once per session (a reload, a restart and another
    server find it there), then the session's copy, written back by every :func:`keep`."""
    if SAVED_KEY not in st.session_state:
        saved = store().current_game(learner())
        st.session_state[SAVED_KEY] = saved
        if saved is not None or SESSION_KEY not in st.session_state:
            st.session_state[SESSION_KEY] = None if saved is None else saved.session
    session = st.session_state.get(SESSION_KEY)
    return session if isinstance(session, PracticeSession) else None


def start(session: PracticeSession) -> None:
    """A new game: stored as the learner's game in progress (any other game is left)."""
    saved = store().save_game(learner(), session, None)
    st.session_state[SAVED_KEY] = saved
    st.session_state[SESSION_KEY] = session


def keep(session: PracticeSession | None) -> None:
    """Store the game's next state (None: the learner leaves the game).  If another tab of this learner
    moved the game on since this one read it, that tab's game is kept and shown here instead."""
    if session is None:
        store().leave_game(learner())
        st.session_state[SAVED_KEY] = None
        st.session_state[SESSION_KEY] = None
        return
    saved = st.session_state.get(SAVED_KEY)
    try:
        saved = store().save_game(learner(), session, saved if isinstance(saved, SavedGame) else None)
    except GameChangedError as changed:
        saved = changed.current
        session = None if saved is None else saved.session
        reset_views()
        st.session_state[MOVED_KEY] = True
    st.session_state[SAVED_KEY] = saved
    st.session_state[SESSION_KEY] = session


def reset_views() -> None:
    """Forget the views of the last position and hand (a new game, a new hand)."""
    for key in VIEW_KEYS:
        st.session_state.pop(key, None)


def seat_words(session: PracticeSession, seat: int) -> str:
    """A seat's name, with "(you)" for the learner's."""
    name = seat_name(seat, session.rules.players)
    return name + (f" ({ui('practice.you')})" if seat == session.seat else "")
