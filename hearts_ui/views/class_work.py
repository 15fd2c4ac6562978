"""Class deals on the Class page and the home page (issue 30, item 3): a learner plays the deal their
teacher set (the same cards and bots for the whole class, :mod:`hearts_core.learner.class_deal`), then
sees their points beside the class's and the engine's; the teacher sees every learner's result side by
side with the engine's.  The result is kept by the Practice page's game review (:func:`record_result`).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

import pandas as pd  # type: ignore[import-untyped]
import streamlit as st

from hearts_core.lab.share import decode_ruleset
from hearts_core.learner.class_deal import class_deal_session
from hearts_core.learner.class_report import WorkDone
from hearts_core.learner.practice import PracticeSession, engine_points
from hearts_core.store.classes import Assignment, ClassStore, Member, SchoolClass
from hearts_core.words.catalogue import decimal, whole
from hearts_core.words.echo import echo

from .. import page_state
from ..language import link_params
from ..storage import learner, store
from ..texts import ui
from .practice.session import current, start


@st.cache_data(max_entries=64, show_spinner=False)
def _engine(ruleset: str, seed: int) -> int:
    """The engine's points in the learner's seat on a class deal (the same for the whole class)."""
    return engine_points(class_deal_session(decode_ruleset(ruleset), seed, 1))


def engine_result(school_class: SchoolClass, item: Assignment) -> int:
    """What the engine takes on the class deal ``item`` (worked out once per deal)."""
    return _engine(school_class.ruleset, int(item.target.get("seed", 0)))


def _play(assignment_id: int) -> None:
    found = ClassStore(store()).class_deal(learner(), assignment_id)
    if found is None:
        return
    school_class, item = found
    start(class_deal_session(decode_ruleset(school_class.ruleset), int(item.target["seed"]), item.id))
    st.switch_page("pages/4_Practice.py", query_params=link_params())


def deal_item(item: Assignment, label: str) -> None:
    """A class deal in the learner's work: a button to play it, or their result among the class's."""
    classes = ClassStore(store())
    played = classes.my_deal(learner(), item.id)
    if played is None:
        running = current()
        if running is not None and running.class_deal == item.id and not running.game.hands:
            st.page_link(
                "pages/4_Practice.py",
                label=ui("class_deal.continue", label=label),
                icon=":material/play_arrow:",
                query_params=link_params(),
            )
        elif st.button(
            label, key=page_state.widget_key("class_deal", "play", item.id), icon=":material/playing_cards:"
        ):
            _play(item.id)
        return
    mine, field = played
    found = classes.class_deal(learner(), item.id)
    engine = "" if found is None else ui("class_deal.engine_short", points=whole(engine_result(*found)))
    st.markdown(
        f"{label}: "
        + ui(
            "class_deal.your_result",
            points=whole(mine),
            median=decimal(statistics.median(field)),
            players=whole(len(field)),
        )
        + (f" {engine}" if engine else "")
    )


def record_result(session: PracticeSession) -> None:
    """Keep the learner's first result on a class deal, once its hand is over (the store keeps only
    the first, and only for a learner of the class)."""
    points = session.first_hand_points
    if session.class_deal is None or points is None:
        return
    classes = ClassStore(store())
    if classes.my_deal(learner(), session.class_deal) is not None:
        return  # kept already: the review is drawn again on every rerun, the write happens once
    classes.record_deal(learner(), session.class_deal, points, session.game.hands[0].state.to_notation())


def deal_results(school_class: SchoolClass, item: Assignment, done: Sequence[tuple[Member, WorkDone]]) -> None:
    """The teacher's view of a class deal: every learner's points, the engine's beside them."""
    with st.spinner(ui("daily.engine_working")):
        engine = engine_result(school_class, item)
    rows = [
        {
            ui("classes.col_name"): member.display_name,
            ui("class_deal.col_points"): work.points,
            ui("class_deal.col_engine"): engine,
        }
        for member, work in done
    ]
    st.caption(ui("class_deal.engine", points=whole(engine)) + " " + ui("class_deal.fewer_better"))
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="content", placeholder="—")
    waiting = [echo(member.display_name) for member, work in done if not work.finished]
    if waiting:
        st.caption(ui("class_deal.not_yet", names=", ".join(waiting)))


__all__ = ["deal_item", "deal_results", "engine_result", "record_result"]
