"""The self-interested model of the other players (hearts_core.search.selfish) against a plain max^n
over every way of breaking ties, written here on the immutable engine (no memo, no equivalent cards), on
seeded endings under several presets; and the puzzle library's points puzzles proven under every model
they claim, however the players break their ties."""

from __future__ import annotations

import random

import pytest

from hearts_core import HandState, Ruleset
from hearts_core.content.puzzle_kinds import PlayPuzzle, VariantPuzzle
from hearts_core.content.puzzles import PUZZLES_DIR, load_library
from hearts_core.search.selfish import TIES, Ties, holds_whatever_the_ties, selfish_ranges, selfish_values


def _plain(state: HandState) -> set[tuple[int, ...]]:
    """Every seat's final raw points over every way self-interested players may break their ties:
    a card can be a player's choice when it can end no worse for it than every other card's worst."""
    if state.is_over:
        return {tuple(state.hand_points())}
    mover = state.to_play
    assert mover is not None
    options = [_plain(state.play(card)) for card in state.legal_moves()]
    cap = min(max(outcome[mover] for outcome in option) for option in options)
    return {outcome for option in options for outcome in option if outcome[mover] <= cap}


def _plain_ranges(state: HandState, seat: int) -> dict[str, tuple[int, int]]:
    ranges = {}
    for card in state.legal_moves():
        ends = [outcome[seat] for outcome in _plain(state.play(card))]
        ranges[str(card)] = (min(ends), max(ends))
    return ranges


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
def test_the_ranges_match_a_plain_max_n_over_every_tie(preset: str) -> None:
    rules = Ruleset.preset(preset)
    for state in _endings(rules, 12, seed=len(preset)):
        seat = state.to_play
        assert seat is not None
        ranges = selfish_ranges(state, seat)
        assert ranges == _plain_ranges(state, seat), (preset, state.to_position())
        for ties in TIES:
            end = 1 if ties == "against" else 0
            assert selfish_values(state, seat, ties) == {card: bounds[end] for card, bounds in ranges.items()}


def _by_card_order(state: HandState, seat: int, ties: Ties, reverse: bool) -> tuple[int, ...]:
    """One fixed way of breaking ties: against or for ``seat``, then the first card in card order
    (or the last)."""
    if state.is_over:
        return tuple(state.hand_points())
    mover = state.to_play
    assert mover is not None
    cards = state.legal_moves()[::-1] if reverse else state.legal_moves()
    results = [_by_card_order(state.play(card), seat, ties, reverse) for card in cards]
    own = min(result[mover] for result in results)
    tied = [result for result in results if result[mover] == own]
    if mover == seat:
        return tied[0]
    pick = max if ties == "against" else min
    return pick(tied, key=lambda result: result[seat])


def test_breaking_ties_by_card_order_is_not_a_model() -> None:
    """Why the model keeps every way of breaking ties: with ties against East, East's 6D ends with
    2 points when an indifferent player keeps the first of its equal cards and with 1 when it keeps
    the last, the AS with 1 either way.  A fixed order would make the AS the only best card, another
    program's order a tie; the range (1, 2) shows the 6D can do as well, so the puzzle now says the
    others play against East (where the AS is the only best card)."""
    library = load_library(PUZZLES_DIR)
    puzzle = library.puzzles["play-five-players-cash-the-ace"]
    assert isinstance(puzzle, PlayPuzzle) and puzzle.model == "paranoid"
    state, seat = puzzle.question_state, puzzle.seat
    first = _by_card_order(state.play("6D"), seat, "against", reverse=False)[seat]
    last = _by_card_order(state.play("6D"), seat, "against", reverse=True)[seat]
    assert (first, last) == (2, 1)
    ranges = selfish_ranges(state, seat)
    assert ranges["6D"] == (1, 2) and ranges["AS"] == (1, 1)
    assert not holds_whatever_the_ties(
        {"against": {c: r[1] for c, r in ranges.items()}, "for": {c: r[0] for c, r in ranges.items()}}, "AS"
    )
    assert puzzle.solution == ("AS",)


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
        assert holds_whatever_the_ties(question.selfish, question.solution[0]), puzzle.id
        assert question.solution == (min(question.selfish["for"], key=question.selfish["for"].__getitem__),)
    assert checked >= 10
