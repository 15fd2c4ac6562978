"""The OpenSpiel strength harness (``benchmarks/openspiel_strength.py``) on one deal with tiny budgets.

Our heuristic bot against ISMCTS with 20 simulations, one deal with a pass, our
bot rotated through the four seats: every card decision is checked in both
engines, every view parsed from OpenSpiel equals our own, the scores agree.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hearts_core import HandState, PlayerView

pytest.importorskip("pyspiel")

HARNESS_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "openspiel_strength.py"
MOON_TOTAL = 3 * 26


def load_harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("openspiel_strength", HARNESS_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


harness = load_harness()
CONFIG = harness.Config(bot="heuristic", worlds=8, sims=20, seed=2024)


def first_passing_deal() -> int:
    return next(number for number in range(20) if harness.make_deal(CONFIG.seed, number).direction != "hold")


def test_one_deal_in_every_seat_is_checked_in_both_engines() -> None:
    deal = harness.make_deal(CONFIG.seed, first_passing_deal())
    rotations = [harness.play_rotation(CONFIG, deal, seat) for seat in range(4)]
    for seat, rotation in enumerate(rotations):
        assert rotation.our_seat == seat and rotation.direction == deal.direction != "hold"
        assert rotation.decisions_checked == 52
        assert rotation.views_checked == 52 + 4  # every card decision and every seat's pass
        assert len(rotation.our_card_times) == 13 and len(rotation.ismcts_card_times) == 39
        assert rotation.our_pass_time is not None
        total = sum(rotation.scores)
        assert total == (MOON_TOTAL if rotation.moon_shooter is not None else 26), rotation.scores
    summary = harness.summarize([rotations])
    assert summary["hands"] == 4 and summary["decisions_checked"] == 4 * 52
    edge = sum(rotation.field_points - rotation.our_points for rotation in rotations) / 4
    assert summary["edge"] == pytest.approx(edge)


def test_the_parsed_view_is_the_view_of_our_state() -> None:
    deal = harness.make_deal(CONFIG.seed, first_passing_deal())
    hand = harness.Hand(CONFIG, deal, our_seat=0)
    views = [hand.checked_view(seat) for seat in range(4)]  # raises unless equal to ours
    assert all(view.phase == "pass" and view.hand == deal.hands[seat] for seat, view in enumerate(views))
    hand.play_passes()
    for _ in range(6):  # into the second trick
        hand.play_card()
    seat = hand.spiel.current_player()
    parsed = harness.view_from_information_state(hand.spiel.information_state_string(seat), seat)
    assert parsed == PlayerView.from_state(hand.truth, seat)
    assert len(parsed.plays) == 6 and sum(parsed.won) == 1 and parsed.received


def test_a_view_that_differs_is_reported() -> None:
    deal = harness.make_deal(CONFIG.seed, first_passing_deal())
    hand = harness.Hand(CONFIG, deal, our_seat=0)
    other = harness.make_deal(CONFIG.seed + 1, 0)
    hand.truth = HandState.from_masks(harness.RULES, other.hands, harness.hand_number_for(deal.direction))
    with pytest.raises(harness.EngineMismatch, match="parsed view differs"):
        hand.checked_view(0)
