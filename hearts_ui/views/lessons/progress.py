"""This learner's lesson progress: read from the database once per session, each answer written there."""

from __future__ import annotations

from typing import Final

import streamlit as st

from hearts_core.content.lessons import Lesson
from hearts_core.learner.lesson_progress import StepOutcome

from ...storage import learner, store

#: The session's copy of what the database holds (refreshed by every write).
PROGRESS_KEY: Final = "ha_stored_lessons"


def progress() -> dict[str, dict[int, str]]:
    """The learner's progress: lesson id -> step index -> outcome."""
    saved = st.session_state.get(PROGRESS_KEY)
    if not isinstance(saved, dict):
        saved = store().lesson_progress(learner())
        st.session_state[PROGRESS_KEY] = saved
    return saved


def record(lesson: Lesson, step: int, outcome: StepOutcome) -> None:
    """Record an outcome of a step (a right answer is never undone); the session then holds the
    learner's progress as stored, with what their other tabs recorded."""
    st.session_state[PROGRESS_KEY] = store().record_lesson(learner(), lesson.id, step, outcome)
