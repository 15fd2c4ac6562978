"""A class deal: one hand a teacher sets for the whole class, the same for everyone (issue 30, item 3).

Like the daily deal (:mod:`hearts_core.learner.daily`) it is a duplicate deal: the seed the work was
set with fixes the deal and every bot decision, so every learner meets the same cards and the same
bots, and their points compare with each other's and with the engine's in the same seat.

>>> from hearts_core import Ruleset
>>> first = class_deal_session(Ruleset(), seed=77, assignment_id=5)
>>> first.hand == class_deal_session(Ruleset(), seed=77, assignment_id=5).hand, first.class_deal
(True, 5)
"""

from __future__ import annotations

import random
from typing import Final

from ..engine.rules import Ruleset
from .practice import PracticeSession

#: The bots of a class deal (the same for everyone).
CLASS_DEAL_LEVEL: Final = "monte_carlo"
#: The learner's seat.
CLASS_DEAL_SEAT: Final = 0


def new_deal_seed(rng: random.Random) -> int:
    """A fresh seed for a class deal (the class's own: no other class meets it by chance)."""
    return rng.getrandbits(48)


def class_deal_session(rules: Ruleset, seed: int, assignment_id: int) -> PracticeSession:
    """A practice game whose first hand is the class deal of work ``assignment_id``."""
    session = PracticeSession.start(rules, level=CLASS_DEAL_LEVEL, seed=seed, seat=CLASS_DEAL_SEAT)
    return session.as_class_deal(assignment_id)


__all__ = ["CLASS_DEAL_LEVEL", "CLASS_DEAL_SEAT", "class_deal_session", "new_deal_seed"]
