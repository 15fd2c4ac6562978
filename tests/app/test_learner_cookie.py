"""The learner cookie on the server (issue 28, items 8 and 9): what a page's answer sets for the cookie a
browser sends, in the server's own code (the run's database, ``tests/conftest.py``).  A cookie is
re-issued for the same learner with a new year and the current key; an expired one, a revoked learner's
(forget-me), or one signed with a key the servers never had gets a new learner; after a key rotation the
old key's learners keep their progress.  The one-time hand-over of a new cookie after forget-me answers
once."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from starlette.requests import Request
from starlette.responses import Response

from hearts_core.store import COOKIE_LIFETIME, learner_key, new_token, signed, verified
from hearts_ui.server import RENEW_PATH, _issued_cookie, hand_over, renew_cookie
from hearts_ui.storage import COOKIE, cookie_keys, forget_cookie_keys, store
from tests.run_async import run as run_async


def _header(cookie: str | None, secure: bool = False) -> str:
    """The ``Set-Cookie`` a page request with ``cookie`` is answered with (the database answers)."""
    header = _issued_cookie(cookie, secure=secure)
    assert header is not None
    return header


def _value(set_cookie: str) -> str:
    """The cookie value a ``Set-Cookie`` header sets."""
    name, value = set_cookie.split(";")[0].split("=", 1)
    assert name == COOKIE
    return value


def _token(value: str) -> str:
    return value.split(".")[0]


def _fresh(token: str, expires_in: int = COOKIE_LIFETIME) -> str:
    return signed(token, cookie_keys().current, expires=int(time.time()) + expires_in)


@pytest.fixture(autouse=True)
def keys_read_afresh() -> Iterator[None]:
    forget_cookie_keys()
    yield
    forget_cookie_keys()


def test_a_page_re_issues_the_learner_s_cookie_for_another_year_with_the_current_key() -> None:
    token = new_token()
    old = _fresh(token, expires_in=3600)
    header = _header(old)
    value = _value(header)
    assert _token(value) == token and value != old
    expires = int(value.split(".")[1])
    assert abs(expires - (time.time() + COOKIE_LIFETIME)) < 60
    assert "Max-Age=31536000" in header and "HttpOnly" in header and "Secure" not in header
    assert "Secure" in _header(old, secure=True).split("; ")


@pytest.mark.parametrize(
    "cookie",
    [
        pytest.param(lambda token: _fresh(token, expires_in=-1), id="expired on the server"),
        pytest.param(lambda token: signed(token, "a key no server has" * 3, expires=2_000_000_000), id="forged"),
        pytest.param(lambda token: f"{token}.9999999999.{'A' * 43}", id="a far expiry with a made-up signature"),
    ],
)
def test_a_cookie_the_servers_do_not_accept_gets_a_new_learner(cookie) -> None:  # type: ignore[no-untyped-def]
    token = new_token()
    assert _token(_value(_header(cookie(token)))) != token


def test_a_learner_deleted_by_forget_me_is_never_accepted_again() -> None:
    token = new_token()
    store().record_lesson(learner_key(token), "table", 0, "seen")
    cookie = _fresh(token)
    assert _token(_value(_header(cookie))) == token
    store().forget(learner_key(token))
    assert _token(_value(_header(cookie))) != token


def test_after_a_key_rotation_the_old_key_s_learners_keep_their_progress() -> None:
    token = new_token()
    before = _fresh(token)
    old_key = cookie_keys().current
    store().rotate_cookie_key()
    forget_cookie_keys()  # what every server does within KEYS_TTL_SECONDS
    new_key = cookie_keys().current
    assert new_key != old_key
    value = _value(_header(before))
    assert _token(value) == token
    assert verified(value, [new_key], now=time.time()) == token  # re-signed with the new key


def _post(code: str) -> Response:
    """What ``renew_cookie`` answers a ``POST`` of ``code`` (the route is ``POST`` only, in ``app.py``)."""
    scope = {
        "type": "http",
        "method": "POST",
        "path": RENEW_PATH,
        "query_string": f"code={code}".encode(),
        "headers": [],
        "scheme": "http",
    }
    return run_async(renew_cookie(Request(scope)))


def test_the_new_cookie_after_forget_me_is_handed_over_once() -> None:
    token = new_token()
    code = hand_over(token)
    assert _post("made-up").status_code == 404
    answer = _post(code)
    assert answer.status_code == 204 and answer.headers["cache-control"] == "no-store"
    assert _token(_value(answer.headers["set-cookie"])) == token
    assert _post(code).status_code == 404  # used
