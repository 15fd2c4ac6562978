"""A learner's progress through the lessons: which steps were seen, answered right or wrong, and the stars.

Progress is a plain mapping, lesson id -> step index -> outcome; every function
returns a new mapping, so the caller stores it (the interface keeps it per learner).

An exercise answered right at the first try is ``"first"``; right after a wrong
try (or after the answer was shown by a hint) it is ``"right"``: practice, not
a first-try answer, exactly as a puzzle solved on a second try counts as missed.
Nothing is ever downgraded.

>>> progress = record_progress({}, "table", 2, "right")
>>> progress
{'table': {2: 'first'}}
>>> record_progress(record_progress({}, "table", 3, "wrong"), "table", 3, "right")
{'table': {3: 'right'}}
>>> record_progress(progress, "table", 2, "wrong")
{'table': {2: 'first'}}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ..content.lessons import Lesson

StepOutcome = Literal["seen", "wrong", "right"]
#: Progress: lesson id -> step index -> "seen", "wrong", "right" (after a wrong try) or "first".
Progress = Mapping[str, Mapping[int, str]]
_RANK: Final = {"seen": 0, "wrong": 1, "right": 2, "first": 3}
#: Stars for a finished lesson by the share of exercises right at the first try.
THREE_STARS: Final = 1.0
TWO_STARS: Final = 0.7


def _outcome_after(before: str | None, outcome: StepOutcome) -> str | None:
    """A step's stored outcome after ``outcome`` (``before`` kept when it ranks higher)."""
    if outcome not in ("seen", "wrong", "right"):
        raise ValueError("outcome must be one of seen, wrong, right")
    recorded = "first" if outcome == "right" and before in (None, "seen") else outcome
    return recorded if before is None or _RANK[recorded] > _RANK[before] else before


def record_progress(progress: Progress, lesson_id: str, step: int, outcome: StepOutcome) -> dict[str, dict[int, str]]:
    """A new progress map with ``outcome`` recorded; a right answer is never undone, and a right
    answer with no wrong try before it is kept as right at the first try (``"first"``)."""
    after = _outcome_after(progress.get(lesson_id, {}).get(step), outcome)
    result = {lesson: dict(steps) for lesson, steps in progress.items()}
    if after is not None:
        result.setdefault(lesson_id, {})[step] = after
    return result


def fold_progress(events: Iterable[tuple[str, int, StepOutcome]]) -> dict[str, dict[int, str]]:
    """Progress from ``(lesson, step, outcome)`` events in order: what :func:`record_progress` gives
    one event at a time, in one pass (the store folds a learner's whole history on every read).

    >>> fold_progress([("table", 3, "wrong"), ("table", 3, "right"), ("table", 1, "right")])
    {'table': {3: 'right', 1: 'first'}}
    """
    result: dict[str, dict[int, str]] = {}
    for lesson_id, step, outcome in events:
        steps = result.setdefault(lesson_id, {})
        after = _outcome_after(steps.get(step), outcome)
        if after is not None:
            steps[step] = after
    return result


@dataclass(frozen=True)
class LessonStatus:
    """How far the learner is in a lesson: steps seen, exercises right (at all, and at the first try)."""

    seen: int
    steps: int
    solved: int
    active: int
    first_try: int = 0

    @property
    def state(self) -> Literal["new", "started", "completed"]:
        """``"new"``, ``"started"`` or ``"completed"`` (every step seen, every exercise right)."""
        if self.seen == 0:
            return "new"
        return "completed" if self.seen == self.steps and self.solved == self.active else "started"

    @property
    def stars(self) -> int:
        """0 until the lesson is completed; then 3 when every exercise was right at the first try,
        2 for most of them (70% or more), else 1.

        >>> LessonStatus(8, 8, 4, 4, 4).stars, LessonStatus(8, 8, 4, 4, 3).stars, LessonStatus(8, 8, 4, 4, 1).stars
        (3, 2, 1)
        >>> LessonStatus(7, 8, 4, 4, 4).stars
        0
        """
        if self.state != "completed":
            return 0
        share = self.first_try / self.active if self.active else 1.0
        return 3 if share >= THREE_STARS else 2 if share >= TWO_STARS else 1


def lesson_status(lesson: Lesson, progress: Progress) -> LessonStatus:
    """Count the steps seen and the exercises answered right (and right at the first try)."""
    done = progress.get(lesson.id, {})
    active = [index for index, step in enumerate(lesson.steps) if step.is_active]
    return LessonStatus(
        seen=sum(1 for index in range(len(lesson.steps)) if index in done),
        steps=len(lesson.steps),
        solved=sum(1 for index in active if done.get(index) in ("right", "first")),
        active=len(active),
        first_try=sum(1 for index in active if done.get(index) == "first"),
    )


def is_right(progress: Progress, lesson_id: str, step: int) -> bool:
    """Whether an exercise has been answered right (at the first try or later)."""
    return progress.get(lesson_id, {}).get(step) in ("right", "first")


def resume_step(lesson: Lesson, progress: Progress) -> int:
    """The first step not yet done (an exercise not yet right, a step never seen), else 0."""
    done = progress.get(lesson.id, {})
    for index, step in enumerate(lesson.steps):
        outcome = done.get(index)
        if outcome is None or (step.is_active and outcome not in ("right", "first")):
            return index
    return 0


def next_lesson(lessons: Sequence[Lesson], lesson_id: str) -> Lesson | None:
    """The lesson after ``lesson_id`` in curriculum order (None after the last)."""
    ids = [lesson.id for lesson in lessons]
    if lesson_id not in ids or ids.index(lesson_id) + 1 == len(ids):
        return None
    return lessons[ids.index(lesson_id) + 1]


def finished_lessons(lessons: Sequence[Lesson], events: Iterable[tuple[str, int, StepOutcome]]) -> tuple[Lesson, ...]:
    """The ``lessons`` the learner completed, in the order they completed them, from their
    ``(lesson, step, outcome)`` events in order (a lesson counts from the event that completed it).

    >>> from ..content.lessons import LESSONS_DIR, load_curriculum
    >>> lessons = load_curriculum(LESSONS_DIR).ordered()
    >>> table, cards = lessons[0], lessons[1]
    >>> def walk(lesson):
    ...     return [(lesson.id, index, "right" if step.is_active else "seen")
    ...             for index, step in enumerate(lesson.steps)]
    >>> [lesson.id for lesson in finished_lessons(lessons, walk(cards) + walk(table))]
    ['penalty_cards', 'table']
    >>> finished_lessons(lessons, walk(table)[:-1])
    ()
    """
    by_id = {lesson.id: lesson for lesson in lessons}
    progress: dict[str, dict[int, str]] = {}
    finished: dict[str, Lesson] = {}  # in the order they were completed
    for lesson_id, step, outcome in events:
        steps = progress.setdefault(lesson_id, {})
        after = _outcome_after(steps.get(step), outcome)
        if after is not None:
            steps[step] = after
        lesson = by_id.get(lesson_id)
        if lesson is not None and lesson_id not in finished and lesson_status(lesson, progress).state == "completed":
            finished[lesson_id] = lesson
    return tuple(finished.values())


def suggested_lesson(lessons: Sequence[Lesson], progress: Progress) -> Lesson | None:
    """The lesson to take now: the first one not completed (None when all are)."""
    return next((lesson for lesson in lessons if lesson_status(lesson, progress).state != "completed"), None)


__all__ = [
    "LessonStatus",
    "Progress",
    "StepOutcome",
    "finished_lessons",
    "fold_progress",
    "is_right",
    "lesson_status",
    "next_lesson",
    "record_progress",
    "resume_step",
    "suggested_lesson",
]
