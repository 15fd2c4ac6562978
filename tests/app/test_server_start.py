"""The server answers its first page before any heavy work (hearts_ui/server.py).

The lifespan opens the database and returns.  A background thread warms the compiled kernel once a
first session has been sent its whole page, which :class:`FirstPageWatch` sees on Streamlit's
websocket, and proves the puzzle library then only when its proofs file is another engine's; with a
current file the library loads when a learner first opens the Puzzles.  benchmarks/start_time.py
measures the start itself.
"""

from __future__ import annotations

import asyncio
import shutil
import threading
import time
from pathlib import Path

import pytest
from starlette.types import Message, Receive, Scope, Send
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from hearts_core.content.proofs import PROOFS_FILE, PROOFS_VARIABLE
from hearts_core.content.puzzles import PUZZLES_DIR
from hearts_ui.server import FIRST_PAGE_SENT, FirstPageWatch, lifespan
from hearts_ui.views.puzzles import common
from tests.run_async import run as run_async


def _forward(kind: str) -> bytes:
    message = ForwardMsg()
    if kind == "script_finished":
        message.script_finished = ForwardMsg.ScriptFinishedStatus.FINISHED_SUCCESSFULLY
    else:
        message.new_session.name = "app"
    return bytes(message.SerializeToString())


async def _streamlit(scope: Scope, receive: Receive, send: Send) -> None:
    """A stand-in for Streamlit's app: a session's run starts, then finishes."""
    for data in (_forward("new_session"), _forward("script_finished")):
        await send({"type": "websocket.send", "bytes": data})


async def _nothing() -> Message:
    return {"type": "websocket.receive"}


def test_the_first_script_finished_on_the_websocket_marks_the_first_page_sent() -> None:
    FIRST_PAGE_SENT.clear()
    sent: list[Message] = []

    async def record(message: Message) -> None:
        sent.append(message)

    watch = FirstPageWatch(_streamlit)
    run_async(watch({"type": "http", "path": "/"}, _nothing, record))
    assert not FIRST_PAGE_SENT.is_set()  # outside the websocket nothing is read
    run_async(watch({"type": "websocket", "path": "/_stcore/stream"}, _nothing, record))
    assert FIRST_PAGE_SENT.is_set()
    assert [message["bytes"] for message in sent] == [_forward("new_session"), _forward("script_finished")] * 2


def _start_then_first_page(folder: Path) -> tuple[bool, bool]:
    """Whether the library of ``folder`` was loaded when the server began answering, and once the first
    page had gone out and the background work was done."""

    async def scenario() -> tuple[bool, bool]:
        async with lifespan(None):
            at_start = str(folder) in common._LIBRARIES
            FIRST_PAGE_SENT.set()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and any(
                thread.name == "hearts-warm-up" for thread in threading.enumerate()
            ):
                await asyncio.sleep(0.05)
        return at_start, str(folder) in common._LIBRARIES

    FIRST_PAGE_SENT.clear()
    return run_async(scenario())


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the puzzle library (with its proofs file) that the app serves."""
    copy = tmp_path / "puzzles"
    shutil.copytree(PUZZLES_DIR, copy)
    monkeypatch.setenv(common.FOLDER_VARIABLE, str(copy))
    monkeypatch.delenv(PROOFS_VARIABLE, raising=False)
    return copy


def test_with_current_proofs_the_library_waits_for_the_first_learner_who_opens_the_puzzles(folder: Path) -> None:
    assert _start_then_first_page(folder) == (False, False)


def test_with_another_engines_proofs_the_library_is_proven_after_the_first_page(folder: Path) -> None:
    (folder / PROOFS_FILE).write_text("{}", encoding="utf-8")
    assert _start_then_first_page(folder) == (False, True)
    assert common._LIBRARIES[str(folder)].problems == ()
