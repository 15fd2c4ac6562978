"""The Puzzles page: pick a puzzle (by kind, theme and difficulty, the next one
not yet solved, or the puzzle of the day), answer it with the engine judging,
climb a hint ladder, step through the solver's line, and see your results.

The URL carries the puzzle (``?puzzle=<id>``) so a reload or a shared link
opens the same one.  This module draws the list and routes; one puzzle is
drawn by :mod:`.puzzle`.  All judging is done by the puzzles themselves
(:mod:`hearts_core.content.puzzle_kinds`) and the results' bookkeeping by
:mod:`hearts_core.learner.puzzle_progress`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from hearts_core.content.puzzles import Library, Puzzle
from hearts_core.learner.puzzle_progress import ThemeRate, summary, theme_rates
from hearts_core.learner.rating import RatingPoint, Suggestion, rating_history
from hearts_core.words.echo import echo, escape_markdown

from ... import page_state
from ...language import in_session_language
from ...storage import learner
from ...texts import ui
from .common import (
    badge,
    chosen_next,
    daily,
    facts,
    for_learner,
    lessons,
    library,
    meta,
    open_puzzle,
    progress,
    run,
    status,
    theme_title,
)
from .filters import (
    FILTERS,
    active_filters,
    filter_format,
    filter_key,
    filter_options,
    matching_puzzles,
    save_filters,
    set_filter,
)
from .puzzle import render_puzzle
from .view import PuzzlesView, Run

#: Puzzle cards shown at once in the list.
PAGE: Final = 12
#: The key of the list's tabs (choose, progress).
TAB_KEY: Final = PuzzlesView.widget_key("tab")


def render_puzzles() -> None:
    """The whole page: problems with puzzle files, then the picker or one puzzle."""
    learner()  # first: who this is (and their progress) before anything is drawn
    loaded = library()
    if loaded.problems:
        with st.expander(ui("puzzles.problems_heading", count=len(loaded.problems)), icon=":material/warning:"):
            for problem in loaded.problems:
                st.markdown(f"- {escape_markdown(str(problem))}")  # a file's text, shown as typed and linking nowhere
    _theme_link(loaded)
    requested = st.query_params.get("puzzle")
    puzzle = loaded.puzzles.get(requested) if requested else None
    if requested and puzzle is None:
        st.warning(ui("puzzles.unknown_puzzle", name=echo(requested)), icon=":material/help:")
    if puzzle is None:
        render_index(loaded)
    else:
        render_puzzle(loaded, puzzle)


def _theme_link(loaded: Library) -> None:
    """``?theme=<id>`` (a lesson's "Practise this"): the picker opens on that theme; the parameter is
    then dropped, so the learner's own filter choices stand."""
    theme = st.query_params.get("theme")
    if theme is None:
        return
    del st.query_params["theme"]
    if theme in filter_options(loaded)["theme"]:
        set_filter("theme", theme)
    else:
        st.warning(ui("puzzles.unknown_theme", name=echo(theme)), icon=":material/help:")


# -- the picker ---------------------------------------------------------------------------------


def render_index(loaded: Library) -> None:
    st.title(ui("nav.puzzles"))
    st.markdown(ui("puzzles.intro"))
    if not loaded.puzzles:
        st.info(ui("puzzles.empty"), icon=":material/extension_off:")
        return
    _summary_line()
    suggestion = for_learner(loaded)
    if suggestion is not None:
        _for_you_card(loaded, suggestion)
    today_puzzle = daily(loaded)
    if today_puzzle is not None:
        _daily_card(loaded, today_puzzle)
    _run_card(loaded)
    # Only the open tab is drawn (the charts of the progress tab are built when it is looked at).
    choose_tab, progress_tab = st.tabs(
        [ui("puzzles.tab_choose"), ui("puzzles.tab_progress")], key=TAB_KEY, on_change="rerun"
    )
    if choose_tab.open:
        with choose_tab:
            matching = _picker(loaded)
            _puzzle_list(loaded, matching)
    if progress_tab.open:
        with progress_tab:
            _progress_panel(loaded)


def _summary_line() -> None:
    totals = summary(progress())
    if totals.tried:
        st.caption(
            ui(
                "puzzles.summary",
                solved=totals.solved,
                failed=totals.failed,
                streak=totals.streak,
                rate=round(100 * (totals.rate or 0)),
            )
        )


def _for_you_card(loaded: Library, suggestion: Suggestion) -> None:
    """The page's main way in: the puzzle chosen for this learner, and why (a newcomer's easy puzzle on
    the theme of the lesson they finished last)."""
    puzzle = loaded.puzzles[suggestion.puzzle]
    _card_with_button(
        f"**{ui('puzzles.for_you_heading')}**: {puzzle.title}  \n{_why(loaded, suggestion)}  \n"
        f":gray[{meta(loaded, puzzle)}]",
        ui("puzzles.open"),
        PuzzlesView.widget_key("for_you"),
        lambda: open_puzzle(puzzle.id),
        icon=":material/play_arrow:",
        primary=True,
        container_key=PuzzlesView.widget_key("for_you", "card"),
    )


def _card_with_button(
    words: str,
    label: str,
    key: str,
    on_click: Callable[[], None],
    *,
    icon: str,
    primary: bool = False,
    container_key: str | None = None,
) -> None:
    """A bordered card: its words on the left, one button on the right (the puzzle for the learner,
    the puzzle of the day, the streak run)."""
    with st.container(border=True, key=container_key):
        text, action = st.columns([4, 1], vertical_alignment="center")
        text.markdown(words)
        action.button(
            label,
            key=key,
            on_click=on_click,
            icon=icon,
            type="primary" if primary else "secondary",
            width="stretch",
        )


def _why(loaded: Library, suggestion: Suggestion) -> str:
    """Why this puzzle is offered, in a sentence."""
    if suggestion.reason == "lesson" and suggestion.theme is not None:
        lesson = next((lesson for lesson in lessons() if lesson.id == suggestion.lesson), None)
        title = lesson.title if lesson is not None else str(suggestion.lesson)
        return ui("puzzles.for_you_lesson", theme=theme_title(loaded, suggestion.theme), lesson=title)
    return ui(f"puzzles.for_you_{suggestion.reason}")


def _daily_card(loaded: Library, puzzle: Puzzle) -> None:
    _card_with_button(
        f"**{ui('puzzles.daily_heading')}**: {puzzle.title}  \n"
        f":gray[{meta(loaded, puzzle)} · {status(progress().get(puzzle.id))}]",
        ui("puzzles.daily_open"),
        PuzzlesView.widget_key("daily"),
        lambda: open_puzzle(puzzle.id),
        icon=":material/today:",
    )


def _run_card(loaded: Library) -> None:
    """The streak run: puzzles one after another, chosen for the learner, until the first miss."""
    best = run().best
    _card_with_button(
        f"**{ui('puzzles.run_heading')}**  \n:gray[{ui('puzzles.run_intro')}]"
        + (f"  \n{ui('puzzles.run_best', best=best)}" if best else ""),
        ui("puzzles.run_start"),
        PuzzlesView.widget_key("run", "start"),
        lambda: _start_run(loaded),
        icon=":material/bolt:",
        container_key=PuzzlesView.widget_key("run", "card"),
    )


def _start_run(loaded: Library) -> None:
    page_state.update(PuzzlesView, run=Run(True, 0, run().best))
    open_puzzle(chosen_next(list(loaded.puzzles)))


def _picker(loaded: Library) -> tuple[Puzzle, ...]:
    """The filters and the "next puzzle" button; returns the puzzles matching the filters."""
    options = filter_options(loaded)
    active = active_filters(loaded)
    columns = st.columns([1, 1.3, 1, 1], vertical_alignment="bottom")
    for column, name in zip(columns, FILTERS, strict=False):
        key = filter_key(name)
        page_state.seed_widget(key, active[name])  # the learner's filters, kept while a puzzle was shown
        column.selectbox(
            ui(f"puzzles.filter_{name}"),
            options[name],
            key=key,
            on_change=save_filters,
            format_func=in_session_language(filter_format(loaded, name)),
        )
    filters = {name: page_state.widget_value(filter_key(name)) for name in FILTERS}
    matching = matching_puzzles(loaded, filters)
    upcoming = chosen_next([puzzle.id for puzzle in matching])
    columns[3].button(
        ui("puzzles.next"),
        key=PuzzlesView.widget_key("next"),
        help=ui("puzzles.next_help"),
        on_click=open_puzzle,
        args=(upcoming,),
        disabled=upcoming is None,
        icon=":material/skip_next:",
        width="stretch",
    )
    if not matching:
        st.info(ui("puzzles.matching_none"), icon=":material/filter_alt_off:")
    elif upcoming is None:
        st.success(ui("puzzles.none_left"), icon=":material/celebration:")
    return matching


def _puzzle_list(loaded: Library, matching: tuple[Puzzle, ...]) -> None:
    """The matching puzzles, :data:`PAGE` at a time ("show more" adds the next ones): a page of 200
    cards would be hundreds of elements to send on every visit."""
    if not matching:
        return
    st.caption(ui("puzzles.matching", count=len(matching)))
    ids = tuple(puzzle.id for puzzle in matching)
    shown = page_state.get(PuzzlesView).shown
    count = shown[1] if shown is not None and shown[0] == ids else PAGE  # new filters: the first page
    page_state.update(PuzzlesView, shown=(ids, count))
    records = progress()
    columns = st.columns(2)
    for number, puzzle in enumerate(matching[:count]):
        if number and number % 2 == 0:
            columns = st.columns(2)  # row by row, so the reading order is the list's order
        record = records.get(puzzle.id)
        with columns[number % 2].container(border=True):
            text, action = st.columns([3, 1], vertical_alignment="center")
            text.markdown(f"**{puzzle.title}**{badge(record)}  \n:gray[{meta(loaded, puzzle)}]")
            label = ui("puzzles.open") if record is None or record.result is None else ui("puzzles.again")
            action.button(
                label,
                key=PuzzlesView.widget_key("open", puzzle.id),
                on_click=open_puzzle,
                args=(puzzle.id,),
                width="stretch",
                type="secondary",
            )
    if count < len(matching):
        st.button(
            ui("puzzles.show_more", count=min(PAGE, len(matching) - count), left=len(matching) - count),
            key=PuzzlesView.widget_key("more"),
            on_click=_show_more,
            args=(ids, count),
            icon=":material/expand_more:",
        )


def _show_more(ids: tuple[str, ...], count: int) -> None:
    page_state.update(PuzzlesView, shown=(ids, count + PAGE))


# -- progress -----------------------------------------------------------------------------------


def _progress_panel(loaded: Library) -> None:
    records = progress()
    totals = summary(records)
    if not totals.tried:
        st.info(ui("puzzles.progress_empty"), icon=":material/insights:")
        return
    solved, failed, streak, rate = st.columns(4)
    solved.metric(ui("puzzles.metric_solved"), totals.solved, help=ui("puzzles.metric_solved_help"))
    failed.metric(ui("puzzles.metric_failed"), totals.failed, help=ui("puzzles.metric_failed_help"))
    streak.metric(
        ui("puzzles.metric_streak"), totals.streak, help=ui("puzzles.metric_streak_help", best=totals.best_streak)
    )
    rate.metric(ui("puzzles.metric_rate"), f"{round(100 * (totals.rate or 0))}%")
    history = rating_history(records, facts())
    if len(history) > 1:
        change = history[-1].rating - history[-2].rating
        st.metric(
            ui("puzzles.metric_rating"),
            round(history[-1].rating),
            delta=f"{change:+.0f}",
            help=ui("puzzles.metric_rating_help", deviation=round(history[-1].deviation)),
        )
        st.plotly_chart(
            _rating_chart(history), key=PuzzlesView.widget_key("rating", "chart"), config={"displayModeBar": False}
        )
    rates = theme_rates(records, {puzzle.id: puzzle.themes for puzzle in loaded.puzzles.values()})
    if rates:
        st.plotly_chart(
            _theme_chart(loaded, rates), key=PuzzlesView.widget_key("chart"), config={"displayModeBar": False}
        )
        st.caption(ui("puzzles.chart_note"))


def _rating_chart(history: Sequence[RatingPoint]) -> go.Figure:
    """The learner's rating after each first try, with its uncertainty as a band."""
    numbers = [point.number for point in history]
    ratings = [point.rating for point in history]
    figure = go.Figure()
    figure.add_trace(
        go.Scatter(
            x=numbers + numbers[::-1],
            y=[point.rating + point.deviation for point in history]
            + [point.rating - point.deviation for point in history][::-1],
            fill="toself",
            fillcolor="rgba(179,38,30,0.10)",
            line={"width": 0},
            hoverinfo="skip",
            showlegend=False,
        )
    )
    figure.add_trace(
        go.Scatter(
            x=numbers,
            y=ratings,
            mode="lines+markers",
            line={"color": "#b3261e", "width": 3},
            name=ui("puzzles.metric_rating"),
            showlegend=False,
        )
    )
    figure.update_layout(
        height=280,
        margin={"l": 10, "r": 10, "t": 40, "b": 40},
        title={"text": ui("puzzles.rating_chart_title"), "x": 0, "xanchor": "left"},
        xaxis={"title": {"text": ui("puzzles.rating_chart_axis")}, "dtick": max(1, len(history) // 10)},
        yaxis={"title": {"text": ui("puzzles.metric_rating")}},
    )
    return figure


def _theme_chart(loaded: Library, rates: Sequence[ThemeRate]) -> go.Figure:
    """Success rate by theme: one horizontal bar each on a grey 100% track, named
    with "solved of tried" (so a theme at 0% still reads clearly)."""
    ordered = sorted(rates, key=lambda rate: (-rate.rate, theme_title(loaded, rate.theme)))
    names = [
        ui("puzzles.chart_bar", theme=theme_title(loaded, rate.theme), solved=rate.solved, tried=rate.tried)
        for rate in ordered
    ]
    percent = [round(100 * rate.rate) for rate in ordered]
    figure = go.Figure()
    figure.add_trace(
        go.Bar(
            x=[100] * len(ordered), y=names, orientation="h", marker_color="rgba(128,128,128,0.16)", hoverinfo="skip"
        )
    )
    figure.add_trace(
        go.Bar(
            x=percent,
            y=names,
            orientation="h",
            hovertemplate="%{x}%<extra></extra>",
            marker_color=["#2e7352" if value >= 50 else "#b3261e" for value in percent],
            text=[f"{value}%" for value in percent],
            textposition="inside",
            insidetextanchor="end",
        )
    )
    figure.update_layout(
        barmode="overlay",
        height=90 + 34 * len(ordered),
        margin={"l": 10, "r": 20, "t": 40, "b": 40},
        title={"text": ui("puzzles.chart_title"), "x": 0, "xanchor": "left"},
        xaxis={"range": [0, 100.5], "ticksuffix": "%", "dtick": 25, "title": {"text": ui("puzzles.chart_axis")}},
        yaxis={"automargin": True, "autorange": "reversed"},
        showlegend=False,
        bargap=0.35,
        uniformtext={"minsize": 10, "mode": "hide"},
    )
    return figure
