"""Saved progress: what is saved, sign-in (when configured), download, load from a file, delete."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.account import render_account

page_frame(ui("nav.account"))
render_account()
