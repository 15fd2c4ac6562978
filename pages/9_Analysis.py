"""Analysis: any position on the board, every card of the seat to move weighed two ways."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.analysis.page import render_analysis

page_frame(ui("nav.analysis"))
render_analysis()
