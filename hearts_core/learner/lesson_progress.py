"""A learner's progress through the lessons: which steps were seen, answered right or wrong.

Progress is a plain mapping, lesson id -> step index -> outcome; every function
returns a new mapping, so the caller stores it (the interface keeps it per learner).

>>> record_progress(record_progress({}, "table", 2, "right"), "table", 2, "wrong")
{'table': {2: 'right'}}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from ..content.lessons import Lesson

StepOutcome = Literal["seen", "wrong", "right"]
#: Progress: lesson id -> step index -> "seen", "wrong" or "right".
Progress = Mapping[str, Mapping[int, str]]
_RANK: Final = {"seen": 0, "wrong": 1, "right": 2}


def record_progress(progress: Progress, lesson_id: str, step: int, outcome: StepOutcome) -> dict[str, dict[int, str]]:
    """A new progress map with ``outcome`` recorded; a right answer is never undone."""
    if outcome not in _RANK:
        raise ValueError(f"outcome must be one of {', '.join(_RANK)}")
    result = {lesson: dict(steps) for lesson, steps in progress.items()}
    steps = result.setdefault(lesson_id, {})
    if step not in steps or _RANK[outcome] >= _RANK.get(steps[step], 0):
        steps[step] = outcome
    return result


@dataclass(frozen=True)
class LessonStatus:
    """How far the learner is in a lesson."""

    seen: int
    steps: int
    solved: int
    active: int

    @property
    def state(self) -> Literal["new", "started", "completed"]:
        """``"new"``, ``"started"`` or ``"completed"`` (every step seen, every active step right)."""
        if self.seen == 0:
            return "new"
        return "completed" if self.seen == self.steps and self.solved == self.active else "started"


def lesson_status(lesson: Lesson, progress: Progress) -> LessonStatus:
    """Count the steps seen and the active steps answered right."""
    done = progress.get(lesson.id, {})
    active = [index for index, step in enumerate(lesson.steps) if step.is_active]
    return LessonStatus(
        seen=sum(1 for index in range(len(lesson.steps)) if index in done),
        steps=len(lesson.steps),
        solved=sum(1 for index in active if done.get(index) == "right"),
        active=len(active),
    )


__all__ = ["LessonStatus", "Progress", "StepOutcome", "lesson_status", "record_progress"]
