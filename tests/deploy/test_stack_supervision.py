"""The stack keeps serving when a process dies (issue 28, item 2): ``deploy/stack.py``'s supervisor and
nginx's failover, with real processes killed by ``kill -9``.

One stack of two Streamlit processes behind Debian's nginx, on free loopback ports with a new SQLite
file, for the whole module (the tests run in order; each leaves the stack whole again, but the last,
which stops it).  Its ``python`` is a wrapper that runs the project's Python unless a file ``die`` lies
beside it: then it exits at once, as a process that crashes at start would.

- Under the load of 8 learners (each its own learner cookie and thread, asking for ``/``, the health
  endpoint and a static file in a loop), one process is killed: no learner on the other process loses
  a request, the dead process's learners are answered by the live one meanwhile, the dead process
  comes back on its port and gets its learners back, and the other process and nginx were never
  stopped.
- A learner whose process was killed opens a new websocket with the same cookie: it reaches the live
  process, which runs the home page for the same learner.
- A process that dies at start every time is restarted after 1 s, then 2 s, then 4 s: it does not spin.
- nginx killed is started again, its orphaned workers ended first.
- ``python deploy/stack.py`` restarts a killed process and stops everything on SIGTERM.
- ``Stack.stop()`` right after a death stops everything, and nothing is started after it.
"""

from __future__ import annotations

import functools
import http.client
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from deploy.stack import (
    FIRST_RESTART_DELAY,
    NGINX,
    ROOT,
    Stack,
    free_port,
    healthy,
)
from hearts_ui.storage import COOKIE
from tests.deploy.stack_client import answered_by, get, learner_token, new_learner, run_home_page

pytestmark = [pytest.mark.deploy, pytest.mark.slow]  # a whole stack of servers: the full run's
NO_NGINX = f"{NGINX} not found: install Debian's nginx (apt-get install nginx) to test the stack"
LEARNERS_PER_PROCESS = 4
#: What a learner's browser asks for again and again: the page, the health check, a static file (1 KB).
PATHS = ("/", "/_stcore/health", "/favicon.png")
#: Time enough for a killed process to be restarted and answer on a busy two-core machine (it takes
#: about FIRST_RESTART_DELAY + 4 s on a quiet one).
BACK_WITHIN = 60.0
#: nginx's fail_timeout (SERVER_PARAMETERS) and some: when a process that is back gets its learners again.
REJOINS_WITHIN = 30.0


def _wrapper(folder: Path) -> Path:
    """A ``python`` for the stack that runs the project's own, unless told to die (a file ``die``)."""
    script = folder / "python"
    script.write_text(
        "#!/bin/sh\n"
        f'if [ -e {shlex.quote(str(folder / "die"))} ]; then echo "told to die" >&2; exit 3; fi\n'
        f'exec {shlex.quote(sys.executable)} "$@"\n',
        encoding="utf-8",
    )
    script.chmod(0o755)
    return script


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    if not NGINX.exists():
        pytest.skip(NO_NGINX)
    folder = tmp_path_factory.mktemp("supervised")
    running = Stack(
        processes=2,
        port=free_port(),
        db_url=f"sqlite:///{folder / 'progress.sqlite3'}",
        folder=folder,
        python=str(_wrapper(folder)),
    )
    running.start(timeout=90)
    try:
        yield running
    finally:
        running.stop()


def _die_flag(stack: Stack) -> Path:
    return stack.folder / "die"


def _name(backend: str) -> str:
    return f"streamlit {backend}"


def _wait_for(condition: Callable[[], bool], within: float, what: str) -> float:
    """Poll ``condition`` until true; the seconds it took.  Fails saying ``what`` did not happen."""
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < within, f"{what}: not within {within:.0f} s"
        time.sleep(0.1)
    return time.monotonic() - started


def _learners_by_process(stack: Stack, per_process: int) -> dict[str, list[str]]:
    """Learner cookies from real first pages, ``per_process`` for each process: {process: [cookies]}."""
    found: dict[str, list[str]] = {backend: [] for backend in stack.backends}
    for _ in range(200):  # consistent hashing splits learners about evenly
        cookie = new_learner(stack.url)
        upstream, _ = get(stack.url + "/", cookie)
        cookies = found.get(upstream)  # None when nginx had to pass the request on: a process is down
        if cookies is not None and len(cookies) < per_process:
            cookies.append(cookie)
        if all(len(cookies) == per_process for cookies in found.values()):
            return found
    raise AssertionError(f"learners not spread over the processes: {found}")


def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)


def _healthy_again(stack: Stack, backend: str, old_pid: int) -> Callable[[], bool]:
    def check() -> bool:
        pid = stack.pids.get(_name(backend))
        return pid is not None and pid != old_pid and healthy(f"http://{backend}")

    return check


# -- under load ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """One request of one learner: when it was sent, and which process answered, or what went wrong."""

    learner: str
    path: str
    sent: float
    done: float
    upstream: str  #: nginx's X-Upstream: every process it tried, the answering one last
    error: str | None  #: None: a 200 with its whole body


class Learner(threading.Thread):
    """A learner's browser asking nginx for :data:`PATHS` in turn, over one kept-alive connection, until
    told to stop; every answer is kept."""

    def __init__(self, port: int, cookie: str, halt: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.cookie, self.halt = port, cookie, halt
        self.answers: list[Answer] = []

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
        turn = 0
        while not self.halt.is_set():
            path = PATHS[turn % len(PATHS)]
            turn += 1
            sent = time.monotonic()
            upstream, error = "", None
            try:
                connection.request("GET", path, headers={"Cookie": f"{COOKIE}={self.cookie}"})
                response = connection.getresponse()
                body = response.read()  # raises IncompleteRead on a cut answer
                upstream = response.headers.get("X-Upstream", "")
                if response.status != 200 or not body:
                    error = f"{response.status} with {len(body)} bytes"
            except (OSError, http.client.HTTPException) as failure:
                error = repr(failure)
                connection.close()  # a browser opens a new connection
            self.answers.append(Answer(self.cookie, path, sent, time.monotonic(), upstream, error))
            time.sleep(0.02)
        connection.close()


def test_a_killed_process_is_restarted_and_no_learner_of_the_other_loses_a_request(stack: Stack) -> None:
    dying, living = stack.backends
    learners = _learners_by_process(stack, LEARNERS_PER_PROCESS)
    pids = stack.pids
    halt = threading.Event()
    browsers = [Learner(stack.port, cookie, halt) for cookies in learners.values() for cookie in cookies]
    for browser in browsers:
        browser.start()
    try:
        time.sleep(2.0)  # under load before the kill
        killed_at = time.monotonic()
        _kill(pids[_name(dying)])
        restart = _watch_restart(stack, dying, pids[_name(dying)])
        # A request of the dead process's learners, sent once it answered again, answered by it.
        rejoined_at = time.monotonic() + _wait_for(
            lambda: any(
                answer.sent > restart.answering and answer.error is None and answered_by(answer.upstream) == dying
                for browser in browsers
                if browser.cookie in learners[dying]
                for answer in list(browser.answers)
            ),
            REJOINS_WITHIN,
            f"{dying}'s learners back on it",
        )
        time.sleep(1.0)
    finally:
        halt.set()
        for browser in browsers:
            browser.join(timeout=30)
    print(
        f"\n{dying} killed: started again after {restart.started - killed_at:.1f} s, answering after "
        f"{restart.answering - killed_at:.1f} s, its learners back on it after {rejoined_at - killed_at:.1f} s; "
        f"{sum(len(browser.answers) for browser in browsers)} requests"
    )

    def of(process: str) -> list[Answer]:
        return [answer for browser in browsers if browser.cookie in learners[process] for answer in browser.answers]

    # The other process's learners never noticed: every request answered, all by their own process.
    assert [answer for answer in of(living) if answer.error is not None] == []
    assert {answer.upstream for answer in of(living)} == {living}
    # The dead process's learners: every request sent after the kill was answered.  While nothing
    # listened on their process's port (until the new process was started) the live process answered
    # them: nginx tried theirs and passed the request on, or knew it was down and went to the next.
    assert [answer for answer in of(dying) if answer.sent > killed_at and answer.error is not None] == []
    outage = [answer for answer in of(dying) if killed_at < answer.sent < restart.started]
    assert outage, "no request while the process was dead"
    assert {answered_by(answer.upstream) for answer in outage} == {living}
    assert any(answer.upstream == f"{dying}, {living}" for answer in of(dying) if answer.done > killed_at)
    # A request in flight at the kill is passed on too, unless its answer had begun: nginx has sent the
    # learner the answer's head (a static file's head goes before its body) and cannot take it back, so
    # the answer is cut short and the browser asks again.  At most that one request per learner.
    cut = [answer for answer in of(dying) if answer.error is not None]
    for answer in cut:
        assert answer.sent < killed_at < answer.done and str(answer.error).startswith("IncompleteRead"), answer
    assert len({answer.learner for answer in cut}) == len(cut)
    # The killed process was started again once, on its port; the other and nginx were never stopped.
    after = stack.pids
    assert after[_name(living)] == pids[_name(living)]
    assert after["nginx"] == pids["nginx"]
    assert after[_name(dying)] != pids[_name(dying)]
    assert stack.restarts == {_name(dying): 1, _name(living): 0, "nginx": 0}
    log = stack.supervisor_log.read_text(encoding="utf-8")
    assert re.search(rf"{_name(dying)} \(pid {pids[_name(dying)]}\) exited with code -9", log), log
    assert f"{_name(dying)} started again: pid {after[_name(dying)]}" in log


@dataclass(frozen=True)
class Restart:
    started: float  #: when its new process was seen (the supervisor started it a moment before)
    answering: float  #: when the new process answered its health check


def _watch_restart(stack: Stack, backend: str, old_pid: int) -> Restart:
    """Wait for the killed process of ``backend`` to be started again and to answer."""

    def new_pid() -> bool:
        return stack.pids.get(_name(backend), old_pid) != old_pid

    started = time.monotonic() + _wait_for(new_pid, BACK_WITHIN, f"{backend} started again")
    answering = started + _wait_for(lambda: healthy(f"http://{backend}"), BACK_WITHIN, f"{backend} answering")
    return Restart(started, answering)


def test_a_learner_whose_process_died_gets_a_new_session_on_a_live_one(stack: Stack) -> None:
    dying, living = stack.backends
    cookie = _learners_by_process(stack, 1)[dying][0]
    old_pid = stack.pids[_name(dying)]
    _kill(old_pid)
    # Streamlit's frontend opens a new websocket when its own closes: with the same cookie, it reaches
    # the live process (the dead one is restarted only after FIRST_RESTART_DELAY at the earliest).
    run = run_home_page(stack.port, cookie)
    assert answered_by(run.upstream) == living
    assert run.status == ForwardMsg.FINISHED_SUCCESSFULLY, run.kinds
    assert run.errors == []
    assert any("Hearts Academy" in heading for heading in run.headings), run.headings
    # The same learner (the live process renews their cookie rather than making a new learner): their
    # progress is theirs again, since it lives in the shared database.
    _, renewed = get(stack.url + "/", cookie)
    assert learner_token(renewed) == learner_token(cookie)
    _wait_for(_healthy_again(stack, dying, old_pid), BACK_WITHIN, f"{dying} back")


def test_a_process_that_dies_at_start_is_restarted_ever_more_slowly(stack: Stack) -> None:
    # The other process this time: its restart history is fresh, so its first wait is the first delay.
    crashing = stack.backends[1]
    for backend in stack.backends:
        _wait_for(functools.partial(healthy, f"http://{backend}"), BACK_WITHIN, f"{backend} answering")
    name = _name(crashing)
    old_pid = stack.pids[name]
    restarts = stack.restarts[name]
    started: list[float] = []

    def restarted() -> bool:
        if stack.restarts[name] > restarts + len(started):
            started.append(time.monotonic())
        return len(started) == 2

    _die_flag(stack).touch()
    try:
        killed_at = time.monotonic()
        _kill(old_pid)
        _wait_for(restarted, 30.0, f"{crashing} restarted twice")
        _wait_for(lambda: name not in stack.pids, 10.0, "the second restart dying")  # before it may live
    finally:
        _die_flag(stack).unlink()
    waits = [started[0] - killed_at, started[1] - started[0]]
    print(f"\nwaits before the restarts of a process that dies at start: {waits}")
    # Death noticed within the supervisor's poll; the dead start exits in milliseconds.
    assert FIRST_RESTART_DELAY <= waits[0] < FIRST_RESTART_DELAY + 1.0
    assert 2 * FIRST_RESTART_DELAY <= waits[1] < 2 * FIRST_RESTART_DELAY + 1.0
    assert stack.restarts[name] == restarts + 2  # and not one more: it does not spin
    _wait_for(_healthy_again(stack, crashing, old_pid), BACK_WITHIN, f"{crashing} back")  # the third try, after 4 s
    assert stack.restarts[name] == restarts + 3
    log = stack.supervisor_log.read_text(encoding="utf-8")
    assert re.search(rf"{name} \(pid \d+\) exited with code 3 after [0-9.]+ s; starting it again in 4 s", log), log


def test_a_killed_nginx_is_started_again(stack: Stack) -> None:
    old = stack.pids["nginx"]
    workers = [
        int(pid) for pid in os.listdir("/proc") if pid.isdigit() and _group_of(int(pid)) == old and int(pid) != old
    ]
    assert workers, "nginx has no workers"
    _kill(old)  # its workers live on, holding the port, until the supervisor ends them
    _wait_for(lambda: stack.pids.get("nginx", old) != old and healthy(stack.url), BACK_WITHIN, "nginx back")
    assert not any(Path(f"/proc/{pid}").exists() and _group_of(pid) == old for pid in workers)
    upstream, cookie = get(stack.url + "/")
    assert upstream in stack.backends and cookie


def _group_of(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


# -- the command line, and stopping ---------------------------------------------------------------------


def test_the_command_restarts_a_killed_process_and_stops_everything_on_sigterm(tmp_path: Path) -> None:
    if not NGINX.exists():
        pytest.skip(NO_NGINX)
    port = free_port()
    command = [sys.executable, str(ROOT / "deploy" / "stack.py"), "--processes", "1", "--port", str(port)]
    command += ["--folder", str(tmp_path)]
    log = tmp_path / "stack.out"
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for(lambda: "Ctrl-C stops everything" in log.read_text(), 120.0, "the stack started")
        [streamlit] = re.findall(r"streamlit (\S+) +pid (\d+)", log.read_text())
        backend, pid = streamlit[0], int(streamlit[1])
        _kill(pid)
        _wait_for(lambda: "started again" in log.read_text(), BACK_WITHIN, "the process started again")
        _wait_for(lambda: healthy(f"http://{backend}"), BACK_WITHIN, "the process answering again")
        assert process.poll() is None  # the stack lives on
        [restarted] = re.findall(rf"streamlit {backend} started again: pid (\d+)", log.read_text())
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert not Path(f"/proc/{restarted}").exists()
    assert not _listening(int(backend.rsplit(":", 1)[1])) and not _listening(port)


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def _processes_naming(ports: list[int]) -> list[str]:
    """The command lines of running processes that name one of the ``ports`` (a stack's processes do)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            words = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(str(port).encode() in words for port in ports) and b"streamlit" in words:
            found.append(" ".join(word.decode(errors="replace") for word in words))
    return found


def test_stopping_right_after_a_death_stops_everything_and_starts_nothing(stack: Stack) -> None:
    # Last in the module: it stops the module's stack.
    ports = [int(backend.rsplit(":", 1)[1]) for backend in stack.backends]
    assert len(_processes_naming(ports)) == 2
    _kill(stack.pids[_name(stack.backends[0])])
    time.sleep(0.5)  # the supervisor has seen the death and waits to restart it
    stack.stop()
    time.sleep(FIRST_RESTART_DELAY + 1.0)  # when it would have started it again
    assert stack.pids == {}
    assert _processes_naming(ports) == []
    assert not any(_listening(port) for port in [*ports, stack.port])
