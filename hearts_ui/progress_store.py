"""Lesson and puzzle progress that survives a reload for the whole browser session.

A Streamlit session ends when the tab reloads, so ``st.session_state`` alone
would forget a learner's answers.  The browser keeps a random learner id in a
session cookie (gone when the browser closes, never shared by a link); the
server keeps each id's progress in memory.  Two browsers, or two private
windows, get two ids and never see each other's progress.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Final, Generic, TypeVar

import streamlit as st

from hearts_core.learner.practice import PracticeSession
from hearts_core.learner.puzzle_progress import PuzzleRecord

COOKIE: Final = "ha_learner"
SESSION_KEY: Final = "ha_learner"
_TOKEN: Final = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
Record = TypeVar("Record")


class ProgressStore:
    """Progress by learner id, the least recently used dropped beyond ``capacity``."""

    def __init__(self, capacity: int = 10_000) -> None:
        self._capacity = capacity
        self._lock = threading.Lock()
        self._progress: OrderedDict[str, dict[str, dict[int, str]]] = OrderedDict()

    def load(self, learner: str) -> dict[str, dict[int, str]]:
        """A copy of the learner's progress (empty for a new learner)."""
        with self._lock:
            stored = self._progress.get(learner, {})
            if learner in self._progress:
                self._progress.move_to_end(learner)
            return {lesson: dict(steps) for lesson, steps in stored.items()}

    def save(self, learner: str, progress: Mapping[str, Mapping[int, str]]) -> None:
        """Keep a copy of ``progress`` for the learner."""
        with self._lock:
            self._progress[learner] = {lesson: dict(steps) for lesson, steps in progress.items()}
            self._progress.move_to_end(learner)
            while len(self._progress) > self._capacity:
                self._progress.popitem(last=False)


class RecordStore(Generic[Record]):
    """Immutable records by key, by learner id (the least recently used learner
    dropped beyond ``capacity``): for puzzle results, whose records are frozen,
    so a shallow copy of each learner's map is a safe copy."""

    def __init__(self, capacity: int = 10_000) -> None:
        self._capacity = capacity
        self._lock = threading.Lock()
        self._records: OrderedDict[str, dict[str, Record]] = OrderedDict()

    def load(self, learner: str) -> dict[str, Record]:
        """A copy of the learner's records (empty for a new learner)."""
        with self._lock:
            if learner not in self._records:
                return {}
            self._records.move_to_end(learner)
            return dict(self._records[learner])

    def save(self, learner: str, records: Mapping[str, Record]) -> None:
        """Keep a copy of ``records`` for the learner."""
        with self._lock:
            self._records[learner] = dict(records)
            self._records.move_to_end(learner)
            while len(self._records) > self._capacity:
                self._records.popitem(last=False)


@st.cache_resource(show_spinner=False)
def progress_store() -> ProgressStore:
    """The server's one store (shared by every session, guarded by a lock)."""
    return ProgressStore()


@st.cache_resource(show_spinner=False)
def puzzle_store() -> RecordStore[PuzzleRecord]:
    """The server's one store of puzzle results, beside the lessons' store."""
    return RecordStore()


@st.cache_resource(show_spinner=False)
def practice_store() -> RecordStore[PracticeSession]:
    """The server's one store of games in progress on the Practice page (an
    immutable :class:`~hearts_core.learner.practice.PracticeSession` per learner)."""
    return RecordStore()


def learner_id() -> str:
    """This browser's learner id: read from its cookie, or made now and set in the browser."""
    known = st.session_state.get(SESSION_KEY)
    if isinstance(known, str):
        return known
    cookie = st.context.cookies.get(COOKIE, "")
    if isinstance(cookie, str) and _TOKEN.match(cookie):
        learner = cookie
    else:
        learner = secrets.token_urlsafe(18)
        # A session cookie: it lasts until the browser closes.  The id is random and
        # URL-safe, so it is safe to write into the script.
        st.html(f"<script>document.cookie = '{COOKIE}={learner}; path=/; SameSite=Lax';</script>",
                unsafe_allow_javascript=True)
    st.session_state[SESSION_KEY] = learner
    return learner
