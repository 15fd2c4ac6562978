"""How strong each bot level is, as measured: points per hand against a fixed field.

The field is three heuristic bots (they play no random moves, so the field is
the same for every level), the standard rules, and 200 duplicate deals: each deal
is played four times with the level's bot in seat 0, 1, 2 and 3 and the same
cards (``benchmarks/strength.py --candidate LEVEL --field heuristic --deals 200``,
seed 2024, on the compiled kernel).  Fewer points is stronger; a heuristic bot
in that field takes the field's own average, about 6.6 points a hand.  The
Practice page shows these figures next to the levels.

>>> [level for level in by_strength()]
['random', 'heuristic', 'monte_carlo']
>>> LEVEL_STRENGTH["monte_carlo"].points < LEVEL_STRENGTH["heuristic"].points
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class MeasuredStrength:
    """A level's measured points per hand against three heuristic bots, with the 95% margin of
    that mean (over deals) and the number of duplicate deals it was measured on."""

    level: str
    points: float
    margin: float
    deals: int


#: Measured on 2026-12-02 (see the module docstring for the command).
LEVEL_STRENGTH: Final = {
    "random": MeasuredStrength("random", 13.85, 0.56, 200),
    "heuristic": MeasuredStrength("heuristic", 6.63, 0.18, 200),
    "monte_carlo": MeasuredStrength("monte_carlo", 3.81, 0.39, 200),
}


def by_strength() -> tuple[str, ...]:
    """The levels from the weakest (most points a hand) to the strongest."""
    return tuple(sorted(LEVEL_STRENGTH, key=lambda level: -LEVEL_STRENGTH[level].points))


__all__ = ["LEVEL_STRENGTH", "MeasuredStrength", "by_strength"]
