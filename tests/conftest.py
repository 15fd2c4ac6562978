"""The whole test run keeps progress in its own SQLite file, never in the user's database, and
proves the puzzle library at most once.

``HEARTS_DB_URL`` is set here before any app code reads it, so AppTest sessions and the browser
tests' servers (which inherit the environment) write to a fresh file in a temporary folder.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core.content.proofs import PROOFS_FILE, PROOFS_VARIABLE, read_book, write_book
from hearts_core.content.puzzles import PROVE_COMMAND, PUZZLES_DIR, load_library
from hearts_core.store import URL_VARIABLE
from tests.chromium import launched_browser

if TYPE_CHECKING:
    from playwright.sync_api import Browser

_FOLDER = Path(tempfile.mkdtemp(prefix="hearts-academy-tests-"))
os.environ[URL_VARIABLE] = f"sqlite:///{_FOLDER / 'progress.sqlite3'}"

# Every test sees the engine as a served app does once it is warm: on the compiled kernel when numba
# is installed (tests that need the kernel as plain Python ask for it explicitly).
from hearts_core.search import fast  # noqa: E402

fast.warm()


def pytest_configure(config: pytest.Config) -> None:
    """Before any test, in the main process only (xdist's workers inherit what it sets): make sure no
    process of the run has to prove the puzzle library.  With a current ``lessons/puzzles/proofs.json``
    there is nothing to do.  With a stale one (a puzzle or the engine changed since it was written), the
    library is proven once here, what it lacked is written to the run's own book, and
    ``$HEARTS_PUZZLE_PROOFS`` points every test, worker and test server at it; a warning names the command
    that brings the committed file up to date (``tests/content/test_puzzle_proofs.py`` fails until then)."""
    if hasattr(config, "workerinput") or PROOFS_VARIABLE in os.environ:
        return
    book = read_book(PUZZLES_DIR / PROOFS_FILE)
    load_library(PUZZLES_DIR, book)
    if book.current:
        return
    path = _FOLDER / PROOFS_FILE
    write_book(path, book)
    os.environ[PROOFS_VARIABLE] = str(path)
    config.issue_config_time_warning(
        pytest.PytestWarning(
            f"lessons/puzzles/{PROOFS_FILE} is stale: this run proved {book.computed} answers once, into {path}; "
            f"run `{PROVE_COMMAND}` and commit the file"
        ),
        stacklevel=2,
    )


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """The session's one Chromium (see tests/chromium.py: a second sync Playwright cannot start)."""
    yield from launched_browser()
