"""The engine's figures for two versions of the code, measured side by side in one run.

    git worktree add /tmp/hearts-before <commit>          # the older version, once
    python benchmarks/before_after.py --before /tmp/hearts-before [--rounds 3]
                                      [--only random hint solver six lab class]

Each measurement runs in a child process per version and round, the versions taking turns
(before, after, before, after, ...), so both meet the same machine: the same other load, the same
caches, the same temperature.  A child imports ``hearts_core`` from its version's folder (this
file's folder's parent is "after") and warms the kernel before its clock starts (numba's cache
keeps one folder per version of the kernel's source, so each version loads its own).  The child
code below uses only what both versions have: ``random_hands``, ``play_hint``, ``solve``,
``simulate_pairs``, ``HeuristicBot``, ``PlayerView`` and ``equivalent_classes``.

* **random**: ``random_hands(Ruleset.preset("openspiel"), 200_000, seed)``, hands a second;
* **hint**: ``play_hint(state, worlds=1000)`` at 24 decisions with a real choice from hands the
  heuristic bots play (every third such decision), median and 90th percentile;
* **solver**: ``solve(state, "min_points")`` at 20 positions of 4 players with 7 tricks left (the
  self-play of ``benchmarks/solver_speed.py``), median, p95 and worst;
* **six**: the same at 20 positions of 6 players (``six_players``) with 6 tricks left;
* **lab**: ``simulate_pairs(standard, omnibus, 100_000)``, one worker: seconds;
* **class**: each version's own ``benchmarks/class_load.py --start one --json`` (50 learners for
  90 s against a fresh server of that version): page time p50 / p95, actions a second, errors.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

AFTER = Path(__file__).resolve().parents[1]
MEASUREMENTS = ("random", "hint", "solver", "six", "lab", "class")


# -- the child: one measurement in one version ---------------------------------------------------------


def _ending(seed: int, depth: int, rules: Any) -> Any:
    """``benchmarks/solver_speed.py``'s self-play down to ``depth`` tricks left, the leader to move."""
    from hearts_core import HandState
    from hearts_core.engine.cards import cards_of_mask

    rng = random.Random(seed)
    state = HandState.deal(rules, rng.getrandbits(64), hand_number=seed % 4)
    if state.phase == "pass":
        count = rules.pass_count
        state = state.with_passes(
            {
                seat: sorted(hand.cards(), key=lambda card: (card.rank, card.suit))[-count:]
                for seat, hand in enumerate(state.hands)
            }
        )
    points = rules.tables.points
    while state.trick_number < rules.hand_size - depth:
        legal = cards_of_mask(state.legal_mask())
        trick = state.current_trick.cards
        if not trick:
            card = min(legal, key=lambda card: (card.rank, card.suit))
        elif legal[0].suit == trick[0].suit:
            winning = max(card for card in trick if card.suit == trick[0].suit)
            under = [card for card in legal if card < winning]
            last = len(trick) == rules.players - 1
            card = under[-1] if under else (legal[-1] if last else legal[0])
        else:
            card = max(legal, key=lambda card: (points[card], card.rank))
        state = state.play(card)
    return state


def _hint_positions(count: int, seed: int) -> list[Any]:
    """Decisions with a real choice (every third), from hands the heuristic bots play."""
    from hearts_core import HandState, Ruleset
    from hearts_core.ai.bots import HeuristicBot
    from hearts_core.ai.view import PlayerView
    from hearts_core.search.equivalence import equivalent_classes, point_attributes

    rules = Ruleset()
    bot = HeuristicBot()
    found: list[Any] = []
    deal = 0
    while len(found) < count:
        rng = random.Random(f"{seed}-{deal}")
        state = HandState.deal(rules, rng.getrandbits(64), deal)
        if state.is_passing:
            state = state.with_passes(
                {seat: bot.choose_pass(PlayerView.from_state(state, seat), rng) for seat in range(4)}
            )
        decision = 0
        while state.is_playing and len(found) < count:
            view = PlayerView.from_state(state, state.to_play)
            if len(equivalent_classes(view.legal_mask(), point_attributes(rules), view.elsewhere)) > 1:
                decision += 1
                if decision % 3 == 0:
                    found.append(state)
            state = state.play(bot.choose_card(view, rng).card)
        deal += 1
    return found


def _timed(function: Any, items: list[Any]) -> list[float]:
    times = []
    for item in items:
        start = time.perf_counter()
        function(item)
        times.append(time.perf_counter() - start)
    return times


def child(kind: str, seed: int) -> dict[str, Any]:
    """One measurement in this process (``hearts_core`` is the version on ``sys.path``)."""
    from hearts_core import Ruleset, play_hint, random_hands
    from hearts_core.lab import simulate_pairs
    from hearts_core.search import fast
    from hearts_core.search.solver import solve

    fast.warm()
    if kind == "random":
        start = time.perf_counter()
        random_hands(Ruleset.preset("openspiel"), 200_000, seed)
        return {"hands_per_second": 200_000 / (time.perf_counter() - start)}
    if kind == "hint":
        times = _timed(lambda state: play_hint(state, worlds=1000, seed=1), _hint_positions(24, seed))
        return {"times": times}
    if kind in ("solver", "six"):
        rules, depth = (Ruleset(), 7) if kind == "solver" else (Ruleset.preset("six_players"), 6)
        states = [_ending(seed * 1000 + depth * 100 + index, depth, rules) for index in range(20)]
        return {"times": _timed(lambda state: solve(state, "min_points"), states)}
    start = time.perf_counter()
    simulate_pairs(Ruleset.preset("standard"), Ruleset.preset("omnibus"), 100_000, seed=seed, workers=1)
    return {"seconds": time.perf_counter() - start}


# -- the parent: turns, and the report ---------------------------------------------------------------


def run_child(tree: Path, kind: str, seed: int) -> dict[str, Any]:
    """A measurement in a child process importing ``hearts_core`` from ``tree``."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    environment.pop("HEARTS_COMPILED", None)
    if kind == "class":
        command = [sys.executable, str(tree / "benchmarks" / "class_load.py"), "--start", "one", "--json"]
        output = subprocess.run(command, capture_output=True, text=True, env=environment, cwd=tree, check=True)
        return dict(json.loads(output.stdout.strip().splitlines()[-1]))
    command = [sys.executable, str(Path(__file__).resolve()), "--child", kind, "--seed", str(seed)]
    output = subprocess.run(command, capture_output=True, text=True, env=environment, cwd=tree, check=True)
    return dict(json.loads(output.stdout.strip().splitlines()[-1]))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def describe(kind: str, result: dict[str, Any]) -> str:
    """One measurement's figures as a line."""
    if kind == "random":
        return f"{result['hands_per_second']:>10,.0f} hands/s"
    if kind == "lab":
        return f"{result['seconds']:7.2f} s for 100,000 pairs"
    if kind == "class":
        return (
            f"page p50 {result['page_p50_s']:.3f} s, p95 {result['page_p95_s']:.3f} s, "
            f"{result['actions_per_second']:.2f} actions/s, {result['errors']} errors"
        )
    times = [float(value) for value in result["times"]]
    return (
        f"median {1000 * statistics.median(times):8.1f} ms, p90 {1000 * percentile(times, 0.9):8.1f} ms, "
        f"worst {1000 * max(times):8.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, help="a checkout of the older version")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", nargs="+", choices=MEASUREMENTS, default=list(MEASUREMENTS[:5]))
    parser.add_argument("--child", choices=MEASUREMENTS[:5], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, os.environ.get("PYTHONPATH", str(AFTER)))
        print(json.dumps(child(args.child, args.seed)))
        return
    if args.before is None:
        parser.error("--before is required")
    trees = {"before": args.before.resolve(), "after": AFTER}
    print(f"{os.cpu_count()} CPUs; before: {trees['before']}, after: {trees['after']}; {args.rounds} rounds\n")
    for kind in args.only:
        print(kind)
        for round_number in range(1, args.rounds + 1):
            for name, tree in trees.items():
                print(
                    f"   round {round_number} {name:<6} {describe(kind, run_child(tree, kind, args.seed))}", flush=True
                )


if __name__ == "__main__":
    main()
