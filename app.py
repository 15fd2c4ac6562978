"""Hearts Academy: the home page.  Run with ``streamlit run app.py``."""

from hearts_ui.frame import page_frame
from hearts_ui.home_view import render_home
from hearts_ui.texts import ui

page_frame(ui("nav.home"))
render_home()
