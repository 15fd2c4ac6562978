"""The step kinds of a lesson, drawn: prose, a walkthrough, a card, a pass, a question, a comparison.

Each renderer draws its step beside the card table; the learner's answers are
judged by the step itself (``step.judge``) and recorded in the progress.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import streamlit as st

from hearts_core.content.lessons import (
    ChooseCardStep,
    ChoosePassStep,
    CompareStep,
    ExplainStep,
    Lesson,
    QuestionStep,
    Step,
    Verdict,
    WalkthroughStep,
)
from hearts_core.engine.cards import Card
from hearts_core.engine.describe import option_words
from hearts_core.engine.history import History
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name, table_snapshot
from hearts_core.learner.lesson_progress import StepOutcome

from ...texts import ui
from ...widgets.stepper import counter, session_position, stepper
from ...widgets.table import render_table
from .progress import record


def render_step(lesson: Lesson, index: int, step: Step) -> None:
    """Draw one step of ``lesson`` (``index`` counts from 0)."""
    renderer: Callable[[Lesson, int, Any], None] = _RENDERERS[type(step)]
    renderer(lesson, index, step)


# -- drawing a position --------------------------------------------------------------------


def _face_up(step: Step, state: HandState) -> Any:
    if step.show == "to_play":
        return [state.to_play] if state.to_play is not None else "all"
    return step.show


def _table(step: Step, state: HandState, highlight: tuple[str, ...] = ()) -> None:
    render_table(table_snapshot(state, face_up=_face_up(step, state), highlight=highlight or step.highlight))


def _with_table(lesson: Lesson, step: Step) -> Any:
    """Two columns when the step shows a position: the table, then the words."""
    state = lesson.position(step)
    if state is None:
        return st.container()
    table_col, words_col = st.columns([2, 1], gap="medium")
    with table_col:
        _table(step, state)
    return words_col


# -- prose and walkthroughs -------------------------------------------------------------------


def _explain(lesson: Lesson, index: int, step: ExplainStep) -> None:
    with _with_table(lesson, step):
        st.markdown(step.text)


def _walkthrough(lesson: Lesson, index: int, step: WalkthroughStep) -> None:
    history = step.history(lesson)
    key = f"ha_frame_{lesson.id}_{index}"
    last = len(history) - 1
    position = session_position(key, last)
    state = history[position]
    table_col, words_col = st.columns([2, 1], gap="medium")
    highlight = (str(history.move(position).card),) if position else ()
    with table_col:
        _table(step, state, highlight)
        stepper("ha_frame", position, last, lambda target: st.session_state.__setitem__(key, target))
    with words_col:
        if step.text:
            st.markdown(step.text)
        counter(position, last)
        st.info(_frame_caption(lesson, step, history, position), icon=":material/chat:")
        if last > 0:
            slider_key = f"{key}_slider"
            st.session_state[slider_key] = position
            st.slider(ui("lessons.frame_slider"), 0, last, key=slider_key, on_change=_frame_slid,
                      args=(key, slider_key))


def _frame_slid(key: str, slider_key: str) -> None:
    st.session_state[key] = int(st.session_state[slider_key])


def _frame_caption(lesson: Lesson, step: WalkthroughStep, history: History, position: int) -> str:
    """The lesson's caption, or the engine's words for the card just played,
    plus who won the trick when this card completed one."""
    players = lesson.rules.players
    parts = []
    caption = step.caption(lesson, position)
    if caption:
        parts.append(caption)
    elif position:
        move = history.move(position)
        parts.append(move.explanation.narration(seat_name(move.seat, players)))
    else:
        parts.append(ui("lessons.auto_start"))
    state = history[position]
    if position and not state.trick_cards and state.tricks:
        trick = state.tricks[-1]
        parts.append(ui("lessons.auto_trick", seat=seat_name(trick.winner, players), points=trick.points))
    return "\n\n".join(parts)


# -- answers -----------------------------------------------------------------------------------


def _verdict_key(lesson: Lesson, index: int) -> str:
    return f"ha_verdict_{lesson.id}_{index}"


_VERDICT_LOOK: Final = {
    "right": (st.success, "common.right", ":material/check:"),
    "illegal": (st.error, "lessons.illegal", ":material/block:"),
    "poor": (st.warning, "lessons.poor", ":material/replay:"),
    "wrong": (st.error, "common.wrong", ":material/replay:"),
}


def _show_verdict(lesson: Lesson, index: int) -> None:
    verdict: Verdict | None = st.session_state.get(_verdict_key(lesson, index))
    if verdict is None:
        return
    draw, heading, icon = _VERDICT_LOOK[verdict.outcome]
    engine_words = verdict.detail if verdict.outcome in ("illegal", "wrong") else ""
    words = "  \n".join(part for part in (verdict.text, engine_words) if part)
    draw(ui(heading) + ("  \n" + words if words else ""), icon=icon)
    for note in verdict.notes:
        st.markdown(f"- {note}")


def _judged(lesson: Lesson, index: int, verdict: Verdict) -> None:
    st.session_state[_verdict_key(lesson, index)] = verdict
    outcome: StepOutcome = "right" if verdict.correct else "wrong"
    record(lesson, index, outcome)


def _words_then_prompt(step: ChooseCardStep | ChoosePassStep) -> None:
    if step.text:
        st.markdown(step.text)
    st.markdown(f"**{step.prompt}**")


def _choose_card(lesson: Lesson, index: int, step: ChooseCardStep) -> None:
    state = lesson.position(step)
    assert state is not None and state.to_play is not None
    table_col, words_col = st.columns([2, 1], gap="medium")
    with table_col:
        _table(step, state)
    with words_col:
        _words_then_prompt(step)
        st.caption(ui("lessons.your_cards", seat=seat_name(state.to_play, lesson.rules.players)))
        hand = state.hands[state.to_play].cards()
        cols = st.columns(min(len(hand), 4))
        for position, card in enumerate(hand):
            cols[position % len(cols)].button(card.symbol, key=f"ha_card_{index}_{card}", help=card.name,
                                              width="stretch", on_click=_pick_card, args=(lesson, index, str(card)))
        _show_verdict(lesson, index)


def _pick_card(lesson: Lesson, index: int, card: str) -> None:
    step = lesson.steps[index]
    assert isinstance(step, ChooseCardStep)
    _judged(lesson, index, step.judge(lesson, card))


def _choose_pass(lesson: Lesson, index: int, step: ChoosePassStep) -> None:
    state = lesson.position(step)
    assert state is not None
    picked_key = f"ha_pass_{lesson.id}_{index}"
    table_col, words_col = st.columns([2, 1], gap="medium")
    with table_col:
        _table(step, state, tuple(st.session_state.get(picked_key) or ()))
    with words_col:
        _words_then_prompt(step)
        direction = option_words("pass_cycle", state.pass_direction)
        st.caption(ui("lessons.pass_direction", direction=direction, count=lesson.rules.pass_count))
        options = [str(card) for card in state.hands[step.seat].cards()]
        st.pills(ui("lessons.pass_pick"), options, selection_mode="multi", key=picked_key,
                 format_func=lambda text: Card.parse(text).symbol)
        st.button(ui("common.pass_submit"), key=f"ha_pass_go_{index}", type="primary", on_click=_submit_pass,
                  args=(lesson, index, picked_key))
        _show_verdict(lesson, index)


def _submit_pass(lesson: Lesson, index: int, picked_key: str) -> None:
    step = lesson.steps[index]
    assert isinstance(step, ChoosePassStep)
    _judged(lesson, index, step.judge(lesson, list(st.session_state.get(picked_key) or [])))


def _question(lesson: Lesson, index: int, step: QuestionStep) -> None:
    with _with_table(lesson, step):
        if step.text:
            st.markdown(step.text)
        choice_key = f"ha_choice_{lesson.id}_{index}"
        st.radio(f"**{step.prompt}**", list(step.choices), index=None, key=choice_key)
        st.button(ui("common.check"), key=f"ha_check_{index}", type="primary", on_click=_submit_answer,
                  args=(lesson, index, choice_key))
        _show_verdict(lesson, index)


def _submit_answer(lesson: Lesson, index: int, choice_key: str) -> None:
    step = lesson.steps[index]
    assert isinstance(step, QuestionStep)
    choice = st.session_state.get(choice_key)
    if choice is None:
        st.session_state[_verdict_key(lesson, index)] = Verdict("wrong", ui("lessons.pick_one"))
        return
    _judged(lesson, index, step.judge(lesson, str(choice)))


# -- comparisons -------------------------------------------------------------------------------


def _compare(lesson: Lesson, index: int, step: CompareStep) -> None:
    comparison = step.comparison(lesson)
    st.markdown(step.text)
    players = lesson.rules.players
    col_a, col_b = st.columns(2, gap="large")
    for col, label, state, legal, explanation, scores in (
        (col_a, step.label_a or ui("lessons.rules_a"), comparison.state_a, comparison.legal_a,
         comparison.explain_a, comparison.scores_a),
        (col_b, step.label_b or ui("lessons.rules_b"), comparison.state_b, comparison.legal_b,
         comparison.explain_b, comparison.scores_b),
    ):
        with col:
            st.markdown(f"#### {label}")
            _table(step, state)
            if scores is not None:
                rows = " · ".join(f"{seat_name(seat, players)} {score}" for seat, score in enumerate(scores))
                st.markdown(ui("lessons.scores", scores=rows))
            elif state.to_play is not None:
                cards = " ".join(Card.parse(card).symbol for card in legal)
                st.markdown(ui("lessons.legal_cards", seat=seat_name(state.to_play, players), cards=cards))
            if explanation is not None:
                st.info(str(explanation), icon=":material/gavel:")


_RENDERERS: Final[dict[type, Callable[[Lesson, int, Any], None]]] = {
    ExplainStep: _explain,
    WalkthroughStep: _walkthrough,
    ChooseCardStep: _choose_card,
    ChoosePassStep: _choose_pass,
    QuestionStep: _question,
    CompareStep: _compare,
}
