"""The storage tests run against SQLite and against a real PostgreSQL server.

``HEARTS_TEST_PG_URL`` names the PostgreSQL database (``.ci/run`` starts a server with
``.ci/postgres start`` and sets it); without it, or when nothing answers there, the PostgreSQL
cases skip with a message saying how to run them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import OperationalError

PG_VARIABLE = "HEARTS_TEST_PG_URL"
BACKENDS = ("sqlite", "postgresql")


def _worker_database(url: str) -> str:
    """The test run's PostgreSQL database for this xdist worker: each worker empties and fills its own
    (``hearts_test_gw0``, ...), made on first use, so two workers' tests never drop each other's tables."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    parsed = make_url(url)
    name = f"{parsed.database}_{worker}"
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            exists = connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name})
            if not exists:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return parsed.set(database=name).render_as_string(hide_password=False)


def _fresh_postgres() -> str:
    url = os.environ.get(PG_VARIABLE)
    if not url:
        pytest.skip(f"no PostgreSQL server: set {PG_VARIABLE} (`.ci/postgres start` prints one) to run these")
    try:
        url = _worker_database(url)
    except OperationalError as error:
        pytest.skip(f"no PostgreSQL server answers at {PG_VARIABLE} ({str(error).splitlines()[0]})")
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
    except OperationalError as error:
        pytest.skip(f"no PostgreSQL server answers at {PG_VARIABLE} ({str(error).splitlines()[0]})")
    finally:
        engine.dispose()
    return url


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: a new SQLite file, or the PostgreSQL test database emptied."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    else:
        yield _fresh_postgres()
