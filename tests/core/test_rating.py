"""Ratings (Glicko-2) and the puzzle to offer next: replayed from the results, spaced review of misses."""

from __future__ import annotations

import pytest

from hearts_core.learner.puzzle_progress import PuzzleRecord, record_attempt, record_reveal
from hearts_core.learner.rating import (
    REVIEW_AFTER,
    Glicko,
    PuzzleFacts,
    due_reviews,
    next_puzzle,
    rating_history,
)


def test_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 against three opponents."""
    after = Glicko(1500, 200, 0.06).update([(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def _facts(count: int = 12) -> dict[str, PuzzleFacts]:
    facts = {}
    for number in range(count):
        difficulty = 1 + number % 3
        facts[f"p{number}"] = PuzzleFacts(
            f"p{number}", difficulty, ("duck" if number % 2 else "moon",), standard=number % 4 != 1
        )
    return facts


def test_a_first_try_moves_the_rating_and_a_retry_does_not() -> None:
    facts = _facts()
    solved = rating_history(record_attempt({}, "p2", True), facts)[-1].rating
    failed = rating_history(record_attempt({}, "p2", False), facts)[-1].rating
    assert failed < 1500 < solved
    retried = record_attempt(record_attempt({}, "p2", False), "p2", True)  # cleared later: still a miss
    assert rating_history(retried, facts)[-1].rating == failed
    shown = record_attempt(record_reveal({}, "p2"), "p2", True)  # the answer seen first: a miss
    assert rating_history(shown, facts)[-1].rating == failed


def test_a_new_learner_starts_with_easy_standard_puzzles() -> None:
    facts = _facts()
    progress: dict[str, PuzzleRecord] = {}
    offered = []
    for _ in range(3):
        chosen = next_puzzle(facts, progress)
        assert chosen is not None
        offered.append(chosen)
        progress = record_attempt(progress, chosen, True)
    assert all(facts[puzzle].difficulty == 1 and facts[puzzle].standard for puzzle in offered)


def test_a_missed_puzzle_comes_back_after_some_others() -> None:
    facts = _facts()
    progress = record_attempt({}, "p0", False)
    seen = ["p0"]
    for _ in range(REVIEW_AFTER - 1):
        chosen = next_puzzle(facts, progress)
        assert chosen is not None and chosen != "p0"
        progress = record_attempt(progress, chosen, True)
        seen.append(chosen)
    assert due_reviews(progress) == ()
    chosen = next_puzzle(facts, progress)
    assert chosen is not None
    progress = record_attempt(progress, chosen, True)
    assert next_puzzle(facts, progress) == "p0"  # five results after the miss: due
    cleared = record_attempt(progress, "p0", True)
    assert "p0" not in due_reviews(cleared) and next_puzzle(facts, cleared) != "p0"


def test_later_puzzles_follow_the_rating() -> None:
    facts = _facts(30)
    strong: dict[str, PuzzleRecord] = {}
    for puzzle in ("p0", "p3", "p6", "p2", "p5", "p8"):
        strong = record_attempt(strong, puzzle, True)
    weak: dict[str, PuzzleRecord] = {}
    for puzzle in ("p0", "p3", "p6", "p2", "p5", "p8"):
        weak = record_attempt(weak, puzzle, puzzle in ("p0",))
    hard = next_puzzle(facts, strong)
    easy = next_puzzle(facts, weak)
    assert hard is not None and easy is not None
    assert facts[hard].difficulty >= facts[easy].difficulty
