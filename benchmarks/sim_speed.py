"""How fast random hands play out on the fast path (hearts_core.search.sim) next to HandState.

    python benchmarks/sim_speed.py [--seconds N] [--preset NAME] [--seed N]

Both paths start from the same dealt and passed positions (a fresh deal per hand,
random passes made on the HandState, not timed) and play every card uniformly at
random among the legal cards to the end, then score the hand:

* HandState: ``legal_mask()``, ``play(card)`` and ``scores()``, one immutable state per card;
* Sim: ``Sim.from_state`` (timed), ``legal()``, ``play(card)`` in place and ``final_scores()``.

The random choice (``hearts_core.search.sim.random_card``) is the same on both paths.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import random_passes
from hearts_core.engine.cards import ALL_CARDS
from hearts_core.search.sim import Sim, SimRules, random_card


def positions(rules: Ruleset, count: int, seed: int) -> list[HandState]:
    rng = random.Random(seed)
    states = []
    for number in range(count):
        state = HandState.deal(rules, rng.getrandbits(64), number)
        if state.phase == "pass":
            state = state.with_passes(random_passes(state, rng))
        states.append(state)
    return states


def via_handstate(state: HandState, rng: random.Random, k: SimRules) -> None:
    while state.phase == "play":
        state = state.play(ALL_CARDS[random_card(state.legal_mask(), rng)])
    state.scores()


def via_sim(state: HandState, rng: random.Random, k: SimRules) -> None:
    sim = Sim.from_state(state, k)
    while not sim.over:
        sim.play(random_card(sim.legal(), rng))
    sim.final_scores()


def measure(
    play: Callable[[HandState, random.Random, SimRules], None],
    states: list[HandState],
    k: SimRules,
    seconds: float,
    seed: int,
) -> float:
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    while True:
        for state in states:
            play(state, rng, k)
        count += len(states)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per path (default 3)")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    rules = Ruleset.preset(args.preset)
    k = SimRules(rules)
    states = positions(rules, 200, args.seed)
    results = {}
    for name, play in (("HandState", via_handstate), ("Sim", via_sim)):
        measure(play, states[:20], k, 0.2, args.seed)  # warm up
        results[name] = measure(play, states, k, args.seconds, args.seed)
        print(f"{name:<10} {results[name]:9.0f} hands/s")
    print(f"Sim / HandState = {results['Sim'] / results['HandState']:.2f}x  (preset {args.preset}, random policy)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
