"""Sampled deals of a view, played out on the compiled kernel or on the Python ``Sim``.

The Monte Carlo bot and the hint engine both deal the unseen cards many times
(:class:`Worlds`), play each candidate card out in every deal with the
heuristic players (:meth:`Worlds.play_out`), and compare the results.  Once
the compiled kernel is warm (:func:`hearts_core.search.fast.ready`) the deals
and the playouts run there, about 30 times faster; until then, or without
numba, the same work runs on the pure-Python path.  Both give the same kind
of numbers from different random draws.

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

import numpy as np

from ..search import fast, kernel
from ..search.sim import QS, Sim
from .heuristic import rollout
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


class Worlds:
    """``count`` deals of the unseen cards consistent with ``view`` (see
    :func:`~hearts_core.ai.view.sample_worlds`), each with its own rollout seed."""

    def __init__(self, view: PlayerView, count: int, rng: random.Random, compiled: bool | None = None) -> None:
        self.view = view
        #: On the kernel (by default whenever it is warm) or on the Python path.
        self.compiled = fast.ready() if compiled is None else compiled and fast.ready()
        self.rules = kernel.rules_array(view.rules) if self.compiled else None
        if self.compiled:
            self.hands = _deal_compiled(view, count, rng)
        else:
            self.hands = np.array(sample_worlds(view, count, rng), dtype=np.int64).reshape(count, view.players)
        self.seeds = np.array([rng.getrandbits(48) for _ in range(count)], dtype=np.int64)
        totals = view.totals if any(view.totals) else None
        self.totals = np.array(totals if totals is not None else [0] * view.players, dtype=np.int64)
        self.use_totals = totals is not None
        self._bases: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def play_out(self, card: int, *, shoot: bool, epsilon: float, start: int = 0, stop: int | None = None) -> Outcomes:
        """Play ``card`` for the seat, then the hand to the end, in worlds ``start`` to ``stop``: the
        heuristic for every seat (the seat going for the moon when ``shoot``), a random legal card
        ``epsilon`` of the time.  The same worlds and seeds serve every candidate."""
        stop = len(self) if stop is None else stop
        if self.compiled:
            return self._play_out_compiled(card, shoot, epsilon, start, stop)
        return self._play_out_python(card, shoot, epsilon, start, stop)

    def pass_out(self, mine: int, *, hand_number: int, epsilon: float) -> np.ndarray:
        """On the compiled kernel (a pass-phase view): the seat passes ``mine`` (a mask), the others
        pass by the heuristic, and the hand is played out by the heuristic in every world; the
        final scores, one row of seats per world."""
        if not self.compiled:
            raise RuntimeError("pass_out runs on the compiled kernel; the Python path is bots.score_passes")
        scores = np.zeros((len(self), self.view.players), dtype=np.int64)
        kernel.pass_playouts(
            self.rules,
            self.hands,
            hand_number,
            self.view.seat,
            mine,
            self.seeds,
            int(epsilon * 2**31),
            self.totals,
            self.use_totals,
            scores,
        )
        return scores

    def _play_out_compiled(self, card: int, shoot: bool, epsilon: float, start: int, stop: int) -> Outcomes:
        bases = self._compiled_bases()[start:stop]
        count = stop - start
        scores = np.zeros((count, self.view.players), dtype=np.int64)
        flags = np.zeros((count, 2), dtype=np.int64)
        kernel.playouts(
            self.rules,
            bases,
            self.seeds[start:stop],
            card,
            self.view.seat,
            shoot,
            int(epsilon * 2**31),
            self.totals,
            self.use_totals,
            scores,
            flags,
        )
        return Outcomes(scores, flags[:, 0].astype(bool), flags[:, 1])

    def _play_out_python(self, card: int, shoot: bool, epsilon: float, start: int, stop: int) -> Outcomes:
        view = self.view
        me = view.seat
        totals = self.totals.tolist() if self.use_totals else None
        rows, queens, shooters = [], [], []
        for hands, seed in zip(self.hands[start:stop].tolist(), self.seeds[start:stop].tolist(), strict=True):
            sim = Sim.from_parts(view.k, hands, view.leader, view.trick, view.taken, view.won, view.hand_number)
            sim.play(card)
            rollout(sim, me, shoot, random.Random(seed), epsilon)
            rows.append(sim.final_scores(totals))
            queens.append(bool(sim.taken[me] >> QS & 1))
            shooter = sim.moon_shooter()
            shooters.append(-1 if shooter is None else shooter)
        count = stop - start
        return Outcomes(
            np.array(rows, dtype=np.int64).reshape(count, view.players),
            np.array(queens, dtype=bool),
            np.array(shooters, dtype=np.int64),
        )

    def _compiled_bases(self) -> np.ndarray:
        if self._bases is None:
            template = _state_template(self.view)
            bases = np.tile(template, (len(self), 1))
            bases[:, kernel.S_HANDS : kernel.S_HANDS + self.view.players] = self.hands
            self._bases = bases
        return self._bases


def _deal_compiled(view: PlayerView, count: int, rng: random.Random) -> np.ndarray:
    """``sample_worlds`` on the kernel: the same constraints (hand sizes, voids, passed cards)."""
    n = view.players
    known = view.known_cards
    sizes = [size - mask.bit_count() for size, mask in zip(view.hand_sizes, known, strict=True)]
    free = view.unseen
    for mask in known:
        free &= ~mask
    cards = [card for card in range(52) if free >> card & 1]
    others = [seat for seat in range(n) if seat != view.seat]
    if sum(sizes[seat] for seat in others) != len(cards) or any(sizes[seat] < 0 for seat in others):
        raise ValueError("the view is inconsistent: the unseen cards do not fit the hand sizes")
    worlds = np.zeros((count, n), dtype=np.int64)
    found = kernel.deal_worlds(
        np.array(known, dtype=np.int64),
        np.array(sizes, dtype=np.int64),
        np.array(view.voids, dtype=np.int64),
        np.array(cards, dtype=np.int64),
        np.array(others, dtype=np.int64),
        kernel.rng_state(rng.getrandbits(48)),
        worlds,
    )
    if not found:
        raise ValueError("no deal of the unseen cards fits the view")  # pragma: no cover
    return worlds


def _state_template(view: PlayerView) -> np.ndarray:
    """The kernel's position array for the view's public facts (the hands are filled per world)."""
    n = view.players
    points = view.k.points
    trick = view.trick
    state = np.zeros(kernel.STATE_SIZE, dtype=np.int64)
    state[kernel.S_LEADER] = view.leader
    state[kernel.S_TO_PLAY] = (view.leader + len(trick)) % n
    state[kernel.S_TRICK_LEN] = len(trick)
    state[kernel.S_BROKEN] = view.hearts_broken
    state[kernel.S_GONE] = view.gone
    state[kernel.S_DONE] = view.tricks_done
    state[kernel.S_WIN_CARD] = -1
    for index, card in enumerate(trick):
        state[kernel.S_TRICK + index] = card
        if index == 0 or (card // 13 == trick[0] // 13 and card > state[kernel.S_WIN_CARD]):
            state[kernel.S_WIN_CARD] = card
            state[kernel.S_WIN_INDEX] = index
    for seat in range(n):
        taken = view.taken[seat]
        state[kernel.S_TAKEN + seat] = taken
        state[kernel.S_WON + seat] = view.won[seat]
        state[kernel.S_POINTS + seat] = sum(points[card] for card in range(52) if taken >> card & 1)
    return state


__all__ = ["Outcomes", "Worlds"]
