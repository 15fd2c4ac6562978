"""The Rule Book: every rule, every variant, every setting of a named rule set."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.rulebook.page import render_rulebook

page_frame(ui("nav.rulebook"))
render_rulebook()
