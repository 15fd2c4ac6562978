"""Teachers' studies (issue 30, item 4): the shelf on the Class page (make, import, export, reorder and
delete studies) and the analysis board's "Add to a study" panel, where a study's steps come from.

A study is kept as PHN (:mod:`hearts_core.records.studies`); the class takes it on the lesson screen
(``/Lessons?lesson=study-<id>``), which opens it only for its author and for learners of a class that
has it as work (:meth:`~hearts_core.store.studies.StudyStore.readable`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import streamlit as st

from hearts_core.engine.cards import Card
from hearts_core.engine.state import HandState
from hearts_core.records.studies import Study, StudyError, StudyStep
from hearts_core.store.classes import study_lesson_id
from hearts_core.store.studies import NotYourStudyError, StudyStore
from hearts_core.words.echo import echo

from .. import page_state
from ..language import link_params, speaking
from ..storage import learner, store
from ..texts import ui

#: The most bytes of a study file a teacher may upload.
MAX_UPLOAD: Final = 200_000
NEW_STUDY: Final = "__new__"


@dataclass(frozen=True)
class StudiesView(page_state.PageState):
    """The shelf's notice (what the last action did)."""

    WIDGETS = "stu"
    notice: tuple[Literal["success", "error"], str] | None = None


def shelf() -> StudyStore:
    """The studies, in the progress database."""
    return StudyStore(store())


def _tell(kind: Literal["success", "error"], text: str) -> None:
    page_state.update(StudiesView, notice=(kind, text))


def _notice() -> None:
    notice = page_state.get(StudiesView).notice
    if notice is not None:
        page_state.update(StudiesView, notice=None)
        kind, text = notice
        (st.success if kind == "success" else st.error)(text)


def study_problem(error: StudyError) -> str:
    """What is wrong with a study, in the learner's language (the PHN detail is for the log)."""
    reason = ui(f"studies.problem_{error.code}") if error.code in PROBLEMS else ui("studies.problem_not_phn")
    return ui("studies.problem_at", step=error.step, reason=reason) if error.step else reason


#: The :class:`StudyError` codes the catalogue words; any other reads as text that is no study.
PROBLEMS: Final = (
    "no_title",
    "title_too_long",
    "question_too_long",
    "words_too_long",
    "too_many_steps",
    "no_answer",
    "answer_not_legal",
    "no_line",
    "no_steps",
    "too_long",
)


# -- the shelf on the Class page ---------------------------------------------------------------------


def render_shelf() -> None:
    """The teacher's studies: a new one, one imported, and each with its steps, export and delete."""
    st.subheader(ui("studies.heading"))
    st.caption(ui("studies.intro"))
    _notice()
    new_key = StudiesView.widget_key("new", "title")
    row = st.container(horizontal=True, vertical_alignment="bottom", key=StudiesView.widget_key("new_row"))
    row.text_input(ui("studies.new_title"), key=new_key, max_chars=120)
    row.button(ui("studies.create"), key=StudiesView.widget_key("create"), on_click=_created, args=(new_key,))
    upload_key = StudiesView.widget_key("import")
    st.file_uploader(
        ui("studies.import"),
        type=["phn", "txt"],
        key=upload_key,
        on_change=_imported,
        args=(upload_key,),
        help=ui("studies.import_help"),
    )
    for entry in shelf().mine(learner()):
        _study_card(entry.id)


@speaking
def _created(key: str) -> None:
    try:
        shelf().create(learner(), str(page_state.widget_value(key, "")))
    except StudyError as error:
        _tell("error", study_problem(error))
        return
    page_state.set_widget_value(key, "")
    _tell("success", ui("studies.created"))


@speaking
def _imported(key: str) -> None:
    upload = page_state.widget_value(key)
    if upload is None:
        return
    content = upload.getvalue()
    if len(content) > MAX_UPLOAD:
        _tell("error", ui("studies.problem_too_long"))
        return
    try:
        _, new = shelf().import_text(learner(), content.decode("utf-8", errors="replace"))
    except StudyError as error:
        _tell("error", study_problem(error))
        return
    _tell("success", ui("studies.imported") if new else ui("studies.imported_before"))


def _study_card(study_id: str) -> None:
    me = learner()
    try:
        study = shelf().study(me, study_id)
    except (NotYourStudyError, StudyError):
        return
    with st.container(border=True, key=StudiesView.widget_key("study", study_id)):
        st.markdown(f"**{echo(study.title)}** · {ui('studies.step_count', count=len(study.steps))}")
        if not study.steps:
            st.caption(ui("studies.no_steps_yet"))
        for index, step in enumerate(study.steps):
            _step_row(study_id, index, step, len(study.steps))
        row = st.container(horizontal=True, gap="small")
        if study.steps:
            row.page_link(
                "pages/2_Lessons.py",
                label=ui("studies.open"),
                icon=":material/play_arrow:",
                query_params=link_params({"lesson": study_lesson_id(study_id), "step": "1"}),
            )
            row.download_button(
                ui("studies.export"),
                shelf().export(me, study_id),
                file_name=f"{study_id}.phn",
                mime="text/plain",
                key=StudiesView.widget_key("export", study_id),
                icon=":material/download:",
                on_click="ignore",
            )
        row.button(
            ui("studies.delete"),
            key=StudiesView.widget_key("delete", study_id),
            on_click=_deleted,
            args=(study_id,),
            icon=":material/delete:",
            type="tertiary",
        )


def _step_row(study_id: str, index: int, step: StudyStep, count: int) -> None:
    row = st.container(horizontal=True, gap="small", vertical_alignment="center")
    title = step.title or ui(f"studies.task_{step.task}")
    row.markdown(f"{index + 1}. {echo(title)}", width="stretch")
    for label, offset, allowed in (("↑", -1, index > 0), ("↓", 1, index < count - 1)):
        row.button(
            label,
            key=StudiesView.widget_key("move", study_id, index, offset),
            on_click=_moved,
            args=(study_id, index, offset),
            disabled=not allowed,
            type="tertiary",
        )
    row.button(
        "✕",
        key=StudiesView.widget_key("drop", study_id, index),
        on_click=_dropped,
        args=(study_id, index),
        type="tertiary",
        help=ui("studies.remove_step"),
    )


def _change(study_id: str, change: str, *args: int) -> None:
    me = learner()
    try:
        study = shelf().study(me, study_id)
        shelf().save(me, study_id, getattr(study, change)(*args))
    except NotYourStudyError:
        _tell("error", ui("studies.not_yours"))


def _moved(study_id: str, index: int, offset: int) -> None:
    _change(study_id, "moved", index, offset)


def _dropped(study_id: str, index: int) -> None:
    _change(study_id, "without_step", index)


def _deleted(study_id: str) -> None:
    try:
        shelf().delete(learner(), study_id)
    except NotYourStudyError:
        _tell("error", ui("studies.not_yours"))
        return
    _tell("success", ui("studies.deleted"))


# -- "Add to a study" on the analysis board ----------------------------------------------------------


def add_to_study(state: HandState, line: tuple[str, ...], best: tuple[str, ...]) -> None:
    """The board's position as a step of one of the teacher's studies (or of a new one): a card to find
    (the engine's best cards offered as the answer), the ``line`` played on the board from here to step
    through, or the position with words alone."""
    with st.expander(ui("studies.add_heading"), icon=":material/school:"):
        _notice()
        mine = {entry.id: entry.title for entry in shelf().mine(learner())}
        choices = {**mine, NEW_STUDY: ui("studies.add_new")}
        study_key = StudiesView.widget_key("add", "study")
        chosen = st.selectbox(ui("studies.add_to"), list(choices), key=study_key, format_func=choices.__getitem__)
        if chosen == NEW_STUDY:
            st.text_input(ui("studies.new_title"), key=StudiesView.widget_key("add", "new_title"), max_chars=120)
        tasks = {"card": ui("studies.task_card"), "explain": ui("studies.task_explain")}
        if line:
            tasks["line"] = ui("studies.task_line_cards", count=len(line))
        task = st.radio(
            ui("studies.task"),
            list(tasks),
            key=StudiesView.widget_key("add", "task"),
            format_func=tasks.__getitem__,
            horizontal=True,
        )
        st.text_input(ui("studies.step_title"), key=StudiesView.widget_key("add", "step_title"), max_chars=120)
        if task == "card" and state.is_playing:
            legal = [str(card) for card in state.legal_moves()]
            answers_key = StudiesView.widget_key("add", "answers", state.to_notation())
            page_state.seed_widget(answers_key, [card for card in best if card in legal])
            st.text_input(ui("studies.question"), key=StudiesView.widget_key("add", "question"), max_chars=120)
            st.multiselect(
                ui("studies.answers"),
                legal,
                key=answers_key,
                format_func=lambda card: Card.parse(card).symbol,
                help=ui("studies.answers_help"),
            )
        st.text_area(ui("studies.words"), key=StudiesView.widget_key("add", "words"), max_chars=2000)
        st.button(
            ui("studies.add"),
            key=StudiesView.widget_key("add", "button"),
            on_click=_added,
            args=(state, line),
            type="primary",
            icon=":material/add:",
        )


def _added(state: HandState, line: tuple[str, ...]) -> None:
    def value(*parts: object) -> str:
        return str(page_state.widget_value(StudiesView.widget_key("add", *parts), "") or "")

    task = value("task") or "card"
    answers = page_state.widget_value(StudiesView.widget_key("add", "answers", state.to_notation()), []) or []
    me = learner()
    try:
        step = StudyStep.from_board(
            state,
            task,  # type: ignore[arg-type]  # one of the radio's options, checked by from_board
            title=value("step_title"),
            words=value("words"),
            question=value("question") if task == "card" else "",
            answers=tuple(answers) if task == "card" else (),
            line=line if task == "line" else (),
        )
        study_id = value("study")
        if study_id in ("", NEW_STUDY):
            study_id = shelf().create(me, value("new_title"))
        study: Study = shelf().add_step(me, study_id, step)
    except StudyError as error:
        _tell("error", study_problem(error))
        return
    except NotYourStudyError:
        _tell("error", ui("studies.not_yours"))
        return
    page_state.set_widget_value(StudiesView.widget_key("add", "study"), study_id)
    for name in ("words", "step_title", "question", "new_title"):
        page_state.set_widget_value(StudiesView.widget_key("add", name), "")
    _tell("success", ui("studies.added", title=study.title, count=len(study.steps)))


__all__ = ["StudiesView", "add_to_study", "render_shelf", "shelf", "study_problem"]
