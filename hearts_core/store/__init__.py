"""Keeping learners' progress in a database (SQLite by default, PostgreSQL for several servers).

:class:`ProgressStore` is the one module that reads and writes it; :mod:`.database` finds and
migrates the database; :mod:`.identity` makes and checks the learner's browser token;
:mod:`.codec` turns a practice game into JSON and back; :mod:`.progress_file` reads and checks an
uploaded progress file before anything of it is written.  Run the migrations by hand with
``python -m hearts_core.store upgrade`` (the app also runs them when it starts).
"""

from .codec import StoredDataError
from .database import URL_VARIABLE, connect, database_url, migrate
from .identity import COOKIE_LIFETIME, learner_key, new_token, signed, verified
from .progress import (
    CookieKeys,
    GameChangedError,
    ImportSummary,
    LearnerRevokedError,
    ProgressStore,
    PuzzleAttempt,
    SavedGame,
)
from .progress_file import read_progress_file

__all__ = [
    "COOKIE_LIFETIME",
    "URL_VARIABLE",
    "CookieKeys",
    "GameChangedError",
    "ImportSummary",
    "LearnerRevokedError",
    "ProgressStore",
    "PuzzleAttempt",
    "SavedGame",
    "StoredDataError",
    "connect",
    "database_url",
    "learner_key",
    "migrate",
    "new_token",
    "read_progress_file",
    "signed",
    "verified",
]
