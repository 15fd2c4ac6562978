"""The web server around the app: the learner cookie, set by the server on every page.

``app.py`` builds Streamlit's ASGI app (``st.App``) with :class:`LearnerCookieMiddleware`.  On each
page request (an HTML response) the middleware reads the learner cookie; a cookie the servers did
not sign, or none, gets a new learner token.  It answers with
``Set-Cookie: ha_learner=<token.signature>; Max-Age=<a year>; Path=/; HttpOnly; SameSite=Lax``
(``Secure`` too over HTTPS), so the learner keeps their progress across browser restarts for a year
after their last visit, and no script (nor Safari's seven-day limit on script-written cookies)
can touch it.  The websocket that follows carries the cookie, and :func:`hearts_ui.storage.learner`
reads it there.

Setting the cookie on the HTTP response is the only robust way to make it ``HttpOnly`` and
long-lived: a script in the page cannot write ``HttpOnly`` cookies, and Streamlit's own session
cookie lasts only as long as the browser stays open.
"""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from http.cookies import SimpleCookie
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from streamlit.logger import get_logger

from hearts_core.search import fast
from hearts_core.store import new_token, signed, verified

from .storage import COOKIE, COOKIE_MAX_AGE, signing_key, store
from .views.lab import worker as lab_workers
from .views.puzzles.common import warm_libraries

#: Paths that never answer with a page (Streamlit's own endpoints, files, components).
_NOT_PAGES: Final = ("/_stcore/", "/static/", "/component/", "/media/", "/app/static/", "/favicon")
#: Streamlit's own logger set-up, so these lines show in the server's log at its level (info by default).
_LOG: Final = get_logger(__name__)


def cookie_header(token: str, key: str, secure: bool) -> str:
    """The ``Set-Cookie`` value for a learner token.

    >>> cookie_header("t" * 32, "k" * 43, secure=False).split("; ")[1:]
    ['Max-Age=31536000', 'Path=/', 'HttpOnly', 'SameSite=Lax']
    """
    parts = [f"{COOKIE}={signed(token, key)}", f"Max-Age={COOKIE_MAX_AGE}", "Path=/", "HttpOnly", "SameSite=Lax"]
    if secure:
        parts.append("Secure")
    return "; ".join(parts)


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return ""


def _cookie(scope: Scope) -> str | None:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(_header(scope, b"cookie"))
    except Exception:  # a malformed Cookie header is no cookie
        return None
    morsel = jar.get(COOKIE)
    return None if morsel is None else morsel.value


def _is_https(scope: Scope) -> bool:
    forwarded = _header(scope, b"x-forwarded-proto").split(",")[0].strip().lower()
    return scope.get("scheme") == "https" or forwarded == "https"


class LearnerCookieMiddleware:
    """Sets (and renews for another year) the signed learner cookie on every page response."""

    def __init__(self, app: ASGIApp, key: Callable[[], str] = signing_key) -> None:
        self.app = app
        self._key = key

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD") or path.startswith(_NOT_PAGES):
            await self.app(scope, receive, send)
            return
        key = await run_in_threadpool(self._key)  # the first call reads the database
        token = verified(_cookie(scope), key) or new_token()
        header = cookie_header(token, key, _is_https(scope))

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if headers.get("content-type", "").startswith("text/html"):
                    headers.append("set-cookie", header)
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _warm_kernel() -> None:
    seconds = fast.warm()
    if fast.ready():
        _LOG.info("Hearts Academy: the engine now runs on the %s (warmed in %.1f s)", fast.state(), seconds)


@asynccontextmanager
async def lifespan(_app: Any) -> AsyncIterator[None]:
    """At start-up: open the progress database (made and migrated now, not on a learner's first click)
    and prove the puzzle library (seconds of work that would otherwise hold up the first learner to open
    the puzzles, and every other learner of that server while it runs), and start warming the compiled
    kernel in the background (the engine uses the pure-Python path until it is ready, so no learner
    waits for the compiler).  At shutdown: stop the Lab's worker processes."""
    _LOG.info("Hearts Academy: the engine starts on the %s", fast.state())
    threading.Thread(target=_warm_kernel, name="hearts-kernel-warm", daemon=True).start()
    opened = await run_in_threadpool(store)
    await run_in_threadpool(signing_key)
    started = time.perf_counter()
    await run_in_threadpool(warm_libraries)
    _LOG.info("Hearts Academy: puzzle library proven in %.1f s", time.perf_counter() - started)
    _LOG.info("Hearts Academy: progress kept in %s", opened.engine.url.render_as_string(hide_password=True))
    yield
    await run_in_threadpool(lab_workers.shut_down)  # the Lab's worker processes end with the server


__all__ = ["LearnerCookieMiddleware", "cookie_header", "lifespan"]
