"""How strong the bots are: duplicate deals against a field of another bot.

    python benchmarks/strength.py --candidate heuristic --field random [--deals 200]
    python benchmarks/strength.py --candidate monte_carlo --worlds 128 --field heuristic --deals 200

Each deal (seeded by its number) is played once per seat: the candidate sits in
seat 0, then 1, 2, 3, the field bots in the other seats, with the same cards
dealt every time.  Passing is on (the pass direction follows the hand number,
so deals cycle left, right, across, hold).  The bots see only their own views.

Reported for the candidate, per deal (the mean of its rotations):

* points: its mean final score per hand;
* payoff: the mean of the others' scores minus its own, with a 95% confidence
  interval over deals (normal approximation, 1.96 standard errors);
* moons for / against: hands it shot the moon / an opponent did, out of all hands;
* queen: the share of hands in which it took the QS;
* for Monte Carlo, the mean and 95th-percentile time per card decision.

Deals run in ``--jobs`` worker processes (default: every CPU).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import Bot, Decision, play_hand
from hearts_core.ai.levels import make_bot
from hearts_core.ai.view import PlayerView
from hearts_core.search import fast
from hearts_core.search.kernel import QS

TARGETS = {
    ("heuristic", "random"): "target: at most 3.5 points per deal",
    ("monte_carlo", "heuristic"): "target (128 worlds): payoff at least +2.0, and at most 4.0 points per deal taken",
}


def play_deal(args: tuple[int, str, str, int, str, int, int]) -> dict[str, object]:
    deal, candidate_level, field_level, worlds, preset, seed, field_worlds = args
    rules = Ruleset.preset(preset)
    n = rules.players
    rows = []
    times: list[float] = []
    for seat in range(n):
        candidate = make_bot(candidate_level, worlds=worlds)
        timed = _Timed(candidate, times)
        bots: list[Bot] = [timed if s == seat else make_bot(field_level, worlds=field_worlds) for s in range(n)]
        state = HandState.deal(rules, f"{seed}-{deal}", deal)
        final = play_hand(state, bots, seed=f"{seed}-{deal}-{seat}")
        report = final.score_report()
        scores = report.scores
        others = [scores[s] for s in range(n) if s != seat]
        rows.append(
            {
                "points": scores[seat],
                "payoff": sum(others) / len(others) - scores[seat],
                "moon_for": report.moon_shooter == seat,
                "moon_against": report.moon_shooter is not None and report.moon_shooter != seat,
                "queen": bool(final.taken_masks[seat] >> QS & 1),
            }
        )
    return {"rows": rows, "times": times}


class _Timed:
    """A bot wrapper that records the time of each card decision."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times

    def choose_pass(self, view: PlayerView, rng: object) -> object:
        return self.bot.choose_pass(view, rng)  # type: ignore[arg-type]

    def choose_card(self, view: PlayerView, rng: object) -> Decision:
        start = time.perf_counter()
        decision = self.bot.choose_card(view, rng)  # type: ignore[arg-type]
        self.times.append(time.perf_counter() - start)
        return decision


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidate", default="heuristic")
    parser.add_argument("--field", default="random")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=128)
    parser.add_argument("--field-worlds", type=int, default=128, help="worlds of a monte_carlo field")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args(argv)

    start = time.perf_counter()
    fast.warm()  # the worker processes are forked from this one, compiled kernel included
    tasks = [
        (deal, args.candidate, args.field, args.worlds, args.preset, args.seed, args.field_worlds)
        for deal in range(args.deals)
    ]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play_deal, tasks, chunksize=1)
    else:
        results = [play_deal(task) for task in tasks]
    elapsed = time.perf_counter() - start

    per_deal_points = [statistics.fmean(row["points"] for row in result["rows"]) for result in results]  # type: ignore[attr-defined]
    per_deal_payoff = [statistics.fmean(row["payoff"] for row in result["rows"]) for result in results]  # type: ignore[attr-defined]
    rows = [row for result in results for row in result["rows"]]  # type: ignore[attr-defined]
    times = [t for result in results for t in result["times"]]  # type: ignore[attr-defined]
    deals = len(results)
    hands = len(rows)

    def ci(values: list[float]) -> float:
        return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")

    name = args.candidate + (f"({args.worlds} worlds)" if args.candidate == "monte_carlo" else "")
    print(
        f"{name} against three {args.field}, preset {args.preset}, {deals} duplicate deals "
        f"({hands} hands), seed {args.seed}, {elapsed:.0f} s on {args.jobs} process(es)"
    )
    print(f"  points per deal : {statistics.fmean(per_deal_points):6.2f} ± {ci(per_deal_points):.2f}")
    print(f"  payoff          : {statistics.fmean(per_deal_payoff):+6.2f} ± {ci(per_deal_payoff):.2f}  (95% CI)")
    print(f"  moons for       : {sum(bool(row['moon_for']) for row in rows)} / {hands}")
    print(f"  moons against   : {sum(bool(row['moon_against']) for row in rows)} / {hands}")
    print(f"  took the queen  : {100 * sum(bool(row['queen']) for row in rows) / hands:.1f}% of hands")
    if args.candidate == "monte_carlo" and times:
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"  decision time   : mean {1000 * statistics.fmean(times):.1f} ms, 95th percentile "
            f"{1000 * p95:.1f} ms over {len(times)} decisions "
            f"({args.jobs} worker process(es) on {multiprocessing.cpu_count()} CPUs)"
        )
    target = TARGETS.get((args.candidate, args.field))
    if target:
        print(f"  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
