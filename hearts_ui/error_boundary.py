"""One error boundary for every page: ``st.App(on_script_error=show_failure)`` in ``app.py``.

Streamlit calls :func:`show_failure` for every exception a page's script or a widget's callback does
not catch, on every page, after it has logged the traceback to the server's log.  The learner sees a
short message in their language instead, with a reference that the log's line carries too, and a
button that draws the page again; the sidebar stays (drawn here when a widget's callback failed
before the page was drawn).  Nothing of the error
(its type, message, a server path, SQL, a database's address) reaches the browser.

A failure of the progress database says that what the learner just did may not be saved, so nothing
is lost silently; a write for a learner deleted in another tab (forget-me) asks for a reload, which
gives the browser its new learner.
"""

from __future__ import annotations

import secrets
from typing import Final

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError
from streamlit.logger import get_logger
from streamlit.proto.RootContainer_pb2 import RootContainer
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from hearts_core.store import LearnerRevokedError

from .frame import sidebar
from .page_state import widget_key
from .texts import ui

_LOG: Final = get_logger(__name__)


def failure_kind(error: BaseException) -> str:
    """Which message a failure gets: ``forgotten`` (a write for a deleted learner), ``database``
    (the progress database failed) or ``page`` (anything else).

    >>> failure_kind(ValueError("x")), failure_kind(LearnerRevokedError("k"))
    ('page', 'forgotten')
    """
    if isinstance(error, LearnerRevokedError):
        return "forgotten"
    if isinstance(error, SQLAlchemyError):
        return "database"
    return "page"


def show_failure(error: Exception) -> bool:
    """Streamlit's ``on_script_error`` handler: the learner's message, the details to the log.
    True (Streamlit shows nothing more) unless the message itself could not be drawn."""
    reference = secrets.token_hex(4)
    kind = failure_kind(error)
    _LOG.error("Hearts Academy: the page failed (%s, reference %s): %s", kind, reference, type(error).__name__)
    try:
        _draw(kind, reference)
    except Exception:  # the message must never hide the failure: Streamlit's own, without details
        _LOG.exception("Hearts Academy: the failure message could not be drawn (reference %s)", reference)
        return False
    return True


def _draw(kind: str, reference: str) -> None:
    context = get_script_run_ctx()
    if context is not None and RootContainer.SIDEBAR not in context.cursors:
        # Nothing went into the sidebar this run: a widget's callback failed before the page was drawn,
        # or the page failed before its frame drew the menu (reading the learner's language, say).
        _menu(reference)
    if kind == "forgotten":  # trying again cannot help: only a reload gives the browser its new learner
        st.error(ui("errors.forgotten"), icon=":material/error:")
        return
    if kind == "database":
        st.error(ui("errors.database", reference=reference), icon=":material/error:")
    else:
        st.error(ui("errors.page", reference=reference), icon=":material/error:")
    st.button(ui("errors.again"), key=widget_key("error", "again", reference), icon=":material/refresh:")


def _menu(reference: str) -> None:
    """The sidebar's menu, so the learner can go elsewhere; left out if it fails too (it reads the
    learner's table settings from the database that may have failed)."""
    try:
        sidebar()
    except Exception:
        _LOG.warning("Hearts Academy: no menu beside the failure message (reference %s)", reference, exc_info=True)


__all__ = ["failure_kind", "show_failure"]
