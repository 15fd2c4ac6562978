"""Issue 28, item 4: a large import writes in short transactions, so other saves never wait for the
whole file (an import of 80,000 lesson events held SQLite's write lock for 21 s).  On SQLite and
PostgreSQL: another tab of the importing learner (which on PostgreSQL waits for the learner's row) and
another server process (a store of its own: on SQLite the file's lock) keep saving while the import
runs.  ``benchmarks/import_lock.py`` measures the same at the issue's size."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection

from hearts_core.store import ProgressStore, learner_key, new_token

EVENTS = 30_000
#: Generous for a busy two-core machine: the import's transactions aim at 0.05-0.2 s
#: (``hearts_core.store.progress.IMPORT_BATCH_SECONDS``).
LONGEST_WAIT = 1.5


class TimedStore(ProgressStore):
    """The store, noting when each write transaction of the importing thread took and let go of the lock."""

    importer: int | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: list[tuple[float, float]] = []

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        with super()._writing() as connection:
            began = time.perf_counter()
            yield connection
        if threading.get_ident() == self.importer:
            self.held.append((began, time.perf_counter()))


def _big_file() -> dict[str, Any]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    lessons = [
        {
            "lesson": f"lesson-{index % 40}",
            "step": index % 30,
            "outcome": "seen",
            "at": (start + timedelta(minutes=index)).isoformat(),
        }
        for index in range(EVENTS)
    ]
    return {"format": "hearts-academy-progress", "version": 1, "lessons": lessons}


def test_a_large_import_lets_other_saves_through(database_url: str) -> None:
    store = TimedStore(ProgressStore.open(database_url).engine)
    elsewhere = ProgressStore.open(database_url)  # another server process's store
    learner, other = learner_key(new_token()), learner_key(new_token())
    store.record_lesson(learner, "before", 0, "seen")
    data = _big_file()
    saves: list[tuple[float, float, str]] = []
    done = threading.Event()

    def save(target: ProgressStore, who: str, kind: str) -> None:
        step = 0
        while not done.is_set():
            began = time.perf_counter()
            if kind == "tab":
                target.save_setting(who, "tab", step)  # the importer's other tab
            else:
                target.record_lesson(who, "elsewhere", step % 100, "seen")
            saves.append((began, time.perf_counter(), kind))
            step += 1
            time.sleep(0.01)

    savers = [
        threading.Thread(target=save, args=(store, learner, "tab")),
        threading.Thread(target=save, args=(elsewhere, other, "process")),
    ]
    for saver in savers:
        saver.start()
    store.importer = threading.get_ident()
    try:
        summary = store.import_progress(learner, data)
    finally:
        done.set()
        for saver in savers:
            saver.join()
    assert summary.lessons == EVENTS and store.counts(learner)["lesson_events"] == EVENTS + 1

    first, last = store.held[0][0], store.held[-1][1]
    assert len(store.held) > 1, "the import wrote in one transaction"
    longest_held = max(end - began for began, end in store.held)
    assert longest_held < LONGEST_WAIT, f"an import transaction held the lock {longest_held:.2f} s"
    for kind in ("tab", "process"):
        during = [(began, end) for began, end, who in saves if who == kind and first < end < last]
        assert len(during) >= 2, f"no save of the {kind} got through while the import wrote"
        longest = max(end - began for began, end, who in saves if who == kind)
        assert longest < LONGEST_WAIT, f"a save of the {kind} waited {longest:.2f} s"
