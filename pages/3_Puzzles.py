"""Puzzles: positions to solve, judged by the engine, with hints and the solver's line."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.puzzles.page import render_puzzles

page_frame(ui("nav.puzzles"))
render_puzzles()
