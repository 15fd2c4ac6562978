"""A large import against everyone else's saves: how long the import holds the write lock, and how long
another learner's save waits meanwhile (issue 28, item 4).

    python benchmarks/import_lock.py [--events 80000] [--postgres URL] [--no-sqlite]

A progress file of ``--events`` lesson events (80,000 as in the issue's report) is read and imported
by one learner while three others save a lesson step every 10 ms: another learner in the same server
process (a thread, waiting on the store's own lock, and sharing the interpreter with the import),
another learner in another server process (SQLite's file lock, or PostgreSQL), and another tab of the
importing learner in another process, saving a setting (on PostgreSQL a write locks the learner's
row).  Printed per database: the file's size, the time to read and check it, the import's
time, its number of write transactions and the longest one, each saver's saves and their median and
longest wait, then a second import of the same file (idempotent: nothing added).  Run against a new
SQLite file and against PostgreSQL (``--postgres``, else ``$HEARTS_TEST_PG_URL``; ``.ci/postgres start``
prints one; its tables are emptied first).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, create_engine, text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hearts_core.store import ProgressStore, learner_key, new_token, read_progress_file


class TimedStore(ProgressStore):
    """The store, noting how long each write transaction of the importing thread held the lock (from
    taking it to the commit)."""

    held: list[float]
    importer: int | None = None

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        with super()._writing() as connection:
            began = time.perf_counter()
            yield connection
        if threading.get_ident() == self.importer:
            self.held.append(time.perf_counter() - began)


def _empty_postgres(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def progress_file(events: int) -> bytes:
    """An exported file of ``events`` lesson answers, one a minute, written at +05:00."""
    start = datetime(2026, 1, 1, 8, 0, tzinfo=UTC)
    lessons = [
        {
            "lesson": f"lesson-{index % 40:02d}",
            "step": index % 30,
            "outcome": ("seen", "wrong", "right")[index % 3],
            "at": (start + timedelta(minutes=index)).astimezone(UTC).isoformat().replace("+00:00", "+05:00"),
        }
        for index in range(events)
    ]
    return json.dumps({"format": "hearts-academy-progress", "version": 1, "lessons": lessons}).encode()


def _save_loop(store: ProgressStore, learner: str | None, stop: Any, waits: list[float]) -> None:
    """Save every 10 ms until ``stop``: a lesson step of a new learner, or (``learner`` given: another
    tab of the importing learner) a setting, which reads nothing back."""
    saver = learner or learner_key(new_token())
    step = 0
    while not stop.is_set():
        began = time.perf_counter()
        if learner is None:
            store.record_lesson(saver, "saver", step % 1_000, "seen")
        else:
            store.save_setting(saver, "saver", step)
        waits.append(time.perf_counter() - began)
        step += 1
        time.sleep(0.01)


def _other_process(url: str, learner: str | None, ready: Any, stop: Any, results: Any) -> None:
    """Another server process: its own connection and its own saves."""
    store = ProgressStore.open(url)
    waits: list[float] = []
    ready.set()
    _save_loop(store, learner, stop, waits)
    results.put(waits)


def _figures(waits: list[float]) -> str:
    if not waits:
        return "no save"
    return f"{len(waits)} saves, median {statistics.median(waits) * 1000:.0f} ms, longest {max(waits) * 1000:.0f} ms"


def run(url: str, events: int) -> dict[str, Any]:
    """The import against the savers on one database; returns the figures."""
    store = TimedStore(ProgressStore.open(url).engine)  # migrated before anyone starts
    store.held = []
    importer = learner_key(new_token())
    store.record_lesson(importer, "before", 0, "seen")
    content = progress_file(events)

    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    processes = []
    for learner in (None, importer):  # another learner, and another tab of the importer, elsewhere
        ready, results = context.Event(), context.Queue()
        process = context.Process(target=_other_process, args=(url, learner, ready, stop, results))
        process.start()
        ready.wait(60)
        processes.append((process, results))
    same_process: list[float] = []
    thread_stop = threading.Event()
    thread = threading.Thread(target=_save_loop, args=(store, None, thread_stop, same_process))
    thread.start()
    time.sleep(0.5)
    began = time.perf_counter()
    data = read_progress_file(content)
    read = time.perf_counter() - began
    store.importer = threading.get_ident()
    summary = store.import_progress(importer, data)
    imported = time.perf_counter() - began
    held = list(store.held)
    store.importer = None
    time.sleep(0.3)
    thread_stop.set()
    stop.set()
    thread.join()
    other_process, same_learner = (results.get(timeout=60) for _, results in processes)
    for process, _ in processes:
        process.join(60)

    again = time.perf_counter()
    repeat = store.import_progress(importer, read_progress_file(content))
    again = time.perf_counter() - again
    stored = store.counts(importer)["lesson_events"]
    store.engine.dispose()
    return {
        "size_mb": len(content) / 1e6,
        "read_s": read,
        "import_s": imported,
        "added": summary.lessons,
        "transactions": len(held),
        "longest_held_ms": max(held) * 1000,
        "same_process": same_process,
        "other_process": other_process,
        "same_learner": same_learner,
        "again_added": repeat.lessons,
        "again_s": again,
        "stored": stored,
    }


def report(name: str, figures: dict[str, Any], events: int) -> None:
    print(f"{name}: a file of {events:,} lesson events, {figures['size_mb']:.1f} MB")
    print(
        f"  read and checked in {figures['read_s']:.2f} s; imported (with the reading) in {figures['import_s']:.2f} s"
    )
    print(
        f"  {figures['added']:,} added in {figures['transactions']} write transactions, "
        f"the longest holding the lock {figures['longest_held_ms']:.0f} ms"
    )
    longest = max(max(figures[key], default=0.0) for key in ("same_process", "other_process", "same_learner"))
    print(f"  another learner, same process:   {_figures(figures['same_process'])}")
    print(f"  another learner, other process:  {_figures(figures['other_process'])}")
    print(f"  the importer, another tab:       {_figures(figures['same_learner'])}")
    print(f"  longest wait of any other save: {longest * 1000:.0f} ms")
    print(
        f"  the same file again: {figures['again_added']} added in {figures['again_s']:.2f} s; "
        f"{figures['stored']:,} lesson events stored for the learner"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=80_000)
    parser.add_argument("--postgres", default=os.environ.get("HEARTS_TEST_PG_URL"))
    parser.add_argument("--no-sqlite", action="store_true")
    options = parser.parse_args()
    if not options.no_sqlite:
        with tempfile.TemporaryDirectory() as folder:
            report("SQLite", run(f"sqlite:///{Path(folder) / 'progress.sqlite3'}", options.events), options.events)
    if options.postgres:
        _empty_postgres(options.postgres)
        report("PostgreSQL", run(options.postgres, options.events), options.events)
    else:
        print("PostgreSQL: skipped (give --postgres URL or set HEARTS_TEST_PG_URL)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
