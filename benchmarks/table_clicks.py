"""Server time of a click on every page with a card table, and the size of what the table is sent.

    python benchmarks/table_clicks.py [--repeat N] [--level heuristic|random|monte_carlo]

Each click is the page's whole script run by Streamlit's ``AppTest`` (``at.run()``
timed), the way a learner's click reruns the page on the server; a click on
the table itself is sent as the component sends it (its trigger, handed to the
table's callback before the run: ``tests/app/tables.py``).
AppTest collects every element into a tree as well, so the figures are an
upper bound on the server's own time.  The clicks timed:

* Lessons: a card clicked in a lesson's hand (an illegal one, a poor one, the
  right one), a pass chosen, a seat clicked as an answer, a walkthrough's next card;
* Puzzles: a wrong card of a play puzzle (the solver's reply opens), the right
  card, the legal cards chosen in a legality puzzle;
* Practice: the pass, then every card of a whole hand (the bots at ``--level``
  play on the server before the page is drawn);
* Variant Lab: the replay stepped forward card by card.

Every table drawn along the way is weighed: its ``data`` as the JSON the
browser receives.  Targets (issue 10): under 100 ms median per click on every
page; under 50 kB per table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.logger import set_log_level  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from hearts_core.content.lessons import LESSONS_DIR, load_curriculum  # noqa: E402
from hearts_core.content.puzzles import PUZZLES_DIR, PlayPuzzle, load_library  # noqa: E402
from hearts_core.learner.practice import PracticeSession  # noqa: E402
from hearts_ui.page_state import session_key  # noqa: E402
from hearts_ui.views.lab.view import LabView  # noqa: E402
from hearts_ui.views.lessons.steps import TABLE_KEY as LESSON_TABLE  # noqa: E402
from hearts_ui.views.lessons.view import LessonsView  # noqa: E402
from hearts_ui.views.practice.play import TABLE_KEY as PRACTICE_TABLE  # noqa: E402
from hearts_ui.views.practice.session import StoredGame  # noqa: E402
from hearts_ui.views.practice.view import PracticeView  # noqa: E402
from hearts_ui.views.puzzles.puzzle import TABLE_KEY as PUZZLE_TABLE  # noqa: E402
from hearts_ui.views.puzzles.view import PuzzlesView  # noqa: E402
from tests.app.tables import click_table  # noqa: E402

APP = str(ROOT / "app.py")
TIMEOUT = 120
GOAL_MS = 100.0
GOAL_BYTES = 50_000

Samples = dict[str, list[float]]


class Bench:
    """One AppTest session, with the time of each click and the size of each table drawn."""

    def __init__(self) -> None:
        self.times: Samples = defaultdict(list)
        self.sizes: list[int] = []
        self.at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        self.at.run()

    def run(self, label: str | None, action: Callable[[AppTest], Any] | None = None) -> AppTest:
        """Do ``action`` (a click), rerun the page, and note the time under ``label``."""
        if action is not None:
            action(self.at)
        return self._timed(label, self.at.run)

    def _timed(self, label: str | None, rerun: Callable[[], AppTest]) -> AppTest:
        """Rerun the page with ``rerun`` and note the time under ``label``."""
        start = time.perf_counter()
        rerun()
        elapsed = (time.perf_counter() - start) * 1000.0
        if self.at.exception:
            raise RuntimeError(f"{label}: the page raised {[e.value for e in self.at.exception]}")
        if label is not None:
            self.times[label].append(elapsed)
        self.sizes += [len(element.proto.json.encode()) for element in self.at.get("bidi_component")]
        return self.at

    def click_table(self, label: str, key: str, **action: Any) -> AppTest:
        return self._timed(label, lambda: click_table(self.at, key, **action))

    def click_button(self, label: str, key: str) -> AppTest:
        return self.run(label, lambda at: at.button(key=key).click())

    def open(self, page: str, **query: str) -> AppTest:
        """Open a page (not timed: first renders are another benchmark's)."""
        self.at.switch_page(page)
        self.at.query_params.clear()
        for name, value in query.items():
            self.at.query_params[name] = value
        return self.run(None)


def lessons(bench: Bench) -> None:
    curriculum = load_curriculum(LESSONS_DIR)
    table = curriculum.lessons["table"]
    bench.open("pages/2_Lessons.py", lesson="table", step="6")
    for card in ("3C", "QD", "2D"):
        bench.open("pages/2_Lessons.py", lesson="table", step="6")
        bench.click_table("lessons: a card in the hand", LESSON_TABLE, kind="play", card=card)
    bench.open("pages/2_Lessons.py", lesson="table", step="5")
    for seat in (1, 2):
        bench.click_table("lessons: a seat as the answer", LESSON_TABLE, kind="seat", seat=seat)
    passing = curriculum.lessons["passing"]
    bench.open("pages/2_Lessons.py", lesson="passing", step="5")
    hand = [str(card) for card in passing.position(passing.steps[4]).hands[0].cards()]  # type: ignore[union-attr]
    for start in (0, 3, 6):
        bench.click_table("lessons: a pass chosen", LESSON_TABLE, kind="cards", cards=hand[start : start + 3])
    walkthrough = next(index for index, step in enumerate(table.steps) if step.kind == "walkthrough")
    bench.open("pages/2_Lessons.py", lesson="table", step=str(walkthrough + 1))
    next_card = LessonsView.widget_key("frame", "next")
    while not bench.at.button(key=next_card).disabled:
        bench.click_button("lessons: the next card of a walkthrough", next_card)


def puzzles(bench: Bench) -> None:
    library = load_library(PUZZLES_DIR)
    plays = [puzzle for puzzle in library.ordered() if isinstance(puzzle, PlayPuzzle) and puzzle.values][:4]
    for puzzle in plays:
        best = puzzle.solution[0]
        wrong = next(card for card in puzzle.values if card != best)
        bench.open("pages/3_Puzzles.py", puzzle=puzzle.id)
        bench.click_table("puzzles: a wrong card (the reply opens)", PUZZLE_TABLE, kind="play", card=wrong)
        bench.click_button("puzzles: back to the puzzle", PuzzlesView.widget_key("line", "close"))
        bench.click_table("puzzles: the right card", PUZZLE_TABLE, kind="play", card=best)
    legality = [puzzle for puzzle in library.ordered() if puzzle.kind == "legality"][:4]
    for puzzle in legality:
        bench.open("pages/3_Puzzles.py", puzzle=puzzle.id)
        bench.click_table("puzzles: the legal cards chosen", PUZZLE_TABLE, kind="cards", cards=list(puzzle.solution))


def _game(bench: Bench) -> PracticeSession:
    """The game the Practice page keeps."""
    stored = bench.at.session_state[session_key(StoredGame)]
    assert isinstance(stored, StoredGame) and stored.game is not None
    return stored.game


def practice(bench: Bench, level: str) -> None:
    bench.open("pages/4_Practice.py")
    bench.at.radio(key=PracticeView.widget_key("level")).set_value(level)
    bench.run(None)
    bench.click_button("practice: start a game (the deal)", PracticeView.widget_key("start"))
    for _ in range(2):
        session = _game(bench)
        if session.stage == "pass":
            cards = [str(card) for card in session.hand.hands[0].cards()[:3]]
            bench.click_table("practice: the pass (the bots pass and open)", PRACTICE_TABLE, kind="cards", cards=cards)
        while _game(bench).stage == "play":
            card = str(_game(bench).hand.legal_moves()[0])
            bench.click_table("practice: a card played (the bots play on)", PRACTICE_TABLE, kind="play", card=card)
        if _game(bench).stage == "moon":
            bench.click_button("practice: the moon choice", PracticeView.widget_key("moon", "add_to_others"))
        if _game(bench).stage == "hand_over":
            bench.click_button("practice: the next hand", PracticeView.widget_key("next"))


def variant_lab(bench: Bench) -> None:
    bench.open("pages/5_Variant_Lab.py")
    for _ in range(24):
        bench.click_button("lab: the replay one card on", LabView.widget_key("next"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=2, help="times the whole round is run (default 2)")
    parser.add_argument("--level", default="heuristic", help="the Practice bots' level (default heuristic)")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    set_log_level("error")
    times: Samples = defaultdict(list)
    sizes: list[int] = []
    for _ in range(args.repeat):
        bench = Bench()
        lessons(bench)
        puzzles(bench)
        practice(bench, args.level)
        variant_lab(bench)
        for label, samples in bench.times.items():
            times[label] += samples
        sizes += bench.sizes
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus; repeat {args.repeat}, Practice bots: {args.level}")
    print(f"\n{'click (server time, AppTest run, ms)':52} {'n':>4} {'median':>8} {'p95':>8} {'max':>8}")
    medians = []
    for label, samples in times.items():
        ordered = sorted(samples)
        p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
        medians.append(statistics.median(samples))
        print(f"{label:52} {len(samples):4} {statistics.median(samples):8.1f} {p95:8.1f} {max(samples):8.1f}")
    print(
        f"\ntables drawn: {len(sizes)}; payload median {statistics.median(sizes) / 1000:.1f} kB, "
        f"max {max(sizes) / 1000:.1f} kB"
    )
    fast = max(medians) < GOAL_MS
    small = max(sizes) < GOAL_BYTES
    print(
        f"every click under {GOAL_MS:.0f} ms by median: {'YES' if fast else 'NO'}; "
        f"every table under {GOAL_BYTES // 1000} kB: {'YES' if small else 'NO'}"
    )
    return 0 if fast and small else 1


if __name__ == "__main__":
    raise SystemExit(main())
