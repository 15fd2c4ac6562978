"""How long a learner waits after ``streamlit run app.py``: the first page, then the card table.

    python benchmarks/start_time.py [--runs 5] [--table-page "Lessons?lesson=table&step=5"] [--json]

Each run starts ``streamlit run app.py`` the way the README does (headless, on a free loopback
port, the file watcher off) with its own SQLite file as ``HEARTS_DB_URL``, and drives Debian's
chromium (``/usr/bin/chromium``, through Playwright, launched once before the first run and never
timed) as a learner would:

* **first page**: the seconds from starting the server process to the home page drawn in the
  browser with its script finished (its heading visible and Streamlit's ``stApp`` marked
  ``data-test-script-state="notRunning"``).  Until the server answers ``/_stcore/health`` the
  benchmark asks again every 50 ms, as a learner pressing reload would; then it opens the home page.
* **card table**: the seconds more, from opening ``--table-page`` (by default a lesson step with
  a card table) to the table's cards drawn by the component (``.hat-card`` visible).

Two kinds of start, taking turns, ``--runs`` of each, and the median of each figure:

* **quiet start**: a new database file (the migrations run), nothing else of the app running;
* **restart**: the same database again, started as soon as the previous server has stopped.

The machine is shared, so the one-minute load average is printed with every run.  Run the README's
install step (``python -m hearts_core prepare``: numba's cache, the puzzle proofs) first: the
figures are what a learner meets after the install.  Targets (issue 23), on the 2-core machine:
first page under 3 s, the card table under 2 s more.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

from playwright.sync_api import Browser, Page, sync_playwright

ROOT: Final = Path(__file__).resolve().parents[1]
CHROMIUM: Final = "/usr/bin/chromium"
CHROMIUM_ARGS: Final = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: A run that takes longer than this has failed.
TIMEOUT: Final = 120.0
POLL: Final = 0.05
#: Loopback only: never through a proxy named in the environment.
_OPENER: Final = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass(frozen=True)
class Run:
    """One start: its kind, the figures in seconds (``health``: when ``/_stcore/health`` first answered,
    on the way to the first page), and the machine's load average before it."""

    kind: str
    health: float
    first_page: float
    card_table: float
    load: float


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _healthy(url: str) -> bool:
    try:
        with _OPENER.open(f"{url}/_stcore/health", timeout=1) as response:
            return bool(response.status == 200)
    except OSError:
        return False


class Server:
    """``streamlit run app.py`` in its own process group, with ``database`` as its progress file."""

    def __init__(self, database: Path, log: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = log.open("ab")
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
            env={**os.environ, "HEARTS_DB_URL": f"sqlite:///{database}"},
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_until_healthy(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not _healthy(self.url):
            if self.process.poll() is not None:
                raise RuntimeError("the server exited while starting (see its log)")
            if time.monotonic() > deadline:
                raise RuntimeError(f"no answer from {self.url} within {TIMEOUT:.0f} s")
            time.sleep(POLL)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        self._log.close()


def _settled(page: Page) -> None:
    """The page's script has run: the app is connected and Streamlit says no script is running."""
    page.wait_for_selector('[data-testid="stApp"][data-test-connection-state="CONNECTED"]')
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')


def one_start(browser: Browser, kind: str, database: Path, log: Path, table_page: str) -> Run:
    """Start a server on ``database``, time the home page and then the card table, stop the server."""
    load = os.getloadavg()[0]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT * 1000)
    started = time.perf_counter()
    server = Server(database, log)
    try:
        server.wait_until_healthy()
        health = time.perf_counter() - started
        page.goto(server.url)
        page.locator('[data-testid="stHeading"]').first.wait_for(state="visible")
        _settled(page)
        first_page = time.perf_counter() - started
        opened = time.perf_counter()
        page.goto(f"{server.url}/{table_page}")
        page.locator(".hat-card").first.wait_for(state="visible")
        card_table = time.perf_counter() - opened
    finally:
        context.close()
        server.stop()
    return Run(kind, health, first_page, card_table, load)


def measure(runs: int, table_page: str, folder: Path) -> list[Run]:
    """``runs`` quiet starts and ``runs`` restarts, taking turns; each restart reuses the database
    its quiet start made."""
    found: list[Run] = []
    log = folder / "server.log"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for number in range(runs):
                database = folder / f"progress-{number}.sqlite3"
                for kind in ("quiet start", "restart"):
                    run = one_start(browser, kind, database, log, table_page)
                    print(
                        f"{run.kind:<12} first page {run.first_page:5.2f} s (health {run.health:5.2f} s)   "
                        f"card table +{run.card_table:5.2f} s   (load {run.load:.2f})",
                        file=sys.stderr,
                    )
                    found.append(run)
        finally:
            browser.close()
    return found


def summary(found: list[Run]) -> dict[str, Any]:
    """The median of each figure by kind of start, with every run."""
    by_kind: dict[str, Any] = {}
    for kind in ("quiet start", "restart"):
        runs = [run for run in found if run.kind == kind]
        by_kind[kind] = {
            "health_median": round(statistics.median(run.health for run in runs), 2),
            "first_page_median": round(statistics.median(run.first_page for run in runs), 2),
            "card_table_median": round(statistics.median(run.card_table for run in runs), 2),
            "runs": [asdict(run) for run in runs],
        }
    return by_kind


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="starts of each kind (default 5)")
    parser.add_argument(
        "--table-page",
        default="Lessons?lesson=table&step=5",
        help="a page with a card table, as a path and query (default: the first lesson's fifth step)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("--keep", action="store_true", help="keep the databases and the servers' log")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="start_time_"))
    try:
        figures = summary(measure(args.runs, args.table_page, folder))
    finally:
        if args.keep:
            print(f"the servers' log: {folder / 'server.log'}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(figures))
        return 0
    for kind, numbers in figures.items():
        print(
            f"{kind}: first page {numbers['first_page_median']:.2f} s, card table "
            f"+{numbers['card_table_median']:.2f} s (median of {len(numbers['runs'])})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
