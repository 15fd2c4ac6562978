"""How fast the kernel is: random hands against OpenSpiel, the play hint, the Variant Lab.

    python benchmarks/kernel_speed.py [--rounds 2] [--hint-positions 24] [--lab-pairs 100000]

Three measurements, each taking turns between the engines within the run (``--rounds``):

1. **Random hands** (deal, pass, play, uniformly random legal choices), the ruleset
   ``Ruleset.preset("openspiel")``: ``hearts_core.random_hands(rules, count, seed)`` against
   OpenSpiel's C++ game played by ``pyspiel.evaluate_bots`` with four
   ``pyspiel.make_uniform_random_bot`` bots (one C++ call per hand).  Target: at least 5x
   OpenSpiel (aiming for 10x).  The Python engine (``HandState``) is shown for scale.
2. **The play hint** (``hearts_core.play_hint``) with 1,000 sampled worlds, at positions from
   seeded hands played by the heuristic bots (every third decision with two or more different
   cards to choose from): the median and 90th percentile per hint.  Target: median under 100 ms.
3. **The Variant Lab**: ``simulate_pairs(standard, omnibus, N)`` with one worker, the heuristic
   bots, passing included.  Target: 100,000 pairs (200,000 hands) in under 10 s on one core.

The kernel is warmed (compiled, or loaded from numba's cache) before the clock starts.  To set
these figures beside an older version of the engine, see ``benchmarks/before_after.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_core import HandState, Ruleset, play_hint, random_hands
from hearts_core.ai.bots import HeuristicBot
from hearts_core.ai.view import PlayerView
from hearts_core.lab import simulate_pairs
from hearts_core.search import fast
from hearts_core.search.equivalence import equivalent_classes, point_attributes

HINT_WORLDS = 1000


def random_hands_round(rules: Ruleset, count: int, seed: int) -> float:
    """Seconds for ``count`` random hands through the contract."""
    start = time.perf_counter()
    random_hands(rules, count, seed)
    return time.perf_counter() - start


def openspiel_round(count: int, seed: int) -> float:
    """Seconds for ``count`` hands of OpenSpiel's C++ game with four uniform random bots."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(seat, seed + seat) for seat in range(4)]
    start = time.perf_counter()
    for hand in range(count):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + hand)
    return time.perf_counter() - start


def handstate_round(rules: Ruleset, count: int, seed: int) -> float:
    """Seconds for ``count`` random hands through the Python engine's public API."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for hand in range(count):
        state = HandState.deal(rules, rng.getrandbits(64), hand)
        if state.is_passing:
            state = state.with_passes(
                {seat: rng.sample(cards.cards(), rules.pass_count) for seat, cards in enumerate(state.hands)}
            )
        while state.is_playing:
            moves = state.legal_moves()
            state = state.play(moves[rng.randrange(len(moves))])
    return time.perf_counter() - start


def hint_positions(count: int, seed: int) -> list[HandState]:
    """Decisions with a real choice, from hands the heuristic bots play."""
    rules = Ruleset()
    bot = HeuristicBot()
    found: list[HandState] = []
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
            seat = state.to_play
            assert seat is not None
            view = PlayerView.from_state(state, seat)
            if len(equivalent_classes(view.legal_mask(), point_attributes(rules), view.elsewhere)) > 1:
                decision += 1
                if decision % 3 == 0:
                    found.append(state)
            state = state.play(bot.choose_card(view, rng).card)
        deal += 1
    return found


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure_random_hands(args: argparse.Namespace) -> None:
    rules = Ruleset.preset("openspiel")
    fast.warm()
    print(f"1. random hands, openspiel preset ({fast.state()})")
    openspiel_round(200, args.seed)  # warm up
    ratios = []
    for round_number in range(1, args.rounds + 1):
        ours = random_hands_round(rules, args.hands, args.seed + round_number)
        theirs = openspiel_round(args.hands // 10, args.seed + round_number) * 10
        python = handstate_round(rules, args.hands // 200, args.seed + round_number) * 200
        ratio = theirs / ours
        ratios.append(ratio)
        print(
            f"   round {round_number}: random_hands {args.hands / ours:>10,.0f} hands/s | OpenSpiel evaluate_bots "
            f"{args.hands / theirs:>8,.0f} hands/s | HandState {args.hands / python:>6,.0f} hands/s | "
            f"ratio {ratio:.1f}x (target 5x, aim 10x)"
        )
    print(f"   ratio over the rounds: {statistics.median(ratios):.1f}x (median)")


def measure_hint(args: argparse.Namespace) -> None:
    fast.warm()
    print(f"2. play hint, {HINT_WORLDS} worlds, {args.hint_positions} positions ({fast.state()})")
    states = hint_positions(args.hint_positions, args.seed)
    for round_number in range(1, args.rounds + 1):
        times = []
        for state in states:
            start = time.perf_counter()
            play_hint(state, worlds=HINT_WORLDS, seed=1)
            times.append(time.perf_counter() - start)
        print(
            f"   round {round_number}: median {1000 * statistics.median(times):7.1f} ms, "
            f"p90 {1000 * percentile(times, 0.9):7.1f} ms, max {1000 * max(times):7.1f} ms (target: median < 100)"
        )


def measure_lab(args: argparse.Namespace) -> None:
    fast.warm()
    print(f"3. Variant Lab, standard vs omnibus, one worker, {args.lab_pairs:,} pairs ({fast.state()})")
    for round_number in range(1, args.rounds + 1):
        start = time.perf_counter()
        simulate_pairs(Ruleset.preset("standard"), Ruleset.preset("omnibus"), args.lab_pairs, seed=args.seed)
        seconds = time.perf_counter() - start
        print(
            f"   round {round_number}: {args.lab_pairs:,} pairs in {seconds:6.2f} s = "
            f"{2 * args.lab_pairs / seconds:>9,.0f} hands/s (target < 10 s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--hands", type=int, default=200_000, help="random hands per round (ours)")
    parser.add_argument("--hint-positions", type=int, default=24)
    parser.add_argument("--lab-pairs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", choices=("random", "hint", "lab"), default=None)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, numba kernel: {fast.state()}\n")
    if args.only in (None, "random"):
        measure_random_hands(args)
    if args.only in (None, "hint"):
        measure_hint(args)
    if args.only in (None, "lab"):
        measure_lab(args)


if __name__ == "__main__":
    main()
