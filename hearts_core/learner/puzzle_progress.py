"""A learner's puzzle results: immutable records, pure updates, the summary.

Each puzzle gets a :class:`PuzzleRecord`.  Its ``result`` is decided once, by
the first thing that settles it (as on lichess): the first answer judged
right makes it ``"solved"``; a wrong first answer, or looking at the answer
(the last hint rung, or "show solution") before answering right, makes it
``"failed"``.  The learner may retry a failed puzzle and clear it, but the
result stays: a streak counts first tries.  Hints short of the answer are
recorded (``hints``) but do not fail a puzzle.

Every function returns a new mapping; records are frozen, so a stored copy
can never be changed by a caller.

>>> progress = record_attempt({}, "a", correct=True)
>>> progress = record_hint(progress, "b", 1)
>>> progress = record_attempt(progress, "b", correct=False)
>>> progress = record_attempt(progress, "b", correct=True)
>>> progress["a"].result, progress["b"].result, progress["b"].cleared, progress["b"].hints
('solved', 'failed', True, 1)
>>> summary(progress)
Summary(solved=1, failed=1, streak=0, best_streak=1, tried=2)
>>> [(rate.theme, rate.solved, rate.tried) for rate in theme_rates(progress, {"a": ("moon",), "b": ("moon", "duck")})]
[('duck', 0, 1), ('moon', 1, 2)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

SOLVED: Final = "solved"
FAILED: Final = "failed"
RESULTS: Final = (SOLVED, FAILED)

#: Progress: puzzle id -> its record.
PuzzleProgress = Mapping[str, "PuzzleRecord"]


@dataclass(frozen=True)
class PuzzleRecord:
    """What a learner did with one puzzle.

    ``result``: ``"solved"``, ``"failed"`` or ``None`` (opened or hinted, not yet
    settled); ``attempts`` and ``wrong``: answers judged, and how many were
    wrong; ``hints``: hint rungs used; ``revealed``: the answer was shown;
    ``cleared``: answered right at some point (also after a failure);
    ``order``: when the result was settled (1, 2, ...), for streaks.
    """

    result: str | None = None
    attempts: int = 0
    wrong: int = 0
    hints: int = 0
    revealed: bool = False
    cleared: bool = False
    order: int = 0

    def __post_init__(self) -> None:
        if self.result is not None and self.result not in RESULTS:
            raise ValueError(f"result must be one of {', '.join(RESULTS)} or None, not {self.result!r}")
        if min(self.attempts, self.wrong, self.hints, self.order) < 0:
            raise ValueError("counts cannot be negative")


def _settled(record: PuzzleRecord, result: str, order: int) -> PuzzleRecord:
    """The record with its result decided (as ``order``-th), unless it was decided before."""
    return record if record.result is not None else replace(record, result=result, order=order)


def _next_order(progress: PuzzleProgress) -> int:
    return max((other.order for other in progress.values()), default=0) + 1


def _with(progress: PuzzleProgress, puzzle_id: str, record: PuzzleRecord) -> dict[str, PuzzleRecord]:
    result = dict(progress)
    result[puzzle_id] = record
    return result


def record_attempt(progress: PuzzleProgress, puzzle_id: str, correct: bool) -> dict[str, PuzzleRecord]:
    """A new progress map with one judged answer recorded.

    >>> record_attempt({}, "p", correct=False)["p"]
    PuzzleRecord(result='failed', attempts=1, wrong=1, hints=0, revealed=False, cleared=False, order=1)
    """
    return apply_event(progress, PuzzleEvent(puzzle_id, "answer", correct=correct))


def record_hint(progress: PuzzleProgress, puzzle_id: str, rung: int, reveals: bool = False) -> dict[str, PuzzleRecord]:
    """A new progress map with hint ``rung`` (1, 2, ...) used; ``reveals`` when that
    rung gives the answer away, which fails a puzzle not yet settled.

    >>> record_hint({}, "p", 2)["p"].hints, record_hint({}, "p", 3, reveals=True)["p"].result
    (2, 'failed')
    """
    if rung < 1:
        raise ValueError("hint rungs count from 1")
    hinted = apply_event(progress, PuzzleEvent(puzzle_id, "hint", rung=rung))
    return record_reveal(hinted, puzzle_id) if reveals else hinted


def record_reveal(progress: PuzzleProgress, puzzle_id: str) -> dict[str, PuzzleRecord]:
    """A new progress map in which the puzzle's answer was shown (a puzzle not yet
    solved is failed; one already solved stays solved)."""
    return apply_event(progress, PuzzleEvent(puzzle_id, "reveal"))


@dataclass(frozen=True)
class PuzzleEvent:
    """One thing a learner did with a puzzle, as the store keeps it: an answer (``correct``), a hint
    rung taken (``rung``), or the answer shown.  Progress is these events applied in order.

    >>> events = [PuzzleEvent("p", "hint", rung=1), PuzzleEvent("p", "answer", correct=True)]
    >>> apply_events({}, events)["p"].result
    'solved'
    """

    puzzle: str
    kind: Literal["answer", "hint", "reveal"]
    correct: bool | None = None
    rung: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(EVENT_KINDS)}, not {self.kind!r}")
        if (self.kind == "answer") != (self.correct is not None):
            raise ValueError("an answer, and only an answer, says whether it was correct")
        if (self.kind == "hint") != (self.rung is not None and self.rung >= 1):
            raise ValueError("a hint, and only a hint, has a rung (counting from 1)")


EVENT_KINDS: Final = ("answer", "hint", "reveal")


def _after(record: PuzzleRecord, event: PuzzleEvent, order: int) -> PuzzleRecord:
    """A puzzle's record after one event; ``order`` is the place a result settled now takes."""
    if event.kind == "answer":
        correct = bool(event.correct)
        record = replace(
            record, attempts=record.attempts + 1, wrong=record.wrong + (not correct), cleared=record.cleared or correct
        )
        return _settled(record, SOLVED if correct and not record.revealed else FAILED, order)
    if event.kind == "hint":
        return replace(record, hints=max(record.hints, int(event.rung or 1)))
    return _settled(replace(record, revealed=True), FAILED, order)


def apply_event(progress: PuzzleProgress, event: PuzzleEvent) -> dict[str, PuzzleRecord]:
    """A new progress map with ``event`` applied."""
    record = _after(progress.get(event.puzzle, PuzzleRecord()), event, _next_order(progress))
    return _with(progress, event.puzzle, record)


def apply_events(progress: PuzzleProgress, events: Iterable[PuzzleEvent]) -> dict[str, PuzzleRecord]:
    """A new progress map with ``events`` applied in order (one copy of the map, however many events:
    the store folds a learner's whole history on every read)."""
    result = dict(progress)
    order = _next_order(result)
    for event in events:
        before = result.get(event.puzzle, PuzzleRecord())
        after = _after(before, event, order)
        if after.result is not None and before.result is None:
            order += 1
        result[event.puzzle] = after
    return result


@dataclass(frozen=True)
class Summary:
    """Puzzles solved and failed, the current and best streaks of solved ones."""

    solved: int
    failed: int
    streak: int
    best_streak: int
    tried: int

    @property
    def rate(self) -> float | None:
        """Solved out of settled, from 0 to 1 (``None`` before any result)."""
        return self.solved / self.tried if self.tried else None


def summary(progress: PuzzleProgress) -> Summary:
    """Count the results and the streaks, in the order they were settled."""
    settled = sorted(
        (record for record in progress.values() if record.result is not None), key=lambda record: record.order
    )
    streak = best = 0
    for record in settled:
        streak = streak + 1 if record.result == SOLVED else 0
        best = max(best, streak)
    solved = sum(1 for record in settled if record.result == SOLVED)
    return Summary(solved, len(settled) - solved, streak, best, len(settled))


@dataclass(frozen=True)
class ThemeRate:
    """Results on the puzzles of one theme."""

    theme: str
    solved: int
    tried: int

    @property
    def rate(self) -> float:
        return self.solved / self.tried if self.tried else 0.0


def theme_rates(progress: PuzzleProgress, themes: Mapping[str, Sequence[str]]) -> tuple[ThemeRate, ...]:
    """Solved and settled puzzles by theme (``themes``: puzzle id -> its theme ids),
    for the themes with at least one result, by theme id.  A puzzle counts for
    each of its themes; ids no longer in ``themes`` are left out."""
    counts: dict[str, list[int]] = {}
    for puzzle_id, record in progress.items():
        if record.result is None or puzzle_id not in themes:
            continue
        for theme in themes[puzzle_id]:
            count = counts.setdefault(theme, [0, 0])
            count[0] += record.result == SOLVED
            count[1] += 1
    return tuple(ThemeRate(theme, solved, tried) for theme, (solved, tried) in sorted(counts.items()))


def next_unsolved(candidates: Iterable[str], progress: PuzzleProgress, current: str | None = None) -> str | None:
    """The first of ``candidates`` (in order) after ``current``, wrapping round, that
    the learner has not yet answered right; ``None`` when there is none.

    >>> progress = record_attempt({}, "b", correct=True)
    >>> next_unsolved(["a", "b", "c"], progress, "a"), next_unsolved(["a", "b", "c"], progress, "c")
    ('c', 'a')
    >>> next_unsolved(["b"], progress) is None
    True
    """
    order = list(candidates)
    start = order.index(current) + 1 if current in order else 0
    for puzzle_id in order[start:] + order[:start]:
        record = progress.get(puzzle_id)
        if puzzle_id != current and (record is None or not record.cleared):
            return puzzle_id
    return None


__all__ = [
    "EVENT_KINDS",
    "FAILED",
    "RESULTS",
    "SOLVED",
    "PuzzleEvent",
    "PuzzleProgress",
    "PuzzleRecord",
    "Summary",
    "ThemeRate",
    "apply_event",
    "apply_events",
    "next_unsolved",
    "record_attempt",
    "record_hint",
    "record_reveal",
    "summary",
    "theme_rates",
]
