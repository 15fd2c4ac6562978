"""Hearts Academy as a class is served: N Streamlit processes behind nginx, started on one machine.

    python deploy/stack.py [--processes N] [--port 8500] [--db-url URL] [--folder deploy/run]
                           [--server-name NAME ...] [--tls-terminator ADDRESS ...]

Starts ``--processes`` (default: one per core) ``streamlit run app.py`` processes on free loopback
ports, every one with the same ``STREAMLIT_SERVER_COOKIE_SECRET`` (taken from the environment, else
made for this stack) and the same ``HEARTS_DB_URL`` (``--db-url``, else a SQLite file in the stack
folder: WAL mode lets the processes of one machine share it).  The database's migrations run once,
before any process starts, so the processes never race on them.  Then Debian's nginx runs as the
current user, in the foreground, with its config, pid, logs and temporary files in the stack folder,
answering on ``127.0.0.1:--port``: sticky by the learner cookie, the websocket proxied, the health
endpoint passed through, hardening headers on every answer, Streamlit's internals kept in, and a Host
other than ``--server-name`` (default: ``localhost`` and ``127.0.0.1``) answered by nothing
(``deploy/nginx.conf.template``).  When every process and nginx answer
``/_stcore/health``, the URL and the pids are printed; Ctrl-C (or SIGTERM) stops everything.

The stack then supervises itself: a Streamlit process that exits is started again on its port (same
environment, its log appended to), and so is nginx; the first restart waits 1 s and every quick death
after it doubles the wait, up to 30 s, so a process that dies at once every time does not spin.  Each
death and restart is a line on stderr and in ``logs/supervisor.log``.  Meanwhile nginx takes the dead
process out of rotation and sends its learners' requests to a live one (the template's
``max_fails``/``proxy_next_upstream``); they come back to it once it answers again.

Behind a TLS terminator (a load balancer that serves HTTPS and passes plain HTTP on), name its address
with ``--tls-terminator``: nginx then believes that address's ``X-Forwarded-Proto`` (the learner cookie
becomes ``Secure`` and HSTS is sent when it says ``https``); anyone else's is overwritten, as without it.

The same from Python, for a test or a load benchmark::

    with Stack(processes=2, port=8600, folder=tmp) as stack:
        urllib.request.urlopen(stack.url + "/_stcore/health")

(the supervisor is a thread of the stack's own, from :meth:`Stack.start` to :meth:`Stack.stop`).

``HEARTS_DB_URL`` in the environment is not used: a load test writes to its own database unless
``--db-url`` names another.  Run it with the project's Python (``.venv/bin/python``).
"""

from __future__ import annotations

import argparse
import contextlib
import grp
import http.client
import ipaddress
import os
import pwd
import re
import resource
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO, Final

ROOT: Final = Path(__file__).resolve().parents[1]
TEMPLATE: Final = ROOT / "deploy" / "nginx.conf.template"
DEFAULT_FOLDER: Final = ROOT / "deploy" / "run"
NGINX: Final = Path("/usr/sbin/nginx")
#: Streamlit's ``server.cookieSecret`` as an environment variable; the same in every process.
COOKIE_SECRET_VARIABLE: Final = "STREAMLIT_SERVER_COOKIE_SECRET"
#: The progress database's URL variable (``hearts_core.store.URL_VARIABLE``); the same in every process.
DB_URL_VARIABLE: Final = "HEARTS_DB_URL"
HEALTH: Final = "/_stcore/health"
START_TIMEOUT: Final = 120.0
STOP_TIMEOUT: Final = 10.0
_PLACEHOLDER: Final = re.compile(r"\{\{\s*(\w+)\s*\}\}")
#: The host names nginx answers to unless told others: the loopback the stack listens on.
DEFAULT_SERVER_NAMES: Final = ("localhost", "127.0.0.1")
#: A host name nginx may be given (letters, digits, dots, dashes; a leading ``*.`` for subdomains).
_SERVER_NAME: Final = re.compile(r"(\*\.)?[A-Za-z0-9]([A-Za-z0-9.-]{0,252})")
#: How nginx takes a dead process out of rotation: after one failed attempt (a refused connection, a
#: timeout, a 502 or 503) it sends that process nothing for 5 s, then tries it again with one request.
SERVER_PARAMETERS: Final = "max_fails=1 fail_timeout=5s"
#: The supervisor's wait before restarting a process: the first, and the longest it doubles up to.
FIRST_RESTART_DELAY: Final = 1.0
LONGEST_RESTART_DELAY: Final = 30.0
#: A process that ran this long before it died was not crashing at start: its restart waits the first delay.
STEADY_RUN: Final = 60.0
#: How often the supervisor looks at the processes.
SUPERVISE_EVERY: Final = 0.2
#: Loopback only, and never through a proxy from the environment.
_OPENER: Final = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class StackError(RuntimeError):
    """The stack could not start: the message names the part and ends with the tail of its log."""


def render(template: str, values: Mapping[str, str]) -> str:
    """Fill in every ``{{ name }}`` of ``template``; a placeholder without a value, or a value nobody asks
    for, is an error rather than a silently broken config.

    >>> render("listen {{ listen }};", {"listen": "127.0.0.1:8500"})
    'listen 127.0.0.1:8500;'
    >>> render("{{ user }} {{ pid }}", {"user": ""})
    Traceback (most recent call last):
    ...
    KeyError: 'no value for the placeholder {{ pid }}'
    """
    wanted = set(_PLACEHOLDER.findall(template))
    missing = sorted(wanted - set(values))
    if missing:
        raise KeyError(f"no value for the placeholder {{{{ {missing[0]} }}}}")
    unused = sorted(set(values) - wanted)
    if unused:
        raise KeyError(f"no placeholder {{{{ {unused[0]} }}}} in the template")
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


def nginx_config(
    backends: Sequence[str],
    listen: str,
    folder: Path,
    template: str | None = None,
    server_names: Sequence[str] = DEFAULT_SERVER_NAMES,
    tls_terminators: Sequence[str] = (),
) -> str:
    """The nginx config for ``backends`` (``host:port`` of each Streamlit process), from the template,
    answering to the hosts ``server_names``, believing the ``X-Forwarded-Proto`` of ``tls_terminators``
    (addresses or networks) only.

    >>> text = nginx_config(["127.0.0.1:9001", "127.0.0.1:9002"], "127.0.0.1:8500", Path("/srv/stack"))
    >>> for line in text.splitlines():
    ...     if line.strip().startswith(("hash", "server 127", "listen", "server_name")):
    ...         print(line.strip())
    hash $hearts_sticky_key consistent;
    server 127.0.0.1:9001 max_fails=1 fail_timeout=5s;
    server 127.0.0.1:9002 max_fails=1 fail_timeout=5s;
    listen 127.0.0.1:8500 default_server;
    server_name _;
    listen 127.0.0.1:8500;
    server_name localhost 127.0.0.1;
    >>> text = nginx_config(["127.0.0.1:9001"], "127.0.0.1:8500", Path("/srv"), tls_terminators=["10.0.0.0/24"])
    >>> [line.strip() for line in text.splitlines() if line.strip().startswith("10.")]
    ['10.0.0.0/24 1;']
    >>> nginx_config(["127.0.0.1:9001"], "127.0.0.1:8500", Path("/srv"), server_names=["a.example; evil"])
    Traceback (most recent call last):
    ...
    ValueError: not a host name nginx may answer to: 'a.example; evil'
    >>> nginx_config(["127.0.0.1:9001"], "127.0.0.1:8500", Path("/srv"), tls_terminators=["lb.example"])
    Traceback (most recent call last):
    ...
    ValueError: not an IP address or network: 'lb.example'
    """
    if not backends:
        raise ValueError("an nginx upstream needs at least one Streamlit process")
    if not server_names:
        raise ValueError("nginx must answer to at least one host name")
    for name in server_names:
        if not _SERVER_NAME.fullmatch(name):
            raise ValueError(f"not a host name nginx may answer to: {name!r}")
    text = TEMPLATE.read_text(encoding="utf-8") if template is None else template
    return render(
        text,
        {
            "user": _user_directive(),
            "folder": str(folder),
            "listen": listen,
            "server_names": " ".join(server_names),
            "servers": "\n".join(f"        server {address} {SERVER_PARAMETERS};" for address in backends),
            "tls_terminators": "\n".join(f"        {network} 1;" for network in _networks(tls_terminators)),
        },
    )


def _networks(addresses: Sequence[str]) -> list[str]:
    """Each address or network as nginx's ``geo`` reads it; anything else (a host name, a ``;``) refused."""
    networks = []
    for address in addresses:
        try:
            networks.append(str(ipaddress.ip_network(address.strip(), strict=False)))
        except ValueError:
            raise ValueError(f"not an IP address or network: {address!r}") from None
    return networks


def restart_delay(previous: float | None, ran_for: float) -> float:
    """How long the supervisor waits before starting again a process that died after ``ran_for`` seconds,
    when it waited ``previous`` seconds before that run (None: the run was the first).  A quick death
    doubles the wait, up to :data:`LONGEST_RESTART_DELAY`; a death after a steady run starts over.

    >>> delays = [restart_delay(None, 5.0)]
    >>> for _ in range(6):
    ...     delays.append(restart_delay(delays[-1], 2.0))
    >>> delays
    [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
    >>> restart_delay(30.0, STEADY_RUN + 1)
    1.0
    """
    if previous is None or ran_for >= STEADY_RUN:
        return FIRST_RESTART_DELAY
    return min(LONGEST_RESTART_DELAY, previous * 2)


def _user_directive() -> str:
    """Started as root, nginx would hand its workers to ``nobody``; keep them this user instead."""
    if os.geteuid() != 0:
        return ""
    return f"user {pwd.getpwuid(os.geteuid()).pw_name} {grp.getgrgid(os.getegid()).gr_name};"


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def healthy(url: str, timeout: float = 2.0) -> bool:
    """Whether ``url``'s health endpoint answers 200."""
    try:
        with _OPENER.open(url + HEALTH, timeout=timeout) as response:
            return bool(response.status == 200)
    except (OSError, http.client.HTTPException):
        return False


def shown_url(url: str) -> str:
    """A database URL fit to print: the password hidden.

    >>> shown_url("postgresql+psycopg://hearts:secret@db.example/hearts")
    'postgresql+psycopg://hearts:***@db.example/hearts'
    """
    return re.sub(r"(://[^:/@]+:)[^@]*@", r"\1***@", url)


def _tail(path: Path, lines: int = 25) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return f"(no log at {path})"
    return "\n".join(text.splitlines()[-lines:])


def _launch(command: list[str], env: dict[str, str] | None, log: Path) -> tuple[subprocess.Popen[bytes], IO[bytes]]:
    """``command`` in a process group of its own (so that stopping it stops its children), appending to ``log``."""
    stream = log.open("ab")
    try:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=stream,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    except BaseException:
        stream.close()
        raise
    return process, stream


@dataclass
class _Child:
    """One process of the stack, in its own process group, writing to its own log; the supervisor starts
    it again with the same command and environment when it dies."""

    name: str
    url: str
    log: Path
    command: list[str]
    env: dict[str, str] | None
    process: subprocess.Popen[bytes]
    stream: IO[bytes]
    started: float
    restarts: int = 0
    #: The supervisor's wait before the current run (None before the first restart).
    delay: float | None = None
    #: When the supervisor starts it again: set once it is found dead, None while it runs.
    restart_at: float | None = None

    def failure(self, what: str) -> StackError:
        return StackError(f"{self.name} {what}; the end of {self.log}:\n{_tail(self.log)}")


class Stack:
    """N Streamlit processes behind one nginx; :meth:`start` waits until all answer, :meth:`stop` ends them.
    In between, a supervisor thread starts again whatever process dies (:func:`restart_delay` says when).

    ``folder`` holds the nginx config, its pid, the logs (``logs/``, the supervisor's among them), nginx's
    temporary files (``tmp/``) and, unless ``db_url`` names another database, the SQLite file
    ``progress.sqlite3``.  ``tls_terminators``: the addresses whose ``X-Forwarded-Proto`` nginx believes.
    """

    def __init__(
        self,
        processes: int | None = None,
        port: int = 8500,
        db_url: str | None = None,
        folder: Path | str = DEFAULT_FOLDER,
        cookie_secret: str | None = None,
        python: str = sys.executable,
        nginx: Path | str = NGINX,
        server_names: Sequence[str] = DEFAULT_SERVER_NAMES,
        tls_terminators: Sequence[str] = (),
    ) -> None:
        self.processes = processes if processes is not None else (os.cpu_count() or 1)
        if self.processes < 1:
            raise ValueError(f"a stack needs at least one Streamlit process, not {self.processes}")
        self.port = port
        self.folder = Path(folder).resolve()
        self.db_url = db_url or f"sqlite:///{self.folder / 'progress.sqlite3'}"
        self.cookie_secret = cookie_secret or os.environ.get(COOKIE_SECRET_VARIABLE) or secrets.token_urlsafe(32)
        self.python = python
        self.nginx = Path(nginx)
        # The stack listens on 127.0.0.1 and asks nginx for its health there: it always answers to that.
        self.server_names = tuple(dict.fromkeys([*server_names, "127.0.0.1"]))
        self.tls_terminators = tuple(_networks(tls_terminators))
        self.backends: list[str] = []
        self._children: list[_Child] = []
        # The supervisor starts a process only while holding the lock and only if the stack is not
        # stopping; stop() sets that under the lock: no process is ever started after stop() began.
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._supervisor: threading.Thread | None = None

    @property
    def url(self) -> str:
        """Where nginx answers: the address learners (and load tests) use."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def config_path(self) -> Path:
        return self.folder / "nginx.conf"

    @property
    def logs(self) -> Path:
        return self.folder / "logs"

    @property
    def pids(self) -> dict[str, int]:
        """Every running process's pid by name: ``nginx`` (the master) and ``streamlit <host:port>``."""
        return {child.name: child.process.pid for child in self._children if child.process.poll() is None}

    @property
    def restarts(self) -> dict[str, int]:
        """How many times the supervisor has started each process again, by name."""
        return {child.name: child.restarts for child in self._children}

    @property
    def supervisor_log(self) -> Path:
        """Every death and restart the supervisor saw, a line each (also written to stderr)."""
        return self.logs / "supervisor.log"

    # -- starting --------------------------------------------------------------------------------

    def start(self, timeout: float = START_TIMEOUT) -> Stack:
        """Migrate the database, start the processes and nginx, and wait until every one is healthy.
        On any failure everything started so far is stopped and :class:`StackError` says why."""
        if self._children:
            raise StackError("this stack is already started")
        self._stopping.clear()
        if not self.nginx.exists():
            raise StackError(f"{self.nginx} not found: install Debian's nginx (apt-get install nginx)")
        _raise_open_files_limit()
        for folder in (self.folder, self.logs, self.folder / "tmp"):
            folder.mkdir(parents=True, exist_ok=True)
        for old in self.logs.glob("streamlit-*.log"):  # an earlier run's processes, on other ports
            old.unlink()
        try:
            self._migrate()
            self.backends = self._backend_addresses()
            for address in self.backends:
                self._start_streamlit(address)
            self._start_nginx()
            self._wait_until_healthy(time.monotonic() + timeout)
        except BaseException:
            self.stop()
            raise
        self._supervisor = threading.Thread(target=self._supervise, name="stack supervisor", daemon=True)
        self._supervisor.start()
        return self

    def _environment(self) -> dict[str, str]:
        return {**os.environ, COOKIE_SECRET_VARIABLE: self.cookie_secret, DB_URL_VARIABLE: self.db_url}

    def _migrate(self) -> None:
        """The schema brought up to date once, so N processes starting together find nothing to do."""
        result = subprocess.run(
            [self.python, "-m", "hearts_core.store", "upgrade", "--url", self.db_url],
            cwd=ROOT,
            env=self._environment(),
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        (self.logs / "upgrade.log").write_text(result.stdout + result.stderr, encoding="utf-8")
        if result.returncode != 0:
            raise StackError(f"python -m hearts_core.store upgrade failed:\n{result.stdout}{result.stderr}")

    def _backend_addresses(self) -> list[str]:
        ports: list[int] = []
        while len(ports) < self.processes:
            port = free_port()
            if port != self.port and port not in ports:
                ports.append(port)
        return [f"127.0.0.1:{port}" for port in ports]

    def _spawn(self, name: str, url: str, log: Path, command: list[str], env: dict[str, str] | None) -> None:
        process, stream = _launch(command, env, log)
        self._children.append(_Child(name, url, log, command, env, process, stream, time.monotonic()))

    def _start_streamlit(self, address: str) -> None:
        host, port = address.rsplit(":", 1)
        log = self.logs / f"streamlit-{port}.log"
        self._spawn(
            f"streamlit {address}",
            f"http://{address}",
            log,
            [
                self.python,
                "-m",
                "streamlit",
                "run",
                "app.py",
                "--server.headless",
                "true",
                "--server.address",
                host,
                "--server.port",
                port,
                "--server.fileWatcherType",
                "none",
                "--browser.gatherUsageStats",
                "false",
            ],
            self._environment(),
        )

    def _nginx_command(self, *extra: str) -> list[str]:
        return [
            str(self.nginx),
            "-p",
            str(self.folder),
            "-c",
            str(self.config_path),
            "-e",
            str(self.logs / "error.log"),
            *extra,
        ]

    def _start_nginx(self) -> None:
        config = nginx_config(
            self.backends,
            f"127.0.0.1:{self.port}",
            self.folder,
            server_names=self.server_names,
            tls_terminators=self.tls_terminators,
        )
        self.config_path.write_text(config, encoding="utf-8")
        check = subprocess.run(self._nginx_command("-t", "-q"), capture_output=True, text=True, timeout=30, check=False)
        if check.returncode != 0:
            raise StackError(f"nginx rejects {self.config_path}:\n{check.stdout}{check.stderr}")
        self._spawn("nginx", self.url, self.logs / "error.log", self._nginx_command(), None)

    def _wait_until_healthy(self, deadline: float) -> None:
        waiting = list(self._children)
        while waiting:
            for child in list(waiting):
                if child.process.poll() is not None:
                    raise child.failure(f"exited with code {child.process.returncode} while starting")
                if child.name == "nginx" and len(waiting) > 1:
                    continue  # nginx answers for the processes: ask it last
                if healthy(child.url):
                    waiting.remove(child)
            if waiting and time.monotonic() > deadline:
                raise waiting[0].failure("did not answer the health endpoint in time")
            if waiting:
                time.sleep(0.2)

    # -- running and stopping ------------------------------------------------------------------------

    def run_until_stopped(self) -> None:
        """Block until :meth:`stop` (from another thread) ends the stack, or a signal handler's exception
        interrupts the wait; meanwhile the supervisor restarts whatever dies."""
        while not self._stopping.wait(1.0):
            pass

    def _supervise(self) -> None:
        """The supervisor thread: look at every process a few times a second until the stack stops."""
        while not self._stopping.wait(SUPERVISE_EVERY):
            for child in list(self._children):
                try:
                    self._tend(child)
                except Exception as error:  # a failed restart must not end the supervision of the others
                    child.delay = restart_delay(child.delay, 0.0)
                    child.restart_at = time.monotonic() + child.delay
                    self._say(f"{child.name} could not be started again ({error!r}); next try in {child.delay:.0f} s")

    def _tend(self, child: _Child) -> None:
        """Notice that ``child`` died and when to start it again; at that time, start it."""
        if child.process.poll() is None:
            return
        now = time.monotonic()
        if child.restart_at is None:
            ran_for = now - child.started
            child.delay = restart_delay(child.delay, ran_for)
            child.restart_at = now + child.delay
            self._say(
                f"{child.name} (pid {child.process.pid}) exited with code {child.process.returncode} after "
                f"{ran_for:.1f} s; starting it again in {child.delay:.0f} s (log: {child.log})"
            )
            return
        if now < child.restart_at:
            return
        # What the dead process left in its group would hold on to its port (nginx's workers outlive a
        # killed master and keep listening) or its work (a Streamlit process's Lab workers): end it first.
        _signal_group(child.process, signal.SIGKILL)
        _wait_until_group_gone(child.process.pid)
        with self._lock:
            if self._stopping.is_set():
                return
            process, stream = _launch(child.command, child.env, child.log)
            child.stream.close()
            child.process, child.stream = process, stream
            child.started, child.restart_at = time.monotonic(), None
            child.restarts += 1
        self._say(f"{child.name} started again: pid {process.pid} (restart {child.restarts})")

    def _say(self, message: str) -> None:
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S')} stack supervisor: {message}"
        print(line, file=sys.stderr, flush=True)
        with contextlib.suppress(OSError), self.supervisor_log.open("a", encoding="utf-8") as log:
            log.write(line + "\n")

    def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """Stop the supervisor, then SIGTERM to every process group (nginx first), SIGKILL to any still
        there after ``timeout``."""
        with self._lock:  # a restart under way finishes first, and none begins after this
            self._stopping.set()
        if self._supervisor is not None and self._supervisor is not threading.current_thread():
            self._supervisor.join()
        self._supervisor = None
        children = sorted(self._children, key=lambda child: child.name != "nginx")
        for child in children:
            _signal_group(child.process, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for child in children:
            try:
                child.process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                _signal_group(child.process, signal.SIGKILL)
                child.process.wait(timeout=timeout)
            child.stream.close()
        self._children = []

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()


def _raise_open_files_limit(wanted: int = 65536) -> None:
    """Every learner's websocket is a file in nginx and in a Streamlit process (two in nginx): lift this
    process's soft limit, which the stack's processes inherit, as far as the hard limit allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))


def _signal_group(process: subprocess.Popen[bytes], signum: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone already
        os.killpg(process.pid, signum)


def _wait_until_group_gone(group: int, timeout: float = 2.0) -> None:
    """Give the signalled processes of ``group`` a moment to exit (not forever: a zombie nobody reaps
    still counts as a member)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.05)


def _interrupt(signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit code (0 when stopped by Ctrl-C or SIGTERM)."""
    parser = argparse.ArgumentParser(prog="python deploy/stack.py", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--processes",
        type=int,
        default=os.cpu_count() or 1,
        help="Streamlit processes (default: one per core, %(default)s here)",
    )
    parser.add_argument("--port", type=int, default=8500, help="nginx's port on 127.0.0.1 (default: %(default)s)")
    parser.add_argument(
        "--db-url",
        help="the progress database, a SQLAlchemy URL shared by every process (default: FOLDER/progress.sqlite3)",
    )
    parser.add_argument(
        "--folder",
        type=Path,
        default=DEFAULT_FOLDER,
        help="config, pid, logs and the default database (default: deploy/run)",
    )
    parser.add_argument(
        "--server-name",
        action="append",
        dest="server_names",
        metavar="NAME",
        help="a host name the site answers to, repeatable; any other Host gets no answer but 127.0.0.1, "
        f"where the stack listens (default: {' '.join(DEFAULT_SERVER_NAMES)})",
    )
    parser.add_argument(
        "--tls-terminator",
        action="append",
        dest="tls_terminators",
        default=[],
        metavar="ADDRESS",
        help="the IP address (or network) of a TLS terminator in front of nginx, repeatable: its "
        "X-Forwarded-Proto is believed (https makes the learner cookie Secure and adds HSTS); "
        "anyone else's is overwritten (default: none)",
    )
    options = parser.parse_args(argv)
    try:
        terminators = _networks(options.tls_terminators)
    except ValueError as error:
        parser.error(str(error))
    stack = Stack(
        processes=options.processes,
        port=options.port,
        db_url=options.db_url,
        folder=options.folder,
        server_names=options.server_names or DEFAULT_SERVER_NAMES,
        tls_terminators=terminators,
    )
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # SIGINT too: a shell's `&` ignores it
        signal.signal(signum, _interrupt)
    try:
        print(f"Starting {stack.processes} Streamlit processes and nginx (logs in {stack.logs}) ...", flush=True)
        started = time.monotonic()
        stack.start()
        print(
            f"Hearts Academy on {stack.url}  ({stack.processes} processes, ready in {time.monotonic() - started:.1f} s)"
        )
        for name, pid in stack.pids.items():
            print(f"  {name:<28} pid {pid}")
        print(f"  nginx config                 {stack.config_path}")
        print(f"  progress database            {shown_url(stack.db_url)}")
        if stack.tls_terminators:
            print(f"  X-Forwarded-Proto believed   from {' '.join(stack.tls_terminators)}")
        print("A process that dies is started again; Ctrl-C stops everything.", flush=True)
        stack.run_until_stopped()
        return 0
    except KeyboardInterrupt:
        print("Stopping ...", flush=True)
        return 0
    except StackError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)  # a second Ctrl-C must not cut the stopping short
        stack.stop()


if __name__ == "__main__":
    raise SystemExit(main())
