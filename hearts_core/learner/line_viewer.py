"""Stepping through a puzzle's line of play: the solution, or the reply to a wrong card.

A :class:`LineViewer` is the frozen state of the viewer under a puzzle: which
line (``solution`` or ``refutation`` of a card), the moves, and where the
learner is in it.  :meth:`LineViewer.frame` tells the page what to draw and
say at that point, as data (the words come from the catalogue).

>>> from hearts_core.content.puzzles import PUZZLES_DIR, load_library
>>> puzzle = load_library(PUZZLES_DIR).puzzles["play-duck-the-eight"]
>>> viewer = LineViewer.solution(puzzle)
>>> viewer.length > 1, viewer.go(1).frame(puzzle).move.card
(True, Card.parse('3H'))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal, NamedTuple

from ..content.puzzles import PlayPuzzle, Puzzle, VariantPuzzle
from ..engine.cards import Card
from ..engine.history import History, Move
from ..engine.state import HandState, Trick

LineKind = Literal["solution", "refutation"]


class LineFrame(NamedTuple):
    """What the viewer shows at one position: the state, the card just played (with who
    played it and why it was legal), the trick it completed, and whether the line is over."""

    position: int
    last: int
    state: HandState
    move: Move | None
    trick: Trick | None
    finished: bool


@dataclass(frozen=True)
class LineViewer:
    """The viewer's state: the line shown and the position in it (0 = the puzzle's position)."""

    kind: LineKind
    moves: tuple[tuple[int, str], ...]
    card: str | None = None
    position: int = 0

    @classmethod
    def solution(cls, puzzle: Puzzle) -> LineViewer:
        """The solver's principal line from the best card."""
        return cls("solution", puzzle.line)

    @classmethod
    def refutation(cls, puzzle: PlayPuzzle | VariantPuzzle, card: str) -> LineViewer:
        """The solver's best line after the wrong ``card``."""
        question = puzzle.question if isinstance(puzzle, VariantPuzzle) else puzzle
        assert isinstance(question, PlayPuzzle)
        return cls("refutation", question.refutation(card), str(Card.parse(card)))

    def history(self, puzzle: Puzzle) -> History:
        """The states along the line, from the puzzle's position."""
        return History(puzzle.question_state, tuple(Card.parse(card) for _, card in self.moves))

    @property
    def length(self) -> int:
        """How many positions the line has (the start included)."""
        return len(self.moves) + 1

    def go(self, position: int) -> LineViewer:
        """The viewer at ``position``, kept within the line."""
        return dataclasses.replace(self, position=max(0, min(position, len(self.moves))))

    def frame(self, puzzle: Puzzle) -> LineFrame:
        """What to draw at the current position."""
        history = self.history(puzzle)
        position = history.clamp(self.position)
        state = history[position]
        move = history.move(position) if position else None
        trick = state.tricks[-1] if move is not None and not state.trick_cards and state.tricks else None
        return LineFrame(position, len(history) - 1, state, move, trick, position == len(history) - 1)


__all__ = ["LineFrame", "LineKind", "LineViewer"]
