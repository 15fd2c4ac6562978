"""The Review page: the learner's own mistakes, each back when it is due (FSRS).

A practice position is answered here, on the card table: the card (or the three cards of a pass)
is weighed by the engine as the game review weighed the first answer, any card within the "good"
class counts as right, and the verdict says what the best card was and what the answer cost.  A
puzzle or a lesson exercise is answered on its own page, checked there as always; the answer given
there counts here (:func:`~hearts_ui.views.review.queue.answered_elsewhere`).
"""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from hearts_core import HandState
from hearts_core.learner.review import Decision
from hearts_core.learner.review_queue import Queue, Scheduled, card_position, is_right, judge_pass, judge_play
from hearts_core.words.catalogue import decimal, whole

from ... import page_state
from ...language import link_params
from ...storage import learner, store
from ...texts import ui
from ...widgets.card_table import TableAction, TableScene, card_table, play_control, select_control
from ...widgets.chips import symbols
from ..analysis.links import analyse_button
from ..lessons.page import curriculum
from ..practice.game_review import class_label
from ..puzzles.common import library
from .queue import open_elsewhere, queue
from .view import ReviewView

TABLE_KEY = ReviewView.widget_key("table")
#: Deals behind a card's verdict (as in the game review).
WORLDS = 1000


def _position(card: Scheduled) -> HandState:
    return card_position(card.card)


def _judged(card: Scheduled, decision: Decision) -> None:
    """Record the answer and keep the verdict on screen until the learner goes on."""
    right = is_right(decision)
    store().record_review(learner(), card.card.key, "right" if right else "wrong")
    page_state.update(ReviewView, answered=(card.card.key, decision))


def _played(action: TableAction) -> None:
    """A card played (or a pass confirmed) on the card shown: weighed, and its answer recorded."""
    shown = page_state.get(ReviewView).showing
    card = queue().card(shown) if shown is not None else None
    if card is None or page_state.get(ReviewView).answered is not None:
        return
    state = _position(card)
    if action.kind == "play" and action.card is not None and state.is_legal(action.card):
        _judged(card, judge_play(state, action.card, worlds=WORLDS))
    elif action.kind == "cards" and len(action.cards) == state.rules.pass_count:
        _judged(card, judge_pass(state, card.card.seat, action.cards))


def _go_on() -> None:
    page_state.update(ReviewView, answered=None)


def _suspend(key: str) -> None:
    store().record_review(learner(), key, "suspend")
    page_state.update(ReviewView, answered=None)


def _resume(key: str) -> None:
    store().record_review(learner(), key, "resume")


def due_in(moment: datetime, now: datetime) -> str:
    """How far off a due time is, in words: minutes, hours or days."""
    seconds = max(0.0, (moment - now).total_seconds())
    if seconds < 3600:
        return ui("review_page.in_minutes", count=max(1, round(seconds / 60)))
    if seconds < 86400 * 2:
        return ui("review_page.in_hours", count=max(1, round(seconds / 3600)))
    return ui("review_page.in_days", count=round(seconds / 86400))


def _summary(current: Queue) -> None:
    """The queue in one line (the table needs the height): due now, learned, in the queue."""
    st.markdown(
        " · ".join(
            (
                f"{ui('review_page.due')}: **{whole(len(current.due))}**",
                f"{ui('review_page.learned')}: **{whole(current.learned)}**",
                f"{ui('review_page.total')}: **{whole(len(current.cards))}**",
            )
        ),
        help=ui("review_page.learned_help"),
    )


def _verdict(key: str, decision: Decision, card: Scheduled | None) -> None:
    """The engine's verdict on the answer just given, the better line, and the way on."""
    words = {
        "played": symbols(decision.played),
        "best": symbols(decision.best),
        "loss": decimal(decision.loss),
        "label": class_label(decision.label),
    }
    if is_right(decision):
        st.success(ui("review_page.right", **words), icon=":material/check_circle:")
    else:
        st.error(ui("review_page.wrong", **words), icon=":material/cancel:")
    if card is not None:
        st.caption(ui("review_page.next_time", when=due_in(card.due, store().now())))
    row = st.container(horizontal=True, gap="small")
    with row:
        st.button(ui("review_page.go_on"), key=ReviewView.widget_key("next"), type="primary", on_click=_go_on)
        if not decision.is_pass:
            analyse_button(decision.state, ReviewView.widget_key("analyse"))


def _position_card(card: Scheduled) -> None:
    """A practice position: the question, the table, the first answer given."""
    state = _position(card)
    seat = card.card.seat
    passing = card.card.kind == "pass"
    question = ui("review_page.ask_pass" if passing else "review_page.ask_play")
    st.markdown(f"**{question}**")
    # What was chosen and what it cost, never the best card: that is for the learner to recall, and the
    # verdict names it after the answer.
    st.caption(ui("review_page.first_time", answer=symbols(card.card.answer), loss=decimal(card.card.loss)))
    if passing:
        control = select_control(seat, state.rules.pass_count, ui("common.pass_submit"))
    else:
        control = play_control(state, seat, status=ui("review_page.your_turn"))
    card_table(
        TableScene(state, face_up=[seat], hand=control, motion="jump"),
        key=f"{TABLE_KEY}_{card.card.key.replace(':', '_')}",
        on_action=_played,
    )


def _open_card(card: Scheduled) -> None:
    """A puzzle or a lesson exercise: answered on its own page, counted here."""
    open_elsewhere(card.card.key)
    if card.card.kind == "puzzle":
        st.switch_page("pages/3_Puzzles.py", query_params=link_params({"puzzle": card.card.source}))
    lesson, _, step = card.card.source.rpartition(":")
    st.switch_page("pages/2_Lessons.py", query_params=link_params({"lesson": lesson, "step": str(int(step) + 1)}))


def _elsewhere_card(card: Scheduled) -> None:
    kind = card.card.kind
    st.markdown(f"**{ui(f'review_page.ask_{kind}')}**")
    st.caption(_source_name(card))
    if st.button(
        ui(f"review_page.open_{kind}"), key=ReviewView.widget_key("open"), type="primary", icon=":material/open_in_new:"
    ):
        _open_card(card)


def _suspended(current: Queue) -> None:
    if not current.suspended:
        return
    with st.expander(ui("review_page.suspended", count=len(current.suspended)), icon=":material/pause_circle:"):
        for number, card in enumerate(current.suspended):
            row = st.container(horizontal=True, gap="small")
            row.markdown(_card_name(card), width="content")
            row.button(
                ui("review_page.resume"),
                key=ReviewView.widget_key("resume", number),
                on_click=_resume,
                args=(card.card.key,),
            )


def _card_name(card: Scheduled) -> str:
    kind = card.card.kind
    if kind in ("play", "pass"):
        return ui(f"review_page.name_{kind}", answer=symbols(card.card.answer))
    return _source_name(card)


def _source_name(card: Scheduled) -> str:
    """The puzzle's or the lesson step's name, as its own page titles it."""
    if card.card.kind == "puzzle":
        puzzle = library().puzzles.get(card.card.source)
        return ui("review_page.puzzle_named", puzzle=puzzle.title if puzzle else card.card.source)
    lesson_id, _, step = card.card.source.rpartition(":")
    lesson = next((lesson for lesson in curriculum().ordered() if lesson.id == lesson_id), None)
    return ui("review_page.lesson_named", lesson=lesson.title if lesson else lesson_id, step=int(step) + 1)


def render_review() -> None:
    """The whole page."""
    st.title(ui("nav.review"))
    st.caption(ui("review_page.intro"))
    current = queue()
    view = page_state.get(ReviewView)
    _summary(current)
    if view.answered is not None:
        key, decision = view.answered
        _verdict(key, decision, current.card(key))
        _suspended(current)
        return
    if not current.due:
        if current.cards:
            upcoming = current.next_due
            when = due_in(upcoming, current.now) if upcoming is not None else "—"
            st.success(ui("review_page.nothing_due", when=when), icon=":material/task_alt:")
        else:
            st.info(ui("review_page.empty"), icon=":material/inbox:")
        _suspended(current)
        return
    card = current.due[0]
    if view.showing != card.card.key:
        page_state.update(ReviewView, showing=card.card.key)
    with st.container(border=True, key=ReviewView.widget_key("card")):
        if card.card.is_position:
            _position_card(card)
        else:
            _elsewhere_card(card)
        st.button(
            ui("review_page.suspend"),
            key=ReviewView.widget_key("suspend"),
            on_click=_suspend,
            args=(card.card.key,),
            icon=":material/pause:",
            help=ui("review_page.suspend_help"),
            type="tertiary",
        )
    _suspended(current)
