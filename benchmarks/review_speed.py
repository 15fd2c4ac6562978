"""How fast the review queue answers (issue 26).

    python benchmarks/review_speed.py [--cards 300] [--answers 1500] [--rounds 30] [--json]

A learner with ``--cards`` queued positions and ``--answers`` past answers in a fresh SQLite file
(the default set-up; the path as the app uses it):

* **answering a card** on the Review page: the engine's verdict on the card played
  (:func:`~hearts_core.learner.review_queue.judge_play` at 1,000 worlds, positions from seeded
  hands of the heuristic bots), the answer written, and the queue read back and folded through
  FSRS, as one click does.  Target: under 0.5 s;
* **the home page's new work**: the queue read and folded (due now, the next, learned), and the
  dashboard's days: the learner's activity read and counted into days, the goal's days, the
  week's freezes, the streak and the calendar's marks.  Target: under 0.3 s more than before.

Median and 95th percentile of ``--rounds`` rounds.  The kernel is warmed first.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hearts_core.ai.bots import HeuristicBot, play_hand
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.learner.review_queue import QueueCard, judge_play, position_key, rules_text
from hearts_core.learner.streaks import count_days, freeze_weeks, marks, met_days, streak
from hearts_core.store import ProgressStore, learner_key, new_token


def _positions(count: int) -> list[HandState]:
    """Decisions with a choice from hands the heuristic bots play (seeded)."""
    found: list[HandState] = []
    seed = 0
    while len(found) < count:
        end = play_hand(HandState.deal(Ruleset(pass_cycle=("hold",)), seed=seed), [HeuristicBot()] * 4, seed=seed)
        state = end.record_start()
        for card in end.plays():
            if len(state.legal_moves()) > 1 and state.to_play == 0:
                found.append(state)
            state = state.play(card)
        seed += 1
    return found[:count]


def _fill(store: ProgressStore, learner: str, positions: list[HandState], answers: int) -> None:
    start = datetime(2026, 11, 1, tzinfo=UTC)
    cards = [
        QueueCard(
            position_key("play", state, 0),
            "play",
            start,
            rules_text(state.rules),
            state.to_notation(),
            0,
            "2C",
            "3C",
            2.0,
        )
        for state in positions
    ]
    store.add_review_cards(learner, cards)
    rng = random.Random(0)
    for number in range(answers):
        store.record_review(learner, cards[number % len(cards)].key, rng.choice(("right", "wrong")))


def _stats(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=300)
    parser.add_argument("--answers", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    positions = _positions(max(options.cards, options.rounds))
    judge_play(positions[0], str(positions[0].legal_moves()[0]))  # warm the kernel
    with tempfile.TemporaryDirectory() as folder:
        now = [datetime.now(UTC)]
        store = ProgressStore.open(f"sqlite:///{folder}/progress.sqlite3", clock=lambda: now[0])
        learner = learner_key(new_token())
        _fill(store, learner, positions[: options.cards], options.answers)
        answering, counting = [], []
        for round_number in range(options.rounds):
            state = positions[round_number]
            key = position_key("play", state, 0)
            now[0] += timedelta(minutes=1)
            started = time.perf_counter()
            verdict = judge_play(state, str(state.legal_moves()[-1]), worlds=1000)
            store.record_review(learner, key, "right" if verdict.label in ("best", "good") else "wrong")
            answering.append(time.perf_counter() - started)
            started = time.perf_counter()
            queue = store.review_queue(learner)
            _ = (len(queue.due), queue.next_due, queue.learned)
            activity = store.activity(learner)
            days = count_days(
                reviews=[moment.date() for moment, _ in activity.reviews],
                puzzles=[moment.date() for moment, _ in activity.puzzles],
                dailies=[moment.date() for moment in activity.dailies],
                hands=[moment.date() for moment, _, _ in activity.hands],
            )
            met, freezes, today = met_days(days, "reviews"), freeze_weeks(days), now[0].date()
            streak(met, freezes, today)
            marks(met, freezes, today, min(met, default=today))
            counting.append(time.perf_counter() - started)
    result = {
        "cards": options.cards,
        "answers": options.answers,
        "answer_a_card": _stats(answering),
        "home_counts": _stats(counting),
    }
    if options.json:
        print(json.dumps(result, indent=2))
        return
    answer, counts = result["answer_a_card"], result["home_counts"]
    print(f"A learner with {options.cards} cards and {options.answers} answers (SQLite):")
    print(
        "  answering a card (verdict at 1,000 worlds + write + queue read): "
        f"median {answer['median_ms']} ms, p95 {answer['p95_ms']} ms  (target 500 ms)"
    )
    print(
        "  the home page's new work (queue and days, streak, calendar): "
        f"median {counts['median_ms']} ms, p95 {counts['p95_ms']} ms  (target 300 ms)"
    )


if __name__ == "__main__":
    main()
