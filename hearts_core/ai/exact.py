"""Perfect-information Monte Carlo with exact values: short endings judged by the solver in sampled deals.

With few tricks left the exact solver (:mod:`hearts_core.search.solver`) values a deal in a
millisecond or two, so instead of heuristic playouts each sampled deal of the unseen cards
(:func:`~hearts_core.ai.worlds.weighted_worlds`, weighted by what the play revealed) is solved
exactly, and each candidate card's values are averaged over the deals.  Used by the hint and
the expert bot (the hint draws its deals from a larger pool and weighs the plays harder:
:func:`revealed_deals`).

Moon awareness: when another seat alone has taken penalty cards this hand, each deal is also
solved for whether that seat can still make the moon against everybody else; a candidate after
which it can is valued at the moon's cost.  When no other seat has taken any, each deal is solved
for whether the seat itself can force the moon, and a candidate that does is valued at 0 (the
seat's score when it shoots): the paranoid points objective alone would never shoot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from ..engine.cards import ALL_CARDS
from ..engine.notation import Position
from ..engine.state import HandState
from ..search import kernel
from ..search.solver import card_values
from .view import PlayerView
from .worlds import weighted_worlds

#: Endings with at most this many tricks left (the trick in progress counted) are solved exactly ...
EXACT_TRICKS: Final = 6
#: ... when they hold at most this many cards (tricks left times players): six tricks of four players.
#: Six tricks of six players (36 cards) took the solver up to 27 s for one hint and 25 s for one
#: expert card; four tricks of five or six players take about as long as six of four.
EXACT_CARDS: Final = 24
#: With ``queen``, the share of deals giving the seat the QS (shown to the learner, not used to choose)
#: is counted in at most this many of the distinct deals: it costs a solve a deal.
QUEEN_DEALS: Final = 16


@dataclass(frozen=True)
class ExactValues:
    """Per candidate card (a card index), its mean value over the deals (the seat's points under
    best play by all, the moon's cost when another seat can still make it), and the share of
    deals in which that seat makes the moon; ``worlds`` deals (drawn, with repeats)."""

    means: dict[int, float]
    moons_against: dict[int, float]
    worlds: int
    #: Per candidate, the share of deals in which the seat ends with the QS when the others give it
    #: to it if they can (only when ``queen`` is asked for; else empty).
    queen: dict[int, float] = field(default_factory=dict)
    #: Per candidate, the share of deals in which the seat can force the moon (valued 0 points).
    moons_for: dict[int, float] = field(default_factory=dict)
    #: Per candidate, the share of deals in which it is one of the best candidates (lowest value).
    best_share: dict[int, float] = field(default_factory=dict)


def exact_applies(view: PlayerView) -> bool:
    """Whether the view's ending is short enough for exact values (:data:`EXACT_TRICKS`,
    :data:`EXACT_CARDS`), the ruleset fits the solver (a
    points game), and the view has the hand's history to weigh the deals by: a position set up
    mid-hand (a lesson's or a puzzle's) keeps the heuristic playouts, whose answers its content
    was written and proved against."""
    rules = view.rules
    tricks_left = view.hand.bit_count()  # the trick in progress included: the seat is to play
    history = len(view.plays) == view.tricks_done * view.players + len(view.trick)
    short = tricks_left <= EXACT_TRICKS and tricks_left * rules.players <= EXACT_CARDS
    return history and short and rules.scoring == "points" and rules.players <= 6


def moon_candidate(view: PlayerView) -> int:
    """The other seat that alone has taken penalty cards this hand, when the moon is on, else -1."""
    tables = view.rules.tables
    if not view.kernel_rules[kernel.R_MOON_ON]:
        return -1
    holders = [seat for seat, mask in enumerate(view.taken) if mask & tables.penalty_mask]
    if len(holders) != 1 or holders[0] == view.seat:
        return -1
    return holders[0]


def moon_open_for_me(view: PlayerView) -> bool:
    """Whether the seat may still shoot the moon: the moon is on and no other seat has taken a
    penalty card this hand."""
    if not view.kernel_rules[kernel.R_MOON_ON]:
        return False
    penalty = view.rules.tables.penalty_mask
    return not any(mask & penalty for seat, mask in enumerate(view.taken) if seat != view.seat)


def revealed_deals(
    view: PlayerView, count: int, rng: random.Random, *, pool: int = 8, sharpness: float = 1.0
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`~hearts_core.ai.worlds.weighted_worlds` (the same draws for the same arguments), with each
    play unlike the heuristic player's counted ``sharpness`` times before the weights are tempered:
    with 2, a deal weighs ``MISS_WEIGHT ** 2`` per such play, as far as the tempering lets it.
    Returns the distinct deals (rows of hand masks) and how many times each was drawn."""
    return weighted_worlds(view, count, rng, pool, sharpness)


def exact_values(
    view: PlayerView,
    candidates: Sequence[int],
    worlds: int,
    rng: random.Random,
    *,
    queen: bool = False,
    pool: int = 8,
    sharpness: float = 1.0,
    moon_probe: int = 0,
    max_deals: int | None = None,
) -> ExactValues:
    """The candidates' mean exact values over ``worlds`` deals drawn by :func:`revealed_deals` (from
    ``pool`` times as many, mismatches counted ``sharpness`` times; with ``queen``, also the share of
    deals in which each gives the seat the QS, counted in the first :data:`QUEEN_DEALS` deals).

    With ``moon_probe`` above 0, whether the seat can force the moon is solved in the first
    ``moon_probe`` distinct deals and in the others only if it could in one of those: the moon
    search is the slowest of the four, and a hand that cannot shoot in any of a few deals rarely
    can in the rest.

    With ``max_deals``, at most that many distinct deals are solved (the first ones drawn): the means
    are then over those (``worlds`` says how many, repeats counted).  A count, not a time, so the
    same position gives the same hint on any machine under any load."""
    me = view.seat
    hands, times = revealed_deals(view, worlds, rng, pool=pool, sharpness=sharpness)
    shooter = moon_candidate(view)
    moon_cost = view.rules.tables.moon_value
    trick = tuple(ALL_CARDS[card] for card in view.trick)
    sums = dict.fromkeys(candidates, 0.0)
    moons = dict.fromkeys(candidates, 0.0)
    queens = dict.fromkeys(candidates, 0.0)
    shots = dict.fromkeys(candidates, 0.0)
    bests = dict.fromkeys(candidates, 0.0)
    shoot = moon_open_for_me(view)
    queen_live = queen and not view.gone >> kernel.QS & 1 and bool(view.rules.tables.deck_mask >> kernel.QS & 1)
    queen_taken = queen and bool(view.taken[me] >> kernel.QS & 1)
    total = 0
    queen_total = 0.0
    if max_deals is not None:
        hands, times = hands[:max_deals], times[:max_deals]
    for index, (row, weight) in enumerate(zip(hands, times, strict=True)):
        total += int(weight)
        if moon_probe and index == moon_probe and not any(shots.values()):
            shoot = False
        ask_queen = queen_live and index < QUEEN_DEALS
        queen_total += float(weight) if index < QUEEN_DEALS else 0.0
        position = Position(tuple(int(hand) for hand in row), view.taken, view.won, view.leader, trick)
        state = HandState.from_position_masks(view.rules, position, view.hand_number)
        points = card_values(state, "min_points", me)
        made = card_values(state, "stop_moon", me, shooter=shooter) if shooter >= 0 else None
        given = card_values(state, "avoid_card", me) if ask_queen else None
        mine = card_values(state, "make_moon", me) if shoot else None
        deal: dict[int, float] = {}
        for card in candidates:
            name = str(ALL_CARDS[card])
            value = float(points[name])
            if made is not None and made[name]:
                value = float(moon_cost)
                moons[card] += float(weight)
            if mine is not None and mine[name]:
                value = 0.0
                shots[card] += float(weight)
            deal[card] = value
            sums[card] += value * float(weight)
            if given is not None and given[name]:
                queens[card] += float(weight)
        lowest = min(deal.values())
        for card, value in deal.items():
            if value == lowest:
                bests[card] += float(weight)
    return ExactValues(
        {card: sums[card] / total for card in candidates},
        {card: moons[card] / total for card in candidates},
        total,
        {card: 1.0 if queen_taken else queens[card] / queen_total for card in candidates} if queen else {},
        {card: shots[card] / total for card in candidates},
        {card: bests[card] / total for card in candidates},
    )


def exact_choice(view: PlayerView, candidates: Sequence[int], preferred: int, worlds: int, rng: random.Random) -> int:
    """The candidate with the lowest mean exact value (``preferred`` on a tie)."""
    values = exact_values(view, candidates, worlds, rng)
    return min(candidates, key=lambda card: (round(values.means[card], 9), card != preferred))


__all__ = [
    "EXACT_CARDS",
    "EXACT_TRICKS",
    "ExactValues",
    "exact_applies",
    "exact_choice",
    "exact_values",
    "moon_candidate",
    "moon_open_for_me",
    "revealed_deals",
]
