"""A Variant Lab simulation is played by a worker process, not by the server's own: the chunk sent
there comes back the same as one played here, the worker is another process, and a chunk that
comes back after a cancel (or for another job) is dropped."""

from __future__ import annotations

import os
import pickle

import pytest

from hearts_core import Ruleset
from hearts_core.lab import ChunkCall, PlayedChunk, SimulationJob
from hearts_ui.views.lab import worker


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
