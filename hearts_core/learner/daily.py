"""The daily deal: one hand a day, the same for everyone, played against the same bots.

The date picks the ruleset (:data:`WEEK`: the standard game most days, a regional variant on
Wednesdays and Saturdays) and the seed; the seed fixes the deal and every bot decision (a bot's
card depends on the seed, the hand and the cards played so far), so every learner meets the same
cards and the same bots: a duplicate deal.  :class:`Field` compares a learner's points with
everyone's who played it that day.

>>> import datetime as dt
>>> wednesday = dt.date(2026, 12, 9)
>>> daily_preset(wednesday), daily_preset(wednesday + dt.timedelta(days=1))
('black_maria', 'standard')
>>> daily_session(wednesday).hand == daily_session(wednesday).hand   # the same deal for everyone
True
>>> field = Field((3, 0, 13, 26, 5))
>>> field.median, field.place(3), field.place(0)
(5, 2, 1)
"""

from __future__ import annotations

import datetime as dt
import hashlib
import statistics
from dataclasses import dataclass
from typing import Final

from ..engine.rules import Ruleset
from .practice import PracticeSession

#: The preset of each weekday, Monday first.
WEEK: Final = ("standard", "standard", "black_maria", "standard", "standard", "omnibus", "standard")
#: The bots of the daily deal (the same for everyone).
DAILY_LEVEL: Final = "monte_carlo"
#: The learner's seat in the daily deal.
DAILY_SEAT: Final = 0


def daily_preset(day: dt.date) -> str:
    """The preset the deal of ``day`` is played under."""
    return WEEK[day.weekday()]


def daily_seed(day: dt.date) -> int:
    """The seed of ``day``'s deal and bots: the same on every server, different every day."""
    return int(hashlib.sha256(f"hearts-academy-daily:{day.isoformat()}".encode()).hexdigest()[:12], 16)


def daily_session(day: dt.date, level: str = DAILY_LEVEL) -> PracticeSession:
    """A practice game whose first hand is ``day``'s deal, the learner at :data:`DAILY_SEAT`."""
    session = PracticeSession.start(
        Ruleset.preset(daily_preset(day)), level=level, seed=daily_seed(day), seat=DAILY_SEAT
    )
    return session.as_daily(day.isoformat())


@dataclass(frozen=True)
class Field:
    """Everyone's points on one day's deal (a learner's first result each)."""

    points: tuple[int, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.points) if self.points else 0.0

    def place(self, points: int) -> int:
        """The place of a result of ``points`` (1 is the fewest points; ties share a place)."""
        return 1 + sum(other < points for other in self.points)

    def histogram(self) -> dict[int, int]:
        """How many players took each number of points."""
        counts: dict[int, int] = {}
        for value in self.points:
            counts[value] = counts.get(value, 0) + 1
        return dict(sorted(counts.items()))


__all__ = ["DAILY_LEVEL", "DAILY_SEAT", "WEEK", "Field", "daily_preset", "daily_seed", "daily_session"]
