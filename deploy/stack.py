"""Hearts Academy as a class is served: N Streamlit processes behind nginx, started on one machine.

    python deploy/stack.py [--processes N] [--port 8500] [--db-url URL] [--folder deploy/run]
                           [--server-name NAME ...]

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

The same from Python, for a test or a load benchmark::

    with Stack(processes=2, port=8600, folder=tmp) as stack:
        urllib.request.urlopen(stack.url + "/_stcore/health")

``HEARTS_DB_URL`` in the environment is not used: a load test writes to its own database unless
``--db-url`` names another.  Run it with the project's Python (``.venv/bin/python``).
"""

from __future__ import annotations

import argparse
import contextlib
import grp
import http.client
import os
import pwd
import re
import resource
import secrets
import signal
import socket
import subprocess
import sys
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
) -> str:
    """The nginx config for ``backends`` (``host:port`` of each Streamlit process), from the template,
    answering to the hosts ``server_names``.

    >>> text = nginx_config(["127.0.0.1:9001", "127.0.0.1:9002"], "127.0.0.1:8500", Path("/srv/stack"))
    >>> for line in text.splitlines():
    ...     if line.strip().startswith(("hash", "server 127", "listen", "server_name")):
    ...         print(line.strip())
    hash $hearts_sticky_key consistent;
    server 127.0.0.1:9001;
    server 127.0.0.1:9002;
    listen 127.0.0.1:8500 default_server;
    server_name _;
    listen 127.0.0.1:8500;
    server_name localhost 127.0.0.1;
    >>> nginx_config(["127.0.0.1:9001"], "127.0.0.1:8500", Path("/srv"), server_names=["a.example; evil"])
    Traceback (most recent call last):
    ...
    ValueError: not a host name nginx may answer to: 'a.example; evil'
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
            "servers": "\n".join(f"        server {address};" for address in backends),
        },
    )


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


@dataclass
class _Child:
    """One process of the stack, in its own process group, writing to its own log."""

    name: str
    url: str
    log: Path
    process: subprocess.Popen[bytes]
    stream: IO[bytes]

    def failure(self, what: str) -> StackError:
        return StackError(f"{self.name} {what}; the end of {self.log}:\n{_tail(self.log)}")


class Stack:
    """N Streamlit processes behind one nginx; :meth:`start` waits until all answer, :meth:`stop` ends them.

    ``folder`` holds the nginx config, its pid, the logs (``logs/``), nginx's temporary files (``tmp/``)
    and, unless ``db_url`` names another database, the SQLite file ``progress.sqlite3``.
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
        self.backends: list[str] = []
        self._children: list[_Child] = []

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

    # -- starting --------------------------------------------------------------------------------

    def start(self, timeout: float = START_TIMEOUT) -> Stack:
        """Migrate the database, start the processes and nginx, and wait until every one is healthy.
        On any failure everything started so far is stopped and :class:`StackError` says why."""
        if self._children:
            raise StackError("this stack is already started")
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
        self._children.append(_Child(name, url, log, process, stream))

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
        config = nginx_config(self.backends, f"127.0.0.1:{self.port}", self.folder, server_names=self.server_names)
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

    def wait(self, poll: float = 0.5) -> str:
        """Block until a process of the stack exits; say which, with the end of its log."""
        while True:
            for child in self._children:
                if child.process.poll() is not None:
                    return str(child.failure(f"exited with code {child.process.returncode}"))
            time.sleep(poll)

    def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """SIGTERM to every process group (nginx first), SIGKILL to any still there after ``timeout``."""
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
    options = parser.parse_args(argv)
    stack = Stack(
        processes=options.processes,
        port=options.port,
        db_url=options.db_url,
        folder=options.folder,
        server_names=options.server_names or DEFAULT_SERVER_NAMES,
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
        print("Ctrl-C stops everything.", flush=True)
        print(stack.wait(), file=sys.stderr)
        return 1
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
