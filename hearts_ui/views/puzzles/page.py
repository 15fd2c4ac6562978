"""The Puzzles page: pick a puzzle (by kind, theme and difficulty, the next one
not yet solved, or the puzzle of the day), answer it with the engine judging,
climb a hint ladder, step through the solver's line, and see your results.

The URL carries the puzzle (``?puzzle=<id>``) so a reload or a shared link
opens the same one.  Results are kept per learner (the cookie of
:mod:`.progress_store`) in their own store beside the lessons' progress, so a
reload keeps them.  All judging is done by :mod:`hearts_core.content.puzzles` and the
results' bookkeeping by :mod:`hearts_core.learner.puzzle_progress`; this module only
draws and routes.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, Final

import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from hearts_core.content.puzzles import (
    DIFFICULTIES,
    KINDS,
    PUZZLES_DIR,
    Attempt,
    Library,
    Puzzle,
    check_attempt,
    load_library,
    question_state,
    refutation,
    solution_line,
)
from hearts_core.engine.cards import Card
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name, table_snapshot
from hearts_core.learner.puzzle_progress import (
    SOLVED,
    PuzzleRecord,
    ThemeRate,
    next_unsolved,
    record_attempt,
    record_hint,
    record_reveal,
    summary,
    theme_rates,
)
from hearts_core.words.catalogue import message

from .progress_store import learner_id, puzzle_store
from .rulebook_data import capitalised, cards_text, penalty_summary, settings_rows, signed
from .table_view import render_table
from .texts import ui

PAGE: Final = "pages/3_Puzzles.py"
FOLDER_VARIABLE: Final = "HA_PUZZLES"
PROGRESS_KEY: Final = "ha_puzzle_progress"
LOADED_KEY: Final = "ha_puzzle_progress_loaded"
FILTERS_KEY: Final = "ha_puzzle_filters"
FILTERS: Final = ("kind", "theme", "difficulty")
#: The filter value that lets every puzzle through.
ANY: Final = "any"
#: What a learner answers, by puzzle kind (a variant puzzle answers like its ``ask``).
ASKED: Final = {"legal_cards": "legality", "scores": "scoring", "best_card": "play"}
MOON_OPTIONS: Final = ("add_to_others", "subtract_from_self")
#: The rungs of the hint ladder, in order.
RUNGS: Final = ("nudge", "idea", "answer")
#: The buttons that step through a line of play.
LINE_STEPS: Final = ("first", "back", "next", "last")

_STYLE: Final = """
<style>
.ha-taken { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
.ha-taken th { text-align: left; font-weight: 600; padding: 0.35rem 0.5rem;
  border-bottom: 2px solid rgba(128, 128, 128, 0.45); }
.ha-taken td { vertical-align: top; padding: 0.45rem 0.5rem; border-bottom: 1px solid rgba(128, 128, 128, 0.22); }
.ha-taken td.ha-seat { font-weight: 600; white-space: nowrap; }
.ha-taken .ha-tricks { display: flex; flex-wrap: wrap; gap: 0.35rem 0.6rem; }
.ha-taken .ha-trick { display: inline-flex; gap: 0.2rem; padding: 0.15rem 0.3rem; border-radius: 0.35rem;
  background: rgba(128, 128, 128, 0.1); }
.ha-chip { display: inline-block; min-width: 2.1rem; text-align: center; font-weight: 700; line-height: 1.35;
  padding: 0 0.25rem; border-radius: 0.25rem; background: #fffdf8; color: #1f1f1f;
  border: 1px solid #b9b1a3; white-space: nowrap; }
.ha-chip.ha-red { color: #c0262d; }
.ha-taken .ha-none { font-style: italic; opacity: 0.75; }
</style>
"""


@st.cache_resource(show_spinner=ui("puzzles.loading"))
def _library(folder: str) -> Library:
    return load_library(Path(folder))


def library() -> Library:
    """Every puzzle, proven by the engine: immutable, so loaded once and shared by
    every session.  ``$HA_PUZZLES`` names another folder (for tests and authors)."""
    return _library(os.environ.get(FOLDER_VARIABLE) or str(PUZZLES_DIR))


# -- progress ------------------------------------------------------------------------------


def _progress() -> dict[str, PuzzleRecord]:
    """This learner's results: in the session, restored from the store after a reload."""
    progress = st.session_state.get(PROGRESS_KEY)
    if not isinstance(progress, dict) or (not progress and LOADED_KEY not in st.session_state):
        progress = puzzle_store().load(learner_id())
        st.session_state[PROGRESS_KEY] = progress
        st.session_state[LOADED_KEY] = True
    return progress


def _keep(progress: dict[str, PuzzleRecord]) -> None:
    st.session_state[PROGRESS_KEY] = progress
    puzzle_store().save(learner_id(), progress)


def _record(puzzle: Puzzle) -> PuzzleRecord:
    return _progress().get(puzzle.id, PuzzleRecord())


# -- routing -------------------------------------------------------------------------------


def _go(puzzle_id: str | None) -> None:
    """Callback: open a puzzle, or the list with ``None``."""
    st.query_params.clear()
    if puzzle_id is not None:
        st.query_params["puzzle"] = puzzle_id


def _safe(text: str) -> str:
    """Echo only harmless characters of a URL parameter."""
    return "".join(ch for ch in text if ch.isalnum() or ch in "-_ .")[:40]


def render_puzzles() -> None:
    """The whole page: problems with puzzle files, then the picker or one puzzle."""
    learner_id()  # first, so a new learner's cookie is set before anything else is drawn
    loaded = library()
    st.html(_STYLE)
    if loaded.problems:
        with st.expander(ui("puzzles.problems_heading", count=len(loaded.problems)), icon=":material/warning:"):
            for problem in loaded.problems:
                st.markdown(f"- `{problem}`")
    requested = st.query_params.get("puzzle")
    puzzle = loaded.puzzles.get(requested) if requested else None
    if requested and puzzle is None:
        st.warning(ui("puzzles.unknown_puzzle", name=_safe(requested)), icon=":material/help:")
    if puzzle is None:
        render_index(loaded)
    else:
        render_puzzle(loaded, puzzle)


# -- words for puzzles -----------------------------------------------------------------------


def _today() -> dt.date:
    return dt.date.today()


def _daily(loaded: Library) -> Puzzle | None:
    return loaded.daily(_today()) if loaded.puzzles else None


def _theme_title(loaded: Library, theme: str) -> str:
    known = loaded.themes.get(theme)
    return known.title if known is not None else theme


def _meta(loaded: Library, puzzle: Puzzle) -> str:
    themes = ", ".join(_theme_title(loaded, theme) for theme in puzzle.themes)
    return ui("puzzles.meta", kind=ui(f"puzzles.kind_{puzzle.kind}"),
              difficulty=ui(f"puzzles.difficulty_{puzzle.difficulty}"), themes=themes)


def _status(record: PuzzleRecord | None) -> str:
    if record is None or record.result is None:
        return ui("puzzles.status_new")
    if record.result == SOLVED:
        return ui("puzzles.status_solved")
    return ui("puzzles.status_cleared") if record.cleared else ui("puzzles.status_failed")


def _badge(record: PuzzleRecord | None) -> str:
    """A coloured badge with the result (nothing for a puzzle not tried yet)."""
    if record is None or record.result is None:
        return ""
    colour = "green" if record.result == SOLVED or record.cleared else "red"
    return f" :{colour}-badge[{_status(record)}]"


def _sorted_cards(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=lambda text: (Card.parse(text).suit, Card.parse(text).rank))


def _cards(cards: Sequence[str]) -> str:
    return cards_text(Card.parse(card) for card in _sorted_cards(cards))


def _seat(puzzle: Puzzle, seat: int) -> str:
    return seat_name(seat, puzzle.rules.players)


def _scores_text(puzzle: Puzzle, scores: Sequence[int]) -> str:
    return " · ".join(f"{_seat(puzzle, seat)} {signed(score)}" for seat, score in enumerate(scores))


def _asked(puzzle: Puzzle) -> str:
    """What the learner answers: the kind, or for a variant puzzle the kind of its question."""
    return ASKED[str(puzzle.get("ask"))] if puzzle.kind == "variant" else puzzle.kind


def _state(puzzle: Puzzle) -> HandState:
    """The position the question is asked in (under the second rules for a variant)."""
    return question_state(puzzle)


def _rules(puzzle: Puzzle) -> Ruleset:
    return puzzle.rules_b if puzzle.kind == "variant" and puzzle.rules_b is not None else puzzle.rules


def _moon_label(puzzle: Puzzle, option: str) -> str:
    shooter = _seat(puzzle, _shooter(_state(puzzle)))
    return ui(f"puzzles.moon_{option}", value=_rules(puzzle).moon_value, shooter=shooter)


def _answer_text(puzzle: Puzzle, solution: Any, asked: str | None = None) -> str:
    """The answer in words: the legal cards, the scores, the pass, the card, the moon option."""
    kind = asked or _asked(puzzle)
    if kind == "legality":
        return ui("puzzles.answer_legality", cards=_cards(solution))
    if kind == "scoring":
        return ui("puzzles.answer_scoring", scores=_scores_text(puzzle, solution))
    if kind == "passing":
        required, forbidden = solution
        if required and forbidden:
            return ui("puzzles.answer_pass_both", require=_cards(required), forbid=_cards(forbidden))
        if required:
            return ui("puzzles.answer_pass_require", require=_cards(required))
        return ui("puzzles.answer_pass_forbid", forbid=_cards(forbidden))
    if kind == "play":
        cards = [Card.parse(card).symbol for card in _sorted_cards(solution)]
        return ui("puzzles.answer_play", cards=ui("puzzles.or").join(cards))
    return ui("puzzles.answer_moon", option=_moon_label(puzzle, str(solution)))


def _rule_changes(rules: Ruleset, baseline: Ruleset) -> list[str]:
    return [ui("puzzles.rule_change", label=row.label, value=row.value, before=row.standard)
            for row in settings_rows(rules, baseline) if row.changed]


# -- the picker ---------------------------------------------------------------------------------


def render_index(loaded: Library) -> None:
    st.title(ui("puzzles.title"))
    st.markdown(ui("puzzles.intro"))
    if not loaded.puzzles:
        st.info(ui("puzzles.empty"), icon=":material/extension_off:")
        return
    _summary_line()
    daily = _daily(loaded)
    if daily is not None:
        _daily_card(loaded, daily)
    choose_tab, progress_tab = st.tabs([ui("puzzles.tab_choose"), ui("puzzles.tab_progress")])
    with choose_tab:
        matching = _picker(loaded)
        _puzzle_list(loaded, matching)
    with progress_tab:
        _progress_panel(loaded)


def _summary_line() -> None:
    totals = summary(_progress())
    if totals.tried:
        st.caption(ui("puzzles.summary", solved=totals.solved, failed=totals.failed, streak=totals.streak,
                      rate=round(100 * (totals.rate or 0))))


def _daily_card(loaded: Library, daily: Puzzle) -> None:
    with st.container(border=True):
        text, action = st.columns([4, 1], vertical_alignment="center")
        text.markdown(f"**{ui('puzzles.daily_heading')}**: {daily.title}  \n"
                      f":gray[{_meta(loaded, daily)} · {_status(_progress().get(daily.id))}]")
        action.button(ui("puzzles.daily_open"), key="ha_pz_daily", on_click=_go, args=(daily.id,),
                      icon=":material/today:", type="primary", width="stretch")


def _saved_filters() -> dict[str, Any]:
    saved = st.session_state.get(FILTERS_KEY)
    return dict(saved) if isinstance(saved, dict) else {}


def _save_filters() -> None:
    st.session_state[FILTERS_KEY] = {name: st.session_state.get(f"ha_pz_filter_{name}") for name in FILTERS}


def _filter_options(loaded: Library) -> dict[str, list[Any]]:
    puzzles = loaded.ordered()
    kinds = [kind for kind in KINDS if any(puzzle.kind == kind for puzzle in puzzles)]
    themes = sorted({theme for puzzle in puzzles for theme in puzzle.themes},
                    key=lambda theme: _theme_title(loaded, theme).lower())
    levels = [level for level in DIFFICULTIES if any(puzzle.difficulty == level for puzzle in puzzles)]
    return {"kind": [ANY, *kinds], "theme": [ANY, *themes], "difficulty": [ANY, *levels]}


def _filter_words(loaded: Library, name: str, value: Any) -> str:
    if value == ANY:
        return ui(f"puzzles.any_{name}")
    if name == "kind":
        return ui(f"puzzles.kind_{value}")
    if name == "theme":
        return _theme_title(loaded, str(value))
    return ui(f"puzzles.difficulty_{value}")


def _filter_format(loaded: Library, name: str) -> Callable[[Any], str]:
    return lambda value: _filter_words(loaded, name, value)


def _active_filters(loaded: Library) -> dict[str, Any]:
    """The learner's filters, each dropped when the library no longer offers its value."""
    options = _filter_options(loaded)
    saved = _saved_filters()
    return {name: saved.get(name) if saved.get(name) in options[name] else ANY for name in FILTERS}


def _matching(loaded: Library, filters: dict[str, Any]) -> tuple[Puzzle, ...]:
    chosen = {name: None if value == ANY else value for name, value in filters.items()}
    return loaded.select(kind=chosen.get("kind"), theme=chosen.get("theme"), difficulty=chosen.get("difficulty"))


def _picker(loaded: Library) -> tuple[Puzzle, ...]:
    """The filters and the "next puzzle" button; returns the puzzles matching the filters."""
    options = _filter_options(loaded)
    active = _active_filters(loaded)
    columns = st.columns([1, 1.3, 1, 1], vertical_alignment="bottom")
    for column, name in zip(columns, FILTERS, strict=False):
        key = f"ha_pz_filter_{name}"
        if key not in st.session_state:
            st.session_state[key] = active[name]
        column.selectbox(ui(f"puzzles.filter_{name}"), options[name], key=key, on_change=_save_filters,
                         format_func=_filter_format(loaded, name))
    filters = {name: st.session_state.get(f"ha_pz_filter_{name}") for name in FILTERS}
    matching = _matching(loaded, filters)
    upcoming = next_unsolved([puzzle.id for puzzle in matching], _progress())
    columns[3].button(ui("puzzles.next"), key="ha_pz_next", help=ui("puzzles.next_help"), on_click=_go,
                      args=(upcoming,), disabled=upcoming is None, type="primary", icon=":material/skip_next:",
                      width="stretch")
    if not matching:
        st.info(ui("puzzles.matching_none"), icon=":material/filter_alt_off:")
    elif upcoming is None:
        st.success(ui("puzzles.none_left"), icon=":material/celebration:")
    return matching


def _puzzle_list(loaded: Library, matching: tuple[Puzzle, ...]) -> None:
    if not matching:
        return
    st.caption(ui("puzzles.matching", count=len(matching)))
    progress = _progress()
    columns = st.columns(2)
    for number, puzzle in enumerate(matching):
        if number and number % 2 == 0:
            columns = st.columns(2)  # row by row, so the reading order is the list's order
        record = progress.get(puzzle.id)
        with columns[number % 2].container(border=True):
            text, action = st.columns([3, 1], vertical_alignment="center")
            text.markdown(f"**{puzzle.title}**{_badge(record)}  \n:gray[{_meta(loaded, puzzle)}]")
            label = ui("puzzles.open") if record is None or record.result is None else ui("puzzles.again")
            action.button(label, key=f"ha_pz_open_{puzzle.id}", on_click=_go, args=(puzzle.id,), width="stretch",
                          type="secondary")


# -- progress -----------------------------------------------------------------------------------


def _progress_panel(loaded: Library) -> None:
    progress = _progress()
    totals = summary(progress)
    if not totals.tried:
        st.info(ui("puzzles.progress_empty"), icon=":material/insights:")
        return
    solved, failed, streak, rate = st.columns(4)
    solved.metric(ui("puzzles.metric_solved"), totals.solved, help=ui("puzzles.metric_solved_help"))
    failed.metric(ui("puzzles.metric_failed"), totals.failed, help=ui("puzzles.metric_failed_help"))
    streak.metric(ui("puzzles.metric_streak"), totals.streak,
                  help=ui("puzzles.metric_streak_help", best=totals.best_streak))
    rate.metric(ui("puzzles.metric_rate"), f"{round(100 * (totals.rate or 0))}%")
    rates = theme_rates(progress, {puzzle.id: puzzle.themes for puzzle in loaded.puzzles.values()})
    if rates:
        st.plotly_chart(_theme_chart(loaded, rates), key="ha_pz_chart", config={"displayModeBar": False})
        st.caption(ui("puzzles.chart_note"))


def _theme_chart(loaded: Library, rates: Sequence[ThemeRate]) -> go.Figure:
    """Success rate by theme: one horizontal bar each on a grey 100% track, named
    with "solved of tried" (so a theme at 0% still reads clearly)."""
    ordered = sorted(rates, key=lambda rate: (-rate.rate, _theme_title(loaded, rate.theme)))
    names = [ui("puzzles.chart_bar", theme=_theme_title(loaded, rate.theme), solved=rate.solved, tried=rate.tried)
             for rate in ordered]
    percent = [round(100 * rate.rate) for rate in ordered]
    figure = go.Figure()
    figure.add_trace(go.Bar(x=[100] * len(ordered), y=names, orientation="h", marker_color="rgba(128,128,128,0.16)",
                            hoverinfo="skip"))
    figure.add_trace(go.Bar(x=percent, y=names, orientation="h", hovertemplate="%{x}%<extra></extra>",
                            marker_color=["#2e7352" if value >= 50 else "#b3261e" for value in percent],
                            text=[f"{value}%" for value in percent], textposition="inside", insidetextanchor="end"))
    figure.update_layout(
        barmode="overlay", height=90 + 34 * len(ordered), margin={"l": 10, "r": 20, "t": 40, "b": 40},
        title={"text": ui("puzzles.chart_title"), "x": 0, "xanchor": "left"},
        xaxis={"range": [0, 100.5], "ticksuffix": "%", "dtick": 25, "title": {"text": ui("puzzles.chart_axis")}},
        yaxis={"automargin": True, "autorange": "reversed"}, showlegend=False, bargap=0.35,
        uniformtext={"minsize": 10, "mode": "hide"},
    )
    return figure


# -- one puzzle ---------------------------------------------------------------------------------


def _key(puzzle: Puzzle, name: str) -> str:
    return f"ha_pz_{name}_{puzzle.id}"


def render_puzzle(loaded: Library, puzzle: Puzzle) -> None:
    st.button(ui("puzzles.back"), key="ha_pz_back", on_click=_go, args=(None,), icon=":material/arrow_back:",
              type="tertiary")
    st.title(puzzle.title)
    daily = _daily(loaded)
    tag = f" · **{ui('puzzles.daily_heading')}**" if daily is not None and daily.id == puzzle.id else ""
    st.caption(_meta(loaded, puzzle) + tag)
    if puzzle.kind == "variant":
        _variant_context(puzzle)
    table_col, words_col = st.columns([2, 1], gap="medium")
    with table_col:
        _board(puzzle)
    with words_col:
        st.markdown(f"**{puzzle.prompt}**")
        _ANSWERS[_asked(puzzle)](puzzle)
        _show_attempt(puzzle)
        _hints(puzzle)
        _solution(puzzle)
        _result_line(puzzle)
    _rules_note(puzzle)
    st.divider()
    _next_row(loaded, puzzle)


def _result_line(puzzle: Puzzle) -> None:
    record = _record(puzzle)
    parts = [_status(record)]
    if record.attempts:
        parts.append(ui("puzzles.attempts_one") if record.attempts == 1 else ui("puzzles.attempts",
                                                                                 count=record.attempts))
    st.caption(" · ".join(parts))


def _rules_note(puzzle: Puzzle) -> None:
    rules = _rules(puzzle)
    changes = _rule_changes(rules, Ruleset())
    with st.expander(ui("puzzles.rules_heading"), icon=":material/gavel:"):
        st.markdown(ui("puzzles.rules_points", points=penalty_summary(rules), moon=rules.moon_value))
        if changes:
            st.markdown(ui("puzzles.rules_changed") + "\n" + "\n".join(f"- {change}" for change in changes))
        else:
            st.markdown(ui("puzzles.rules_standard"))
        st.page_link("pages/1_Rule_Book.py", label=ui("puzzles.open_rulebook"), icon=":material/menu_book:")


def _next_row(loaded: Library, puzzle: Puzzle) -> None:
    filters = _active_filters(loaded)
    matching = _matching(loaded, filters)
    upcoming = next_unsolved([candidate.id for candidate in matching], _progress(), puzzle.id)
    words, action = st.columns([3, 1], vertical_alignment="center")
    chosen = [_filter_words(loaded, name, filters[name]) for name in FILTERS if filters[name] != ANY]
    if upcoming is None:
        words.caption(ui("puzzles.none_left"))
    elif chosen:
        words.caption(ui("puzzles.next_filtered", filters=" · ".join(chosen)))
    else:
        words.caption(ui("puzzles.next_any"))
    action.button(ui("puzzles.next"), key="ha_pz_next", help=ui("puzzles.next_help"), on_click=_go,
                  args=(upcoming,), disabled=upcoming is None, type="primary", icon=":material/skip_next:",
                  width="stretch")


def _variant_context(puzzle: Puzzle) -> None:
    """The answer under the puzzle's first rules, then what the second rules change."""
    assert puzzle.rules_b is not None
    changes = "\n".join(f"- {ui('puzzles.variant_change', label=row.label, value=row.value, before=row.standard)}"
                        for row in settings_rows(puzzle.rules_b, puzzle.rules) if row.changed)
    answer = _answer_text(puzzle, puzzle.solution_a)
    st.info(ui("puzzles.variant_context", answer=answer) + "\n\n" + ui("puzzles.variant_now") + "\n" + changes,
            icon=":material/compare_arrows:")


# -- the board: the table, the tricks taken, or a line of play --------------------------------


def _face_up(puzzle: Puzzle) -> Any:
    state = _state(puzzle)
    if puzzle.show == "to_play":
        return [state.to_play] if state.to_play is not None else [puzzle.seat]
    return list(puzzle.show) if isinstance(puzzle.show, tuple) else puzzle.show


def _board(puzzle: Puzzle) -> None:
    view = st.session_state.get(_key(puzzle, "view"))
    if isinstance(view, tuple) and view:
        _line_viewer(puzzle, view)
        return
    state = _state(puzzle)
    asked = _asked(puzzle)
    if asked == "scoring":
        _taken(puzzle, state)
        return
    highlight: tuple[str, ...] = ()
    if asked == "legality" and st.session_state.get(_key(puzzle, "solution")):
        highlight = tuple(puzzle.solution)  # the solution shown: the legal cards, marked
    elif asked in ("legality", "passing"):
        highlight = tuple(st.session_state.get(_key(puzzle, "pick")) or ())
    render_table(table_snapshot(state, face_up=_face_up(puzzle), highlight=highlight))
    if asked == "moon":
        _standings(puzzle, state)


def _chip(card: str) -> str:
    parsed = Card.parse(card)
    red = " ha-red" if parsed.suit in (1, 2) else ""
    return f'<span class="ha-chip{red}" role="img" aria-label="{escape(parsed.name)}">{parsed.symbol}</span>'


def _taken(puzzle: Puzzle, state: HandState) -> None:
    """The tricks each seat took, trick by trick: what a scorer counts (no totals: that is the question)."""
    players = state.rules.players
    rows = []
    for seat in range(players):
        tricks = [trick for trick in state.tricks if trick.winner == seat]
        cells = "".join(
            '<span class="ha-trick" role="group" aria-label="{}">{}</span>'.format(
                escape(ui("puzzles.trick_label", number=state.tricks.index(trick) + 1)),
                "".join(_chip(str(card)) for card in trick.cards))
            for trick in tricks)
        body = f'<div class="ha-tricks">{cells}</div>' if tricks else (
            f'<span class="ha-none">{escape(ui("puzzles.no_tricks"))}</span>')
        rows.append(f'<tr><td class="ha-seat">{escape(seat_name(seat, players))}</td>'
                    f"<td>{len(tricks)}</td><td>{body}</td></tr>")
    st.markdown(f"##### {ui('puzzles.taken_heading')}")
    st.html(
        f'<table class="ha-taken"><thead><tr><th>{escape(ui("puzzles.col_seat"))}</th>'
        f'<th>{escape(ui("puzzles.col_tricks"))}</th><th>{escape(ui("puzzles.col_taken"))}</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
    )
    st.caption(ui("puzzles.rules_points", points=penalty_summary(state.rules), moon=state.rules.moon_value))


def _moon_revealed(puzzle: Puzzle) -> bool:
    return _solved_now(puzzle) or bool(st.session_state.get(_key(puzzle, "solution")))


def _shooter(state: HandState) -> int:
    shooter = state.score_report(moon_choice="add_to_others").moon_shooter
    return shooter if shooter is not None else 0


def _standings(puzzle: Puzzle, state: HandState) -> None:
    """The game's totals before this hand and the points taken in it; once the
    puzzle is answered, the totals each moon option would leave."""
    totals = [int(total) for total in puzzle.get("totals", ())]
    points = state.hand_points()
    rules = _rules(puzzle)
    shooter = _seat(puzzle, _shooter(state))
    columns = [ui("puzzles.col_seat"), ui("puzzles.col_before"), ui("puzzles.col_hand")]
    after = {option: state.scores(moon_choice=option) for option in MOON_OPTIONS}
    revealed = _moon_revealed(puzzle)
    if revealed:
        columns += [ui(f"puzzles.col_{option}", value=rules.moon_value, shooter=shooter) for option in MOON_OPTIONS]
    lines = ["| " + " | ".join(columns) + " |", "|---" + "|---:" * (len(columns) - 1) + "|"]
    for seat, total in enumerate(totals):
        cells = [_seat(puzzle, seat), str(total), str(points[seat])]
        if revealed:
            cells += [str(total + after[option][seat]) for option in MOON_OPTIONS]
        lines.append("| " + " | ".join(cells) + " |")
    st.markdown(f"##### {ui('puzzles.standings_heading')}")
    st.markdown("\n".join(lines))
    target = state.rules.target_score
    st.caption(ui("puzzles.target", target=target) if target else ui("puzzles.no_target"))


def _line_frames(start: HandState, moves: Sequence[tuple[int, str]]) -> tuple[HandState, ...]:
    states = [start]
    for _, card in moves:
        states.append(states[-1].play(card))
    return tuple(states)


def _moves(puzzle: Puzzle, view: tuple[Any, ...]) -> tuple[tuple[int, str], ...]:
    return tuple(view[2]) if view[0] == "refutation" else puzzle.line


def _frames(puzzle: Puzzle, view: tuple[Any, ...]) -> tuple[HandState, ...]:
    if view[0] == "solution" and puzzle.line:
        return solution_line(puzzle)
    return _line_frames(_state(puzzle), _moves(puzzle, view))


def _line_viewer(puzzle: Puzzle, view: tuple[Any, ...]) -> None:
    """A line of play (the solution, or the reply to a wrong card) stepped card by card on the table."""
    moves = _moves(puzzle, view)
    frames = _frames(puzzle, view)
    frame_key = _key(puzzle, "frame")
    position = max(0, min(int(st.session_state.get(frame_key, 0)), len(frames) - 1))
    state = frames[position]
    played = moves[position - 1] if position else None
    heading = ui("puzzles.line_solution") if view[0] == "solution" else ui(
        "puzzles.line_refutation", card=Card.parse(str(view[1])).symbol)
    render_table(table_snapshot(state, face_up=_face_up(puzzle), highlight=(played[1],) if played else (),
                                caption=heading))
    last = len(frames) - 1
    cols = st.columns(4)
    targets = (0, position - 1, position + 1, last)
    icons = (":material/first_page:", ":material/chevron_left:", ":material/chevron_right:", ":material/last_page:")
    for col, name, target, icon in zip(cols, LINE_STEPS, targets, icons, strict=True):
        col.button(ui(f"puzzles.line_{name}_short"), key=f"ha_pz_line_{name}", help=ui(f"puzzles.line_{name}"),
                   icon=icon, on_click=_set_frame, args=(frame_key, target), width="stretch",
                   disabled=not 0 <= target <= last or target == position,
                   type="primary" if name == "next" else "secondary")
    st.markdown(f"**{ui('puzzles.line_counter', number=position, count=last)}**")
    st.info(_line_caption(puzzle, view, frames, moves, position), icon=":material/chat:")
    st.button(ui("puzzles.line_close"), key="ha_pz_line_close", on_click=_close_line, args=(puzzle,),
              icon=":material/close:", type="tertiary")


def _set_frame(key: str, target: int) -> None:
    st.session_state[key] = target


def _close_line(puzzle: Puzzle) -> None:
    st.session_state.pop(_key(puzzle, "view"), None)


def _open_line(puzzle: Puzzle, view: tuple[Any, ...]) -> None:
    st.session_state[_key(puzzle, "view")] = view
    st.session_state[_key(puzzle, "frame")] = 0


def _line_caption(puzzle: Puzzle, view: tuple[Any, ...], frames: Sequence[HandState],
                  moves: Sequence[tuple[int, str]], position: int) -> str:
    players = puzzle.rules.players
    if position == 0:
        if moves and view[0] == "refutation":
            return ui("puzzles.line_start_refutation", card=Card.parse(moves[0][1]).symbol)
        return ui("puzzles.line_start")
    seat, card = moves[position - 1]
    before, after = frames[position - 1], frames[position]
    parts = [before.explain(card).narration(seat_name(seat, players))]
    if not after.current_trick.cards and after.tricks:
        trick = after.tricks[-1]
        parts.append(ui("puzzles.line_trick", seat=seat_name(trick.winner, players), points=trick.points))
    if position == len(frames) - 1:
        taken = after.hand_points()
        parts.append(ui("puzzles.line_end", points=_scores_text(puzzle, list(taken))))
    return "\n\n".join(parts)


# -- answering ------------------------------------------------------------------------------------


def _judge(puzzle: Puzzle, answer: Any) -> None:
    """Judge an answer with the engine, keep the verdict, record the result."""
    attempt = check_attempt(puzzle, answer)
    st.session_state[_key(puzzle, "attempt")] = attempt
    _keep(record_attempt(_progress(), puzzle.id, attempt.correct))
    if attempt.code == "worse" and attempt.value is not None:
        _open_line(puzzle, ("refutation", attempt.cards[0], _refutation(puzzle, attempt.cards[0])))
    else:
        _close_line(puzzle)


def _refutation(puzzle: Puzzle, card: str) -> tuple[tuple[int, str], ...]:
    """The solver's best line after a wrong card, in the position the question is asked in."""
    return tuple(refutation(puzzle, card))


def _not_judged(puzzle: Puzzle, text: str) -> None:
    """Keep a note that is not a verdict (nothing picked yet, the wrong number of cards)."""
    st.session_state[_key(puzzle, "attempt")] = text


def _answer_legality(puzzle: Puzzle) -> None:
    state = _state(puzzle)
    assert state.to_play is not None
    options = [str(card) for card in state.hands[state.to_play].cards()]
    st.pills(ui("puzzles.pick_cards", seat=_seat(puzzle, state.to_play)), options, selection_mode="multi",
             key=_key(puzzle, "pick"), format_func=lambda text: Card.parse(text).symbol, wrap=True)
    st.button(ui("puzzles.check"), key="ha_pz_check", type="primary", on_click=_submit_cards, args=(puzzle,),
              icon=":material/check:")


def _submit_cards(puzzle: Puzzle) -> None:
    picked = list(st.session_state.get(_key(puzzle, "pick")) or [])
    if not picked:
        _not_judged(puzzle, ui("puzzles.pick_first"))
    elif _asked(puzzle) == "passing" and len(picked) != puzzle.rules.pass_count:
        _not_judged(puzzle, ui("puzzles.pass_count", count=puzzle.rules.pass_count, picked=len(picked)))
    else:
        _judge(puzzle, picked)


def _answer_scoring(puzzle: Puzzle) -> None:
    players = _rules(puzzle).players
    columns = st.columns(2)
    for seat in range(players):
        columns[seat % 2].number_input(_seat(puzzle, seat), value=0, step=1, key=_key(puzzle, f"score_{seat}"))
    st.button(ui("puzzles.check"), key="ha_pz_check", type="primary", on_click=_submit_scores, args=(puzzle,),
              icon=":material/check:")


def _submit_scores(puzzle: Puzzle) -> None:
    players = _rules(puzzle).players
    _judge(puzzle, [int(st.session_state.get(_key(puzzle, f"score_{seat}")) or 0) for seat in range(players)])


def _answer_passing(puzzle: Puzzle) -> None:
    state = puzzle.state
    direction = message(f"option.pass_cycle.{state.pass_direction}")
    st.caption(ui("puzzles.pass_direction", count=puzzle.rules.pass_count, direction=direction))
    options = [str(card) for card in state.hands[puzzle.seat].cards()]
    st.pills(ui("puzzles.pick_pass", seat=_seat(puzzle, puzzle.seat)), options, selection_mode="multi",
             key=_key(puzzle, "pick"), format_func=lambda text: Card.parse(text).symbol, wrap=True)
    st.button(ui("puzzles.pass_submit"), key="ha_pz_check", type="primary", on_click=_submit_cards, args=(puzzle,),
              icon=":material/send:")


def _answer_play(puzzle: Puzzle) -> None:
    state = _state(puzzle)
    assert state.to_play is not None
    st.caption(ui("puzzles.your_cards", seat=_seat(puzzle, state.to_play)))
    hand = state.hands[state.to_play].cards()
    cols = st.columns(min(len(hand), 4))
    for position, card in enumerate(hand):
        cols[position % len(cols)].button(card.symbol, key=f"ha_pz_card_{card}", help=card.name, width="stretch",
                                          on_click=_judge, args=(puzzle, str(card)))


def _answer_moon(puzzle: Puzzle) -> None:
    for option in MOON_OPTIONS:
        st.button(_moon_label(puzzle, option), key=f"ha_pz_moon_{option}", on_click=_judge, args=(puzzle, option),
                  width="stretch")


_ANSWERS: Final[dict[str, Callable[[Puzzle], None]]] = {
    "legality": _answer_legality,
    "scoring": _answer_scoring,
    "passing": _answer_passing,
    "play": _answer_play,
    "moon": _answer_moon,
}


# -- verdicts ------------------------------------------------------------------------------------


def _show_attempt(puzzle: Puzzle) -> None:
    attempt = st.session_state.get(_key(puzzle, "attempt"))
    if isinstance(attempt, str):
        st.warning(attempt, icon=":material/touch_app:")
        return
    if not isinstance(attempt, Attempt):
        return
    if attempt.correct:
        _right(puzzle, attempt)
        return
    asked = _asked(puzzle)
    state = _state(puzzle)
    if attempt.code == "illegal":
        card = attempt.cards[0]
        st.error(ui("puzzles.illegal", card=Card.parse(card).symbol) + "  \n" + str(state.explain(card)),
                 icon=":material/block:")
    elif asked == "legality" and attempt.code == "extra":
        reasons = "\n".join(f"- **{Card.parse(card).symbol}**: {state.explain(card)}"
                            for card in _sorted_cards(attempt.cards))
        st.error(ui("puzzles.not_legal") + "\n" + reasons, icon=":material/block:")
    elif asked == "legality":
        st.warning(ui("puzzles.missed_some"), icon=":material/replay:")
    elif asked == "scoring":
        st.error(ui("puzzles.wrong_scores") + "\n" + _score_marks(puzzle, attempt), icon=":material/replay:")
    elif asked == "passing":
        _pass_verdict(puzzle, attempt)
    elif attempt.code == "worse":
        st.warning(ui("puzzles.worse") + "  \n" + _cost(puzzle, attempt), icon=":material/replay:")
    else:
        st.error(ui("puzzles.wrong"), icon=":material/replay:")


def _right(puzzle: Puzzle, attempt: Attempt) -> None:
    asked = _asked(puzzle)
    lines = [ui("puzzles.right")]
    if asked == "scoring":
        lines.append(_score_marks(puzzle, attempt))
    if asked == "play" and attempt.value is not None:
        lines.append(_value_words(puzzle, attempt.cards[0], attempt.value))
    if puzzle.explanation:
        lines.append(puzzle.explanation)
    st.success("  \n".join(lines), icon=":material/check:")
    for note in attempt.notes:
        st.markdown(f"- {note}")


def _score_marks(puzzle: Puzzle, attempt: Attempt) -> str:
    """Each seat's number as given, marked right or wrong (never the right number)."""
    wrong = {int(seat) for seat in attempt.cards}
    given = [int(st.session_state.get(_key(puzzle, f"score_{seat}")) or 0) for seat in range(_rules(puzzle).players)]
    lines = []
    for seat, score in enumerate(given):
        words = ui("puzzles.seat_wrong") if seat in wrong else ui("puzzles.seat_right")
        lines.append(f"- {_seat(puzzle, seat)}: {signed(score)} {words}")
    return "\n".join(lines)


def _pass_verdict(puzzle: Puzzle, attempt: Attempt) -> None:
    if attempt.code == "forbidden":
        text = ui("puzzles.pass_forbidden", cards=_cards(attempt.cards))
    else:
        text = ui("puzzles.pass_missing")
    notes = "".join(f"\n- {note}" for note in attempt.notes)
    st.error(text + notes, icon=":material/replay:")


def _objective(puzzle: Puzzle) -> str:
    return str(puzzle.get("objective", "min_points"))


def _points(value: int) -> str:
    """A number of points in words, with a real minus sign: "1 point", "−6 points"."""
    return ui("puzzles.points_one") if value == 1 else ui("puzzles.points", count=signed(value))


def _objective_params(puzzle: Puzzle, card: str) -> dict[str, Any]:
    """What the value words of an objective name: the card played, the card to
    avoid (the queen by default) and the moon's shooter."""
    shooter = puzzle.get("shooter")
    return {"card": Card.parse(card).symbol, "target": Card.parse(str(puzzle.get("card") or "QS")).symbol,
            "shooter": _seat(puzzle, int(shooter)) if shooter is not None else ""}


def _value_words(puzzle: Puzzle, card: str, value: int) -> str:
    """What the solver's value of the right card means for this puzzle's objective."""
    return ui(f"puzzles.value_{_objective(puzzle)}", value=_points(value), **_objective_params(puzzle, card))


def _cost(puzzle: Puzzle, attempt: Attempt) -> str:
    """What a wrong (legal) card costs, from the solver's values (never naming the best card)."""
    if attempt.value is None or attempt.best_value is None:
        return ui("puzzles.worse_try")
    text = ui(f"puzzles.cost_{_objective(puzzle)}", value=_points(attempt.value), best=_points(attempt.best_value),
              **_objective_params(puzzle, attempt.cards[0]))
    return text + "  \n" + ui("puzzles.cost_line")


# -- hints and the solution -------------------------------------------------------------------------


def _rungs(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The hint ladder: the nudge, the idea, then the answer (rungs the puzzle lacks are left out)."""
    rungs = [("nudge", puzzle.nudge or ui(f"puzzles.nudge_{_asked(puzzle)}"))]
    if puzzle.idea:
        rungs.append(("idea", puzzle.idea))
    rungs.append(("answer", capitalised(_answer_text(puzzle, puzzle.solution))))
    return rungs


def _hints(puzzle: Puzzle) -> None:
    rungs = _rungs(puzzle)
    used = min(_record(puzzle).hints, len(rungs))
    for number, (name, text) in enumerate(rungs[:used], start=1):
        st.info(f"**{ui(f'puzzles.rung_{name}', number=number)}** {text}", icon=":material/lightbulb:")
    if used < len(rungs):
        last = used + 1 == len(rungs)
        label = ui("puzzles.hint_answer", number=used + 1, count=len(rungs)) if last else ui(
            "puzzles.hint_next", number=used + 1, count=len(rungs))
        st.button(label, key="ha_pz_hint", on_click=_hint, args=(puzzle, used + 1, last), icon=":material/lightbulb:",
                  help=ui("puzzles.hint_answer_help") if last else ui("puzzles.hint_help"))
    if used:
        st.caption(ui("puzzles.hints_used", used=used, count=len(rungs)))


def _hint(puzzle: Puzzle, rung: int, reveals: bool) -> None:
    _keep(record_hint(_progress(), puzzle.id, rung, reveals=reveals))


def _solved_now(puzzle: Puzzle) -> bool:
    attempt = st.session_state.get(_key(puzzle, "attempt"))
    return isinstance(attempt, Attempt) and attempt.correct


def _solution(puzzle: Puzzle) -> None:
    """"Show the solution", or the solution shown; once solved, only the solver's line is offered."""
    shown = bool(st.session_state.get(_key(puzzle, "solution")))
    line_open = st.session_state.get(_key(puzzle, "view")) == ("solution",)
    if shown and not _solved_now(puzzle):
        text = capitalised(_answer_text(puzzle, puzzle.solution))
        if puzzle.explanation:
            text += "  \n" + puzzle.explanation
        st.success(f"**{ui('puzzles.solution_heading')}**  \n{text}", icon=":material/flag:")
    elif not shown and not _solved_now(puzzle):
        st.button(ui("puzzles.show_solution"), key="ha_pz_solution", on_click=_show_solution, args=(puzzle,),
                  icon=":material/visibility:", help=ui("puzzles.show_solution_help"))
        return
    if puzzle.line and not line_open:
        st.button(ui("puzzles.solution_line"), key="ha_pz_solution_line", on_click=_open_line,
                  args=(puzzle, ("solution",)), icon=":material/play_arrow:")


def _show_solution(puzzle: Puzzle) -> None:
    _keep(record_reveal(_progress(), puzzle.id))
    st.session_state[_key(puzzle, "solution")] = True
    if puzzle.line:
        _open_line(puzzle, ("solution",))
