"""Many learners saving at once: 50 simulated learners writing puzzle attempts for 60 s.

    python benchmarks/progress_load.py [--learners 50] [--seconds 60] [--postgres URL]

Each learner is a thread with its own learner key that does what the Puzzles page does on an
answer, as fast as the database lets it: one transaction that adds the attempt (with its rating
before and after) and reads the learner's puzzle progress back.  The run is made against a new
SQLite file (the default database: WAL, busy timeout) and against PostgreSQL
(``--postgres``, else ``$HEARTS_TEST_PG_URL``; `.ci/postgres start` prints one; the database's
tables are emptied first).  Printed per database: writes per second, the median and p95 latency
of a write, errors, and the check that no write was lost (the rows each learner's thread counted
against the rows the database holds for that learner).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from sqlalchemy import create_engine, text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hearts_core.learner.puzzle_progress import PuzzleEvent
from hearts_core.store import ProgressStore, PuzzleAttempt, learner_key, new_token


def _empty_postgres(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def run(url: str, learners: int, seconds: float) -> dict[str, float]:
    """The load on one database; returns the figures."""
    store = ProgressStore.open(url)
    keys = [learner_key(new_token()) for _ in range(learners)]
    written = [0] * learners
    errors: list[str] = []
    latencies: list[list[float]] = [[] for _ in range(learners)]
    start = threading.Barrier(learners + 1)
    deadline = [0.0]

    def learner(index: int) -> None:
        start.wait()
        number = 0
        while time.perf_counter() < deadline[0]:
            event = PuzzleEvent(f"puzzle-{number % 200}", "answer", correct=number % 3 != 0)
            began = time.perf_counter()
            try:
                attempt = PuzzleAttempt(event, number < 200, 0, 1500.0 + number, 1501.0 + number)
                store.record_puzzle(keys[index], attempt)
            except Exception as error:  # counted and reported: the figure this benchmark exists for
                errors.append(f"{type(error).__name__}: {error}")
                continue
            latencies[index].append(time.perf_counter() - began)
            written[index] += 1
            number += 1

    threads = [threading.Thread(target=learner, args=(index,)) for index in range(learners)]
    for thread in threads:
        thread.start()
    deadline[0] = time.perf_counter() + seconds
    began = time.perf_counter()
    start.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    stored = [store.counts(key)["puzzle_events"] for key in keys]
    lost = sum(1 for mine, theirs in zip(written, stored, strict=True) if mine != theirs)
    every = sorted(latency for per_learner in latencies for latency in per_learner)
    store.engine.dispose()
    return {
        "writes": sum(written),
        "per_second": sum(written) / elapsed,
        "stored": sum(stored),
        "learners_with_a_lost_write": lost,
        "errors": len(errors),
        "median_ms": 1000 * statistics.median(every) if every else float("nan"),
        "p95_ms": 1000 * every[int(0.95 * (len(every) - 1))] if every else float("nan"),
        "first_error": errors[0] if errors else "",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--postgres", default=os.environ.get("HEARTS_TEST_PG_URL"))
    options = parser.parse_args()
    targets = [("SQLite", f"sqlite:///{Path(tempfile.mkdtemp()) / 'progress.sqlite3'}")]
    if options.postgres:
        _empty_postgres(options.postgres)
        targets.append(("PostgreSQL", options.postgres))
    else:
        print("PostgreSQL skipped: pass --postgres URL or set HEARTS_TEST_PG_URL (.ci/postgres start prints one)")
    print(f"{options.learners} learners writing puzzle attempts for {options.seconds:.0f} s each run")
    for name, url in targets:
        figures = run(url, options.learners, options.seconds)
        print(
            f"{name:>10}: {figures['writes']:,.0f} writes, {figures['per_second']:,.0f} per second; "
            f"latency median {figures['median_ms']:.1f} ms, p95 {figures['p95_ms']:.1f} ms; "
            f"errors {figures['errors']:.0f}; rows stored {figures['stored']:,.0f} "
            f"(learners whose count differs: {figures['learners_with_a_lost_write']:.0f})"
            + (f"; first error: {figures['first_error']}" if figures["first_error"] else "")
        )


if __name__ == "__main__":
    main()
