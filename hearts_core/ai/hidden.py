"""Proving a card when the learner sees only their own hand: best in every deal they could be facing.

A hidden-hand puzzle shows the learner their cards and the play so far, not the
other hands.  Its answer must hold in every deal of the unseen cards consistent
with that view (:func:`~hearts_core.ai.view.all_worlds`: the hand sizes, the
voids shown by the play, the cards the learner passed): for each such deal the
exact solver values every legal card (the raw points the learner ends the hand
with, the others playing against the learner), and the answer is the set of
cards best in all of them.  When there are too many deals to enumerate, a seeded
sample stands in, and the proof says so with its bound: a card best in every one
of ``n`` sampled deals fails in fewer than ``3/n`` of all deals (95% confidence,
the "rule of three").

>>> from hearts_core import CardSet, HandState, Ruleset
>>> hands = "2H TH / 3H 4S / 5S QS / 6S"
>>> rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
>>> state = HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")
>>> proof = prove_hidden(state, 0)
>>> proof.best_everywhere, proof.worlds, proof.exhaustive, proof.worse_in["TH"]
(('2H',), 30, True, 24)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from ..engine.state import HandState
from ..search.solver import card_values
from .view import PlayerView, all_worlds, count_worlds, sample_worlds

#: Enumerate every consistent deal up to this many; sample beyond it.
ENUMERATE_UP_TO: Final = 2500
#: How many deals a sample takes.
SAMPLE: Final = 300


@dataclass(frozen=True)
class HiddenProof:
    """The answer over the deals the learner could be facing.

    ``best_everywhere``: the legal cards best in every deal examined; ``worse_in``: for each legal card,
    in how many deals it does worse than the best; ``exhaustive``: every consistent deal was examined
    (else ``worlds`` is a seeded sample, and :attr:`failure_bound` bounds how often the answer can fail).
    """

    worlds: int
    exhaustive: bool
    best_everywhere: tuple[str, ...]
    worse_in: Mapping[str, int]
    #: Each legal card's mean points over the deals examined.
    mean: Mapping[str, float] = field(default_factory=dict)
    #: For each other card, the 95% lower bound of its mean extra points over the best card on average
    #: (paired over the same deals; exact, with no bound to add, when every deal was examined).
    lead_over: Mapping[str, float] = field(default_factory=dict)

    @property
    def best_on_average(self) -> str:
        """The card with the fewest points on average."""
        return min(self.mean, key=lambda card: self.mean[card])

    @property
    def failure_bound(self) -> float:
        """0 when every deal was examined; else the 95% bound on the share of deals where a card best
        in every sampled deal is not best."""
        return 0.0 if self.exhaustive else 3.0 / self.worlds


def prove_hidden(state: HandState, seat: int, seed: int = 0) -> HiddenProof:
    """The cards of the player to move (``seat``) best in every deal consistent with its view."""
    if state.to_play != seat:
        raise ValueError(f"seat {seat} is not the player to move")
    view = PlayerView.from_state(state, seat)
    total = count_worlds(view, ENUMERATE_UP_TO)
    if total is not None:
        worlds = list(all_worlds(view))
    else:
        worlds = [tuple(hands) for hands in sample_worlds(view, SAMPLE, random.Random(seed)).tolist()]
    legal = [str(card) for card in state.legal_moves()]
    worse = dict.fromkeys(legal, 0)
    points: dict[str, list[int]] = {card: [] for card in legal}
    for hands in worlds:
        world = HandState.from_position_masks(state.rules, state.position()._replace(hands=hands), state.hand_number)
        values = card_values(world, "min_points", seat)
        low = min(values.values())
        for card, value in values.items():
            worse[card] += value > low
            points[card].append(value)
    best = tuple(card for card in legal if worse[card] == 0)
    mean = {card: statistics.fmean(values) for card, values in points.items()}
    leader = min(mean, key=lambda card: mean[card])
    lead_over = {
        card: _lower_bound([a - b for a, b in zip(points[card], points[leader], strict=True)], exact=total is not None)
        for card in legal
        if card != leader
    }
    return HiddenProof(len(worlds), total is not None, best, worse, mean, lead_over)


def _lower_bound(differences: list[int], exact: bool) -> float:
    """The mean of ``differences``, less 1.96 standard errors when they are a sample."""
    average = statistics.fmean(differences)
    if exact or len(differences) < 2:
        return average
    return average - 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))


__all__ = ["ENUMERATE_UP_TO", "SAMPLE", "HiddenProof", "prove_hidden"]
