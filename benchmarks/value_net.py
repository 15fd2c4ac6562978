"""Issue 29's experiment with a value network: does a learned evaluation make the expert stronger?

    python benchmarks/value_net.py data --hands 12000 --out value-data.npz [--jobs N]
    python benchmarks/value_net.py fit value-data.npz --out value-net.npz
    python benchmarks/value_net.py expert value-net.npz [--blend 1.0] [--deals 200] [--seed 4242]

The expert's playouts play every hand out with the heuristic player, a model of the others far
weaker than the Monte Carlo bots it meets (learned_policy.py showed that a better playing policy is
not a better playout policy).  A value network learns instead what the hand is worth from a
position with every hand known, as Monte Carlo-128 players actually finish it:

* ``data``: Monte Carlo-128 self-play hands; after each of the tricks 1 to 7 the whole position
  (every hand) and the hand's final scores.
* ``fit``: a one-hidden-layer network (:data:`FEATURES` inputs: who holds each card, relative to the
  seat valued; the penalty points each seat has taken, whether it took any, who took the queen, who
  leads, hearts broken, the tricks left) to the four seats' final scores over 26, by Adam in numpy;
  each position counted once for every seat.  Prints the held-out error beside a baseline that knows
  only the points taken so far.
* ``expert``: the expert in which, before the ending, each candidate's worlds are played only to
  the end of the current trick by the heuristic and then valued by the network (``--blend`` of the
  verdict; the rest from the usual playouts), paired per deal with the default expert on the same
  deals against three Monte Carlo-128.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from pathlib import Path
from typing import ClassVar

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from learned_policy import _add_level, _gains, _jit, _paired, _summary

from hearts_core import HandState, Ruleset
from hearts_core.ai import expert as expert_module
from hearts_core.ai.bots import MonteCarloBot
from hearts_core.ai.view import PlayerView
from hearts_core.ai.worlds import Worlds
from hearts_core.search import kernel as K

PLAYERS = 4
FEATURES = 52 * PLAYERS + 4 * PLAYERS + 2


@_jit
def value_features(rules: np.ndarray, state: np.ndarray, me: int, out: np.ndarray) -> None:
    """The network's inputs for a position between tricks, seats counted from ``me``, into ``out``."""
    out[:] = 0.0
    penalty = rules[K.R_PENALTY]
    base = 52 * PLAYERS
    for seat in range(PLAYERS):
        relative = (seat - me) % PLAYERS
        hand = state[K.S_HANDS + seat]
        while hand:
            low = hand & -hand
            hand ^= low
            out[relative * 52 + K.lowest(low)] = 1.0
        taken = state[K.S_TAKEN + seat]
        points = 0
        rest = taken & penalty
        while rest:
            low = rest & -rest
            rest ^= low
            points += rules[K.R_POINTS + K.lowest(low)]
        out[base + relative] = points / 26.0
        out[base + PLAYERS + relative] = 1.0 if taken & penalty else 0.0
        out[base + 2 * PLAYERS + relative] = float((taken >> K.QS) & 1)
    out[base + 3 * PLAYERS + (state[K.S_LEADER] - me) % PLAYERS] = 1.0
    out[base + 4 * PLAYERS] = 1.0 if state[K.S_BROKEN] != 0 else 0.0
    out[base + 4 * PLAYERS + 1] = K.popcount(state[K.S_HANDS + me]) / 13.0


@_jit
def trick_endings(
    rules: np.ndarray, bases: np.ndarray, card: int, me: int, features: np.ndarray, done: np.ndarray
) -> None:
    """Play ``card`` then the rest of the trick by the heuristic, once per world; the position's
    features for ``me`` into ``features[w]`` (``done[w]`` 1 when the hand ended: no features)."""
    state = np.empty(K.STATE_SIZE, dtype=np.int64)
    for world in range(bases.shape[0]):
        state[:] = bases[world]
        K.play_card(rules, state, card)
        while state[K.S_TRICK_LEN] != 0:
            legal = K.state_legal(rules, state)
            choice = K.lowest(legal) if not legal & (legal - 1) else K.heuristic_card(rules, state, legal)
            K.play_card(rules, state, choice)
        done[world] = 1 if state[K.S_HANDS + me] == 0 else 0
        value_features(rules, state, me, features[world])


def forward(net: dict[str, np.ndarray], inputs: np.ndarray) -> np.ndarray:
    """The network's predicted final scores over 26 (one row of relative seats per input row)."""
    hidden = np.maximum(inputs @ net["w1"] + net["b1"], 0.0)
    return np.asarray(hidden @ net["w2"] + net["b2"])


# -- data and fit --------------------------------------------------------------------------------------


def _data_chunk(task: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Whole positions after tricks 1 to 7 of ``count`` self-play hands and each hand's final scores."""
    first, count = task
    rules = Ruleset.preset("standard")
    rng = random.Random(first)
    positions: list[np.ndarray] = []
    finals: list[np.ndarray] = []
    for deal in range(first, first + count):
        bots = [MonteCarloBot(128) for _ in range(PLAYERS)]
        state = HandState.deal(rules, f"value-{deal}", deal)
        if state.is_passing:
            passes = {seat: bots[seat].choose_pass(PlayerView.from_state(state, seat), rng) for seat in range(PLAYERS)}
            state = state.with_passes(passes)
        seen: list[np.ndarray] = []
        while state.is_playing:
            seat: int = state.to_play  # type: ignore[assignment]  # a seat while the hand is playing
            view = PlayerView.from_state(state, seat)
            if not view.trick and 1 <= view.tricks_done <= 7:
                whole = view.kernel_state()
                whole[K.S_HANDS : K.S_HANDS + PLAYERS] = state._hands
                seen.append(whole)
            state = state.play(bots[seat].choose_card(view, rng).card)
        final = np.array(list(state.scores()), dtype=np.int64)
        positions.extend(seen)
        finals.extend(final for _ in seen)
    return np.array(positions), np.array(finals)


def make_data(hands: int, out: str, jobs: int) -> None:
    tasks = [(job * 1_000_000, hands // jobs) for job in range(jobs)]
    with multiprocessing.Pool(jobs) as pool:
        parts = pool.map(_data_chunk, tasks)
    positions = np.concatenate([part[0] for part in parts])
    finals = np.concatenate([part[1] for part in parts])
    np.savez(out, positions=positions, finals=finals)
    print(f"{len(positions)} positions -> {out}")


def _inputs(positions: np.ndarray, finals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every position once for each seat: the inputs and the targets (scores over 26, relative seats)."""
    rules = K.rules_array(Ruleset.preset("standard"))
    inputs = np.zeros((len(positions) * PLAYERS, FEATURES), dtype=np.float32)
    targets = np.zeros((len(positions) * PLAYERS, PLAYERS), dtype=np.float32)
    for row, (position, final) in enumerate(zip(positions, finals, strict=True)):
        for me in range(PLAYERS):
            value_features(rules, position, me, inputs[row * PLAYERS + me])
            targets[row * PLAYERS + me] = np.roll(final, -me) / 26.0
    return inputs, targets


def fit(data_file: str, out: str, hidden: int, epochs: int, rate: float) -> None:
    """Fit the network (minibatch Adam on the squared error, numpy only); held out: a tenth of the hands."""
    data = np.load(data_file)
    inputs, targets = _inputs(data["positions"], data["finals"])
    held = np.arange(len(inputs)) % 10 == 9  # rows of whole positions stay together (4 seats, 7 a hand)
    train_x, train_y, test_x, test_y = inputs[~held], targets[~held], inputs[held], targets[held]
    rng = np.random.default_rng(0)
    net = {
        "w1": rng.normal(0, np.sqrt(2 / FEATURES), (FEATURES, hidden)).astype(np.float32),
        "b1": np.zeros(hidden, dtype=np.float32),
        "w2": rng.normal(0, np.sqrt(1 / hidden), (hidden, PLAYERS)).astype(np.float32),
        "b2": np.full(PLAYERS, 0.25, dtype=np.float32),
    }
    moments = {name: (np.zeros_like(value), np.zeros_like(value)) for name, value in net.items()}
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(len(train_x))
        for start in range(0, len(order), 512):
            batch = order[start : start + 512]
            x, y = train_x[batch], train_y[batch]
            pre = x @ net["w1"] + net["b1"]
            hidden_out = np.maximum(pre, 0.0)
            error = (hidden_out @ net["w2"] + net["b2"] - y) * (2 / len(batch))
            back = (error @ net["w2"].T) * (pre > 0)
            grads = {"w2": hidden_out.T @ error, "b2": error.sum(0), "w1": x.T @ back, "b1": back.sum(0)}
            step += 1
            for name, grad in grads.items():
                first, second = moments[name]
                first *= 0.9
                first += 0.1 * grad
                second *= 0.999
                second += 0.001 * grad * grad
                net[name] -= rate * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
        predicted = forward(net, test_x)
        rmse = 26 * float(np.sqrt(((predicted[:, 0] - test_y[:, 0]) ** 2).mean()))
        print(f"epoch {epoch + 1}: held-out error of the seat's score {rmse:.2f} points", flush=True)
    # the baseline: the seat's final score predicted from its points so far alone (least squares)
    base = np.column_stack([train_x[:, 52 * PLAYERS], np.ones(len(train_x))])
    coefficients, *_ = np.linalg.lstsq(base, train_y[:, 0], rcond=None)
    baseline = np.column_stack([test_x[:, 52 * PLAYERS], np.ones(len(test_x))]) @ coefficients
    print(f"baseline (points taken so far only): {26 * float(np.sqrt(((baseline - test_y[:, 0]) ** 2).mean())):.2f}")
    np.savez(out, w1=net["w1"], b1=net["b1"], w2=net["w2"], b2=net["b2"])


# -- the expert with the network -----------------------------------------------------------------------


class ValueExpert(expert_module.ExpertBot):
    """The expert whose playouts before the ending stop at the end of the trick and ask the network."""

    name = "value_expert"
    net: ClassVar[dict[str, np.ndarray]] = {}
    blend = 1.0

    def _run(self, worlds: Worlds, card: int, me: int, shoot: bool) -> tuple[float, float, float, float]:
        normal = super()._run(worlds, card, me, shoot)
        if shoot or getattr(self, "_threat", -1) >= 0:
            return normal
        bases = worlds._positions()
        features = np.zeros((len(bases), FEATURES), dtype=np.float32)
        done = np.zeros(len(bases), dtype=np.int64)
        trick_endings(worlds.rules, bases, card, me, features, done)
        valued = 26 * float(forward(self.net, features)[:, 0].mean())
        mean = (1 - self.blend) * normal[0] + self.blend * valued
        return (mean, *normal[1:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    data = commands.add_parser("data")
    data.add_argument("--hands", type=int, default=12000)
    data.add_argument("--out", default="value-data.npz")
    data.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    fitting = commands.add_parser("fit")
    fitting.add_argument("data")
    fitting.add_argument("--out", default="value-net.npz")
    fitting.add_argument("--hidden", type=int, default=128)
    fitting.add_argument("--epochs", type=int, default=12)
    fitting.add_argument("--rate", type=float, default=1e-3)
    match = commands.add_parser("expert")
    match.add_argument("net")
    match.add_argument("--blend", type=float, default=1.0)
    match.add_argument("--deals", type=int, default=200)
    match.add_argument("--seed", type=int, default=4242)
    match.add_argument("--field", default="monte_carlo")
    match.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args(argv)
    if args.command == "data":
        make_data(args.hands, args.out, args.jobs)
        return 0
    if args.command == "fit":
        fit(args.data, args.out, args.hidden, args.epochs, args.rate)
        return 0
    ValueExpert.net = dict(np.load(args.net))
    ValueExpert.blend = args.blend
    _add_level("value_expert", ValueExpert)
    changed = _gains("value_expert", args.field, args.deals, args.seed, args.jobs)
    gains = _summary(f"value expert, blend {args.blend}", changed)
    _paired(gains, _summary("the expert", _gains("expert", args.field, args.deals, args.seed, args.jobs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
