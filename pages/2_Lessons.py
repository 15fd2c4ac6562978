"""Lessons: the curriculum, and each lesson stepped through on the card table."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.lessons.page import render_lessons

page_frame(ui("nav.lessons"))
render_lessons()
