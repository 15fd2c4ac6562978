"""The Lessons page: the curriculum with the learner's progress, and one lesson
stepped through on the card table.

The URL carries the place (``?lesson=<id>&step=<n>``, steps from 1) so a reload
or a shared link opens the same step.  The step kinds are drawn by
:mod:`.steps`; all judging is done by :mod:`hearts_core.content.lesson_steps`.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Final

import streamlit as st

from hearts_core.content.glossary import Glossary, Term, first_uses, load_glossary
from hearts_core.content.lessons import LESSONS_DIR, Curriculum, Lesson, Location, Step, load_curriculum, locate
from hearts_core.learner.lesson_progress import lesson_status, next_lesson, resume_step, suggested_lesson
from hearts_core.records.studies import StudyError, study_lesson
from hearts_core.store.studies import StudyStore
from hearts_core.words.catalogue import message
from hearts_core.words.echo import echo, escape_markdown

from ...language import clear_query_params, link_params, session_language
from ...storage import learner, store
from ...texts import ui
from ...widgets.chips import symbols
from ...widgets.stepper import back_and_next
from ..analysis.links import analyse_button
from . import steps
from .progress import progress, record
from .view import LessonsView

PAGE: Final = "pages/2_Lessons.py"
PUZZLES_PAGE: Final = "pages/3_Puzzles.py"
CLASS_PAGE: Final = "pages/12_Class.py"
#: How a teacher's study is named in the address (``?lesson=study-<id>``).
STUDY_PREFIX: Final = "study-"


def curriculum() -> Curriculum:
    """The parsed, validated curriculum in the session's language: immutable, so shared by every session."""
    return _curriculum(session_language())


@st.cache_resource(show_spinner=False)
def _curriculum(language: str) -> Curriculum:
    return load_curriculum(LESSONS_DIR, language)


def go(lesson_id: str | None, step: int = 0) -> None:
    """Callback: move to a lesson's step (0-based), or to the list with ``None``."""
    clear_query_params()
    if lesson_id is not None:
        st.query_params["lesson"] = lesson_id
        st.query_params["step"] = str(step + 1)


def render_lessons() -> None:
    """The whole page: problems with lesson files, then the list or one lesson."""
    learner()  # first: who this is (and their progress) before anything is drawn
    loaded = curriculum()
    if loaded.problems:
        with st.expander(ui("lessons.problems_heading", count=len(loaded.problems)), icon=":material/warning:"):
            for problem in loaded.problems:
                st.markdown(f"- {escape_markdown(str(problem))}")  # a file's text, shown as typed and linking nowhere
    where = locate(_with_study(loaded), st.query_params.get("lesson"), st.query_params.get("step"))
    if where.problem == "unknown_lesson":
        st.warning(ui("lessons.unknown_lesson", name=echo(st.query_params.get("lesson", ""))))
    if where.lesson is None:
        render_index(loaded)
        return
    if where.problem in ("bad_step", "step_out_of_range"):
        st.warning(
            ui(
                "lessons.bad_step",
                step=echo(st.query_params.get("step", "")),
                count=len(where.lesson.steps),
                shown=where.step + 1,
            )
        )
    render_lesson(where)


def _with_study(loaded: Curriculum) -> Curriculum:
    """The curriculum, with the study the address names when this learner may open it (its author, or
    a learner of a class that has it as work): a teacher's study is taken on the same lesson screen."""
    requested = st.query_params.get("lesson", "")
    if not requested.startswith(STUDY_PREFIX):
        return loaded
    try:
        study = StudyStore(store()).readable(learner(), requested.removeprefix(STUDY_PREFIX))
        if study is None or not study.steps:
            return loaded
        lesson = study_lesson(study, requested)
    except StudyError:  # a study kept by an older version that this one cannot show: "no such lesson"
        return loaded
    return replace(loaded, lessons={**loaded.lessons, requested: lesson})


def is_study(lesson: Lesson) -> bool:
    """Whether ``lesson`` is a teacher's study (not a lesson of the course)."""
    return lesson.id.startswith(STUDY_PREFIX)


# -- the map of lessons -----------------------------------------------------------------------


def stars_text(stars: int) -> str:
    """Stars as the map and the completion screen show them: ★★☆."""
    return "★" * stars + "☆" * (3 - stars)


def render_index(loaded: Curriculum) -> None:
    """The map: every section and its lessons, the stars earned, the lesson to take next."""
    st.title(ui("nav.lessons"))
    st.markdown(ui("lessons.intro"))
    ordered = loaded.ordered()
    suggested = suggested_lesson(ordered, progress())
    earned = sum(lesson_status(lesson, progress()).stars for lesson in ordered)
    st.caption(ui("lessons.map_stars", stars=earned, total=3 * len(ordered)))
    number = 0
    for section in loaded.sections:
        st.subheader(section.title)
        for lesson_id in section.lesson_ids:
            lesson = loaded.lessons.get(lesson_id)
            number += 1
            if lesson is None:
                st.error(ui("lessons.broken_lesson", name=lesson_id))
                continue
            _lesson_card(lesson, number, suggested is lesson)


def _status_words(lesson: Lesson) -> str:
    status = lesson_status(lesson, progress())
    return ui(
        f"lessons.status_{status.state}",
        seen=status.seen,
        steps=status.steps,
        solved=status.solved,
        active=status.active,
        first=status.first_try,
    )


def _lesson_card(lesson: Lesson, number: int, next_up: bool) -> None:
    status = lesson_status(lesson, progress())
    with st.container(border=True, key=LessonsView.widget_key("lesson", lesson.id, *(("next",) if next_up else ()))):
        text, action = st.columns([5, 1], vertical_alignment="center")
        stars = f" :orange[{stars_text(status.stars)}]" if status.state == "completed" else f" :gray[{stars_text(0)}]"
        badge = f" :red-badge[{ui('lessons.next_up')}]" if next_up else ""
        text.markdown(f"**{number}. {lesson.title}**{stars}{badge}  \n{lesson.goal}  \n:gray[{_status_words(lesson)}]")
        label = {"new": ui("lessons.start"), "completed": ui("lessons.review")}.get(
            status.state, ui("lessons.continue")
        )
        action.button(
            label,
            key=LessonsView.widget_key("open", lesson.id),
            on_click=go,
            args=(lesson.id, resume_step(lesson, progress())),
            type="primary" if next_up else "secondary",
            width="stretch",
        )


# -- one lesson ------------------------------------------------------------------------


def render_lesson(where: Location) -> None:
    """One step of a lesson, as Lichess Learn shows one: a line saying where the learner is, the table
    with a sentence or two beside it, then one way forward (the only primary button)."""
    lesson = where.lesson
    assert lesson is not None
    index = where.step
    step = lesson.steps[index]
    record(lesson, index, "seen")  # never downgrades an answer already right or wrong
    _where(lesson, index, step)
    steps.render_step(lesson, index, step)
    last = index == len(lesson.steps) - 1
    if last:
        _the_end(lesson)
    else:
        _way_on(lesson, index, step)
    _analyse(lesson, index, step)
    steps.show_new_words(new_words().get((lesson.id, index), ()))
    _rule_citations(step)


def _where(lesson: Lesson, index: int, step: Step) -> None:
    """One line: back to the list, the lesson, and the step (its number and title)."""
    row = st.container(horizontal=True, gap="small", vertical_alignment="center", key=LessonsView.widget_key("where"))
    row.button(
        ui("lessons.back_to_list"),
        key=LessonsView.widget_key("back"),
        on_click=go,
        args=(None,),
        icon=":material/arrow_back:",
        type="tertiary",
    )
    heading = step.title or ui(f"lessons.kind_{step.kind}")
    step_heading = ui("lessons.step_heading", number=index + 1, count=len(lesson.steps), title=heading)
    # Real headings (for screen readers and the page's outline), set in one small line.
    row.markdown(
        f'<div class="ha-where"><h1>{html.escape(lesson.title)}</h1>'
        f"<h2>{html.escape(symbols(step_heading))}</h2></div>",
        unsafe_allow_html=True,
    )


def _analyse(lesson: Lesson, index: int, step: Step) -> None:
    """The step's deal on the Analysis board, once nothing is left to answer (it would give it away)."""
    position = lesson.position(step)
    if position is None or not position.is_playing or steps.waits_for_an_answer(lesson, index, step):
        return
    analyse_button(position, LessonsView.widget_key("analyse", index))


def _way_on(lesson: Lesson, index: int, step: Step) -> None:
    """Back (quiet) and Next: primary once there is nothing left to do on this step; while an exercise
    waits for its answer, Next is a plain button (the table is where the learner acts)."""
    waiting = steps.waits_for_an_answer(lesson, index, step)
    # While an exercise waits, the table is the way on: "Skip" stays in the page, not pinned on a phone.
    # While a walkthrough has cards left, "Next card" is the way on, so the lesson's Next stays quiet.
    quiet = waiting or steps.cards_left(lesson, index, step)
    with st.container(key=LessonsView.widget_key("way_on", "waiting" if quiet else "free")):
        _back_and_next(lesson, index, step, waiting, quiet)


def _back_and_next(lesson: Lesson, index: int, step: Step, waiting: bool, quiet: bool) -> None:
    # Beside a stepper over cards ("Back", "Next card") the lesson's own buttons say they move by steps:
    # two pairs both called Back and Next, one skipping the walkthrough, confused learners.
    by_steps = steps.steps_cards(step)
    next_label = ui("lessons.skip") if waiting else (ui("lessons.next_step") if by_steps else None)
    back_and_next(
        LessonsView.widget_key("steps"),
        index,
        len(lesson.steps) - 1,
        lambda target: go(lesson.id, target),
        unit="step",
        primary=not quiet,
        keys=not by_steps,
        next_label=next_label,
        back_label=ui("lessons.previous_step") if by_steps else None,
    )


def _the_end(lesson: Lesson) -> None:
    """The completion moment: the stars, what was learned, the next lesson and puzzles to practise;
    or, while exercises are left, the way back to the first of them."""
    status = lesson_status(lesson, progress())
    with st.container(border=True, key=LessonsView.widget_key("lesson", "end")):
        if status.state != "completed":
            st.markdown(f"### {ui('lessons.almost')}")
            left = status.active - status.solved
            st.markdown(ui("lessons.exercises_left", count=left) if left != 1 else ui("lessons.exercise_left"))
            target = resume_step(lesson, progress())
            st.button(
                ui("lessons.go_back", number=target + 1),
                key=LessonsView.widget_key("end", "back"),
                on_click=go,
                args=(lesson.id, target),
                icon=":material/replay:",
                type="primary",
            )
            return
        st.markdown(f"### {ui('lessons.done_heading', title=lesson.title)}")
        st.markdown(f"## :orange[{stars_text(status.stars)}]")
        st.caption(ui("lessons.stars_note", first=status.first_try, active=status.active))
        if lesson.ideas:
            st.markdown(f"**{ui('lessons.learned')}**")
            for line in lesson.ideas.values():
                steps.markdown(f"- {line}")
        following = None if is_study(lesson) else next_lesson(curriculum().ordered(), lesson.id)
        row = st.container(horizontal=True, gap="small")
        if is_study(lesson):
            row.page_link(
                CLASS_PAGE, label=ui("lessons.study_done"), icon=":material/groups:", query_params=link_params()
            )
        elif following is not None:
            row.button(
                ui("lessons.next_lesson", title=following.title),
                key=LessonsView.widget_key("next", "lesson"),
                type="primary",
                on_click=go,
                args=(following.id, 0),
                icon=":material/arrow_forward:",
            )
        else:
            row.button(
                ui("lessons.all_done"),
                key=LessonsView.widget_key("all", "done"),
                on_click=go,
                args=(None,),
                icon=":material/map:",
                type="primary",
            )
        if lesson.themes:
            row.page_link(
                PUZZLES_PAGE,
                label=ui("lessons.practise"),
                icon=":material/extension:",
                query_params=link_params({"theme": lesson.themes[0]}),
            )


def new_words() -> dict[tuple[str, int], tuple[Term, ...]]:
    """Where each word of the glossary is first used in the curriculum, in the session's language
    (immutable, shared)."""
    return _new_words(session_language())


@st.cache_resource(show_spinner=False)
def _new_words(language: str) -> dict[tuple[str, int], tuple[Term, ...]]:
    return first_uses(_curriculum(language).ordered(), _glossary(language))


def glossary() -> Glossary:
    """The glossary in the session's language, parsed once (immutable, shared by every session)."""
    return _glossary(session_language())


@st.cache_resource(show_spinner=False)
def _glossary(language: str) -> Glossary:
    return load_glossary(language=language)


def _rule_citations(step: Step) -> None:
    if not step.rule and not step.dispute:
        return
    titles = [message(f"rule.{rule_id}.title") for rule_id in step.rule]
    st.caption(ui("lessons.rules_cited", rules=" · ".join(titles)))
    st.page_link(
        "pages/1_Rule_Book.py",
        label=ui("common.open_rulebook"),
        icon=":material/menu_book:",
        query_params=link_params(),
    )
