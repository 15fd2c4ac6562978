"""Daily deal: one deal a day for everyone, and how the field did on it."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.daily.page import render_daily

page_frame(ui("nav.daily"))
render_daily()
