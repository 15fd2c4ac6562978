"""AppTest and the typed session state (:mod:`hearts_ui.page_state`): read and put a page's object
the way the pages do, under the session key of its class."""

from __future__ import annotations

from typing import TypeVar

from streamlit.testing.v1 import AppTest

from hearts_ui.page_state import PageState, session_key

S = TypeVar("S", bound=PageState)


def kept(at: AppTest, kind: type[S]) -> S:
    """The object of ``kind`` the session keeps after the last run (the default one when it keeps none)."""
    value = at.session_state.get(session_key(kind))
    return value if isinstance(value, kind) else kind()


def keep(at: AppTest, value: PageState) -> None:
    """Put ``value`` in the session before the next run, as a page would."""
    at.session_state[session_key(type(value))] = value
