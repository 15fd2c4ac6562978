"""How long the server takes to draw every step of every lesson.

    python benchmarks/lesson_render.py [--repeat N] [--lesson ID ...] [--profile]

What is timed:

* **page**: the whole Lessons page script, run by Streamlit's ``AppTest``:
  ``AppTest.from_file("app.py")``, ``switch_page("pages/2_Lessons.py")``, then for
  every lesson and step ``at.query_params["lesson"]`` / ``["step"]`` set and
  ``at.run()`` timed (one session, as a learner stepping through; one warm-up run
  first, which loads and caches the curriculum).  This is the server's script time
  plus AppTest's own bookkeeping (it collects every element into a tree), so it is
  an upper bound on what a real server spends before it sends the page.
* **frame**: in every walkthrough, each click of the frame "next" button
  (``ha_frame_next``) with its rerun, timed the same way.
* **list**: the lesson list (no ``?lesson=``).
* **pure**: the engine and HTML work alone, no Streamlit: ``lesson.position(step)``,
  and ``hearts_ui.widgets.card_table.table_payload`` (for a walkthrough also
  the step's ``history``, which the page computes on every run; for a comparison
  the step's ``comparison`` and both tables).  page - pure is Streamlit's share.

Each step is measured ``--repeat`` times; the per-lesson median, 95th percentile
and max are over all those samples.  The project's goal: every step under 200 ms.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import math
import os
import platform
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.logger import set_log_level  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from hearts_core.content.lessons import CompareStep, Lesson, Step, WalkthroughStep, load_curriculum  # noqa: E402
from hearts_core.engine.state import HandState  # noqa: E402
from hearts_ui.widgets.card_table import TableScene, table_payload  # noqa: E402

GOAL_MS = 200.0
APP = str(ROOT / "app.py")
PAGE = "pages/2_Lessons.py"
FRAME_NEXT = "ha_frame_next"
TIMEOUT = 60


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ``samples``.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)
    10
    >>> percentile([3.0], 0.5)
    3.0
    """
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered) - 1e-9))
    return ordered[min(rank, len(ordered)) - 1]


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = action()
    return (time.perf_counter() - start) * 1000.0, result


# -- the page through AppTest -------------------------------------------------------------


def new_app() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.switch_page(PAGE)
    at.run()  # warm-up: imports, the curriculum parsed and cached, the list drawn
    check(at, "list")
    return at


def check(at: AppTest, where: str) -> None:
    if at.exception:
        raise RuntimeError(f"{where}: the page raised {[e.value for e in at.exception]}")


def run_step(at: AppTest, lesson: Lesson, number: int) -> float:
    at.query_params["lesson"] = lesson.id
    at.query_params["step"] = str(number)
    elapsed, _ = timed(at.run)
    check(at, f"{lesson.id} step {number}")
    return elapsed


def run_list(at: AppTest) -> float:
    at.query_params.clear()
    elapsed, _ = timed(at.run)
    check(at, "list")
    return elapsed


def run_frames(at: AppTest, lesson: Lesson, number: int) -> list[float]:
    """Open a walkthrough at its first frame, then click "next" to its end, timing each rerun."""
    run_step(at, lesson, number)
    first = at.button(key="ha_frame_first")
    if not first.disabled:
        first.click()
        at.run()
    samples = []
    while not at.button(key=FRAME_NEXT).disabled:
        at.button(key=FRAME_NEXT).click()
        elapsed, _ = timed(at.run)
        check(at, f"{lesson.id} step {number} frame")
        samples.append(elapsed)
    return samples


def profile_step(at: AppTest, lesson: Lesson, number: int) -> str:
    """cProfile of the page body for one step.  AppTest runs the script in its own
    thread, so the profiler is switched on there, around ``render_lessons``, which
    the page script imports afresh from the module on every run."""
    import hearts_ui.views.lessons.page as view

    original = view.render_lessons
    profiler = cProfile.Profile()

    def profiled() -> None:
        profiler.enable()
        try:
            original()
        finally:
            profiler.disable()

    view.render_lessons = profiled
    try:
        run_step(at, lesson, number)
    finally:
        view.render_lessons = original
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
    return out.getvalue()


# -- the same work without Streamlit ---------------------------------------------------------


def _face_up(step: Step, state: HandState) -> Any:
    """As the page does (hearts_ui.views.lessons.page._face_up)."""
    if step.show == "to_play":
        return [state.to_play] if state.to_play is not None else "all"
    return step.show


def _table(step: Step, state: HandState, highlight: tuple[str, ...] = ()) -> dict[str, Any]:
    return table_payload(TableScene(state, face_up=_face_up(step, state), highlight=highlight or step.highlight))


def pure_step(lesson: Lesson, step: Step) -> None:
    """The engine and table work the page does for one step."""
    if isinstance(step, WalkthroughStep):
        history = step.history(lesson)
        _table(step, history[0])
        return
    if isinstance(step, CompareStep):
        comparison = step.comparison(lesson)
        _table(step, comparison.state_a)
        _table(step, comparison.state_b)
        return
    state = lesson.position(step)
    if state is not None:
        _table(step, state)


# -- the report -----------------------------------------------------------------------------------


def summary(samples: Sequence[float]) -> str:
    return (
        f"{statistics.median(samples):8.1f} {percentile(samples, 0.95):8.1f} {max(samples):8.1f}"
        if samples
        else f"{'-':>8} {'-':>8} {'-':>8}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="times each step is drawn (default 3)")
    parser.add_argument("--lesson", action="append", help="only these lesson ids")
    parser.add_argument("--profile", action="store_true", help="profile the slowest step's run")
    args = parser.parse_args(argv)

    os.chdir(ROOT)
    set_log_level("error")  # no "missing ScriptRunContext" noise from importing hearts_ui outside a run
    curriculum = load_curriculum(ROOT / "lessons")
    lessons = [lesson for lesson in curriculum.ordered() if not args.lesson or lesson.id in args.lesson]
    print(
        f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus; "
        f"{len(lessons)} lessons, {sum(len(lesson.steps) for lesson in lessons)} steps, repeat {args.repeat}"
    )
    if curriculum.problems:
        print(
            f"({len(curriculum.problems)} lesson file problem(s) shown on the page: "
            f"{'; '.join(str(p) for p in curriculum.problems)})"
        )

    at = new_app()
    list_samples = [run_list(at) for _ in range(args.repeat)]

    page: dict[tuple[str, int], list[float]] = {}
    frames: dict[str, list[float]] = {}
    pure: dict[tuple[str, int], list[float]] = {}
    for _ in range(args.repeat):
        for lesson in lessons:
            for number in range(1, len(lesson.steps) + 1):
                page.setdefault((lesson.id, number), []).append(run_step(at, lesson, number))
    for lesson in lessons:
        for number, step in enumerate(lesson.steps, start=1):
            if step.kind == "walkthrough":
                frames.setdefault(lesson.id, []).extend(run_frames(at, lesson, number))
            pure_step(lesson, step)  # warm the engine's own caches, as the page's first run does
            pure[(lesson.id, number)] = [
                timed(lambda s=step, le=lesson: pure_step(le, s))[0] for _ in range(args.repeat)
            ]

    header = f"{'lesson':<20} {'steps':>5}   {'median':>8} {'p95':>8} {'max':>8}   slowest step"
    print("\npage: one step drawn (AppTest at.run(), ms)")
    print(header)
    for lesson in lessons:
        samples = [s for n in range(1, len(lesson.steps) + 1) for s in page[(lesson.id, n)]]
        slowest = max(range(1, len(lesson.steps) + 1), key=lambda n: max(page[(lesson.id, n)]))
        kind = lesson.steps[slowest - 1].kind
        print(f"{lesson.id:<20} {len(lesson.steps):>5}   {summary(samples)}   {slowest} ({kind})")
    all_page = [s for samples in page.values() for s in samples]
    print(f"{'all steps':<20} {len(page):>5}   {summary(all_page)}")
    print(f"{'lesson list':<20} {'':>5}   {summary(list_samples)}")

    print("\nframe: one walkthrough card forward (click + rerun, ms)")
    print(f"{'lesson':<20} {'clicks':>6}  {'median':>8} {'p95':>8} {'max':>8}")
    for lesson_id, samples in frames.items():
        print(f"{lesson_id:<20} {len(samples):>6}  {summary(samples)}")
    all_frames = [s for samples in frames.values() for s in samples]
    print(f"{'all frames':<20} {len(all_frames):>6}  {summary(all_frames)}")

    print("\npure: position + the table's payload, no Streamlit (ms)")
    print(f"{'lesson':<20} {'steps':>5}   {'median':>8} {'p95':>8} {'max':>8}")
    for lesson in lessons:
        samples = [s for n in range(1, len(lesson.steps) + 1) for s in pure[(lesson.id, n)]]
        print(f"{lesson.id:<20} {len(lesson.steps):>5}   {summary(samples)}")
    all_pure = [s for samples in pure.values() for s in samples]
    print(f"{'all steps':<20} {len(pure):>5}   {summary(all_pure)}")
    print(
        "Streamlit's share (page median - pure median): "
        f"{statistics.median(all_page) - statistics.median(all_pure):.1f} ms"
    )

    worst_step = max(page, key=lambda key: max(page[key]))
    worst_median = max(page, key=lambda key: statistics.median(page[key]))
    overall = max(all_page + all_frames + list_samples)
    every = all(statistics.median(samples) < GOAL_MS for samples in page.values())
    every_sample = overall < GOAL_MS
    print(
        f"\noverall max {overall:.1f} ms (slowest step {worst_step[0]} {worst_step[1]}: "
        f"{max(page[worst_step]):.1f} ms; highest median {worst_median[0]} {worst_median[1]}: "
        f"{statistics.median(page[worst_median]):.1f} ms)"
    )
    print(
        f"every step under {GOAL_MS:.0f} ms: by median {'YES' if every else 'NO'}, "
        f"every single sample (steps, frames, list) {'YES' if every_sample else 'NO'}"
    )

    if args.profile:
        lesson_id, number = worst_step
        print(f"\nprofile of {lesson_id} step {number}, render_lessons() in the script thread (cumulative, top 25):")
        print(profile_step(at, curriculum.lessons[lesson_id], number))
    return 0 if every else 1


if __name__ == "__main__":
    sys.exit(main())
