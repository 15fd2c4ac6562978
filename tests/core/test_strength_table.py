"""The levels' measured strength (hearts_core.ai.strength, read from the ladder's data file): every
level has a place on the ladder, and a small seeded sample of the same measurement ranks the levels
in the same order wherever the ladder's intervals tell them apart."""

from __future__ import annotations

import statistics

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import play_hand
from hearts_core.ai.ladder import YARDSTICK, Ladder
from hearts_core.ai.levels import LEVELS, make_bot
from hearts_core.ai.strength import by_strength, ladder, place, place_under


def test_every_level_has_a_place_on_the_ladder_read_from_its_file() -> None:
    assert ladder() == Ladder.load()
    assert set(ladder().levels) == set(LEVELS), "a level is missing: rerun python -m hearts_core.ai.ladder run"
    assert place(YARDSTICK) is None
    for level in LEVELS:
        if level == YARDSTICK:
            continue
        measured = place(level)
        assert measured is not None and measured.reference == YARDSTICK and measured.preset == "standard"
        assert 0 < measured.points < 26 and 0 < measured.margin < 1.5 and measured.deals >= 50


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


def _interval(level: str) -> tuple[float, float]:
    measured = place(level)
    return (0.0, 0.0) if measured is None else (measured.edge - measured.margin, measured.edge + measured.margin)


def test_a_preset_the_ladder_measured_gives_its_own_place_and_any_other_the_standard_one() -> None:
    measured = ladder()
    assert "six_players" in measured.presets and "microsoft" not in measured.presets
    for level in LEVELS:
        if level == YARDSTICK:  # measured against itself nowhere
            assert place_under(level, "six_players")[0] is None
            continue
        own, under = place_under(level, "six_players")
        assert under == "six_players" and own == measured.result(level, YARDSTICK, "six_players") is not None
        assert own != place(level), "the six-player figures are not the standard ones"
        assert place_under(level, "microsoft") == (place(level), "standard")
        assert place_under(level, "standard") == (place(level), "standard")


def test_a_small_sample_ranks_the_levels_as_the_ladder_does_where_the_ladder_tells_them_apart() -> None:
    measured = {level: _points_against_heuristic(level, 8) for level in LEVELS}
    order = by_strength()
    assert order[0] == "random" and set(order) == set(LEVELS)
    apart = [
        (weaker, stronger)
        for index, weaker in enumerate(order)
        for stronger in order[index + 1 :]
        if _interval(weaker)[1] < _interval(stronger)[0]  # the intervals do not overlap
    ]
    assert ("random", "heuristic") in apart and ("heuristic", "monte_carlo") in apart
    for weaker, stronger in apart:
        assert measured[weaker] > measured[stronger], (weaker, stronger, measured)
