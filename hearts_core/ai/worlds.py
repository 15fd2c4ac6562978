"""Sampled deals of a view, played out on the kernel.

The Monte Carlo bot and the hint engine both deal the unseen cards many times
(:class:`Worlds`), play each candidate card out in every deal with the
heuristic players (:meth:`Worlds.play_out`), and compare the results.  The
deals and the playouts are the kernel's (:mod:`hearts_core.search.kernel`),
compiled by numba, so the same seed gives the same numbers wherever it runs.

>>> import random
>>> from hearts_core import HandState, Ruleset
>>> state = HandState.deal(Ruleset(pass_cycle=["hold"]), seed=4)
>>> view = PlayerView.from_state(state, state.to_play)
>>> worlds = Worlds(view, 16, random.Random(1))
>>> outcome = worlds.play_out(int(view.legal_cards()[0]), shoot=False, epsilon=0.05)
>>> outcome.scores.shape, sorted(set(int(total) for total in outcome.scores.sum(axis=1))) in ([26], [78], [26, 78])
((16, 4), True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..search import kernel
from .view import PlayerView, sample_worlds


@dataclass(frozen=True)
class Outcomes:
    """A candidate played out in some worlds: per world, the hand's final scores (one row of
    seats), whether the seat took the QS, and the moon shooter (-1 for none)."""

    scores: np.ndarray
    queen: np.ndarray
    shooter: np.ndarray

    def __len__(self) -> int:
        return int(self.scores.shape[0])


#: Inference: a world in which another seat's play differs from the heuristic player's card for
#: that seat's hand counts MISS_WEIGHT times as much per such play (benchmarks/hint_quality.py:
#: 0.1 and 0.3 gave the same hint quality within noise; uniform worlds were clearly worse).
MISS_WEIGHT: Final = 0.1


def play_mismatches(view: PlayerView, hands: np.ndarray) -> np.ndarray | None:
    """Per world (a row of hand masks), how many plays of the other seats this hand differ from what
    the heuristic player would have played with that world's cards
    (:func:`hearts_core.search.kernel.play_mismatches`); None when the view lacks the hand's
    history (a position set up mid-hand)."""
    n = view.players
    if len(view.plays) != view.tricks_done * n + len(view.trick) or not view.plays:
        return None
    seats = np.array([seat for seat, _ in view.plays], dtype=np.int64)
    cards = np.array([card for _, card in view.plays], dtype=np.int64)
    out = np.zeros(len(hands), dtype=np.int64)
    kernel.play_mismatches(view.kernel_rules, hands, seats, cards, view.seat, out)
    return out


#: The weights are tempered (:func:`tempered_weights`) so that the drawn deals stay at least this
#: share of the deals asked for, in effective number: against players unlike the heuristic
#: (every deal has mismatches), untempered weights would leave a handful of deals.
MIN_EFFECTIVE_SHARE: Final = 0.125


def tempered_weights(misses: np.ndarray, count: int) -> np.ndarray:
    """:data:`MISS_WEIGHT` to the power of each deal's mismatches, times an exponent in (0, 1] as
    large as keeps the effective number of deals (``sum(w)^2 / sum(w^2)``) at least
    :data:`MIN_EFFECTIVE_SHARE` of ``count`` (found by bisection; 1 when it already is)."""
    relative = (misses - misses.min()).astype(float)
    target = MIN_EFFECTIVE_SHARE * min(count, len(misses))

    def weights(power: float) -> np.ndarray:
        return np.asarray(np.power(MISS_WEIGHT, relative * power), dtype=float)

    def effective(values: np.ndarray) -> float:
        return float(values.sum() ** 2 / (values**2).sum())

    if effective(weights(1.0)) >= target:
        return weights(1.0)
    low, high = 0.0, 1.0
    for _ in range(20):
        middle = (low + high) / 2
        if effective(weights(middle)) >= target:
            low = middle
        else:
            high = middle
    return weights(low)


def weighted_worlds(
    view: PlayerView, count: int, rng: random.Random, pool: int = 8, sharpness: float = 1.0
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` deals drawn by what the play revealed: ``pool`` times as many deals consistent with
    the view (:func:`~hearts_core.ai.view.sample_worlds`: hand sizes, voids, passed cards), each
    weighted :data:`MISS_WEIGHT` to the power of its plays unlike the heuristic player's
    (:func:`play_mismatches`, each counted ``sharpness`` times, tempered by :func:`tempered_weights`),
    resampled systematically.  Returns the distinct deals (rows of hand masks) and how many times
    each was drawn."""
    hands = sample_worlds(view, count * pool if pool > 1 else count, rng)
    misses = play_mismatches(view, hands) if pool > 1 else None
    if misses is None:
        hands = hands[:count]
        return hands, np.ones(len(hands), dtype=np.int64)
    weights = tempered_weights(misses * sharpness, count)
    cumulative = np.cumsum(weights)
    cumulative /= cumulative[-1]
    picks = np.searchsorted(cumulative, (rng.random() + np.arange(count)) / count)
    picks = np.minimum(picks, len(hands) - 1)
    chosen, times = np.unique(picks, return_counts=True)
    return hands[chosen], times.astype(np.int64)


class Worlds:
    """``count`` deals of the unseen cards consistent with ``view`` (see
    :func:`~hearts_core.ai.view.sample_worlds`), each with its own rollout seed; with ``pool`` above
    1, drawn from ``pool`` times as many by what the play revealed (:func:`weighted_worlds`)."""

    def __init__(self, view: PlayerView, count: int, rng: random.Random, pool: int = 1) -> None:
        self.view = view
        self.rules = view.kernel_rules
        if pool > 1:  # drawn by what the play revealed (weighted_worlds), repeats kept as rows
            distinct, times = weighted_worlds(view, count, rng, pool)
            self.hands = np.repeat(distinct, times, axis=0)
        else:
            self.hands = sample_worlds(view, count, rng)
        self.seeds = np.array([rng.getrandbits(48) for _ in range(count)], dtype=np.int64)
        totals = view.totals if any(view.totals) else None
        self.totals = np.array(totals if totals is not None else [0] * view.players, dtype=np.int64)
        self.use_totals = totals is not None
        self._bases: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def play_out(
        self, card: int, *, shoot: bool, epsilon: float, start: int = 0, stop: int | None = None, shooter: int = -1
    ) -> Outcomes:
        """Play ``card`` for the seat, then the hand to the end, in worlds ``start`` to ``stop``: the
        heuristic for every seat (the seat going for the moon when ``shoot``; another seat,
        ``shooter``, when that is given), a random legal card ``epsilon`` of the time.  The same
        worlds and seeds serve every candidate."""
        stop = len(self) if stop is None else stop
        bases = self._positions()[start:stop]
        count = stop - start
        scores = np.zeros((count, self.view.players), dtype=np.int64)
        flags = np.zeros((count, 2), dtype=np.int64)
        chance = int(epsilon * 2**31)
        if shooter >= 0:
            kernel.threat_playouts(
                self.rules, bases, self.seeds[start:stop], card, self.view.seat, shooter, chance,
                self.totals, self.use_totals, scores, flags,
            )  # fmt: skip
        else:
            kernel.playouts(
                self.rules, bases, self.seeds[start:stop], card, self.view.seat, shoot, chance,
                self.totals, self.use_totals, scores, flags,
            )  # fmt: skip
        return Outcomes(scores, flags[:, 0].astype(bool), flags[:, 1])

    def pass_out(self, mine: int, *, hand_number: int, epsilon: float) -> np.ndarray:
        """From a pass-phase view: the seat passes ``mine`` (a mask), the others pass by the
        heuristic, and the hand is played out by the heuristic in every world; the final scores,
        one row of seats per world."""
        scores = np.zeros((len(self), self.view.players), dtype=np.int64)
        kernel.pass_playouts(
            self.rules, self.hands, hand_number, self.view.seat, mine, self.seeds, int(epsilon * 2**31),
            self.totals, self.use_totals, scores,
        )  # fmt: skip
        return scores

    def _positions(self) -> np.ndarray:
        """Each world as the kernel's position: the view's public facts with the world's hands."""
        if self._bases is None:
            bases = np.tile(self.view.kernel_state(), (len(self), 1))
            bases[:, kernel.S_HANDS : kernel.S_HANDS + self.view.players] = self.hands
            self._bases = bases
        return self._bases


__all__ = ["MISS_WEIGHT", "Outcomes", "Worlds", "play_mismatches", "tempered_weights", "weighted_worlds"]
