"""In Debian's chromium, a server whose PostgreSQL goes away and comes back (issue 28, item 5).

The server reaches PostgreSQL through a TCP relay this test can cut, which is what a learner meets
when the database server stops: every connection drops and new ones are refused.  A page opened or
reloaded meanwhile is still served (it used to be a bare "Internal Server Error" from the cookie's
middleware) and says, in the learner's language, that the progress database did not answer, with the
menu beside it (the page failed before its frame drew the sidebar); nothing
of the failure (the database's host or port, the driver, SQL, a traceback) reaches the browser.  Once
the database is back, "Try again" draws the page.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from sqlalchemy import make_url

from hearts_ui.frame import PAGES
from hearts_ui.texts import ui
from tests.browser.conftest import StreamlitServer, _free_port
from tests.browser.test_pages import _no_exception, _settled
from tests.store.conftest import _fresh_postgres

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Relay:
    """A TCP relay from ``127.0.0.1:port`` to ``target``, which :meth:`cut` takes down (the open
    connections closed, new ones refused) and :meth:`restore` brings back on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = _free_port()
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._listener: socket.socket | None = None
        self.restore()

    def restore(self) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            listener, self._listener = self._listener, None
            open_sockets, self._sockets = self._sockets, []
        for sock in [*open_sockets, *([listener] if listener else [])]:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)


@pytest.fixture(scope="module")
def relay() -> Iterator[tuple[Relay, str]]:
    """The relay, and the test database's URL through it."""
    url = make_url(_fresh_postgres())
    relay = Relay((url.host or "127.0.0.1", url.port or 5432))
    try:
        yield relay, url.set(host="127.0.0.1", port=relay.port).render_as_string(hide_password=False)
    finally:
        relay.cut()


@pytest.fixture(scope="module")
def postgres_server(tmp_path_factory: pytest.TempPathFactory, relay: tuple[Relay, str]) -> Iterator[StreamlitServer]:
    server = StreamlitServer(tmp_path_factory.mktemp("streamlit") / "server.log", env={"HEARTS_DB_URL": relay[1]})
    try:
        server.wait_until_ready()
        yield server
    finally:
        server.stop()


def _leaks(relay: Relay) -> tuple[str, ...]:
    return ("Traceback", "psycopg", "OperationalError", "SQL", "127.0.0.1", str(relay.port), str(Path.cwd()))


def _database_message(lang: str) -> re.Pattern[str]:
    return re.compile(re.escape(ui("errors.database", lang, reference="REF").split("REF")[0].strip()[:60]))


@pytest.mark.parametrize(("lang", "width"), [("ru", 1366), ("uk", 390), ("en", 390)])
def test_a_page_opened_while_postgresql_is_down_says_so_and_comes_back(
    postgres_server: StreamlitServer, relay: tuple[Relay, str], page: Page, artifacts: Path, lang: str, width: int
) -> None:
    tcp = relay[0]
    page.set_viewport_size({"width": width, "height": 860})
    page.goto(f"{postgres_server.url}/Saved_progress?lang={lang}")
    _settled(page)
    expect(page.get_by_role("button", name=ui("account.download", lang))).to_be_visible()
    tcp.cut()
    try:
        # A page request is still answered (the cookie is not renewed), and the page says what failed.
        with _OPENER.open(f"{postgres_server.url}/Saved_progress", timeout=30) as response:
            assert response.status == 200
        page.reload()
        _settled(page)
        expect(page.get_by_text(_database_message(lang))).to_be_visible(timeout=30_000)
        page.screenshot(path=artifacts / f"database_down_{lang}_{width}.png")
        # The menu is there (folded away on a phone, a tap away).
        expect(page.get_by_test_id("stSidebar").get_by_test_id("stPageLink")).to_have_count(len(PAGES))
        text = page.locator("body").inner_text()
        for leak in _leaks(tcp):
            assert leak not in text, f"{leak!r} reached the learner's page"
        _no_exception(page)
    finally:
        tcp.restore()
    page.get_by_role("button", name=ui("errors.again", lang)).click()
    _settled(page)
    expect(page.get_by_role("button", name=ui("account.download", lang))).to_be_visible()
    expect(page.get_by_text(_database_message(lang))).to_have_count(0)
    _no_exception(page)


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if not os.environ.get("HEARTS_TEST_PG_URL"):
        pytest.skip("no PostgreSQL server: set HEARTS_TEST_PG_URL (`.ci/postgres start` prints one)")
