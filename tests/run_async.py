"""Run a coroutine to its end from a test, whatever else runs in the test's thread.

The session's Chromium is driven by Playwright's sync API, which keeps an event loop running in the
test process's main thread once a browser test has started; ``asyncio.run`` there then fails
("cannot be called from a running event loop").  A test that drives an ASGI app or middleware by hand
runs its coroutine in a thread of its own instead, on a loop of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a new thread: its result, or its exception raised here."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-asyncio") as pool:
        return pool.submit(asyncio.run, coroutine).result()
