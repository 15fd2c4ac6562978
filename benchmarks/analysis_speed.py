"""How fast the Analysis board answers (issue 25).

    python benchmarks/analysis_speed.py [--positions 60] [--worlds 1000] [--preset standard] [--json]

``hearts_core.analyse(state, worlds=N)`` at positions from seeded hands (standard rules unless
``--preset``) played by the
heuristic bots (every decision of the seat to move with two or more legal cards), grouped by the
tricks left: the median, 95th percentile and worst per analysis.  Near the end (seven tricks or
fewer at four players, :func:`~hearts_core.ai.analysis.open_tricks`) the analysis includes the exact
open values (the solver); before that, the expected points only.
Target: median under 300 ms with 1,000 worlds for a four-player position (compiled kernel).

Then the game review of whole hands (``--hands``, played by the heuristic bots): the review of
seat 0's decisions at 1,000 worlds plus luck against skill (8 replays with the Monte Carlo bot in
the seat), as the practice page runs them after each hand.  Target: ready within 3 s.

The kernel is warmed (compiled, or loaded from numba's cache) before the clock starts.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hearts_core import HandState, Ruleset, analyse
from hearts_core.ai.analysis import open_tricks, passed_by_bots
from hearts_core.ai.bots import HeuristicBot, play_hand
from hearts_core.ai.view import PlayerView
from hearts_core.learner.review import luck_and_skill, review_hand


def positions(count: int, rules: Ruleset, seed: int = 0) -> list[HandState]:
    """Decisions with a choice, from hands the heuristic bots play, spread over the whole hand."""
    found: list[HandState] = []
    bot = HeuristicBot()
    rng = random.Random(seed)
    hand = 0
    while len(found) < count:
        state = passed_by_bots(HandState.deal(rules, seed=seed + hand, hand_number=hand % 4), hand)
        hand += 1
        while state.is_playing:
            if len(state.legal_moves()) > 1 and rng.random() < 0.35:
                found.append(state)
            assert state.to_play is not None
            decision = bot.choose_card(PlayerView.from_state(state, state.to_play), rng)
            state = state.play(decision.card)
    return found[:count]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--preset", default="standard", choices=Ruleset.preset_names())
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = Ruleset.preset(args.preset)
    sample = positions(args.positions, rules)
    analyse(sample[0], worlds=16)  # warm the kernel and the solver
    solved = f"<= {open_tricks(rules)} tricks (with open values)"
    times: dict[str, list[float]] = {"early (expected only)": [], solved: []}
    for index, state in enumerate(sample):
        started = time.perf_counter()
        result = analyse(state, worlds=args.worlds, seed=index)
        elapsed = time.perf_counter() - started
        group = solved if result.open_solved else "early (expected only)"
        times[group].append(elapsed)
    for hand in range(args.hands):
        played = play_hand(HandState.deal(rules, seed=hand), [HeuristicBot()] * rules.players, seed=hand)
        started = time.perf_counter()
        review_hand(played, 0, worlds=args.worlds)
        luck_and_skill(played, 0)
        times.setdefault("hand review (decisions + luck)", []).append(time.perf_counter() - started)
    everything = [value for name, values in times.items() if "review" not in name for value in values]
    rows = {
        name: {
            "n": len(values),
            "median_ms": statistics.median(values) * 1000,
            "p95_ms": percentile(values, 0.95) * 1000,
            "worst_ms": max(values) * 1000,
        }
        for name, values in {**times, "all positions": everything}.items()
        if values
    }
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"hearts_core.analyse with {args.worlds} worlds, {rules.players} players, preset {args.preset}")
    print(f"{'positions':42} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'worst ms':>9}")
    for name, row in rows.items():
        print(f"{name:42} {row['n']:>4} {row['median_ms']:>10.1f} {row['p95_ms']:>8.1f} {row['worst_ms']:>9.1f}")
    print(f"target: median under 300 ms: {'met' if rows['all positions']['median_ms'] < 300 else 'NOT met'}")
    review = rows.get("hand review (decisions + luck)")
    if review:
        print(f"target: a hand's review within 3 s: {'met' if review['p95_ms'] < 3000 else 'NOT met'}")


if __name__ == "__main__":
    main()
