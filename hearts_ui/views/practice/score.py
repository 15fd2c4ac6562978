"""The end of a hand and of the game: the moon choice, the scores, the chart, the review."""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Final

import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from hearts_core.ai import hints
from hearts_core.engine.describe import signed
from hearts_core.engine.history import History
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name
from hearts_core.engine.vocabulary import MOON_CHOICES
from hearts_core.learner.practice import PracticeSession
from hearts_core.phn import dumps_game

from ... import page_state
from ...texts import ui
from ...widgets.card_table import TableScene, card_table
from ...widgets.chips import prose_plain
from ...widgets.stepper import counter, stepper
from ..analysis.links import analyse_button
from .session import current, keep, seat_words, start
from .view import PracticeView

VERDICT_WORLDS: Final = 64
SEAT_COLOURS: Final = ("#b3261e", "#1f5fa8", "#2e7352", "#8a5a00", "#6b3fa0", "#444444")


def _seat(session: PracticeSession, seat: int) -> str:
    return seat_name(seat, session.rules.players)


def moon_panel(session: PracticeSession) -> None:
    st.success(ui("practice.moon_heading", value=session.rules.moon_value), icon=":material/dark_mode:")
    for option in MOON_CHOICES:
        st.button(
            ui(f"practice.moon_{option}", value=session.rules.moon_value),
            key=PracticeView.widget_key("moon", option),
            on_click=_moon,
            args=(option,),
            width="stretch",
            type="primary",
        )


def _moon(option: str) -> None:
    session = current()
    if session is not None and session.stage == "moon":
        keep(session.choose_moon(option))


def hand_over_screen(session: PracticeSession) -> None:
    """Between hands: this hand's points and the totals per player, the moon, and what comes next;
    at the end of the game, the winner and "play again"."""
    result = session.game.hands[-1]
    over = session.stage == "game_over"
    with st.container(border=True, key=PracticeView.widget_key("scores")):
        if over:
            winners = ", ".join(seat_words(session, seat) for seat in session.game.winners)
            won = session.seat in session.game.winners
            st.markdown(f"### {ui('practice.game_won') if won else ui('practice.game_lost')}")
            st.markdown(ui("practice.game_over", winners=winners))
        else:
            st.markdown(f"### {ui('practice.hand_over', number=result.state.hand_number + 1)}")
        if result.report.moon_shooter is not None:
            st.info(
                ui("practice.moon_shot", seat=seat_words(session, result.report.moon_shooter)),
                icon=":material/dark_mode:",
            )
        totals = session.game.totals
        leader = min(totals)
        # One wrapping row (not columns, which a phone stacks column by column): seats stay in order.
        row = st.container(horizontal=True, gap="small")
        for seat, score in enumerate(result.report.scores):
            name = seat_words(session, seat) + (" ★" if totals[seat] == leader else "")
            history = [session.game.totals_after(count)[seat] for count in range(len(session.game.hands) + 1)]
            row.metric(
                name,
                totals[seat],
                delta=ui("practice.this_hand", points=signed(score)),
                delta_color="off" if score == 0 else "inverse",
                delta_arrow="off",
                border=True,
                chart_data=history if len(history) > 2 else None,
                width=140,  # two to a row on a 390 px phone, inside the bordered box
            )
        lines = len(session.game.hands) > 1
        st.caption(ui("practice.leader_note") + (" " + ui("practice.sparkline_note") if lines else ""))
        if over:
            again, new = st.columns(2)
            again.button(
                ui("practice.play_again"),
                key=PracticeView.widget_key("again"),
                on_click=_play_again,
                type="primary",
                icon=":material/replay:",
                width="stretch",
                help=ui("practice.play_again_help"),
            )
            new.button(
                ui("practice.new_game"),
                key=PracticeView.widget_key("new"),
                on_click=_new_game,
                icon=":material/tune:",
                width="stretch",
            )
        else:
            st.button(
                ui("practice.next_hand"),
                key=PracticeView.widget_key("next"),
                on_click=_next_hand,
                type="primary",
                icon=":material/skip_next:",
                width="stretch",
            )
    st.download_button(
        ui("practice.download_game"),
        dumps_game(session.game, {"Event": ui("practice.phn_event")}),
        file_name="hearts-practice-game.phn",
        mime="text/plain",
        key=PracticeView.widget_key("download", len(session.game.hands)),
        icon=":material/download:",
        help=ui("practice.download_game_help"),
    )
    if page_state.get(PracticeView).reviewing:
        st.button(
            ui("practice.review_close"),
            key=PracticeView.widget_key("review", "close"),
            on_click=_close_review,
            icon=":material/close:",
        )
    else:
        st.button(
            ui("practice.review"),
            key=PracticeView.widget_key("review", "open"),
            on_click=_open_review,
            icon=":material/play_arrow:",
            help=ui("practice.review_help"),
        )


def _play_again() -> None:
    """A new game with the same rules and bots."""
    session = current()
    if session is not None:
        start(PracticeSession.start(session.rules, level=session.level, seed=secrets.randbelow(10**9)))


def _new_game() -> None:
    keep(None)


def _next_hand() -> None:
    session = current()
    if session is not None and session.stage == "hand_over":
        keep(session.next_hand())


def _open_review() -> None:
    page_state.update(PracticeView, reviewing=True, frame=0)


def _close_review() -> None:
    page_state.update(PracticeView, reviewing=False)


# -- the review ------------------------------------------------------------------------------------


def _history(session: PracticeSession) -> History:
    """The hand being reviewed, from the pass to its last card (computed once: a new hand is a new view)."""
    history = page_state.get(PracticeView).history
    if history is None:
        history = History.of_hand(session.hand)
        page_state.update(PracticeView, history=history)
    return history


def _verdict(session: PracticeSession, before: HandState, index: int, card: str) -> hints.Verdict:
    """The engine's verdict on the learner's card at position ``index`` (computed once)."""
    view = page_state.get(PracticeView)
    verdict = view.verdicts.get(index)
    if verdict is None:
        verdict = hints.decision_verdict(
            before, session.seat, card, totals=session.totals_before, worlds=VERDICT_WORLDS
        )
        page_state.put(replace(view, verdicts={**view.verdicts, index: verdict}))
    return verdict


def _set_frame(target: int) -> None:
    page_state.update(PracticeView, frame=target)


def review(session: PracticeSession) -> None:
    """The finished hand, card by card, with the engine's verdict on each of the learner's cards."""
    history = _history(session)
    last = len(history) - 1
    position = max(0, min(page_state.get(PracticeView).frame, last))
    move = history.move(position) if position else None
    card_table(
        TableScene(
            history[position],
            face_up="all",
            highlight=(str(move.card),) if move else (),
            title=ui("practice.review_heading", number=session.hand.hand_number + 1),
            motion="jump",  # the narration below describes this frame: the table must already show it
        ),
        key=PracticeView.widget_key("review", "table"),
    )
    if history[position].is_playing:
        analyse_button(history[position], PracticeView.widget_key("review", "analyse"))
    mine = [index for index in range(1, last + 1) if history.move(index).seat == session.seat]
    following = next((index for index in mine if index > position), None)
    steps, jump = st.columns([4, 1], vertical_alignment="bottom")
    with steps:
        stepper(PracticeView.widget_key("review"), position, last, _set_frame)
    jump.button(
        ui("practice.review_mine_short"),
        key=PracticeView.widget_key("review", "mine"),
        help=ui("practice.review_mine"),
        icon=":material/person:",
        on_click=_set_frame,
        args=(following or last,),
        width="stretch",
        disabled=following is None,
    )
    counter(position, last)
    if move is None:
        st.info(ui("practice.review_start"), icon=":material/chat:")
        return
    st.info(move.explanation.narration(_seat(session, move.seat)), icon=":material/chat:")
    if move.seat == session.seat:
        with st.spinner(ui("practice.hint_thinking")):
            verdict = _verdict(session, history[position - 1], position - 1, str(move.card))
        if verdict.good:
            st.success(prose_plain(verdict.text), icon=":material/check:")
        else:
            st.warning(prose_plain(verdict.text), icon=":material/lightbulb:")


# -- the score -------------------------------------------------------------------------------------


def scoreboard(session: PracticeSession) -> None:
    totals = session.game.totals
    hand = session.hand
    live = session.stage in ("pass", "play", "moon")
    points = hand.hand_points()
    header = f"| {ui('common.col_player')} | {ui('practice.col_total')} |"
    rule = "|---|---:|"
    if live:
        header += f" {ui('practice.col_hand')} |"
        rule += "---:|"
    lines = [header, rule]
    for seat in range(session.rules.players):
        name = seat_words(session, seat)
        row = f"| {name} | {totals[seat]} |"
        if live:
            row += f" {points[seat]} |"
        lines.append(row)
    st.markdown(f"##### {ui('practice.score_heading')}")
    st.markdown("\n".join(lines))
    game_notes(session)


def game_notes(session: PracticeSession) -> None:
    """How the game ends, and the hands flagged as practice."""
    target = session.rules.target_score
    if target:
        st.caption(ui("practice.target", target=target))
    elif session.rules.max_hands:
        st.caption(ui("practice.hands_limit", count=session.rules.max_hands))
    flagged = sorted(number + 1 for number in session.practice_hands)
    if flagged:
        st.caption(ui("practice.flagged", hands=", ".join(str(number) for number in flagged)))


def totals_chart(session: PracticeSession) -> go.Figure:
    game = session.game
    hands = list(range(len(game.hands) + 1))
    figure = go.Figure()
    for seat in range(game.rules.players):
        name = seat_words(session, seat)
        figure.add_trace(
            go.Scatter(
                x=hands,
                y=[game.totals_after(count)[seat] for count in hands],
                mode="lines+markers",
                name=name,
                line={"color": SEAT_COLOURS[seat % len(SEAT_COLOURS)], "width": 4 if seat == session.seat else 2},
            )
        )
    target = game.rules.target_score
    if target:
        figure.add_hline(
            y=target,
            line_dash="dot",
            line_color="rgba(128,128,128,0.7)",
            annotation_text=ui("practice.chart_target", target=target),
        )
    figure.update_layout(
        height=320,
        margin={"l": 10, "r": 10, "t": 50, "b": 40},
        title={"text": ui("practice.chart_title"), "x": 0, "xanchor": "left"},
        xaxis={"title": {"text": ui("practice.chart_axis")}, "dtick": 1},
        yaxis={"title": {"text": ui("common.axis_points")}},
        legend={"orientation": "h", "y": -0.25},
    )
    return figure
