"""Several Streamlit processes behind nginx (``deploy/stack.py``): what a class's server relies on.

One stack of two processes on free loopback ports and a new SQLite file, through Debian's nginx:
the health endpoint, the learner cookie on a page, learners spread over the processes and each one
kept on its own (the ``X-Upstream`` header says which process answered), a cookie one process signed
accepted by the other (the key is in the shared database), and a real Streamlit session over the
websocket that runs the home page to its end.  Behind a TLS terminator (``Stack(tls_terminators=...)``, a second stack
of one process) the terminator's ``X-Forwarded-Proto: https`` makes the learner cookie ``Secure`` and
brings HSTS; without it, a client sending the same header changes neither.  Without ``/usr/sbin/nginx``
these are skipped, and say so; the config's own checks run anyway.
"""

from __future__ import annotations

import doctest
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

import deploy.stack
from deploy.stack import DEFAULT_SERVER_NAMES, NGINX, SERVER_PARAMETERS, TEMPLATE, Stack, free_port, nginx_config
from hearts_ui.storage import COOKIE
from tests.deploy.stack_client import OPENER, get, learner_token, new_learner, run_home_page

pytestmark = [pytest.mark.deploy, pytest.mark.slow]  # a whole stack of servers: the full run's
NO_NGINX = f"{NGINX} not found: install Debian's nginx (apt-get install nginx) to test the stack"
needs_nginx = pytest.mark.skipif(not NGINX.exists(), reason=NO_NGINX)


def test_the_config_hashes_on_the_cookie_the_server_sets_and_lists_every_process(tmp_path: Path) -> None:
    text = nginx_config(["127.0.0.1:9001", "127.0.0.1:9002"], "127.0.0.1:8500", tmp_path)
    assert "{{" not in text
    assert f"map $cookie_{COOKIE} $hearts_sticky_key" in text
    assert "hash $hearts_sticky_key consistent;" in text
    directives = [line.split("#")[0] for line in TEMPLATE.read_text(encoding="utf-8").splitlines()]
    assert not any("ip_hash" in line for line in directives)  # loopback and school routers are one address
    assert (
        f"server 127.0.0.1:9001 {SERVER_PARAMETERS};" in text and f"server 127.0.0.1:9002 {SERVER_PARAMETERS};" in text
    )
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


def _learners_on_two_processes(stack: Stack) -> dict[str, str]:
    """Learner cookies from real pages, one per process: {process address: cookie}."""
    found: dict[str, str] = {}
    for _ in range(30):  # consistent hashing splits learners about evenly: 2**-29 to miss one process
        cookie = new_learner(stack.url)
        upstream, _ = get(stack.url + "/", cookie)
        found.setdefault(upstream, cookie)
        if len(found) == 2:
            break
    return found


@needs_nginx
def test_the_health_endpoint_answers_through_nginx(stack: Stack) -> None:
    with OPENER.open(stack.url + "/_stcore/health", timeout=10) as response:
        assert response.status == 200
        assert response.read() == b"ok"
        assert response.headers["X-Upstream"] in stack.backends


@needs_nginx
def test_a_page_through_nginx_sets_the_learner_cookie(stack: Stack) -> None:
    request = urllib.request.Request(stack.url + "/")
    with OPENER.open(request, timeout=10) as response:
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
            answered, renewed = get(stack.url + "/", cookie)
            assert answered == upstream
            assert learner_token(renewed) == learner_token(
                cookie
            )  # accepted (and renewed) by a process that did not sign it, maybe
        health = urllib.request.Request(stack.url + "/_stcore/health", headers={"Cookie": f"{COOKIE}={cookie}"})
        with OPENER.open(health, timeout=10) as response:
            assert response.headers["X-Upstream"] == upstream


@needs_nginx
def test_every_process_accepts_a_cookie_any_process_signed(stack: Stack) -> None:
    cookie = new_learner(stack.url)
    for backend in stack.backends:  # straight to each process, past nginx
        _, renewed = get(f"http://{backend}/", cookie)
        assert learner_token(renewed) == learner_token(cookie)


@needs_nginx
def test_a_streamlit_session_runs_the_home_page_over_the_websocket_through_nginx(stack: Stack) -> None:
    upstream, cookie = next(iter(_learners_on_two_processes(stack).items()))
    # A browser on a named host and port sends Host and Origin with both: Streamlit accepts the websocket
    # only when they match, so nginx must pass the Host on with its port (loopback names are let through).
    run = run_home_page(stack.port, cookie, host="hearts.test")
    assert run.upstream == upstream  # the same process as the learner's pages
    assert run.kinds[0] == "new_session"
    assert run.status == ForwardMsg.FINISHED_SUCCESSFULLY, run.kinds
    assert run.errors == []
    assert any("Hearts Academy" in heading for heading in run.headings), run.headings


# -- behind a TLS terminator (issue 28, item 9) ---------------------------------------------------------


def _first_page(url: str, forwarded_proto: str | None) -> tuple[str, str | None]:
    """The learner cookie's ``Set-Cookie`` on the first page and the HSTS header, for a request that says
    ``X-Forwarded-Proto: forwarded_proto`` (or nothing)."""
    headers = {} if forwarded_proto is None else {"X-Forwarded-Proto": forwarded_proto}
    with OPENER.open(urllib.request.Request(url + "/", headers=headers), timeout=10) as response:
        [cookie] = [header for header in response.headers.get_all("Set-Cookie") or [] if header.startswith(COOKIE)]
        return cookie, response.headers.get("Strict-Transport-Security")


def _is_secure(set_cookie: str) -> bool:
    return "secure" in [attribute.strip().lower() for attribute in set_cookie.split(";")]


@pytest.fixture(scope="module")
def stack_behind_tls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """One process behind an nginx that believes the X-Forwarded-Proto of 127.0.0.1: the address a TLS
    terminator on this machine (and this test) sends from."""
    if not NGINX.exists():
        pytest.skip(NO_NGINX)
    folder = tmp_path_factory.mktemp("stack-behind-tls")
    running = Stack(
        processes=1,
        port=free_port(),
        db_url=f"sqlite:///{folder / 'progress.sqlite3'}",
        folder=folder,
        tls_terminators=["127.0.0.1"],
    )
    running.start(timeout=90)
    try:
        yield running
    finally:
        running.stop()


@needs_nginx
@pytest.mark.parametrize("claimed", [None, "http", "https"])
def test_without_a_terminator_no_client_makes_the_cookie_secure(stack: Stack, claimed: str | None) -> None:
    cookie, hsts = _first_page(stack.url, claimed)
    assert not _is_secure(cookie), cookie  # the learner spoke plain HTTP to nginx, whatever it claims
    assert "HttpOnly" in cookie
    assert hsts is None


@needs_nginx
def test_behind_a_terminator_its_https_makes_the_cookie_secure_and_brings_hsts(stack_behind_tls: Stack) -> None:
    cookie, hsts = _first_page(stack_behind_tls.url, "https")
    assert _is_secure(cookie) and "HttpOnly" in cookie, cookie
    assert hsts == "max-age=31536000"
    # A proxy that appends its own value: the last one, the terminator's, counts.
    cookie, hsts = _first_page(stack_behind_tls.url, "https, http")
    assert not _is_secure(cookie) and hsts is None
    cookie, hsts = _first_page(stack_behind_tls.url, "http, https")
    assert _is_secure(cookie) and hsts == "max-age=31536000"


@needs_nginx
@pytest.mark.parametrize("claimed", [None, "http", "gopher"])
def test_behind_a_terminator_plain_http_stays_plain(stack_behind_tls: Stack, claimed: str | None) -> None:
    cookie, hsts = _first_page(stack_behind_tls.url, claimed)
    assert not _is_secure(cookie), cookie
    assert hsts is None


def test_only_addresses_are_believed_as_terminators(tmp_path: Path) -> None:
    text = nginx_config(["127.0.0.1:9001"], "127.0.0.1:8500", tmp_path, tls_terminators=["10.1.2.3", "fd00::/8"])
    geo = text[text.index("geo $hearts_from_tls_terminator") :].split("}", 1)[0]
    assert [line.strip() for line in geo.splitlines()[1:]] == ["default 0;", "10.1.2.3/32 1;", "fd00::/8 1;", ""]
    with pytest.raises(ValueError, match="not an IP address"):
        Stack(tls_terminators=["10.0.0.1; return 200"])
