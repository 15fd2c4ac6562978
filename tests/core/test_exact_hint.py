"""Issue 29, item 1: the hint in short endings (``hearts_core.ai.hints`` over ``hearts_core.ai.exact``).

The hint draws its deals from a larger pool than the expert bot and weighs the others' plays
harder (``revealed_deals``), takes among the cards with nearly the lowest exact mean the one that
is best in the most deals, solves the seat's own moon in a few deals before all of them, counts
the queen in the first deals only, and solves at most ``EXACT_MAX_DEALS`` distinct deals (a count,
not a time: the same hint on any machine)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from hearts_core.ai import exact
from hearts_core.ai.exact import QUEEN_DEALS, exact_values, moon_open_for_me, revealed_deals
from hearts_core.ai.hints import EXACT_CLOSE, play_hint
from hearts_core.ai.worlds import play_mismatches, weighted_worlds
from hearts_core.engine.cards import cards_of_mask
from hearts_core.search.solver import card_values, solve

from .test_expert import _view, self_play_ending


def test_revealed_deals_draw_the_experts_deals_by_default_and_sharper_ones_when_asked() -> None:
    view = _view(self_play_ending(202600011, 6))
    default, default_times = revealed_deals(view, 48, random.Random(5))
    expert, expert_times = weighted_worlds(view, 48, random.Random(5))
    assert np.array_equal(default, expert) and np.array_equal(default_times, expert_times)

    def mean_misses(sharpness: float) -> float:
        hands, times = revealed_deals(view, 256, random.Random(5), pool=64, sharpness=sharpness)
        misses = play_mismatches(view, np.repeat(hands, times, axis=0))
        assert misses is not None and int(times.sum()) == 256
        return float(misses.mean())

    assert mean_misses(2.0) < mean_misses(1.0)


def test_the_sharper_inference_finds_the_one_safe_card() -> None:
    # An ending of benchmarks/hint_quality.py (seed 11): on the true deal a low heart costs 2 points
    # and every other card 17; the expert's inference (a pool of 8, plays counted once) recommended
    # the 8D.
    state = self_play_ending(1100232, 5)
    hint = play_hint(state, seed=1100232)
    truth = solve(state, "min_points", state.to_play)
    assert truth.values["5H"] == 2 and truth.values["8D"] == 17
    assert hint.recommended in truth.best


@pytest.mark.parametrize(("seed", "tricks_left"), [(1100071, 6), (1100288, 5)])
def test_among_nearly_equal_means_the_hint_takes_the_card_best_in_the_most_deals(seed: int, tricks_left: int) -> None:
    # Endings of benchmarks/hint_quality.py (seed 11) where the card with the lowest mean over the
    # deals is not a best card on the true deal and the card best in the most deals is.
    state = self_play_ending(seed, tricks_left)
    hint = play_hint(state, seed=seed)
    truth = solve(state, "min_points", state.to_play)
    lowest = min(hint.options, key=lambda option: option.expected_points)
    assert (
        lowest.expected_points < hint.option(hint.recommended).expected_points <= lowest.expected_points + EXACT_CLOSE
    )
    assert lowest.card not in truth.best
    assert hint.recommended in truth.best


def _counting_solver(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The real solver, with a count of its calls by objective."""
    calls: Counter[str] = Counter()

    def counted(*args: Any, **kwargs: Any) -> dict[str, int]:
        calls[args[1] if len(args) > 1 else kwargs.get("objective", "min_points")] += 1
        return card_values(*args, **kwargs)

    monkeypatch.setattr(exact, "card_values", counted)
    return calls


def _candidates(seed: int, tricks_left: int) -> tuple[Any, list[int]]:
    view = _view(self_play_ending(seed, tricks_left))
    return view, list(cards_of_mask(view.legal_mask()))


def test_the_moon_is_solved_in_the_probe_deals_only_when_the_seat_cannot_shoot_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view, candidates = _candidates(202600063, 6)
    assert moon_open_for_me(view)
    full = exact_values(view, candidates, 48, random.Random(1), pool=64)
    calls = _counting_solver(monkeypatch)
    probed = exact_values(view, candidates, 48, random.Random(1), pool=64, moon_probe=8)
    assert calls["make_moon"] == 8 < calls["min_points"]
    assert not any(full.moons_for.values())
    assert probed.means == full.means


def test_a_moon_found_in_the_probe_deals_is_solved_in_every_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    # The seat to play takes every penalty card whatever it plays.
    view, candidates = _candidates(202600129, 6)
    calls = _counting_solver(monkeypatch)
    values = exact_values(view, candidates, 48, random.Random(1), pool=64, moon_probe=8)
    assert calls["make_moon"] == calls["min_points"] > 8
    assert all(share == 1.0 for share in values.moons_for.values())


def test_the_queen_is_counted_in_the_first_deals_only(monkeypatch: pytest.MonkeyPatch) -> None:
    view, candidates = _candidates(202600017, 6)
    calls = _counting_solver(monkeypatch)
    values = exact_values(view, candidates, 48, random.Random(1), queen=True, pool=64)
    assert calls["avoid_card"] == QUEEN_DEALS < calls["min_points"]
    assert all(0.0 <= share <= 1.0 for share in values.queen.values())
    assert any(share > 0.0 for share in values.queen.values())


def test_a_cap_on_deals_solves_only_the_first_ones_drawn() -> None:
    view, candidates = _candidates(202600017, 6)
    whole = exact_values(view, candidates, 48, random.Random(1), pool=64)
    cut = exact_values(view, candidates, 48, random.Random(1), pool=64, max_deals=16)
    again = exact_values(view, candidates, 48, random.Random(1), pool=64, max_deals=16)
    hands, times = revealed_deals(view, 48, random.Random(1), pool=64)
    assert len(hands) > 16
    assert whole.worlds == 48
    assert cut.worlds == int(times[:16].sum()) < 48
    assert cut == again  # a count, not a time: the same answer however loaded the machine
    assert sum(cut.best_share.values()) >= 1.0
