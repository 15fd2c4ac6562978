"""A duplicate match: one candidate bot against a field of another, the same deals in every seat.

    python benchmarks/duplicate_match.py [--candidate expert] [--field monte_carlo] [--field-worlds 128]
                                         [--deals 200] [--seed 29] [--jobs N]

Every deal (standard rules unless ``--preset``, dealt from ``--seed`` and its number, the pass
direction following the deal number) is played five times: once by four field bots (the
baseline), then once with the candidate in each seat and the field in the other three.  In each
rotation the candidate's score in its seat is compared with the field bot's score in that seat in
the baseline: the **gain** (baseline score minus the candidate's, positive when the candidate did
better with the same cards) is averaged over the four seats, giving one number per deal.  The
**payoff** is strength.py's: the others' mean score minus the candidate's, in the rotations.

Reported: the gain and the payoff per hand with 95% intervals over deals (1.96 standard errors),
moons for (the candidate shot) and against (a field bot shot in a rotation), the same for the
baseline's seat, and the candidate's and the field's time per card decision.

Targets (issue 29): the expert gains at least 0.5 points a hand on Monte Carlo-128, interval clear
of zero, at no more than 50 ms a card.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import Bot, Decision, play_hand
from hearts_core.ai.levels import make_bot
from hearts_core.ai.view import PlayerView
from hearts_core.engine.cards import Card
from hearts_core.search import fast

GAIN_TARGET = 0.5
TIME_TARGET = 0.050


class Timed:
    """A bot wrapper that records the time of each card decision."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        return self.bot.choose_pass(view, rng)

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision:
        start = time.perf_counter()
        decision = self.bot.choose_card(view, rng)
        self.times.append(time.perf_counter() - start)
        return decision


def play_deal(args: tuple[int, str, int, str, int, str, int]) -> dict[str, Any]:
    """The baseline and the candidate's rotations of one deal."""
    deal, candidate, worlds, field, field_worlds, preset, seed = args
    rules = Ruleset.preset(preset)
    n = rules.players
    mine: list[float] = []
    theirs: list[float] = []

    def field_bot() -> Bot:
        return Timed(make_bot(field, worlds=field_worlds), theirs)

    def deal_state() -> HandState:
        return HandState.deal(rules, f"{seed}-{deal}", deal)

    base = play_hand(deal_state(), [field_bot() for _ in range(n)], seed=f"{seed}-{deal}-base").score_report()
    gains, payoffs, moons_for, moons_against = [], [], 0, 0
    base_for = base_against = 0
    for seat in range(n):
        bots = [field_bot() for _ in range(n)]
        bots[seat] = Timed(make_bot(candidate, worlds=worlds), mine)
        report = play_hand(deal_state(), bots, seed=f"{seed}-{deal}-{seat}").score_report()
        scores = report.scores
        gains.append(base.scores[seat] - scores[seat])
        payoffs.append(sum(scores[s] for s in range(n) if s != seat) / (n - 1) - scores[seat])
        moons_for += report.moon_shooter == seat
        moons_against += report.moon_shooter is not None and report.moon_shooter != seat
        base_for += base.moon_shooter == seat
        base_against += base.moon_shooter is not None and base.moon_shooter != seat
    return {
        "gain": statistics.fmean(gains),
        "payoff": statistics.fmean(payoffs),
        "moons": (moons_for, moons_against, base_for, base_against),
        "mine": mine,
        "theirs": theirs,
    }


def interval(values: list[float]) -> float:
    """Half the width of a 95% interval of the mean (normal approximation)."""
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")


def timing(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"mean {1000 * statistics.fmean(times):.1f} ms, 95th percentile {1000 * p95:.1f} ms ({len(times)} cards)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidate", default="expert")
    parser.add_argument("--worlds", type=int, default=128, help="worlds of the candidate")
    parser.add_argument("--field", default="monte_carlo")
    parser.add_argument("--field-worlds", type=int, default=128)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args(argv)
    start = time.perf_counter()
    fast.warm()
    tasks = [
        (deal, args.candidate, args.worlds, args.field, args.field_worlds, args.preset, args.seed)
        for deal in range(args.deals)
    ]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play_deal, tasks, chunksize=1)
    else:
        results = [play_deal(task) for task in tasks]
    elapsed = time.perf_counter() - start
    gains = [float(result["gain"]) for result in results]
    payoffs = [float(result["payoff"]) for result in results]
    moons = [sum(result["moons"][i] for result in results) for i in range(4)]
    mine = [t for result in results for t in result["mine"]]
    theirs = [t for result in results for t in result["theirs"]]
    hands = len(results) * 4
    gain, gain_ci = statistics.fmean(gains), interval(gains)
    print(
        f"{args.candidate} ({args.worlds} worlds) against three {args.field} ({args.field_worlds} worlds), "
        f"preset {args.preset}: {len(results)} duplicate deals ({hands} rotations + {len(results)} baseline hands), "
        f"seed {args.seed}, {elapsed:.0f} s on {args.jobs} process(es)"
    )
    print(f"  gain per hand   : {gain:+6.2f} ± {gain_ci:.2f}  (baseline seat's score minus the candidate's, 95%)")
    print(f"  payoff per hand : {statistics.fmean(payoffs):+6.2f} ± {interval(payoffs):.2f}  (others' mean minus own)")
    print(f"  moons for / against: candidate {moons[0]} / {moons[1]}; the field in its seat {moons[2]} / {moons[3]}")
    print(f"  candidate time  : {timing(mine)}")
    print(f"  field time      : {timing(theirs)}")
    met = gain - gain_ci > 0 and gain >= GAIN_TARGET and statistics.fmean(mine) <= TIME_TARGET
    verdict = "met" if met else "NOT met"
    print(f"  target: gain >= {GAIN_TARGET} with the interval clear of zero, <= 50 ms a card: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
