"""This learner's lesson progress: read from the database once per session, each answer written there."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hearts_core.content.lessons import Lesson
from hearts_core.learner.lesson_progress import StepOutcome

from ... import page_state
from ...storage import learner, store
from ..review.queue import answered_elsewhere, queue_lesson_miss


@dataclass(frozen=True)
class StoredLessons(page_state.StoredCopy):
    """The session's copy of the learner's lesson progress as the database holds it (refreshed by
    every write): lesson id -> step index -> outcome."""

    progress: Mapping[str, Mapping[int, str]] = field(default_factory=dict)


def progress() -> Mapping[str, Mapping[int, str]]:
    """The learner's progress: lesson id -> step index -> outcome."""
    stored = page_state.peek(StoredLessons)
    if stored is None:
        stored = StoredLessons(store().lesson_progress(learner()))
        page_state.put(stored)
    return stored.progress


def record(lesson: Lesson, step: int, outcome: StepOutcome) -> None:
    """Record an outcome of a step (a right answer is never undone); the session then holds the
    learner's progress as stored, with what their other tabs recorded.  An exercise missed on the
    first try is queued for review; an answer to one opened from the queue is the review's answer."""
    before = progress().get(lesson.id, {}).get(step)
    if outcome == "wrong" and before in (None, "seen"):
        queue_lesson_miss(lesson.id, step)
    if outcome in ("right", "wrong"):
        answered_elsewhere(f"lesson:{lesson.id}:{step}", outcome == "right")
    page_state.put(StoredLessons(store().record_lesson(learner(), lesson.id, step, outcome)))
