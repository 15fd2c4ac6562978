"""Several Streamlit processes behind nginx (``deploy/stack.py``): what a class's server relies on.

One stack of two processes on free loopback ports and a new SQLite file, through Debian's nginx:
the health endpoint, the learner cookie on a page, learners spread over the processes and each one
kept on its own (the ``X-Upstream`` header says which process answered), a cookie one process signed
accepted by the other (the key is in the shared database), and a real Streamlit session over the
websocket that runs the home page to its end.  Without ``/usr/sbin/nginx`` these are skipped, and say so;
the config's own checks run anyway.
"""

from __future__ import annotations

import doctest
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.sync.client import connect
from websockets.typing import Origin, Subprotocol

import deploy.stack
from deploy.stack import DEFAULT_SERVER_NAMES, NGINX, TEMPLATE, Stack, free_port, nginx_config
from hearts_ui.storage import COOKIE

pytestmark = [pytest.mark.deploy, pytest.mark.slow]  # a whole stack of servers: the full run's
NO_NGINX = f"{NGINX} not found: install Debian's nginx (apt-get install nginx) to test the stack"
needs_nginx = pytest.mark.skipif(not NGINX.exists(), reason=NO_NGINX)
#: Loopback only: never through a proxy from the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
SESSION_TIMEOUT = 30.0


def test_the_config_hashes_on_the_cookie_the_server_sets_and_lists_every_process(tmp_path: Path) -> None:
    text = nginx_config(["127.0.0.1:9001", "127.0.0.1:9002"], "127.0.0.1:8500", tmp_path)
    assert "{{" not in text
    assert f"map $cookie_{COOKIE} $hearts_sticky_key" in text
    assert "hash $hearts_sticky_key consistent;" in text
    directives = [line.split("#")[0] for line in TEMPLATE.read_text(encoding="utf-8").splitlines()]
    assert not any("ip_hash" in line for line in directives)  # loopback and school routers are one address
    assert "server 127.0.0.1:9001;" in text and "server 127.0.0.1:9002;" in text
    assert "location = /_stcore/stream" in text and "proxy_set_header Upgrade $http_upgrade;" in text
    assert f"pid {tmp_path}/nginx.pid;" in text


def test_the_stack_module_s_examples() -> None:
    assert doctest.testmod(deploy.stack).failed == 0


@needs_nginx
def test_nginx_accepts_the_config(tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    (tmp_path / "tmp").mkdir()
    config = tmp_path / "nginx.conf"
    config.write_text(nginx_config(["127.0.0.1:9001"], f"127.0.0.1:{free_port()}", tmp_path), encoding="utf-8")
    result = subprocess.run(
        [str(NGINX), "-t", "-p", str(tmp_path), "-c", str(config), "-e", str(tmp_path / "logs" / "error.log")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    if not NGINX.exists():
        pytest.skip(NO_NGINX)
    folder = tmp_path_factory.mktemp("stack")
    running = Stack(
        processes=2,
        port=free_port(),
        db_url=f"sqlite:///{folder / 'progress.sqlite3'}",
        folder=folder,
        server_names=(*DEFAULT_SERVER_NAMES, "hearts.test"),  # the websocket test's named host
    )
    running.start(timeout=90)
    pids = list(running.pids.values())
    try:
        yield running
    finally:
        running.stop()
    assert running.pids == {}
    for pid in pids:  # stopped and reaped: no process of the stack is left
        assert not Path(f"/proc/{pid}").exists(), pid


def _get(url: str, cookie: str | None = None) -> tuple[str, str | None]:
    """The process that answered (nginx's ``X-Upstream``) and the learner cookie the page set."""
    request = urllib.request.Request(url, headers={"Cookie": f"{COOKIE}={cookie}"} if cookie else {})
    with _OPENER.open(request, timeout=10) as response:
        assert response.status == 200
        jar: SimpleCookie = SimpleCookie()
        for header in response.headers.get_all("Set-Cookie") or []:
            jar.load(header)
        morsel = jar.get(COOKIE)
        return response.headers.get("X-Upstream", ""), None if morsel is None else morsel.value


def _new_learner(stack: Stack) -> str:
    _, cookie = _get(stack.url + "/")
    assert cookie is not None
    return cookie


def _learners_on_two_processes(stack: Stack) -> dict[str, str]:
    """Learner cookies from real pages, one per process: {process address: cookie}."""
    found: dict[str, str] = {}
    for _ in range(30):  # consistent hashing splits learners about evenly: 2**-29 to miss one process
        cookie = _new_learner(stack)
        upstream, _ = _get(stack.url + "/", cookie)
        found.setdefault(upstream, cookie)
        if len(found) == 2:
            break
    return found


@needs_nginx
def test_the_health_endpoint_answers_through_nginx(stack: Stack) -> None:
    with _OPENER.open(stack.url + "/_stcore/health", timeout=10) as response:
        assert response.status == 200
        assert response.read() == b"ok"
        assert response.headers["X-Upstream"] in stack.backends


@needs_nginx
def test_a_page_through_nginx_sets_the_learner_cookie(stack: Stack) -> None:
    request = urllib.request.Request(stack.url + "/")
    with _OPENER.open(request, timeout=10) as response:
        assert response.headers.get_content_type() == "text/html"
        cookies = [header for header in response.headers.get_all("Set-Cookie") or [] if header.startswith(COOKIE)]
    assert len(cookies) == 1
    assert "HttpOnly" in cookies[0] and "Max-Age=31536000" in cookies[0]


@needs_nginx
def test_learners_spread_over_the_processes_and_each_stays_on_its_own(stack: Stack) -> None:
    found = _learners_on_two_processes(stack)
    assert sorted(found) == sorted(stack.backends)
    for upstream, cookie in found.items():
        for _ in range(5):
            answered, renewed = _get(stack.url + "/", cookie)
            assert answered == upstream
            assert renewed == cookie  # accepted (and renewed) by a process that did not sign it, maybe
        health = urllib.request.Request(stack.url + "/_stcore/health", headers={"Cookie": f"{COOKIE}={cookie}"})
        with _OPENER.open(health, timeout=10) as response:
            assert response.headers["X-Upstream"] == upstream


@needs_nginx
def test_every_process_accepts_a_cookie_any_process_signed(stack: Stack) -> None:
    cookie = _new_learner(stack)
    for backend in stack.backends:  # straight to each process, past nginx
        _, renewed = _get(f"http://{backend}/", cookie)
        assert renewed == cookie


@needs_nginx
def test_a_streamlit_session_runs_the_home_page_over_the_websocket_through_nginx(stack: Stack) -> None:
    upstream, cookie = next(iter(_learners_on_two_processes(stack).items()))
    rerun = BackMsg()
    rerun.rerun_script.query_string = ""
    rerun.rerun_script.page_name = ""
    kinds: list[str] = []
    headings: list[str] = []
    errors: list[str] = []
    status = None
    # A browser on a named host and port sends Host and Origin with both: Streamlit accepts the websocket
    # only when they match, so nginx must pass the Host on with its port (loopback names are let through).
    site = f"hearts.test:{stack.port}"
    with connect(
        f"ws://{site}/_stcore/stream",
        sock=socket.create_connection(("127.0.0.1", stack.port), timeout=10),
        origin=Origin(f"http://{site}"),
        subprotocols=[Subprotocol("streamlit")],
        additional_headers={"Cookie": f"{COOKIE}={cookie}"},
        proxy=None,
        open_timeout=10,
        max_size=None,
    ) as websocket:
        assert websocket.response is not None
        assert websocket.response.headers["X-Upstream"] == upstream  # the same process as the learner's pages
        websocket.send(rerun.SerializeToString())
        deadline = time.monotonic() + SESSION_TIMEOUT
        while status is None or status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            data = websocket.recv(timeout=max(0.1, deadline - time.monotonic()))
            assert isinstance(data, bytes)
            message = ForwardMsg()
            message.ParseFromString(data)
            kind = message.WhichOneof("type")
            kinds.append(str(kind))
            if kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                if element.WhichOneof("type") == "heading":
                    headings.append(element.heading.body)
                elif element.WhichOneof("type") == "exception":
                    errors.append(f"{element.exception.type}: {element.exception.message}")
            elif kind == "script_finished":
                status = message.script_finished
    assert kinds[0] == "new_session"
    assert status == ForwardMsg.FINISHED_SUCCESSFULLY, kinds
    assert errors == []
    assert any("Hearts Academy" in heading for heading in headings), headings
