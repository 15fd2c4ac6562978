"""What the Review page keeps of the learner's visit: the verdict on the card just answered, and the
card being answered on another page (a puzzle or a lesson step opened from the queue).

>>> ReviewView.widget_key("next")
'ha_rv_next'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hearts_core.learner.review import Decision

from ...page_state import PageState


@dataclass(frozen=True)
class ReviewView(PageState):
    """``answered``: the key of the card just answered here and the engine's verdict on the answer
    (shown until the learner goes on); ``elsewhere``: the key of a puzzle or lesson card opened from
    the queue, whose next answer on its own page is the review's answer."""

    WIDGETS = "rv"

    answered: tuple[str, Decision] | None = None
    #: The key of the card on the table (what a card played answers).
    showing: str | None = None
    elsewhere: str | None = None
    #: The practice hands whose mistakes this session has queued already.
    queued_hands: frozenset[str] = field(default_factory=frozenset)
