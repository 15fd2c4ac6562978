"""One puzzle: its context, the board, the answer form, the hint ladder, the solution."""

from __future__ import annotations

from html import escape
from typing import Any, Final

import streamlit as st

from hearts_core.content.puzzles import Library, MoonPuzzle, Puzzle, VariantPuzzle
from hearts_core.engine.describe import capitalised, penalty_summary
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name
from hearts_core.engine.vocabulary import MOON_CHOICES
from hearts_core.learner.line_viewer import LineViewer
from hearts_core.learner.puzzle_progress import PuzzleEvent
from hearts_core.phn import dumps_hand

from ... import page_state
from ...frame import wide_prompt
from ...language import clear_query_params, link_params, speaking
from ...texts import ui
from ...widgets.card_table import TableScene, card_table
from ...widgets.chips import chip_html, prose_plain, symbols
from ..analysis.links import analyse_button
from ..rulebook.data import settings_rows
from . import answers, line
from .common import (
    answer_words,
    asked,
    change_work,
    daily,
    full_prompt,
    meta,
    record_of,
    run,
    seat_words,
    settle,
    status,
    work,
)
from .filters import next_row
from .view import PuzzlesView

#: The key of the puzzle's table (its solution line has its own, :data:`.line.LINE_TABLE_KEY`).
TABLE_KEY: Final = PuzzlesView.widget_key("table")


def render_puzzle(loaded: Library, puzzle: Puzzle) -> None:
    """The whole puzzle: context, board and answer side by side, then its rules."""
    st.button(
        ui("puzzles.back"),
        key=PuzzlesView.widget_key("back"),
        on_click=_back,
        icon=":material/arrow_back:",
        type="tertiary",
    )
    _run_banner()
    today = daily(loaded)
    tag = f" · {ui('puzzles.daily_heading')}" if today is not None and today.id == puzzle.id else ""
    # The title a heading, set small with the puzzle's facts, so the hand to answer with fits the screen.
    st.markdown(
        f'<div class="ha-where"><h1>{escape(puzzle.title)}</h1>'
        f'<span class="ha-where-meta">{escape(meta(loaded, puzzle) + tag)}</span></div>',
        unsafe_allow_html=True,
    )
    if isinstance(puzzle, VariantPuzzle):
        _variant_context(puzzle)
    table_col, words_col = st.columns([3, 2], gap="medium")
    with table_col:
        _board(puzzle)
    with words_col:
        wide_prompt(full_prompt(puzzle))
        answers.render_answer(puzzle)
        answers.show_attempt(puzzle)
        _hints(puzzle)
        _solution(puzzle)
        _result_line(puzzle)
    _rules_note(puzzle)
    st.divider()
    next_row(loaded, puzzle)


def _run_banner() -> None:
    """The streak run in progress, or how it ended."""
    current = run()
    if current.active:
        st.info(ui("puzzles.run_on", count=current.count), icon=":material/bolt:")
    elif page_state.get(PuzzlesView).run is not None and current.count + current.best:
        st.warning(ui("puzzles.run_over", count=current.count, best=current.best), icon=":material/bolt:")


def _back() -> None:
    clear_query_params()


def _rule_changes(rules: Ruleset, baseline: Ruleset) -> list[str]:
    return [
        ui("puzzles.rule_change", label=row.label, value=row.value, before=row.standard)
        for row in settings_rows(rules, baseline)
        if row.changed
    ]


def _result_line(puzzle: Puzzle) -> None:
    record = record_of(puzzle)
    parts = [status(record)]
    if record.attempts:
        parts.append(
            ui("puzzles.attempts_one") if record.attempts == 1 else ui("puzzles.attempts", count=record.attempts)
        )
    st.caption(" · ".join(parts))


def _rules_note(puzzle: Puzzle) -> None:
    rules = puzzle.question_rules
    changes = _rule_changes(rules, Ruleset())
    with st.expander(ui("puzzles.rules_heading"), icon=":material/gavel:"):
        st.markdown(ui("puzzles.rules_points", points=penalty_summary(rules), moon=rules.moon_value))
        if changes:
            st.markdown(ui("puzzles.rules_changed") + "\n" + "\n".join(f"- {change}" for change in changes))
        else:
            st.markdown(ui("puzzles.rules_standard"))
        st.page_link(
            "pages/1_Rule_Book.py",
            label=ui("common.open_rulebook"),
            icon=":material/menu_book:",
            query_params=link_params(),
        )


def _variant_context(puzzle: VariantPuzzle) -> None:
    """The answer under the puzzle's first rules, then what the second rules change."""
    changes = "\n".join(
        f"- {ui('puzzles.variant_change', label=row.label, value=row.value, before=row.standard)}"
        for row in settings_rows(puzzle.rules_b, puzzle.rules)
        if row.changed
    )
    answer = answer_words(puzzle, puzzle.solution_a)
    st.info(
        prose_plain(ui("puzzles.variant_context", answer=answer) + "\n\n" + ui("puzzles.variant_now") + "\n" + changes),
        icon=":material/compare_arrows:",
    )


# -- the board: the table, the tricks taken, or a line of play --------------------------------


def face_up(puzzle: Puzzle) -> Any:
    """Whose cards the table shows face up."""
    state = puzzle.question_state
    if puzzle.show == "to_play":
        return [state.to_play] if state.to_play is not None else [puzzle.seat]
    return list(puzzle.show) if isinstance(puzzle.show, tuple) else puzzle.show


def _board(puzzle: Puzzle) -> None:
    viewer = work(puzzle).line
    if viewer is not None:
        line.render_line(puzzle, viewer, face_up(puzzle))
        return
    state = puzzle.question_state
    kind = asked(puzzle)
    if kind == "scoring":
        _taken(state)
        return
    shown, hand, handler = answers.table_hand(puzzle)  # the cards of the answer marked on the hand
    card_table(
        TableScene(
            shown,
            face_up=face_up(puzzle),
            hand=hand,
            prompt=symbols(full_prompt(puzzle)),
            motion="jump",  # the verdict beside the table describes the picture the table shows
        ),
        key=TABLE_KEY,
        on_action=handler,
    )
    if isinstance(puzzle, MoonPuzzle):
        _standings(puzzle)


def _taken(state: HandState) -> None:
    """The tricks each seat took, trick by trick: what a scorer counts (no totals: that is the question)."""
    players = state.rules.players
    rows = []
    for seat in range(players):
        tricks = [trick for trick in state.tricks if trick.winner == seat]
        cells = "".join(
            '<span class="ha-trick" role="group" aria-label="{}">{}</span>'.format(
                escape(ui("table.trick_heading", number=state.tricks.index(trick) + 1)),
                "".join(chip_html(card) for card in trick.cards),
            )
            for trick in tricks
        )
        body = (
            f'<div class="ha-tricks">{cells}</div>'
            if tricks
            else (f'<span class="ha-none">{escape(ui("puzzles.no_tricks"))}</span>')
        )
        rows.append(
            f'<tr><td class="ha-seat">{escape(seat_name(seat, players))}</td><td>{len(tricks)}</td><td>{body}</td></tr>'
        )
    st.markdown(f"##### {ui('puzzles.taken_heading')}")
    st.html(
        f'<table class="ha-taken"><thead><tr><th>{escape(ui("common.col_player"))}</th>'
        f"<th>{escape(ui('puzzles.col_tricks'))}</th><th>{escape(ui('puzzles.col_taken'))}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    st.caption(ui("puzzles.rules_points", points=penalty_summary(state.rules), moon=state.rules.moon_value))


def _standings(puzzle: MoonPuzzle) -> None:
    """The game's totals before this hand and the points taken in it; once the
    puzzle is answered, the totals each moon option would leave."""
    rules = puzzle.rules
    shooter = seat_words(puzzle, puzzle.shooter)
    columns = [ui("common.col_player"), ui("puzzles.col_before"), ui("puzzles.col_hand")]
    revealed = answers.solved_now(puzzle) or work(puzzle).solution_shown
    if revealed:
        columns += [ui(f"puzzles.col_{option}", value=rules.moon_value, shooter=shooter) for option in MOON_CHOICES]
    lines = ["| " + " | ".join(columns) + " |", "|---" + "|---:" * (len(columns) - 1) + "|"]
    for row in puzzle.standings():
        cells = [seat_words(puzzle, row.seat), str(row.before), str(row.taken)]
        if revealed:
            cells += [str(row.after[option]) for option in MOON_CHOICES]
        lines.append("| " + " | ".join(cells) + " |")
    st.markdown(f"##### {ui('puzzles.standings_heading')}")
    st.markdown("\n".join(lines))
    target = rules.target_score
    st.caption(ui("puzzles.target", target=target) if target else ui("puzzles.no_target"))


# -- hints and the solution -------------------------------------------------------------------------


def _rungs(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The hint ladder: the nudge, the idea, then the answer (rungs the puzzle lacks are left out)."""
    rungs = [("nudge", puzzle.nudge or ui(f"puzzles.nudge_{asked(puzzle)}"))]
    if puzzle.idea:
        rungs.append(("idea", puzzle.idea))
    rungs.append(("answer", capitalised(answer_words(puzzle, puzzle.solution))))
    return rungs


def _hints(puzzle: Puzzle) -> None:
    rungs = _rungs(puzzle)
    used = min(record_of(puzzle).hints, len(rungs))
    for number, (name, text) in enumerate(rungs[:used], start=1):
        label = ui("common.rung", number=number) if name == "nudge" else ui(f"puzzles.rung_{name}", number=number)
        st.info(prose_plain(f"**{label}** {text}"), icon=":material/lightbulb:")
    if used < len(rungs):
        last = used + 1 == len(rungs)
        label = (
            ui("puzzles.hint_answer", number=used + 1, count=len(rungs))
            if last
            else ui("common.hint_button", number=used + 1, count=len(rungs))
        )
        st.button(
            label,
            key=PuzzlesView.widget_key("hint"),
            on_click=_hint,
            args=(puzzle, used + 1, last),
            icon=":material/lightbulb:",
            help=ui("puzzles.hint_answer_help") if last else ui("puzzles.hint_help"),
        )
    if used:
        st.caption(ui("puzzles.hints_used", used=used, count=len(rungs)))


@speaking
def _hint(puzzle: Puzzle, rung: int, reveals: bool) -> None:
    hint = PuzzleEvent(puzzle.id, "hint", rung=rung)
    settle(*((hint, PuzzleEvent(puzzle.id, "reveal")) if reveals else (hint,)))


def _solution(puzzle: Puzzle) -> None:
    """ "Show the solution", or the solution shown; once solved, only the solver's line is offered."""
    shown = work(puzzle).solution_shown
    viewer = work(puzzle).line
    line_open = viewer is not None and viewer.kind == "solution"
    solved = answers.solved_now(puzzle)
    if shown and not solved:
        text = capitalised(answer_words(puzzle, puzzle.solution))
        if puzzle.explanation:
            text += "  \n" + puzzle.explanation
        st.success(prose_plain(f"**{ui('puzzles.solution_heading')}**  \n{text}"), icon=":material/flag:")
    elif not shown and not solved:
        st.button(
            ui("puzzles.show_solution"),
            key=PuzzlesView.widget_key("solution"),
            on_click=_show_solution,
            args=(puzzle,),
            icon=":material/visibility:",
            help=ui("puzzles.show_solution_help"),
        )
        return
    if puzzle.question_state.is_playing:
        # Only once solved or shown: the board would give the answer away.
        analyse_button(puzzle.question_state, PuzzlesView.widget_key("analyse"))
    st.download_button(
        ui("puzzles.download"),
        dumps_hand(puzzle.question_state, {"Event": ui("puzzles.phn_event"), "Puzzle": puzzle.id}),
        file_name=f"hearts-puzzle-{puzzle.id}.phn",
        mime="text/plain",
        key=PuzzlesView.widget_key("download"),
        icon=":material/download:",
    )
    if puzzle.line and not line_open:
        st.button(
            ui("puzzles.solution_line"),
            key=PuzzlesView.widget_key("solution", "line"),
            on_click=line.open_line,
            args=(puzzle, LineViewer.solution(puzzle)),
            icon=":material/play_arrow:",
        )


@speaking
def _show_solution(puzzle: Puzzle) -> None:
    settle(PuzzleEvent(puzzle.id, "reveal"))
    change_work(puzzle, solution_shown=True)
    if puzzle.line:
        line.open_line(puzzle, LineViewer.solution(puzzle))
