"""The compiled kernel against the pure-Python engine, its reference.

Seeded random hands are dealt, passed and played by the kernel, which records
every decision; each hand is then replayed through :class:`HandState`, and
every legal set and the final scores must agree.  The kernel's heuristic
player, shooter, pass and scoring are compared with the Python ones at every
position of those hands.  All of it runs under every preset and every
example of every ruleset field, so each variant's rules are covered.
"""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import CardSet, HandState, Ruleset, random_hands
from hearts_core.ai.bots import heuristic_card, heuristic_pass, pass_candidates, rollout, shooter_card
from hearts_core.ai.view import PlayerView
from hearts_core.ai.worlds import Worlds
from hearts_core.engine.cards import ALL_CARDS
from hearts_core.engine.rules import field_names, field_values
from hearts_core.engine.scoring import score_hand
from hearts_core.lab.compare import pass_view
from hearts_core.lab.simulation import _compiled_hands, deal_masks, play_fast
from hearts_core.search import fast, kernel
from hearts_core.search.sim import Sim, SimRules

pytestmark = pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled kernel is off (no numba)")


def _variants() -> dict[str, Ruleset]:
    rulesets = {name: Ruleset.preset(name) for name in Ruleset.preset_names()}
    for name in field_names():
        for index, example in enumerate(field_values(name)):
            rulesets[f"{name}-{index}"] = Ruleset(**example)
    return rulesets


VARIANTS = _variants()


def _replay(rules: Ruleset, record: np.ndarray, hand_number: int) -> HandState:
    """Replay one traced hand through HandState, checking each legal set against the kernel's."""
    n = rules.players
    dealt = [int(mask) for mask in record[:n]]
    passed = [int(mask) for mask in record[n : 2 * n]]
    state = HandState.from_masks(rules, dealt, hand_number)
    if state.is_passing:
        state = state.with_passes({seat: CardSet.from_mask(passed[seat]) for seat in range(n)})
    else:
        assert not any(passed)
    plays = record[2 * n :]
    for index in range(rules.hand_size * n):
        card, legal = int(plays[2 * index]), int(plays[2 * index + 1])
        assert state.legal_mask() == legal, f"play {index}: legal sets differ"
        state = state.play(ALL_CARDS[card])
    assert state.is_over
    return state


@pytest.mark.parametrize("name", sorted(VARIANTS))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_random_hands_replay_through_the_reference_engine(name: str, seed: int) -> None:
    rules = VARIANTS[name]
    count = 2 * len(rules.pass_cycle)
    scores, trace = fast.traced_random_hands(rules, count, seed)
    for hand in range(count):
        final = _replay(rules, trace[hand], hand)
        assert tuple(int(value) for value in scores[hand]) == final.score_report().scores


def _positions(rules: Ruleset, seed: int, hands: int) -> list[tuple[Sim, int]]:
    """Every position of some random hands, as a Sim, with its hand number."""
    k = SimRules(rules)
    found = []
    _, trace = fast.traced_random_hands(rules, hands, seed)
    n = rules.players
    for hand in range(hands):
        start = HandState.from_masks(rules, [int(m) for m in trace[hand, :n]], hand)
        if start.is_passing:
            start = start.with_passes({seat: CardSet.from_mask(int(trace[hand, n + seat])) for seat in range(n)})
        sim = Sim.from_state(start, k)
        plays = trace[hand, 2 * n :]
        for index in range(rules.hand_size * n):
            found.append((sim.copy(), hand))
            sim.play(int(plays[2 * index]))
    return found


def _state_array(sim: Sim) -> np.ndarray:
    state = np.zeros(kernel.STATE_SIZE, dtype=np.int64)
    n = sim.k.n
    state[kernel.S_LEADER] = sim.leader
    state[kernel.S_TO_PLAY] = sim.to_play
    state[kernel.S_TRICK_LEN] = len(sim.trick)
    state[kernel.S_BROKEN] = sim.broken
    state[kernel.S_GONE] = sim.gone
    state[kernel.S_DONE] = sim.tricks_done
    state[kernel.S_WIN_CARD] = sim.win_card
    state[kernel.S_WIN_INDEX] = sim.win_index
    for seat in range(n):
        state[kernel.S_HANDS + seat] = sim.hands[seat]
        state[kernel.S_TAKEN + seat] = sim.taken[seat]
        state[kernel.S_WON + seat] = sim.won[seat]
        state[kernel.S_POINTS + seat] = sim.points[seat]
    for index, card in enumerate(sim.trick):
        state[kernel.S_TRICK + index] = card
    return state


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_heuristic_shooter_and_pass_match_the_python_bots(name: str) -> None:
    rules = VARIANTS[name]
    k = SimRules(rules)
    table = kernel.rules_array(rules)
    n = rules.players
    for sim, hand_number in _positions(rules, seed=len(name), hands=2):
        state = _state_array(sim)
        seat = sim.to_play
        hand = sim.hands[seat]
        legal = sim.legal()
        assert kernel.state_legal(table, state) == legal
        unseen = k.deck & ~hand & ~sim.gone
        expected = heuristic_card(k, seat, hand, legal, sim.trick, sim.leader, sim.gone, sim.taken, sim.tricks_done)
        assert kernel.heuristic_card(table, state, legal) == expected[0]
        assert kernel.shooter_card(table, state, legal) == shooter_card(k, hand, legal, sim.trick, unseen)
        if not sim.trick and sim.tricks_done == 0:
            for offset in sorted(set(rules.tables.pass_offsets) - {0}):
                view = pass_view(rules, k, seat, hand, hand_number, (seat + offset) % n)
                python = sum(1 << int(card) for card in heuristic_pass(view))
                if hand.bit_count() > rules.pass_count:
                    assert kernel.heuristic_pass(table, hand, offset == n - 1) == python


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_scores_with_game_totals_match_the_reference(name: str) -> None:
    """The moon's best option depends on the totals: the kernel's choice is the engine's."""
    rules = VARIANTS[name]
    table = kernel.rules_array(rules)
    n = rules.players
    rng = random.Random(len(name))
    for sim, _ in _positions(rules, seed=7, hands=2)[-1:]:
        while not sim.over:
            sim.play((sim.legal() & -sim.legal()).bit_length() - 1)
        state = _state_array(sim)
        for _ in range(6):
            totals = [rng.randrange(0, max(rules.target_score, 30) + 10) for _ in range(n)]
            out = np.zeros(n, dtype=np.int64)
            kernel.score_hand(table, state, np.array(totals, dtype=np.int64), True, out)
            assert tuple(int(value) for value in out) == score_hand(rules, sim.taken, sim.won, None, totals).scores


def test_the_moon_shooter_is_scored_by_the_best_option() -> None:
    """A named deal: seat 0 holds every heart and the QS's protection, and takes them all."""
    rules = Ruleset(pass_cycle=("hold",), moon="auto")
    state = HandState.from_hands(
        rules,
        [
            "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ],
    )
    sim = Sim.from_state(state)
    while not sim.over:
        sim.play((sim.legal() & -sim.legal()).bit_length() - 1)
    table = kernel.rules_array(rules)
    out = np.zeros(4, dtype=np.int64)
    totals = np.array([90, 80, 95, 99], dtype=np.int64)
    shooter = kernel.score_hand(table, _state_array(sim), totals, True, out)
    expected = score_hand(rules, sim.taken, sim.won, None, [90, 80, 95, 99])
    assert shooter == expected.moon_shooter
    assert tuple(int(value) for value in out) == expected.scores


def test_random_hands_are_the_same_on_the_pure_python_path() -> None:
    """The contract's numbers do not depend on whether the kernel is compiled."""
    script = (
        "from hearts_core import Ruleset, random_hands; print(random_hands(Ruleset.preset('omnibus'), 5, 11).tolist())"
    )
    environment = {**os.environ, "HEARTS_COMPILED": "0"}
    output = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environment, check=True
    ).stdout
    assert output.strip() == str(random_hands(Ruleset.preset("omnibus"), 5, 11).tolist())


def test_random_hands_contract() -> None:
    points = random_hands(Ruleset.preset("openspiel"), 200, seed=3)
    assert points.shape == (200, 4)
    # Every hand hands out the 26 points, or a moon's 3 x 26 (added to the others).
    assert set(int(total) for total in points.sum(axis=1)) <= {26, 78}
    assert (random_hands(Ruleset.preset("openspiel"), 200, seed=3) == points).all()
    assert not (random_hands(Ruleset.preset("openspiel"), 200, seed=4) == points).all()
    with pytest.raises(ValueError, match="negative"):
        random_hands(Ruleset(), -1, seed=0)


LAB_PAIRS = [
    ("standard", "omnibus", False),
    ("black_maria", "spot_hearts", False),
    ("standard", "pure_hearts", True),
    ("six_players", "six_players", False),
]


@pytest.mark.parametrize(("a", "b", "games"), LAB_PAIRS)
def test_lab_hands_match_the_python_lab(a: str, b: str, games: bool) -> None:
    """The Variant Lab's compiled hands are its Python hands, fact for fact (so rows replay exactly)."""
    for name in (a, b):
        rules = Ruleset.preset(name)
        k = SimRules(rules)
        totals = [40, 75, 12, 60, 5, 33][: rules.players] if games else None
        for deal in range(30):
            number = deal % len(rules.pass_cycle)
            dealt = deal_masks(rules, deal, number)
            python = play_fast(k, dealt, number, "heuristic", random.Random(0), totals)
            compiled = _compiled_hands(
                rules, np.array([dealt], dtype=np.int64), np.array([number], dtype=np.int64), totals
            )[0]
            assert compiled == python, f"{name}, deal {deal}"


def test_worlds_agree_on_both_paths() -> None:
    """A play-out's averages on the kernel and on the Python Sim agree within their noise."""
    rules = Ruleset(pass_cycle=("hold",))
    state = HandState.deal(rules, seed=21)
    for card in ("2C", "3C", "4C"):
        if state.is_legal(card):
            state = state.play(card)
    assert state.to_play is not None
    view = PlayerView.from_state(state, state.to_play)
    highest = int(view.legal_cards()[-1])
    means = []
    for compiled in (True, False):
        worlds = Worlds(view, 600, random.Random(3), compiled=compiled)
        assert worlds.compiled is compiled
        assert (worlds.hands[:, view.seat] == view.hand).all()
        outcome = worlds.play_out(highest, shoot=False, epsilon=0.05)
        assert outcome.scores.shape == (600, 4)
        means.append(float(outcome.scores[:, view.seat].mean()))
    assert abs(means[0] - means[1]) < 1.5, means


def test_playouts_without_random_moves_are_the_python_playouts() -> None:
    """With no random moves the rollouts are deterministic: the kernel's scores are the Python Sim's, world by world."""
    for name in ("standard", "omnibus", "black_maria", "five_players"):
        rules = dataclasses.replace(Ruleset.preset(name), pass_cycle=("hold",))
        state = HandState.deal(rules, seed=name)
        for _ in range(6):
            state = state.play(state.legal_moves()[-1])
        assert state.to_play is not None
        view = PlayerView.from_state(state, state.to_play, totals=[30, 70, 95, 20, 50][: rules.players])
        compiled = Worlds(view, 40, random.Random(5), compiled=True)
        python = Worlds(view, 40, random.Random(5), compiled=False)
        python.hands = compiled.hands
        for card in view.legal_cards():
            fast_scores = compiled.play_out(int(card), shoot=False, epsilon=0.0).scores
            assert (fast_scores == python.play_out(int(card), shoot=False, epsilon=0.0).scores).all()
            shoot_scores = compiled.play_out(int(card), shoot=True, epsilon=0.0).scores
            assert (shoot_scores == python.play_out(int(card), shoot=True, epsilon=0.0).scores).all()


def test_pass_playouts_without_random_moves_are_the_python_ones() -> None:
    rules = Ruleset.preset("omnibus")
    state = HandState.deal(rules, seed=9, hand_number=1)  # passing right
    view = PlayerView.from_state(state, 2)
    worlds = Worlds(view, 30, random.Random(2), compiled=True)
    candidates = pass_candidates(view)[:4]
    for mask in candidates:
        scores = worlds.pass_out(mask, hand_number=1, epsilon=0.0)
        for world, hands in enumerate(worlds.hands.tolist()):
            dealt = HandState.from_masks(rules, hands, 1)
            others = {seat: heuristic_pass(PlayerView.from_state(dealt, seat)) for seat in range(4) if seat != 2}
            sim = Sim.from_state(dealt.with_passes({**others, 2: CardSet.from_mask(mask)}))
            rollout(sim, -1, False, random.Random(0), 0.0)
            assert tuple(int(value) for value in scores[world]) == tuple(sim.final_scores())
