"""Review: the learner's own mistakes, each back when it is due."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.review.page import render_review

page_frame(ui("nav.review"))
render_review()
