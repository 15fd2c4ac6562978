"""Large simulations in seeded chunks, on whatever runs them: a Dask cluster, or a local worker pool.

:func:`run_chunks` is the one way a large simulation (the Variant Lab's paired hands, the strength
ladder's matches) is spread over processes or machines.  The caller cuts the work into chunks, each a
picklable value that carries its own seed, and a module-level function plays one chunk; the results
come back in the chunks' order, so they never depend on which worker played a chunk, nor on how many
workers there are.

Where the chunks run, in this order:

1. ``HEARTS_DASK_SCHEDULER=tcp://host:8786`` in the environment: on that Dask scheduler's workers
   (started with ``dask scheduler`` and ``dask worker tcp://host:8786`` on machines with the project
   installed; ``docs/operations.md``);
2. else, when the ``cluster`` extra is installed (``dask`` and ``distributed`` import): a local Dask
   cluster of ``workers`` processes (one thread each), made for the call and closed after it;
3. else: a local ``concurrent.futures.ProcessPoolExecutor`` of ``workers`` processes started from a
   clean ``forkserver`` (as the Lab page's pool in ``hearts_ui/views/lab/worker.py``).

``HEARTS_CHUNKS_BACKEND=local`` or ``dask`` (or the ``backend`` argument) forces one of the two; an
open ``distributed.Client`` passed as ``backend`` is used as it is (a caller with many runs pays for a
cluster's start once).  ``workers`` defaults to one fewer than the cores, at least one.  This module
keeps no state between calls.

>>> run_chunks(abs, [-3, 2, -1], backend="local", workers=1)
[3, 2, 1]
"""

from __future__ import annotations

import contextlib
import importlib.util
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")
R = TypeVar("R")

#: The address of a Dask scheduler to send chunks to (``tcp://host:8786``).
SCHEDULER_VARIABLE: Final = "HEARTS_DASK_SCHEDULER"
#: Forces a backend: ``local`` (the process pool) or ``dask`` (the scheduler above, else a local cluster).
BACKEND_VARIABLE: Final = "HEARTS_CHUNKS_BACKEND"
BACKENDS: Final = ("local", "dask")

Progress = Callable[[int, int], None]
Finished = Callable[[int, R], None]


def default_workers() -> int:
    """One fewer worker than the machine has cores (the caller's process needs one), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def dask_installed() -> bool:
    """Whether the ``cluster`` extra is installed (``dask`` and ``distributed`` can be imported)."""
    return all(importlib.util.find_spec(name) is not None for name in ("dask", "distributed"))


def chosen_backend(backend: str | None = None) -> str:
    """The backend :func:`run_chunks` uses: ``backend`` if given, else ``HEARTS_CHUNKS_BACKEND``, else
    ``dask`` when a scheduler's address is set or the ``cluster`` extra is installed, else ``local``."""
    name = backend or os.environ.get(BACKEND_VARIABLE, "").strip().lower()
    if name:
        if name not in BACKENDS:
            raise ValueError(f"no chunk backend {name!r}; choose one of {', '.join(BACKENDS)}")
        return name
    if os.environ.get(SCHEDULER_VARIABLE, "").strip() or dask_installed():
        return "dask"
    return "local"


def describe_backend(backend: str | None = None, workers: int | None = None) -> str:
    """Where :func:`run_chunks` would play chunks, in words (for a command's progress line).

    >>> describe_backend("local", 3)
    'a local pool of 3 worker processes'
    """
    count = max(1, workers if workers is not None else default_workers())
    if chosen_backend(backend) == "local":
        return f"a local pool of {count} worker processes"
    address = os.environ.get(SCHEDULER_VARIABLE, "").strip()
    if address:
        return f"the Dask scheduler at {address}"
    return f"a local Dask cluster of {count} worker processes"


def run_chunks(
    function: Callable[[T], R],
    chunks: Sequence[T],
    *,
    workers: int | None = None,
    progress: Progress | None = None,
    on_result: Finished[R] | None = None,
    backend: str | Client | None = None,
) -> list[R]:
    """``[function(chunk) for chunk in chunks]``, played by worker processes (or machines).

    ``function`` must be a module-level function (it is pickled by name) and each chunk must carry
    its own seed.  ``on_result(index, result)`` is called in this process as each chunk finishes (in
    the order they finish: a caller can keep results as they come), then ``progress(done, total)``
    with the number of chunks finished.  If either raises (say ``KeyboardInterrupt``), the chunks not
    yet started are cancelled, the workers are stopped and the exception goes on.  ``workers`` is
    ignored on a scheduler's cluster, which has its own.
    """
    if not chunks:
        return []
    count = max(1, workers if workers is not None else default_workers())
    if backend is not None and not isinstance(backend, str):
        return _on_dask(backend, function, chunks, progress, on_result)
    if chosen_backend(backend) == "local":
        return _on_pool(function, chunks, count, progress, on_result)
    with dask_client(count) as client:
        return _on_dask(client, function, chunks, progress, on_result)


# -- Dask ----------------------------------------------------------------------------------------


@contextlib.contextmanager
def dask_client(workers: int | None = None) -> Iterator[Client]:
    """A Dask client on ``HEARTS_DASK_SCHEDULER``'s scheduler, or on a local cluster of ``workers``
    processes (one thread each, no dashboard) made for it; both closed when the block ends."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise ImportError(
            f'the Dask backend needs the cluster extra: pip install -e ".[cluster]" (or unset {BACKEND_VARIABLE})'
        ) from error
    address = os.environ.get(SCHEDULER_VARIABLE, "").strip()
    if address:
        with Client(address) as client:  # type: ignore[no-untyped-call]  # distributed's calls are untyped
            yield client
        return
    count = max(1, workers if workers is not None else default_workers())
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=count,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,  # no dashboard; the scheduler's HTTP server on any free port, not 8787
            scheduler_kwargs={"dashboard_address": ":0"},
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        yield client


def _on_dask(
    client: Client,
    function: Callable[[T], R],
    chunks: Sequence[T],
    progress: Progress | None,
    on_result: Finished[R] | None,
) -> list[R]:
    from distributed import as_completed

    # pure=False: every chunk is a task of its own, even when two chunks are equal values
    futures = client.map(function, list(chunks), pure=False)
    index = {future.key: number for number, future in enumerate(futures)}
    results: dict[int, R] = {}
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            number = index[future.key]
            results[number] = future.result()
            _report(number, results, len(chunks), progress, on_result)
    finally:
        client.cancel([future for future in futures if not future.done()])  # type: ignore[no-untyped-call]
    return [results[number] for number in range(len(chunks))]


# -- the local pool ------------------------------------------------------------------------------


def _on_pool(
    function: Callable[[T], R],
    chunks: Sequence[T],
    workers: int,
    progress: Progress | None,
    on_result: Finished[R] | None,
) -> list[R]:
    context = multiprocessing.get_context("forkserver")
    # The lifeline (as in hearts_ui/views/lab/worker.py): a pipe whose write end only this process
    # holds; each worker exits when it closes, so no worker outlives a caller killed with SIGKILL.
    lifeline, keep = context.Pipe(duplex=False)
    pool = ProcessPoolExecutor(
        max_workers=min(workers, len(chunks)), mp_context=context, initializer=_start_worker, initargs=(lifeline,)
    )
    results: dict[int, R] = {}
    try:
        futures = {pool.submit(function, chunk): number for number, chunk in enumerate(chunks)}
        pending: set[Future[R]] = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=futures.__getitem__):
                number = futures[future]
                results[number] = future.result()
                _report(number, results, len(chunks), progress, on_result)
    except BaseException:
        keep.close()  # stopped (Ctrl-C, an error): the workers end now, not after their chunks
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        keep.close()
        lifeline.close()
    return [results[number] for number in range(len(chunks))]


def _start_worker(lifeline: Connection) -> None:
    """In each pool worker, before its first chunk: end with the caller's process."""
    threading.Thread(target=_exit_with_the_caller, args=(lifeline,), name="hearts-lifeline", daemon=True).start()


def _exit_with_the_caller(lifeline: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        while True:
            lifeline.recv_bytes()  # nothing is ever sent: this returns only at the end of the pipe
    os._exit(0)


def _report(
    number: int, results: dict[int, R], total: int, progress: Progress | None, on_result: Finished[R] | None
) -> None:
    if on_result is not None:
        on_result(number, results[number])
    if progress is not None:
        progress(len(results), total)


__all__ = [
    "BACKENDS",
    "BACKEND_VARIABLE",
    "SCHEDULER_VARIABLE",
    "chosen_backend",
    "dask_client",
    "dask_installed",
    "default_workers",
    "describe_backend",
    "run_chunks",
]
