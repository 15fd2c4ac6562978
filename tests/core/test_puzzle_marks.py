"""How an answer given with cards is judged card by card (the marks the table shows) and the puzzle's
words on those cards (each text once, naming its cards), over every puzzle of the library."""

from __future__ import annotations

from itertools import combinations, islice

import pytest

from hearts_core.content.puzzles import LegalityPuzzle, PassingPuzzle, PlayPuzzle, Puzzle, VariantPuzzle
from tests.helpers import puzzle_library

LIBRARY = puzzle_library()


def _question(puzzle: Puzzle) -> Puzzle:
    return puzzle.question if isinstance(puzzle, VariantPuzzle) and puzzle.question is not None else puzzle


def _hand(puzzle: Puzzle, seat: int | None = None) -> list[str]:
    state = puzzle.question_state
    holder = state.to_play if seat is None else seat
    assert holder is not None
    return [str(card) for card in state.hands[holder].cards()]


LEGALITY = [puzzle for puzzle in LIBRARY.ordered() if isinstance(_question(puzzle), LegalityPuzzle)]
PASSING = [puzzle for puzzle in LIBRARY.ordered() if isinstance(puzzle, PassingPuzzle)]
PLAY = [puzzle for puzzle in LIBRARY.ordered() if isinstance(_question(puzzle), PlayPuzzle)]


@pytest.mark.parametrize("puzzle", LEGALITY, ids=lambda puzzle: puzzle.id)
def test_a_legality_answer_marks_each_card_right_wrong_or_missed_in_the_hands_order(puzzle: Puzzle) -> None:
    hand = _hand(puzzle)
    legal = [card for card in hand if puzzle.question_state.is_legal(card)]
    # The first legal card and (when there is one) the first card that is not: the rest left out.
    chosen = [legal[0], *[card for card in hand if card not in legal][:1]]
    attempt = puzzle.check(chosen)
    assert not attempt.correct or chosen == legal
    assert attempt.marked("right") == (legal[0],)
    assert attempt.marked("wrong") == tuple(chosen[1:])
    assert attempt.marked("missed") == tuple(legal[1:])
    assert [card for card, _ in attempt.marks] == [card for card in hand if card in {*chosen, *legal}]
    # Every legal card: all right, none missed.
    right = puzzle.check(legal)
    assert right.correct and right.marked("right") == tuple(legal) and not right.marked("missed")


@pytest.mark.parametrize("puzzle", PASSING, ids=lambda puzzle: puzzle.id)
def test_a_pass_is_marked_card_by_card_and_each_note_is_said_once_naming_its_cards(puzzle: PassingPuzzle) -> None:
    hand = _hand(puzzle, puzzle.seat)
    count = puzzle.rules.pass_count
    # The passes that touch the puzzle's cards most: required, forbidden and commented cards first.
    telling = [card for card in hand if card in puzzle.require or card in puzzle.forbid or card in puzzle.feedback]
    pool = telling + [card for card in hand if card not in telling]
    for picked in islice(combinations(pool, count), 400):
        attempt = puzzle.check(list(picked))
        marks = dict(attempt.marks)
        assert {card for card in picked if card in puzzle.forbid} == set(attempt.marked("wrong"))
        assert {card for card in puzzle.require if card not in picked} == set(attempt.marked("missed"))
        if attempt.correct:
            assert set(attempt.marked("right")) == set(picked)
        # A chosen card is never called missed; a card not chosen is never called right or wrong.
        assert all(marks.get(card) != "missed" for card in picked)
        assert all(marks[card] == "missed" for card in marks if card not in picked)
        grouped = attempt.grouped_notes()
        words = [text for _, text in grouped]
        assert len(words) == len(set(words)), (picked, words)  # no line twice
        assert all(cards for cards, _ in grouped)  # every line names its cards
        named = [card for cards, _ in grouped for card in cards]
        assert len(named) == len(set(named))
        assert set(named) == {card for card in (*picked, *attempt.marked("missed")) if card in puzzle.feedback}


@pytest.mark.parametrize("puzzle", PLAY, ids=lambda puzzle: puzzle.id)
def test_a_play_marks_the_card_played_only(puzzle: Puzzle) -> None:
    state = puzzle.question_state
    for card in _hand(puzzle):
        attempt = puzzle.check(card)
        expected = "right" if attempt.correct else "wrong"
        assert attempt.marks == ((card, expected),), (card, attempt.code)
        assert attempt.correct == (state.is_legal(card) and card in puzzle.solution)
