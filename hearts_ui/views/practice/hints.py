"""The hint ladder beside the table: a nudge, the recommendation, the numbers."""

from __future__ import annotations

from typing import Any, Final

import streamlit as st

from hearts_core.ai import hints
from hearts_core.engine.cards import Card
from hearts_core.learner.practice import PracticeSession

from ... import page_state
from ...language import in_session_language
from ...texts import ui
from ...widgets.card_table.payload import CardVerdict
from ...widgets.chips import prose_plain
from .session import current
from .view import PracticeView

#: The rungs of the hint ladder.
RUNGS: Final = (1, 2, 3)


def _symbol(card: Any) -> str:
    return Card.parse(str(card)).symbol


def hint_for(session: PracticeSession) -> hints.PassHint | hints.PlayHint:
    """The hint for the position (computed once, kept while the position stands)."""
    kept = page_state.get(PracticeView).hint
    if kept is not None:
        return kept
    hint: hints.PassHint | hints.PlayHint
    worlds = hints.hint_worlds(session.stage)
    if session.stage == "pass":
        hint = hints.pass_hint(session.hand, session.seat, totals=session.totals_before, worlds=worlds)
    else:
        hint = hints.play_hint(session.hand, session.seat, totals=session.totals_before, worlds=worlds)
    page_state.update(PracticeView, hint=hint)
    return hint


def _compare_with(session: PracticeSession, hint: Any, key: str) -> str | None:
    """In play, the card the learner has in mind, for rung 2 to contrast with the recommendation."""
    if session.stage != "play":
        return None
    others = [str(card) for card in session.hand.legal_moves() if str(card) != hint.recommended]
    if not others:
        return None
    choice = st.selectbox(
        ui("practice.compare"),
        ["", *others],
        key=key,
        format_func=in_session_language(lambda card: _symbol(card) if card else ui("practice.compare_none")),
    )
    return str(choice) if choice in others else None


def _climb(rung: int) -> None:
    if current() is not None:
        page_state.update(PracticeView, rung=rung)


def hint_ladder(session: PracticeSession) -> None:
    view = page_state.get(PracticeView)
    shown = view.rung
    if shown:
        with st.spinner(ui("practice.hint_thinking")):
            hint = hint_for(session)
        rungs = st.container()  # drawn above the card picker that rung 2 reads
        compare = _compare_with(session, hint, view.compare_key) if shown >= 2 else None
        for rung in RUNGS[:shown]:
            text = hint.rung(rung, compare) if rung == 2 and compare else hint.rung(rung)
            rungs.info(prose_plain(f"**{ui('common.rung', number=rung)}** {text}"), icon=":material/lightbulb:")
    if shown < len(RUNGS):
        rung = shown + 1
        st.button(
            ui("common.hint_button", number=rung, count=len(RUNGS)),
            key=PracticeView.widget_key("hint", rung),
            on_click=_climb,
            args=(rung,),
            icon=":material/lightbulb:",
            help=ui("practice.hint_help"),
        )


def suggested_cards(session: PracticeSession) -> dict[str, CardVerdict]:
    """The cards the hint names, to be marked on the table, once the ladder has reached the card (rung 2)."""
    if page_state.get(PracticeView).rung < 2 or session.stage not in ("pass", "play"):
        return {}
    hint = hint_for(session)
    cards = hint.recommended if isinstance(hint, hints.PassHint) else (hint.recommended,)
    return {str(card): "suggested" for card in cards}
