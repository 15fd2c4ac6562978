"""A second model of the other players for endings with every hand known: each plays for itself.

The exact solver (:mod:`.solver`) is *paranoid*: every other player plays against
the learner.  Here each player minimises the raw points it ends the hand with
(max^n, in points), and a player who has several equally good cards for itself
picks among them either the worst for the learner (``ties="against"``) or the
best (``ties="for"``).  A points puzzle whose answer is the same best card in
both searches and in the paranoid one holds under every honest reading of
"which card takes the fewest points?".

Values are the raw points ``seat`` holds at the end of the hand
(:meth:`~hearts_core.engine.state.HandState.hand_points`).  The search runs on
the fast playout path with every node memoised; equivalent cards
(:mod:`.equivalence`) are searched once, which is exact here too: two such
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

from ..engine.cards import ALL_CARDS
from ..engine.state import HandState
from .equivalence import equivalent_classes, point_attributes
from .sim import Sim

Ties = Literal["against", "for"]
TIES: Final[tuple[Ties, ...]] = ("against", "for")


def _key(sim: Sim) -> tuple[object, ...]:
    return (tuple(sim.hands), tuple(sim.trick), sim.leader, sim.broken)


def selfish_values(state: HandState, seat: int, ties: Ties) -> dict[str, int]:
    """For each legal card of the player to move, the raw points ``seat`` ends the hand with when
    every player plays to take the fewest points itself; ``ties`` breaks an equal choice of another
    player against ``seat`` (``"against"``) or for it (``"for"``)."""
    if ties not in TIES:
        raise ValueError(f"ties must be one of {', '.join(TIES)}, not {ties!r}")
    if not state.is_playing:
        raise ValueError("the hand is not in play")
    root = Sim.from_state(state)
    attributes = point_attributes(state.rules)
    memo: dict[tuple[object, ...], tuple[int, ...]] = {}
    against = ties == "against"

    def gains(sim: Sim) -> tuple[int, ...]:
        """The points each seat takes from this node to the end of the hand, under the model
        (relative, so that every way of reaching the same cards shares one memo entry)."""
        if sim.over:
            return (0,) * len(sim.points)
        key = _key(sim)
        found = memo.get(key)
        if found is not None:
            return found
        mover = sim.to_play
        best: tuple[int, ...] | None = None
        for card in _choices(sim, attributes):
            result = _after(sim, card)
            if best is None or _better(result, best, mover, seat, against):
                best = result
        assert best is not None
        memo[key] = best
        return best

    def _after(sim: Sim, card: int) -> tuple[int, ...]:
        child = sim.copy()
        child.play(card)
        later = gains(child)
        return tuple(now - before + rest for now, before, rest in zip(child.points, sim.points, later, strict=True))

    return {str(ALL_CARDS[card]): root.points[seat] + _after(root, card)[seat] for card in _bits(root.legal())}


def _better(result: tuple[int, ...], best: tuple[int, ...], mover: int, seat: int, against: bool) -> bool:
    """Whether the mover prefers ``result``: fewer points for itself, then the tie rule for ``seat``
    (the learner itself simply takes fewer points)."""
    if result[mover] != best[mover]:
        return result[mover] < best[mover]
    if mover == seat:
        return False
    return result[seat] > best[seat] if against else result[seat] < best[seat]


def _choices(sim: Sim, attributes: tuple[int, ...]) -> list[int]:
    """One card of each class of equivalent legal cards."""
    legal = sim.legal()
    elsewhere = 0
    for other, hand in enumerate(sim.hands):
        if other != sim.to_play:
            elsewhere |= hand
    for card in sim.trick:
        elsewhere |= 1 << card
    return [(group & -group).bit_length() - 1 for group in equivalent_classes(legal, attributes, elsewhere)]


def _bits(mask: int) -> list[int]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


__all__ = ["TIES", "Ties", "selfish_values"]
