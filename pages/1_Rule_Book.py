"""The Rule Book: every rule, every variant, every setting of a named rule set."""

from hearts_ui.frame import page_frame
from hearts_ui.rulebook_view import render_rulebook
from hearts_ui.texts import ui

page_frame(ui("nav.rulebook"))
render_rulebook()
