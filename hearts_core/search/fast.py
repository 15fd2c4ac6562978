"""The compiled kernel: whether it is ready, warming it, and whole random hands.

The kernel (:mod:`hearts_core.search.kernel` and
:mod:`hearts_core.search.solver_kernel`) is compiled by numba the first time
each function runs, or loaded from numba's cache on disk (about half a second
for all of it).  There is one path: every caller calls the kernel, and a call
that finds its function not yet compiled waits for numba (which compiles under
one lock, so two callers never compile the same function twice).  So nobody
should meet a compile: ``python -m hearts_core prepare`` fills the cache at
install time, and the app warms the kernel in a background thread at start-up
(:func:`warm_in_background`), which loads it from the cache before any learner
clicks.  :func:`ready` is numba's own record of what is compiled (for the log
and the tests); this module keeps no state of its own.

Why just-in-time compilation with numba's disk cache rather than ahead of time:
numba's ahead-of-time compiler (``numba.pycc``) is deprecated, and a cached
kernel loads in about half a second.  The kernel has no recursion (the solver's
searches keep an explicit stack), so caching is safe: recursion with
``cache=True`` crashed in an earlier experiment.  With ``HEARTS_COMPILED=0`` (or
without numba) the same functions run as plain Python: the same answers and
the same random numbers, only slower.

>>> from hearts_core import Ruleset, random_hands
>>> points = random_hands(Ruleset(), 3, seed=7)
>>> points.shape, [int(total) for total in points.sum(axis=1)]
((3, 4), [26, 26, 26])
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Final

import numpy as np

from ..engine.rules import Ruleset
from . import kernel, solver_kernel

LOG: Final = logging.getLogger("hearts_core")

#: The kernel functions the engine calls directly; each compiles its callees with it.
ENTRY_POINTS: Final = (
    "random_hands",
    "lab_hands",
    "playouts",
    "pass_playouts",
    "deal_worlds",
    "heuristic_choice",
    "heuristic_pass",
    "shooter_card",
    "moon_threat",
    "random_card",
    "class_representatives",
    "legal_mask",
    "state_legal",
    "play_card",
    "score_hand",
)
#: The exact solver's compiled searches (:mod:`hearts_core.search.solver_kernel`).
SOLVER_ENTRY_POINTS: Final = solver_kernel.ENTRY_POINTS


def ready() -> bool:
    """Whether every entry point of the kernel is compiled (so a call costs no compile time)."""
    if not kernel.AVAILABLE:
        return False
    return all(getattr(kernel, name).signatures for name in ENTRY_POINTS) and all(
        getattr(solver_kernel, name).signatures for name in SOLVER_ENTRY_POINTS
    )


def state() -> str:
    """One line for the log: how the kernel runs, and why."""
    if kernel.numba is None:
        return "kernel as plain Python (numba is not installed)"
    if not kernel.WANTED:
        return "kernel as plain Python (HEARTS_COMPILED=0)"
    if ready():
        return f"compiled kernel (numba {kernel.numba.__version__})"
    return f"compiled kernel (numba {kernel.numba.__version__}), loading"


def warm() -> float:
    """Compile (or load from numba's cache) every entry point; returns the seconds it took.

    Runs each one once on a small standard hand, with the argument types the
    engine uses, so later calls find a compiled version.  Logs the path the
    engine runs on."""
    if not kernel.AVAILABLE:
        LOG.info("hearts_core runs on the %s", state())
        return 0.0
    start = time.perf_counter()
    rules = kernel.rules_array(Ruleset())
    n = 4
    rng = kernel.rng_state(0)
    one = np.zeros(1, dtype=np.int64)
    nothing = np.zeros(n, dtype=np.int64)
    scores = np.zeros((1, n), dtype=np.int64)
    kernel.random_hands(rules, 1, 0, rng, scores, np.zeros((1, 2 * n + 104), dtype=np.int64))
    dealt = np.array([[0x1FFF << (13 * seat) for seat in range(n)]], dtype=np.int64)
    facts = np.zeros((1, n + kernel.LAB_FACTS), dtype=np.int64)
    kernel.lab_hands(rules, dealt, one, nothing, False, False, one, facts)
    base = np.zeros((1, kernel.STATE_SIZE), dtype=np.int64)
    kernel.start_state(rules, dealt[0], 0, base[0])
    flags = np.zeros((1, 2), dtype=np.int64)
    kernel.playouts(rules, base, one, 0, 0, False, 0, nothing, False, scores, flags)
    kernel.pass_playouts(rules, dealt, 0, 0, 0x7, one, 0, nothing, False, scores)
    worlds = np.zeros((1, n), dtype=np.int64)
    others = np.array([1], dtype=np.int64)
    kernel.deal_worlds(
        nothing, np.array([0, 1, 0, 0], dtype=np.int64), nothing, np.array([5], dtype=np.int64), others, rng, worlds
    )
    kernel.heuristic_choice(rules, base[0], 1)
    kernel.heuristic_pass(rules, 0x1FFF, False)
    kernel.shooter_card(rules, base[0], 1)
    kernel.moon_threat(rules, base[0])
    kernel.random_card(0x1FFF, rng)
    kernel.class_representatives(np.arange(52, dtype=np.int64), 0, 0x1FFF, 0, np.zeros(52, dtype=np.int64))
    kernel.legal_mask(rules, 0x1FFF, -1, True, False)
    kernel.state_legal(rules, base[0])
    kernel.play_card(rules, base[0].copy(), 0)
    kernel.score_hand(rules, base[0], nothing, False, scores[0])
    solver_kernel.warm()
    seconds = time.perf_counter() - start
    LOG.info("hearts_core runs on the %s, warmed in %.1f s", state(), seconds)
    return seconds


def warm_in_background() -> threading.Thread:
    """Start :func:`warm` in a daemon thread and return it: the caller goes on at once (a kernel
    call made meanwhile waits for its function to be loaded)."""
    thread = threading.Thread(target=warm, name="hearts-kernel-warm", daemon=True)
    thread.start()
    return thread


def random_hands(rules: Ruleset, count: int, seed: int) -> np.ndarray:
    """Deal, pass and play ``count`` hands under ``rules`` with uniformly random legal choices
    (the pass too: ``pass_count`` random cards); returns each hand's points per seat as an
    array of shape ``(count, players)``.

    Hand ``i`` has hand number ``i``, so the pass direction follows the
    ruleset's cycle and the deal moves left.  The same ``seed`` gives the same
    hands compiled or not (the kernel's own random numbers).  A public
    contract: outside benchmarks call it.
    """
    if count < 0:
        raise ValueError("count cannot be negative")
    scores = np.zeros((count, rules.players), dtype=np.int64)
    no_trace = np.zeros((0, 1), dtype=np.int64)
    kernel.random_hands(kernel.rules_array(rules), count, 0, kernel.rng_state(seed), scores, no_trace)
    return scores


def traced_random_hands(rules: Ruleset, count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`random_hands` with each hand's record (``kernel.random_hands``'s trace), for tests."""
    n = rules.players
    deck_size = rules.hand_size * n
    scores = np.zeros((count, n), dtype=np.int64)
    trace = np.zeros((count, 2 * n + 2 * deck_size), dtype=np.int64)
    kernel.random_hands(kernel.rules_array(rules), count, 0, kernel.rng_state(seed), scores, trace)
    return scores, trace


__all__ = ["ENTRY_POINTS", "random_hands", "ready", "state", "traced_random_hands", "warm", "warm_in_background"]
