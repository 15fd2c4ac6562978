"""Sources: the documents the rule book comes from, with their own words on disputed rules."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.reference.sources import render_sources

page_frame(ui("nav.sources"))
render_sources()
