"""The levels' measured strength (hearts_core.ai.strength): every level has a figure, and a
small seeded sample of the same measurement ranks the levels in the same order."""

from __future__ import annotations

import statistics

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import LEVELS, make_bot, play_hand
from hearts_core.ai.strength import LEVEL_STRENGTH, by_strength


def test_every_level_has_a_measured_strength() -> None:
    assert set(LEVEL_STRENGTH) == set(LEVELS)
    for measured in LEVEL_STRENGTH.values():
        assert 0 < measured.points < 26 and 0 < measured.margin < 1 and measured.deals >= 100


def _points_against_heuristic(level: str, deals: int) -> float:
    """The benchmark's measurement (benchmarks/strength.py) on a few duplicate deals."""
    rules = Ruleset()
    points = []
    for deal in range(deals):
        for seat in range(4):
            bots = [make_bot(level) if other == seat else make_bot("heuristic") for other in range(4)]
            final = play_hand(HandState.deal(rules, f"table-{deal}", deal), bots, seed=f"table-{deal}-{seat}")
            points.append(final.score_report().scores[seat])
    return statistics.fmean(points)


def test_a_small_sample_ranks_the_levels_as_the_table_does() -> None:
    measured = {level: _points_against_heuristic(level, 8) for level in LEVELS}
    assert sorted(LEVELS, key=lambda level: -measured[level]) == list(by_strength())
