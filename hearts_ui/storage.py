"""The app's side of the progress database: which database, and which learner this session is.

The database is found once per process (``HEARTS_DB_URL``, else ``[connections.progress] url`` in
Streamlit's secrets, else a SQLite file in the user's data folder; see
:mod:`hearts_core.store.database`).  Nothing a learner did lives in this process: every page reads
it from the database and writes each change there, so a restart, a cache cleared, or a second
server on the same database loses nothing.

The learner is the browser's signed token, which :mod:`hearts_ui.server` sets in an ``HttpOnly``
cookie before the first page is drawn; when an ``[auth]`` section is configured and the learner
signs in, the learner is their account's (the browser's progress merged into it on sign-in).
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final

import streamlit as st

from hearts_core.store import (
    COOKIE_LIFETIME,
    CookieKeys,
    ProgressStore,
    database_url,
    learner_key,
    new_token,
    verified,
)

from . import page_state

#: The learner cookie's name (browsers keep it for a year: never rename it).
COOKIE: Final = "ha_learner"
#: A year, in seconds: how long the browser keeps the learner cookie after the last visit (and the
#: server accepts the value it was given then).
COOKIE_MAX_AGE: Final = COOKIE_LIFETIME
#: How long a process keeps the cookie keys it read: a key rotation reaches every server within this.
KEYS_TTL_SECONDS: Final = 60.0
_LOG: Final = logging.getLogger(__name__)


def _secrets_section(*path: str) -> Mapping[str, Any] | None:
    """A section of Streamlit's secrets, or None when there are no secrets or no such section."""
    try:
        section: Any = st.secrets
        for name in path:
            if name not in section:
                return None
            section = section[name]
    except (FileNotFoundError, KeyError, ValueError, st.errors.StreamlitSecretNotFoundError):
        return None
    return section if isinstance(section, Mapping) else None


def configured_url() -> str:
    """The database URL this process uses."""
    section = _secrets_section("connections", "progress")
    secret = section.get("url") if section else None
    return database_url(os.environ, secret if isinstance(secret, str) else None)


#: For tests of what happens on later days: a file holding a number of seconds the store's clock
#: runs ahead of the real one (read at every tick, so a test moves the clock of a running server).
CLOCK_OFFSET_VARIABLE: Final = "HEARTS_CLOCK_OFFSET_FILE"


def _clock() -> datetime:
    """Now, in UTC, moved on by the offset in :data:`CLOCK_OFFSET_VARIABLE`'s file when it is set."""
    now = datetime.now(UTC)
    path = os.environ.get(CLOCK_OFFSET_VARIABLE)
    if not path:
        return now
    try:
        return now + timedelta(seconds=float(Path(path).read_text(encoding="utf-8").strip() or 0))
    except (OSError, ValueError):
        return now


@functools.lru_cache(maxsize=4)
def _store_for(url: str) -> ProgressStore:
    store = ProgressStore.open(url, clock=_clock)
    _LOG.info("Progress database: %s", store.engine.url.render_as_string(hide_password=True))
    return store


def store() -> ProgressStore:
    """The process's connection to the progress database (opened, and migrated, on first use)."""
    return _store_for(configured_url())


_KEYS: dict[str, tuple[float, CookieKeys]] = {}
_KEYS_LOCK: Final = threading.Lock()


def cookie_keys() -> CookieKeys:
    """The learner cookie's keys, shared by every server on the database (read again every
    :data:`KEYS_TTL_SECONDS`, so a rotation needs no restart)."""
    url = configured_url()
    with _KEYS_LOCK:
        cached = _KEYS.get(url)
    if cached is not None and time.monotonic() - cached[0] < KEYS_TTL_SECONDS:
        return cached[1]
    keys = _store_for(url).cookie_keys()
    with _KEYS_LOCK:
        _KEYS[url] = (time.monotonic(), keys)
    return keys


def forget_cookie_keys() -> None:
    """Read the keys from the database again on next use (a test that rotates them)."""
    with _KEYS_LOCK:
        _KEYS.clear()


def signing_key() -> str:
    """The key that signs new learner cookies."""
    return cookie_keys().current


def accepted_token(cookie: str | None) -> str | None:
    """The learner token in ``cookie`` when the servers issued it, it is within its lifetime, and its
    learner was not deleted (forget-me); None otherwise (the browser then gets a new learner)."""
    keys = cookie_keys()
    token = verified(cookie, keys.accepted, now=store().now().timestamp(), legacy=keys.legacy)
    if token is None or store().revoked(learner_key(token)):
        return None
    return token


def sign_in_available() -> bool:
    """Whether an ``[auth]`` section is configured (else the app shows no sign-in at all)."""
    return _secrets_section("auth") is not None


def account_subject() -> str | None:
    """The signed-in account as ``issuer|subject``, or None when nobody is signed in."""
    if not sign_in_available():
        return None
    try:
        user = st.user
        if not user.is_logged_in:
            return None
        subject = user.get("sub") or user.get("email")
        return None if subject is None else f"{user.get('iss', '')}|{subject}"
    except (AttributeError, KeyError):
        return None


@dataclass(frozen=True)
class Identity(page_state.PageState):
    """Who this session's learner is: the browser's learner key (from its cookie), and the learner
    key in use with the account it was settled for (``subject``, None when nobody is signed in).
    ``learner`` is None until settled, and again after signing out."""

    browser: str | None = None
    subject: str | None = None
    learner: str | None = None


def browser_learner() -> str:
    """This browser's learner key, from its signed cookie.  Without one (cookies blocked, or a test
    with no browser), a learner for this session only."""
    known = page_state.get(Identity).browser
    if known is not None:
        return known
    token = accepted_token(st.context.cookies.get(COOKIE))
    key = learner_key(token if token is not None else new_token())
    page_state.update(Identity, browser=key)
    return key


def learner() -> str:
    """This session's learner key: the signed-in account's, else the browser's."""
    subject = account_subject()
    known = page_state.get(Identity)
    if known.learner is not None and known.subject == subject:
        return known.learner
    if known.learner is not None:  # signed in or out during this session: read the progress again
        forget_session()
    key = browser_learner()
    if subject is not None:
        key = store().sign_in(subject, key)
    page_state.put(replace(page_state.get(Identity), subject=subject, learner=key))
    return key


def forget_session(identity: bool = False) -> None:
    """Forget what this session read from the database (after an import or a deletion), so the pages
    read it again; with ``identity``, also who the learner is (signing out)."""
    page_state.forget_stored_copies()
    if identity:
        page_state.update(Identity, subject=None, learner=None)


def start_afresh(token: str) -> None:
    """This session's learner from now on is a new browser learner, ``token``'s (after forget-me: the
    browser is handed the same token as its new cookie)."""
    page_state.forget_stored_copies()
    page_state.put(Identity(browser=learner_key(token)))


__all__ = [
    "COOKIE",
    "COOKIE_MAX_AGE",
    "KEYS_TTL_SECONDS",
    "Identity",
    "accepted_token",
    "account_subject",
    "browser_learner",
    "configured_url",
    "cookie_keys",
    "forget_cookie_keys",
    "forget_session",
    "learner",
    "sign_in_available",
    "signing_key",
    "start_afresh",
    "store",
]
