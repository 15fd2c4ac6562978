"""The fast playout path (hearts_core.search.sim) agrees with HandState card by card:
the same legal cards at every step and the same final scores, under every preset,
every player count and random variant switches."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import random_passes
from hearts_core.engine.cards import ALL_CARDS
from hearts_core.search.sim import Sim, SimRules, random_card

from .test_properties import BASES, Players, base_rules, variant_switches

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check_playout(rules: Ruleset, seed: int, hand_number: int) -> None:
    rng = random.Random(seed)
    state = HandState.deal(rules, rng.getrandbits(32), hand_number)
    if state.phase == "pass":
        state = state.with_passes(random_passes(state, rng))
    sim = Sim.from_state(state, SimRules(rules))
    steps = 0
    while state.phase == "play":
        legal = state.legal_mask()
        assert sim.legal() == legal, (steps, state.to_position())
        assert sim.to_play == state.to_play
        assert not sim.over
        card = random_card(legal, rng)
        if steps % 7 == 3:  # a copy plays on exactly like the original
            sim = sim.copy()
        state = state.play(ALL_CARDS[card])
        sim.play(card)
        steps += 1
    assert sim.over
    assert sim.legal() == 0 or not sim.hands[sim.to_play]
    assert sim.won == list(state.tricks_won)
    assert sim.points == list(state.hand_points())
    totals = [rng.randrange(0, 99) for _ in range(rules.players)]
    assert sim.final_scores() == list(state.scores())
    assert sim.final_scores(totals) == list(state.scores(totals_before=totals))
    back = sim.to_state()
    assert back.phase == "over"
    assert back.scores(totals_before=totals) == state.scores(totals_before=totals)


@pytest.mark.parametrize(("name", "players"), BASES, ids=lambda value: str(value))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), hand_number=st.integers(0, 7), data=st.data())
def test_sim_playout_matches_handstate(
    name: str, players: Players, seed: int, hand_number: int, data: st.DataObject
) -> None:
    rules = data.draw(variant_switches(base_rules(name, players)))
    _check_playout(rules, seed, hand_number)


def test_sim_round_trips_a_mid_hand_position() -> None:
    rules = Ruleset()
    rng = random.Random(5)
    state = HandState.deal(rules, 11, 3)  # a hold hand
    for _ in range(22):
        state = state.play(ALL_CARDS[random_card(state.legal_mask(), rng)])
    sim = Sim.from_state(state)
    back = sim.to_state()
    assert back.to_position() == state.to_position()
    assert back.legal_mask() == state.legal_mask() == sim.legal()
    rebuilt = Sim.from_parts(sim.k, sim.hands, sim.leader, sim.trick, sim.taken, sim.won, sim.hand_number)
    assert (rebuilt.legal(), rebuilt.points, rebuilt.broken, rebuilt.gone, rebuilt.current_winner()) == (
        sim.legal(),
        sim.points,
        sim.broken,
        sim.gone,
        sim.current_winner(),
    )


def test_sim_refuses_the_pass_phase() -> None:
    with pytest.raises(ValueError, match="after the pass"):
        Sim.from_state(HandState.deal(Ruleset(), 1, 0))
