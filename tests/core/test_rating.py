"""Ratings (Glicko-2) and the puzzle to offer next: replayed from the results, spaced review of misses."""

from __future__ import annotations

import pytest

from hearts_core.content.lessons import LESSONS_DIR, Lesson, load_curriculum
from hearts_core.learner.lesson_progress import StepOutcome
from hearts_core.learner.puzzle_progress import PuzzleRecord, record_attempt, record_reveal
from hearts_core.learner.rating import (
    NEWCOMER_RESULTS,
    REVIEW_AFTER,
    Glicko,
    PuzzleFacts,
    Suggestion,
    due_reviews,
    next_puzzle,
    puzzle_facts,
    puzzle_for_learner,
    rating_history,
    suggest_puzzle,
)
from tests.helpers import puzzle_library


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


# -- the first puzzles after the lessons -------------------------------------------------------------

LESSONS = load_curriculum(LESSONS_DIR).ordered()
LIBRARY = puzzle_library()
FACTS = puzzle_facts(LIBRARY)


def _done(lesson: Lesson) -> list[tuple[str, int, StepOutcome]]:
    """Every step of ``lesson`` seen, every exercise answered right: the lesson finished."""
    return [(lesson.id, index, "right" if step.is_active else "seen") for index, step in enumerate(lesson.steps)]


def _first_theme_with_a_puzzle(lesson: Lesson) -> str | None:
    """The first of the lesson's themes that an easy puzzle of the standard game practises."""
    easy = [facts for facts in FACTS.values() if facts.difficulty == 1 and facts.standard]
    return next((theme for theme in lesson.themes if any(theme in facts.themes for facts in easy)), None)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_after_a_lesson_a_newcomer_is_offered_an_easy_standard_puzzle_on_its_theme(lesson: Lesson) -> None:
    suggestion = puzzle_for_learner(LIBRARY, {}, LESSONS, _done(lesson))
    assert suggestion is not None
    facts = FACTS[suggestion.puzzle]
    assert facts.difficulty == 1 and facts.standard
    theme = _first_theme_with_a_puzzle(lesson)
    if theme is None:  # no easy standard puzzle on any of its themes: the first easy one
        assert suggestion.reason == "start"
    else:
        assert (suggestion.reason, suggestion.theme, suggestion.lesson) == ("lesson", theme, lesson.id)
        assert theme in facts.themes


def test_the_lesson_finished_last_counts_not_the_last_in_the_curriculum() -> None:
    passing = next(lesson for lesson in LESSONS if lesson.id == "passing")
    table = next(lesson for lesson in LESSONS if lesson.id == "table")
    # Passing finished first, then the table: the table's theme; a step of passing seen again changes nothing.
    events = [*_done(passing), *_done(table), (passing.id, 0, "seen")]
    suggestion = puzzle_for_learner(LIBRARY, {}, LESSONS, events)
    assert suggestion is not None and suggestion.lesson == table.id
    # A lesson only begun does not count: the last one finished does.
    begun = _done(table)[:-1]
    suggestion = puzzle_for_learner(LIBRARY, {}, LESSONS, [*_done(passing), *begun])
    assert suggestion is not None and suggestion.lesson == passing.id


def test_without_a_lesson_finished_the_first_easy_standard_puzzle_and_then_the_rating() -> None:
    suggestion = puzzle_for_learner(LIBRARY, {}, LESSONS, [])
    assert suggestion is not None and suggestion.reason == "start"
    assert FACTS[suggestion.puzzle].difficulty == 1 and FACTS[suggestion.puzzle].standard
    table = _done(LESSONS[0])
    progress: dict[str, PuzzleRecord] = {}
    for _ in range(NEWCOMER_RESULTS):  # the lesson's theme while the learner is new, never the same puzzle twice
        suggestion = puzzle_for_learner(LIBRARY, progress, LESSONS, table)
        assert suggestion is not None and suggestion.reason == "lesson" and suggestion.puzzle not in progress
        progress = record_attempt(progress, suggestion.puzzle, True)
    suggestion = puzzle_for_learner(LIBRARY, progress, LESSONS, table)
    assert suggestion is not None and suggestion.reason == "rating"


def test_a_due_review_comes_before_the_lessons_theme() -> None:
    facts = _facts()
    progress = record_attempt({}, "p0", False)
    for name in ("p3", "p6", "p9", "p4", "p7"):
        progress = record_attempt(progress, name, True)
    assert suggest_puzzle(facts, progress, lesson=LESSONS[0]) == Suggestion("p0", "review")
