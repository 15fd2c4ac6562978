"""hearts_core.chunks: the same results in the chunks' order on every backend (the local pool, a local Dask
cluster of 1 and of 2 workers, a Dask scheduler named by HEARTS_DASK_SCHEDULER), and a stopped run
leaves no worker behind, even when its caller is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

import psutil  # type: ignore[import-untyped]  # installed with distributed, without stubs
import pytest
from distributed import Client, LocalCluster

from hearts_core import chunks
from hearts_core.chunks import BACKEND_VARIABLE, SCHEDULER_VARIABLE, chosen_backend, run_chunks
from tests.core.chunk_work import seeded_draws, sleeper

ROOT: Final = Path(__file__).resolve().parents[2]
#: Chunks as (seed, draws): each is played from its own seed.
CHUNKS: Final = [(seed, 50 + seed % 7) for seed in range(12)]
#: A test's own cluster: its scheduler's HTTP server on any free port (not 8787, maybe taken).
QUIET: Final = {"scheduler_kwargs": {"dashboard_address": ":0"}}


def _expected() -> list[list[int]]:
    return [seeded_draws(chunk)[0] for chunk in CHUNKS]


def _draws_and_processes(results: list[tuple[list[int], int]]) -> tuple[list[list[int]], set[int]]:
    return [draws for draws, _ in results], {pid for _, pid in results}


def test_the_local_pool_gives_the_chunks_results_in_order() -> None:
    seen: list[int] = []
    done: list[tuple[int, int]] = []
    results = run_chunks(
        seeded_draws,
        CHUNKS,
        workers=2,
        backend="local",
        on_result=lambda index, _: seen.append(index),
        progress=lambda finished, total: done.append((finished, total)),
    )
    draws, processes = _draws_and_processes(results)
    assert draws == _expected()
    assert os.getpid() not in processes and 1 <= len(processes) <= 2
    assert sorted(seen) == list(range(len(CHUNKS)))
    assert done == [(count, len(CHUNKS)) for count in range(1, len(CHUNKS) + 1)]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_local_dask_cluster_gives_the_same_results_with_1_or_2_workers(workers: int) -> None:
    results = run_chunks(seeded_draws, CHUNKS, workers=workers, backend="dask")
    draws, processes = _draws_and_processes(results)
    assert draws == _expected()
    # The chunks were played in the cluster's worker processes: as many as asked for.
    assert os.getpid() not in processes and len(processes) == workers


def test_the_scheduler_in_the_environment_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None, **QUIET) as cluster,  # type: ignore[no-untyped-call]
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        workers = set(client.run(os.getpid).values())
        monkeypatch.setenv(SCHEDULER_VARIABLE, cluster.scheduler_address)
        monkeypatch.delenv(BACKEND_VARIABLE, raising=False)
        assert chosen_backend() == "dask"
        assert chunks.describe_backend() == f"the Dask scheduler at {cluster.scheduler_address}"
        results = run_chunks(seeded_draws, CHUNKS)
    draws, processes = _draws_and_processes(results)
    assert draws == _expected()
    assert processes <= workers  # played by that scheduler's workers, not by a cluster of its own


def test_an_open_client_is_used_as_it_is() -> None:
    with (
        LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=None, **QUIET) as cluster,  # type: ignore[no-untyped-call]
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        workers = set(client.run(os.getpid).values())
        first = run_chunks(seeded_draws, CHUNKS[:4], backend=client)
        second = run_chunks(seeded_draws, CHUNKS[4:], backend=client)
    draws, processes = _draws_and_processes(first + second)
    assert draws == _expected() and processes == workers


def test_the_backend_is_chosen_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SCHEDULER_VARIABLE, raising=False)
    monkeypatch.delenv(BACKEND_VARIABLE, raising=False)
    assert chunks.dask_installed() and chosen_backend() == "dask"  # the cluster extra is in dev
    monkeypatch.setenv(BACKEND_VARIABLE, "local")
    assert chosen_backend() == "local" and chosen_backend("dask") == "dask"
    assert chunks.describe_backend(workers=3) == "a local pool of 3 worker processes"
    monkeypatch.setenv(BACKEND_VARIABLE, "threads")
    with pytest.raises(ValueError, match="no chunk backend 'threads'"):
        chosen_backend()
    assert run_chunks(seeded_draws, []) == []


@pytest.mark.parametrize("backend", ["local", "dask"])
def test_a_stopped_run_cancels_the_rest_and_ends_its_workers(backend: str) -> None:
    played: list[int] = []

    def stop_after_the_first(index: int, pid: int) -> None:
        played.append(pid)
        raise KeyboardInterrupt

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run_chunks(sleeper, [0.2] + [5.0] * 6, workers=2, backend=backend, on_result=stop_after_the_first)
    # Not 5 seconds a chunk: the chunks not begun were cancelled, those in play dropped.
    assert time.monotonic() - started < 20 and len(played) == 1
    assert _gone(played[0], within=10.0), f"worker {played[0]} outlived its run"


def _gone(pid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
            return True
        time.sleep(0.1)
    return False


_KILLED_CALLER: Final = """
import sys
from hearts_core.chunks import run_chunks
from tests.core.chunk_work import sleeper
run_chunks(sleeper, [60.0], workers=1, backend="local", on_result=lambda index, pid: None)
"""


def test_the_local_pool_workers_end_with_a_caller_killed_outright() -> None:
    caller = subprocess.Popen([sys.executable, "-c", _KILLED_CALLER], cwd=ROOT)
    try:
        worker = _sleeping_worker(caller.pid, within=60.0)
        assert worker is not None, "no worker started sleeping"
        caller.send_signal(signal.SIGKILL)  # no shutdown code runs in the caller
        caller.wait(timeout=10)
        assert _gone(worker, within=10.0), "the worker outlived its killed caller"
    finally:
        caller.kill()


def _sleeping_worker(caller: int, within: float) -> int | None:
    """The pid of a pool worker (a forkserver child, not the caller's own child) that ``caller``'s
    chunk put to sleep: the process whose cmdline is the forkserver's and whose lifeline thread runs."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        for process in psutil.process_iter(["pid", "cmdline", "ppid"]):
            try:
                parent = psutil.Process(process.info["ppid"])
                forkserver = "multiprocessing.forkserver" in " ".join(parent.cmdline())
                if forkserver and parent.ppid() == caller:
                    return int(process.info["pid"])
            except (psutil.Error, TypeError):
                continue
        time.sleep(0.2)
    return None
