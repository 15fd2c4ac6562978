"""What the Variant Lab keeps of the learner's visit, as one frozen object in the session.

The two rulesets are the address's (``?a=…&b=…``, a contract) and the pickers'; the rest is
here: the problems of a shared link, a ruleset from a link that no preset matches, the deal
replayed and the step shown, the messages of the deal controls, the replay computed for them,
and the simulation with the chunk a worker process is playing for it.

>>> view = LabView(step=3, find_note="Found one.").new_deal(7)
>>> view.deal, view.step, view.find_note
(7, 0, '')
>>> LabView.widget_key("a", "preset")
'ha_lab_a_preset'
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field, replace

from hearts_core import lab
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState

from ...page_state import PageState

#: What a replay was computed for: both rulesets' codes, the deal, the bots' policy and the totals.
ReplayKey = tuple[str, str, str, str, str]


@dataclass(frozen=True)
class LabView(PageState):
    """The Variant Lab's state: whether the address's rulesets were ``restored`` (once per session)
    and the ``url_problems`` found then; each side's ruleset from a link (``links``, by side) when
    no preset is it; the ``deal`` replayed (a seed, or a pasted position) and the ``step`` shown;
    the deal controls' ``paste_error`` and ``find_note``; the ``replay`` computed, with what it was
    computed for; the simulation ``job`` and the ``chunk`` of it a worker is playing."""

    WIDGETS = "lab"

    restored: bool = False
    url_problems: tuple[str, ...] = ()
    links: Mapping[str, Ruleset] = field(default_factory=dict)
    deal: int | HandState = 1
    step: int = 0
    paste_error: str = ""
    find_note: str = ""
    replay: tuple[ReplayKey, lab.PairReplay] | None = None
    job: lab.SimulationJob | None = None
    chunk: Future[lab.PlayedChunk] | None = None

    def new_deal(self, deal: int | HandState) -> LabView:
        """The view of another deal, from its first step."""
        return replace(self, deal=deal, step=0, find_note="")
