"""A Variant Lab simulation is played by a worker process, not by the server's own: the chunk sent
there comes back the same as one played here, the worker is another process, and a chunk that
comes back after a cancel (or for another job) is dropped.  The workers end with the server, even
when it is killed with SIGKILL."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hearts_core import Ruleset
from hearts_core.lab import ChunkCall, PlayedChunk, SimulationJob
from hearts_ui.views.lab import worker

ROOT = Path(__file__).resolve().parents[2]


def _job() -> SimulationJob:
    return SimulationJob.start(Ruleset(), Ruleset.preset("omnibus"), total=60, seed=3)


def _worker_pid() -> int:
    return os.getpid()


def test_a_chunk_played_by_a_worker_process_equals_one_played_here() -> None:
    call = _job().next_call()
    assert isinstance(call, ChunkCall)
    played = worker.submit(call).result(timeout=120)
    assert played.result.rows == call.play().result.rows
    if worker.worker_count() > 0:
        pid = worker._pool().submit(_worker_pid).result(timeout=120)
        assert pid != os.getpid()


def test_the_job_takes_its_chunks_in_order_and_drops_a_stale_one() -> None:
    job = _job()
    first = job.next_call()
    assert first is not None
    played = first.play()
    after = job.with_chunk(played)
    assert after.done == 60 and after.finished and after.result().pairs == 60
    assert after.with_chunk(played) == after  # already finished: nothing added twice
    cancelled = job.cancel()
    assert cancelled.with_chunk(played) == cancelled  # a chunk back after Cancel is dropped
    other = PlayedChunk(played.result, offset=500, seconds=0.1)
    assert job.with_chunk(other) == job  # a chunk for another place in the job is dropped


@pytest.mark.parametrize("workers", ["0", "1"])
def test_the_number_of_workers_is_set_by_the_environment(monkeypatch: pytest.MonkeyPatch, workers: str) -> None:
    monkeypatch.setenv(worker.WORKERS_VARIABLE, workers)
    assert worker.worker_count() == int(workers)
    call = _job().next_call()
    assert call is not None
    assert worker.submit(call).result(timeout=120).result.requested == 60


@pytest.mark.parametrize("name", Ruleset.preset_names())
def test_every_ruleset_travels_to_a_worker_unchanged(name: str) -> None:
    rules = Ruleset.preset(name)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert pickle.loads(pickle.dumps(rules.removed_cards)) == rules.removed_cards


def test_the_workers_stop_with_the_server_and_start_again_when_needed() -> None:
    call = _job().next_call()
    assert call is not None
    worker.submit(call).result(timeout=120)
    worker.shut_down()
    assert worker._POOL is None
    assert worker.submit(call).result(timeout=120).offset == 0  # a new pool when the next chunk comes
    worker.shut_down()


#: A process that stands in for the server: it starts the pool, has each of its two workers play a
#: chunk, sends them two long chunks (a simulation under way), says "ready" and waits to be killed.
_SERVER = """
import dataclasses, os, time
os.environ[{variable!r}] = "2"
from hearts_core import Ruleset
from hearts_core.lab import SimulationJob
from hearts_ui.views.lab import worker
call = SimulationJob.start(Ruleset(), Ruleset.preset("omnibus"), total=60, seed=3).next_call()
for future in [worker.submit(call), worker.submit(call)]:
    future.result(timeout=120)
long = dataclasses.replace(call, size=20_000)
playing = [worker.submit(long), worker.submit(long)]
time.sleep(0.5)
print("ready", flush=True)
time.sleep(600)
"""


def _children() -> dict[int, list[int]]:
    """Every live process's children, by parent pid (from /proc: psutil is not a dependency)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None and stat[0] != "Z":
                children.setdefault(stat[1], []).append(int(entry))
    return children


def _stat(pid: int) -> tuple[str, int] | None:
    """The state letter and the parent pid of ``pid``, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, parent = text.rsplit(")", 1)[1].split()[:2]
    return state, int(parent)


def _descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs, all the way down."""
    children = _children()
    found, waiting = [], [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def _alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running (a zombie waiting for its parent to reap it is not running)."""
    return [pid for pid in pids if (stat := _stat(pid)) is not None and stat[0] != "Z"]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
def test_the_workers_and_the_forkserver_die_when_the_server_is_killed() -> None:
    """kill -9 of the server, two workers playing: the workers, the forkserver and the resource tracker
    all end within seconds (before the lifeline they ran on for good, each waiting for another)."""
    server = subprocess.Popen(
        [sys.executable, "-c", _SERVER.format(variable=worker.WORKERS_VARIABLE)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    started: list[int] = []
    try:
        assert server.stdout is not None
        assert server.stdout.readline().strip() == "ready", server.stdout.read()
        started = _descendants(server.pid)
        commands = {pid: Path(f"/proc/{pid}/cmdline").read_bytes()[:100] for pid in started}
        forkserver = [pid for pid in _children().get(server.pid, []) if b"forkserver" in commands[pid]]
        assert len(forkserver) == 1, commands
        workers = [pid for pid in started if (stat := _stat(pid)) is not None and stat[1] == forkserver[0]]
        assert len(workers) == 2, commands
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        deadline = time.monotonic() + 5
        while _alive(started) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _alive(started) == [], {pid: commands[pid] for pid in _alive(started)}
    finally:
        server.kill()
        server.wait(timeout=10)
        for pid in _alive(started):
            os.kill(pid, signal.SIGKILL)  # the orphans of a failed run, not left for the next test
