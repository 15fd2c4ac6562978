"""The web server around the app: the learner cookie, set by the server on every page.

``app.py`` builds Streamlit's ASGI app (``st.App``) with :class:`LearnerCookieMiddleware`.  On each
page request (an HTML response) the middleware reads the learner cookie; a cookie the servers did
not sign, or none, gets a new learner token.  It answers with
``Set-Cookie: ha_learner=<token.expires.signature>; Max-Age=<a year>; Path=/; HttpOnly; SameSite=Lax``
(``Secure`` too over HTTPS, whether nginx or a TLS terminator in front of it says so), so the learner
keeps their progress across browser restarts for a year after their last visit, and no script (nor
Safari's seven-day limit on script-written cookies) can touch it.  The server refuses a cookie value
after its own year (``expires`` is signed), one signed with a key no longer accepted, and one whose
learner forget-me deleted (:func:`hearts_ui.storage.accepted_token`); a cookie signed with the
previous key (after a rotation) is accepted and re-signed with the new one.  The websocket that
follows carries the cookie, and :func:`hearts_ui.storage.learner` reads it there.

After forget-me the page hands the browser its new cookie at once: :func:`hand_over` keeps the new
token under a one-time code for two minutes, and a tiny script on the page posts the code to
:data:`RENEW_PATH` (:func:`renew_cookie`), whose answer sets the cookie.

Setting the cookie on the HTTP response is the only robust way to make it ``HttpOnly`` and
long-lived: a script in the page cannot write ``HttpOnly`` cookies, and Streamlit's own session
cookie lasts only as long as the browser stays open.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http.cookies import SimpleCookie
from typing import Any, Final

from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from streamlit.logger import get_logger
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from hearts_core.search import fast
from hearts_core.store import CookieKeys, new_token, signed

from .storage import COOKIE, COOKIE_MAX_AGE, accepted_token, cookie_keys, store
from .views.lab import worker as lab_workers
from .views.puzzles.common import proofs_from_this_engine, puzzle_folder, warm_libraries

#: Paths that never answer with a page (Streamlit's own endpoints, files, components).
_NOT_PAGES: Final = ("/_stcore/", "/_hearts/", "/static/", "/component/", "/media/", "/app/static/", "/favicon")
#: Where the page posts a one-time code for the browser's new learner cookie (after forget-me).
RENEW_PATH: Final = "/_hearts/learner-cookie"
#: How long a new cookie waits for its browser to fetch it, in seconds.
HAND_OVER_SECONDS: Final = 120.0
#: Streamlit's own logger set-up, so these lines show in the server's log at its level (info by default).
_LOG: Final = get_logger(__name__)
#: Set once Streamlit has sent a session its first whole page: the start-up's background work waits for it.
FIRST_PAGE_SENT: Final = threading.Event()
#: ... or for this many seconds after start-up, when no learner comes.
FIRST_PAGE_WAIT: Final = 10.0


def cookie_header(token: str, key: str, secure: bool, now: float) -> str:
    """The ``Set-Cookie`` value for a learner token, good for a year from ``now`` (Unix seconds).

    >>> cookie_header("t" * 32, "k" * 43, secure=False, now=1_800_000_000).split("; ")[1:]
    ['Max-Age=31536000', 'Path=/', 'HttpOnly', 'SameSite=Lax']
    """
    value = signed(token, key, expires=int(now) + COOKIE_MAX_AGE)
    parts = [f"{COOKIE}={value}", f"Max-Age={COOKIE_MAX_AGE}", "Path=/", "HttpOnly", "SameSite=Lax"]
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


def _issued_cookie(cookie: str | None, secure: bool) -> str | None:
    """The ``Set-Cookie`` for a page: the learner's token re-issued (a new expiry, the current key),
    or a new learner's when the cookie is not accepted.  Reads the database: run it off the loop.

    None when the database does not answer: the page is served all the same, with the browser's
    cookie left as it is, and the page itself tells the learner (:mod:`hearts_ui.error_boundary`).
    A bare "Internal Server Error" would leave them nothing to click and no words they can read."""
    try:
        token = accepted_token(cookie) or new_token()
        return cookie_header(token, cookie_keys().current, secure, now=store().now().timestamp())
    except SQLAlchemyError:
        _LOG.warning("Hearts Academy: the progress database did not answer; a page was served without its cookie")
        return None


class LearnerCookieMiddleware:
    """Sets (and renews for another year) the signed learner cookie on every page response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD") or path.startswith(_NOT_PAGES):
            await self.app(scope, receive, send)
            return
        header = await run_in_threadpool(_issued_cookie, _cookie(scope), _is_https(scope))

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and header is not None:
                headers = MutableHeaders(scope=message)
                if headers.get("content-type", "").startswith("text/html"):
                    headers.append("set-cookie", header)
            await send(message)

        await self.app(scope, receive, send_with_cookie)


_HANDED_OVER: dict[str, tuple[str, float]] = {}
_HANDED_OVER_LOCK: Final = threading.Lock()


def hand_over(token: str) -> str:
    """Keep ``token`` for this session's browser to fetch as its cookie; the one-time code to post to
    :data:`RENEW_PATH` (valid for :data:`HAND_OVER_SECONDS`).  The browser's cookie routes it to this
    process, which holds the token only in memory, never in the database."""
    code = secrets.token_urlsafe(16)
    now = time.monotonic()
    with _HANDED_OVER_LOCK:
        for stale in [old for old, (_, until) in _HANDED_OVER.items() if until < now]:
            del _HANDED_OVER[stale]
        _HANDED_OVER[code] = (token, now + HAND_OVER_SECONDS)
    return code


def _claimed(code: str) -> str | None:
    with _HANDED_OVER_LOCK:
        token, until = _HANDED_OVER.pop(code, ("", 0.0))
    return token if token and until >= time.monotonic() else None


async def renew_cookie(request: Request) -> Response:
    """``POST RENEW_PATH?code=...``: 204 with the handed-over token's cookie, or 404 for a code that is
    unknown, used or stale."""
    token = _claimed(request.query_params.get("code", ""))
    if token is None:
        return Response(status_code=404, headers={"Cache-Control": "no-store"})
    keys: CookieKeys = await run_in_threadpool(cookie_keys)
    now = await run_in_threadpool(lambda: store().now().timestamp())
    response = Response(status_code=204, headers={"Cache-Control": "no-store"})
    response.headers.append("set-cookie", cookie_header(token, keys.current, _is_https(request.scope), now=now))
    return response


def _is_script_finished(message: Message) -> bool:
    """Whether a message the server sends on the websocket is Streamlit's end of a script run."""
    data = message.get("bytes") if message["type"] == "websocket.send" else None
    return bool(data) and ForwardMsg.FromString(data).WhichOneof("type") == "script_finished"


class FirstPageWatch:
    """Watches Streamlit's websocket until some session has been sent its first whole page (Streamlit's
    ``script_finished`` message), then sets :data:`FIRST_PAGE_SENT` and only passes messages on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or FIRST_PAGE_SENT.is_set():
            await self.app(scope, receive, send)
            return

        async def watching_send(message: Message) -> None:
            if not FIRST_PAGE_SENT.is_set() and _is_script_finished(message):
                FIRST_PAGE_SENT.set()
            await send(message)

        await self.app(scope, receive, watching_send)


def _warm_up() -> None:
    """The start-up's background work, once the first learner has their first page (or nobody came for
    :data:`FIRST_PAGE_WAIT` seconds): it would otherwise share the server's Python, and the machine's
    cores, with that page (about half a second more on the 2-core machine, benchmarks/start_time.py).
    It warms the compiled kernel, and proves the puzzle library only when ``proofs.json`` is another
    engine's (with a current file the library loads in a tenth of a second when first opened)."""
    FIRST_PAGE_SENT.wait(FIRST_PAGE_WAIT)
    seconds = fast.warm()
    _LOG.info("Hearts Academy: the engine now runs on the %s (warmed in %.1f s)", fast.state(), seconds)
    if not proofs_from_this_engine(puzzle_folder()):
        started = time.perf_counter()
        warm_libraries()
        _LOG.info("Hearts Academy: puzzle library proven in %.1f s", time.perf_counter() - started)


@asynccontextmanager
async def lifespan(_app: Any) -> AsyncIterator[None]:
    """At start-up: open the progress database (made and migrated now, not on a learner's first click),
    and answer at once.  Once the first page has gone out, a background thread warms the compiled kernel
    (from numba's cache, which ``python -m hearts_core prepare`` fills at install, in about half a
    second; a click that needs the kernel meanwhile waits for that load, and for a compile only when
    the cache was never filled).  The puzzle library loads when a
    learner first opens the Puzzles, every proof read from ``lessons/puzzles/proofs.json`` (a puzzle
    changed since costs only its own proofs, with a warning in the log); when that file is another
    engine's, the background thread proves the library before anyone asks, and a learner who opens the
    Puzzles meanwhile waits for it, no one else does.  At shutdown: stop the Lab's worker processes."""
    _LOG.info("Hearts Academy: the engine starts on the %s", fast.state())
    opened = await run_in_threadpool(store)
    await run_in_threadpool(cookie_keys)
    threading.Thread(target=_warm_up, name="hearts-warm-up", daemon=True).start()
    _LOG.info("Hearts Academy: progress kept in %s", opened.engine.url.render_as_string(hide_password=True))
    yield
    await run_in_threadpool(lab_workers.shut_down)  # the Lab's worker processes end with the server


__all__ = [
    "FIRST_PAGE_SENT",
    "FIRST_PAGE_WAIT",
    "HAND_OVER_SECONDS",
    "RENEW_PATH",
    "FirstPageWatch",
    "LearnerCookieMiddleware",
    "cookie_header",
    "hand_over",
    "lifespan",
    "renew_cookie",
]
