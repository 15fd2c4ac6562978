"""Hearts Academy.  Start it with ``streamlit run app.py``.

This file is both the server and the home page.  ``streamlit run`` finds ``app`` below and serves
the site through it (Streamlit's ASGI app with the learner cookie middleware of
:mod:`hearts_ui.server` and its route that hands a browser a new cookie after forget-me, the
uploaded-files limit of :mod:`hearts_ui.upload_limit`, the error boundary of every page in
:mod:`hearts_ui.error_boundary`, and the progress database opened at start-up); each learner's session
then runs this same file as the home page, under the name ``__main__``.
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
    from starlette.routing import Route

    from hearts_ui.error_boundary import show_failure
    from hearts_ui.server import RENEW_PATH, FirstPageWatch, LearnerCookieMiddleware, lifespan, renew_cookie
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
        routes=[Route(RENEW_PATH, renew_cookie, methods=["POST"])],
        lifespan=lifespan,
        on_script_error=show_failure,
    )
