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

The workers end with the server, even when it is killed (``kill -9``, the out-of-memory killer), where
no shutdown code runs.  Left alone they would not: a worker waits for its next chunk on a queue whose
write end it holds itself, and the forkserver would wait for the end of its "alive" pipe, whose write
end every worker also holds (``multiprocessing.forkserver`` gives each child one), so the workers, the
forkserver and the resource tracker would all outlive the server, forever.  A parent-death signal
(Linux's ``PR_SET_PDEATHSIG``) does not help: a worker's parent is the forkserver, which stays.  So
the pool is made with a *lifeline*: a pipe whose write end only the server holds (it is never written
to, and not inherited by anything the server starts: Python's pipes are not inheritable), and whose
read end each worker is given at its start.  A daemon thread in each worker waits on it; when the
server's process ends, for whatever reason, the kernel closes the write end, the read ends see the
end of the pipe, and each worker exits at once (the thread runs even while a chunk is being played:
the compiled kernel releases the GIL).  With the workers gone, the forkserver's and the resource
tracker's pipes close too and they exit on their own.  This works on any POSIX system, needs no
polling, and does not depend on which process is a worker's parent.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Final

from hearts_core.lab import ChunkCall, PlayedChunk
from hearts_core.search import fast

#: The environment variable that sets the number of worker processes (0: play in the server).
WORKERS_VARIABLE: Final = "HEARTS_LAB_WORKERS"
#: How much lower the workers' CPU priority is than the server's (``os.nice``).
NICENESS: Final = 10

_POOL: ProcessPoolExecutor | None = None
#: The pool's lifeline (see the module's text): the workers' end (copied to each worker as it starts)
#: and the server's, whose closing (or the server's end) ends them.
_LIFELINE: tuple[Connection, Connection] | None = None
_POOL_LOCK: Final = threading.Lock()


def worker_count() -> int:
    """How many worker processes play simulations (0: none, chunks are played in the server)."""
    configured = os.environ.get(WORKERS_VARIABLE)
    if configured is not None and configured.strip().isdigit():
        return int(configured)
    return max(1, (os.cpu_count() or 2) - 1)


def _start_worker(lifeline: Connection) -> None:
    """In each worker, before its first chunk: end with the server, give the CPU to the server's page
    runs first, and load the compiled kernel (from numba's cache, in the background: a chunk that comes
    first waits for what it needs)."""
    threading.Thread(target=_exit_with_the_server, args=(lifeline,), name="hearts-lifeline", daemon=True).start()
    with contextlib.suppress(OSError):  # not allowed here: run at the same priority
        os.nice(NICENESS)
    fast.warm_in_background()


def _exit_with_the_server(lifeline: Connection) -> None:
    """Wait for the end of the lifeline (the server's process has ended, or its pool shut down), then
    end this worker at once: its chunk, if any, has nobody left to go to."""
    with contextlib.suppress(EOFError, OSError):
        while True:
            lifeline.recv_bytes()  # nothing is ever sent: this returns only at the end of the pipe
    os._exit(0)


def _pool() -> ProcessPoolExecutor:
    global _POOL, _LIFELINE
    with _POOL_LOCK:
        if _POOL is None:
            context = multiprocessing.get_context("forkserver")
            _LIFELINE = context.Pipe(duplex=False)
            _POOL = ProcessPoolExecutor(
                max_workers=worker_count(), mp_context=context, initializer=_start_worker, initargs=(_LIFELINE[0],)
            )
        return _POOL


def shut_down() -> None:
    """Stop the worker processes (the server's shutdown calls this; a pool is made again if needed)."""
    pool, lifeline = _forget_pool()
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
    _cut(lifeline)


def _forget_pool() -> tuple[ProcessPoolExecutor | None, tuple[Connection, Connection] | None]:
    global _POOL, _LIFELINE
    with _POOL_LOCK:
        pool, lifeline = _POOL, _LIFELINE
        _POOL, _LIFELINE = None, None
    return pool, lifeline


def _cut(lifeline: tuple[Connection, Connection] | None) -> None:
    """Close both of the server's ends of a lifeline: the pool's workers still running see its end."""
    for end in lifeline or ():
        end.close()


def _reset_pool() -> None:
    """Forget a broken pool; cutting its lifeline ends whichever of its workers are still running."""
    _, lifeline = _forget_pool()
    _cut(lifeline)


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
