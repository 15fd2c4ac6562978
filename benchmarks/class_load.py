"""A class at once: simulated learners opening pages over Streamlit's own websocket protocol.

    python benchmarks/class_load.py --start one [--learners 50] [--seconds 90] [--think 2-6]
    python benchmarks/class_load.py --start stack [--processes N] [...]   # deploy/stack.py: nginx
    python benchmarks/class_load.py --url http://127.0.0.1:8501 [--pid PID ...] [...]
    --think 0: no think time; --warm-up: every page opened once per process first; --json: one line

A learner is what a browser does, without the browser; all learners run in one asyncio loop, on
loopback.  A learner arrives at a random moment within the first think time and opens its first
page by URL: an HTTP GET of the page, which answers with the ``ha_learner`` cookie set by the app's
middleware (every cookie is kept, as a browser would; nginx's sticky key is that cookie).  Then it
opens ``/_stcore/stream`` with those cookies, ``Origin`` and the ``streamlit`` subprotocol.  Every
page it opens is a rerun on that one session, as a browser navigating inside the app: a
``BackMsg.rerun_script`` whose ``ClientState`` carries the query string, the page (by ``page_name``,
the URL path, on the session's first run; after that by ``page_script_hash``, from the
``navigation`` message), the browser's context (en-US, UTC, light) and the hashes of the cached
messages it holds.  That cache is the browser's: a message marked cacheable (an element over
``global.minCachedMessageSize``, such as a card table) is kept and its hash sent with later reruns,
so the server sends a ``ref_hash`` instead; an entry unused for ``max_cached_message_age`` runs
(from ``new_session``) is dropped (the end of a fragment's run ages only that fragment's messages,
as in the browser).  Between pages a learner thinks for a uniform random 2-6 s.

The pages, equally likely: a random step of a random lesson (``Lessons?lesson=<id>&step=<n>``, from
``load_curriculum(LESSONS_DIR)``), Puzzles, Practice, Variant Lab.  After the first page the query
carries ``lang=en``, as the app's own links do.

What is measured:

* **page time**: from sending the rerun to the ``script_finished`` that ends it (a run stopped by
  ``st.rerun`` goes on to the run after it), p50, p95 (nearest rank) and max, over every page
  finished and per page; also the time to the run's first message, and a new tab's page GET plus
  websocket handshake;
* **actions per second**: pages finished / the time from the first arrival to the last page;
* **errors**, per page and by kind: an exception element in the page (counted on its own too; such
  a page is also among the pages finished), no ``script_finished`` within ``--timeout`` (30 s), a
  broken connection, a failed page GET or handshake, ``page_not_found``, a compile error, a
  ``ref_hash`` to a message the learner does not hold.  After any of these but an exception or a
  compile error the learner opens a new tab (a reload); the server goes on with an abandoned run;
* **server memory**: the RSS (``VmRSS`` in ``/proc/<pid>/status``) of every server process and its
  children, before the first learner connects, the maximum of one sample a second while the
  learners work, and ``--settle`` seconds (30) after the last learner closed its websocket.
  Streamlit keeps a disconnected session for ``server.disconnectedSessionTTL`` (120 s) in case the
  tab comes back, so the sessions may still be held then;
* **CPU**: the server's CPU time over the run, in cores and per page opened (finished or not: what a
  page costs, which with the cores bounds the pages a second); this script's own and the whole
  machine's (``/proc/stat``), with the load average, since everything shares the machine;
* **server script time**, when the server sends it: Streamlit's ``page_profile`` message (sent only
  with ``browser.gatherUsageStats`` on; ``--server-timing`` turns it on in a server started here,
  with ``HOME`` in its temporary folder for Streamlit's machine-id file) gives each run's
  ``exec_time`` in the script thread, its preparation included: the wait before the run starts and
  the sending of its messages are not in it, the waits for the GIL while it runs are;
* through the stack: how many sessions each Streamlit process held (nginx's ``X-Upstream``).

``--start one`` runs a fresh ``streamlit run app.py`` (headless, a free loopback port, a new SQLite
file as ``HEARTS_DB_URL``, file watcher off) and stops it at the end; ``--start stack`` starts
``deploy.stack.Stack`` on a free port with a temporary folder and database; ``--url`` targets a
server already running (``--pid`` names its processes for the memory and CPU figures).  Their logs'
tracebacks and error lines are counted after the run.  ``--warm-up`` first opens every page once on
every process, one tab at a time (not counted; memory then given fresh and after the warm-up).

Targets (the class-load issue), on this 2-core machine: p95 under 1.5 s for 50 learners on one
process and under 1.0 s through the stack, 0 errors, 0 exceptions, memory flat after the sessions
close.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any, Final, Protocol
from urllib.parse import urlsplit

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, WebSocketException
from websockets.typing import Origin, Subprotocol

ROOT: Final = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hearts_core.content.lessons import LESSONS_DIR, load_curriculum  # noqa: E402

#: The page kinds, in the order the table prints them: (kind, URL path, label).
PAGES: Final = (
    ("lesson", "Lessons", "lesson step"),
    ("puzzles", "Puzzles", "Puzzles"),
    ("practice", "Practice", "Practice"),
    ("lab", "Variant_Lab", "Variant Lab"),
)
START_TIMEOUT: Final = 90.0
#: The warm-up: a page's time limit, and when to stop looking for processes not yet warmed.
WARM_TIMEOUT: Final = 180.0
WARM_MISSES: Final = 8
WARM_MOST_TABS: Final = 40
SAMPLE_EVERY: Final = 1.0
#: Loopback only: never through a proxy named in the environment.
_OPENER: Final = urllib.request.build_opener(urllib.request.ProxyHandler({}))
MB: Final = 1024 * 1024


# -- the server's processes ---------------------------------------------------------------------


def process_tree(roots: Iterable[int]) -> set[int]:
    """The given processes and all their descendants that are alive now."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid for pid in roots if Path(f"/proc/{pid}").exists()]
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo.extend(children.get(pid, ()))
    return found


def rss_bytes(roots: Iterable[int]) -> int:
    """The summed resident set (VmRSS) of the processes and their children."""
    total = 0
    for pid in process_tree(roots):
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:  # gone between the listing and the read
            continue
    return total


def cpu_seconds(roots: Iterable[int]) -> float:
    """The user plus system CPU time of the processes and their children, so far."""
    ticks = 0
    for pid in process_tree(roots):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine has spent on anything but idling, so far (``/proc/stat``)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def load_average() -> float:
    """The machine's one-minute load average."""
    return float(Path("/proc/loadavg").read_text().split()[0])


class Target(Protocol):
    """What the benchmark needs of a server or a stack: where it answers and its processes."""

    @property
    def url(self) -> str: ...

    def process_ids(self) -> list[int]: ...

    def stop(self) -> None: ...

    def log_problems(self) -> list[str]: ...


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_healthy(url: str, alive: Callable[[], bool] | None = None, timeout: float = START_TIMEOUT) -> None:
    """Wait for ``/_stcore/health`` to answer 200 (``alive()`` false: the server died first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if alive is not None and not alive():
            raise RuntimeError(f"the server at {url} exited while starting")
        try:
            with _OPENER.open(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url}/_stcore/health did not answer within {timeout:.0f} s")


class OneServer:
    """A fresh ``streamlit run app.py`` on a free loopback port with its own SQLite database."""

    def __init__(self, server_timing: bool, options: Sequence[str] = ()) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="class_load_"))
        self.log_path = self.folder / "server.log"
        port = _free_port()
        self._url = f"http://127.0.0.1:{port}"
        self._log = self.log_path.open("wb")
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
                str(port),
                "--server.address",
                "127.0.0.1",
                "--browser.gatherUsageStats",
                "true" if server_timing else "false",
                "--server.fileWatcherType",
                "none",
                *(part for option in options for part in ("--" + option.split("=", 1)[0], option.split("=", 1)[1])),
            ],
            cwd=ROOT,
            env=self._environment(server_timing),
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_until_healthy(self._url, lambda: self.process.poll() is None)
        except RuntimeError:
            self.stop()
            print(self.log_path.read_text(errors="replace"), file=sys.stderr)
            raise

    def _environment(self, server_timing: bool) -> dict[str, str]:
        environment = {**os.environ, "HEARTS_DB_URL": f"sqlite:///{self.folder / 'progress.sqlite3'}"}
        if server_timing:  # usage stats on write ~/.streamlit/machine_id_v4: keep it in the temporary folder
            environment["HOME"] = str(self.folder)
        return environment

    @property
    def url(self) -> str:
        return self._url

    def process_ids(self) -> list[int]:
        return [self.process.pid]

    def log_problems(self) -> list[str]:
        return _problems_in(self.log_path.read_text(errors="replace"))

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        self._log.close()

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def _problems_in(log: str) -> list[str]:
    """The tracebacks and ERROR lines of a server log, one line each."""
    lines = log.splitlines()
    found = []
    for number, line in enumerate(lines):
        if line.startswith("Traceback"):
            last = next((later for later in lines[number + 1 :] if later and not later.startswith(" ")), "")
            found.append(f"Traceback: {last}")
        elif re.search(r"\bERROR\b|\[error\]|\[crit\]|\[alert\]|\[emerg\]", line):
            found.append(line.strip())
    return found


class RunningServer:
    """A server or stack someone else started: its URL, and the processes named with ``--pid``."""

    def __init__(self, url: str, pids: Sequence[int]) -> None:
        self._url = url.rstrip("/")
        self._pids = list(pids)
        wait_until_healthy(self._url, timeout=10)

    @property
    def url(self) -> str:
        return self._url

    def process_ids(self) -> list[int]:
        return self._pids

    def log_problems(self) -> list[str]:
        return []

    def stop(self) -> None:
        pass


class StackTarget:
    """``deploy.stack.Stack`` (start(), stop(), url, pids) on a free port, its folder and database temporary."""

    def __init__(self, processes: int | None) -> None:
        try:
            from deploy.stack import Stack
        except ImportError as error:
            raise SystemExit(
                f"--start stack needs deploy/stack.py with a Stack class (start(), stop(), url, pids): {error}"
            ) from error
        self.folder = Path(tempfile.mkdtemp(prefix="class_load_stack_"))
        self.stack = Stack(processes=processes, port=_free_port(), folder=self.folder)
        self.stack.start()
        wait_until_healthy(self.url)

    @property
    def url(self) -> str:
        return str(self.stack.url).rstrip("/")

    def process_ids(self) -> list[int]:
        pids = self.stack.pids  # {name: pid}; its children (nginx's workers) are counted with it
        return [int(pid) for pid in (pids.values() if isinstance(pids, dict) else pids)]

    def log_problems(self) -> list[str]:
        return [
            problem
            for log in sorted(self.folder.glob("**/*.log"))
            for problem in _problems_in(log.read_text(errors="replace"))
        ]

    def stop(self) -> None:
        self.stack.stop()

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


# -- one learner --------------------------------------------------------------------------------


@dataclass
class Figures:
    """What every learner adds to: the samples and the counts."""

    pages: list[tuple[str, float]] = field(default_factory=list)  # (kind, seconds)
    first_message: list[float] = field(default_factory=list)
    connects: list[float] = field(default_factory=list)
    server_exec: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    error_samples: list[str] = field(default_factory=list)
    cache_refs: int = 0
    auto_reruns: int = 0
    upstreams: Counter[str] = field(default_factory=Counter)
    page_errors: Counter[str] = field(default_factory=Counter)  # by page kind
    first_arrival: float = float("inf")
    last_page: float = 0.0

    def error(self, page: str, kind: str, detail: str) -> None:
        self.page_errors[page] += 1
        self.errors[kind] += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(f"{kind}: {detail}"[:300])


@dataclass(frozen=True)
class Page:
    """A page to open: its kind, URL path and query string (without ``lang``)."""

    kind: str
    path: str
    query: str


class Problem(Exception):
    """An action that ended badly, by kind (``timeout``, ``broken``, ``exception``...)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def random_page(rng: random.Random, lessons: Sequence[tuple[str, int]]) -> Page:
    kind, path, _ = rng.choice(PAGES)
    if kind != "lesson":
        return Page(kind, path, "")
    lesson, steps = rng.choice(lessons)
    return Page(kind, path, f"lesson={lesson}&step={rng.randint(1, steps)}")


def _cookies_from(headers: Iterable[tuple[str, str]], jar: dict[str, str]) -> None:
    for name, value in headers:
        if name.lower() != "set-cookie":
            continue
        parsed: SimpleCookie = SimpleCookie()
        try:
            parsed.load(value)
        except CookieError:
            continue
        jar.update({key: morsel.value for key, morsel in parsed.items()})


def _ssl_for(scheme: str) -> ssl.SSLContext | None:
    if scheme not in ("https", "wss"):
        return None
    context = ssl.create_default_context()
    context.check_hostname = False  # a loopback benchmark: a self-signed certificate is fine
    context.verify_mode = ssl.CERT_NONE
    return context


async def http_get(url: str, jar: dict[str, str], timeout: float) -> int:
    """GET a page as a browser's address bar does; keeps the cookies it sets and returns the status."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    async with asyncio.timeout(timeout):
        reader, writer = await asyncio.open_connection(parts.hostname, port, ssl=_ssl_for(parts.scheme))
        try:
            target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
            lines = [f"GET {target} HTTP/1.1", f"Host: {parts.netloc}", "Accept: text/html", "Connection: close"]
            if jar:
                lines.append("Cookie: " + "; ".join(f"{key}={value}" for key, value in jar.items()))
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            await reader.read()  # the page itself, to the end
        finally:
            writer.close()
    headers = [
        (name.strip(), value.strip()) for name, colon, value in (line.partition(":") for line in head[1:]) if colon
    ]
    _cookies_from(headers, jar)
    return int(head[0].split()[1])


class Learner:
    """One simulated learner: one browser tab, one websocket session at a time."""

    def __init__(
        self,
        base: str,
        lessons: Sequence[tuple[str, int]],
        rng: random.Random,
        figures: Figures,
        think: tuple[float, float],
        timeout: float,
    ) -> None:
        self.base = base
        self.lessons = lessons
        self.rng = rng
        self.figures = figures
        self.think = think
        self.timeout = timeout
        self.jar: dict[str, str] = {}
        self.socket: ClientConnection | None = None
        self.page_hashes: dict[str, str] = {}
        #: The browser's cache of messages: hash -> (the run count when it was last used, the fragment that sent it).
        self.cache: dict[str, tuple[int, str]] = {}
        self.runs = 0
        self.max_cache_age = 2
        self.exceptions: list[str] = []  # of the run being read
        self.server_exec = 0.0

    async def live(self, deadline: float) -> None:
        """Arrive, then open pages with think time between them until the deadline."""
        await asyncio.sleep(self.rng.uniform(0.0, self.think[1]))
        self.figures.first_arrival = min(self.figures.first_arrival, time.perf_counter())
        try:
            while time.perf_counter() < deadline:
                page = random_page(self.rng, self.lessons)
                try:
                    first = self.socket is None
                    if first:
                        await self.connect(page)
                    await self.open(page, first)
                except Problem as problem:
                    self.figures.error(page.kind, problem.kind, problem.detail)
                    if problem.kind != "compile_error":  # the run's messages not all read: a new tab
                        await self.disconnect()
                pause = self.rng.uniform(*self.think)
                await asyncio.sleep(min(pause, max(0.0, deadline - time.perf_counter())))
        finally:
            await self.disconnect()

    def url_of(self, page: Page, lang: bool) -> str:
        query = "&".join(part for part in (page.query, "lang=en" if lang else "") if part)
        return f"{self.base}/{page.path}" + (f"?{query}" if query else "")

    async def connect(self, page: Page) -> None:
        """Open the page by URL (its cookies), then the session's websocket, as a new tab does."""
        began = time.perf_counter()
        ws_base = "ws" + self.base.removeprefix("http")
        try:
            status = await http_get(self.url_of(page, lang=False), self.jar, self.timeout)
            if status != 200:
                raise Problem("connect", f"GET /{page.path} answered {status}")
            cookie = "; ".join(f"{key}={value}" for key, value in self.jar.items())
            self.socket = await connect(
                f"{ws_base}/_stcore/stream",
                origin=Origin(self.base),
                subprotocols=[Subprotocol("streamlit")],
                additional_headers={"Cookie": cookie} if cookie else None,
                max_size=None,
                proxy=None,
                ping_interval=None,
                open_timeout=self.timeout,
                ssl=_ssl_for(ws_base.split(":")[0]),
                user_agent_header="class_load.py (Hearts Academy benchmark)",
            )
        except (
            OSError,
            EOFError,
            ValueError,
            IndexError,
            asyncio.LimitOverrunError,
            InvalidHandshake,
            WebSocketException,
        ) as error:  # TimeoutError is an OSError; a garbled answer a ValueError
            raise Problem("connect", f"{type(error).__name__}: {error}") from error
        self.figures.connects.append(time.perf_counter() - began)
        response = self.socket.response
        upstream = response.headers.get("X-Upstream") if response is not None else None
        if upstream:
            self.figures.upstreams[upstream] += 1
        self.page_hashes.clear()
        self.cache.clear()
        self.runs = 0

    async def disconnect(self) -> None:
        if self.socket is not None:
            socket_, self.socket = self.socket, None
            try:
                async with asyncio.timeout(5):
                    await socket_.close()
            except (OSError, TimeoutError, WebSocketException):
                pass

    def rerun_message(self, page: Page, first: bool) -> bytes:
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.url_of(page, lang=not first).partition("?")[2]
        page_hash = self.page_hashes.get(page.path)
        if page_hash and not first:
            state.page_script_hash = page_hash
        else:
            state.page_name = page.path
        state.cached_message_hashes.extend(self.cache)
        context = state.context_info
        context.timezone, context.timezone_offset, context.locale = "UTC", 0, "en-US"
        context.url, context.is_embedded, context.color_scheme = self.url_of(page, not first), False, "light"
        return bytes(message.SerializeToString())

    async def open(self, page: Page, first: bool) -> None:
        """One page: the rerun sent, every message read until the run has finished."""
        assert self.socket is not None
        began = time.perf_counter()
        first_message: float | None = None
        self.exceptions, self.server_exec = [], 0.0
        try:
            async with asyncio.timeout(self.timeout):
                await self.socket.send(self.rerun_message(page, first))
                while True:
                    data = await self.socket.recv(decode=False)
                    if first_message is None:
                        first_message = time.perf_counter() - began
                    if self.take(ForwardMsg.FromString(data), page):
                        break
        except TimeoutError as error:
            raise Problem("timeout", f"/{page.path}?{page.query}: not finished in {self.timeout:.0f} s") from error
        except (OSError, WebSocketException) as error:
            raise Problem("broken", f"/{page.path}?{page.query}: {type(error).__name__}: {error}") from error
        elapsed = time.perf_counter() - began
        self.figures.pages.append((page.kind, elapsed))
        self.figures.first_message.append(first_message if first_message is not None else elapsed)
        self.figures.last_page = max(self.figures.last_page, time.perf_counter())
        if self.server_exec:
            self.figures.server_exec.append(self.server_exec)
        for text in self.exceptions:
            self.figures.error(page.kind, "exception", f"/{page.path}?{page.query}: {text}")

    def take(self, message: ForwardMsg, page: Page) -> bool:
        """One message from the server, kept as a browser keeps it (the cache of messages, the pages'
        hashes) and counted (exceptions, server time); true when it ends a run (a run stopped by
        ``st.rerun`` does not: the run after it does).  As the browser's cache does, the end of a
        fragment's run ages only the messages that fragment sent."""
        kind = message.WhichOneof("type")
        if kind == "delta":
            if message.metadata.cacheable:
                self.cache[message.hash] = (self.runs, self.cache.get(message.hash, (0, message.delta.fragment_id))[1])
            element = message.delta.new_element
            if message.delta.HasField("new_element") and element.WhichOneof("type") == "exception":
                self.exceptions.append(f"{element.exception.type}: {element.exception.message}")
        elif kind == "ref_hash":
            if message.ref_hash not in self.cache:
                raise Problem("cache", f"ref_hash {message.ref_hash}: a message this learner lacks")
            self.cache[message.ref_hash] = (self.runs, self.cache[message.ref_hash][1])
            self.figures.cache_refs += 1
        elif kind == "new_session":
            self.max_cache_age = message.new_session.config.max_cached_message_age or 2
        elif kind == "navigation":
            self.page_hashes = {
                app_page.url_pathname: app_page.page_script_hash for app_page in message.navigation.app_pages
            }
        elif kind == "page_profile":
            self.server_exec += message.page_profile.exec_time / 1e6  # the whole run, preparation included
        elif kind == "page_not_found":
            raise Problem("page_not_found", f"/{page.path}: {message.page_not_found.page_name}")
        elif kind == "auto_rerun":
            self.figures.auto_reruns += 1
        elif kind == "script_finished":
            status = message.script_finished
            if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                return False  # st.rerun: the page is the run that follows
            self.runs += 1
            fragments = set(message.metadata.run.fragment_ids)
            self.cache = {
                key: (used, fragment)
                for key, (used, fragment) in self.cache.items()
                if self.runs - used <= self.max_cache_age or (fragments and fragment not in fragments)
            }
            if status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                raise Problem("compile_error", f"/{page.path}")
            return True
        return False


# -- the run ------------------------------------------------------------------------------------


def lessons_and_steps() -> list[tuple[str, int]]:
    curriculum = load_curriculum(LESSONS_DIR)
    return [(lesson.id, len(lesson.steps)) for lesson in curriculum.ordered()]


async def warm_up(url: str, lessons: Sequence[tuple[str, int]], timeout: float) -> list[dict[str, Any]]:
    """Every page opened once on every server process, one tab at a time, before the class arrives.

    Behind nginx a new tab lands on the process its new cookie hashes to: tabs are opened until
    ``WARM_MISSES`` in a row land on processes already warmed.  Returns (process, page, seconds or
    the error) for each page opened."""
    warmed: set[str] = set()
    opened: list[dict[str, Any]] = []
    misses = tabs = 0
    first_lesson = Page("lesson", "Lessons", f"lesson={lessons[0][0]}&step=1")
    pages = [first_lesson] + [Page(kind, path, "") for kind, path, _ in PAGES if kind != "lesson"]
    while misses < WARM_MISSES and tabs < WARM_MOST_TABS:
        tabs += 1
        figures = Figures()
        tab = Learner(url, lessons, random.Random(tabs), figures, (0.0, 0.0), timeout)
        process: str | None = None
        try:
            await tab.connect(first_lesson)
            process = next(iter(figures.upstreams), "")
            if process in warmed:
                misses += 1
                continue
            misses = 0
            warmed.add(process)
            for number, page in enumerate(pages):
                began, errors = time.perf_counter(), figures.error_samples[:]
                try:
                    await tab.open(page, first=number == 0)
                    opened.append(
                        {
                            "process": process,
                            "page": page.kind,
                            "seconds": time.perf_counter() - began,
                            "error": figures.error_samples[-1] if figures.error_samples != errors else None,
                        }
                    )
                except Problem as problem:
                    opened.append({"process": process, "page": page.kind, "seconds": None, "error": str(problem)})
                    break
        except Problem as problem:
            misses += 1
            opened.append({"process": "?", "page": "new tab", "seconds": None, "error": str(problem)})
        finally:
            await tab.disconnect()
        if process == "":
            break  # no X-Upstream: one server, warmed
    return opened


async def run_class(
    target: Target,
    learners: int,
    seconds: float,
    think: tuple[float, float],
    timeout: float,
    settle: float,
    seed: int,
    warm: bool,
) -> dict[str, Any]:
    """The whole measurement against one target; returns the figures."""
    pids = target.process_ids()
    lessons = lessons_and_steps()
    figures = Figures()
    memory_fresh = rss_bytes(pids)
    warmed = await warm_up(target.url, lessons, max(timeout, WARM_TIMEOUT)) if warm else []
    memory_before = rss_bytes(pids)
    server_cpu_before = cpu_seconds(pids)
    own_cpu_before = time.process_time()
    machine_before, load_before = machine_busy_seconds(), load_average()
    peak = [memory_before]
    stop_sampling = asyncio.Event()

    async def sample() -> None:
        while not stop_sampling.is_set():
            peak[0] = max(peak[0], rss_bytes(pids))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop_sampling.wait(), SAMPLE_EVERY)

    sampler = asyncio.create_task(sample())
    began = time.perf_counter()
    deadline = began + seconds
    rng = random.Random(seed)
    crowd = [
        Learner(target.url, lessons, random.Random(rng.random()), figures, think, timeout) for _ in range(learners)
    ]
    await asyncio.gather(*(learner.live(deadline) for learner in crowd))
    closed = time.perf_counter()
    stop_sampling.set()
    await sampler
    peak[0] = max(peak[0], rss_bytes(pids))
    server_cpu = cpu_seconds(pids) - server_cpu_before
    own_cpu = time.process_time() - own_cpu_before
    machine = machine_busy_seconds() - machine_before
    load_after = load_average()
    await asyncio.sleep(settle)
    memory_after = rss_bytes(pids)

    times = sorted(seconds_ for _, seconds_ in figures.pages)
    active = max(figures.last_page - figures.first_arrival, 1e-9) if times else seconds
    page = _spread(times)
    return {
        "url": target.url,
        "learners": learners,
        "seconds": seconds,
        "think": list(think),
        "actions": len(times),
        "actions_per_second": len(times) / active,
        "page_p50_s": page["p50"],
        "page_p95_s": page["p95"],
        "page_max_s": page["max"],
        "per_page": {
            kind: {**_spread(sorted(s for k, s in figures.pages if k == kind)), "errors": figures.page_errors[kind]}
            for kind, _, _ in PAGES
        },
        "first_message": _spread(sorted(figures.first_message)),
        "connect": _spread(sorted(figures.connects)),
        "server_exec": _spread(sorted(figures.server_exec)),
        "errors": sum(figures.errors.values()),
        "exceptions": figures.errors["exception"],
        "errors_by_kind": dict(figures.errors),
        "error_samples": figures.error_samples,
        "cache_refs": figures.cache_refs,
        "auto_reruns": figures.auto_reruns,
        "upstreams": dict(figures.upstreams),
        "server_processes": len(process_tree(pids)),
        "warm_up": warmed,
        "memory_fresh_mb": memory_fresh / MB if pids else None,
        "memory_before_mb": memory_before / MB if pids else None,
        "memory_max_mb": peak[0] / MB if pids else None,
        "memory_after_mb": memory_after / MB if pids else None,
        "settle_s": settle,
        "server_cpu_cores": server_cpu / (closed - began) if pids else None,
        "server_cpu_per_page_s": server_cpu / max(len(times) + sum(figures.page_errors.values()), 1) if pids else None,
        "load_generator_cpu_cores": own_cpu / (closed - began),
        "machine_cpu_cores": machine / (closed - began),
        "load_average": [load_before, load_after],
    }


def _spread(ordered: Sequence[float]) -> dict[str, float | None]:
    """p50, p95 (nearest rank, as the other benchmarks) and max of sorted samples."""
    if not ordered:
        return {"p50": None, "p95": None, "max": None, "count": 0}
    return {
        "p50": ordered[int(0.5 * (len(ordered) - 1))],
        "p95": ordered[int(0.95 * (len(ordered) - 1))],
        "max": ordered[-1],
        "count": len(ordered),
    }


# -- the report ---------------------------------------------------------------------------------


def _s(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _mb(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0f} MB"


def report(figures: dict[str, Any], where: str, log_problems: Sequence[str]) -> str:
    think = figures["think"]
    think_text = "none" if think[1] == 0 else f"{think[0]:g}-{think[1]:g} s"
    lines = [
        f"Class load: {figures['learners']} learners, think time {think_text}, {figures['seconds']:g} s, "
        f"against {where} ({figures['url']})",
        f"  {'page':<14}{'actions':>8}{'p50 s':>8}{'p95 s':>8}{'max s':>8}{'errors':>8}",
    ]
    for kind, _, label in PAGES:
        row = figures["per_page"][kind]
        lines.append(
            f"  {label:<14}{row['count']:>8}{_s(row['p50']):>8}{_s(row['p95']):>8}{_s(row['max']):>8}{row['errors']:>8}"
        )
    lines.append(
        f"  {'all':<14}{figures['actions']:>8}{_s(figures['page_p50_s']):>8}"
        f"{_s(figures['page_p95_s']):>8}{_s(figures['page_max_s']):>8}{figures['errors']:>8}"
    )
    if figures["warm_up"]:
        by_process: dict[str, list[str]] = {}
        for item in figures["warm_up"]:
            shown = item["error"] or f"{item['seconds']:.1f} s"
            by_process.setdefault(item["process"] or "the server", []).append(f"{item['page']} {shown}")
        lines.append(
            "  warm-up before the learners (not counted): "
            + "; ".join(f"{process}: {', '.join(pages)}" for process, pages in by_process.items())
        )
    first, new_tab, server = figures["first_message"], figures["connect"], figures["server_exec"]
    lines.append(
        f"  actions per second {figures['actions_per_second']:.2f}; first message of a page "
        f"p50 {_s(first['p50'])} s, p95 {_s(first['p95'])} s; "
        f"new tab (GET + websocket) p50 {_s(new_tab['p50'])} s, p95 {_s(new_tab['p95'])} s"
    )
    if server["count"]:
        lines.append(
            f"  server script time (page_profile exec_time) p50 {_s(server['p50'])} s, "
            f"p95 {_s(server['p95'])} s, max {_s(server['max'])} s"
        )
    kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(figures["errors_by_kind"].items()))
    lines.append(
        f"  errors {figures['errors']} ({kinds or 'none'}); exceptions {figures['exceptions']}; "
        f"cached messages answered by reference {figures['cache_refs']}"
    )
    lines.extend(f"    {sample}" for sample in figures["error_samples"])
    lines.append(
        f"  server memory ({figures['server_processes']} processes): "
        + (f"fresh {_mb(figures['memory_fresh_mb'])}, after the warm-up " if figures["warm_up"] else "before ")
        + f"{_mb(figures['memory_before_mb'])}, max during {_mb(figures['memory_max_mb'])}, "
        f"{figures['settle_s']:g} s after the last close {_mb(figures['memory_after_mb'])}"
    )
    server_cpu = figures["server_cpu_cores"]
    cores = "n/a" if server_cpu is None else f"{server_cpu:.2f}"
    lines.append(
        f"  CPU while the learners worked: server {cores} cores, "
        f"this script {figures['load_generator_cpu_cores']:.2f}, the whole machine "
        f"{figures['machine_cpu_cores']:.2f} (of {os.cpu_count()}); load average "
        f"{figures['load_average'][0]:.1f} at the start, {figures['load_average'][1]:.1f} at the end"
    )
    if figures["server_cpu_per_page_s"] is not None:
        lines.append(f"  server CPU per page opened (finished or not) {figures['server_cpu_per_page_s']:.2f} s")
    if figures["upstreams"]:
        lines.append(
            "  learners' sessions per process: "
            + ", ".join(f"{name} {count}" for name, count in sorted(figures["upstreams"].items()))
        )
    if figures["auto_reruns"]:
        lines.append(f"  note: {figures['auto_reruns']} auto_rerun messages (fragments with run_every) not followed")
    if log_problems:
        lines.append(f"  server log: {len(log_problems)} tracebacks or error lines, the first: {log_problems[0]}")
    return "\n".join(lines)


def parse_think(text: str) -> tuple[float, float]:
    """``2-6`` -> (2, 6); ``0`` or ``3`` -> a fixed time."""
    low, _, high = text.partition("-")
    bounds = (float(low), float(high or low))
    if bounds[0] < 0 or bounds[1] < bounds[0]:
        raise argparse.ArgumentTypeError(f"think time {text!r}: give LOW-HIGH seconds, e.g. 2-6, or 0")
    return bounds


def server_option(text: str) -> str:
    """``section.name=value``, as ``streamlit run --section.name value`` takes it."""
    if not re.fullmatch(r"\w+\.\w+=.*", text):
        raise argparse.ArgumentTypeError(f"{text!r}: give a Streamlit option as section.name=value")
    return text


def finish(target: Target, figures: dict[str, Any], render: Callable[[list[str]], str], as_json: bool) -> None:
    """Print the figures as ``render`` writes them given the server logs' problems (and, with
    ``as_json``, one JSON line); remove a server's folder this script made unless its logs show problems."""
    problems = target.log_problems()
    figures["server_log_problems"] = len(problems)
    print(render(problems))
    if isinstance(target, OneServer | StackTarget):
        if problems:
            print(f"  the server's logs and database are kept in {target.folder}")
        else:
            target.remove()
    if as_json:
        print(json.dumps(figures))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="a running server or stack, e.g. http://127.0.0.1:8501")
    where.add_argument("--start", choices=("one", "stack"), help="start a fresh server (one) or deploy.stack.Stack")
    parser.add_argument(
        "--pid",
        type=int,
        action="append",
        default=[],
        help="with --url: a server process whose memory to report (repeat for several)",
    )
    parser.add_argument("--learners", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--think", type=parse_think, default=(2.0, 6.0), help="LOW-HIGH seconds, or 0")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds a page may take before it is an error")
    parser.add_argument("--settle", type=float, default=30.0, help="seconds after the last close to measure memory")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--warm-up",
        action="store_true",
        help="open every page once on every server process before the learners come (not timed)",
    )
    parser.add_argument(
        "--server-timing",
        action="store_true",
        help="with --start one: browser.gatherUsageStats on, so each run reports its server time",
    )
    parser.add_argument("--processes", type=int, help="with --start stack: Streamlit processes (default: the stack's)")
    parser.add_argument(
        "--server-option",
        type=server_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="with --start one: a Streamlit option, e.g. runner.postScriptGC=false (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    options = parser.parse_args()

    target: Target
    if options.url:
        target, where_text = RunningServer(options.url, options.pid), "a running server"
    elif options.start == "one":
        target, where_text = OneServer(options.server_timing, options.server_option), "one fresh process"
        if options.server_option:
            where_text += " with " + ", ".join(options.server_option)
    else:
        target, where_text = StackTarget(options.processes), "the nginx stack"
    try:
        figures = asyncio.run(
            run_class(
                target,
                options.learners,
                options.seconds,
                options.think,
                options.timeout,
                options.settle,
                options.seed,
                options.warm_up,
            )
        )
    finally:
        target.stop()
    finish(target, figures, lambda problems: report(figures, where_text, problems), options.json)


if __name__ == "__main__":
    main()
