"""A second model of the other players for endings with every hand known: each plays for itself.

The exact solver (:mod:`.solver`) is *paranoid*: every other player plays against
the learner.  Here each player plays to end the hand with the fewest raw points
itself (max^n, in points).  That alone does not say what a player does when
several of its cards are equally good for itself, and that choice can change what
the learner ends with, directly or through a third player who answers it.  So the
model does not pick one way to break such ties (by card order, say: another
program breaking them another way would then disagree with us): it finds the
whole range of points the learner can end with over *every* way the players
could choose between cards that are equal for themselves.

* ``ties="against"``: the top of the range, the worst that indifferent players
  can do to the learner; ``ties="for"``: the bottom.
* A points puzzle's answer holds for self-interested players however they break
  their ties when its worst (``against``) is below every other card's best
  (``for``): :func:`holds_whatever_the_ties`.

The range is exact.  The set of outcomes a position can lead to (each seat's points
from there to the end of the hand) is computed bottom up: a player to move keeps
the outcomes of each card whose outcome can still be its best, i.e. the outcomes
no worse for it than what its other cards can be made to give (a card's subtree
may resolve its own ties any way, independently of the other cards' subtrees).
Every position is searched once (positions are remembered), and equivalent cards
(:mod:`.equivalence`) once: two such cards lead to the same set of outcomes.

Seat 3 led the 8H; seat 0 holds the TH and the 2H; seat 2 has no heart but holds the
queen.  Whoever wins the TH's trick takes the queen, so ducking is best however the
others play:

>>> from hearts_core import CardSet, HandState, Ruleset
>>> hands = "2H TH / 3H 4S / 5S QS / 6S"
>>> rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
>>> state = HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")
>>> selfish_ranges(state, 0)
{'2H': (0, 0), 'TH': (17, 17)}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from ..engine.cards import ALL_CARDS
from ..engine.state import HandState
from .equivalence import point_attributes, representative_cards

Ties = Literal["against", "for"]
TIES: Final[tuple[Ties, ...]] = ("against", "for")

#: Points each seat takes from a position to the end of the hand.
Outcome = tuple[int, ...]
_Key = tuple[tuple[int, ...], tuple[int, ...], int, bool]


def selfish_ranges(state: HandState, seat: int) -> dict[str, tuple[int, int]]:
    """For each legal card of the player to move, the fewest and the most raw points ``seat`` can
    end the hand with when every player plays to take the fewest points itself, over every way
    the players may choose between cards equally good for themselves."""
    if not state.is_playing:
        raise ValueError("the hand is not in play")
    memo: dict[_Key, frozenset[Outcome]] = {}
    taken = state.hand_points()[seat]
    result: dict[str, tuple[int, int]] = {}
    for card in state.legal_moves():
        child = state.play(card)
        gained = child.hand_points()[seat] - taken
        ends = [gained + outcome[seat] for outcome in _outcomes(child, memo)]
        result[str(card)] = (taken + min(ends), taken + max(ends))
    return result


def selfish_values(state: HandState, seat: int, ties: Ties) -> dict[str, int]:
    """For each legal card of the player to move, the raw points ``seat`` ends the hand with when
    every player plays for itself and breaks its ties against ``seat`` (``"against"``: the most
    it can end with) or for it (``"for"``: the fewest)."""
    if ties not in TIES:
        raise ValueError(f"ties must be one of {', '.join(TIES)}, not {ties!r}")
    ranges = selfish_ranges(state, seat)
    end = 1 if ties == "against" else 0
    return {card: bounds[end] for card, bounds in ranges.items()}


def holds_whatever_the_ties(values: Mapping[str, Mapping[str, int]], card: str) -> bool:
    """Whether ``card`` takes strictly fewer points than every other card for self-interested
    players however they break their ties: its worst (``values["against"]``) is below every other
    card's best (``values["for"]``)."""
    worst = values["against"][card]
    return all(worst < best for other, best in values["for"].items() if other != card)


def _outcomes(state: HandState, memo: dict[_Key, frozenset[Outcome]]) -> frozenset[Outcome]:
    """Every outcome (points each seat takes from here on) that self-interested play can reach."""
    if not state.is_playing:
        return frozenset({(0,) * state.players})
    key = (state.hand_masks, tuple(int(card) for card in state.trick_cards), state.to_play or 0, state.hearts_broken)
    known = memo.get(key)
    if known is not None:
        return known
    mover = state.to_play or 0
    before = state.hand_points()
    options: list[frozenset[Outcome]] = []
    for card in _distinct_cards(state):
        child = state.play(ALL_CARDS[card])
        gained = [after - earlier for after, earlier in zip(child.hand_points(), before, strict=True)]
        options.append(
            frozenset(tuple(g + o for g, o in zip(gained, outcome, strict=True)) for outcome in _outcomes(child, memo))
        )
    # A card can be the mover's choice only if its outcome is no worse for the mover than every
    # other card can be made to be: below the least of the other cards' worst cases.
    cap = min(max(outcome[mover] for outcome in option) for option in options)
    reachable = frozenset(outcome for option in options for outcome in option if outcome[mover] <= cap)
    memo[key] = reachable
    return reachable


def _distinct_cards(state: HandState) -> list[int]:
    """One legal card of each class of equivalent cards (they lead to the same outcomes)."""
    mover = state.to_play or 0
    hand = state.hand_masks[mover]
    in_trick = 0
    for card in state.trick_cards:
        in_trick |= 1 << int(card)
    elsewhere = (state.rules.tables.deck_mask & ~state.played_mask) & ~hand | in_trick
    return representative_cards(state.legal_mask(), point_attributes(state.rules), elsewhere)


__all__ = ["TIES", "Outcome", "Ties", "holds_whatever_the_ties", "selfish_ranges", "selfish_values"]
