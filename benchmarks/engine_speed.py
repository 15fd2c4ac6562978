"""How fast hearts_core plays random hands, next to OpenSpiel's C++ hearts driven from Python.

    python benchmarks/engine_speed.py [--seconds N] [--hands N] [--rounds N] [--seed N]

Both engines play complete, uniformly random hands through their public API:

* ours: ``HandState.deal(rules, seed, hand_number)``, a random pass of 3 cards per
  seat with ``with_passes`` (hand numbers cycle left, right, across, hold), then 52
  plays, each chosen uniformly from ``legal_moves()`` and made with ``play()``;
* OpenSpiel: ``new_initial_state()``, every chance outcome (the pass direction, then
  52 dealt cards) drawn uniformly from the node's outcomes, every decision (12 passed
  cards, 52 plays) drawn uniformly from ``legal_actions()``, each made with
  ``apply_action()``.  OpenSpiel draws its own pass direction.  The headline figure
  reads chance nodes with ``legal_actions()`` (the faster way, so the ratio is the
  conservative one); "OpenSpiel/co" reads them with ``chance_outcomes()``.

The ruleset is ``Ruleset.preset("openspiel")``, OpenSpiel's defaults.  The engines
take turns (``--rounds``), each for ``--seconds`` (or ``--hands``) per round; the
figures are total hands over total time.  The project's goal is a ratio (ours /
OpenSpiel) of at least 0.5.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_core import HandState, Ruleset

GOAL = 0.5


def ours_hand(rules: Ruleset, rng: random.Random, hand_number: int) -> None:
    state = HandState.deal(rules, rng.getrandbits(64), hand_number)
    if state.phase == "pass":
        state = state.with_passes({seat: rng.sample(hand.cards(), 3) for seat, hand in enumerate(state.hands)})
    while state.phase == "play":
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])


def openspiel_hand(game: object, rng: random.Random, hand_number: int) -> None:
    """Chance outcomes from ``legal_actions()`` too: the same outcomes as ``chance_outcomes()``
    (all equally likely in hearts) and the fastest way to drive OpenSpiel from Python."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])


def openspiel_hand_chance_outcomes(game: object, rng: random.Random, hand_number: int) -> None:
    """The same, reading chance nodes with ``chance_outcomes()`` (slower: it builds (action, p) pairs)."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()  # all equally likely
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])


def run(
    play: Callable[[random.Random, int], None], rng: random.Random, seconds: float, hands: int | None, first_hand: int
) -> tuple[int, float]:
    """Play hands for ``seconds`` (or exactly ``hands`` hands); return (hands, elapsed)."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        play(rng, first_hand + count)
        count += 1
        if hands is not None:
            if count >= hands:
                break
        elif count % 16 == 0 and time.perf_counter() >= deadline:
            break
    return count, time.perf_counter() - start


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per engine per round (default 5)")
    parser.add_argument("--hands", type=int, default=None, help="play this many hands per engine per round instead")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds (default 2)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    import pyspiel

    print(f"Python {sys.version.split()[0]} ({platform.python_implementation()}), {platform.platform()}")
    print(f"machine: {platform.machine()}, {cpu_model()}, {os.cpu_count()} CPUs")
    print(f"open_spiel {importlib.metadata.version('open_spiel')}")
    budget = f"{args.hands} hands" if args.hands else f"{args.seconds:g} s"
    print(f"{args.rounds} round(s), {budget} per engine per round, seed {args.seed}\n")

    rules = Ruleset.preset("openspiel")
    game = pyspiel.load_game("hearts")
    engines: dict[str, Callable[[random.Random, int], None]] = {
        "hearts_core": lambda rng, number: ours_hand(rules, rng, number),
        "OpenSpiel": lambda rng, number: openspiel_hand(game, rng, number),
        "OpenSpiel/co": lambda rng, number: openspiel_hand_chance_outcomes(game, rng, number),
    }
    rngs = {name: random.Random(f"{args.seed}-{name}") for name in engines}
    totals = {name: [0, 0.0] for name in engines}
    for name, play in engines.items():  # warm up
        run(play, rngs[name], 0.0, 20, 0)
    for round_number in range(args.rounds):
        for name, play in engines.items():
            count, elapsed = run(play, rngs[name], args.seconds, args.hands, totals[name][0])
            totals[name][0] += count
            totals[name][1] += elapsed
            print(
                f"round {round_number + 1}: {name:<11} {count:7d} hands in {elapsed:6.2f} s = "
                f"{count / elapsed:8.1f} hands/s"
            )
    rates = {name: count / elapsed for name, (count, elapsed) in totals.items()}
    print()
    for name, rate in rates.items():
        count, elapsed = totals[name]
        print(f"{name:<11} {rate:8.1f} hands/s  ({count} hands, {elapsed:.2f} s)")
    ratio = rates["hearts_core"] / rates["OpenSpiel"]
    verdict = "meets" if ratio >= GOAL else "is BELOW"
    print(f"ratio hearts_core / OpenSpiel = {ratio:.2f}x  ({verdict} the goal of {GOAL}x)")
    print(
        f"(against OpenSpiel read through chance_outcomes(), 'OpenSpiel/co': "
        f"{rates['hearts_core'] / rates['OpenSpiel/co']:.2f}x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
