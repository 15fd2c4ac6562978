"""The learner cookie's keys and lifetimes on the server (issue 28, item 9), on SQLite and PostgreSQL:
a rotation keeps every learner, a dropped key keeps none, a cookie of the first format (no expiry) is
accepted for a year after the migration that brought expiries and never on a new database, and every
cookie is refused after its own year; servers starting together on a new database make one key."""

from __future__ import annotations

import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Connection, insert, select

from hearts_core.store import ProgressStore, connect, migrate, new_token, progress, signed, verified
from hearts_core.store.identity import COOKIE_LIFETIME
from hearts_core.store.progress import CookieKeys
from hearts_core.store.schema import server_keys

NOW = datetime(2027, 3, 1, tzinfo=UTC)


def _cookie(store: ProgressStore, token: str, at: datetime = NOW) -> str:
    return signed(token, store.signing_key(), expires=int(at.timestamp()) + COOKIE_LIFETIME)


def _accepts(store: ProgressStore, cookie: str, at: datetime = NOW) -> bool:
    keys = store.cookie_keys()
    return verified(cookie, keys.accepted, now=at.timestamp(), legacy=keys.legacy) is not None


def test_a_rotation_keeps_every_learner_and_signs_with_the_new_key(database_url: str) -> None:
    store = ProgressStore.open(database_url, clock=lambda: NOW)
    token = new_token()
    before = _cookie(store, token)
    old_key = store.signing_key()
    store.rotate_cookie_key()
    assert store.signing_key() != old_key
    assert _accepts(store, before)  # the learner keeps their progress ...
    assert _cookie(store, token) != before  # ... and their next page signs the cookie with the new key
    assert ProgressStore.open(database_url).signing_key() == store.signing_key()  # every server agrees


def test_a_retired_key_stops_verifying_a_lifetime_after_its_retirement(database_url: str) -> None:
    store = ProgressStore.open(database_url, clock=lambda: NOW)
    before = _cookie(store, new_token())
    store.rotate_cookie_key()
    later = NOW + timedelta(seconds=COOKIE_LIFETIME + 60)
    assert not _accepts(ProgressStore.open(database_url, clock=lambda: later), before, at=later)


def test_dropping_the_old_keys_refuses_every_cookie_issued_so_far(database_url: str) -> None:
    store = ProgressStore.open(database_url, clock=lambda: NOW)
    before = _cookie(store, new_token())
    store.rotate_cookie_key(drop_old=True)
    assert not _accepts(store, before)
    assert _accepts(store, _cookie(store, new_token()))


def test_a_cookie_is_refused_after_its_own_year_whoever_keeps_it(database_url: str) -> None:
    store = ProgressStore.open(database_url, clock=lambda: NOW)
    cookie = _cookie(store, new_token())
    assert _accepts(store, cookie, at=NOW + timedelta(days=364))
    assert not _accepts(store, cookie, at=NOW + timedelta(days=366))


def test_a_new_database_accepts_no_cookie_without_an_expiry(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    assert store.cookie_keys().legacy is False


def test_the_key_of_an_older_database_signs_on_and_its_cookies_last_a_year_from_the_upgrade(
    database_url: str,
) -> None:
    engine = connect(database_url)
    migrate(engine, "0005")
    with engine.begin() as connection:
        connection.execute(insert(server_keys).values(name="learner_cookie", value="k" * 43))
    migrate(engine)
    store = ProgressStore(engine)
    assert store.signing_key() == "k" * 43
    token = new_token()
    from hearts_core.store.identity import _signature  # the first format, as browsers hold it

    legacy_cookie = f"{token}.{_signature(token, 'k' * 43)}"
    assert _accepts(store, legacy_cookie, at=datetime.now(UTC))
    with engine.connect() as connection:
        until = connection.scalar(select(server_keys.c.value).where(server_keys.c.name == "legacy_cookies_until"))
    assert abs(datetime.fromisoformat(str(until)) - (datetime.now(UTC) + timedelta(days=365))) < timedelta(minutes=5)
    a_year_on = ProgressStore(engine, clock=lambda: datetime.now(UTC) + timedelta(days=366))
    assert a_year_on.cookie_keys().legacy is False


def test_servers_starting_together_on_a_new_database_sign_with_one_key(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two servers (two stores, two connections) ask for the keys of a new database at once: each reads
    # "no key yet" and goes on to make one.  Every read of the keys waits here for the other server's
    # (up to a second), so both reads happen before either key is written; then only the store's own
    # serialisation can keep the second server from making a second key.  Two keys meant a cookie one
    # server signed was refused by the other (a new learner, the progress out of reach) for a minute.
    servers = [ProgressStore.open(database_url), ProgressStore.open(database_url)]
    together = threading.Barrier(2, timeout=1.0)
    read_keys = progress._cookie_keys

    def read_together(connection: Connection, now: datetime) -> CookieKeys | None:
        with contextlib.suppress(threading.BrokenBarrierError):
            together.wait()
        return read_keys(connection, now)

    monkeypatch.setattr(progress, "_cookie_keys", read_together)
    with ThreadPoolExecutor(2) as pool:
        keys = list(pool.map(ProgressStore.cookie_keys, servers))
    assert keys[0].current == keys[1].current
    assert keys[0].current in keys[1].accepted and keys[1].current in keys[0].accepted
