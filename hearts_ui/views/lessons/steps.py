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
from hearts_core.engine.table import seat_name
from hearts_core.learner.lesson_progress import StepOutcome

from ...frame import wide_prompt
from ...texts import ui
from ...widgets.card_table import HandControl, TableAction, TableScene, card_table, select_control
from ...widgets.card_table.component import Handler
from ...widgets.stepper import counter, session_position, stepper
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


#: The key of the lesson table: one table for every step, so a step that plays on
#: from the one before (the same deal, more cards) shows the cards arriving.
TABLE_KEY: Final = "ha_ls_table"


def _table(step: Step, state: HandState, highlight: tuple[str, ...] = (), *, hand: HandControl | None = None,
           prompt: str = "", seat_pick: bool = False, on_action: Handler | None = None) -> None:
    scene = TableScene(state, face_up=_face_up(step, state), highlight=highlight or step.highlight, hand=hand,
                       prompt=prompt, seat_pick=seat_pick)
    card_table(scene, key=TABLE_KEY, on_action=on_action)


def _with_table(lesson: Lesson, step: Step) -> Any:
    """Two columns when the step shows a position: the table, then the words."""
    state = lesson.position(step)
    if state is None:
        return st.container()
    table_col, words_col = st.columns([3, 2], gap="medium")
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
    table_col, words_col = st.columns([3, 2], gap="medium")
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


def _words(step: ChooseCardStep | ChoosePassStep) -> None:
    wide_prompt(step.prompt)
    if step.text:
        st.markdown(step.text)


def _verdict_of(lesson: Lesson, index: int) -> Verdict | None:
    verdict = st.session_state.get(_verdict_key(lesson, index))
    return verdict if isinstance(verdict, Verdict) else None


def _verdict_status(verdict: Verdict | None) -> str:
    """The verdict in a line, beside the hand (in full beside the table): for a card the
    rules forbid, the engine's reason itself."""
    if verdict is None:
        return ""
    if verdict.outcome == "illegal":
        return verdict.detail
    return ui("lessons.status_poor") if verdict.outcome == "poor" else ui(f"common.status_{verdict.outcome}")


def _choose_card(lesson: Lesson, index: int, step: ChooseCardStep) -> None:
    state = lesson.position(step)
    assert state is not None and state.to_play is not None
    seat = state.to_play
    verdict = _verdict_of(lesson, index)
    table_col, words_col = st.columns([3, 2], gap="medium")
    with table_col:
        if verdict is not None and verdict.correct and verdict.explanation is not None:
            # The right card goes to the trick; the hand stays in view, its turn over.
            played = verdict.explanation.card
            _table(step, state.play(played), (played,), prompt=step.prompt,
                   hand=HandControl(seat, "view", status=_verdict_status(verdict)))
        else:
            # Every card stays clickable (which cards are legal may be the question).
            hand = HandControl(seat, "play", status=_verdict_status(verdict) or ui("table.click_card"))
            _table(step, state, prompt=step.prompt, hand=hand,
                   on_action=lambda action: _pick_card(lesson, index, action))
    with words_col:
        _words(step)
        _show_verdict(lesson, index)


def _pick_card(lesson: Lesson, index: int, action: TableAction) -> None:
    step = lesson.steps[index]
    if isinstance(step, ChooseCardStep) and action.kind == "play" and action.card is not None:
        _judged(lesson, index, step.judge(lesson, action.card))


def _choose_pass(lesson: Lesson, index: int, step: ChoosePassStep) -> None:
    state = lesson.position(step)
    assert state is not None
    verdict = _verdict_of(lesson, index)
    picked = tuple(st.session_state.get(_picked_key(lesson, index)) or ())
    direction = option_words("pass_cycle", state.pass_direction)
    table_col, words_col = st.columns([3, 2], gap="medium")
    with table_col:
        hand = select_control(step.seat, lesson.rules.pass_count, ui("common.pass_submit"), selected=picked,
                              status=_verdict_status(verdict) or ui("lessons.pass_direction", direction=direction,
                                                                    count=lesson.rules.pass_count))
        _table(step, state, prompt=step.prompt, hand=hand,
               on_action=lambda action: _submit_pass(lesson, index, action))
    with words_col:
        _words(step)
        _show_verdict(lesson, index)


def _picked_key(lesson: Lesson, index: int) -> str:
    return f"ha_pass_{lesson.id}_{index}"


def _submit_pass(lesson: Lesson, index: int, action: TableAction) -> None:
    step = lesson.steps[index]
    if isinstance(step, ChoosePassStep) and action.kind == "cards":
        st.session_state[_picked_key(lesson, index)] = action.cards
        _judged(lesson, index, step.judge(lesson, list(action.cards)))


def _question(lesson: Lesson, index: int, step: QuestionStep) -> None:
    choice_key = f"ha_choice_{lesson.id}_{index}"
    state = lesson.position(step)
    if state is None:
        words_col = st.container()
    else:
        table_col, words_col = st.columns([3, 2], gap="medium")
        with table_col:
            # A seat answer may be given by clicking the seat on the table.
            _table(step, state, prompt=step.prompt if step.asks_a_seat else "", seat_pick=step.asks_a_seat,
                   on_action=lambda action: _seat_answer(lesson, index, action, choice_key))
    with words_col:
        if step.text:
            st.markdown(step.text)
        st.radio(f"**{step.prompt}**", list(step.choices), index=None, key=choice_key)
        st.button(ui("common.check"), key=f"ha_check_{index}", type="primary", on_click=_submit_answer,
                  args=(lesson, index, choice_key))
        _show_verdict(lesson, index)


def _seat_answer(lesson: Lesson, index: int, action: TableAction, choice_key: str) -> None:
    step = lesson.steps[index]
    if not isinstance(step, QuestionStep) or action.kind != "seat" or action.seat is None:
        return
    choice = step.choice_for_seat(action.seat, lesson.rules.players)
    if choice is None:
        st.session_state[_verdict_key(lesson, index)] = Verdict("wrong", ui("lessons.seat_not_a_choice"))
        return
    st.session_state[choice_key] = choice
    _judged(lesson, index, step.judge(lesson, choice))


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
            hand = None
            if scores is None and state.to_play is not None:  # the legal cards lit, the others dimmed
                hand = HandControl(state.to_play, "view", playable=frozenset(legal))
            card_table(TableScene(state, face_up=_face_up(step, state), highlight=step.highlight, hand=hand,
                                  title=label), key=f"{TABLE_KEY}_{'b' if state is comparison.state_b else 'a'}")
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
