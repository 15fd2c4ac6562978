"""A newcomer's first puzzle: easy, the standard game, on the theme of the lesson last finished."""

from __future__ import annotations

from hearts_core import Ruleset
from hearts_core.content.puzzles import Puzzle
from hearts_core.learner.puzzle_progress import NEWCOMER_TRIED, PuzzleRecord, newcomer_puzzle, record_attempt
from tests.helpers import puzzle_library


def _standard(puzzle: Puzzle) -> bool:
    """The standard game: the default rules, with whatever pass cycle the puzzle's hand has."""
    return Ruleset(pass_cycle=puzzle.rules.pass_cycle) == puzzle.rules


def test_a_newcomer_gets_an_easy_standard_puzzle_on_the_last_lessons_theme() -> None:
    library = puzzle_library()
    ordered = library.ordered()
    offered = newcomer_puzzle(ordered, ["follow_suit"], {}, Ruleset())
    assert offered is not None
    assert offered.difficulty == 1 and _standard(offered) and "follow_suit" in offered.themes
    # Once tried, the next one on the theme is offered, never the same again.
    progress = record_attempt({}, offered.id, correct=True)
    following = newcomer_puzzle(ordered, ["follow_suit"], progress, Ruleset())
    assert following is None or (following.id != offered.id and "follow_suit" in following.themes)


def test_no_newcomer_offer_after_some_puzzles_or_without_a_matching_one() -> None:
    library = puzzle_library()
    ordered = library.ordered()
    progress: dict[str, PuzzleRecord] = {}
    for puzzle in ordered[:NEWCOMER_TRIED]:
        progress = record_attempt(progress, puzzle.id, correct=True)
    assert newcomer_puzzle(ordered, ["follow_suit"], progress, Ruleset()) is None
    assert newcomer_puzzle(ordered, ["no_such_theme"], {}, Ruleset()) is None
    # A medium or a variant puzzle is never the first offer, whatever the theme.
    for theme in {theme for puzzle in ordered for theme in puzzle.themes}:
        offered = newcomer_puzzle(ordered, [theme], {}, Ruleset())
        assert offered is None or (offered.difficulty == 1 and _standard(offered))
