"""The server answers its first page before any heavy work (hearts_ui/server.py).

The lifespan opens the database and returns; the puzzle library (and the compiled kernel) are loaded by
a background thread once a first session has been sent its whole page, which :class:`FirstPageWatch`
sees on Streamlit's websocket.  benchmarks/start_time.py measures the start itself.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path

import pytest
from starlette.types import Message, Receive, Scope, Send
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from hearts_core.content.puzzles import PUZZLES_DIR
from hearts_ui.server import FIRST_PAGE_SENT, FirstPageWatch, lifespan
from hearts_ui.views.puzzles import common


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
    asyncio.run(watch({"type": "http", "path": "/"}, _nothing, record))
    assert not FIRST_PAGE_SENT.is_set()  # outside the websocket nothing is read
    asyncio.run(watch({"type": "websocket", "path": "/_stcore/stream"}, _nothing, record))
    assert FIRST_PAGE_SENT.is_set()
    assert [message["bytes"] for message in sent] == [_forward("new_session"), _forward("script_finished")] * 2


def test_the_server_answers_before_it_loads_the_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "puzzles"
    shutil.copytree(PUZZLES_DIR, folder)
    monkeypatch.setenv(common.FOLDER_VARIABLE, str(folder))
    FIRST_PAGE_SENT.clear()

    async def start_then_first_page() -> bool:
        async with lifespan(None):
            waiting = str(folder) not in common._LIBRARIES  # the server answers now, the library not loaded
            FIRST_PAGE_SENT.set()
            deadline = time.monotonic() + 60
            while str(folder) not in common._LIBRARIES and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
        return waiting

    assert asyncio.run(start_then_first_page())
    assert common._LIBRARIES[str(folder)].problems == ()
