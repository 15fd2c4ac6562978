"""Days that count: a daily goal the learner chooses, a streak that respects them, a calendar.

A day counts when the learner meets their goal that day (:data:`GOALS`: the daily deal, 5 review
answers, 3 puzzles answered, or a lesson finished).  The streak is the run of counted days up to
today (or up to yesterday, while today is still open).  A missed day inside a week does not break
it when the learner earned that week's **freeze** by practice: finishing at least
:data:`FREEZE_HANDS` reviewed practice hands in that week (Monday to Sunday).  One freeze a week,
earned, never bought; it covers one missed day.

Days are the learner's own calendar days: the caller gives every time in the learner's time zone.

>>> import datetime as dt
>>> monday = dt.date(2026, 11, 30)
>>> met = {monday, monday + dt.timedelta(days=1), monday + dt.timedelta(days=3)}
>>> streak(met, frozenset({monday}), today=monday + dt.timedelta(days=3))   # Wednesday frozen
3
>>> streak(met, frozenset(), today=monday + dt.timedelta(days=3))          # no freeze: broken
1
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass
from typing import Final, Literal, get_args

Goal = Literal["daily_deal", "reviews", "puzzles", "lesson"]
GOALS: Final = get_args(Goal)
#: How many of each a day needs to meet the goal.
GOAL_COUNTS: Final[Mapping[Goal, int]] = {"daily_deal": 1, "reviews": 5, "puzzles": 3, "lesson": 1}
#: Reviewed practice hands in a week that earn its freeze.
FREEZE_HANDS: Final = 1
DayMark = Literal["met", "frozen", "missed", "today", "future"]


@dataclass(frozen=True)
class DayCounts:
    """What the learner did on one day."""

    daily_deal: int = 0
    reviews: int = 0
    puzzles: int = 0
    lesson: int = 0
    hands: int = 0

    def meets(self, goal: Goal) -> bool:
        return int(getattr(self, goal)) >= GOAL_COUNTS[goal]


def count_days(
    *,
    dailies: Iterable[dt.date] = (),
    reviews: Iterable[dt.date] = (),
    puzzles: Iterable[dt.date] = (),
    lessons: Iterable[dt.date] = (),
    hands: Iterable[dt.date] = (),
) -> dict[dt.date, DayCounts]:
    """The learner's days: for each day, how many of each thing they did (each argument lists the
    day of every one)."""
    counts: dict[dt.date, dict[str, int]] = {}
    for name, days in (
        ("daily_deal", dailies),
        ("reviews", reviews),
        ("puzzles", puzzles),
        ("lesson", lessons),
        ("hands", hands),
    ):
        for day in days:
            counts.setdefault(day, {})
            counts[day][name] = counts[day].get(name, 0) + 1
    return {day: DayCounts(**values) for day, values in counts.items()}


def _week(day: dt.date) -> dt.date:
    return day - dt.timedelta(days=day.weekday())


def freeze_weeks(days: Mapping[dt.date, DayCounts]) -> frozenset[dt.date]:
    """The weeks (by their Monday) whose freeze the learner earned by practice."""
    hands: dict[dt.date, int] = {}
    for day, counts in days.items():
        hands[_week(day)] = hands.get(_week(day), 0) + counts.hands
    return frozenset(week for week, count in hands.items() if count >= FREEZE_HANDS)


def met_days(days: Mapping[dt.date, DayCounts], goal: Goal) -> frozenset[dt.date]:
    """The days the goal was met."""
    return frozenset(day for day, counts in days.items() if counts.meets(goal))


def marks(met: Set[dt.date], freezes: Set[dt.date], today: dt.date, first: dt.date) -> dict[dt.date, DayMark]:
    """Each day from ``first`` to the end of ``today``'s week: met, frozen (a missed day its week's
    freeze covered), missed, today (not met yet) or future."""
    result: dict[dt.date, DayMark] = {}
    used: set[dt.date] = set()
    day = first
    end = _week(today) + dt.timedelta(days=6)
    while day <= end:
        if day in met:
            result[day] = "met"
        elif day > today:
            result[day] = "future"
        elif day == today:
            result[day] = "today"
        elif _week(day) in freezes and _week(day) not in used:
            result[day] = "frozen"
            used.add(_week(day))
        else:
            result[day] = "missed"
        day += dt.timedelta(days=1)
    return result


def streak(met: Set[dt.date], freezes: Set[dt.date], today: dt.date) -> int:
    """The days met in a row up to today (today counts once met; while it is open the run up to
    yesterday stands); a frozen day keeps the run without adding to it."""
    if not met:
        return 0
    calendar = marks(met, freezes, today, min(met))
    run = 0
    day = today if today in met else today - dt.timedelta(days=1)
    while day in calendar and calendar[day] in ("met", "frozen"):
        run += calendar[day] == "met"
        day -= dt.timedelta(days=1)
    return run


__all__ = [
    "FREEZE_HANDS",
    "GOALS",
    "GOAL_COUNTS",
    "DayCounts",
    "DayMark",
    "Goal",
    "count_days",
    "freeze_weeks",
    "marks",
    "met_days",
    "streak",
]
