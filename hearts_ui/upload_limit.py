"""How many uploaded files one Streamlit session may hold: an ASGI middleware around Streamlit's upload
endpoint.

Streamlit keeps every file PUT to ``/_stcore/upload_file/<session>/<file id>`` in the process's memory
until the session ends, under any id the client makes up, and has no per-session limit (its
``MemoryUploadedFileManager`` only counts files for the metrics).  Its ``server.maxUploadSize`` bounds
one file (5 MB here, ``.streamlit/config.toml``, the progress file's limit); this bounds how many.

A session holds at most :data:`MAX_FILES_PER_SESSION` files.  A new file over that number makes the
session's oldest files go first, before its body is read: the app's pages each have one single-file
uploader, and widget state is per page, so the files a page still shows are always the newest (a
learner who uploads on one page, moves on and comes back leaves the old file behind; it goes, and
nobody is refused).  Only uploads *in flight* at once past the limit are refused (429), since those
cannot be evicted; a client that sends many at once gains nothing but that answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from starlette.types import ASGIApp, Receive, Scope, Send
from streamlit.logger import get_logger
from streamlit.runtime import Runtime
from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager

#: The most uploaded files one session holds (and uploads in flight at once).
MAX_FILES_PER_SESSION: Final = 4
#: Streamlit's upload route, under any ``server.baseUrlPath``.
_UPLOAD: Final = re.compile(r"/_stcore/upload_file/([^/]+)/([^/]+)$")
_LOG: Final = get_logger(__name__)


def _runtime_files() -> MemoryUploadedFileManager | None:
    """The running server's uploaded files, when Streamlit keeps them in memory (its only kind)."""
    if not Runtime.exists():
        return None
    manager = Runtime.instance().uploaded_file_mgr
    return manager if isinstance(manager, MemoryUploadedFileManager) else None


def held(files: MemoryUploadedFileManager, session_id: str) -> list[str]:
    """The ids of the files ``session_id`` holds, oldest first (a dict keeps the order of insertion)."""
    return list(files.file_storage.get(session_id, ()))


class UploadLimit:
    """Keeps every session to :data:`MAX_FILES_PER_SESSION` uploaded files (see the module's text)."""

    def __init__(
        self,
        app: ASGIApp,
        limit: int = MAX_FILES_PER_SESSION,
        files: Callable[[], MemoryUploadedFileManager | None] = _runtime_files,
    ) -> None:
        self.app = app
        self.limit = limit
        self._files = files
        #: The file ids being uploaded now, by session.  Only the event loop's thread touches it, and
        #: nothing awaits between the check and the bookkeeping, so no lock is needed.
        self._in_flight: dict[str, set[str]] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = _UPLOAD.search(str(scope.get("path", ""))) if scope["type"] == "http" else None
        files = self._files() if match is not None and scope.get("method") == "PUT" else None
        if match is None or files is None:
            await self.app(scope, receive, send)
            return
        session_id, file_id = match.groups()
        uploading = self._in_flight.setdefault(session_id, set())
        if file_id not in uploading and len(uploading) >= self.limit:
            _LOG.warning("Upload refused: session %s already has %d uploads in flight", session_id, len(uploading))
            await _refuse(send)
            return
        kept = [name for name in held(files, session_id) if name != file_id and name not in uploading]
        for old in kept[: max(0, len(kept) + len(uploading - {file_id}) + 1 - self.limit)]:
            files.remove_file(session_id, old)
        uploading.add(file_id)
        try:
            await self.app(scope, receive, send)
        finally:
            uploading.discard(file_id)
            if not uploading:
                self._in_flight.pop(session_id, None)


async def _refuse(send: Send) -> None:
    body = b"Too many uploads at once"
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


__all__ = ["MAX_FILES_PER_SESSION", "UploadLimit", "held"]
