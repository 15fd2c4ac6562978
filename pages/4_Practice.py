"""Practice: a whole game against bots, with hints, undo and a review of each hand."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.practice.page import render_practice

page_frame(ui("nav.practice"))
render_practice()
