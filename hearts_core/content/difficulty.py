"""How hard a play puzzle really is: would a simple player find its answer?

"Hard" should mean a strong player needs thought.  For a play puzzle two
simple players are asked: the rule-based bot of the Practice page (it sees
only its own hand, as a learner would) and a greedy player that looks one
trick ahead (it picks the legal card taking the fewest points in the trick in
progress, supposing the others then play low).  A puzzle both find is easy;
one neither finds is hard.  Together with the margin and the tricks left this
is what the library's difficulty labels are checked against.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..ai.levels import make_bot
from ..ai.view import PlayerView
from ..engine.state import HandState
from .puzzle_kinds import PlayPuzzle, Puzzle, VariantPuzzle


@dataclass(frozen=True)
class Signals:
    """What a play puzzle asks of a player: found by the rule-based bot, found by the greedy player,
    the solver's margin, and the tricks left."""

    bot_finds: bool
    greedy_finds: bool
    margin: int | None
    tricks_left: int

    @property
    def simple_finds(self) -> int:
        """How many of the two simple players find the answer (0, 1 or 2)."""
        return int(self.bot_finds) + int(self.greedy_finds)


def greedy_card(state: HandState) -> str:
    """The legal card that takes the fewest points in the trick in progress if the others then play
    their lowest legal card (ties: the lowest card)."""
    seat = state.to_play
    assert seat is not None

    def cost(card: str) -> int:
        after = state.play(card)
        while after.is_playing and after.trick_cards and after.to_play != seat:
            after = after.play(min(after.legal_moves(), key=lambda other: (other.rank, other.suit)))
        return after.hand_points()[seat] - state.hand_points()[seat]

    return min((str(card) for card in state.legal_moves()), key=cost)  # the first of equals: the lowest


def signals(puzzle: PlayPuzzle) -> Signals:
    """The difficulty signals of a play puzzle."""
    state = puzzle.question_state
    seat = state.to_play
    assert seat is not None
    decision = make_bot("heuristic").choose_card(PlayerView.from_state(state, seat), random.Random(0))
    values = sorted(puzzle.values.values())
    margin = values[1] - values[0] if len(values) > 1 and puzzle.objective != "make_moon" else None
    return Signals(
        str(decision.card) in puzzle.solution,
        greedy_card(state) in puzzle.solution,
        margin,
        state.rules.hand_size - state.trick_number,
    )


def play_questions(puzzles: Iterable[Puzzle]) -> list[tuple[Puzzle, PlayPuzzle]]:
    """Every puzzle that asks for the best card to play (a variant asking it included)."""
    found = []
    for puzzle in puzzles:
        question = puzzle.question if isinstance(puzzle, VariantPuzzle) else puzzle
        if isinstance(question, PlayPuzzle):
            found.append((puzzle, question))
    return found


def found_by_difficulty(puzzles: Iterable[Puzzle]) -> dict[int, tuple[int, int]]:
    """For each difficulty, how many play puzzles the simple players find (out of two each), and how
    many chances they had: ``{difficulty: (found, chances)}``."""
    found: Counter[int] = Counter()
    chances: Counter[int] = Counter()
    for puzzle, question in play_questions(puzzles):
        found[puzzle.difficulty] += signals(question).simple_finds
        chances[puzzle.difficulty] += 2
    return {difficulty: (found[difficulty], chances[difficulty]) for difficulty in sorted(chances)}


__all__ = ["Signals", "found_by_difficulty", "greedy_card", "play_questions", "signals"]
