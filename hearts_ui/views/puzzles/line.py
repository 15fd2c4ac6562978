"""A line of play under a puzzle (the solution, or the reply to a wrong card), stepped on the table."""

from __future__ import annotations

from typing import Any, Final

import streamlit as st

from hearts_core.content.puzzles import Puzzle
from hearts_core.engine.cards import Card
from hearts_core.engine.table import seat_name
from hearts_core.learner.line_viewer import LineFrame, LineViewer

from ...texts import ui
from ...widgets.card_table import TableScene, card_table
from ...widgets.chips import prose_plain
from ...widgets.stepper import counter, stepper
from .common import change_work, scores_words, work
from .view import PuzzlesView

#: The key of the table that steps through a line.
LINE_TABLE_KEY: Final = PuzzlesView.widget_key("line", "table")


def open_line(puzzle: Puzzle, viewer: LineViewer) -> None:
    """Callback: show a line under the puzzle, from its start."""
    change_work(puzzle, line=viewer)


def close_line(puzzle: Puzzle) -> None:
    """Callback: back to the puzzle's own position."""
    change_work(puzzle, line=None)


def _move_to(puzzle: Puzzle, target: int) -> None:
    viewer = work(puzzle).line
    if viewer is not None:
        change_work(puzzle, line=viewer.go(target))


def render_line(puzzle: Puzzle, viewer: LineViewer, face_up: Any) -> None:
    """The line at the viewer's position, with the stepper and what happened."""
    frame = viewer.frame(puzzle)
    played = (str(frame.move.card),) if frame.move is not None else ()
    heading = (
        ui("puzzles.line_solution")
        if viewer.kind == "solution"
        else ui("puzzles.line_refutation", card=Card.parse(str(viewer.card)).symbol)
    )
    # The caption under the table describes this frame: the table shows it at once ("jump"), never
    # still replaying the cards before it while the words have moved on.
    card_table(
        TableScene(frame.state, face_up=face_up, highlight=played, title=heading, motion="jump"), key=LINE_TABLE_KEY
    )
    stepper(PuzzlesView.widget_key("line"), frame.position, frame.last, lambda target: _move_to(puzzle, target))
    counter(frame.position, frame.last)
    st.info(prose_plain(_caption(puzzle, viewer, frame)), icon=":material/chat:")
    st.button(
        ui("puzzles.line_close"),
        key=PuzzlesView.widget_key("line", "close"),
        on_click=close_line,
        args=(puzzle,),
        icon=":material/close:",
        type="tertiary",
    )


def _caption(puzzle: Puzzle, viewer: LineViewer, frame: LineFrame) -> str:
    players = puzzle.question_rules.players
    if frame.move is None:
        if viewer.moves and viewer.kind == "refutation":
            return ui("puzzles.line_start_refutation", card=Card.parse(viewer.moves[0][1]).symbol)
        return ui("puzzles.line_start")
    parts = [frame.move.explanation.narration(seat_name(frame.move.seat, players))]
    if frame.trick is not None:
        parts.append(ui("puzzles.line_trick", seat=seat_name(frame.trick.winner, players), points=frame.trick.points))
    if frame.finished:
        parts.append(ui("puzzles.line_end", points=scores_words(puzzle, list(frame.state.hand_points()))))
    return "\n\n".join(parts)
