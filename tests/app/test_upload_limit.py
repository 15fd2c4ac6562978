"""The uploaded-files limit (``hearts_ui/upload_limit.py``) around a stand-in for Streamlit's upload
route, with Streamlit's own in-memory file manager: a session keeps its newest few files, a file sent
again is replaced, too many at once are refused before their body is read, and nothing else is
touched.  ``tests/deploy/test_hostile_stack.py`` drives the real server."""

from __future__ import annotations

import asyncio

from starlette.types import Message, Receive, Scope, Send
from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.uploaded_file_manager import UploadedFileRec

from hearts_ui.upload_limit import MAX_FILES_PER_SESSION, UploadLimit, held
from tests.run_async import run as run_async


class Route:
    """Streamlit's upload routes, reduced: a PUT stores the file, a DELETE removes it (after ``gate``
    opens, if any); every other request just answers."""

    def __init__(self, files: MemoryUploadedFileManager) -> None:
        self.files = files
        self.gate: asyncio.Event | None = None
        self.calls = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.calls += 1
        if self.gate is not None:
            await self.gate.wait()
        session_id, file_id = str(scope["path"]).split("/")[-2:]
        if scope["path"].startswith("/_stcore/upload_file/") and scope["method"] == "PUT":
            self.files.add_file(session_id, UploadedFileRec(file_id, "f.json", "application/json", b"x" * 10))
        elif scope["path"].startswith("/_stcore/upload_file/") and scope["method"] == "DELETE":
            self.files.remove_file(session_id, file_id)
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})


async def _call(app: UploadLimit, method: str, path: str) -> int:
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    await app({"type": "http", "method": method, "path": path, "headers": []}, receive, send)
    return int(sent[0]["status"])


def _limited() -> tuple[UploadLimit, Route, MemoryUploadedFileManager]:
    files = MemoryUploadedFileManager("/_stcore/upload_file")
    route = Route(files)
    return UploadLimit(route, files=lambda: files), route, files


def test_a_session_keeps_its_newest_files_only() -> None:
    app, _, files = _limited()
    sent = [f"file{number}" for number in range(3 * MAX_FILES_PER_SESSION)]

    async def upload() -> list[int]:
        return [await _call(app, "PUT", f"/_stcore/upload_file/s1/{name}") for name in sent]

    assert run_async(upload()) == [204] * len(sent)
    assert held(files, "s1") == sent[-MAX_FILES_PER_SESSION:]


def test_sessions_are_counted_apart_and_a_file_sent_again_is_replaced() -> None:
    app, _, files = _limited()

    async def upload() -> None:
        for name in ("a", "b", "c", "d"):
            await _call(app, "PUT", f"/_stcore/upload_file/s1/{name}")
        await _call(app, "PUT", "/_stcore/upload_file/s2/other")
        await _call(app, "PUT", "/_stcore/upload_file/s1/a")

    run_async(upload())
    assert held(files, "s1") == ["a", "b", "c", "d"][:MAX_FILES_PER_SESSION]
    assert held(files, "s2") == ["other"]


def test_too_many_uploads_at_once_are_refused_before_the_body_is_read() -> None:
    app, route, files = _limited()

    async def flood() -> tuple[list[int], int, int]:
        route.gate = asyncio.Event()
        waiting = [
            asyncio.create_task(_call(app, "PUT", f"/_stcore/upload_file/s1/slow{number}"))
            for number in range(MAX_FILES_PER_SESSION)
        ]
        await asyncio.sleep(0.01)
        refused = await _call(app, "PUT", "/_stcore/upload_file/s1/one-too-many")
        calls = route.calls
        route.gate.set()
        return (
            [*await asyncio.gather(*waiting), refused],
            calls,
            await _call(app, "PUT", "/_stcore/upload_file/s1/later"),
        )

    statuses, calls, later = run_async(flood())
    assert statuses == [204] * MAX_FILES_PER_SESSION + [429]
    assert calls == MAX_FILES_PER_SESSION  # the refused one never reached Streamlit's route
    assert later == 204
    assert len(held(files, "s1")) == MAX_FILES_PER_SESSION
    assert app._in_flight == {}  # nothing kept about sessions with nothing in flight


def test_other_requests_pass_untouched() -> None:
    app, route, files = _limited()

    async def others() -> list[int]:
        for number in range(MAX_FILES_PER_SESSION):
            await _call(app, "PUT", f"/_stcore/upload_file/s1/f{number}")
        return [
            await _call(app, "DELETE", "/_stcore/upload_file/s1/f0"),
            await _call(app, "GET", "/_stcore/health"),
            await _call(app, "PUT", "/_stcore/elsewhere/s1/f9"),
        ]

    assert run_async(others()) == [204, 204, 204]
    assert route.calls == MAX_FILES_PER_SESSION + 3
    assert held(files, "s1") == [f"f{number}" for number in range(1, MAX_FILES_PER_SESSION)]
