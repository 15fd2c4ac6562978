"""The solver's search in the kernel (hearts_core.search.solver_kernel): its transposition table
and its keys, and any ending against plain minimax over ``HandState`` (the specification).

The search is exact whatever its table keeps: with a table of one bucket (a
replacement on nearly every store) it gives the values of the normal table.
A hypothesis property compares ``solve`` with a brute-force minimax on any
short ending of any preset and objective; ``tests/core/test_solver.py`` covers
the named endings, every objective and the first trick's rules.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core import HandState, Ruleset
from hearts_core.search import fast, solver_kernel
from hearts_core.search.solver import decide, solve
from tests.core.test_solver import (
    SolveOptions,
    brute_values,
    check_result,
    objectives_for,
    one_seat_took_everything,
    random_ending,
)


def endings(preset: str, count: int, deepest: int) -> list[tuple[HandState, random.Random]]:
    """Seeded random endings of ``preset`` from 2 to ``deepest`` tricks left, some with one
    seat having taken every trick so far (its moon alive), some in the middle of a trick."""
    rules = Ruleset.preset(preset)
    rng = random.Random(f"kernel {preset}")
    found = []
    for index in range(count):
        tricks_left = 2 + index % (deepest - 1)
        state = random_ending(rules, rng, tricks_left, rng.randrange(rules.players))
        if index % 3 == 2:
            state = one_seat_took_everything(state, rng.randrange(rules.players))
        found.append((state, rng))
    return found


def test_the_searches_are_compiled() -> None:
    assert solver_kernel.search.signatures, "fast.warm() compiles the solver's search"
    assert fast.ready()


def test_a_table_of_one_bucket_only_costs_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """With four slots, nearly every store replaces another key: the values stay exact."""
    cases = []
    for state, rng in endings("standard", 6, 5):
        for objective, seat, options in objectives_for(state, rng):
            cases.append((state, objective, seat, options, solve(state, objective, seat, **options)))

    def tiny_table(cards_left: int) -> tuple[np.ndarray, np.ndarray]:
        return (
            np.zeros((solver_kernel.BUCKET, solver_kernel.KEY_SIZE), dtype=np.int64),
            np.zeros(solver_kernel.BUCKET, dtype=np.int64),
        )

    monkeypatch.setattr(solver_kernel, "new_table", tiny_table)
    for state, objective, seat, options, roomy in cases:
        cramped = solve(state, objective, seat, **options)
        where = (objective, seat, options, state.to_position())
        assert (cramped.values, cramped.best, cramped.best_value) == (roomy.values, roomy.best, roomy.best_value), where


@pytest.mark.parametrize("preset", ["standard", "black_maria", "spot_hearts", "omnibus"])
def test_six_trick_endings_keep_their_word(preset: str) -> None:
    """Deeper endings, where the table and the relative ranks matter most: the line replays to the
    value, and ``decide`` agrees with ``solve`` on both sides of it."""
    rules = Ruleset.preset(preset)
    rng = random.Random(f"six tricks {preset}")
    for _ in range(2):
        state = random_ending(rules, rng, 6, 0)
        mover = state.to_play
        assert mover is not None
        for objective in ("min_points", "avoid_card"):
            result = solve(state, objective, mover)
            check_result(state, result, mover, "QS", mover)
            assert decide(state, objective, result.best_value, mover)
            assert not decide(state, objective, result.best_value - 1, mover)


def test_suits_whose_key_digits_would_overflow_are_keyed_by_their_cards() -> None:
    """Spot Hearts' hearts have 13 kinds (a value each): 53**13 does not fit in 63 bits."""
    assert solver_kernel.suit_radix(4, 2) == 9
    assert solver_kernel.suit_radix(6, 4) == 25
    assert solver_kernel.suit_radix(4, 13) == 0
    rules = Ruleset.preset("spot_hearts")
    table = rules.tables.points
    params = solver_kernel.search_params(
        4, table, list(range(52)), [True] * 4, [True] * 4, rules.tables.legality.breaks_mask, 49
    )
    radix = params[solver_kernel.P_RADIX : solver_kernel.P_RADIX + 4].tolist()
    assert radix == [5, 5, 0, 9]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(Ruleset.preset_names()),
    seed=st.integers(0, 10**6),
    tricks_left=st.integers(1, 3),
    into_trick=st.integers(0, 5),
    objective=st.sampled_from(["min_points", "avoid_card", "stop_moon", "make_moon"]),
)
def test_any_short_ending_is_solved_as_plain_minimax_solves_it(
    preset: str, seed: int, tricks_left: int, into_trick: int, objective: str
) -> None:
    rules = Ruleset.preset(preset)
    rng = random.Random(seed)
    state = random_ending(rules, rng, tricks_left, into_trick % rules.players)
    mover = state.to_play
    assert mover is not None
    shooter = (mover + 1) % rules.players if objective == "stop_moon" else mover
    options: SolveOptions = {"shooter": shooter} if objective == "stop_moon" else {}
    result = solve(state, objective, **options)
    assert result.values == brute_values(state, objective, mover, "QS", shooter), state.to_position()
    check_result(state, result, mover, "QS", shooter)
