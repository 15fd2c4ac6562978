"""The "Class" page (issue 30): a learner joins a class with its code and a name of their choosing, sees
the work set and can leave; a teacher makes a class, shares its join link, and sees the dashboard: one
row per learner, sortable, downloadable as CSV; renames, archives, makes a new code, removes a learner,
and sets a lesson with a due date.

Everything a teacher does is checked on the server (:class:`~hearts_core.store.classes.ClassStore`):
the page only offers the owner's classes, and the store refuses the rest.  The teacher is this session's
learner (their account's when signed in), so without sign-in a class belongs to the browser's cookie,
with a recovery code shown once to claim it back in another browser.
"""

from __future__ import annotations

import datetime as dt
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import pandas as pd  # type: ignore[import-untyped]
import streamlit as st

from hearts_core.engine.presets import PRESETS
from hearts_core.learner.class_deal import new_deal_seed
from hearts_core.learner.class_report import LearnerRow, rows_csv
from hearts_core.learner.classes import ClassInputError
from hearts_core.learner.puzzle_progress import theme_rates
from hearts_core.learner.review_queue import card_position
from hearts_core.store.class_rows import STUDY_KINDS
from hearts_core.store.classes import (
    Assignment,
    ClassStore,
    JoinRefusedError,
    NotYourClassError,
    SchoolClass,
    study_lesson_id,
)
from hearts_core.words.echo import echo
from hearts_core.words.languages import LANGUAGES

from .. import page_state
from ..language import own_name, session_language, speaking
from ..storage import learner, store
from ..texts import ui
from .analysis.links import analyse_button
from .class_work import deal_item, deal_results
from .lessons.page import curriculum
from .puzzles.common import library, theme_title
from .rulebook.data import preset_title
from .studies import render_shelf, shelf

#: The URL parameter of a join link.
JOIN_QUERY: Final = "join"


@dataclass(frozen=True)
class ClassView(page_state.PageState):
    """The page's state: the class the teacher has open, a recovery code to show once, and a notice."""

    WIDGETS = "cls"
    opened: str | None = None
    recovery: str | None = None
    notice: tuple[Literal["success", "error"], str] | None = None


JOIN_CODE_KEY: Final = ClassView.widget_key("join", "code")
JOIN_NAME_KEY: Final = ClassView.widget_key("join", "name")
NEW_NAME_KEY: Final = ClassView.widget_key("new", "name")
NEW_LANGUAGE_KEY: Final = ClassView.widget_key("new", "language")
NEW_RULES_KEY: Final = ClassView.widget_key("new", "rules")
CLAIM_KEY: Final = ClassView.widget_key("claim", "code")
OPEN_KEY: Final = ClassView.widget_key("open")


def classes() -> ClassStore:
    """The classes, in the progress database."""
    return ClassStore(store())


def _tell(kind: Literal["success", "error"], text: str) -> None:
    page_state.update(ClassView, notice=(kind, text))


def render_classes() -> None:
    """The whole page."""
    st.title(ui("nav.classes"))
    st.markdown(ui("classes.intro"))
    me = learner()
    _notice()
    _join()
    _my_classes(me)
    st.divider()
    _teach(me)
    st.divider()
    render_shelf()


def _notice() -> None:
    notice = page_state.get(ClassView).notice
    if notice is not None:
        page_state.update(ClassView, notice=None)
        kind, text = notice
        (st.success if kind == "success" else st.error)(text)


# -- a learner's side --------------------------------------------------------------------------------


def _join() -> None:
    st.subheader(ui("classes.join_heading"))
    page_state.seed_widget(JOIN_CODE_KEY, st.query_params.get(JOIN_QUERY, "")[:40])
    columns = st.columns([1, 2, 1], vertical_alignment="bottom")
    columns[0].text_input(ui("classes.join_code"), key=JOIN_CODE_KEY, max_chars=40)
    columns[1].text_input(ui("classes.join_name"), key=JOIN_NAME_KEY, max_chars=40, help=ui("classes.join_name_help"))
    columns[2].button(ui("classes.join"), key=ClassView.widget_key("join"), on_click=_joined, type="primary")


@speaking
def _joined() -> None:
    code = str(page_state.widget_value(JOIN_CODE_KEY, ""))
    name = str(page_state.widget_value(JOIN_NAME_KEY, ""))
    try:
        joined = classes().join(learner(), code, name)
    except ClassInputError as error:
        _tell("error", _name_problem(error.code))
        return
    except JoinRefusedError as error:
        _tell("error", _refusal(error.code))
        return
    if JOIN_QUERY in st.query_params:
        del st.query_params[JOIN_QUERY]
    page_state.set_widget_value(JOIN_CODE_KEY, "")
    _tell("success", ui("classes.joined", name=joined.name))


def _name_problem(code: str) -> str:
    """What is wrong with a name typed (:class:`~hearts_core.learner.classes.ClassInputError`'s code)."""
    if code == "name_empty":
        return ui("classes.name_empty")
    if code == "name_long":
        return ui("classes.name_long")
    return ui("classes.name_characters")


def _refusal(code: str) -> str:
    if code == "archived":
        return ui("classes.refused_archived")
    if code == "too_many_attempts":
        return ui("classes.refused_too_many")
    return ui("classes.refused_unknown")


def _my_classes(me: str) -> None:
    memberships = classes().memberships(me)
    if not memberships:
        return
    st.subheader(ui("classes.mine_heading"))
    for school_class, member in memberships:
        with st.container(border=True):
            st.markdown(ui("classes.member_line", name=echo(school_class.name), as_name=echo(member.display_name)))
            st.button(
                ui("classes.leave"),
                key=ClassView.widget_key("leave", school_class.id),
                on_click=_leave,
                args=(school_class.id,),
            )
    work = classes().work_for(me)
    if work:
        render_class_work(work)


def render_class_work(work: Sequence[Assignment]) -> None:
    """The work set for a learner in their classes (:meth:`ClassStore.work_for`), soonest due first,
    each opening its lesson, its theme's puzzles or its study, or playing its class deal.  The home
    page shows it first."""
    st.markdown(f"**{ui('classes.work_heading')}**")
    for item in work:
        due = ui("classes.due", day=item.due_at.date().isoformat()) if item.due_at else ""
        label = f"{_work_label(item)} {due}".strip()
        if item.kind == "deal":
            deal_item(item, label)
            continue
        if item.kind == "puzzles":
            page, query = "pages/3_Puzzles.py", {"theme": str(item.target.get("theme", ""))}
        elif item.kind in STUDY_KINDS:
            page, query = "pages/2_Lessons.py", {"lesson": study_lesson_id(str(item.target.get("study", "")))}
        else:
            page, query = "pages/2_Lessons.py", {"lesson": str(item.target.get("lesson", ""))}
        st.page_link(
            page, label=label, icon=":material/assignment:", query_params={**query, "lang": session_language()}
        )


def _work_label(item: Assignment) -> str:
    """A piece of work in words: the lesson's title, the theme and how many puzzles, the study, the deal."""
    if item.kind == "puzzles":
        theme = theme_title(library(), str(item.target.get("theme", "")))
        return ui("classes.work_puzzles", theme=theme, count=int(item.target.get("count", 1)))
    if item.kind in STUDY_KINDS:
        return ui("classes.work_study", title=echo(str(item.target.get("title", ""))))
    if item.kind == "deal":
        return ui("classes.work_deal")
    lesson = str(item.target.get("lesson", ""))
    titles = {known.id: known.title for known in curriculum().ordered()}
    return ui("classes.work_lesson", title=titles.get(lesson, lesson))


def _leave(class_id: str) -> None:
    classes().leave(learner(), class_id)
    _tell("success", ui("classes.left"))


# -- a teacher's side --------------------------------------------------------------------------------


def _teach(me: str) -> None:
    st.subheader(ui("classes.teach_heading"))
    recovery = page_state.get(ClassView).recovery
    if recovery is not None:
        st.warning(ui("classes.recovery_once", code=recovery), icon=":material/key:")
    taught = classes().teaching(me)
    _create()
    _claim()
    if not taught:
        return
    by_id = {school_class.id: school_class for school_class in taught}
    opened = page_state.get(ClassView).opened
    page_state.seed_widget(OPEN_KEY, opened if opened in by_id else taught[0].id)
    chosen = st.selectbox(
        ui("nav.classes"),
        list(by_id),
        key=OPEN_KEY,
        format_func=lambda class_id: (
            by_id[class_id].name + (f" ({ui('classes.archived')})" if by_id[class_id].archived else "")
        ),
    )
    _dashboard(me, by_id[chosen])


def _create() -> None:
    with st.expander(ui("classes.create_heading"), icon=":material/add:"):
        st.text_input(ui("classes.class_name"), key=NEW_NAME_KEY, max_chars=80)
        codes = [language.code for language in LANGUAGES.languages]
        page_state.seed_widget(NEW_LANGUAGE_KEY, session_language())
        st.selectbox(ui("classes.class_language"), codes, key=NEW_LANGUAGE_KEY, format_func=own_name)
        st.selectbox(ui("classes.class_rules"), list(PRESETS), key=NEW_RULES_KEY, format_func=preset_title)
        st.button(ui("classes.create"), key=ClassView.widget_key("create"), on_click=_created, type="primary")


def _created() -> None:
    name = str(page_state.widget_value(NEW_NAME_KEY, ""))
    language = str(page_state.widget_value(NEW_LANGUAGE_KEY, session_language()))
    rules = str(page_state.widget_value(NEW_RULES_KEY, "standard"))
    try:
        made, recovery = classes().create(learner(), name, language, rules)
    except ClassInputError as error:
        _tell("error", _name_problem(error.code))
        return
    page_state.set_widget_value(NEW_NAME_KEY, "")
    page_state.update(ClassView, opened=made.id, recovery=recovery)
    page_state.set_widget_value(OPEN_KEY, made.id)
    _tell("success", ui("classes.created", name=made.name))


def _claim() -> None:
    with st.expander(ui("classes.claim_heading"), icon=":material/key:"):
        st.text_input(ui("classes.claim_code"), key=CLAIM_KEY, max_chars=40)
        st.button(ui("classes.claim"), key=ClassView.widget_key("claim"), on_click=_claimed)


def _claimed() -> None:
    try:
        claimed = classes().claim(learner(), str(page_state.widget_value(CLAIM_KEY, "")))
    except JoinRefusedError as error:
        _tell("error", _refusal(error.code))
        return
    page_state.set_widget_value(CLAIM_KEY, "")
    _tell("success", ui("classes.claimed", count=len(claimed)))


def _join_link(school_class: SchoolClass) -> str:
    base = (st.context.url or "").split("?")[0].rstrip("/")
    page = base.rsplit("/", 1)[0] if base.endswith("/Class") else base
    return f"{page}/Class?{JOIN_QUERY}={school_class.join_code}"


def _dashboard(me: str, school_class: SchoolClass) -> None:
    try:
        rows = classes().dashboard(me, school_class.id, curriculum().ordered())
    except NotYourClassError:  # taken back with the recovery code in another browser meanwhile
        st.error(ui("classes.not_yours"))
        return
    st.markdown(ui("classes.code_line", code=school_class.join_code))
    st.code(_join_link(school_class), language=None)
    if rows:
        st.dataframe(_table(rows), hide_index=True, width="stretch", placeholder="—")
        st.download_button(
            ui("classes.csv"),
            rows_csv(rows, _headings()),
            file_name=f"class-{school_class.join_code}-{dt.date.today()}.csv",
            mime="text/csv",
            key=ClassView.widget_key("csv", school_class.id),
            icon=":material/download:",
            on_click="ignore",
        )
        _learner_detail(school_class, rows)
    else:
        st.info(ui("classes.empty"))
    _manage(school_class, rows)


#: How many weak themes and costly decisions a learner's detail lists.
DETAIL_ITEMS: Final = 5


def _learner_detail(school_class: SchoolClass, rows: list[LearnerRow]) -> None:
    """One learner of the class up close: their weakest puzzle themes and their costliest recent
    practice decisions, each opening on the analysis board.  Only learners of the teacher's own class
    are offered (``rows`` came from the owner-checked dashboard)."""
    names = {row.learner: row.name for row in rows}
    key = ClassView.widget_key("detail", school_class.id)
    with st.expander(ui("classes.detail_heading"), icon=":material/person_search:"):
        who = st.selectbox(ui("classes.col_name"), list(names), key=key, format_func=names.__getitem__)
        if who is None:
            return
        loaded = library()
        rates = theme_rates(
            store().puzzle_progress(who), {puzzle.id: puzzle.themes for puzzle in loaded.puzzles.values()}
        )
        weak = sorted((rate for rate in rates if rate.solved < rate.tried), key=lambda rate: (rate.rate, -rate.tried))
        st.markdown(f"**{ui('classes.weak_heading')}**")
        if not weak:
            st.caption(ui("classes.weak_none"))
        for rate in weak[:DETAIL_ITEMS]:
            st.markdown(
                "- "
                + ui("puzzles.chart_bar", theme=theme_title(loaded, rate.theme), solved=rate.solved, tried=rate.tried)
            )
        st.markdown(f"**{ui('classes.costly_heading')}**")
        decisions = sorted(
            (item.card for item in store().review_queue(who).cards if item.card.is_position),
            key=lambda card: (-card.loss, card.key),
        )
        if not decisions:
            st.caption(ui("classes.costly_none"))
        for number, card in enumerate(decisions[:DETAIL_ITEMS]):
            columns = st.columns([4, 1], vertical_alignment="center")
            columns[0].markdown(ui("classes.costly_line", answer=card.answer, best=card.best, loss=f"{card.loss:.1f}"))
            with columns[1]:
                analyse_button(card_position(card), ClassView.widget_key("analyse", school_class.id, number))


def _headings() -> list[str]:
    return [ui(key) for key in COLUMNS]


#: The dashboard's columns, in order: their headings' catalogue keys (one text, one key: the puzzle
#: rating is named as the learner's own dashboard names it).
COLUMNS: Final = (
    "classes.col_name",
    "classes.col_lessons",
    "classes.col_stars",
    "dashboard.chart_rating",
    "classes.col_trend",
    "classes.col_accuracy",
    "classes.col_lost",
    "classes.col_days",
    "classes.col_active",
)


def _table(rows: list[LearnerRow]) -> pd.DataFrame:
    """The dashboard as a table the teacher can sort by any column (a figure not there yet is an empty
    cell, and sorts last)."""

    def number(value: float | None, digits: int = 0) -> float:
        return math.nan if value is None else round(value, digits)

    data = [
        [
            row.name,
            row.lessons_finished,
            row.stars,
            number(row.rating),
            number(row.rating_trend),
            number(None if row.review_accuracy is None else 100 * row.review_accuracy),
            number(row.points_lost_per_decision, 2),
            row.streak,
            "" if row.last_active is None else row.last_active.strftime("%Y-%m-%d %H:%M"),
        ]
        for row in rows
    ]
    return pd.DataFrame(data, columns=_headings())


def _manage(school_class: SchoolClass, rows: list[LearnerRow]) -> None:
    with st.expander(ui("classes.assign_heading"), icon=":material/assignment:"):
        _assign_form(school_class)
    _work_progress(school_class)  # in view: what a teacher opens the page for
    with st.expander(ui("classes.manage_heading"), icon=":material/settings:"):
        rename_key = ClassView.widget_key("rename", school_class.id)
        page_state.seed_widget(rename_key, school_class.name)
        st.text_input(ui("classes.class_name"), key=rename_key, max_chars=80)
        columns = st.columns(3)
        columns[0].button(
            ui("classes.rename"),
            key=ClassView.widget_key("do", "rename", school_class.id),
            on_click=_renamed,
            args=(school_class.id, rename_key),
        )
        columns[1].button(
            ui("classes.new_code"),
            key=ClassView.widget_key("code", school_class.id),
            on_click=_new_code,
            args=(school_class.id,),
        )
        columns[2].button(
            ui("classes.unarchive") if school_class.archived else ui("classes.archive"),
            key=ClassView.widget_key("archive", school_class.id),
            on_click=_archived,
            args=(school_class.id, not school_class.archived),
        )
        if rows:
            names = {row.learner: row.name for row in rows}
            remove_key = ClassView.widget_key("remove", "who", school_class.id)
            st.selectbox(ui("classes.remove_who"), list(names), key=remove_key, format_func=names.__getitem__)
            st.button(
                ui("classes.remove"),
                key=ClassView.widget_key("remove", school_class.id),
                on_click=_removed,
                args=(school_class.id, remove_key),
            )


def _assign_form(school_class: SchoolClass) -> None:
    """Set a lesson, puzzles of a theme, a study of the teacher's own, or a class deal, with a due date."""
    kind_key = ClassView.widget_key("assign", "kind", school_class.id)
    lesson_key = ClassView.widget_key("assign", "lesson", school_class.id)
    theme_key = ClassView.widget_key("assign", "theme", school_class.id)
    count_key = ClassView.widget_key("assign", "count", school_class.id)
    study_key = ClassView.widget_key("assign", "study", school_class.id)
    due_key = ClassView.widget_key("assign", "due", school_class.id)
    mine = {entry.id: entry.title for entry in shelf().mine(learner()) if entry.steps}
    kinds = {"lesson": ui("classes.kind_lesson"), "puzzles": ui("classes.kind_puzzles")}
    if mine:
        kinds["study"] = ui("classes.kind_study")
    kinds["deal"] = ui("classes.kind_deal")
    kind = st.radio(
        ui("classes.assign_kind"), list(kinds), key=kind_key, format_func=kinds.__getitem__, horizontal=True
    )
    if kind == "puzzles":
        loaded = library()
        themes = {theme: theme_title(loaded, theme) for theme in loaded.themes}
        st.selectbox(ui("puzzles.filter_theme"), list(themes), key=theme_key, format_func=themes.__getitem__)
        page_state.seed_widget(count_key, 5)
        st.number_input(ui("classes.assign_count"), min_value=1, max_value=50, key=count_key)
    elif kind == "study":
        st.selectbox(ui("studies.add_to"), list(mine), key=study_key, format_func=mine.__getitem__)
    elif kind == "deal":
        st.caption(ui("classes.deal_help", rules=preset_title(school_class.ruleset)))
    else:
        lessons = {lesson.id: lesson.title for lesson in curriculum().ordered()}
        st.selectbox(ui("classes.assign_lesson"), list(lessons), key=lesson_key, format_func=lessons.__getitem__)
    if not mine:
        st.caption(ui("classes.no_studies_yet"))
    page_state.seed_widget(due_key, dt.date.today() + dt.timedelta(days=7))
    st.date_input(ui("classes.assign_due"), key=due_key)
    st.button(
        ui("classes.assign"),
        key=ClassView.widget_key("assign", school_class.id),
        on_click=_assigned,
        args=(school_class.id, kind_key, (lesson_key, theme_key, count_key, study_key), due_key),
    )


def _work_progress(school_class: SchoolClass) -> None:
    """Who has done what: each piece of work set, with the learners who finished it and the others."""
    loaded = library()
    themes = {puzzle.id: puzzle.themes for puzzle in loaded.puzzles.values()}
    try:
        progress = classes().work_progress(learner(), school_class.id, curriculum().ordered(), themes)
    except NotYourClassError:
        return
    if not progress:
        return
    st.markdown(f"**{ui('classes.progress_heading')}**")
    for item, done in progress:
        what = _work_label(item)
        if item.kind == "deal":
            st.markdown(f"- {ui('class_deal.set_on', day=item.created_at.date().isoformat())}")
            deal_results(school_class, item, done)
            continue
        finished = ", ".join(echo(member.display_name) for member, work in done if work.finished) or "—"
        waiting = ", ".join(
            f"{echo(member.display_name)} ({work.done}/{work.needed})" for member, work in done if not work.finished
        )
        st.markdown(f"- {what}: " + ui("classes.progress_line", finished=finished, waiting=waiting or "—"))


def _teacher_action(action: str, *args: object) -> bool:
    """Run a teacher's action on the store; False (and a message) when the class is not theirs."""
    try:
        getattr(classes(), action)(learner(), *args)
    except NotYourClassError:
        _tell("error", ui("classes.not_yours"))
        return False
    except ClassInputError as error:
        _tell("error", _name_problem(error.code))
        return False
    return True


def _assigned(class_id: str, kind_key: str, keys: tuple[str, str, str, str], due_key: str) -> None:
    lesson_key, theme_key, count_key, study_key = keys
    due = page_state.widget_value(due_key)
    due_at = dt.datetime.combine(due, dt.time(23, 59), tzinfo=dt.UTC) if isinstance(due, dt.date) else None
    kind = str(page_state.widget_value(kind_key) or "lesson")
    target: dict[str, object]
    if kind == "puzzles":
        count = page_state.widget_value(count_key, 5)
        target = {"theme": str(page_state.widget_value(theme_key, "")), "count": int(count) if count else 5}
    elif kind == "study":
        study_id = str(page_state.widget_value(study_key, ""))
        titles = {entry.id: entry.title for entry in shelf().mine(learner())}
        target = {"study": study_id, "title": titles.get(study_id, "")}
    elif kind == "deal":
        target = {"seed": new_deal_seed(random.SystemRandom())}
    else:
        target, kind = {"lesson": str(page_state.widget_value(lesson_key, ""))}, "lesson"
    if _teacher_action("assign", class_id, kind, target, due_at):
        _tell("success", ui("classes.assigned"))


def _renamed(class_id: str, rename_key: str) -> None:
    if _teacher_action("rename", class_id, str(page_state.widget_value(rename_key, ""))):
        _tell("success", ui("classes.renamed"))


def _new_code(class_id: str) -> None:
    if _teacher_action("new_code", class_id):
        _tell("success", ui("classes.code_changed"))


def _archived(class_id: str, archived: bool) -> None:
    if _teacher_action("archive", class_id, archived):
        _tell("success", ui("classes.archived_now") if archived else ui("classes.unarchived_now"))


def _removed(class_id: str, remove_key: str) -> None:
    who = page_state.widget_value(remove_key)
    if isinstance(who, str) and _teacher_action("remove", class_id, who):
        _tell("success", ui("classes.removed"))


__all__ = ["COLUMNS", "JOIN_QUERY", "ClassView", "render_class_work", "render_classes"]
