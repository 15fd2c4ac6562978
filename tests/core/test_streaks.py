"""Streaks and the daily goal (issue 26): ``hearts_core.learner.streaks``.

* a goal is met by its count on one day; the streak runs over consecutive met days up to today
  (or yesterday while today is open);
* a week's freeze, earned by a practice hand that week, covers one missed day and no more;
* properties: the streak never exceeds the days met, and meeting today's goal never shortens it.
"""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core.learner.streaks import count_days, freeze_weeks, marks, met_days, streak

MONDAY = dt.date(2026, 11, 30)


def _day(offset: int) -> dt.date:
    return MONDAY + dt.timedelta(days=offset)


def test_each_goal_is_met_by_its_count_on_one_day() -> None:
    days = count_days(
        reviews=[_day(0)] * 5 + [_day(1)] * 4, puzzles=[_day(1)] * 3, dailies=[_day(2)], lessons=[_day(3)]
    )
    assert met_days(days, "reviews") == {_day(0)}
    assert met_days(days, "puzzles") == {_day(1)}
    assert met_days(days, "daily_deal") == {_day(2)}
    assert met_days(days, "lesson") == {_day(3)}


def test_two_days_in_a_row_make_a_streak_of_two_and_an_open_today_keeps_it() -> None:
    met = {_day(0), _day(1)}
    assert streak(met, frozenset(), today=_day(1)) == 2
    assert streak(met, frozenset(), today=_day(2)) == 2, "today is still open"
    assert streak(met, frozenset(), today=_day(3)) == 0, "a whole day missed breaks it"


def test_a_weeks_freeze_is_earned_by_practice_and_covers_one_missed_day() -> None:
    days = count_days(hands=[_day(1)])
    freezes = freeze_weeks(days)
    assert freezes == {MONDAY}
    met = {_day(0), _day(2), _day(4)}
    assert streak(met, freezes, today=_day(2)) == 2  # Tuesday frozen
    assert streak(met, freezes, today=_day(4)) == 1, "the week's one freeze is spent: Thursday breaks it"
    calendar = marks(met, freezes, _day(4), MONDAY)
    assert [calendar[_day(offset)] for offset in range(7)] == [
        "met",
        "frozen",
        "met",
        "missed",
        "met",
        "future",
        "future",
    ]
    assert streak(met, frozenset(), today=_day(2)) == 1, "no practice that week: no freeze"


@settings(max_examples=100, deadline=None)
@given(
    offsets=st.sets(st.integers(0, 40), max_size=30),
    frozen=st.sets(st.integers(0, 6), max_size=7),
    today=st.integers(0, 45),
)
def test_the_streak_never_exceeds_the_days_met_and_meeting_today_never_shortens_it(
    offsets: set[int], frozen: set[int], today: int
) -> None:
    met = {_day(offset) for offset in offsets if offset <= today}
    freezes = {MONDAY + dt.timedelta(weeks=week) for week in frozen}
    run = streak(met, freezes, _day(today))
    assert 0 <= run <= len(met)
    assert streak(met | {_day(today)}, freezes, _day(today)) >= run
