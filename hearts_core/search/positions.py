"""Positions in the kernel's numbers: what the specification's states look like to the kernel.

The kernel (:mod:`hearts_core.search.kernel`) plays on one ``int64`` array per
position (the ``S_*`` layout); its searches
(:mod:`hearts_core.search.solver_kernel`) start from a few numbers
(:class:`KernelPosition`).  These functions build both from the engine's
:class:`~hearts_core.engine.state.HandState` or from the public facts of a
seat's view.

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.deal(Ruleset(pass_cycle=["hold"]), seed=4)
>>> array = state_array(state)
>>> int(array[kernel.S_TO_PLAY]) == state.to_play, int(array[kernel.S_HANDS]) == state.hand_masks[0]
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..engine.rules import Ruleset
from ..engine.state import HandState
from . import kernel


def position_array(
    rules: Ruleset,
    hands: Sequence[int],
    taken: Sequence[int],
    won: Sequence[int],
    leader: int,
    trick: Sequence[int],
) -> np.ndarray:
    """A position as the kernel's array: the hands (masks; a seat's view passes its own hand and
    zeros), the cards and tricks each seat has taken, the leader of the trick in progress and its
    cards in play order.  A new array: the caller may change it."""
    n = rules.players
    points = rules.tables.points
    gone = 0
    for mask in taken:
        gone |= mask
    for card in trick:
        gone |= 1 << card
    state = np.zeros(kernel.STATE_SIZE, dtype=np.int64)
    state[kernel.S_LEADER] = leader
    state[kernel.S_TO_PLAY] = (leader + len(trick)) % n
    state[kernel.S_TRICK_LEN] = len(trick)
    state[kernel.S_BROKEN] = bool(gone & rules.tables.legality.breaks_mask)
    state[kernel.S_GONE] = gone
    state[kernel.S_DONE] = sum(won)
    state[kernel.S_WIN_CARD] = -1
    for index, card in enumerate(trick):
        state[kernel.S_TRICK + index] = card
        if index == 0 or (card // 13 == trick[0] // 13 and card > state[kernel.S_WIN_CARD]):
            state[kernel.S_WIN_CARD] = card
            state[kernel.S_WIN_INDEX] = index
    for seat in range(n):
        state[kernel.S_HANDS + seat] = hands[seat]
        state[kernel.S_TAKEN + seat] = taken[seat]
        state[kernel.S_WON + seat] = won[seat]
        state[kernel.S_POINTS + seat] = sum(points[card] for card in range(52) if taken[seat] >> card & 1)
    return state


def state_array(state: HandState) -> np.ndarray:
    """A ``HandState`` in the play (or over) phase as the kernel's array, every hand filled in."""
    trick = [int(card) for card in state.trick_cards]
    return position_array(state.rules, state.hand_masks, state.taken_masks, state.won_counts, state.leader, trick)


class KernelPosition(NamedTuple):
    """A position in play as the numbers the kernel's searches start from (see
    :func:`hearts_core.search.solver_kernel.set_frame`): ``seat`` plays the ``pos``-th card of the
    trick led in suit ``led`` (-1 before the lead), ``wcard``/``wseat`` are the card winning it and
    its player, ``trick`` the mask of its cards, ``broken`` 1 when hearts are broken (or need no
    breaking), ``live`` every card still held, ``first`` 1 on trick 0."""

    seat: int
    pos: int
    led: int
    wcard: int
    wseat: int
    trick: int
    broken: int
    live: int
    first: int

    @classmethod
    def of(cls, state: HandState) -> KernelPosition:
        """The numbers of a ``HandState`` in the play phase."""
        cards = [int(card) for card in state.trick_cards]
        n = state.rules.players
        leader = state.leader
        led = cards[0] // 13 if cards else -1
        wcard, wseat, trick = -1, -1, 0
        for index, card in enumerate(cards):
            if index == 0 or (card // 13 == led and card > wcard):
                wcard, wseat = card, (leader + index) % n
            trick |= 1 << card
        live = 0
        for mask in state.hand_masks:
            live |= mask
        broken = state.hearts_broken or not state.rules.tables.legality.must_break
        mover: int = state.to_play  # type: ignore[assignment]
        return cls(mover, len(cards), led, wcard, wseat, trick, int(broken), live, int(state.trick_number == 0))


__all__ = ["KernelPosition", "position_array", "state_array"]
