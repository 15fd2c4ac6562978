"""The home page: a welcome, what is open now, and what is coming (while anything is)."""

from __future__ import annotations

from typing import Final

import streamlit as st

from hearts_core.content.lessons import LESSONS_DIR, lesson_files
from hearts_core.words.catalogue import message

from .. import page_state
from ..frame import COMING_SOON, PAGES
from ..language import link_params
from ..storage import learner
from ..texts import ui
from .classes import classes, render_class_work
from .daily.dashboard import render_dashboard
from .review.page import due_in
from .review.queue import queue

#: Rules from the engine's catalogue that give a first taste of the game.
TASTE_RULES: Final = ("follow_suit", "penalty_points", "moon")
#: The pages open now, with their home-page blurb and link keys: (page path, name key, item).
OPEN_NOW: Final = (
    ("pages/2_Lessons.py", "nav.lessons", "lessons"),
    ("pages/3_Puzzles.py", "nav.puzzles", "puzzles"),
    ("pages/4_Practice.py", "nav.practice", "practice"),
    ("pages/5_Variant_Lab.py", "nav.lab", "lab"),
    ("pages/1_Rule_Book.py", "nav.rulebook", "rulebook"),
)


def _review_today() -> None:
    """The learner's review queue in one line, once it holds anything: due now, next, learned."""
    current = queue()
    if not current.cards:
        return
    due = len(current.due)
    upcoming = current.next_due
    parts = [ui("home.review_due", count=due)]
    if upcoming is not None:
        parts.append(ui("home.review_next", when=due_in(upcoming, current.now)))
    parts.append(ui("home.review_learned", count=current.learned))
    with st.container(border=True, key=page_state.widget_key("home", "review")):
        st.markdown(" · ".join(parts))
        st.page_link(
            "pages/10_Review.py",
            label=ui("home.review_link"),
            icon=":material/event_repeat:",
            query_params=link_params(),
        )


def _class_work() -> None:
    """The work a learner's class set them, first: what the teacher asked for comes before the rest."""
    work = classes().work_for(learner())
    if work:
        with st.container(border=True, key=page_state.widget_key("home", "class_work")):
            render_class_work(work)


def _blurb(item: str) -> str:
    """What an open page offers; the lessons' with their number, counted from the lesson files so
    that it never falls behind the Lessons page."""
    if item == "lessons":
        return ui("home.lessons_blurb", count=len(lesson_files(LESSONS_DIR)))
    return ui(f"home.{item}_blurb")


def render_home() -> None:
    st.title(f":red[♥] {ui('home.title')}")
    st.markdown(ui("home.intro"))
    st.markdown(ui("home.promise"))

    _class_work()
    _review_today()
    render_dashboard()

    st.subheader(ui("home.now_heading"))
    icons = {path: icon for path, _, icon in PAGES}
    for path, name_key, item in OPEN_NOW:
        with st.container(border=True):
            st.markdown(f"**{ui(name_key)}**: {_blurb(item)}")
            st.page_link(path, label=ui(f"home.{item}_link"), icon=icons[path], query_params=link_params())

    st.subheader(ui("home.taste_heading"))
    for number, rule_id in enumerate(TASTE_RULES, start=1):
        st.markdown(f"{number}. **{message(f'rule.{rule_id}.title')}**: {message(f'rule.{rule_id}.text')}")

    if not COMING_SOON:
        return
    st.subheader(ui("nav.coming_heading"))
    st.caption(ui("home.coming_note"))
    for item in COMING_SOON:
        st.markdown(f"- {ui(f'home.{item}')} :gray-badge[{ui('home.soon')}]")
