"""How fast the Variant Lab simulates paired hands (hearts_core.lab.simulate_pairs).

    python benchmarks/lab_speed.py [--pairs N] [--a PRESET] [--b PRESET] [--seed N] [--workers 1 2]

Each pair is one deal played under ruleset A and under ruleset B (two hands)
by the heuristic bots, passing included, on the kernel.  The issue's
target: 10,000 pairs (20,000 hands) in under 10 s on the 2-core machine.
The rows are identical whatever the number of workers (checked here).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_core import Ruleset
from hearts_core.lab import compare_stats, simulate_pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--a", default="standard")
    parser.add_argument("--b", default="omnibus")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    rules_a, rules_b = Ruleset.preset(args.a), Ruleset.preset(args.b)
    print(
        f"{args.pairs} paired deals ({2 * args.pairs} hands), {args.a} vs {args.b}, heuristic bots, "
        f"{os.cpu_count()} CPUs"
    )
    reference = None
    for workers in args.workers:
        start = time.perf_counter()
        result = simulate_pairs(rules_a, rules_b, args.pairs, seed=args.seed, workers=workers)
        elapsed = time.perf_counter() - start
        same = "" if reference is None else f", rows identical to 1 worker: {result.rows == reference}"
        reference = reference or result.rows
        print(
            f"workers={workers}: {elapsed:.2f} s, {args.pairs / elapsed:,.0f} pairs/s, "
            f"{2 * args.pairs / elapsed:,.0f} hands/s{same}"
        )
    start = time.perf_counter()
    stats = compare_stats(simulate_pairs(rules_a, rules_b, min(args.pairs, 2000), seed=args.seed))
    print(f"compare_stats on {min(args.pairs, 2000)} pairs (simulation included): {time.perf_counter() - start:.2f} s")
    for stat in stats:
        print(" ", stat.text())


if __name__ == "__main__":
    main()
