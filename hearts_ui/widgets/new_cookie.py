"""A page part with no looks: it posts a one-time code so the browser receives its new learner cookie
(after forget-me; :func:`hearts_ui.server.hand_over`).

A components v2 module, run in the page itself (a ``blob:`` module, which the stack's CSP allows; an
inline script would not run there).  The answer's ``Set-Cookie`` is stored by the browser like any
same-origin answer's, and no script can read it (the cookie is ``HttpOnly``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st

from ..page_state import widget_key
from ..server import RENEW_PATH, hand_over

#: The codes this page has posted already (a redraw of the part must not post again).
_JS: Final = """
const posted = new Set();
export default function (component) {
  const { data, setTriggerValue } = component;
  if (!data || !data.url || posted.has(data.url)) return undefined;
  posted.add(data.url);
  fetch(data.url, { method: "POST", credentials: "same-origin", cache: "no-store" })
    .then((answer) => setTriggerValue("done", answer.status))
    .catch(() => setTriggerValue("done", 0));
  return undefined;
}
"""

_MOUNT: Final = st.components.v2.component("hearts_new_cookie", js=_JS)
#: The part's key on the page.
KEY: Final = widget_key("new_cookie")


def new_cookie_code(token: str) -> str:
    """Keep ``token`` for this session's browser (:func:`hearts_ui.server.hand_over`): the code that
    :func:`send_new_cookie` posts."""
    return hand_over(token)


def send_new_cookie(code: str, on_done: Callable[[], None]) -> None:
    """Post ``code`` from the browser, so it receives its new learner cookie; ``on_done`` is called
    once the browser has had the answer.  Draw it on every run until then (a run that follows at once
    may take the part away before the browser has drawn it)."""
    _MOUNT(key=KEY, data={"url": f"{RENEW_PATH}?code={code}"}, height=0, on_done_change=on_done)


__all__ = ["KEY", "new_cookie_code", "send_new_cookie"]
