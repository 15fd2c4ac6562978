"""What the Puzzles page keeps of the learner's visit, as one frozen object in the session.

The puzzle shown is the URL's (``?puzzle=<id>``, a contract); what the learner did with each
puzzle this session (the last attempt, the cards picked, the line being stepped through, the
solution shown) is kept by puzzle, so coming back to one shows it as it was left.  The learner's
results are in the database (:mod:`.common`).

>>> view = PuzzlesView().with_puzzle("p1", solution_shown=True)
>>> view.puzzle("p1").solution_shown, view.puzzle("p2").solution_shown
(True, False)
>>> PuzzlesView.widget_key("score", 2, "p1")
'ha_pz_score_2_p1'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from hearts_core.content.puzzles import Attempt
from hearts_core.learner.line_viewer import LineViewer

from ...page_state import PageState


@dataclass(frozen=True)
class Run:
    """A streak run: ``active`` while no puzzle of it has been missed; ``count`` solved in a row so far;
    ``best`` the longest run of this session."""

    active: bool = False
    count: int = 0
    best: int = 0

    def settled(self, solved: bool) -> Run:
        """The run after a puzzle's first try."""
        if not self.active:
            return self
        if solved:
            return Run(True, self.count + 1, max(self.best, self.count + 1))
        return Run(False, self.count, self.best)


@dataclass(frozen=True)
class PuzzleWork:
    """One puzzle as the learner left it: the engine's verdict on the last ``attempt``, or a ``note``
    on a form not filled in (nothing picked, the wrong number of cards); the cards ``picked``; the
    ``line`` being stepped through under it; whether the ``solution`` was shown."""

    attempt: Attempt | None = None
    note: str = ""
    picked: tuple[str, ...] = ()
    line: LineViewer | None = None
    solution_shown: bool = False


@dataclass(frozen=True)
class PuzzlesView(PageState):
    """The Puzzles page's state: each puzzle the learner worked on (by id), the streak ``run``
    (None until one is started this session), the learner's list ``filters`` (by name), and how
    many puzzles of the list are shown (``shown``: the list's ids, and the count)."""

    WIDGETS = "pz"

    puzzles: Mapping[str, PuzzleWork] = field(default_factory=dict)
    run: Run | None = None
    filters: Mapping[str, Any] = field(default_factory=dict)
    shown: tuple[tuple[str, ...], int] | None = None

    def puzzle(self, puzzle_id: str) -> PuzzleWork:
        """The puzzle as the learner left it (untouched: the default)."""
        return self.puzzles.get(puzzle_id, PuzzleWork())

    def with_puzzle(self, puzzle_id: str, **changes: Any) -> PuzzlesView:
        """This view with ``changes`` made to one puzzle."""
        return replace(self, puzzles={**self.puzzles, puzzle_id: replace(self.puzzle(puzzle_id), **changes)})
