"""No exception's message, type or traceback reaches the browser outside development (issue 28):
``client.showErrorDetails = "none"`` in ``.streamlit/config.toml``, and a developer's
``STREAMLIT_CLIENT_SHOW_ERROR_DETAILS=full`` (or ``--client.showErrorDetails full``) brings them back.

A real ``streamlit run`` from the project's folder (so its config applies) of a one-line script that
fails with a server path in its message, read over the websocket as a client sees it.  (The test run
itself shows AppTest the details: the root ``conftest.py``.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Exception_pb2 import Exception as ExceptionProto
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from deploy.stack import free_port

ROOT = Path(__file__).resolve().parents[2]
SECRET = "could not open /srv/hearts/private/progress.sqlite3 as hearts:secret"
DEVELOPMENT = "STREAMLIT_CLIENT_SHOW_ERROR_DETAILS"
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@contextmanager
def _server(script: Path, development: bool) -> Iterator[str]:
    """``streamlit run script`` from the project's folder: its address while it runs."""
    port = free_port()
    env = {name: value for name, value in os.environ.items() if name != DEVELOPMENT}
    if development:
        env[DEVELOPMENT] = "full"
    log = script.with_suffix(f".{port}.log")
    with log.open("wb") as stream:
        process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true"]
            + ["--server.address", "127.0.0.1", "--server.port", str(port), "--server.fileWatcherType", "none"],
            cwd=ROOT,
            env=env,
            stdout=stream,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                assert process.poll() is None, log.read_text(errors="replace")
                try:
                    with _OPENER.open(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                        break
                except OSError:
                    assert time.monotonic() < deadline, log.read_text(errors="replace")
                    time.sleep(0.2)
            yield f"127.0.0.1:{port}"
        finally:
            process.terminate()
            process.wait(timeout=10)


def _exception_shown(address: str) -> ExceptionProto:
    """Run the script in a session of its own; the exception element the browser is sent."""
    rerun = BackMsg()
    rerun.rerun_script.query_string = ""
    with connect(
        f"ws://{address}/_stcore/stream", subprotocols=[Subprotocol("streamlit")], proxy=None, max_size=None
    ) as websocket:
        websocket.send(rerun.SerializeToString())
        deadline = time.monotonic() + 30
        while True:
            data = websocket.recv(timeout=max(0.1, deadline - time.monotonic()))
            assert isinstance(data, bytes)
            message = ForwardMsg()
            message.ParseFromString(data)
            if message.WhichOneof("type") == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                if element.WhichOneof("type") == "exception":
                    return element.exception
            assert message.WhichOneof("type") != "script_finished", "the script finished without an exception"


def _failing_script(folder: Path) -> Path:
    script = folder / "fails.py"
    script.write_text(f"raise RuntimeError({SECRET!r})\n", encoding="utf-8")
    return script


def test_the_served_app_shows_no_error_details(tmp_path: Path) -> None:
    with _server(_failing_script(tmp_path), development=False) as address:
        shown = _exception_shown(address)
    assert SECRET not in shown.message and "/srv/" not in shown.message
    assert list(shown.stack_trace) == []
    assert shown.type == ""  # not even the exception's type


def test_a_developer_sees_them_with_the_development_flag(tmp_path: Path) -> None:
    with _server(_failing_script(tmp_path), development=True) as address:
        shown = _exception_shown(address)
    assert shown.type == "RuntimeError"
    assert SECRET in shown.message
    assert shown.stack_trace
