"""What the Practice page shows of the learner's game, kept in the session as one frozen object.

The game itself is the learner's, kept in the database (:mod:`.session`); this is how the page
looks at it: the hint ladder of the position, the review of a finished hand, and a note when
another tab moved the game on.  Every change to the game starts a new :attr:`PracticeView.turn`
with a fresh view (:meth:`PracticeView.next_turn`), and the widgets that belong to a position have
the turn in their key, so nothing of the position left behind is read again.

>>> view = PracticeView(rung=2, reviewing=True)
>>> view.next_turn()
PracticeView(turn=1, rung=0, hint=None, reviewing=False, frame=0, history=None, verdicts={}, moved_on=False)
>>> PracticeView.widget_key("undo"), view.next_turn().compare_key
('ha_pr_undo', 'ha_pr_compare_1')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hearts_core.ai import hints
from hearts_core.engine.history import History

from ...page_state import PageState


@dataclass(frozen=True)
class PracticeView(PageState):
    """The Practice page's view of the game: ``turn`` counts the game's changes this session;
    ``rung`` is how many hint rungs are shown for the position and ``hint`` the hint computed
    for it; ``reviewing`` whether the finished hand is being reviewed, at ``frame``, with its
    ``history`` and the engine's ``verdicts`` on the learner's cards (by frame) computed once;
    ``moved_on`` says that another tab moved the game on (the page says so once)."""

    WIDGETS = "pr"

    turn: int = 0
    rung: int = 0
    hint: hints.PassHint | hints.PlayHint | None = None
    reviewing: bool = False
    frame: int = 0
    history: History | None = None
    verdicts: Mapping[int, hints.Verdict] = field(default_factory=dict)
    moved_on: bool = False

    def next_turn(self, moved_on: bool = False) -> PracticeView:
        """The view of the game after a change (a card, the pass, an undo, a new hand or game):
        nothing of the last position is shown."""
        return PracticeView(turn=self.turn + 1, moved_on=moved_on)

    @property
    def compare_key(self) -> str:
        """The key of the card picker that rung 2 contrasts with the recommendation (this turn's)."""
        return self.widget_key("compare", self.turn)
