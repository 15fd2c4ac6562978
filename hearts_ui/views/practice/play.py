"""Playing a hand on the card table: pass by choosing cards in the hand, play by clicking one; undo and claim."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import streamlit as st

from hearts_core.engine.reasons import IllegalPlayError
from hearts_core.engine.table import seat_name
from hearts_core.learner.practice import PracticeSession

from ...texts import ui
from ...widgets.card_table import HandControl, TableAction, TableScene, card_table, play_control, select_control
from ..analysis.links import analyse_button
from .hints import suggested_cards
from .session import current, keep
from .view import PracticeView

#: The key of the Practice table (the component remembers what it drew under it).
TABLE_KEY: Final = PracticeView.widget_key("table")


def _control(session: PracticeSession) -> HandControl | None:
    """What the learner may do with their hand now: choose the pass, play a card, or only look."""
    state = session.hand
    if session.stage == "pass":
        target = seat_name(state.pass_target(session.seat), session.rules.players)
        count = session.rules.pass_count
        control = select_control(
            session.seat,
            count,
            ui("practice.pass_submit", seat=target),
            status=ui("practice.pass_heading", count=count, seat=target),
        )
    elif session.stage == "play":
        control = play_control(state, session.seat, status=ui("practice.your_turn"))
    else:
        return None
    # The hint's card (or pass) marked in the hand, with a star and the word "suggested".
    return replace(control, verdicts=suggested_cards(session))


def board(session: PracticeSession) -> None:
    """The table: the learner's hand face up at the bottom, the bots' cards arriving one by one."""
    face_up = [session.seat] if session.stage in ("pass", "play") else "all"
    card_table(TableScene(session.hand, face_up=face_up, hand=_control(session)), key=TABLE_KEY, on_action=_act)


def analyse_position(session: PracticeSession) -> None:
    """The learner's position on the Analysis board, from their seat (on their turn to play)."""
    if session.stage == "play" and session.hand.is_playing and session.hand.to_play == session.seat:
        analyse_button(session.hand, PracticeView.widget_key("analyse"))


def _act(action: TableAction) -> None:
    """A click on the table: the pass chosen, or a card played (a new turn: the hint of the position
    left goes with it)."""
    session = current()
    if session is None:
        return
    if action.kind == "cards" and session.stage == "pass" and len(action.cards) == session.rules.pass_count:
        try:
            passed = session.pass_cards(action.cards)
        except ValueError:
            return  # cards not in the hand (a stale click): nothing is passed
        keep(passed)
    elif action.kind == "play" and action.card is not None and session.stage == "play":
        try:
            played = session.play(action.card)
        except (IllegalPlayError, ValueError):
            return  # the table shows the reason itself; nothing is played
        keep(played)


def actions(session: PracticeSession) -> None:
    """Undo and claim, beside the table."""
    undo, claim = st.columns(2)
    undo.button(
        ui("practice.undo"),
        key=PracticeView.widget_key("undo"),
        on_click=_undo,
        icon=":material/undo:",
        disabled=not session.can_undo,
        help=ui("practice.undo_help"),
        width="stretch",
    )
    claim.button(
        ui("practice.claim"),
        key=PracticeView.widget_key("claim"),
        on_click=_claim,
        icon=":material/done_all:",
        disabled=not session.can_claim,
        help=ui("practice.claim_help"),
        width="stretch",
    )


def _undo() -> None:
    session = current()
    if session is not None and session.can_undo:
        keep(session.undo())


def _claim() -> None:
    session = current()
    if session is not None and session.can_claim:
        keep(session.claim())
