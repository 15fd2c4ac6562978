"""A teacher's dashboard, as values: one row per learner of a class (issue 30).

Each row is what the teacher is allowed to see of a learner, and no more: lessons finished and their
stars, the puzzle rating and its trend, review accuracy, points lost per decision in practice (from the
game review), the streak, and when they were last active.  Pure: the rows are made from each learner's
activity (the store's :class:`~hearts_core.store.progress.Activity`, or anything with its fields) and
the curriculum, with times in UTC.

>>> from datetime import UTC, datetime
>>> class Quiet:
...     lessons, puzzles, reviews, dailies, hands = (), (), (), (), ()
>>> row = learner_row("k", "Mia", Quiet(), lessons=(), now=datetime(2027, 1, 10, tzinfo=UTC))
>>> (row.name, row.lessons_finished, row.rating, row.streak, row.last_active)
('Mia', 0, None, 0, None)
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Final, Protocol

from ..content.lessons import Lesson
from .lesson_progress import fold_progress, lesson_status
from .streaks import count_days, freeze_weeks, met_days, streak

#: The rating trend compares the rating now with the rating this many days ago.
TREND_DAYS: Final = 7
#: Review accuracy counts the answers of this many days.
ACCURACY_DAYS: Final = 30


class ActivityLike(Protocol):
    """A learner's activity: lesson answers (lesson, step, outcome, time), puzzle answers (time, rating
    after), review answers (time, right), daily deals (time), reviewed hands (time, decisions, points lost)."""

    @property
    def lessons(self) -> Sequence[tuple[str, int, str, dt.datetime]]: ...
    @property
    def puzzles(self) -> Sequence[tuple[dt.datetime, float | None]]: ...
    @property
    def reviews(self) -> Sequence[tuple[dt.datetime, bool]]: ...
    @property
    def dailies(self) -> Sequence[dt.datetime]: ...
    @property
    def hands(self) -> Sequence[tuple[dt.datetime, int, float]]: ...


@dataclass(frozen=True)
class LearnerRow:
    """One learner on the dashboard (None where they have done nothing of the kind yet)."""

    learner: str
    name: str
    lessons_finished: int
    stars: int
    rating: float | None
    rating_trend: float | None
    review_accuracy: float | None
    points_lost_per_decision: float | None
    streak: int
    last_active: dt.datetime | None


def _rating(activity: ActivityLike, now: dt.datetime) -> tuple[float | None, float | None]:
    rated = [(at, rating) for at, rating in activity.puzzles if rating is not None]
    if not rated:
        return None, None
    current = rated[-1][1]
    before = [rating for at, rating in rated if at <= now - dt.timedelta(days=TREND_DAYS)]
    return current, (current - before[-1]) if before else None


def _accuracy(activity: ActivityLike, now: dt.datetime) -> float | None:
    recent = [right for at, right in activity.reviews if at > now - dt.timedelta(days=ACCURACY_DAYS)]
    return sum(recent) / len(recent) if recent else None


def _points_lost(activity: ActivityLike) -> float | None:
    decisions = sum(count for _, count, _ in activity.hands)
    return sum(points for _, _, points in activity.hands) / decisions if decisions else None


def _streak(activity: ActivityLike, lessons: Sequence[Lesson], today: dt.date) -> int:
    """The learner's streak towards the daily deal goal's default, counted in UTC days (the
    teacher's view; the learner's own page counts in their time zone)."""
    last_step = {lesson.id: len(lesson.steps) - 1 for lesson in lessons}
    days = count_days(
        dailies=[at.date() for at in activity.dailies],
        reviews=[at.date() for at, _ in activity.reviews],
        puzzles=[at.date() for at, _ in activity.puzzles],
        lessons=[
            at.date()
            for lesson, step, outcome, at in activity.lessons
            if last_step.get(lesson) == step and outcome in ("right", "seen")
        ],
        hands=[at.date() for at, _, _ in activity.hands],
    )
    met = (
        met_days(days, "daily_deal") | met_days(days, "puzzles") | met_days(days, "reviews") | met_days(days, "lesson")
    )
    return streak(met, freeze_weeks(days), today)


def _last_active(activity: ActivityLike) -> dt.datetime | None:
    moments: list[dt.datetime] = [
        *(at for *_, at in activity.lessons),
        *(at for at, _ in activity.puzzles),
        *(at for at, _ in activity.reviews),
        *activity.dailies,
        *(at for at, _, _ in activity.hands),
    ]
    return max(moments) if moments else None


def learner_row(
    learner: str, name: str, activity: ActivityLike, lessons: Sequence[Lesson], now: dt.datetime
) -> LearnerRow:
    """The dashboard's row for one learner of the class."""
    progress = fold_progress((lesson, step, outcome) for lesson, step, outcome, _ in activity.lessons)  # type: ignore[misc]
    statuses = [lesson_status(lesson, progress) for lesson in lessons]
    rating, trend = _rating(activity, now)
    return LearnerRow(
        learner=learner,
        name=name,
        lessons_finished=sum(status.state == "completed" for status in statuses),
        stars=sum(status.stars for status in statuses),
        rating=rating,
        rating_trend=trend,
        review_accuracy=_accuracy(activity, now),
        points_lost_per_decision=_points_lost(activity),
        streak=_streak(activity, lessons, now.date()),
        last_active=_last_active(activity),
    )


@dataclass(frozen=True)
class WorkDone:
    """How far a learner is with one piece of work: ``done`` of ``needed`` (steps of a lesson, or
    puzzles of a theme solved since the work was set); on a class deal, the ``points`` they took."""

    done: int
    needed: int
    points: int | None = None

    @property
    def finished(self) -> bool:
        return self.done >= self.needed


def lesson_work(lesson: Lesson, activity: ActivityLike) -> WorkDone:
    """A lesson set as work: finished when every step is seen and every exercise right (as its
    status says), measured in the exercises right and the steps seen.

    >>> class Quiet:
    ...     lessons = ()
    >>> from hearts_core.content.lessons import load_curriculum
    >>> from hearts_core.content.schema import LESSONS_DIR
    >>> first = load_curriculum(LESSONS_DIR).ordered()[0]
    >>> lesson_work(first, Quiet()).finished
    False
    """
    progress = fold_progress((lesson, step, outcome) for lesson, step, outcome, _ in activity.lessons)  # type: ignore[misc]
    status = lesson_status(lesson, progress)
    return WorkDone(status.seen + status.solved, status.steps + status.active)


def puzzle_work(
    theme: str,
    count: int,
    since: dt.datetime,
    attempts: Iterable[tuple[str, bool | None, dt.datetime]],
    themes: Mapping[str, Sequence[str]],
) -> WorkDone:
    """Puzzles of a theme set as work: the different puzzles of ``theme`` answered right since the work
    was set (``attempts``: puzzle id, whether the answer was right, when), out of ``count``.

    >>> from datetime import UTC, datetime
    >>> then = datetime(2027, 1, 1, tzinfo=UTC)
    >>> later = datetime(2027, 1, 2, tzinfo=UTC)
    >>> attempts = [("a", True, later), ("a", True, later), ("b", False, later), ("c", True, then)]
    >>> puzzle_work("moon", 2, then, attempts, {"a": ["moon"], "b": ["moon"], "c": ["moon"]})
    WorkDone(done=1, needed=2, points=None)
    """
    solved = {puzzle for puzzle, right, at in attempts if right and at > since and theme in themes.get(puzzle, ())}
    return WorkDone(min(len(solved), count), count)


def deal_work(points: int | None) -> WorkDone:
    """A class deal set as work: done once played, with the points the learner took."""
    return WorkDone(0 if points is None else 1, 1, points)


def rows_csv(rows: Iterable[LearnerRow], headings: Sequence[str] | None = None) -> str:
    """The rows as CSV (the learner's key left out: the teacher's file names learners by their name).

    >>> rows_csv([LearnerRow("k", "Mia", 2, 5, 1512.4, 20.0, 0.8, 0.25, 3, None)]).splitlines()[1]
    'Mia,2,5,1512,20,80%,0.25,3,'
    """
    names = [field.name for field in fields(LearnerRow) if field.name != "learner"]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(headings if headings is not None else names)
    for row in rows:
        writer.writerow(
            [
                row.name,
                row.lessons_finished,
                row.stars,
                "" if row.rating is None else round(row.rating),
                "" if row.rating_trend is None else f"{row.rating_trend:.0f}",
                "" if row.review_accuracy is None else f"{row.review_accuracy:.0%}",
                "" if row.points_lost_per_decision is None else f"{row.points_lost_per_decision:.2f}",
                row.streak,
                "" if row.last_active is None else row.last_active.isoformat(timespec="minutes"),
            ]
        )
    return buffer.getvalue()


__all__ = [
    "ACCURACY_DAYS",
    "TREND_DAYS",
    "ActivityLike",
    "LearnerRow",
    "WorkDone",
    "deal_work",
    "learner_row",
    "lesson_work",
    "puzzle_work",
    "rows_csv",
]
