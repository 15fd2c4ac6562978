"""In Debian's chromium, on a server with its own SQLite file (issue 28, items 5 and 8):

- forget-me deletes the learner and hands the browser a new learner cookie at once, the one the page
  goes on with: a table setting changed after the deletion is there after a reload, and the old cookie
  is refused by the server from then on;
- a save the database cannot take (another process holds SQLite's write lock past the busy timeout)
  is told to the learner in their language, with no traceback, and the page goes on once the database
  is back.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core.store import ProgressStore
from hearts_ui.storage import COOKIE
from hearts_ui.texts import ui
from tests.browser.conftest import StreamlitServer
from tests.browser.test_lessons_browser import HOW_MANY, TABLE, _answer, _button, _how_many_answer, _key, _url
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("forget") / "progress.sqlite3"


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory, database: Path) -> Iterator[StreamlitServer]:
    """A server on a database of this module's own (a test here holds its write lock)."""
    server = StreamlitServer(
        tmp_path_factory.mktemp("streamlit") / "server.log", env={"HEARTS_DB_URL": f"sqlite:///{database}"}
    )
    try:
        server.wait_until_ready()
        yield server
    finally:
        server.stop()


def _cookie(context: BrowserContext) -> str:
    return next(cookie["value"] for cookie in context.cookies() if cookie["name"] == COOKIE)


def _token(cookie: str) -> str:
    """The learner token of a cookie value (the server re-issues the value, with a new expiry, on
    every page)."""
    return cookie.split(".")[0]


def _learner(cookie: str) -> str:
    return hashlib.sha256(_token(cookie).encode()).hexdigest()


def _four_colour(page: Page) -> bool:
    """Whether the table settings' four-colour switch is on (the popover opened and closed)."""
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_test_id("stPopover").get_by_role("button").click()
    switch = page.locator(_key("ha_look_four")).locator("input")
    on = switch.is_checked()
    page.keyboard.press("Escape")
    return on


def _switch_four_colour(page: Page) -> None:
    page.get_by_test_id("stSidebar").get_by_test_id("stPopover").get_by_role("button").click()
    page.locator(_key("ha_look_four")).get_by_text(ui("table.four_colour")).click()
    _settled(page)
    page.keyboard.press("Escape")


def test_forget_me_gives_the_browser_its_new_learner_at_once(
    own_server: StreamlitServer, database: Path, page: Page
) -> None:
    page.goto(_url(own_server, lesson=TABLE.id, step=HOW_MANY))
    _settled(page)
    _answer(page, HOW_MANY, _how_many_answer())
    _settled(page)
    old = _cookie(page.context)
    store = ProgressStore.open(f"sqlite:///{database}")
    assert store.known(_learner(old))

    page.goto(f"{own_server.url}/Saved_progress")
    _settled(page)
    page.locator(_key("ha_forget_sure")).get_by_role("checkbox").check(force=True)
    _settled(page)
    _button(page, "ha_forget").click()
    expect(page.get_by_text(ui("account.forgotten"))).to_be_visible()
    deadline = time.monotonic() + 10
    while _token(_cookie(page.context)) == _token(old) and time.monotonic() < deadline:
        page.wait_for_timeout(200)  # not time.sleep: Playwright's sync API must keep the page's events going
    new = _cookie(page.context)
    assert _token(new) != _token(old), "the browser kept the deleted learner's cookie"
    assert not store.known(_learner(old)) and store.revoked(_learner(old))

    # The same page, not reloaded, goes on as the learner of the browser's new cookie.
    four = _four_colour(page)
    _switch_four_colour(page)
    _settled(page)
    assert store.settings(_learner(new))["table_look"]["four_colour"] is (not four)
    page.reload()
    _settled(page)
    assert _four_colour(page) is (not four)
    assert _token(_cookie(page.context)) == _token(new)
    _no_exception(page)

    # The old cookie, copied before the deletion, is refused: a page asked with it gets another learner.
    request = urllib.request.Request(f"{own_server.url}/", headers={"Cookie": f"{COOKIE}={old}"})
    with _OPENER.open(request, timeout=10) as response:
        issued = response.headers["Set-Cookie"]
    assert issued.startswith(f"{COOKIE}=") and _token(old) not in issued


def test_a_save_the_database_cannot_take_is_told_in_the_learner_s_language(
    own_server: StreamlitServer, database: Path, page: Page
) -> None:
    page.goto(_url(own_server, lesson=TABLE.id, step=HOW_MANY, lang="uk"))
    _settled(page)
    store = ProgressStore.open(f"sqlite:///{database}")
    learner = _learner(_cookie(page.context))
    deadline = time.monotonic() + 10
    while HOW_MANY - 1 not in store.lesson_progress(learner).get(TABLE.id, {}) and time.monotonic() < deadline:
        page.wait_for_timeout(100)  # the step's visit is saved: the lock below stops only the answer
    page.get_by_test_id("stRadio").get_by_text(_how_many_answer(), exact=True).click()
    _settled(page)
    lock = sqlite3.connect(database, timeout=1, isolation_level=None)
    try:
        lock.execute("BEGIN EXCLUSIVE")  # another process writing for longer than the busy timeout
        _button(page, f"ha_check_{HOW_MANY - 1}").click()
        message = ui("errors.database", "uk", reference="REF").split("REF")[0].strip()
        expect(page.get_by_text(re.compile(re.escape(message[:60])))).to_be_visible(timeout=30_000)
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    text = page.locator("body").inner_text()
    for leak in ("Traceback", "sqlite", "OperationalError", "locked", str(Path.cwd()), "site-packages"):
        assert leak not in text
    _no_exception(page)
    # The database is back: the button draws the page again, and the answer is saved this time.
    page.get_by_role("button", name=ui("errors.again", "uk")).click()
    _settled(page)
    _answer(page, HOW_MANY, _how_many_answer())
    _settled(page)
    expect(page.get_by_text(re.compile(re.escape(message[:60])))).to_have_count(0)
    deadline = time.monotonic() + 10  # the page may settle a moment before the rerun's save lands (a loaded machine)
    while store.lesson_progress(learner)[TABLE.id][HOW_MANY - 1] != "first" and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert store.lesson_progress(learner)[TABLE.id][HOW_MANY - 1] == "first"
