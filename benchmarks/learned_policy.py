"""Issue 29's experiment with a policy learned by self-play: does it make the expert stronger?

    python benchmarks/learned_policy.py data --hands 6000 --out policy-data.npz [--jobs N]
    python benchmarks/learned_policy.py fit policy-data.npz --out policy.npy
    python benchmarks/learned_policy.py player policy.npy [--field heuristic] [--deals 2000] [--seed 11]
    python benchmarks/learned_policy.py expert policy.npy [--use playouts|mine|others|inference]
                                                          [--scale 1] [--deals 200] [--seed 4242]

The policy scores each legal card by a linear function of :data:`FEATURES` features
(:func:`card_features`: the card's rank and points, whether it wins the trick now or surely, the
points in the trick, the unseen cards above and below it in its suit, the seat's length in it, the
queen still out, the moon alarm, a lone collector of penalty cards, whether it is the heuristic
player's card; each feature separate for leading, following and discarding) and plays the card
with the highest score.

* ``data``: Monte Carlo-128 self-play hands; at every decision with two or more kinds of card,
  every candidate valued by Monte Carlo with 512 worlds, and its features.
* ``fit``: a softmax over each decision's candidates fitted towards the softmax of the values
  (temperature 1 point) by Adam in numpy; prints the held-out regret (a tenth of the decisions) of the
  policy's card and of the heuristic's against the best candidate by those values.
* ``player``: the policy as a bot, in a duplicate match (``duplicate_match.py``) against a field.
* ``expert``: the expert with the policy inside its search, paired per deal with the default expert
  on the same deals against three Monte Carlo-128: ``playouts`` (every seat's playout cards, the
  heuristic's card under its moon alarm), ``mine`` (the expert's own later cards only), ``others``
  (the other seats' only), or ``inference`` (worlds weighted by the policy's probability of each
  play seen, times ``--scale``, instead of by mismatches with the heuristic).

Measured 2026-12-06 (docs/performance.md, "A policy learned by self-play"): a much better player
than the heuristic, a worse playout policy; not used by the product.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import duplicate_match

from hearts_core import HandState, Ruleset
from hearts_core.ai import expert as expert_module
from hearts_core.ai import levels
from hearts_core.ai import worlds as worlds_module
from hearts_core.ai.bots import Bot, Decision, HeuristicBot, MonteCarloBot, play_hand
from hearts_core.ai.view import PlayerView
from hearts_core.engine.cards import ALL_CARDS
from hearts_core.search import kernel as K

try:
    import numba

    _jit = numba.njit(nogil=True)
except ImportError:  # pragma: no cover - the experiment runs as plain Python, slowly

    def _jit(function: Any) -> Any:
        return function


PROPERTIES = 24
FEATURES = 3 * PROPERTIES  # leading, following, discarding
#: Which seats' playout cards the policy chooses (set by ``expert --use``): every seat, the
#: expert's own, or the others'.  A module constant so that numba compiles it in.
SEATS_EVERY, SEATS_MINE, SEATS_OTHERS = 0, 1, 2


@_jit
def card_features(rules: np.ndarray, state: np.ndarray, legal: int, heuristic: int, out: np.ndarray) -> None:
    """The features of every legal card of the seat to play into ``out[card]`` (other rows untouched).
    Only what that seat knows is read: its hand, the trick, the cards gone and taken."""
    seat = state[K.S_TO_PLAY]
    n = rules[K.R_N]
    hand = state[K.S_HANDS + seat]
    unseen = rules[K.R_DECK] & ~hand & ~state[K.S_GONE]
    threat = K.moon_threat(rules, state)
    if threat == seat:
        threat = -1
    length = state[K.S_TRICK_LEN]
    led, win_card, winner, trick_points = -1, -1, -1, 0
    if length > 0:
        led = state[K.S_TRICK] // 13
        win_card = state[K.S_TRICK]
        win_index = 0
        for index in range(length):
            played = state[K.S_TRICK + index]
            if rules[K.R_POINTS + played] > 0:
                trick_points += rules[K.R_POINTS + played]
            if played // 13 == led and played > win_card:
                win_card = played
                win_index = index
        winner = (state[K.S_LEADER] + win_index) % n
    last = length == n - 1
    tricks_left = K.popcount(hand) / 13.0
    queen_out = (unseen >> K.QS) & 1
    penalty = rules[K.R_PENALTY]
    collector = -1
    for other in range(n):
        if state[K.S_TAKEN + other] & penalty:
            collector = -2 if collector != -1 else other
    collected = 0.0
    if collector >= 0:
        rest = state[K.S_TAKEN + collector] & penalty
        while rest:
            low = rest & -rest
            rest ^= low
            collected += rules[K.R_POINTS + K.lowest(low)] / 26.0
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        card = K.lowest(low)
        suit, rank = card // 13, card % 13
        suit_bits = K.SUIT_BITS << (13 * suit)
        out_suit = unseen & suit_bits
        higher = K.popcount(out_suit & ~((1 << (card + 1)) - 1))
        lower = K.popcount(out_suit & ((1 << card) - 1))
        mine = hand & suit_bits
        points = rules[K.R_POINTS + card]
        beats, sure = 0.0, 0.0
        if length == 0:
            context = 0
            sure = 1.0 if higher == 0 and out_suit != 0 else 0.0
        elif suit == led:
            context = 1
            beats = 1.0 if card > win_card else 0.0
            sure = 1.0 if beats and (last or higher == 0) else 0.0
        else:
            context = 2
        row = out[card]
        row[:] = 0.0
        base = context * PROPERTIES
        row[base + 0] = 1.0 if card == heuristic else 0.0
        row[base + 1] = rank / 12.0
        row[base + 2] = 1.0 if points > 0 else 0.0
        row[base + 3] = points / 13.0
        row[base + 4] = 1.0 if card == K.QS else 0.0
        row[base + 5] = beats
        row[base + 6] = sure
        row[base + 7] = trick_points / 13.0 * beats
        row[base + 8] = higher / 13.0
        row[base + 9] = lower / 13.0
        row[base + 10] = K.popcount(mine) / 13.0
        row[base + 11] = 1.0 if out_suit == 0 else 0.0
        row[base + 12] = 1.0 if (card == K.KS or card == K.AS) and queen_out else 0.0
        if context == 2:
            row[base + 13] = 1.0 if threat >= 0 and points > 0 and winner == threat else 0.0
        else:
            row[base + 13] = 1.0 if threat >= 0 and beats else 0.0
        row[base + 14] = 1.0 if last else 0.0
        row[base + 15] = 1.0 if suit == 2 else 0.0
        row[base + 16] = tricks_left * beats
        row[base + 17] = 1.0 if card == K.highest(mine) else 0.0
        row[base + 18] = 1.0 if card == K.lowest(mine) else 0.0
        row[base + 19] = 1.0 if suit == 3 and queen_out and card < K.QS else 0.0
        other_collects = 1.0 if collector >= 0 and collector != seat else 0.0
        if context == 2:
            row[base + 20] = other_collects * (1.0 if points > 0 else 0.0) * (1.0 if winner == collector else -1.0)
        elif context == 1:
            row[base + 20] = other_collects * beats
        else:
            row[base + 20] = other_collects * rank / 12.0
        row[base + 21] = row[base + 20] * collected
        row[base + 22] = (1.0 if collector == seat else 0.0) * (beats if context == 1 else rank / 12.0)
        gives = 1.0 if trick_points > 0 and winner == collector and collector != seat else 0.0
        row[base + 23] = gives * (beats if context == 1 else (1.0 if points > 0 else 0.0))


@_jit
def _scores(rules: np.ndarray, state: np.ndarray, legal: int, weights: np.ndarray, scratch: np.ndarray) -> None:
    """Each legal card's score (the policy's logit) into ``scratch[card, 0]``."""
    heuristic = K.heuristic_card(rules, state, legal)
    card_features(rules, state, legal, heuristic, scratch)
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        card = K.lowest(low)
        total = 0.0
        for feature in range(weights.shape[0]):
            total += weights[feature] * scratch[card, feature]
        scratch[card, 0] = total


@_jit
def policy_card(rules: np.ndarray, state: np.ndarray, legal: int, weights: np.ndarray, scratch: np.ndarray) -> int:
    """The legal card with the highest score."""
    _scores(rules, state, legal, weights, scratch)
    best, best_score = -1, -1e300
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        card = K.lowest(low)
        if scratch[card, 0] > best_score:
            best, best_score = card, scratch[card, 0]
    return best


@_jit
def policy_playouts(
    rules: np.ndarray,
    bases: np.ndarray,
    seeds: np.ndarray,
    card: int,
    me: int,
    shoot: bool,
    shooter: int,
    epsilon: int,
    totals: np.ndarray,
    use_totals: bool,
    scores: np.ndarray,
    flags: np.ndarray,
    weights: np.ndarray,
    seats: int,
) -> None:
    """``kernel.playouts`` (``kernel.threat_playouts`` when ``shooter`` >= 0) with the policy's cards
    for the ``seats`` chosen, the heuristic's under its moon alarm and for the rest."""
    state = np.empty(K.STATE_SIZE, dtype=np.int64)
    rng = np.empty(1, dtype=np.int64)
    scratch = np.zeros((52, weights.shape[0]))
    going = shooter if shooter >= 0 else (me if shoot else -1)
    for world in range(bases.shape[0]):
        state[:] = bases[world]
        rng[0] = seeds[world]
        K.play_card(rules, state, card)
        while True:
            seat = state[K.S_TO_PLAY]
            if state[K.S_HANDS + seat] == 0:
                break
            legal = K.state_legal(rules, state)
            chosen_by_policy = seats == SEATS_EVERY or (seats == SEATS_MINE) == (seat == me)
            if not legal & (legal - 1):
                choice = K.lowest(legal)
            elif K.next_bits(rng) < epsilon:
                choice = K.random_card(legal, rng)
            elif seat == going:
                choice = K.shooter_card(rules, state, legal)
            elif chosen_by_policy and K.moon_threat(rules, state) < 0:
                choice = policy_card(rules, state, legal, weights, scratch)
            else:
                choice = K.heuristic_card(rules, state, legal)
            K.play_card(rules, state, choice)
        K.score_hand(rules, state, totals, use_totals, scores[world])
        flags[world, 0] = (state[K.S_TAKEN + me] >> K.QS) & 1
        flags[world, 1] = K.moon_shooter(rules, state)


@_jit
def play_log_likelihood(
    rules: np.ndarray,
    worlds: np.ndarray,
    seats: np.ndarray,
    cards: np.ndarray,
    me: int,
    weights: np.ndarray,
    out: np.ndarray,
) -> None:
    """``kernel.play_mismatches`` with the policy's log-probability (softmax of the scores) of each
    play by another seat with a choice, summed per world, instead of a count of mismatches."""
    n = rules[K.R_N]
    state = np.empty(K.STATE_SIZE, dtype=np.int64)
    hands = np.empty(n, dtype=np.int64)
    scratch = np.zeros((52, weights.shape[0]))
    for world in range(worlds.shape[0]):
        for seat in range(n):
            hands[seat] = worlds[world, seat]
        for index in range(cards.shape[0]):
            hands[seats[index]] |= 1 << cards[index]
        K.start_state(rules, hands, seats[0] if cards.shape[0] else 0, state)
        total = 0.0
        for index in range(cards.shape[0]):
            card = cards[index]
            legal = K.state_legal(rules, state)
            if seats[index] != me and legal & (legal - 1):
                _scores(rules, state, legal, weights, scratch)
                top = -1e300
                rest = legal
                while rest:
                    low = rest & -rest
                    rest ^= low
                    top = max(top, scratch[K.lowest(low), 0])
                mass = 0.0
                rest = legal
                while rest:
                    low = rest & -rest
                    rest ^= low
                    mass += math.exp(scratch[K.lowest(low), 0] - top)
                total += scratch[card, 0] - top - math.log(mass)
            K.play_card(rules, state, card)
        out[world] = total


# -- data and fit --------------------------------------------------------------------------------------


def _data_chunk(task: tuple[int, int]) -> list[tuple[int, int, float, np.ndarray]]:
    """Rows (decision, card, its Monte Carlo-512 value, its features) from ``count`` self-play hands."""
    first, count = task
    rules = Ruleset.preset("standard")
    valuer = MonteCarloBot(512)
    rng = random.Random(first)
    rows: list[tuple[int, int, float, np.ndarray]] = []
    decision_number = [first * 1000]

    def record(view: PlayerView, decision: Decision) -> None:
        if len(decision.stats) < 2:
            return
        state = view.kernel_state()
        legal = view.legal_mask()
        candidates = [int(stats.card) for stats in decision.stats]
        values = valuer.evaluate(view, candidates, rng)
        features = np.zeros((52, FEATURES))
        card_features(view.kernel_rules, state, legal, K.heuristic_card(view.kernel_rules, state, legal), features)
        decision_number[0] += 1
        rows.extend(
            (decision_number[0], int(stats.card), stats.mean, features[int(stats.card)].copy()) for stats in values
        )

    for deal in range(first, first + count):
        bots: list[Bot] = [MonteCarloBot(128) for _ in range(rules.players)]
        play_hand(HandState.deal(rules, f"policy-{deal}", deal), bots, seed=f"policy-{deal}", on_decision=record)
    return rows


def make_data(hands: int, out: str, jobs: int) -> None:
    tasks = [(job * 1_000_000, hands // jobs) for job in range(jobs)]
    with multiprocessing.Pool(jobs) as pool:
        rows = [row for part in pool.map(_data_chunk, tasks) for row in part]
    np.savez(
        out,
        decisions=np.array([row[0] for row in rows]),
        cards=np.array([row[1] for row in rows]),
        values=np.array([row[2] for row in rows]),
        features=np.stack([row[3] for row in rows]),
    )
    print(f"{len({row[0] for row in rows})} decisions, {len(rows)} candidates -> {out}")


def fit(data_file: str, out: str, temperature: float, penalty: float, steps: int = 400) -> None:
    """Fit the weights (full-batch Adam on the cross-entropy, numpy only) and print the held-out regret."""
    data = np.load(data_file)
    decisions, values, features = data["decisions"], data["values"], data["features"]
    new = np.r_[True, decisions[1:] != decisions[:-1]]
    starts = np.flatnonzero(new)
    group = np.cumsum(new) - 1
    held_out = (np.random.default_rng(0).random(len(starts)) < 0.1)[group]
    used = (~held_out).astype(float)
    least = np.minimum.reduceat(values, starts)[group]
    target = np.exp(-(values - least) / temperature)
    target /= np.add.reduceat(target, starts)[group]

    def gradient(weights: np.ndarray) -> np.ndarray:
        logits = features @ weights
        logits -= np.maximum.reduceat(logits, starts)[group]
        probability = np.exp(logits) / np.add.reduceat(np.exp(logits), starts)[group]
        return np.asarray(features.T @ (used * (probability - target)) / used.sum() + 2 * penalty * weights)

    def regret(weights: np.ndarray) -> tuple[float, float]:
        logits = features @ weights
        chosen = logits == np.maximum.reduceat(logits, starts)[group]
        picked = np.minimum.reduceat(np.where(chosen, values, np.inf), starts)
        lost = (picked - np.minimum.reduceat(values, starts))[np.maximum.reduceat(held_out, starts)]
        return float(lost.mean()), float((lost < 1e-9).mean())

    weights, first, second = np.zeros(FEATURES), np.zeros(FEATURES), np.zeros(FEATURES)
    for step in range(1, steps + 1):  # Adam, step size 0.05
        grad = gradient(weights)
        first = 0.9 * first + 0.1 * grad
        second = 0.999 * second + 0.001 * grad**2
        weights -= 0.05 * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
    np.save(out, weights)
    heuristic = np.zeros(FEATURES)
    heuristic[[0, PROPERTIES, 2 * PROPERTIES]] = 1.0
    for name, chosen in (("heuristic", heuristic), ("learned policy", weights)):
        mean, best = regret(chosen)
        print(f"{name:15}: held-out regret {mean:.3f} points, best card {100 * best:.1f}%")


# -- matches ---------------------------------------------------------------------------------------------


class PolicyBot(HeuristicBot):
    """The learned policy as a player (the heuristic's pass)."""

    name = "policy"
    weights: np.ndarray = np.zeros(FEATURES)

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision:
        scratch = np.zeros((52, FEATURES))
        card = policy_card(view.kernel_rules, view.kernel_state(), view.legal_mask(), self.weights, scratch)
        return Decision(ALL_CARDS[card], "lead_low")


class PolicyWorlds(worlds_module.Worlds):
    """Worlds whose playouts use the policy (:func:`policy_playouts`)."""

    weights: np.ndarray = np.zeros(FEATURES)
    seats = SEATS_EVERY

    def play_out(
        self, card: int, *, shoot: bool, epsilon: float, start: int = 0, stop: int | None = None, shooter: int = -1
    ) -> worlds_module.Outcomes:
        stop = len(self) if stop is None else stop
        count = stop - start
        scores = np.zeros((count, self.view.players), dtype=np.int64)
        flags = np.zeros((count, 2), dtype=np.int64)
        policy_playouts(
            self.rules, self._positions()[start:stop], self.seeds[start:stop], card, self.view.seat, shoot,
            shooter, int(epsilon * 2**31), self.totals, self.use_totals, scores, flags, self.weights, self.seats,
        )  # fmt: skip
        return worlds_module.Outcomes(scores, flags[:, 0].astype(bool), flags[:, 1])


class PolicyExpert(expert_module.ExpertBot):
    """The expert with :class:`PolicyWorlds` for its playouts."""

    def _worlds(self, view: PlayerView, rng: random.Random) -> worlds_module.Worlds:
        worlds = PolicyWorlds(view, self.worlds * expert_module.EXPERT_WORLDS_FACTOR, rng, expert_module.EXPERT_POOL)
        threat = int(K.moon_threat(view.kernel_rules, view.kernel_state()))
        self._threat = threat if threat != view.seat else -1
        return worlds


def _likelihood_mismatches(weights: np.ndarray, scale: float) -> Any:
    """A stand-in for ``worlds.play_mismatches``: minus the policy's log-likelihood of the plays seen, in
    units of ``log(1 / MISS_WEIGHT)`` so that the weighting turns it back into the likelihood (to the
    power ``scale``)."""

    def mismatches(view: PlayerView, hands: np.ndarray) -> np.ndarray | None:
        if len(view.plays) != view.tricks_done * view.players + len(view.trick) or not view.plays:
            return None
        seats = np.array([seat for seat, _ in view.plays], dtype=np.int64)
        cards = np.array([card for _, card in view.plays], dtype=np.int64)
        out = np.zeros(len(hands))
        play_log_likelihood(view.kernel_rules, hands, seats, cards, view.seat, weights, out)
        return -scale * out / math.log(1 / worlds_module.MISS_WEIGHT)

    return mismatches


def _gains(candidate: str, field: str, deals: int, seed: int, jobs: int) -> list[dict[str, Any]]:
    tasks = [(deal, candidate, 128, field, 128, "standard", seed) for deal in range(deals)]
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(duplicate_match.play_deal, tasks, chunksize=1)


def _summary(label: str, results: list[dict[str, Any]]) -> list[float]:
    gains = [float(result["gain"]) for result in results]
    moons = [sum(result["moons"][i] for result in results) for i in range(4)]
    times = [t for result in results for t in result["mine"]]
    print(
        f"{label:28}: gain {statistics.fmean(gains):+.2f} ± {duplicate_match.interval(gains):.2f} a hand, "
        f"moons for / against {moons[0]} / {moons[1]} (the field in its seat {moons[2]} / {moons[3]}), "
        f"{1000 * statistics.fmean(times):.1f} ms a card"
    )
    return gains


def _paired(gains: list[float], default: list[float]) -> None:
    """The difference per deal between two runs on the same deals, with its 95% interval."""
    difference = [a - b for a, b in zip(gains, default, strict=True)]
    print(
        f"paired per deal: {statistics.fmean(difference):+.2f} ± {duplicate_match.interval(difference):.2f} a hand "
        f"({len(difference)} deals)"
    )


def _add_level(name: str, factory: Any) -> None:
    """Let the duplicate match make bots of level ``name`` by ``factory(worlds, epsilon)`` as well as the
    product's levels (forked workers inherit it)."""
    original = levels.make_bot

    def make_bot(level: str, worlds: int = 128, epsilon: float = 0.05) -> Bot:
        return factory(worlds, epsilon) if level == name else original(level, worlds, epsilon)

    duplicate_match.make_bot = make_bot  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    data = commands.add_parser("data")
    data.add_argument("--hands", type=int, default=6000)
    data.add_argument("--out", default="policy-data.npz")
    data.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    fitting = commands.add_parser("fit")
    fitting.add_argument("data")
    fitting.add_argument("--out", default="policy.npy")
    fitting.add_argument("--temperature", type=float, default=1.0)
    fitting.add_argument("--penalty", type=float, default=1e-4)
    for name, field, deals, seed in (("player", "heuristic", 2000, 11), ("expert", "monte_carlo", 200, 4242)):
        match = commands.add_parser(name)
        match.add_argument("weights")
        match.add_argument("--field", default=field)
        match.add_argument("--deals", type=int, default=deals)
        match.add_argument("--seed", type=int, default=seed)
        match.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
        if name == "expert":
            match.add_argument("--use", choices=("playouts", "mine", "others", "inference"), default="playouts")
            match.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    if args.command == "data":
        make_data(args.hands, args.out, args.jobs)
        return 0
    if args.command == "fit":
        fit(args.data, args.out, args.temperature, args.penalty)
        return 0
    weights = np.load(args.weights)
    original = levels.make_bot

    def make_bot(level: str, worlds: int = 128, epsilon: float = 0.05) -> Bot:
        if level == "policy":
            return PolicyBot()
        if level == "policy_expert":
            return PolicyExpert(worlds, epsilon)
        return original(level, worlds, epsilon)

    duplicate_match.make_bot = make_bot  # type: ignore[attr-defined]  # the match's bots by name; forked workers inherit it
    if args.command == "player":
        PolicyBot.weights = weights
        _summary(f"policy against {args.field}", _gains("policy", args.field, args.deals, args.seed, args.jobs))
        return 0
    default = _summary("the expert", _gains("expert", args.field, args.deals, args.seed, args.jobs))
    if args.use == "inference":
        worlds_module.play_mismatches = _likelihood_mismatches(weights, args.scale)
        changed = _gains("expert", args.field, args.deals, args.seed, args.jobs)
    else:
        PolicyWorlds.weights = weights
        PolicyWorlds.seats = {"playouts": SEATS_EVERY, "mine": SEATS_MINE, "others": SEATS_OTHERS}[args.use]
        changed = _gains("policy_expert", args.field, args.deals, args.seed, args.jobs)
    _paired(_summary(f"the expert, policy {args.use}", changed), default)
    return 0


if __name__ == "__main__":
    sys.exit(main())
