"""The home page's dashboard: the daily goal, the streak, a calendar of the last weeks, and what the
learner sees improving (review accuracy, points lost per decision in practice, the puzzle rating).

Nothing nags: the goal is the learner's choice, the streak is shown, never pushed, and a week's
freeze is earned by practice (:mod:`hearts_core.learner.streaks`).
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Mapping
from typing import Any, Final

import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st
from babel.dates import get_day_names

from hearts_core.learner.streaks import GOAL_COUNTS, GOALS, Goal, count_days, freeze_weeks, marks, met_days, streak
from hearts_core.store.progress import Activity
from hearts_core.words.languages import locale_of

from ... import page_state
from ...language import session_language
from ...storage import learner, store
from ...texts import ui
from ..lessons.page import curriculum
from .days import local_day, today
from .view import DailyView

#: The setting that keeps the learner's daily goal.
GOAL_SETTING: Final = "daily_goal"
#: Weeks the calendar shows.
WEEKS: Final = 6
GOAL_KEY: Final = DailyView.widget_key("goal")
SYMBOLS: Final = {"met": "●", "frozen": "❄", "missed": "·", "today": "○", "future": "", "none": ""}


def _goal(chosen: Mapping[str, Any]) -> Goal:
    value = chosen.get(GOAL_SETTING)
    return value if value in GOALS else "daily_deal"  # type: ignore[return-value]


def _save_goal() -> None:
    value = page_state.widget_value(GOAL_KEY)
    if value in GOALS:
        store().save_setting(learner(), GOAL_SETTING, value)


def _lesson_days(activity: Activity) -> list[dt.date]:
    """The days a lesson was finished: its last step answered (or seen, for a step with no question)."""
    last_step = {lesson.id: len(lesson.steps) - 1 for lesson in curriculum().ordered()}
    return [
        local_day(at)
        for lesson, step, outcome, at in activity.lessons
        if last_step.get(lesson) == step and outcome in ("right", "seen")
    ]


def _days(activity: Activity) -> dict[dt.date, Any]:
    return count_days(
        dailies=[local_day(at) for at in activity.dailies],
        reviews=[local_day(at) for at, _ in activity.reviews],
        puzzles=[local_day(at) for at, _ in activity.puzzles],
        lessons=_lesson_days(activity),
        hands=[local_day(at) for at, _, _ in activity.hands],
    )


def _calendar(calendar: Mapping[dt.date, str], now: dt.date) -> str:
    """The last weeks as a grid, Monday first: a dot per day, its meaning in its title."""
    names = get_day_names("abbreviated", locale=locale_of(session_language()))
    head = "".join(f"<th>{html.escape(names[weekday])}</th>" for weekday in range(7))
    first = now - dt.timedelta(days=now.weekday() + 7 * (WEEKS - 1))
    rows = []
    for week in range(WEEKS):
        cells = []
        for weekday in range(7):
            day = first + dt.timedelta(days=7 * week + weekday)
            # Days before the first goal met are not counted against the learner: left blank.
            mark = calendar.get(day, "none" if day < now else "future")
            meaning = ui("dashboard.mark_none") if mark == "none" else ui(f"dashboard.mark_{mark}")
            title = html.escape(f"{day.isoformat()}: {meaning}")
            cells.append(f'<td class="ha-day ha-day-{mark}" title="{title}">{SYMBOLS[mark]}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return f'<table class="ha-calendar"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def _line(points: list[tuple[Any, float]], title: str, suffix: str = "") -> None:
    if len(points) < 2:
        st.caption(ui("dashboard.chart_later", chart=title))
        return
    figure = go.Figure(go.Scatter(x=[x for x, _ in points], y=[y for _, y in points], mode="lines+markers"))
    figure.update_layout(
        title={"text": title, "font": {"size": 14}},
        height=220,
        margin={"l": 10, "r": 10, "t": 36, "b": 10},
        yaxis_ticksuffix=suffix,
    )
    st.plotly_chart(figure, config={"displayModeBar": False})


def _improving(activity: Activity) -> None:
    """Review accuracy and points lost per decision by day, and the puzzle rating after each answer."""
    accuracy: dict[dt.date, list[bool]] = {}
    for at, right in activity.reviews:
        accuracy.setdefault(local_day(at), []).append(right)
    lost: dict[dt.date, list[tuple[int, float]]] = {}
    for at, decisions, points in activity.hands:
        lost.setdefault(local_day(at), []).append((decisions, points))
    _line(
        [(day, 100 * sum(answers) / len(answers)) for day, answers in sorted(accuracy.items())],
        ui("dashboard.chart_accuracy"),
        "%",
    )
    _line(
        [
            (day, sum(points for _, points in hands) / max(1, sum(count for count, _ in hands)))
            for day, hands in sorted(lost.items())
        ],
        ui("dashboard.chart_lost"),
    )
    _line(
        [(at, rating) for at, rating in activity.puzzles if rating is not None],
        ui("dashboard.chart_rating"),
    )


def render_dashboard() -> None:
    """The goal, the streak, the calendar and the charts, once the learner has done anything."""
    activity = store().activity(learner())
    if not (activity.lessons or activity.puzzles or activity.reviews or activity.dailies or activity.hands):
        return
    goal = _goal(store().settings(learner()))
    days = _days(activity)
    now = today()
    met = met_days(days, goal)
    freezes = freeze_weeks(days)
    run = streak(met, freezes, now)
    with st.container(border=True, key=DailyView.widget_key("dashboard")):
        st.markdown(f"#### {ui('dashboard.heading')}")
        words = ui("dashboard.streak", count=run)
        words += " · " + (ui("dashboard.today_met") if now in met else ui("dashboard.today_open"))
        if (now - dt.timedelta(days=now.weekday())) in freezes:
            words += " · " + ui("dashboard.freeze_earned")
        st.markdown(words)
        page_state.seed_widget(GOAL_KEY, goal)
        st.segmented_control(
            ui("dashboard.goal"),
            list(GOALS),
            format_func=lambda name: ui(f"dashboard.goal_{name}", count=GOAL_COUNTS[name]),
            key=GOAL_KEY,
            on_change=_save_goal,
        )
        # The same marks the streak is counted from (a freeze spent on the same day).
        calendar = marks(met, freezes, now, min(met)) if met else {}
        st.markdown(_calendar(calendar, now), unsafe_allow_html=True)
        st.caption(ui("dashboard.legend"))
        with st.expander(ui("dashboard.improving"), icon=":material/trending_up:"):
            _improving(activity)
