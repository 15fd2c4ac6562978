"""How fast the hint engine answers: play hints and pass hints on self-play positions.

    python benchmarks/hint_speed.py [--hands 12] [--worlds 128] [--pass-worlds 32] [--seed 2026] [--repeat 1]
                                    [--preset standard]

Play hints: every card decision of ``--hands`` seeded hands of heuristic
self-play under the standard rules or ``--preset`` (passing on, hand numbers cycling the pass
directions), forced cards included (they are as cheap as the engine makes
them), each timed with ``play_hint(state, worlds=--worlds)`` in this one
process.  Pass hints: ``pass_hint(state, seat, worlds=--pass-worlds)`` for
every seat of the hands that pass.  Each time is the best of ``--repeat`` runs.

Targets on the 2-core reference machine: a 128-world play hint in at most 50 ms
on average and 250 ms at the 95th percentile; a pass hint in at most 0.5 s.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import HeuristicBot, heuristic_pass
from hearts_core.ai.hints import pass_hint, play_hint
from hearts_core.ai.view import PlayerView


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def best_time(call: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--worlds", type=int, default=128)
    parser.add_argument("--pass-worlds", type=int, default=32)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--preset", default="standard", help="a named preset (five_players, six_players, ...)")
    args = parser.parse_args(argv)
    rules = Ruleset.preset(args.preset)
    bot = HeuristicBot()
    play_times: list[float] = []
    forced = 0
    pass_times: list[float] = []
    by_trick: dict[int, list[float]] = {}
    for hand in range(args.hands):
        rng = random.Random(args.seed * 1000 + hand)
        state = HandState.deal(rules, rng.getrandbits(64), hand_number=hand % len(rules.pass_cycle))
        if state.phase == "pass":
            for seat in range(rules.players):
                pass_times.append(
                    best_time(
                        lambda s=state, t=seat, h=hand: pass_hint(s, t, worlds=args.pass_worlds, seed=h), args.repeat
                    )
                )
            state = state.with_passes(
                {seat: heuristic_pass(PlayerView.from_state(state, seat)) for seat in range(rules.players)}
            )
        decision = 0
        while state.phase == "play":
            seat = state.to_play
            assert seat is not None
            if state.legal_mask().bit_count() == 1:
                forced += 1
            elapsed = best_time(lambda s=state, d=decision: play_hint(s, worlds=args.worlds, seed=d), args.repeat)
            play_times.append(elapsed)
            by_trick.setdefault(state.trick_number, []).append(elapsed)
            state = state.play(bot.choose_card(PlayerView.from_state(state, seat), rng).card)
            decision += 1
    print(
        f"hint speed: {args.hands} hands of {args.preset}, seed {args.seed}, Python {platform.python_version()}, "
        f"best of {args.repeat}"
    )
    mean = statistics.fmean(play_times)
    p95 = percentile(play_times, 0.95)
    print(
        f"  play hint ({args.worlds} worlds): mean {1000 * mean:.1f} ms, median "
        f"{1000 * statistics.median(play_times):.1f} ms, 95th percentile {1000 * p95:.1f} ms, "
        f"worst {1000 * max(play_times):.1f} ms over {len(play_times)} decisions ({forced} forced)"
    )
    print(
        "  by trick (mean ms): "
        + ", ".join(f"{trick + 1}: {1000 * statistics.fmean(times):.0f}" for trick, times in sorted(by_trick.items()))
    )
    if pass_times:
        print(
            f"  pass hint ({args.pass_worlds} worlds): mean {1000 * statistics.fmean(pass_times):.0f} ms, "
            f"worst {1000 * max(pass_times):.0f} ms over {len(pass_times)} passes"
        )
    ok_play = mean <= 0.05 and p95 <= 0.25
    ok_pass = not pass_times or max(pass_times) <= 0.5
    print(
        f"  targets: play mean <= 50 ms and p95 <= 250 ms: {'met' if ok_play else 'NOT met'}; "
        f"pass hint <= 0.5 s: {'met' if ok_pass else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
