"""The Daily deal page: today's deal for everyone, and how the field did on it (and yesterday's).

Today's deal is played on the Practice page (the same deal and bots for everyone:
:mod:`hearts_core.learner.daily`); its first result is kept in the database, so the page can put
the learner's points among everyone's: a histogram, their place, the median, and what the engine
took in the same seat.
"""

from __future__ import annotations

import datetime as dt

import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st
from babel.dates import format_date

from hearts_core.engine.notation import NotationError
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.learner.daily import DAILY_SEAT, Field, daily_preset, daily_session
from hearts_core.learner.practice import engine_points
from hearts_core.words.catalogue import decimal, message, whole
from hearts_core.words.languages import locale_of

from ...language import link_params, session_language
from ...storage import learner, store
from ...texts import ui
from ..practice.game_review import review_summary
from ..practice.session import current, start
from .days import today
from .view import DailyView


@st.cache_data(max_entries=8, show_spinner=False)
def _engine_points(day: str) -> int:
    """What the engine (the Monte Carlo bot at 1,000 deals a card) takes in the learner's seat on
    ``day``'s deal against the same bots: the same for everyone, so it is worked out once a day."""
    return engine_points(daily_session(dt.date.fromisoformat(day)))


def _date(day: dt.date) -> str:
    """A date as the learner's language writes it ("5 December 2026", "5 грудня 2026 р.")."""
    return format_date(day, "long", locale=locale_of(session_language()))


def _play(day: dt.date) -> None:
    start(daily_session(day))
    st.switch_page("pages/4_Practice.py", query_params=link_params())


def _histogram(field: Field, mine: int | None) -> None:
    counts = field.histogram()
    colours = ["#b3261e" if points == mine else "#9aa5b1" for points in counts]
    figure = go.Figure(go.Bar(x=list(counts), y=list(counts.values()), marker_color=colours, width=0.8))
    low, high = min(counts), max(counts)
    figure.update_layout(
        xaxis={"range": [low - 2.5, high + 2.5], "dtick": max(1, (high - low + 5) // 10)},
        yaxis={"dtick": 1 if max(counts.values()) < 10 else None},
        height=240,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        xaxis_title=ui("daily.axis_points"),
        yaxis_title=ui("daily.axis_players"),
        bargap=0.15,
    )
    st.plotly_chart(figure, config={"displayModeBar": False})


def _result(day: dt.date, heading: str) -> None:
    """A day's deal: the learner's points among the field's, the engine's in the same seat."""
    iso = day.isoformat()
    field = Field(store().daily_field(iso))
    played = store().daily_hand(learner(), iso)
    mine = None if played is None else played[0]
    st.markdown(f"#### {heading}")
    st.caption(ui("daily.rules", rules=message(f"preset.{daily_preset(day)}.title")))
    if not field.points:
        st.caption(ui("daily.nobody"))
        return
    if mine is not None:
        st.markdown(
            ui(
                "daily.your_result",
                points=whole(mine),
                place=whole(field.place(mine)),
                players=whole(len(field.points)),
                median=decimal(field.median),
            )
        )
    else:
        st.markdown(ui("daily.field_only", players=whole(len(field.points)), median=decimal(field.median)))
    _histogram(field, mine)
    with st.spinner(ui("daily.engine_working")):
        engine = _engine_points(iso)
    st.caption(ui("daily.engine", points=whole(engine)))
    if played is not None and played[1]:
        try:
            hand = HandState.from_notation(Ruleset.preset(daily_preset(day)), played[1])
        except NotationError:
            return  # a hand from an imported file this engine cannot replay: its figures stand alone
        if hand.is_over:
            with st.expander(ui("daily.your_review"), icon=":material/rate_review:"):
                review_summary(hand, DAILY_SEAT, DailyView.widget_key("moment", iso))


def render_daily() -> None:
    """The whole page."""
    day = today()
    st.title(ui("nav.daily"))
    st.caption(ui("daily.intro"))
    iso = day.isoformat()
    played = store().daily_result(learner(), iso)
    if played is None:
        running = current()
        with st.container(border=True, key=DailyView.widget_key("today")):
            st.markdown(f"#### {ui('daily.today', date=_date(day))}")
            st.caption(ui("daily.rules", rules=message(f"preset.{daily_preset(day)}.title")))
            if running is not None and running.daily == iso and not running.game.hands:
                st.page_link(
                    "pages/4_Practice.py",
                    label=ui("daily.continue"),
                    icon=":material/play_arrow:",
                    query_params=link_params(),
                )
            elif st.button(
                ui("daily.play"), key=DailyView.widget_key("play"), type="primary", icon=":material/playing_cards:"
            ):
                _play(day)
    else:
        _result(day, ui("daily.today", date=_date(day)))
    yesterday = day - dt.timedelta(days=1)
    _result(yesterday, ui("daily.yesterday", date=_date(yesterday)))
