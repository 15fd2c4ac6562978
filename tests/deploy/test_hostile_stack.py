"""The served stack against a hostile client (issue 28): what a stranger can send to nginx and to a
Streamlit process straight, past the page.

One stack (``deploy/stack.py``) of one Streamlit process behind Debian's nginx, on free loopback ports
with a new SQLite file.  The client here is the attacker's own: its own websocket session, its own
XSRF token (Streamlit's is a double-submit cookie: any token the client sends twice passes), raw PUTs
to ``/_stcore/upload_file/<session>/<any id>`` with or without a ``Content-Length``.

- Uploads: a 6 MB body is refused and a 4 MB one accepted, by the process and through nginx; a session
  holds at most :data:`hearts_ui.upload_limit.MAX_FILES_PER_SESSION` files, however many it sends.

Without ``/usr/sbin/nginx`` these are skipped, and say so.
"""

from __future__ import annotations

import re
import select
import socket
import time
import tomllib
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.web.server.starlette.starlette_app_utils import generate_xsrf_token_string
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from deploy.stack import NGINX, ROOT, TEMPLATE, Stack, free_port
from hearts_ui.upload_limit import MAX_FILES_PER_SESSION

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
