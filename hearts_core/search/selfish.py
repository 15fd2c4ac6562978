"""A second model of the other players for endings with every hand known: each plays for itself.

The exact solver (:mod:`.solver`) is *paranoid*: every other player plays against
the learner.  Here each player minimises the raw points it ends the hand with
(max^n, in points), and a player who has several equally good cards for itself
picks among them either the worst for the learner (``ties="against"``) or the
best (``ties="for"``).  A points puzzle whose answer is the same best card in
both searches and in the paranoid one holds under every honest reading of
"which card takes the fewest points?".

Values are the raw points ``seat`` holds at the end of the hand
(:meth:`~hearts_core.engine.state.HandState.hand_points`).  The search is the
kernel's :func:`~hearts_core.search.solver_kernel.selfish_search` (max^n, every
node searched, leads after trick 0 kept in a transposition table); equivalent
cards (:mod:`.equivalence`) are searched once, which is exact here too: two such
cards give every player the same points.

Seat 3 led the 8H; seat 0 holds the TH and the 2H; seat 2 has no heart but holds the
queen.  Whoever wins the TH's trick takes the queen, so ducking is best however the
others play:

>>> from hearts_core import CardSet, HandState, Ruleset
>>> hands = "2H TH / 3H 4S / 5S QS / 6S"
>>> rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
>>> state = HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")
>>> selfish_values(state, 0, "against"), selfish_values(state, 0, "for")
({'2H': 0, 'TH': 17}, {'2H': 0, 'TH': 17})
"""

from __future__ import annotations

from typing import Final, Literal

import numpy as np

from ..engine.cards import ALL_CARDS, cards_of_mask
from ..engine.rules import QUEEN_OF_SPADES
from ..engine.state import HandState
from . import kernel, solver_kernel
from .equivalence import point_attributes
from .positions import KernelPosition

Ties = Literal["against", "for"]
TIES: Final[tuple[Ties, ...]] = ("against", "for")


def selfish_values(state: HandState, seat: int, ties: Ties) -> dict[str, int]:
    """For each legal card of the player to move, the raw points ``seat`` ends the hand with when
    every player plays to take the fewest points itself; ``ties`` breaks an equal choice of another
    player against ``seat`` (``"against"``) or for it (``"for"``)."""
    if ties not in TIES:
        raise ValueError(f"ties must be one of {', '.join(TIES)}, not {ties!r}")
    if not state.is_playing:
        raise ValueError("the hand is not in play")
    rules = state.rules
    n = rules.players
    points = rules.tables.points
    params = solver_kernel.search_params(
        n,
        points,
        point_attributes(rules),
        (True,) * n,
        (True,) * n,
        rules.tables.legality.breaks_mask,
        int(QUEEN_OF_SPADES),
        swap_minors=False,
    )
    numbers = kernel.rules_array(rules)
    keys, values = solver_kernel.new_vector_table(KernelPosition.of(state).live.bit_count())
    frames, moves = solver_kernel.new_stack()
    vectors = solver_kernel.new_vectors()
    scratch = solver_kernel.new_scratch()
    result: dict[str, int] = {}
    for card in cards_of_mask(state.legal_mask()):
        child = state.play(ALL_CARDS[card])
        later = 0
        if child.is_playing:
            at = KernelPosition.of(child)
            trick_points = sum(points[int(played)] for played in child.trick_cards)
            solver_kernel.selfish_search(
                params, numbers, np.array(child.hand_masks, dtype=np.int64), keys, values, frames, moves, vectors,
                scratch, seat, ties == "against", at.seat, at.pos, at.led, at.wcard, at.wseat, trick_points, at.trick,
                at.broken, at.live, at.first,
            )  # fmt: skip
            later = int(vectors[solver_kernel.RETURNED, seat])
        result[str(ALL_CARDS[card])] = child.hand_points()[seat] + later
    return result


__all__ = ["TIES", "Ties", "selfish_values"]
