"""The served stack against a hostile client (issue 28): what a stranger can send to nginx and to a
Streamlit process straight, past the page.

One stack (``deploy/stack.py``) of one Streamlit process behind Debian's nginx, on free loopback ports
with a new SQLite file.  The client here is the attacker's own: its own websocket session, its own
XSRF token (Streamlit's is a double-submit cookie: any token the client sends twice passes), raw PUTs
to ``/_stcore/upload_file/<session>/<any id>`` with or without a ``Content-Length``.

- Uploads: a 6 MB body is refused and a 4 MB one accepted, by the process and through nginx; a session
  holds at most :data:`hearts_ui.upload_limit.MAX_FILES_PER_SESSION` files, however many it sends.
- nginx: hardening headers on every answer (a CSP with ``frame-ancestors 'self'``, ``nosniff``,
  ``Referrer-Policy``; HSTS over HTTPS only, from a second nginx with a self-signed certificate);
  Streamlit's metrics and other internals answered 404, its host config answered by nginx itself; a
  Host the site is not gets no answer (444); and every page of the real app loads in chromium through
  the stack with nothing the CSP blocks, while another site cannot frame it.

Without ``/usr/sbin/nginx`` the stack's tests are skipped, and say so; without ``/usr/bin/chromium``
(or ``openssl``) so are the ones that need it.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import socket
import ssl
import subprocess
import time
import tomllib
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.web.server.starlette.starlette_app_utils import generate_xsrf_token_string
from websockets.exceptions import InvalidHandshake
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from deploy.stack import NGINX, ROOT, TEMPLATE, Stack, free_port, nginx_config
from hearts_ui.frame import PAGES
from hearts_ui.upload_limit import MAX_FILES_PER_SESSION

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.deploy, pytest.mark.slow]  # a stack of servers: the full run's
NO_NGINX = f"{NGINX} not found: install Debian's nginx (apt-get install nginx) to test the stack"
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
MB = 1024 * 1024
#: The attacker's XSRF token, sent as the cookie and as the header.
TOKEN = generate_xsrf_token_string()
BOUNDARY = "hostileboundary"


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    if not NGINX.exists():
        pytest.skip(NO_NGINX)
    folder = tmp_path_factory.mktemp("stack")
    running = Stack(processes=1, port=free_port(), db_url=f"sqlite:///{folder / 'progress.sqlite3'}", folder=folder)
    running.start(timeout=90)
    try:
        yield running
    finally:
        running.stop()


def _address(url: str) -> str:
    return url.removeprefix("http://")


@contextmanager
def session(address: str) -> Iterator[str]:
    """A Streamlit session of the attacker's own on ``address`` (host:port): its id, while it lasts."""
    rerun = BackMsg()
    rerun.rerun_script.query_string = ""
    rerun.rerun_script.page_name = ""
    with connect(
        f"ws://{address}/_stcore/stream",
        subprotocols=[Subprotocol("streamlit")],
        proxy=None,
        open_timeout=10,
        max_size=None,
        max_queue=None,
    ) as websocket:
        websocket.send(rerun.SerializeToString())
        deadline = time.monotonic() + 30
        while True:
            data = websocket.recv(timeout=max(0.1, deadline - time.monotonic()))
            assert isinstance(data, bytes)
            message = ForwardMsg.FromString(data)
            if message.WhichOneof("type") == "new_session":
                yield message.new_session.initialize.session_id
                return


def _multipart(size: int) -> bytes:
    head = (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="uploadedFile"; filename="progress.json"\r\n'
        "Content-Type: application/json\r\n\r\n"
    ).encode()
    return head + b"x" * size + f"\r\n--{BOUNDARY}--\r\n".encode()


def _chunked(body: bytes, piece: int = 256 * 1024) -> bytes:
    chunks = [body[start : start + piece] for start in range(0, len(body), piece)]
    return b"".join(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" for chunk in chunks) + b"0\r\n\r\n"


class Answer(NamedTuple):
    status: int  #: 0 when the server closed the connection without an answer
    upstream: str  #: nginx's ``X-Upstream``: the process that answered, empty when nginx did itself


def put(address: str, session_id: str, size: int, *, file_id: str | None = None, chunked: bool = False) -> Answer:
    """PUT a ``size``-byte file to the upload endpoint as a raw client.  The body goes on until the
    server answers (a server may answer early and stop reading), with a ``Content-Length``, or chunked
    with none."""
    body = _multipart(size)
    headers = [
        f"PUT /_stcore/upload_file/{session_id}/{file_id or uuid.uuid4()} HTTP/1.1",
        f"Host: {address}",
        f"Cookie: _streamlit_xsrf={TOKEN}",
        f"X-Xsrftoken: {TOKEN}",
        f"Content-Type: multipart/form-data; boundary={BOUNDARY}",
        "Connection: close",
        "Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(body)}",
    ]
    payload = memoryview(_chunked(body) if chunked else body)
    host, port = address.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(("\r\n".join(headers) + "\r\n\r\n").encode())
        sent = 0
        while sent < len(payload):
            readable, writable, _ = select.select([sock], [sock], [], 30)
            if readable:
                break  # answered before the whole body: a refusal
            assert writable, "the server neither reads the body nor answers"
            try:
                sent += sock.send(payload[sent : sent + 64 * 1024])
            except (BrokenPipeError, ConnectionResetError):
                break
        answer = b""
        try:
            while b"\r\n\r\n" not in answer:
                data = sock.recv(4096)
                if not data:
                    break
                answer += data
        except ConnectionResetError:
            pass
    status = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    upstream = re.search(rb"\r\nX-Upstream: ([^\r]*)", answer, re.IGNORECASE)
    return Answer(int(status.group(1)) if status else 0, upstream.group(1).decode() if upstream else "")


def _held_upload_bytes(backend: str) -> int:
    """What the process holds in uploaded files, from its metrics (computed afresh every 5 s at most)."""
    with _OPENER.open(f"http://{backend}/_stcore/metrics", timeout=10) as response:
        text = response.read().decode()
    found = re.search(r'cache_memory_bytes\{cache_type="UploadedFileManager"[^}]*\} (\d+)', text)
    return int(found.group(1)) if found else 0


# -- item 1: uploads ------------------------------------------------------------------------------


def test_the_upload_limit_is_the_progress_file_s_everywhere() -> None:
    from hearts_ui.views.account import MAX_UPLOAD_MB

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == MAX_UPLOAD_MB
    directives = [line.split("#")[0].strip() for line in TEMPLATE.read_text(encoding="utf-8").splitlines()]
    assert f"client_max_body_size {MAX_UPLOAD_MB}m;" in directives


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_6_mb_upload_is_refused_and_a_4_mb_one_accepted_by_the_process(stack: Stack, chunked: bool) -> None:
    backend = stack.backends[0]
    with session(backend) as session_id:
        assert put(backend, session_id, 6 * MB, chunked=chunked).status == 413
        assert put(backend, session_id, 4 * MB, chunked=chunked).status == 204


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_6_mb_upload_is_refused_and_a_4_mb_one_accepted_through_nginx(stack: Stack, chunked: bool) -> None:
    front = _address(stack.url)
    with session(front) as session_id:
        assert put(front, session_id, 6 * MB, chunked=chunked) == (413, "")  # nginx itself: no process saw it
        assert put(front, session_id, 4 * MB, chunked=chunked) == (204, stack.backends[0])


def test_a_session_holds_only_a_few_files_however_many_it_sends(stack: Stack) -> None:
    backend = stack.backends[0]
    size = 256 * 1024
    time.sleep(5.1)  # the metrics of an earlier call are stale now
    before = _held_upload_bytes(backend)
    with session(backend) as session_id:
        statuses = [put(backend, session_id, size).status for _ in range(3 * MAX_FILES_PER_SESSION)]
        time.sleep(5.1)
        held = _held_upload_bytes(backend) - before
    assert statuses == [204] * len(statuses)  # the newest always goes in: the oldest make way
    assert size * MAX_FILES_PER_SESSION <= held < size * (MAX_FILES_PER_SESSION + 1)


# -- item 10: what nginx sends, and to whom -----------------------------------------------------------


def _get(address: str, path: str, host: str | None = None) -> tuple[int, dict[str, list[str]], bytes]:
    """A raw ``GET`` with the ``Host`` given (the address's by default; ``""``: an HTTP/1.0 request with
    none): status (0 when the connection closed without an answer), headers by lower-case name, body."""
    host_, port = address.rsplit(":", 1)
    if host == "":
        request = f"GET {path} HTTP/1.0\r\n\r\n"
    else:
        request = f"GET {path} HTTP/1.1\r\nHost: {host or address}\r\nConnection: close\r\n\r\n"
    answer = b""
    with socket.create_connection((host_, int(port)), timeout=30) as sock:
        sock.sendall(request.encode())
        try:
            while data := sock.recv(65536):
                answer += data
        except ConnectionResetError:
            pass
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = re.match(r"HTTP/1\.[01] (\d{3})", lines[0])
    headers: dict[str, list[str]] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return int(status.group(1)) if status else 0, headers, body


def _csp(headers: dict[str, list[str]]) -> dict[str, list[str]]:
    [policy] = headers["content-security-policy"]
    directives = (part.split() for part in policy.split(";") if part.strip())
    return {words[0]: words[1:] for words in directives}


@pytest.mark.parametrize("path", ["/", "/Lessons", "/_stcore/health", "/_stcore/host-config", "/_stcore/metrics"])
def test_every_answer_carries_the_hardening_headers(stack: Stack, path: str) -> None:
    status, headers, _ = _get(_address(stack.url), path)
    assert status in (200, 404)
    policy = _csp(headers)
    assert policy["frame-ancestors"] == ["'self'"]
    assert policy["default-src"] == ["'self'"] and policy["connect-src"] == ["'self'"]
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"]
    assert policy["object-src"] == ["'none'"]
    assert headers["x-content-type-options"] == ["nosniff"]  # once, though Streamlit sends it too
    assert headers["referrer-policy"] == ["same-origin"]
    assert "strict-transport-security" not in headers  # plain HTTP: no HSTS


def test_the_csp_lets_streamlit_s_own_inline_script_run() -> None:
    """The one inline script of Streamlit's index.html runs by its hash: a Streamlit upgrade that changes
    it fails here, naming the hash to put in ``deploy/nginx.conf.template``."""
    import base64
    import hashlib

    import streamlit

    index = (Path(streamlit.__file__).parent / "static" / "index.html").read_text(encoding="utf-8")
    template = TEMPLATE.read_text(encoding="utf-8")
    for script in re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", index, re.DOTALL):
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in template, f"add 'sha256-{digest}' to script-src for {script.strip()!r}"


@pytest.mark.parametrize("path", ["/_stcore/metrics", "/_stcore/script-health-check", "/_stcore/agent/openapi.json"])
def test_streamlit_s_internals_are_not_served(stack: Stack, path: str) -> None:
    status, headers, body = _get(_address(stack.url), path)
    assert status == 404
    assert "x-upstream" not in headers  # nginx answered: no process was asked
    assert b"cache_memory_bytes" not in body


def test_the_metrics_are_still_there_inside(stack: Stack) -> None:
    status, _, body = _get(stack.backends[0], "/_stcore/metrics")
    assert status == 200 and b"# EOF" in body  # for a monitor on the inside network


def test_the_host_config_nginx_answers_is_the_one_streamlit_would(stack: Stack) -> None:
    import json

    status, headers, body = _get(_address(stack.url), "/_stcore/host-config")
    inside_status, _, inside = _get(stack.backends[0], "/_stcore/host-config")
    assert status == inside_status == 200
    assert "x-upstream" not in headers  # nginx answered it itself
    assert headers["content-type"] == ["application/json"]
    assert "no-cache" in headers["cache-control"][0]
    # Streamlit's own, but for the origins allowed to send the page messages from a parent frame: none
    # (Streamlit lists its cloud's hosts; frame-ancestors 'self' lets none of them frame the page anyway).
    # After a Streamlit upgrade that changes the rest, copy the new answer into the template.
    served, own = json.loads(body), json.loads(inside)
    assert served["allowedOrigins"] == []
    assert {**served, "allowedOrigins": None} == {**own, "allowedOrigins": None}


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "10.1.2.3", ""])
def test_a_host_the_site_is_not_gets_no_answer(stack: Stack, host: str) -> None:
    status, _, body = _get(_address(stack.url), "/", host=host)
    assert (status, body) == (0, b"")  # 444: the connection closed, not a byte sent


@pytest.mark.parametrize("name", ["127.0.0.1", "localhost"])
def test_the_site_s_own_names_are_answered(stack: Stack, name: str) -> None:
    status, headers, _ = _get(_address(stack.url), "/_stcore/health", host=f"{name}:{stack.port}")
    assert status == 200 and headers["x-upstream"] == [stack.backends[0]]


def test_a_websocket_to_an_unknown_host_is_refused(stack: Stack) -> None:
    with pytest.raises((InvalidHandshake, OSError)):
        connect(
            f"ws://evil.example:{stack.port}/_stcore/stream",
            sock=socket.create_connection(("127.0.0.1", stack.port), timeout=10),
            subprotocols=[Subprotocol("streamlit")],
            proxy=None,
            open_timeout=10,
        ).close()


@pytest.fixture()
def https_nginx(stack: Stack, tmp_path: Path) -> Iterator[str]:
    """The stack's config served over HTTPS by a second nginx, with a self-signed certificate: its address."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl not found: cannot make a certificate to test nginx over HTTPS")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    for folder in ("logs", "tmp"):
        (tmp_path / folder).mkdir()
    address = f"127.0.0.1:{free_port()}"
    text = nginx_config(stack.backends, address, tmp_path)
    text = text.replace(f"listen {address}", f"listen {address} ssl")
    text = text.replace("http {", f"http {{\n    ssl_certificate {cert};\n    ssl_certificate_key {key};", 1)
    config = tmp_path / "nginx.conf"
    config.write_text(text, encoding="utf-8")
    command = [str(NGINX), "-p", str(tmp_path), "-c", str(config), "-e", str(tmp_path / "logs" / "error.log")]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", int(address.rsplit(":", 1)[1])), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, (tmp_path / "logs" / "error.log").read_text()
                assert time.monotonic() < deadline, "nginx over HTTPS did not start"
                time.sleep(0.1)
        yield address
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


def test_hsts_is_sent_over_https_only(stack: Stack, https_nginx: str) -> None:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), urllib.request.HTTPSHandler(context=context))
    with opener.open(f"https://{https_nginx}/_stcore/health", timeout=10) as response:
        assert response.status == 200
        assert response.headers["Strict-Transport-Security"] == "max-age=31536000"
        assert "frame-ancestors 'self'" in response.headers["Content-Security-Policy"]
    _, headers, _ = _get(_address(stack.url), "/_stcore/health")
    assert "strict-transport-security" not in headers


# -- the real app through the hardened stack, in chromium ---------------------------------------------

#: Every page of the app, by its address.
PATHS = ["/", *(f"/{Path(path).stem.split('_', 1)[1]}" for path, _, _ in PAGES if path != "app.py")]
_WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
    (event) => window.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`));
"""


@pytest.fixture()
def chromium(browser: Browser) -> Browser:
    """The session's Chromium (tests/chromium.py: a second sync Playwright cannot start beside it)."""
    return browser


def _settled(page: Page) -> None:
    page.wait_for_selector('[data-testid="stApp"][data-test-connection-state="CONNECTED"]', timeout=30_000)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=60_000)


def test_every_page_loads_through_the_stack_with_nothing_the_csp_blocks(stack: Stack, chromium: Browser) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(_WATCH_CSP)
    page = context.new_page()
    try:
        for path in PATHS:
            page.goto(stack.url + path)
            _settled(page)
            assert page.locator('[data-testid="stException"]').count() == 0, path
            assert page.locator("h1, h2, h3").count() > 0, path
            if path == "/Variant_Lab":  # two card tables: a components v2 component, its script a blob: module
                page.locator(".hat").nth(1).wait_for(timeout=30_000)
            assert page.evaluate("window.__csp") == [], path
    finally:
        context.close()


def test_another_site_cannot_frame_the_app(stack: Stack, chromium: Browser) -> None:
    context = chromium.new_context()
    page = context.new_page()
    try:
        page.set_content(f'<iframe id="app" src="{stack.url}/_stcore/health"></iframe>')
        page.wait_for_timeout(2_000)
        [framed] = [frame for frame in page.frames if frame != page.main_frame]
        assert framed.url.startswith("chrome-error:")  # the browser's refusal, not the answer "ok"
    finally:
        context.close()
