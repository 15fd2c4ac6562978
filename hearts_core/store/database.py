"""Where the progress database is, how to connect to it, and bringing its schema up to date.

The database is named by a SQLAlchemy URL: ``HEARTS_DB_URL`` when set, else the ``url`` of the
``[connections.progress]`` secrets section, else a SQLite file in the user's data folder
(``$HEARTS_DATA_DIR``, else ``$XDG_DATA_HOME/hearts-academy``, else
``~/.local/share/hearts-academy``), made on first use.  The schema is Alembic's: :func:`migrate`
upgrades any older database to the newest revision, keeping its data.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import StaticPool

URL_VARIABLE: Final = "HEARTS_DB_URL"
DATA_DIR_VARIABLE: Final = "HEARTS_DATA_DIR"
DATABASE_FILE: Final = "progress.sqlite3"
MIGRATIONS: Final = Path(__file__).resolve().parent / "migrations"
#: How long a writer waits for another's lock before giving up (SQLite), in milliseconds.
BUSY_TIMEOUT_MS: Final = 10_000
#: Any constant: PostgreSQL's advisory lock taken while migrating, so two servers starting at once take turns.
_MIGRATION_LOCK: Final = 0x4841_0001


def default_database_path(environ: Mapping[str, str]) -> Path:
    """The SQLite file used when no URL is configured."""
    if environ.get(DATA_DIR_VARIABLE):
        folder = Path(environ[DATA_DIR_VARIABLE])
    elif environ.get("XDG_DATA_HOME"):
        folder = Path(environ["XDG_DATA_HOME"]) / "hearts-academy"
    else:
        folder = Path.home() / ".local" / "share" / "hearts-academy"
    return folder / DATABASE_FILE


def database_url(environ: Mapping[str, str], secret_url: str | None = None) -> str:
    """The database URL: the environment variable wins over the secrets, which win over the SQLite file.

    >>> database_url({"HEARTS_DB_URL": "postgresql+psycopg://db/hearts"}, "sqlite:///other.db")
    'postgresql+psycopg://db/hearts'
    >>> database_url({"HEARTS_DATA_DIR": "/srv/ha"})
    'sqlite:////srv/ha/progress.sqlite3'
    """
    if environ.get(URL_VARIABLE):
        return environ[URL_VARIABLE]
    if secret_url:
        return secret_url
    return f"sqlite:///{default_database_path(environ)}"


def connect(url: str) -> Engine:
    """An engine for ``url``.  A SQLite file (and its folder) is made if missing and runs in WAL mode
    with a busy timeout, so readers never block the writer and writers wait their turn."""
    parsed = make_url(url)
    options: dict[str, Any] = {"pool_pre_ping": True}
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        options = {"connect_args": {"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False}}
        if not database or database == ":memory:":
            # One database in memory, shared by every thread through one connection (for tests and docs).
            options["poolclass"] = StaticPool
        else:
            if not database.startswith("file:"):
                Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            options.update(pool_size=20, max_overflow=40)
        engine = create_engine(parsed, **options)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(parsed, pool_size=10, max_overflow=50, pool_timeout=60, **options)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    return config


def head_revision() -> str:
    """The newest revision of the schema."""
    head = ScriptDirectory.from_config(_config(create_engine("sqlite://"))).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the database to ``revision`` (the newest by default), from empty or from any older revision."""
    config = _config(engine)
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


__all__ = [
    "DATABASE_FILE",
    "URL_VARIABLE",
    "connect",
    "current_revision",
    "database_url",
    "default_database_path",
    "head_revision",
    "migrate",
]
