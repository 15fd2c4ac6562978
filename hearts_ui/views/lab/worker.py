"""Where a Variant Lab simulation is played: a pool of worker processes, off the server's own process.

A Streamlit server runs every learner's page in one Python process, so a simulation played there
(20,000 deals take a minute or more) would slow every other learner's clicks.  Chunks are sent to a
``concurrent.futures.ProcessPoolExecutor`` instead: a process pool rather than a job queue because
the work is pure CPU, lives as long as one session watches it, needs no persistence (a learner who
leaves drops it) and no broker to install; its workers start from a clean ``forkserver`` (never a
fork of the threaded server), run at a lower priority than the server, and number one fewer than
the cores (at least one).  The page keeps the pending chunk's future in the session and polls it
from its progress fragment, so progress and Cancel work as before.

``HEARTS_LAB_WORKERS=0`` plays chunks in the server process (for a comparison, or where processes
cannot be started).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final

from hearts_core.lab import ChunkCall, PlayedChunk
from hearts_core.search import fast

#: The environment variable that sets the number of worker processes (0: play in the server).
WORKERS_VARIABLE: Final = "HEARTS_LAB_WORKERS"
#: How much lower the workers' CPU priority is than the server's (``os.nice``).
NICENESS: Final = 10

_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK: Final = threading.Lock()


def worker_count() -> int:
    """How many worker processes play simulations (0: none, chunks are played in the server)."""
    configured = os.environ.get(WORKERS_VARIABLE)
    if configured is not None and configured.strip().isdigit():
        return int(configured)
    return max(1, (os.cpu_count() or 2) - 1)


def _lower_priority() -> None:
    """In each worker: give the CPU to the server's page runs first, and load the compiled kernel
    (from numba's cache, in the background: a chunk that comes first waits for what it needs)."""
    with contextlib.suppress(OSError):  # not allowed here: run at the same priority
        os.nice(NICENESS)
    fast.warm_in_background()


def _pool() -> ProcessPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            context = multiprocessing.get_context("forkserver")
            _POOL = ProcessPoolExecutor(max_workers=worker_count(), mp_context=context, initializer=_lower_priority)
        return _POOL


def shut_down() -> None:
    """Stop the worker processes (the server's shutdown calls this; a pool is made again if needed)."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _reset_pool() -> None:
    global _POOL
    with _POOL_LOCK:
        _POOL = None


def submit(call: ChunkCall) -> Future[PlayedChunk]:
    """Play ``call`` in a worker process (or, with no workers, here, already done when returned)."""
    if worker_count() == 0:
        return _played_here(call)
    try:
        return _pool().submit(call.play)
    except BrokenProcessPool:  # a worker died (killed, out of memory): start a new pool once
        _reset_pool()
        return _pool().submit(call.play)


def _played_here(call: ChunkCall) -> Future[PlayedChunk]:
    future: Future[PlayedChunk] = Future()
    future.set_result(call.play())
    return future


__all__ = ["WORKERS_VARIABLE", "shut_down", "submit", "worker_count"]
