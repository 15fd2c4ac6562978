"""Server time of every page's first render and of each kind of click, as the script runs them.

    python benchmarks/page_times.py [--sessions 7] [--clicks 7] [--profile PAGE]

A learner's page view or click is one run of the page script on the server.  Each run here is
Streamlit's ``AppTest`` (the script run in-process, as the server runs it); the time reported is
the script's run alone: ``LocalScriptRunner.run`` minus AppTest's own parsing of the result into
an element tree, which the server never does.  Every figure is the median over runs (and the
95th percentile where there are enough).

* **first render**: a new session (a new learner, a new cookie) opens the home page, then the
  page measured, the way a learner arrives and clicks a link; ``--sessions`` sessions per page.
  A lesson step is measured as ``?lesson=table&step=5``.
* **clicks**, each in a warm session: a lesson's card (the right one, on the table), the next
  lesson step, a practice card (the bots reply before the page is drawn), a puzzle's card, the
  Lab replay's next card, the hint ladder's first rung in practice.

Targets (issue 15): first render of every page under 150 ms median, a card click or a lesson
step under 50 ms.  ``--profile PAGE`` prints where the first render of a page spends its time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import logging
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HEARTS_DB_URL", f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")

from streamlit.logger import set_log_level  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from streamlit.testing.v1 import local_script_runner as runner_module  # noqa: E402

from hearts_core.content.lessons import LESSONS_DIR, ChooseCardStep, load_curriculum  # noqa: E402
from hearts_core.content.puzzles import PUZZLES_DIR, PlayPuzzle, load_library  # noqa: E402
from hearts_ui.views.practice.session import SESSION_KEY as PRACTICE  # noqa: E402
from tests.app.tables import click_table  # noqa: E402

APP = str(ROOT / "app.py")
PAGES = {
    "home": None,
    "lesson step": "pages/2_Lessons.py",
    "lessons list": "pages/2_Lessons.py",
    "puzzles": "pages/3_Puzzles.py",
    "practice": "pages/4_Practice.py",
    "lab": "pages/5_Variant_Lab.py",
    "rule book": "pages/1_Rule_Book.py",
    "sources": "pages/6_Sources.py",
    "glossary": "pages/7_Glossary.py",
    "saved progress": "pages/8_Saved_progress.py",
}
QUERIES = {"lesson step": {"lesson": "table", "step": "5"}}

#: Script time of the runs since the last read (seconds), filled by the patched runner.
_RUNS: list[float] = []


def _patch_runner() -> None:
    """Time each script run without AppTest's parsing of the messages into an element tree."""
    original_run = runner_module.LocalScriptRunner.run
    original_parse = runner_module.parse_tree_from_messages
    parsing: list[float] = []

    def parse(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return original_parse(*args, **kwargs)
        finally:
            parsing.append(time.perf_counter() - started)

    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        parsing.clear()
        started = time.perf_counter()
        result = original_run(self, *args, **kwargs)
        _RUNS.append(time.perf_counter() - started - sum(parsing))
        return result

    runner_module.parse_tree_from_messages = parse  # type: ignore[assignment]
    runner_module.LocalScriptRunner.run = run  # type: ignore[method-assign]


def _last_run() -> float:
    return _RUNS[-1]


def _session(page: str | None = None, query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    if page is not None:
        for name, value in (query or {}).items():
            at.query_params[name] = value
        at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def first_renders(sessions: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {}
    for name, page in PAGES.items():
        for _ in range(sessions):
            _session(page, QUERIES.get(name))
            times.setdefault(name, []).append(_last_run())
    return times


def _lesson_card(at: AppTest) -> None:
    lesson = load_curriculum(LESSONS_DIR).lessons["table"]
    number = next(index for index, step in enumerate(lesson.steps, start=1) if isinstance(step, ChooseCardStep))
    step = lesson.steps[number - 1]
    assert isinstance(step, ChooseCardStep)
    at.query_params["lesson"], at.query_params["step"] = "table", str(number)
    at.run()
    click_table(at, "ha_ls_table", kind="play", card=step.accept[0])


def clicks(repeat: int) -> dict[str, list[float]]:
    """Each kind of click, ``repeat`` times, each in a warm session."""
    library = load_library(PUZZLES_DIR)
    play = next(
        puzzle for puzzle in library.ordered() if isinstance(puzzle, PlayPuzzle) and puzzle.question_state.to_play == 0
    )
    kinds: dict[str, Callable[[], None]] = {}

    def lesson_next() -> None:
        at = _session("pages/2_Lessons.py", {"lesson": "table", "step": "2"})
        at.button(key="ha_steps_bottom_next").click().run()

    def practice_card() -> None:
        at = _session("pages/4_Practice.py")
        at.radio(key="ha_pr_level").set_value("heuristic").run()
        at.button(key="ha_pr_start").click().run()
        session = at.session_state[PRACTICE]
        cards = [str(card) for card in session.hand.hands[0].cards()[-session.rules.pass_count :]]
        click_table(at, "ha_pr_table", kind="cards", cards=cards)
        session = at.session_state[PRACTICE]
        click_table(at, "ha_pr_table", kind="play", card=str(session.hand.legal_moves()[0]))

    def practice_hint() -> None:
        at = _session("pages/4_Practice.py")
        at.button(key="ha_pr_start").click().run()
        at.button(key="ha_pr_hint_1").click().run()

    def puzzle_card() -> None:
        at = _session("pages/3_Puzzles.py", {"puzzle": play.id})
        click_table(at, "ha_pz_table", kind="play", card=play.solution[0])

    def lab_next() -> None:
        at = _session("pages/5_Variant_Lab.py")
        at.button(key="ha_lab_next").click().run()

    kinds.update(
        {
            "lesson card": lambda: _lesson_card(_session("pages/2_Lessons.py")),
            "lesson next step": lesson_next,
            "practice card": practice_card,
            "practice hint": practice_hint,
            "puzzle card": puzzle_card,
            "lab next card": lab_next,
        }
    )
    times: dict[str, list[float]] = {}
    for name, click in kinds.items():
        for _ in range(repeat):
            click()
            times.setdefault(name, []).append(_last_run())
    return times


def _row(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{name:<18} {1000 * statistics.median(samples):7.1f} {1000 * p95:7.1f} {1000 * max(samples):7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=7)
    parser.add_argument("--clicks", type=int, default=7)
    parser.add_argument("--profile", choices=sorted(PAGES))
    args = parser.parse_args()
    set_log_level("error")
    logging.disable(logging.WARNING)
    _patch_runner()
    _session()  # warm: loads the libraries, registers the components
    for page in PAGES.values():
        _session(page)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.sessions):
            _session(PAGES[args.profile], QUERIES.get(args.profile))
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(60)
        print(out.getvalue())
        return
    print(f"{'first render':<18} {'median':>7} {'p95':>7} {'max':>7}  (ms of script time)")
    for name, samples in first_renders(args.sessions).items():
        print(_row(name, samples))
    print(f"\n{'click':<18} {'median':>7} {'p95':>7} {'max':>7}")
    for name, samples in clicks(args.clicks).items():
        print(_row(name, samples))


if __name__ == "__main__":
    main()
