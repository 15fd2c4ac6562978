"""This learner's lesson progress: kept in the session, restored from the store after a reload."""

from __future__ import annotations

from typing import Final

import streamlit as st

from hearts_core.content.lessons import Lesson
from hearts_core.learner.lesson_progress import StepOutcome, record_progress

from ...progress_store import learner_id, progress_store

PROGRESS_KEY: Final = "ha_progress"
LOADED_KEY: Final = "ha_progress_loaded"


def progress() -> dict[str, dict[int, str]]:
    """The learner's progress: lesson id -> step index -> outcome."""
    saved = st.session_state.get(PROGRESS_KEY)
    if not isinstance(saved, dict) or (not saved and LOADED_KEY not in st.session_state):
        saved = progress_store().load(learner_id())
        st.session_state[PROGRESS_KEY] = saved
        st.session_state[LOADED_KEY] = True
    return saved


def record(lesson: Lesson, step: int, outcome: StepOutcome) -> None:
    """Record an outcome of a step (a right answer is never undone) and save it."""
    updated = record_progress(progress(), lesson.id, step, outcome)
    st.session_state[PROGRESS_KEY] = updated
    progress_store().save(learner_id(), updated)
