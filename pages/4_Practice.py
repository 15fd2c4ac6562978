"""Practice: a whole game against bots, with hints, undo and a review of each hand."""

from hearts_ui.frame import page_frame
from hearts_ui.practice_view import render_practice
from hearts_ui.texts import ui

page_frame(ui("nav.practice"))
render_practice()
