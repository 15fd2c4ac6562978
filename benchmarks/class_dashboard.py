"""How long a teacher's dashboard takes: a 30-learner class with a month of activity (issue 30).

    python benchmarks/class_dashboard.py [--learners 30] [--days 30] [--runs 20] [--postgres URL]

Fills a fresh database (a SQLite file in a temporary folder, and the PostgreSQL database ``--postgres``
names, emptied first) with one class and its learners, each active on most days of the month: a lesson
step or two a day (the course's lessons walked in order, so some are finished), 4 puzzle answers with a
rating, 6 review answers, the daily deal, and 2 reviewed practice hands.  Then times
``ClassStore.dashboard`` (the teacher's rows: lessons and stars, rating and trend, review accuracy,
points lost per decision, streak, last active) ``--runs`` times and prints the median and the slowest,
in server time (no page drawn).  Target: under 0.5 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine, insert, text

from hearts_core.content.lessons import load_curriculum
from hearts_core.content.schema import LESSONS_DIR
from hearts_core.learner.review_queue import QueueCard
from hearts_core.store import ProgressStore, learner_key, new_token
from hearts_core.store.classes import ClassStore
from hearts_core.store.schema import daily_results, lesson_events, practice_reviews, puzzle_events, review_events

TARGET_SECONDS = 0.5


def fill(store: ProgressStore, learners: int, days: int, seed: int) -> tuple[ClassStore, str, str]:
    """A class of ``learners`` with ``days`` of activity each; the store, the teacher and the class id."""
    rng = random.Random(seed)
    classes = ClassStore(store, rng=rng)
    teacher = learner_key(new_token())
    school_class, _ = classes.create(teacher, "Benchmark class", "en", "standard")
    steps = [
        (lesson.id, index) for lesson in load_curriculum(LESSONS_DIR).ordered() for index in range(len(lesson.steps))
    ]
    start = datetime.now(UTC) - timedelta(days=days)
    for number in range(learners):
        learner = learner_key(new_token())
        classes.join(learner, school_class.join_code, f"Learner {number + 1}")
        store.add_review_cards(learner, [QueueCard(f"puzzle:p{index}", "puzzle", start) for index in range(6)])
        rows: dict[str, list[dict[str, object]]] = {
            "lessons": [],
            "puzzles": [],
            "reviews": [],
            "dailies": [],
            "hands": [],
        }
        walked, rating = 0, 1500.0
        for day in range(days):
            if rng.random() < 0.15:
                continue  # a day off
            moment = start + timedelta(days=day, hours=rng.randint(8, 20))
            for _ in range(rng.randint(8, 20)):
                if walked < len(steps):
                    lesson, step = steps[walked]
                    rows["lessons"].append(
                        {"learner": learner, "lesson": lesson, "step": step, "outcome": "right", "at": moment}
                    )
                    walked += 1
            for index in range(4):
                rating += rng.uniform(-15, 20)
                rows["puzzles"].append(
                    {
                        "learner": learner,
                        "puzzle": f"p{rng.randint(1, 300)}",
                        "kind": "answer",
                        "correct": rng.random() < 0.7,
                        "rung": None,
                        "first_try": True,
                        "hints_used": 0,
                        "rating_before": rating,
                        "rating_after": rating,
                        "at": moment + timedelta(minutes=index),
                    }
                )
            for index in range(6):
                rows["reviews"].append(
                    {
                        "learner": learner,
                        "key": f"puzzle:p{index}",
                        "outcome": rng.choice(["right", "wrong"]),
                        "at": moment + timedelta(minutes=10 + index),
                    }
                )
            rows["dailies"].append(
                {
                    "learner": learner,
                    "day": (moment.date()).isoformat(),
                    "points": rng.randint(0, 26),
                    "hand": "",
                    "at": moment,
                }
            )
            for index in range(2):
                rows["hands"].append(
                    {
                        "learner": learner,
                        "decisions": 16,
                        "points_lost": rng.uniform(0, 6),
                        "at": moment + timedelta(minutes=30 + index),
                    }
                )
        with store.transaction() as connection:
            for table, name in (
                (lesson_events, "lessons"),
                (puzzle_events, "puzzles"),
                (review_events, "reviews"),
                (daily_results, "dailies"),
                (practice_reviews, "hands"),
            ):
                if rows[name]:
                    connection.execute(insert(table), rows[name])
    return classes, teacher, school_class.id


def measure(url: str, learners: int, days: int, runs: int) -> None:
    store = ProgressStore.open(url)
    began = time.perf_counter()
    classes, teacher, class_id = fill(store, learners, days, seed=2026)
    filled = time.perf_counter() - began
    lessons = load_curriculum(LESSONS_DIR).ordered()
    rows = classes.dashboard(teacher, class_id, lessons)  # the first read warms the connection pool
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        rows = classes.dashboard(teacher, class_id, lessons)
        times.append(time.perf_counter() - started)
    counts = store.counts()
    print(
        f"{store.engine.dialect.name}: {len(rows)} learners, {days} days "
        f"({counts['lesson_events']} lesson, {counts['puzzle_events']} puzzle, {counts['review_events']} review "
        f"events; filled in {filled:.1f} s): dashboard median {statistics.median(times) * 1000:.0f} ms, "
        f"slowest {max(times) * 1000:.0f} ms over {runs} runs "
        f"({'within' if max(times) < TARGET_SECONDS else 'OVER'} the {TARGET_SECONDS} s target)"
    )
    store.engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--postgres", help="a PostgreSQL URL whose database is emptied and filled")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        measure(f"sqlite:///{folder}/progress.sqlite3", options.learners, options.days, options.runs)
    if options.postgres:
        engine = create_engine(options.postgres)
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
        engine.dispose()
        measure(options.postgres, options.learners, options.days, options.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
