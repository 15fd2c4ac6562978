"""Hearts Academy.  Start it with ``streamlit run app.py``.

This file is both the server and the home page.  ``streamlit run`` finds ``app`` below and serves
the site through it (Streamlit's ASGI app with the learner cookie middleware of
:mod:`hearts_ui.server`, the uploaded-files limit of :mod:`hearts_ui.upload_limit`, and the progress
database opened at start-up); each learner's session then runs this same file as the home page,
under the name ``__main__``.
"""

import streamlit as st

if __name__ == "__main__":  # a learner's session: the home page
    from hearts_ui.frame import page_frame
    from hearts_ui.texts import ui
    from hearts_ui.views.home import render_home

    page_frame(ui("nav.home"))
    render_home()
else:  # imported by the web server
    from starlette.middleware import Middleware

    from hearts_ui.server import FirstPageWatch, LearnerCookieMiddleware, lifespan
    from hearts_ui.upload_limit import UploadLimit
    from hearts_ui.widget_states import WidgetStateGuard

    app = st.App(
        "app.py",
        middleware=[
            Middleware(LearnerCookieMiddleware),
            Middleware(FirstPageWatch),
            Middleware(UploadLimit),
            Middleware(WidgetStateGuard),
        ],
        lifespan=lifespan,
    )
