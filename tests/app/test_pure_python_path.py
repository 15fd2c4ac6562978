"""The app also runs with the kernel as plain Python (no numba, or HEARTS_COMPILED=0).

The rest of the suite runs on the warm compiled kernel (tests/conftest.py).  Here a
child pytest runs, with ``HEARTS_COMPILED=0``, the Practice page's hint test (the
Monte Carlo hint and the bots), the Variant Lab's, the solver's and the
self-interested search's doctests, and the worlds' doctest: the same functions,
not compiled, give the same answers, and the log says how the kernel runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKS = (
    "tests/app/test_practice_page.py::test_each_hint_rung_in_turn_for_the_pass_and_for_a_card",
    "hearts_core/search/solver.py",
    "hearts_core/search/selfish.py",
    "hearts_core/lab/simulation.py",
    "hearts_core/ai/worlds.py",
)


def test_practice_hints_the_lab_and_the_solver_with_the_kernel_as_plain_python() -> None:
    environment = {key: value for key, value in os.environ.items() if key != "HEARTS_REQUIRE_COMPILED"}
    environment["HEARTS_COMPILED"] = "0"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *CHECKS],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    summary = result.stdout.strip().splitlines()[-1]  # e.g. "6 passed in 2.4s": the test and each doctest
    assert " passed" in summary and "failed" not in summary and "skipped" not in summary, summary


def test_the_engine_says_its_kernel_runs_as_plain_python() -> None:
    script = "from hearts_core.search import fast; print(fast.state())"
    output = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "HEARTS_COMPILED": "0"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert output.strip() == "kernel as plain Python (HEARTS_COMPILED=0)"
