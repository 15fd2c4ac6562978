"""The puzzle filters (kind, theme, difficulty), kept for the learner across puzzles,
and the "next puzzle" they lead to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import streamlit as st

from hearts_core.content.puzzles import DIFFICULTIES, KINDS, Library, Puzzle

from ... import page_state
from ...texts import ui
from .common import chosen_next, open_puzzle, run, theme_title
from .view import PuzzlesView

FILTERS: Final = ("kind", "theme", "difficulty")
#: The filter value that lets every puzzle through.
ANY: Final = "any"


def filter_key(name: str) -> str:
    """The key of one filter's picker."""
    return PuzzlesView.widget_key("filter", name)


def save_filters() -> None:
    """Keep the pickers' filters for the learner (the pickers are not drawn while a puzzle is shown)."""
    page_state.update(PuzzlesView, filters={name: page_state.widget_value(filter_key(name)) for name in FILTERS})


def set_filter(name: str, value: Any) -> None:
    """Set one filter for the learner (the picker's widget and the saved filters)."""
    saved = page_state.get(PuzzlesView).filters
    page_state.update(PuzzlesView, filters={**saved, name: value})
    page_state.set_widget_value(filter_key(name), value)


def filter_options(loaded: Library) -> dict[str, list[Any]]:
    puzzles = loaded.ordered()
    kinds = [kind for kind in KINDS if any(puzzle.kind == kind for puzzle in puzzles)]
    themes = sorted(
        {theme for puzzle in puzzles for theme in puzzle.themes}, key=lambda theme: theme_title(loaded, theme).lower()
    )
    levels = [level for level in DIFFICULTIES if any(puzzle.difficulty == level for puzzle in puzzles)]
    return {"kind": [ANY, *kinds], "theme": [ANY, *themes], "difficulty": [ANY, *levels]}


def filter_words(loaded: Library, name: str, value: Any) -> str:
    if value == ANY:
        return ui(f"puzzles.any_{name}")
    if name == "kind":
        return ui(f"puzzles.kind_{value}")
    if name == "theme":
        return theme_title(loaded, str(value))
    return ui(f"puzzles.difficulty_{value}")


def filter_format(loaded: Library, name: str) -> Callable[[Any], str]:
    return lambda value: filter_words(loaded, name, value)


def active_filters(loaded: Library) -> dict[str, Any]:
    """The learner's filters, each dropped when the library no longer offers its value."""
    options = filter_options(loaded)
    saved = page_state.get(PuzzlesView).filters
    return {name: saved.get(name) if saved.get(name) in options[name] else ANY for name in FILTERS}


def matching_puzzles(loaded: Library, filters: dict[str, Any]) -> tuple[Puzzle, ...]:
    chosen = {name: None if value == ANY else value for name, value in filters.items()}
    return loaded.select(kind=chosen.get("kind"), theme=chosen.get("theme"), difficulty=chosen.get("difficulty"))


def next_row(loaded: Library, puzzle: Puzzle) -> None:
    """ "Next puzzle": during a streak run any puzzle, else one matching the learner's filters; both
    chosen for the learner (a review due, else near their rating)."""
    current = run()
    filters = active_filters(loaded)
    pool = list(loaded.puzzles) if current.active else [candidate.id for candidate in matching_puzzles(loaded, filters)]
    upcoming = chosen_next(pool, puzzle.id)
    words, action = st.columns([3, 1], vertical_alignment="center")
    chosen = [filter_words(loaded, name, filters[name]) for name in FILTERS if filters[name] != ANY]
    if current.active:
        words.caption(ui("puzzles.run_next"))
    elif upcoming is None:
        words.caption(ui("puzzles.none_left"))
    elif chosen:
        words.caption(ui("puzzles.next_filtered", filters=" · ".join(chosen)))
    else:
        words.caption(ui("puzzles.next_any"))
    action.button(
        ui("puzzles.next"),
        key=PuzzlesView.widget_key("next"),
        help=ui("puzzles.next_help"),
        on_click=open_puzzle,
        args=(upcoming,),
        disabled=upcoming is None,
        type="primary",
        icon=":material/skip_next:",
        width="stretch",
    )
