"""Variant Lab: two rulesets side by side, on one deal and over thousands of deals."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.lab.page import render_lab

page_frame(ui("nav.lab"))
render_lab()
