"""The self-interested model of the other players (hearts_core.search.selfish) against a plain max^n
written here on the immutable engine (no memo, no equivalent cards), on seeded endings under several
presets; and the puzzle library's points puzzles proven under every model they claim."""

from __future__ import annotations

import random

import pytest

from hearts_core import HandState, Ruleset
from hearts_core.content.puzzle_kinds import PlayPuzzle, VariantPuzzle
from hearts_core.content.puzzles import PUZZLES_DIR, load_library
from hearts_core.search.selfish import TIES, Ties, selfish_values


def _plain(state: HandState, seat: int, ties: Ties) -> tuple[int, ...]:
    """Every seat's final raw points when each player minimises its own (ties for or against ``seat``)."""
    if state.is_over:
        return tuple(state.hand_points())
    mover = state.to_play
    assert mover is not None
    results = [_plain(state.play(card), seat, ties) for card in state.legal_moves()]
    own = min(result[mover] for result in results)
    tied = [result for result in results if result[mover] == own]
    if mover == seat:
        return tied[0]
    pick = max if ties == "against" else min
    return pick(tied, key=lambda result: result[seat])


def _endings(rules: Ruleset, count: int, seed: int) -> list[HandState]:
    rng = random.Random(seed)
    found: list[HandState] = []
    while len(found) < count:
        state = HandState.deal(rules, rng.getrandbits(32), 3)  # a hold hand in the standard cycle
        if state.is_passing:
            state = state.with_passes(
                {seat: rng.sample(hand.cards(), rules.pass_count) for seat, hand in enumerate(state.hands)}
            )
        stop = (rules.hand_size - 2) * rules.players + rng.randrange(rules.players)
        while state.is_playing and len(state.plays()) < stop:
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_playing and len(state.legal_moves()) > 1:
            found.append(HandState.from_position(rules, state.to_position()))
    return found


@pytest.mark.parametrize("preset", ["standard", "black_maria", "omnibus", "spot_hearts", "five_players"])
def test_the_search_matches_a_plain_max_n(preset: str) -> None:
    rules = Ruleset.preset(preset)
    for state in _endings(rules, 12, seed=len(preset)):
        seat = state.to_play
        assert seat is not None
        for ties in TIES:
            plain = {str(card): _plain(state.play(card), seat, ties)[seat] for card in state.legal_moves()}
            assert selfish_values(state, seat, ties) == plain, (preset, ties, state.to_position())


def test_ties_decide_what_a_selfish_player_gives_the_learner() -> None:
    """Where another player's choice costs it nothing either way, the tie rule decides what the learner
    gets: in this puzzle the 8S is as good as the JS only when ties go the learner's way."""
    library = load_library(PUZZLES_DIR)
    puzzle = library.puzzles["play-unblock-the-jack"]
    assert isinstance(puzzle, PlayPuzzle) and puzzle.model == "paranoid"
    against = selfish_values(puzzle.question_state, puzzle.seat, "against")
    kind = selfish_values(puzzle.question_state, puzzle.seat, "for")
    assert against["8S"] > kind["8S"] and against["JS"] == kind["JS"] == 0


def test_every_points_puzzle_holds_under_every_model_it_claims() -> None:
    library = load_library(PUZZLES_DIR)
    checked = 0
    for puzzle in library.ordered():
        question = puzzle.question if isinstance(puzzle, VariantPuzzle) else puzzle
        if not isinstance(question, PlayPuzzle) or not question.values or question.objective != "min_points":
            continue
        checked += 1
        if question.model == "paranoid":
            continue  # its prompt says the others gang up (the solver's model)
        assert set(question.selfish) == set(TIES), puzzle.id
        for ties, values in question.selfish.items():
            low = min(values.values())
            assert [card for card, value in values.items() if value == low] == list(question.solution), (
                puzzle.id,
                ties,
            )
    assert checked >= 10
