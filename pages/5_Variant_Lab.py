"""Variant Lab: two rulesets side by side, on one deal and over thousands of deals."""

from hearts_ui.frame import page_frame
from hearts_ui.lab_view import render_lab
from hearts_ui.texts import ui

page_frame(ui("nav.lab"))
render_lab()
