"""Puzzles: positions to solve, judged by the engine, with hints and the solver's line."""

from hearts_ui.frame import page_frame
from hearts_ui.puzzles_view import render_puzzles
from hearts_ui.texts import ui

page_frame(ui("nav.puzzles"))
render_puzzles()
