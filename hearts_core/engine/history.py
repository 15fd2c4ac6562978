"""A hand or a line of play as the sequence of its states, for every step-through viewer.

A :class:`History` starts from one state and plays cards in order; index 0 is
the start, index ``k`` the state after ``k`` cards.  Lesson walkthroughs,
puzzle solutions and refutations, the practice review and the Variant Lab's
replays are all histories, so every viewer steps through them the same way.

>>> from hearts_core import HandState, Ruleset
>>> start = HandState.from_hands(Ruleset(pass_cycle=["hold"]), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"])
>>> history = History.of_line(start, ["2C", "2D"])
>>> len(history), history[2].to_play
(3, 2)
>>> move = history.move(1)
>>> move.seat, str(move.card), move.explanation.reason.value
(0, '2C', 'opening_lead')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from .cards import Card, CardLike
from .reasons import Explanation
from .state import HandState


class Move(NamedTuple):
    """One card of a history: who played it, the card, and why it was legal."""

    seat: int
    card: Card
    explanation: Explanation


@dataclass(frozen=True)
class History:
    """The states of a hand or a line: ``start``, then one state per card of ``cards``.

    Build one with :meth:`of_line` (checks every card) or :meth:`of_hand` (the whole
    hand a state was played from).
    """

    start: HandState
    cards: tuple[Card, ...]

    @classmethod
    def of_line(cls, start: HandState, cards: Iterable[CardLike]) -> History:
        """``start`` and the cards played from it (an illegal card raises ``IllegalPlayError``)."""
        history = cls(start, tuple(Card.parse(card) for card in cards))
        history.states  # noqa: B018 - replay now, so an illegal card raises here
        return history

    @classmethod
    def of_hand(cls, state: HandState) -> History:
        """The record ``state`` belongs to: from just after the pass (the deal on a hold
        hand, or the position a record starts from) to ``state`` itself."""
        return cls.of_line(state.record_start(), state.plays())

    @classmethod
    def from_states(cls, states: Sequence[HandState]) -> History:
        """A history from states already played one card apart (not replayed again)."""
        start = states[0]
        history = cls(start, states[-1].plays()[len(start.plays()) :])
        if len(history.cards) != len(states) - 1:
            raise ValueError("the states are not one card apart from the first")
        history.__dict__["states"] = tuple(states)  # the cached_property's slot: no replay needed
        return history

    @cached_property
    def states(self) -> tuple[HandState, ...]:
        """Every state, from the start to the last card."""
        states = [self.start]
        for card in self.cards:
            states.append(states[-1].play(card))
        return tuple(states)

    def __len__(self) -> int:
        return len(self.cards) + 1

    def __getitem__(self, index: int) -> HandState:
        return self.states[index]

    def __iter__(self) -> Iterator[HandState]:
        return iter(self.states)

    @property
    def last(self) -> HandState:
        """The state after the last card."""
        return self.states[-1]

    def move(self, index: int) -> Move:
        """The card that led to state ``index`` (1 to ``len - 1``): its seat and explanation."""
        if not 1 <= index < len(self):
            raise IndexError(f"no card leads to state {index} of a history of {len(self)} states")
        before = self.states[index - 1]
        seat = before.to_play
        assert seat is not None
        card = self.cards[index - 1]
        return Move(seat, card, before.explain(card))

    def window(self, first: int, last: int) -> History:
        """The part of this history from state ``first`` to state ``last`` (both included)."""
        if not 0 <= first <= last < len(self):
            raise IndexError(f"states {first} to {last} are not within 0 to {len(self) - 1}")
        return History(self.states[first], self.cards[first:last])

    def clamp(self, index: int) -> int:
        """``index`` brought within the history (for a viewer's position)."""
        return max(0, min(index, len(self) - 1))


__all__ = ["History", "Move"]
