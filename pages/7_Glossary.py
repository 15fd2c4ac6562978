"""Glossary: every word of the game, defined, with the sources' words for it."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.reference.glossary import render_glossary

page_frame(ui("nav.glossary"))
render_glossary()
