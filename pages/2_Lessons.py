"""Lessons: the curriculum, and each lesson stepped through on the card table."""

from hearts_ui.frame import page_frame
from hearts_ui.lessons_view import render_lessons
from hearts_ui.texts import ui

page_frame(ui("nav.lessons"))
render_lessons()
