"""The step kinds of a lesson, drawn: prose, a walkthrough, a card, a pass, a question, a comparison.

Each renderer draws its step beside the card table; the learner's answers are
judged by the step itself (``step.judge``) and recorded in the progress.  Cards
named in the prose are drawn as card chips; an exercise has a hint ladder (a
nudge, the idea, then the answer, which costs the first-try star); a word of
the game is defined where the curriculum first uses it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import streamlit as st

from hearts_core.content.glossary import Term
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
from hearts_core.learner.lesson_progress import StepOutcome, is_right

from ... import page_state
from ...frame import wide_prompt
from ...language import in_session_language, link_params
from ...texts import ui
from ...widgets.card_table import HandControl, TableAction, TableScene, card_table, select_control
from ...widgets.card_table.component import Handler
from ...widgets.chips import prose, prose_plain, symbols
from ...widgets.stepper import back_and_next
from .progress import progress, record
from .view import LessonsView, StepView

#: The key of the lesson table: one table for every step, so a step that plays on
#: from the one before (the same deal, more cards) shows the cards arriving.
TABLE_KEY: Final = LessonsView.widget_key("ls", "table")
#: The rungs of an exercise's hint ladder.
RUNGS: Final = ("nudge", "hint", "answer")


def render_step(lesson: Lesson, index: int, step: Step, new_words: tuple[Term, ...] = ()) -> None:
    """Draw one step of ``lesson`` (``index`` counts from 0), with the words it uses for the first time."""
    renderer: Callable[[Lesson, int, Any], None] = RENDERERS[type(step)]
    renderer(lesson, index, step)
    show_new_words(new_words)


#: The step kinds that ask the learner to act.
EXERCISES: Final = (ChooseCardStep, ChoosePassStep, QuestionStep)


def waits_for_an_answer(lesson: Lesson, index: int, step: Step) -> bool:
    """Whether ``step`` is an exercise the learner has not answered yet (this visit or before)."""
    return (
        isinstance(step, EXERCISES)
        and _verdict_of(lesson, index) is None
        and not is_right(progress(), lesson.id, index)
    )


def steps_cards(step: Step) -> bool:
    """Whether the step steps through cards itself (a walkthrough: its arrow keys step the cards)."""
    return isinstance(step, WalkthroughStep)


def cards_left(lesson: Lesson, index: int, step: Step) -> bool:
    """Whether ``step`` is a walkthrough not yet stepped to its last card: its "Next card" is then the
    one way forward (primary, and pinned on a phone), not the lesson's "Next"."""
    if not isinstance(step, WalkthroughStep):
        return False
    return _step(lesson, index).frame < len(step.history(lesson)) - 1


def markdown(text: str) -> None:
    """Lesson prose, with every card it names drawn as a card chip."""
    st.markdown(prose(text), unsafe_allow_html=True)


def show_new_words(terms: tuple[Term, ...]) -> None:
    """The words of the game this step uses for the first time, with their definitions."""
    if not terms:
        return
    with st.container(border=True, key=LessonsView.widget_key("new", "words")):
        st.markdown(f"**{ui('lessons.new_words')}**")
        for term in terms:
            markdown(f"**{term.term}**: {term.definition}")
        st.page_link(
            "pages/7_Glossary.py",
            label=ui("lessons.glossary_link"),
            icon=":material/dictionary:",
            query_params=link_params(),
        )


# -- drawing a position --------------------------------------------------------------------


def _face_up(step: Step, state: HandState) -> Any:
    if step.show == "to_play":
        return [state.to_play] if state.to_play is not None else "all"
    return step.show


def _table(
    step: Step,
    state: HandState,
    highlight: tuple[str, ...] = (),
    *,
    hand: HandControl | None = None,
    prompt: str = "",
    seat_pick: bool = False,
    conceal: bool = False,
    status: str = "",
    hide_points: bool = False,
    on_action: Handler | None = None,
) -> None:
    scene = TableScene(
        state,
        face_up=_face_up(step, state),
        highlight=highlight or step.highlight,
        hand=hand,
        prompt=symbols(prompt),
        seat_pick=seat_pick,
        conceal=conceal,
        status=symbols(status),
        hide_points=hide_points,
        motion="jump",  # the words beside the table describe this picture: the table shows it at once
    )
    card_table(scene, key=TABLE_KEY, on_action=on_action)


def _step(lesson: Lesson, index: int) -> StepView:
    """The step as the learner left it this session."""
    return page_state.get(LessonsView).step(lesson.id, index)


def _change_step(lesson: Lesson, index: int, **changes: Any) -> None:
    """Keep ``changes`` to what the learner did on the step."""
    page_state.put(page_state.get(LessonsView).with_step(lesson.id, index, **changes))


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
        markdown(step.text)


def _walkthrough(lesson: Lesson, index: int, step: WalkthroughStep) -> None:
    history = step.history(lesson)
    last = len(history) - 1
    position = max(0, min(_step(lesson, index).frame, last))
    shown = history[position]
    table_col, words_col = st.columns([3, 2], gap="medium")
    highlight = (str(history.move(position).card),) if position else ()
    with table_col:
        _table(step, shown, highlight)
    with words_col:
        # The cards are stepped here, first, so on a phone the buttons sit right under the table (or with
        # the arrow keys). Until the last card, "Next card" is the one primary button (pinned to the
        # bottom on a phone); then the lesson's own Next takes over.
        more = position < last
        with st.container(key=LessonsView.widget_key("cards", "left" if more else "done")):
            back_and_next(
                LessonsView.widget_key("frame"),
                position,
                last,
                lambda target: _set_frame(lesson, index, target),
                primary=more,
                keys=True,
            )
        st.caption(ui("lessons.card_of", number=position, count=last))
        # The caption says what the table shows now (the table jumps to each card: never behind the words).
        st.info(prose_plain(_frame_caption(lesson, step, history, position)), icon=":material/chat:")
        if step.text:
            markdown(step.text)


def _set_frame(lesson: Lesson, index: int, frame: int) -> None:
    _change_step(lesson, index, frame=frame)


def _frame_caption(lesson: Lesson, step: WalkthroughStep, history: History, position: int) -> str:
    """The lesson's caption, or the engine's words for the card just played,
    plus who won the trick when this card completed one."""
    players = lesson.rules_for(step).players
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


_VERDICT_LOOK: Final = {
    "right": (st.success, "common.right", ":material/check:"),
    "illegal": (st.error, "lessons.illegal", ":material/block:"),
    "poor": (st.warning, "lessons.poor", ":material/replay:"),
    "wrong": (st.error, "common.wrong", ":material/replay:"),
}


def _show_verdict(lesson: Lesson, index: int) -> None:
    verdict = _verdict_of(lesson, index)
    if verdict is None:
        return
    draw, heading, icon = _VERDICT_LOOK[verdict.outcome]
    engine_words = verdict.detail if verdict.outcome in ("illegal", "wrong") else ""
    words = "  \n".join(part for part in (verdict.text, engine_words) if part)
    if verdict.correct and words.startswith("Right"):  # the lesson's own words say it already
        draw(prose_plain(words), icon=icon)
    else:
        draw(prose_plain(ui(heading) + ("  \n" + words if words else "")), icon=icon)
    for note in verdict.notes:
        st.markdown(prose_plain(f"- {note}"))


def _judged(lesson: Lesson, index: int, verdict: Verdict) -> None:
    _change_step(lesson, index, verdict=verdict)
    outcome: StepOutcome = "right" if verdict.correct else "wrong"
    record(lesson, index, outcome)


def _verdict_of(lesson: Lesson, index: int) -> Verdict | None:
    return _step(lesson, index).verdict


def _verdict_status(verdict: Verdict | None) -> str:
    """The verdict in a line, beside the hand (in full beside the table): for a card the
    rules forbid, the engine's reason itself."""
    if verdict is None:
        return ""
    # Beside the hand, the card and the outcome in one sentence; the reason (or the lesson's words)
    # is said once, in the verdict beside the table, not here again.
    card = verdict.explanation.card if verdict.explanation is not None else None
    if verdict.outcome in ("illegal", "poor") and card is not None:
        symbol = Card.parse(str(card)).symbol
        if verdict.outcome == "illegal":
            return ui("lessons.status_illegal_card", card=symbol)
        return ui("lessons.status_poor_card", card=symbol)
    if verdict.outcome == "illegal":
        return ui("lessons.illegal").strip("*")
    return ui("lessons.status_poor") if verdict.outcome == "poor" else ui(f"common.status_{verdict.outcome}")


# -- the hint ladder ---------------------------------------------------------------------------


def _rung_text(lesson: Lesson, step: Step, rung: str) -> str:
    if rung == "nudge":
        return step.nudge or ui(f"lessons.nudge_{step.kind}")
    if rung == "hint":
        return step.hint
    return step.answer_text(lesson)


def _hint_ladder(lesson: Lesson, index: int, step: Step) -> None:
    """A nudge, the idea, then the answer (which makes the exercise practice, not a first-try answer)."""
    rungs = [rung for rung in RUNGS if _rung_text(lesson, step, rung)]
    shown = min(_step(lesson, index).rungs, len(rungs))
    for number, rung in enumerate(rungs[:shown], start=1):
        label = ui("common.rung", number=number)
        st.info(prose_plain(f"**{label}** {_rung_text(lesson, step, rung)}"), icon=":material/lightbulb:")
    if shown < len(rungs):
        answer = rungs[shown] == "answer"
        label = (
            ui("lessons.hint_answer", number=shown + 1, count=len(rungs))
            if answer
            else ui("common.hint_button", number=shown + 1, count=len(rungs))
        )
        st.button(
            label,
            key=LessonsView.widget_key("hint", index),
            icon=":material/lightbulb:",
            on_click=_climb,
            args=(lesson, index, shown + 1, answer),
            help=ui("lessons.hint_answer_help") if answer else ui("lessons.hint_help"),
        )


def _climb(lesson: Lesson, index: int, rung: int, answer: bool) -> None:
    _change_step(lesson, index, rungs=rung)
    if answer and not is_right(progress(), lesson.id, index):
        record(lesson, index, "wrong")  # seen the answer: right later counts as practice


def _exercise_words(lesson: Lesson, index: int, step: Step, prompt: str) -> None:
    """Beside the table: the prompt (on a wide screen), the prose, the verdict, the hint ladder."""
    wide_prompt(prompt)
    if step.text:
        markdown(step.text)
    _show_verdict(lesson, index)
    if not is_right(progress(), lesson.id, index):
        _hint_ladder(lesson, index, step)


# -- the exercises ----------------------------------------------------------------------------


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
            _table(
                step,
                state.play(played),
                (played,),
                prompt=step.prompt,
                hand=HandControl(seat, "view", status=_verdict_status(verdict)),
            )
        else:
            # Every card stays clickable (which cards are legal may be the question).
            hand = HandControl(seat, "play", status=_verdict_status(verdict) or ui("table.click_card"))
            _table(
                step, state, prompt=step.prompt, hand=hand, on_action=lambda action: _pick_card(lesson, index, action)
            )
    with words_col:
        _exercise_words(lesson, index, step, step.prompt)


def _pick_card(lesson: Lesson, index: int, action: TableAction) -> None:
    step = lesson.steps[index]
    if isinstance(step, ChooseCardStep) and action.kind == "play" and action.card is not None:
        _judged(lesson, index, step.judge(lesson, action.card))


def _choose_pass(lesson: Lesson, index: int, step: ChoosePassStep) -> None:
    state = lesson.position(step)
    assert state is not None
    rules = lesson.rules_for(step)
    verdict = _verdict_of(lesson, index)
    picked = _step(lesson, index).picked
    direction = option_words("pass_cycle", state.pass_direction)
    table_col, words_col = st.columns([3, 2], gap="medium")
    with table_col:
        status = _verdict_status(verdict) or ui("lessons.pass_direction", direction=direction, count=rules.pass_count)
        if verdict is not None and verdict.correct:  # passed: the chosen cards marked, nothing more to do
            hand = HandControl(step.seat, "view", status=status, selected=picked)
        else:
            hand = select_control(step.seat, rules.pass_count, ui("common.pass_submit"), selected=picked, status=status)
        _table(
            step,
            state,
            picked,
            prompt=step.prompt,
            hand=hand,
            on_action=lambda action: _submit_pass(lesson, index, action),
        )
    with words_col:
        _exercise_words(lesson, index, step, step.prompt)


def _submit_pass(lesson: Lesson, index: int, action: TableAction) -> None:
    step = lesson.steps[index]
    if isinstance(step, ChoosePassStep) and action.kind == "cards":
        _change_step(lesson, index, picked=action.cards)
        _judged(lesson, index, step.judge(lesson, list(action.cards)))


def _question(lesson: Lesson, index: int, step: QuestionStep) -> None:
    choice_key = LessonsView.widget_key("choice", lesson.id, index)
    state = lesson.position(step)
    if state is None:
        words_col = st.container()
    else:
        table_col, words_col = st.columns([3, 2], gap="medium")
        with table_col:
            # A seat answer may be given by clicking the seat; the table does not give it away.
            _table(
                step,
                state,
                prompt=step.prompt if step.asks_a_seat else "",
                seat_pick=step.asks_a_seat,
                conceal=step.conceals_the_trick,
                status=_verdict_status(_verdict_of(lesson, index)),
                hide_points=step.conceals_the_points,
                on_action=lambda action: _seat_answer(lesson, index, action, choice_key),
            )
    with words_col:
        if step.text:
            markdown(step.text)
        st.radio(
            prose_plain(f"**{step.prompt}**"),
            list(step.choices),
            index=None,
            key=choice_key,
            format_func=in_session_language(lambda choice: prose_plain(step.label(str(choice)))),
        )
        waiting = waits_for_an_answer(lesson, index, step)
        # While the question waits, Check is the one primary button, and on a phone it is pinned to the
        # bottom of the screen (the choices sit under the table there); once answered, "Next" takes over.
        with st.container(key=LessonsView.widget_key("check_bar", "waiting" if waiting else "done")):
            st.button(
                ui("common.check"),
                key=LessonsView.widget_key("check", index),
                type="primary" if waiting else "secondary",
                on_click=_submit_answer,
                args=(lesson, index, choice_key),
            )
        _show_verdict(lesson, index)
        if not is_right(progress(), lesson.id, index):
            _hint_ladder(lesson, index, step)


def _seat_answer(lesson: Lesson, index: int, action: TableAction, choice_key: str) -> None:
    step = lesson.steps[index]
    if not isinstance(step, QuestionStep) or action.kind != "seat" or action.seat is None:
        return
    choice = step.choice_for_seat(action.seat, lesson.rules_for(step).players)
    if choice is None:
        _change_step(lesson, index, verdict=Verdict("wrong", ui("lessons.seat_not_a_choice")))
        return
    page_state.set_widget_value(choice_key, choice)  # the radio shows the seat clicked
    _judged(lesson, index, step.judge(lesson, choice))


def _submit_answer(lesson: Lesson, index: int, choice_key: str) -> None:
    step = lesson.steps[index]
    assert isinstance(step, QuestionStep)
    choice = page_state.widget_value(choice_key)
    if choice is None:
        st.toast(ui("lessons.pick_one"), icon=":material/touch_app:")  # nothing answered: no verdict
        return
    _judged(lesson, index, step.judge(lesson, str(choice)))


# -- comparisons -------------------------------------------------------------------------------


def _compare(lesson: Lesson, index: int, step: CompareStep) -> None:
    comparison = step.comparison(lesson)
    markdown(step.text)
    players = lesson.rules_for(step).players
    col_a, col_b = st.columns(2, gap="large")
    for side, col, label, state, legal, explanation, scores in (
        (
            "a",
            col_a,
            step.label_a or ui("lessons.rules_a"),
            comparison.state_a,
            comparison.legal_a,
            comparison.explain_a,
            comparison.scores_a,
        ),
        (
            "b",
            col_b,
            step.label_b or ui("lessons.rules_b"),
            comparison.state_b,
            comparison.legal_b,
            comparison.explain_b,
            comparison.scores_b,
        ),
    ):
        with col:
            markdown(f"#### {label}")
            hand = None
            if scores is None and state.to_play is not None:  # the legal cards lit, the others dimmed
                hand = HandControl(state.to_play, "view", playable=frozenset(legal))
            card_table(
                TableScene(
                    state, face_up=_face_up(step, state), highlight=step.highlight, hand=hand, title=symbols(label)
                ),
                key=f"{TABLE_KEY}_{side}",
            )
            if scores is not None:
                rows = " · ".join(f"{seat_name(seat, players)} {score}" for seat, score in enumerate(scores))
                st.markdown(ui("lessons.scores", scores=rows))
            elif state.to_play is not None:
                cards = " ".join(Card.parse(card).symbol for card in legal)
                markdown(ui("lessons.legal_cards", seat=seat_name(state.to_play, players), cards=cards))
            if explanation is not None:
                st.info(prose_plain(str(explanation)), icon=":material/gavel:")


#: How each kind of step is drawn, by its class (``tests/app/test_step_renderers.py``: every kind has one).
RENDERERS: Final[dict[type, Callable[[Lesson, int, Any], None]]] = {
    ExplainStep: _explain,
    WalkthroughStep: _walkthrough,
    ChooseCardStep: _choose_card,
    ChoosePassStep: _choose_pass,
    QuestionStep: _question,
    CompareStep: _compare,
}
