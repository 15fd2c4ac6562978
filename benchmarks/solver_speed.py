"""How fast hearts_core.search.solver solves endings, by the number of tricks left.

    python benchmarks/solver_speed.py [--positions N] [--depths 3 4 5 6 7] [--seed N] [--player heuristic|random]
                                      [--repeat N] [--deep-seconds S] [--deep-positions N] [--no-deep]
                                      [--profile DEPTH] [--target-positions N] [--targets-only | --no-targets]

Positions come from seeded self-play: standard rules, 4 players, hands dealt
with ``HandState.deal`` (hand numbers cycling the pass directions), the three
highest-ranked cards passed, then played by a simple heuristic player (duck
under the trick's winner when possible, otherwise win with the highest card
when last or the lowest, dump the queen and hearts when void, lead the lowest
card), or with ``--player random`` by ``hearts_core.ai.bots``-style uniformly
random passes and plays.  Play stops when ``depth`` tricks are left, with the
leader to move.

For every position the benchmark solves every root card (``solve(state,
"min_points")``, the values of all legal cards and the line) and reports, per
depth, the median, 95th percentile and worst time and the median and worst
node counts.  Each time is the best of ``--repeat`` runs (default 1), which
keeps other processes on a shared machine out of the figures.  Then ``decide`` on the same
positions, once at the position's value (answer yes) and once just below it
(answer no).  Finally the deep search: from depth 8 upward (a full hand is 13
tricks), a few positions per depth are solved in a child process with a
``--deep-seconds`` limit (10 s by default), until one of them runs out of time;
the largest depth solved within the limit is reported.

Targets on the 2-core reference machine: at most 50 ms worst case up to 4
tricks left, 0.3 s worst case at 5, 0.5 s median and 2 s worst at 6.

Last, the targets of the search (:mod:`hearts_core.search.solver_kernel`) for
``solve(state, "min_points")``: under 1 s worst case for 4 players with 7
tricks left, and under 1 s median for 6 players (``six_players``) with 6 tricks
left, ``--target-positions`` positions each (20 by default), the same self-play
(the six-player hands pass their highest cards too).  The kernel is warmed
(compiled or loaded from numba's cache) before the clock starts.
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_core import Card, HandState, Ruleset
from hearts_core.ai.bots import random_passes
from hearts_core.engine.cards import cards_of_mask
from hearts_core.search import fast
from hearts_core.search.solver import SolveResult, decide, solve

TARGETS = {3: (None, 0.05), 4: (None, 0.05), 5: (None, 0.3), 6: (0.5, 2.0)}
#: The solver's targets: (preset, tricks left, median limit, worst limit) in seconds.
SEARCH_TARGETS = (("standard", 7, None, 1.0), ("six_players", 6, 1.0, None))


def heuristic_card(state: HandState) -> Card:
    """A plain, deterministic player: enough to reach ordinary-looking endings."""
    legal = cards_of_mask(state.legal_mask())
    trick = state.current_trick.cards
    points = state.rules.tables.points
    if not trick:
        return min(legal, key=lambda card: (card.rank, card.suit))
    led = trick[0].suit
    winning = max(card for card in trick if card.suit == led)
    if legal[0].suit == led:
        under = [card for card in legal if card < winning]
        if under:
            return under[-1]
        if len(trick) == state.rules.players - 1:
            return legal[-1]  # winning anyway: win with the highest
        return legal[0]
    return max(legal, key=lambda card: (points[card], card.rank))


def ending(seed: int, depth: int, player: str = "heuristic", rules: Ruleset | None = None) -> HandState:
    """Seeded self-play down to ``depth`` tricks left, the leader to move (standard rules by default)."""
    rules = rules or Ruleset()
    rng = random.Random(seed)
    state = HandState.deal(rules, rng.getrandbits(64), hand_number=seed % 4)
    if player == "random":
        if state.phase == "pass":
            state = state.with_passes(random_passes(state, rng))
        while state.trick_number < rules.hand_size - depth:
            moves = cards_of_mask(state.legal_mask())
            state = state.play(moves[rng.randrange(len(moves))])
        return state
    if state.phase == "pass":
        highest = rules.pass_count
        state = state.with_passes(
            {
                seat: sorted(hand.cards(), key=lambda card: (card.rank, card.suit))[-highest:]
                for seat, hand in enumerate(state.hands)
            }
        )
    while state.trick_number < rules.hand_size - depth:
        state = state.play(heuristic_card(state))
    return state


def positions(depth: int, count: int, seed: int, player: str, rules: Ruleset | None = None) -> list[HandState]:
    return [ending(seed * 1000 + depth * 100 + index, depth, player, rules) for index in range(count)]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def timed_solve(state: HandState, repeat: int = 1) -> tuple[float, int, int]:
    """The best time of ``repeat`` solves, the nodes searched and the value."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = solve(state, "min_points")
        best = min(best, time.perf_counter() - start)
    return best, result.nodes, result.best_value


def timed_decide(state: HandState, threshold: int, expected: bool, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        answer = decide(state, "min_points", threshold)
        best = min(best, time.perf_counter() - start)
        assert answer is expected
    return best


def report_solve(
    depths: list[int], count: int, seed: int, player: str, repeat: int
) -> dict[int, list[tuple[HandState, int, float]]]:
    print(
        f"solve(state, 'min_points'): every root card, {count} positions per depth ({player} self-play), "
        f"leader to move, best of {repeat}"
    )
    print(f"{'tricks':>6} {'median':>9} {'p95':>9} {'worst':>9} {'nodes med':>10} {'nodes max':>10}  target")
    solved: dict[int, list[tuple[HandState, int, float]]] = {}
    for depth in depths:
        times: list[float] = []
        nodes: list[int] = []
        solved[depth] = []
        for state in positions(depth, count, seed, player):
            elapsed, searched, value = timed_solve(state, repeat)
            times.append(elapsed)
            nodes.append(searched)
            solved[depth].append((state, value, elapsed))
        median, p95, worst = statistics.median(times), percentile(times, 0.95), max(times)
        target = TARGETS.get(depth)
        verdict = ""
        if target:
            ok = (target[0] is None or median <= target[0]) and worst <= target[1]
            goal = (f"median <= {target[0]} s, " if target[0] else "") + f"worst <= {target[1]} s"
            verdict = f"{goal}: {'met' if ok else 'MISSED'}"
        print(
            f"{depth:>6} {median:>8.4f}s {p95:>8.4f}s {worst:>8.4f}s {int(statistics.median(nodes)):>10} "
            f"{max(nodes):>10}  {verdict}"
        )
    return solved


def report_decide(solved: dict[int, list[tuple[HandState, int, float]]], repeat: int) -> None:
    print("\ndecide(state, 'min_points', t): t = the value (answer yes) and t = value - 1 (answer no)")
    print(f"{'tricks':>6} {'yes med':>9} {'yes max':>9} {'no med':>9} {'no max':>9}  {'solve med':>9}")
    for depth, items in solved.items():
        yes = [timed_decide(state, value, True, repeat) for state, value, _ in items]
        no = [timed_decide(state, value - 1, False, repeat) for state, value, _ in items]
        full = [elapsed for _, _, elapsed in items]
        print(
            f"{depth:>6} {statistics.median(yes):>8.4f}s {max(yes):>8.4f}s {statistics.median(no):>8.4f}s "
            f"{max(no):>8.4f}s  {statistics.median(full):>8.4f}s"
        )


def _deep_worker(state_text: str, queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    state = HandState.from_position(Ruleset(), state_text)
    queue.put(timed_solve(state))


def report_deep(seed: int, seconds: float, count: int, player: str) -> None:
    print(f"\ndeep search: {count} positions per depth from 8 tricks up, {seconds:g} s each at most")
    context = multiprocessing.get_context("fork")
    deepest = 7
    for depth in range(8, 14):
        times: list[float] = []
        nodes: list[int] = []
        for state in positions(depth, count, seed, player):
            queue = context.Queue()
            process = context.Process(target=_deep_worker, args=(state.to_position(), queue))
            process.start()
            process.join(seconds + 1)  # the child measures its own time; allow for its start-up
            if process.is_alive():
                process.terminate()
                process.join()
                print(f"{depth:>6} tricks: a position took more than {seconds:g} s")
                break
            elapsed, searched, _ = queue.get()
            if elapsed > seconds:
                print(f"{depth:>6} tricks: a position took {elapsed:.1f} s")
                break
            times.append(elapsed)
            nodes.append(searched)
        else:
            print(
                f"{depth:>6} tricks: median {statistics.median(times):.2f} s, worst {max(times):.2f} s, "
                f"nodes median {int(statistics.median(nodes))}, worst {max(nodes)}"
            )
            deepest = depth
            continue
        break
    print(
        f"deepest depth with every position solved within {seconds:g} s: {deepest} tricks"
        + (" (a whole hand)" if deepest == 13 else "")
    )


def timed(state: HandState) -> tuple[float, SolveResult]:
    start = time.perf_counter()
    result = solve(state, "min_points")
    return time.perf_counter() - start, result


def summary(times: list[float]) -> str:
    if not times:
        return f"{'-':>8} {'-':>8} {'-':>8}"
    return f"{statistics.median(times):>7.3f}s {percentile(times, 0.95):>7.3f}s {max(times):>7.3f}s"


def verdict(times: list[float], median_limit: float | None, worst_limit: float | None) -> str:
    goals = []
    ok = True
    if median_limit is not None:
        goals.append(f"median < {median_limit:g} s")
        ok = ok and statistics.median(times) < median_limit
    if worst_limit is not None:
        goals.append(f"worst < {worst_limit:g} s")
        ok = ok and max(times) < worst_limit
    return f"{', '.join(goals)}: {'met' if ok else 'MISSED'}"


def report_targets(count: int, seed: int, player: str) -> None:
    """The search against its targets."""
    seconds = fast.warm()
    print(
        f"\nthe targets: solve(state, 'min_points'), every root card scored ({player} self-play, "
        f"{fast.state()}, warmed in {seconds:.1f} s)"
    )
    print(f"{'players':>7} {'tricks':>6} {'n':>3} {'median':>8} {'p95':>8} {'worst':>8}  target")
    for preset, depth, median_limit, worst_limit in SEARCH_TARGETS:
        rules = Ruleset.preset(preset)
        times = [timed(state)[0] for state in positions(depth, count, seed, player, rules)]
        print(f"{rules.players:>7} {depth:>6} {count:>3} {summary(times)}  {verdict(times, median_limit, worst_limit)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--depths", type=int, nargs="+", default=[3, 4, 5, 6, 7])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", choices=["heuristic", "random"], default="heuristic")
    parser.add_argument("--repeat", type=int, default=1, help="time each solve this many times, keep the best")
    parser.add_argument("--deep-seconds", type=float, default=10.0)
    parser.add_argument("--deep-positions", type=int, default=3)
    parser.add_argument("--no-deep", action="store_true")
    parser.add_argument("--profile", type=int, default=0, help="cProfile the solves at this depth instead")
    parser.add_argument("--target-positions", type=int, default=20)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--targets-only", action="store_true", help="only the compiled targets")
    group.add_argument("--no-targets", action="store_true")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, seed {args.seed}\n")
    if args.targets_only:
        report_targets(args.target_positions, args.seed, args.player)
        return
    fast.warm()
    if args.profile:
        import cProfile
        import pstats

        states = positions(args.profile, args.positions, args.seed, args.player)
        profiler = cProfile.Profile()
        profiler.enable()
        for state in states:
            solve(state, "min_points")
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    solved = report_solve(args.depths, args.positions, args.seed, args.player, args.repeat)
    report_decide(solved, args.repeat)
    if not args.no_deep:
        report_deep(args.seed, args.deep_seconds, args.deep_positions, args.player)
    if not args.no_targets:
        report_targets(args.target_positions, args.seed, args.player)


if __name__ == "__main__":
    main()
