"""Issue 28, items 3 and 5 (the import's part), through the "Saved progress" page: hostile files loaded
as a learner would load them.  Each is refused with one short message naming the path of the bad value
in the file, no traceback reaches the page, what was saved stays, and the page keeps working (the
summary, the download, the deletion).  On the test run's SQLite file, and on PostgreSQL when
``HEARTS_TEST_PG_URL`` names one (where ``0001-01-01T00:00:00+14:00`` used to break the page for good)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.engine.rules import Ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.store import URL_VARIABLE
from hearts_core.store.codec import session_to_dict
from hearts_ui import storage
from hearts_ui.storage import Identity, store
from hearts_ui.texts import ui
from tests.app.page_state import kept
from tests.helpers import rendered
from tests.store.conftest import _fresh_postgres

ROOT = Path(__file__).resolve().parents[2]
PAGE = "pages/8_Saved_progress.py"
TIMEOUT = 60
HEAD = '{"format": "hearts-academy-progress", "version": 1, '
AT = "2026-12-01T10:00:00+00:00"


def _game_with_seat(seat: str) -> bytes:
    state = json.dumps(session_to_dict(PracticeSession.start(Ruleset(), level="random", seed=3)))
    state = state.replace('"seat": 0', f'"seat": {seat}')
    return (HEAD + f'"games": [{{"state": {state}, "started_at": "{AT}", "updated_at": "{AT}"}}]}}').encode()


#: (the file's name, its bytes, the path the message must name)
FILES = [
    ("deep.json", b"[" * 100_000 + b"]" * 100_000, "file"),
    ("digits.json", (HEAD + '"lessons": [{"lesson": "t", "step": ' + "7" * 4_400 + "}]}").encode(), "lessons[0].step"),
    ("seat.json", _game_with_seat("1e999"), "games[0].state.seat"),
    ("setting.json", (HEAD + '"settings": {"' + "n" * 80 + '": 1}}').encode(), "settings." + "n" * 40),
    ("nul.json", (HEAD + '"settings": {"look": "\\u0000"}}').encode(), "settings.look"),
    (
        "bc.json",
        (
            HEAD + '"lessons": [{"lesson": "t", "step": 1, "outcome": "seen", "at": "0001-01-01T00:00:00+14:00"}]}'
        ).encode(),
        "lessons[0].at",
    ),
    (
        "year9999.json",
        (HEAD + '"puzzles": [{"puzzle": "p", "kind": "reveal", "at": "9999-12-31T23:59:59-10:00"}]}').encode(),
        "puzzles[0].at",
    ),
]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The app's database for the test: the run's SQLite file, or an emptied PostgreSQL database."""
    if request.param == "postgresql":
        monkeypatch.setenv(URL_VARIABLE, _fresh_postgres())
        storage._store_for.cache_clear()
        storage.forget_cookie_keys()
    yield request.param
    if request.param == "postgresql":
        store().engine.dispose()
        storage._store_for.cache_clear()
        storage.forget_cookie_keys()


def _open() -> tuple[AppTest, str]:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception
    learner = kept(at, Identity).learner
    assert learner is not None
    return at, learner


def test_hostile_files_are_refused_with_their_path_and_the_page_keeps_working(database: str) -> None:
    at, learner = _open()
    assert store().engine.dialect.name == database
    store().record_lesson(learner, "passing", 3, "seen")
    store().save_setting(learner, "look", {"speed": "slow"})
    before = store().export(learner)
    for name, content, path in FILES:
        at.file_uploader(key="ha_upload").upload(name, content, "application/json").run()
        at.button(key="ha_load").click().run()
        assert not at.exception, (name, [item.value for item in at.exception])
        errors = [rendered(error.value) for error in at.error]
        assert len(errors) == 1 and path in errors[0], (name, errors)
        assert errors[0].startswith(ui("account.bad_file", problem="")), (name, errors)
        assert "Traceback" not in errors[0] and "sqlalchemy" not in errors[0].lower()
        assert {**store().export(learner), "exported_at": None} == {**before, "exported_at": None}, name
    at.run()  # the next visit: the page is drawn whole
    assert not at.exception and not at.error
    assert {metric.label: metric.value for metric in at.metric}[ui("account.lessons")] == "1"
    assert len(at.get("download_button")) == 1
    assert at.button(key="ha_forget").disabled is True  # the deletion is still offered
