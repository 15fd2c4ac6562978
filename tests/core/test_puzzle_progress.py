"""Puzzle results: settled once, hints recorded, streaks and rates by theme."""

from __future__ import annotations

import pytest

from hearts_core.learner.puzzle_progress import (
    PuzzleRecord,
    next_unsolved,
    record_attempt,
    record_hint,
    record_reveal,
    summary,
    theme_rates,
)


def test_the_first_answer_settles_the_result() -> None:
    progress = record_attempt({}, "a", correct=True)
    progress = record_attempt(progress, "a", correct=False)  # a later slip changes nothing
    assert progress["a"].result == "solved" and progress["a"].attempts == 2 and progress["a"].wrong == 1
    progress = record_attempt(progress, "b", correct=False)
    progress = record_attempt(progress, "b", correct=True)
    assert (progress["b"].result, progress["b"].cleared) == ("failed", True)
    assert [progress[name].order for name in ("a", "b")] == [1, 2]


def test_updates_return_new_maps_and_leave_the_old_ones_alone() -> None:
    before: dict[str, PuzzleRecord] = {}
    after = record_hint(before, "a", 1)
    assert before == {} and after["a"].hints == 1
    with pytest.raises(AttributeError):
        after["a"].hints = 3  # type: ignore[misc]


def test_hints_short_of_the_answer_do_not_fail_but_the_answer_does() -> None:
    progress = record_hint(record_hint({}, "a", 1), "a", 2)
    assert (progress["a"].hints, progress["a"].result) == (2, None)
    progress = record_attempt(progress, "a", correct=True)
    assert progress["a"].result == "solved" and progress["a"].hints == 2
    progress = record_hint({}, "b", 3, reveals=True)
    assert (progress["b"].result, progress["b"].revealed) == ("failed", True)
    # After the answer was shown, a right answer clears the puzzle but does not solve it.
    progress = record_attempt(record_reveal({}, "c"), "c", correct=True)
    assert (progress["c"].result, progress["c"].cleared) == ("failed", True)
    # Showing the solution of a puzzle already solved keeps it solved.
    assert record_reveal(record_attempt({}, "d", correct=True), "d")["d"].result == "solved"
    with pytest.raises(ValueError):
        record_hint({}, "a", 0)


def test_streaks_count_solved_puzzles_in_the_order_they_were_settled() -> None:
    progress: dict[str, PuzzleRecord] = {}
    for name, correct in (("a", True), ("b", True), ("c", False), ("d", True)):
        progress = record_attempt(progress, name, correct)
    totals = summary(progress)
    assert (totals.solved, totals.failed, totals.streak, totals.best_streak, totals.tried) == (3, 1, 1, 2, 4)
    assert totals.rate == 0.75
    assert summary({}).rate is None
    assert summary(record_hint({}, "x", 1)).tried == 0  # a hint alone settles nothing


def test_rates_by_theme_count_each_theme_of_a_puzzle_and_skip_unknown_ids() -> None:
    progress = record_attempt(record_attempt({}, "a", correct=True), "b", correct=False)
    progress = record_attempt(progress, "gone", correct=True)
    rates = theme_rates(progress, {"a": ("moon", "duck"), "b": ("moon",)})
    assert [(rate.theme, rate.solved, rate.tried, rate.rate) for rate in rates] == [
        ("duck", 1, 1, 1.0),
        ("moon", 1, 2, 0.5),
    ]


def test_next_unsolved_skips_the_current_and_the_cleared_and_wraps() -> None:
    progress = record_attempt(record_attempt({}, "b", correct=True), "c", correct=False)
    assert next_unsolved(["a", "b", "c", "d"], progress, "a") == "c"  # missed, not yet cleared
    progress = record_attempt(progress, "c", correct=True)
    assert next_unsolved(["a", "b", "c", "d"], progress, "a") == "d"
    assert next_unsolved(["a", "b", "c", "d"], progress, "d") == "a"
    assert next_unsolved(["a", "b", "c", "d"], progress) == "a"
    assert next_unsolved(["b", "c"], progress) is None
    assert next_unsolved([], {}) is None


def test_a_record_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        PuzzleRecord(result="maybe")
    with pytest.raises(ValueError):
        PuzzleRecord(attempts=-1)
