"""Playing a hand: the table, the learner's cards, passing, undo and claim."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from hearts_core.engine.cards import Card
from hearts_core.engine.describe import option_words
from hearts_core.engine.reasons import IllegalPlayError
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name, table_snapshot
from hearts_core.learner.practice import PracticeSession

from ...texts import ui
from ...widgets.table import render_table
from .session import current, keep


def _seat(session: PracticeSession, seat: int) -> str:
    return seat_name(seat, session.rules.players)


def _symbol(card: Any) -> str:
    return Card.parse(str(card)).symbol


def seat_plays(state: HandState) -> list[tuple[int, str]]:
    """Every card of the hand so far as (seat, card), in order."""
    n = state.rules.players
    plays = [(seat, str(card)) for trick in state.tricks for seat, card in zip(trick.seats(n), trick.cards,
                                                                               strict=True)]
    current = state.current_trick
    plays += [((current.leader + index) % n, str(card)) for index, card in enumerate(current.cards)]
    return plays


def _since_your_card(session: PracticeSession) -> str | None:
    """What the bots did since the learner's last card (or since the pass): cards and tricks won."""
    state = session.hand
    plays = seat_plays(state)
    start = len(seat_plays(session.undo_stack[-1])) + 1 if session.undo_stack else 0
    n = state.rules.players
    parts: list[str] = []
    for index in range(start, len(plays)):
        seat, card = plays[index]
        if seat != session.seat:
            parts.append(ui("practice.played", seat=_seat(session, seat), card=_symbol(card)))
        if (index + 1) % n == 0 and (index + 1) // n <= len(state.tricks):
            trick = state.tricks[(index + 1) // n - 1]
            winner = _seat(session, trick.winner)
            parts.append(ui("practice.trick_won_one", seat=winner) if trick.points == 1 else ui(
                "practice.trick_won", seat=winner, points=trick.points))
    return " · ".join(parts) if parts else None


def board(session: PracticeSession) -> None:
    state = session.hand
    stage = session.stage
    highlight: Sequence[str] = ()
    if stage == "pass":
        highlight = tuple(st.session_state.get("ha_pr_pick") or ())
    last_trick = stage not in ("pass", "play") or bool(st.session_state.get("ha_pr_show_last"))
    render_table(table_snapshot(state, face_up=[session.seat], highlight=highlight, last_trick=last_trick))


def _hand_buttons(session: PracticeSession) -> None:
    """The learner's cards as buttons, one row per suit; illegal ones disabled (their help says why)."""
    state = session.hand
    hand = state.hands[session.seat].cards()
    st.markdown(f"**{ui('practice.your_turn')}**")
    for suit in sorted({card.suit for card in hand}):
        with st.container(horizontal=True, gap="small", key=f"ha_pr_suit_{suit}"):
            for card in (card for card in hand if card.suit == suit):
                legal = state.is_legal(card)
                st.button(card.symbol, key=f"ha_pr_card_{card}", on_click=_play, args=(str(card),),
                          disabled=not legal, type="primary" if legal else "secondary",
                          help=card.name if legal else str(state.explain(card)))


def _play(card: str) -> None:
    session = current()
    if session is None or session.stage != "play":
        return
    try:
        keep(session.play(card))
    except IllegalPlayError:
        return
    forget_hint()


def forget_hint() -> None:
    """Forget the hint of the position the learner has just left."""
    for key in ("ha_pr_rung", "ha_pr_hint", "ha_pr_compare", "ha_pr_why"):
        st.session_state.pop(key, None)


# -- the pass ------------------------------------------------------------------------------------


def pass_panel(session: PracticeSession) -> None:
    state = session.hand
    count = session.rules.pass_count
    target = _seat(session, state.pass_target(session.seat))
    st.markdown(f"#### {ui('practice.pass_heading', count=count, seat=target)}")
    st.caption(option_words("pass_cycle", state.pass_direction))
    options = [str(card) for card in state.hands[session.seat].cards()]
    st.pills(ui("practice.pass_pick", count=count), options, selection_mode="multi", key="ha_pr_pick",
             format_func=_symbol, wrap=True)
    picked = list(st.session_state.get("ha_pr_pick") or [])
    if len(picked) != count:
        st.caption(ui("practice.pass_picked", picked=len(picked), count=count))
    st.button(ui("practice.pass_submit", seat=target), key="ha_pr_pass", type="primary", icon=":material/send:",
              on_click=_pass, disabled=len(picked) != count)


def _pass() -> None:
    session = current()
    picked = list(st.session_state.get("ha_pr_pick") or [])
    if session is None or session.stage != "pass" or len(picked) != session.rules.pass_count:
        return
    keep(session.pass_cards(picked))
    st.session_state.pop("ha_pr_pick", None)
    forget_hint()


# -- playing -----------------------------------------------------------------------------------


def play_panel(session: PracticeSession) -> None:
    state = session.hand
    since = _since_your_card(session)
    if since:
        st.caption(f"**{ui('practice.since')}** {since}")
    _hand_buttons(session)
    _why_not(session)
    undo, claim = st.columns(2)
    undo.button(ui("practice.undo"), key="ha_pr_undo", on_click=_undo, icon=":material/undo:",
                disabled=not session.can_undo, help=ui("practice.undo_help"), width="stretch")
    claim.button(ui("practice.claim"), key="ha_pr_claim", on_click=_claim, icon=":material/done_all:",
                 disabled=not session.can_claim, help=ui("practice.claim_help"), width="stretch")
    st.toggle(ui("practice.show_last"), key="ha_pr_show_last", disabled=not state.tricks)


def _why_not(session: PracticeSession) -> None:
    state = session.hand
    illegal = [str(card) for card in state.hands[session.seat].cards() if not state.is_legal(card)]
    if not illegal:
        return
    with st.popover(ui("practice.why"), icon=":material/help:"):
        choice = st.selectbox(ui("practice.why_pick"), illegal, key="ha_pr_why", format_func=_symbol)
        if choice in illegal:
            st.markdown(str(state.explain(choice)))


def _undo() -> None:
    session = current()
    if session is not None and session.can_undo:
        keep(session.undo())
        forget_hint()


def _claim() -> None:
    session = current()
    if session is not None and session.can_claim:
        keep(session.claim())
        forget_hint()


