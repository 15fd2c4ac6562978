"""Ratings for puzzles and learners (Glicko-2), and the puzzle to offer next.

Each puzzle has a fixed rating from its difficulty (:data:`DIFFICULTY_RATINGS`).
A learner's rating starts at 1500 and is updated after each puzzle's *first
try* (the result that settles it: solved at once, or failed by a wrong answer
or by looking at the answer), as a game won or lost against the puzzle, with
Glickman's Glicko-2 (one game per rating period).  The rating is not stored:
it is replayed from the results in the order they were settled, so it can
never drift from them.

The next puzzle (:func:`next_puzzle`): a missed puzzle due for review comes
first (spaced: it returns after :data:`REVIEW_AFTER` more results, then after
twice as many for each further miss); otherwise a new learner gets an easy
puzzle in the standard game, on the theme of the lesson they finished last
(:func:`puzzle_for_learner`), and later learners the unseen puzzle nearest
their rating, themes they miss more often counting as nearer.

>>> Glicko(1500, 200, 0.06).update([(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]).rounded()
(1464.05, 151.52, 0.06)

(Glickman's worked example; the paper prints 1464.06, having rounded its intermediate steps.)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ..content.lessons import Lesson
from ..content.puzzles import Library
from ..engine.rules import Ruleset
from .lesson_progress import StepOutcome, finished_lessons
from .puzzle_progress import FAILED, SOLVED, PuzzleProgress, theme_rates

#: Glicko-2's scale factor between the Glicko and the internal scale.
SCALE: Final = 173.7178
#: The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2).
TAU: Final = 0.5
#: A puzzle's rating by difficulty, and how sure it is.
DIFFICULTY_RATINGS: Final = {1: 1250.0, 2: 1550.0, 3: 1850.0}
PUZZLE_DEVIATION: Final = 80.0
#: A missed puzzle comes back after this many further results (doubled after each further miss).
REVIEW_AFTER: Final = 5


@dataclass(frozen=True)
class Glicko:
    """A Glicko-2 rating: ``rating`` and ``deviation`` on the usual scale, and ``volatility``."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def rounded(self) -> tuple[float, float, float]:
        return round(self.rating, 2), round(self.deviation, 2), round(self.volatility, 2)

    def update(self, games: Sequence[tuple[float, float, float]]) -> Glicko:
        """The rating after one period of ``games``: (opponent rating, opponent deviation, score 1/0.5/0)."""
        mu = (self.rating - 1500.0) / SCALE
        phi = self.deviation / SCALE
        if not games:
            return Glicko(self.rating, min(350.0, math.sqrt(phi**2 + self.volatility**2) * SCALE), self.volatility)
        parts = []
        for rating, deviation, score in games:
            mu_j, phi_j = (rating - 1500.0) / SCALE, deviation / SCALE
            g = 1.0 / math.sqrt(1.0 + 3.0 * phi_j**2 / math.pi**2)
            expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
            parts.append((g, expected, score))
        v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in parts)
        delta = v * sum(g * (s - e) for g, e, s in parts)
        sigma = _volatility(phi, v, delta, self.volatility)
        phi_star = math.sqrt(phi**2 + sigma**2)
        phi_new = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / v)
        mu_new = mu + phi_new**2 * sum(g * (s - e) for g, e, s in parts)
        return Glicko(1500.0 + SCALE * mu_new, SCALE * phi_new, sigma)


def _volatility(phi: float, v: float, delta: float, sigma: float) -> float:
    """Step 5 of Glicko-2: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2.0 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    low = a
    if delta**2 > phi**2 + v:
        high = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > 1e-6:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = middle, f_middle
    return math.exp(low / 2.0)


@dataclass(frozen=True)
class PuzzleFacts:
    """What choosing a puzzle needs to know of it: its difficulty, themes, and whether it is set in the
    standard game (four players, the usual cards, no variant question)."""

    id: str
    difficulty: int
    themes: tuple[str, ...]
    standard: bool

    @property
    def rating(self) -> float:
        return DIFFICULTY_RATINGS.get(self.difficulty, DIFFICULTY_RATINGS[2])


def puzzle_facts(library: Library) -> dict[str, PuzzleFacts]:
    """Every puzzle of ``library`` as :class:`PuzzleFacts`, in the library's order."""
    standard = Ruleset()
    facts = {}
    for puzzle in library.ordered():
        rules = puzzle.question_rules
        plain = rules.players == standard.players and (
            dataclasses.replace(rules, pass_cycle=standard.pass_cycle) == standard
        )  # the pass cycle aside
        facts[puzzle.id] = PuzzleFacts(
            puzzle.id, puzzle.difficulty, tuple(puzzle.themes), puzzle.kind != "variant" and plain
        )
    return facts


@dataclass(frozen=True)
class RatingPoint:
    """The learner's rating after the ``number``-th result (0: before any)."""

    number: int
    puzzle: str | None
    rating: float
    deviation: float


def rating_history(progress: PuzzleProgress, puzzles: Mapping[str, PuzzleFacts]) -> tuple[RatingPoint, ...]:
    """The learner's rating after each first try, in the order the results were settled.

    >>> from .puzzle_progress import record_attempt
    >>> facts = {"a": PuzzleFacts("a", 1, (), True), "b": PuzzleFacts("b", 3, (), True)}
    >>> history = rating_history(record_attempt(record_attempt({}, "a", True), "b", False), facts)
    >>> [(point.puzzle, round(point.rating)) for point in history]
    [(None, 1500), ('a', 1585), ('b', 1526)]
    """
    settled = sorted(
        (
            (puzzle_id, record)
            for puzzle_id, record in progress.items()
            if record.result is not None and puzzle_id in puzzles
        ),
        key=lambda item: item[1].order,
    )
    current = Glicko()
    points = [RatingPoint(0, None, current.rating, current.deviation)]
    for number, (puzzle_id, record) in enumerate(settled, start=1):
        score = 1.0 if record.result == SOLVED else 0.0
        current = current.update([(puzzles[puzzle_id].rating, PUZZLE_DEVIATION, score)])
        points.append(RatingPoint(number, puzzle_id, current.rating, current.deviation))
    return tuple(points)


def due_reviews(progress: PuzzleProgress) -> tuple[str, ...]:
    """Missed puzzles not yet cleared whose review is due: :data:`REVIEW_AFTER` results after the miss,
    doubled for each further wrong answer; the longest waiting first.

    >>> from .puzzle_progress import record_attempt
    >>> progress = record_attempt({}, "missed", False)
    >>> for name in "abcd":
    ...     progress = record_attempt(progress, name, True)
    >>> due_reviews(progress), due_reviews(record_attempt(progress, "e", True))
    ((), ('missed',))
    """
    latest = max((record.order for record in progress.values()), default=0)
    due = [
        (record.order, puzzle_id)
        for puzzle_id, record in progress.items()
        if record.result == FAILED
        and not record.cleared
        and latest - record.order >= REVIEW_AFTER * 2 ** max(record.wrong - 1, 0)
    ]
    return tuple(puzzle_id for _, puzzle_id in sorted(due))


#: A learner with fewer results than this is new: they are offered easy puzzles in the standard game.
NEWCOMER_RESULTS: Final = 3
#: Why a puzzle is offered: a miss due for review; a new learner's easy standard puzzle on the theme of
#: the lesson they finished last, or any easy standard puzzle; the unseen puzzle nearest the rating;
#: every puzzle seen, one not yet cleared.
SuggestionReason = Literal["review", "lesson", "start", "rating", "retry"]


@dataclass(frozen=True)
class Suggestion:
    """The puzzle to offer (its id), why (:data:`SuggestionReason`), and for a ``lesson`` one, the theme
    it practises and the lesson it comes after."""

    puzzle: str
    reason: SuggestionReason
    theme: str | None = None
    lesson: str | None = None


def suggest_puzzle(
    puzzles: Mapping[str, PuzzleFacts],
    progress: PuzzleProgress,
    current: str | None = None,
    lesson: Lesson | None = None,
) -> Suggestion | None:
    """The puzzle to offer after ``current``, and why: a review that is due; else, for a new learner, an
    easy standard puzzle on the first theme of ``lesson`` (the lesson they finished last) that has one,
    or any easy standard puzzle; else the unseen puzzle nearest the learner's rating (weak themes
    favoured); None when every puzzle is cleared.  ``puzzles`` are in the order to offer them."""
    for puzzle_id in due_reviews(progress):
        if puzzle_id != current and puzzle_id in puzzles:
            return Suggestion(puzzle_id, "review")
    unseen = [
        facts
        for puzzle_id, facts in puzzles.items()
        if puzzle_id != current and (puzzle_id not in progress or progress[puzzle_id].result is None)
    ]
    if not unseen:
        left = [
            puzzle_id
            for puzzle_id, record in progress.items()
            if puzzle_id in puzzles and puzzle_id != current and not record.cleared
        ]
        return Suggestion(left[0], "retry") if left else None
    settled = sum(1 for record in progress.values() if record.result is not None)
    if settled < NEWCOMER_RESULTS:
        first = [facts for facts in unseen if facts.difficulty == 1 and facts.standard]
        for theme in lesson.themes if lesson is not None else ():
            on_theme = next((facts for facts in first if theme in facts.themes), None)
            if on_theme is not None:
                return Suggestion(on_theme.id, "lesson", theme, lesson.id if lesson is not None else None)
        if first:
            return Suggestion(first[0].id, "start")
    rating = rating_history(progress, puzzles)[-1].rating
    misses = {
        rate.theme: 1.0 - rate.rate
        for rate in theme_rates(progress, {puzzle_id: facts.themes for puzzle_id, facts in puzzles.items()})
    }

    def distance(facts: PuzzleFacts) -> float:
        weak = max((misses.get(theme, 0.0) for theme in facts.themes), default=0.0)
        return abs(facts.rating - rating) - 150.0 * weak

    return Suggestion(min(unseen, key=distance).id, "rating")


def next_puzzle(puzzles: Mapping[str, PuzzleFacts], progress: PuzzleProgress, current: str | None = None) -> str | None:
    """The id of the puzzle :func:`suggest_puzzle` offers after ``current`` (no lesson taken into account)."""
    suggestion = suggest_puzzle(puzzles, progress, current)
    return suggestion.puzzle if suggestion is not None else None


def puzzle_for_learner(
    library: Library,
    progress: PuzzleProgress,
    lessons: Sequence[Lesson],
    lesson_events: Iterable[tuple[str, int, StepOutcome]],
) -> Suggestion | None:
    """The puzzle of ``library`` to offer a learner first, from their puzzle ``progress`` and their lesson
    answers in order (``lesson_events``): a newcomer gets an easy standard-game puzzle on the theme of the
    lesson they finished last (the lesson's ``themes``, its first one first).

    >>> from ..content.lessons import LESSONS_DIR, load_curriculum
    >>> from ..content.puzzles import PUZZLES_DIR, load_library
    >>> lessons = load_curriculum(LESSONS_DIR).ordered()
    >>> passing = next(lesson for lesson in lessons if lesson.id == "passing")
    >>> done = [(passing.id, index, "right" if step.is_active else "seen") for index, step in enumerate(passing.steps)]
    >>> suggestion = puzzle_for_learner(load_library(PUZZLES_DIR), {}, lessons, done)
    >>> suggestion.reason, suggestion.theme, suggestion.lesson
    ('lesson', 'passing', 'passing')
    """
    finished = finished_lessons(lessons, lesson_events)
    return suggest_puzzle(puzzle_facts(library), progress, lesson=finished[-1] if finished else None)


__all__ = [
    "DIFFICULTY_RATINGS",
    "NEWCOMER_RESULTS",
    "PUZZLE_DEVIATION",
    "REVIEW_AFTER",
    "Glicko",
    "PuzzleFacts",
    "RatingPoint",
    "Suggestion",
    "SuggestionReason",
    "due_reviews",
    "next_puzzle",
    "puzzle_facts",
    "puzzle_for_learner",
    "rating_history",
    "suggest_puzzle",
]
