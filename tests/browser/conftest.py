"""Fixtures for the browser tests: a real ``streamlit run app.py`` and Debian's chromium.

Never downloads a browser: without /usr/bin/chromium every browser test is
skipped with the reason (CI installs chromium, so they run there).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_ui.storage import CLOCK_OFFSET_VARIABLE
from tests.chromium import CHROMIUM  # the session's browser fixture is in tests/conftest.py

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} not found: install Debian's chromium to run the browser tests")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class StreamlitServer:
    """``streamlit run app.py`` in its own process group, answering on ``url``."""

    def __init__(self, log_path: Path, env: dict[str, str] | None = None) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = log_path.open("wb")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                "app.py",
                "--server.headless",
                "true",
                "--server.port",
                str(self.port),
                "--server.address",
                "127.0.0.1",
                "--browser.gatherUsageStats",
                "false",
                "--server.fileWatcherType",
                "none",
            ],
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.log_path = log_path

    def wait_until_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"streamlit exited early:\n{self.log_path.read_text(errors='replace')}")
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        log = self.log_path.read_text(errors="replace")
        raise RuntimeError(f"streamlit did not answer within {START_TIMEOUT}s:\n{log}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self._log.close()


def _serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    server = StreamlitServer(tmp_path_factory.mktemp("streamlit") / "server.log")
    try:
        server.wait_until_ready()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    """One server shared by the tests that do not care about a fresh start."""
    yield from _serve(tmp_path_factory)


@pytest.fixture()
def fresh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    """A server nobody has asked anything yet: for first-request deep links."""
    yield from _serve(tmp_path_factory)


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where browser tests save screenshots: ``$HA_ARTIFACTS`` if set (CI keeps it),
    otherwise a pytest temporary folder.  ``artifacts/`` in the repository is ignored by git."""
    folder = os.environ.get("HA_ARTIFACTS")
    root = Path(folder) if folder else tmp_path_factory.mktemp("artifacts")
    root.mkdir(parents=True, exist_ok=True)
    return root


@pytest.fixture()
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture(scope="session")
def clock_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("clock") / "offset"
    path.write_text("0", encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def clock_server(tmp_path_factory: pytest.TempPathFactory, clock_file: Path) -> Iterator[StreamlitServer]:
    """A server whose clock the test moves (the same database as the others)."""
    server = StreamlitServer(
        tmp_path_factory.mktemp("streamlit") / "server.log", env={CLOCK_OFFSET_VARIABLE: str(clock_file)}
    )
    try:
        server.wait_until_ready()
        yield server
    finally:
        server.stop()
