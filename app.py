"""Hearts Academy: the home page.  Run with ``streamlit run app.py``."""

from hearts_ui.frame import page_frame
from hearts_ui.texts import ui
from hearts_ui.views.home import render_home

page_frame(ui("nav.home"))
render_home()
