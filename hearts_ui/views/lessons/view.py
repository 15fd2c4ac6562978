"""What the Lessons page keeps of the learner's visit, as one frozen object in the session.

The place in the curriculum is the URL's (``?lesson=<id>&step=<n>``, a contract); what the
learner did on each step this session (the walkthrough's frame, the verdict on an answer, the
hint rungs shown, the cards picked for a pass) is kept by step, so going back to a step shows it
as it was left.  The learner's progress itself is in the database (:mod:`.progress`).

>>> view = LessonsView().with_step("table", 4, rungs=1)
>>> view.step("table", 4).rungs, view.step("table", 5).rungs
(1, 0)
>>> LessonsView.widget_key("check", 4)
'ha_check_4'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from hearts_core.content.lessons import Verdict

from ...page_state import PageState


@dataclass(frozen=True)
class StepView:
    """One step as the learner left it: the walkthrough's ``frame``, the ``verdict`` on the last
    answer, how many hint ``rungs`` are shown, and the cards ``picked`` for a pass."""

    frame: int = 0
    verdict: Verdict | None = None
    rungs: int = 0
    picked: tuple[str, ...] = ()


@dataclass(frozen=True)
class LessonsView(PageState):
    """The Lessons page's state: each step the learner worked on this session, by (lesson id, step index)."""

    steps: Mapping[tuple[str, int], StepView] = field(default_factory=dict)

    def step(self, lesson_id: str, index: int) -> StepView:
        """Step ``index`` (from 0) of the lesson as the learner left it (untouched: the default)."""
        return self.steps.get((lesson_id, index), StepView())

    def with_step(self, lesson_id: str, index: int, **changes: Any) -> LessonsView:
        """This view with ``changes`` made to one step."""
        changed = replace(self.step(lesson_id, index), **changes)
        return replace(self, steps={**self.steps, (lesson_id, index): changed})
