"""The Lessons page: the curriculum with the learner's progress, and one lesson
stepped through on the card table.

The URL carries the place (``?lesson=<id>&step=<n>``, steps from 1) so a reload
or a shared link opens the same step.  Progress lives in ``st.session_state``
(one browser session, every page).  All judging is done by
:mod:`hearts_core.content.lessons`; this module only draws and routes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import streamlit as st

from hearts_core.content.lessons import (
    Curriculum,
    Frame,
    Lesson,
    Location,
    Step,
    Verdict,
    compare_step,
    judge_answer,
    judge_card,
    judge_pass,
    lesson_status,
    load_curriculum,
    locate,
    record_progress,
    walkthrough_frames,
)
from hearts_core.engine.cards import Card
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name, table_snapshot
from hearts_core.words.catalogue import message

from .progress_store import learner_id, progress_store
from .table_view import render_table
from .texts import ui

LESSONS_DIR: Final = Path(__file__).resolve().parent.parent / "lessons"
PROGRESS_KEY: Final = "ha_progress"
LOADED_KEY: Final = "ha_progress_loaded"
PAGE: Final = "pages/2_Lessons.py"


@st.cache_resource(show_spinner=False)
def curriculum() -> Curriculum:
    """The parsed, validated curriculum: immutable, so shared by every session."""
    return load_curriculum(LESSONS_DIR)


def _progress() -> dict[str, dict[int, str]]:
    """This learner's progress: in the session, restored from the store after a reload."""
    progress = st.session_state.get(PROGRESS_KEY)
    if not isinstance(progress, dict) or (not progress and LOADED_KEY not in st.session_state):
        progress = progress_store().load(learner_id())
        st.session_state[PROGRESS_KEY] = progress
        st.session_state[LOADED_KEY] = True
    return progress


def _record(lesson: Lesson, step: int, outcome: str) -> None:
    progress = record_progress(_progress(), lesson.id, step, outcome)
    st.session_state[PROGRESS_KEY] = progress
    progress_store().save(learner_id(), progress)


# -- routing ---------------------------------------------------------------------------


def _go(lesson_id: str | None, step: int = 0) -> None:
    """Callback: move to a lesson's step (0-based), or to the list with ``None``."""
    st.query_params.clear()
    if lesson_id is not None:
        st.query_params["lesson"] = lesson_id
        st.query_params["step"] = str(step + 1)


def render_lessons() -> None:
    """The whole page: problems with lesson files, then the list or one lesson."""
    learner_id()  # first, so a new learner's cookie is set before anything else is drawn
    loaded = curriculum()
    if loaded.problems:
        with st.expander(ui("lessons.problems_heading", count=len(loaded.problems)), icon=":material/warning:"):
            for problem in loaded.problems:
                st.markdown(f"- `{problem}`")
    where = locate(loaded, st.query_params.get("lesson"), st.query_params.get("step"))
    if where.problem == "unknown_lesson":
        st.warning(ui("lessons.unknown_lesson", name=_safe(st.query_params.get("lesson", ""))))
    if where.lesson is None:
        render_index(loaded)
        return
    if where.problem in ("bad_step", "step_out_of_range"):
        st.warning(ui("lessons.bad_step", step=_safe(st.query_params.get("step", "")),
                      count=len(where.lesson.steps), shown=where.step + 1))
    render_lesson(where)


def _safe(text: str) -> str:
    """Echo only harmless characters of a URL parameter."""
    return "".join(ch for ch in text if ch.isalnum() or ch in "-_ .")[:40]


# -- the list of lessons ------------------------------------------------------------------


def render_index(loaded: Curriculum) -> None:
    st.title(ui("lessons.title"))
    st.markdown(ui("lessons.intro"))
    progress = _progress()
    number = 0
    for section in loaded.sections:
        st.subheader(section.title)
        for lesson_id in section.lesson_ids:
            lesson = loaded.lessons.get(lesson_id)
            number += 1
            if lesson is None:
                st.error(ui("lessons.broken_lesson", name=lesson_id))
                continue
            _lesson_card(lesson, number, progress)


def _lesson_card(lesson: Lesson, number: int, progress: dict[str, dict[int, str]]) -> None:
    status = lesson_status(lesson, progress)
    with st.container(border=True):
        text, action = st.columns([5, 1], vertical_alignment="center")
        badge = ui(f"lessons.status_{status.state}", seen=status.seen, steps=status.steps,
                   solved=status.solved, active=status.active)
        text.markdown(f"**{number}. {lesson.title}**  \n{lesson.goal}  \n:gray[{badge}]")
        resume = _resume_step(lesson, progress)
        label = ui("lessons.start") if status.state == "new" else (
            ui("lessons.review") if status.state == "completed" else ui("lessons.continue"))
        action.button(label, key=f"ha_open_{lesson.id}", on_click=_go, args=(lesson.id, resume),
                      type="primary" if status.state == "started" else "secondary", use_container_width=True)


def _resume_step(lesson: Lesson, progress: dict[str, dict[int, str]]) -> int:
    """The first step not yet done (right, or seen for a passive step)."""
    done = progress.get(lesson.id, {})
    for index, step in enumerate(lesson.steps):
        outcome = done.get(index)
        if outcome is None or (step.is_active and outcome != "right"):
            return index
    return 0


# -- one lesson ------------------------------------------------------------------------


def render_lesson(where: Location) -> None:
    lesson = where.lesson
    assert lesson is not None
    index = where.step
    step = lesson.steps[index]
    _record(lesson, index, "seen")  # never downgrades an answer already right or wrong
    st.button(ui("lessons.back_to_list"), key="ha_back", on_click=_go, args=(None,), icon=":material/arrow_back:",
              type="tertiary")
    st.title(lesson.title)
    st.caption(lesson.goal)
    _step_controls(lesson, index, "top")
    heading = step.title or ui(f"lessons.kind_{step.kind}")
    st.subheader(ui("lessons.step_heading", number=index + 1, count=len(lesson.steps), title=heading))
    renderer = _RENDERERS[step.kind]
    renderer(lesson, index, step)
    _rule_citations(step)
    st.divider()
    _step_controls(lesson, index, "bottom")


def _step_controls(lesson: Lesson, index: int, place: str) -> None:
    last = len(lesson.steps) - 1
    first_col, back_col, slider_col, next_col, last_col = st.columns([1, 1, 6, 1, 1], vertical_alignment="bottom")
    buttons = (
        (first_col, "first", 0, ":material/first_page:", index == 0),
        (back_col, "back", max(index - 1, 0), ":material/chevron_left:", index == 0),
        (next_col, "next", min(index + 1, last), ":material/chevron_right:", index == last),
        (last_col, "last", last, ":material/last_page:", index == last),
    )
    for column, name, target, icon, disabled in buttons:
        column.button(ui(f"lessons.{name}_short"), key=f"ha_{name}_{place}", help=ui(f"lessons.{name}"), icon=icon,
                      on_click=_go, args=(lesson.id, target), disabled=disabled, use_container_width=True,
                      type="primary" if name == "next" else "secondary")
    if place == "top" and last > 0:
        slider_key = f"ha_slider_{lesson.id}"
        st.session_state[slider_key] = index + 1
        slider_col.select_slider(
            ui("lessons.slider"), options=list(range(1, last + 2)), key=slider_key,
            on_change=_slider_moved, args=(lesson.id, slider_key), label_visibility="collapsed",
        )
    if place == "top":
        status = lesson_status(lesson, _progress())
        st.caption(ui(f"lessons.status_{status.state}", seen=status.seen, steps=status.steps,
                      solved=status.solved, active=status.active))


def _slider_moved(lesson_id: str, key: str) -> None:
    _go(lesson_id, int(st.session_state[key]) - 1)


def _rule_citations(step: Step) -> None:
    if not step.rule and not step.dispute:
        return
    titles = [message(f"rule.{rule_id}.title") for rule_id in step.rule]
    st.caption(ui("lessons.rules_cited", rules=" · ".join(titles)))
    st.page_link("pages/1_Rule_Book.py", label=ui("lessons.open_rulebook"), icon=":material/menu_book:")


# -- drawing a position --------------------------------------------------------------------


def _face_up(step: Step, state: HandState) -> Any:
    if step.show == "to_play":
        return [state.to_play] if state.to_play is not None else "all"
    return step.show


def _table(step: Step, state: HandState, highlight: tuple[str, ...] = ()) -> None:
    snapshot = table_snapshot(state, face_up=_face_up(step, state), highlight=highlight or step.highlight)
    render_table(snapshot)


def _with_table(lesson: Lesson, step: Step) -> Any:
    """Two columns when the step shows a position: the table, then the words."""
    state = lesson.position(step)
    if state is None:
        return st.container()
    table_col, words_col = st.columns([2, 1], gap="medium")
    with table_col:
        _table(step, state)
    return words_col


# -- the step kinds -------------------------------------------------------------------------


def _explain(lesson: Lesson, index: int, step: Step) -> None:
    with _with_table(lesson, step):
        st.markdown(step.text)


def _walkthrough(lesson: Lesson, index: int, step: Step) -> None:
    frames = walkthrough_frames(lesson, step)
    key = f"ha_frame_{lesson.id}_{index}"
    position = min(int(st.session_state.get(key, 0)), len(frames) - 1)
    frame = frames[position]
    table_col, words_col = st.columns([2, 1], gap="medium")
    highlight = (str(frame.played[1]),) if frame.played else ()
    with table_col:
        _table(step, frame.state, highlight)
        cols = st.columns(4)
        moves = ((0, ":material/first_page:", "first"), (position - 1, ":material/chevron_left:", "back"),
                 (position + 1, ":material/chevron_right:", "next"), (len(frames) - 1, ":material/last_page:", "last"))
        for col, (target, icon, name) in zip(cols, moves, strict=True):
            col.button(ui(f"lessons.frame_{name}_short"), key=f"ha_frame_btn_lessons.frame_{name}",
                       help=ui(f"lessons.frame_{name}"), icon=icon, on_click=_set_frame, args=(key, target),
                       disabled=not 0 <= target < len(frames) or target == position, use_container_width=True,
                       type="primary" if name == "next" else "secondary")
    with words_col:
        if step.text:
            st.markdown(step.text)
        st.markdown(f"**{ui('lessons.play_counter', number=position, count=len(frames) - 1)}**")
        st.info(_frame_caption(lesson, frame), icon=":material/chat:")
        if len(frames) > 1:
            slider_key = f"{key}_slider"
            st.session_state[slider_key] = position
            st.slider(ui("lessons.frame_slider"), 0, len(frames) - 1, key=slider_key, on_change=_frame_slid,
                      args=(key, slider_key))


def _set_frame(key: str, target: int) -> None:
    st.session_state[key] = target


def _frame_slid(key: str, slider_key: str) -> None:
    st.session_state[key] = int(st.session_state[slider_key])


def _frame_caption(lesson: Lesson, frame: Frame) -> str:
    """The lesson's caption, or the engine's words for the card just played,
    plus who won the trick when this card completed one."""
    players = lesson.rules.players
    parts = []
    if frame.caption:
        parts.append(frame.caption)
    elif frame.played is not None and frame.explanation is not None:
        parts.append(frame.explanation.narration(seat_name(frame.played[0], players)))
    elif frame.played is None:
        parts.append(ui("lessons.auto_start"))
    state = frame.state
    if frame.played is not None and not state.current_trick.cards and state.tricks:
        trick = state.tricks[-1]
        parts.append(ui("lessons.auto_trick", seat=seat_name(trick.winner, players), points=trick.points))
    return "\n\n".join(parts)


def _verdict_key(lesson: Lesson, index: int) -> str:
    return f"ha_verdict_{lesson.id}_{index}"


def _show_verdict(lesson: Lesson, index: int) -> None:
    verdict: Verdict | None = st.session_state.get(_verdict_key(lesson, index))
    if verdict is None:
        return
    words = "  \n".join(part for part in (verdict.text, verdict.detail if verdict.outcome != "right" else "") if part)
    if verdict.outcome == "right":
        st.success(ui("lessons.right") + ("  \n" + verdict.text if verdict.text else ""), icon=":material/check:")
    elif verdict.outcome == "illegal":
        st.error(ui("lessons.illegal") + "  \n" + words, icon=":material/block:")
    elif verdict.outcome == "poor":
        st.warning(ui("lessons.poor") + ("  \n" + verdict.text if verdict.text else ""), icon=":material/replay:")
    else:
        st.error(ui("lessons.wrong") + ("  \n" + words if words else ""), icon=":material/replay:")
    for note in verdict.notes:
        st.markdown(f"- {note}")


def _judged(lesson: Lesson, index: int, verdict: Verdict) -> None:
    st.session_state[_verdict_key(lesson, index)] = verdict
    _record(lesson, index, "right" if verdict.correct else "wrong")


def _choose_card(lesson: Lesson, index: int, step: Step) -> None:
    state = lesson.position(step)
    assert state is not None and state.to_play is not None
    table_col, words_col = st.columns([2, 1], gap="medium")
    with table_col:
        _table(step, state)
    with words_col:
        if step.text:
            st.markdown(step.text)
        st.markdown(f"**{step.get('prompt')}**")
        st.caption(ui("lessons.your_cards", seat=seat_name(state.to_play, lesson.rules.players)))
        hand = state.hands[state.to_play].cards()
        cols = st.columns(min(len(hand), 4))
        for position, card in enumerate(hand):
            cols[position % len(cols)].button(
                card.symbol, key=f"ha_card_{index}_{card}", help=card.name, use_container_width=True,
                on_click=_pick_card, args=(lesson, index, str(card)),
            )
        _show_verdict(lesson, index)


def _pick_card(lesson: Lesson, index: int, card: str) -> None:
    _judged(lesson, index, judge_card(lesson, lesson.steps[index], card))


def _choose_pass(lesson: Lesson, index: int, step: Step) -> None:
    state = lesson.position(step)
    assert state is not None
    seat = int(step.get("seat", 0))
    picked_key = f"ha_pass_{lesson.id}_{index}"
    table_col, words_col = st.columns([2, 1], gap="medium")
    with table_col:
        _table(step, state, tuple(st.session_state.get(picked_key) or ()))
    with words_col:
        if step.text:
            st.markdown(step.text)
        st.markdown(f"**{step.get('prompt')}**")
        direction = message(f"option.pass_cycle.{state.pass_direction}")
        st.caption(ui("lessons.pass_direction", direction=direction, count=lesson.rules.pass_count))
        options = [str(card) for card in state.hands[seat].cards()]
        st.pills(ui("lessons.pass_pick"), options, selection_mode="multi", key=picked_key,
                 format_func=lambda text: Card.parse(text).symbol, wrap=True)
        st.button(ui("lessons.pass_submit"), key=f"ha_pass_go_{index}", type="primary", on_click=_submit_pass,
                  args=(lesson, index, picked_key))
        _show_verdict(lesson, index)


def _submit_pass(lesson: Lesson, index: int, picked_key: str) -> None:
    picked = list(st.session_state.get(picked_key) or [])
    _judged(lesson, index, judge_pass(lesson, lesson.steps[index], picked))


def _question(lesson: Lesson, index: int, step: Step) -> None:
    with _with_table(lesson, step):
        if step.text:
            st.markdown(step.text)
        choice_key = f"ha_choice_{lesson.id}_{index}"
        st.radio(f"**{step.get('prompt')}**", [str(choice) for choice in step.get("choices")], index=None,
                 key=choice_key)
        st.button(ui("lessons.check"), key=f"ha_check_{index}", type="primary", on_click=_submit_answer,
                  args=(lesson, index, choice_key))
        _show_verdict(lesson, index)


def _submit_answer(lesson: Lesson, index: int, choice_key: str) -> None:
    choice = st.session_state.get(choice_key)
    if choice is None:
        st.session_state[_verdict_key(lesson, index)] = Verdict("wrong", ui("lessons.pick_one"))
        return
    _judged(lesson, index, judge_answer(lesson, lesson.steps[index], str(choice)))


def _compare(lesson: Lesson, index: int, step: Step) -> None:
    comparison = compare_step(lesson, step)
    st.markdown(step.text)
    label_a = step.get("label_a") or ui("lessons.rules_a")
    label_b = step.get("label_b") or ui("lessons.rules_b")
    players = lesson.rules.players
    col_a, col_b = st.columns(2, gap="large")
    for col, label, state, legal, explanation, scores in (
        (col_a, label_a, comparison.state_a, comparison.legal_a, comparison.explain_a, comparison.scores_a),
        (col_b, label_b, comparison.state_b, comparison.legal_b, comparison.explain_b, comparison.scores_b),
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


_RENDERERS: Final = {
    "explain": _explain,
    "walkthrough": _walkthrough,
    "choose_card": _choose_card,
    "choose_pass": _choose_pass,
    "question": _question,
    "compare": _compare,
}
