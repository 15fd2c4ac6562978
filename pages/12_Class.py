"""Class: join a class with its code; a teacher's classes, their dashboard and the work set."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.classes import render_classes

page_frame(ui("nav.classes"))
render_classes()
