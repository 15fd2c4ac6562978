"""The solver's compiled search (hearts_core.search.solver_kernel) against its Python search.

Both paths must give exactly the same ``values``, ``best``, ``best_value`` and
``line`` (node counts may differ), and the same answers from ``decide`` and
``line_for``: on seeded random endings of every preset, 2 to 6 tricks left,
every objective, whole tiny hands (trick 0 in Python, the rest compiled), a
transposition table of one bucket (replacement on every collision), and a
hypothesis property.  The compiled path is warm here (tests/conftest.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core import HandState, Ruleset
from hearts_core.search import fast, kernel, solver_kernel
from hearts_core.search.solver import SolveResult, _decide, _line_for, _solve
from tests.core.test_solver import SolveOptions, objectives_for, one_seat_took_everything, random_ending, tiny_deal

pytestmark = pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled solver needs numba")


def compared(result: SolveResult) -> tuple[object, ...]:
    """What must be identical on both paths."""
    return result.values, result.best, result.best_value, result.line


def check_both_paths(state: HandState, rng: random.Random) -> None:
    """Every objective (seats and cards picked at random): the compiled solve is the Python one."""
    for objective, seat, options in objectives_for(state, rng):
        check_objective(state, objective, seat, options)


def check_objective(state: HandState, objective: str, seat: int, options: SolveOptions) -> None:
    compiled = _solve(state, objective, seat, compiled=True, **options)
    python = _solve(state, objective, seat, compiled=False, **options)
    where = (objective, seat, options, state.to_position())
    assert compared(compiled) == compared(python), where
    assert compiled.nodes > 0
    threshold = python.best_value
    for limit in (threshold - 1, threshold, threshold + 1):
        assert _decide(state, objective, limit, seat, compiled=True, **options) == _decide(
            state, objective, limit, seat, compiled=False, **options
        ), (where, limit)
    last = list(python.values)[-1]
    assert _line_for(state, last, objective, seat, compiled=True, **options) == _line_for(
        state, last, objective, seat, compiled=False, **options
    ), where


def endings(preset: str, count: int, deepest: int) -> Iterator[tuple[HandState, random.Random]]:
    """Seeded random endings of ``preset`` from 2 to ``deepest`` tricks left, some with one
    seat having taken every trick so far (its moon alive), some in the middle of a trick."""
    rules = Ruleset.preset(preset)
    rng = random.Random(f"compiled {preset}")
    for index in range(count):
        tricks_left = 2 + index % (deepest - 1)
        state = random_ending(rules, rng, tricks_left, rng.randrange(rules.players))
        if index % 3 == 2:
            state = one_seat_took_everything(state, rng.randrange(rules.players))
        yield state, rng


def test_the_compiled_search_is_warm() -> None:
    assert solver_kernel.search.signatures, "fast.warm() compiles the solver's search"
    assert fast.ready()


@pytest.mark.parametrize("preset", Ruleset.preset_names())
def test_every_preset_gives_the_same_solutions_on_both_paths(preset: str) -> None:
    players = Ruleset.preset(preset).players
    deepest = 6 if players <= 4 else 4
    for state, rng in endings(preset, 10, deepest):
        check_both_paths(state, rng)


@pytest.mark.parametrize("preset", ["standard", "black_maria", "spot_hearts", "omnibus"])
def test_six_trick_endings_give_the_same_solutions(preset: str) -> None:
    """Deeper endings, where the transposition table and the relative ranks matter most."""
    rules = Ruleset.preset(preset)
    rng = random.Random(f"six tricks {preset}")
    for _ in range(2):
        state = random_ending(rules, rng, 6, 0)
        mover = state.to_play
        assert mover is not None
        check_objective(state, "min_points", mover, {})
        check_objective(state, "avoid_card", mover, {})


@pytest.mark.parametrize("preset", ["five_players", "six_players"])
def test_five_and_six_players_at_four_and_five_tricks(preset: str) -> None:
    rules = Ruleset.preset(preset)
    rng = random.Random(f"many players {preset}")
    for tricks_left in (4, 5):
        state = random_ending(rules, rng, tricks_left, rng.randrange(rules.players))
        mover = state.to_play
        assert mover is not None
        check_objective(state, "min_points", mover, {})
        check_objective(state, "stop_moon", mover, {"shooter": (mover + 1) % rules.players})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_whole_tiny_hands_search_trick_zero_in_python(players: int) -> None:
    """From the deal: trick 0 stays Python on both paths, every position after it is compiled."""
    rng = random.Random(f"tiny compiled {players}")
    for opening_lead in ("lowest_club", "any_club", "left_of_dealer"):
        state = tiny_deal(
            rng,
            4 if players < 5 else 3,
            players=players,
            opening_lead=opening_lead,
            first_trick=rng.choice(["no_points", "no_queen", "anything"]),
        )
        check_both_paths(state, rng)


def test_a_table_of_one_bucket_only_costs_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """With four slots, nearly every store replaces another key: the values stay exact."""

    def tiny_table(cards_left: int) -> tuple[np.ndarray, np.ndarray]:
        return (
            np.zeros((solver_kernel.BUCKET, solver_kernel.KEY_SIZE), dtype=np.int64),
            np.zeros(solver_kernel.BUCKET, dtype=np.int64),
        )

    monkeypatch.setattr(solver_kernel, "new_table", tiny_table)
    for state, rng in endings("standard", 6, 5):
        check_both_paths(state, rng)


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
    tricks_left=st.integers(1, 4),
    into_trick=st.integers(0, 5),
    objective=st.sampled_from(["min_points", "avoid_card", "stop_moon", "make_moon"]),
)
def test_both_paths_agree_on_any_ending(
    preset: str, seed: int, tricks_left: int, into_trick: int, objective: str
) -> None:
    rules = Ruleset.preset(preset)
    rng = random.Random(seed)
    state = random_ending(rules, rng, tricks_left, into_trick % rules.players)
    mover = state.to_play
    assert mover is not None
    options: SolveOptions = {"shooter": (mover + 1) % rules.players} if objective == "stop_moon" else {}
    compiled = _solve(state, objective, compiled=True, **options)
    python = _solve(state, objective, compiled=False, **options)
    assert compared(compiled) == compared(python), state.to_position()
