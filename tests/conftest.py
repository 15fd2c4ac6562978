"""The whole test run keeps progress in its own SQLite file, never in the user's database.

``HEARTS_DB_URL`` is set here before any app code reads it, so AppTest sessions and the browser
tests' servers (which inherit the environment) write to a fresh file in a temporary folder.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hearts_core.store import URL_VARIABLE

_FOLDER = Path(tempfile.mkdtemp(prefix="hearts-academy-tests-"))
os.environ[URL_VARIABLE] = f"sqlite:///{_FOLDER / 'progress.sqlite3'}"

# Every test sees the engine as a served app does once it is warm: on the compiled kernel when numba
# is installed (tests that need the kernel as plain Python ask for it explicitly).
from hearts_core.search import fast  # noqa: E402

fast.warm()
