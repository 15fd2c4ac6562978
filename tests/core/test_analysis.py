"""The analysis board's numbers (issue 25): ``hearts_core.analyse``.

* every card of the seat's hand has an entry; an illegal card carries the engine's reason and no
  numbers, a legal card its expected points inside its 95% interval;
* ``open_value`` is what an independent brute-force minimax says (written here: plain search
  over ``HandState.play``, nothing shared with the solver), on random endings of every preset;
* the numbers come from the seed alone (the same seed, the same numbers);
* the gap between the two views is named where the open best card is poor from the seat's chair.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import HandState, Ruleset, analyse
from hearts_core.ai.analysis import OPEN_CARDS, OPEN_TRICKS, CardAnalysis, _gap, dealt_for_play, open_tricks


def _random_ending(rules: Ruleset, seed: int, cards_left: int) -> HandState:
    """A hand dealt from ``seed``, passed and played at random until the seat to move holds
    ``cards_left`` cards."""
    rng = random.Random(seed)
    state = HandState.deal(rules, seed=seed)
    if state.is_passing:
        state = state.with_passes(
            {seat: rng.sample(list(state.hands[seat]), rules.pass_count) for seat in range(rules.players)}
        )
    while state.is_playing and len(state.hands[_mover(state)]) > cards_left:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _mover(state: HandState) -> int:
    assert state.to_play is not None
    return state.to_play


def _brute_force(state: HandState, seat: int) -> dict[str, int]:
    """Each legal card's value by plain minimax: ``seat`` takes as few points as it can, everybody
    else plays to give it as many as they can, every hand face up."""

    @cache
    def value(node: HandState) -> int:
        if not node.is_playing:
            return int(node.hand_points()[seat])
        outcomes = [value(node.play(card)) for card in node.legal_moves()]
        return min(outcomes) if node.to_play == seat else max(outcomes)

    return {str(card): value(state.play(card)) for card in state.legal_moves()}


def test_every_card_of_the_hand_has_an_entry_with_the_engine_reason_or_its_numbers() -> None:
    # South holds the 2C, so the opening lead is forced: every other card is illegal, with its reason.
    state = HandState.deal(Ruleset(pass_cycle=("hold",)), seed=4)
    analysis = analyse(state, worlds=200, seed=1)
    assert [entry.card for entry in analysis.cards] == [str(card) for card in state.hands[_mover(state)]]
    legal = [entry for entry in analysis.cards if entry.legal]
    assert [entry.card for entry in legal] == ["2C"] and legal[0].best
    for entry in analysis.cards:
        if entry.legal:
            continue
        assert entry.reason is not None and entry.reason.rule, "an illegal card cites its rule"
        assert entry.expected is None and entry.interval is None and entry.open_value is None
        assert not entry.best and entry.worlds == 0


@pytest.mark.parametrize("preset", Ruleset.preset_names())
def test_open_values_are_a_brute_force_minimax_on_random_endings(preset: str) -> None:
    rules = Ruleset.preset(preset)
    checked = 0
    for seed in range(6):
        state = _random_ending(rules, seed, cards_left=3)
        if not state.is_playing:
            continue
        analysis = analyse(state, worlds=32, seed=seed)
        assert analysis.open_solved
        expected = _brute_force(state, _mover(state))
        assert {entry.card: entry.open_value for entry in analysis.cards if entry.legal} == expected
        least = min(expected.values())
        assert {entry.card for entry in analysis.cards if entry.open_best} == {
            card for card, points in expected.items() if points == least
        }
        checked += 1
    assert checked >= 4, "most random endings are still in play"


def test_open_values_are_left_out_while_too_many_tricks_remain() -> None:
    state = _random_ending(Ruleset(pass_cycle=("hold",)), 3, cards_left=OPEN_TRICKS + 2)
    analysis = analyse(state, worlds=32)
    assert not analysis.open_solved
    assert all(entry.open_value is None and not entry.open_best for entry in analysis.cards)


@pytest.mark.parametrize("preset", ["standard", "three_players", "five_players", "six_players"])
def test_open_values_are_solved_from_as_many_tricks_as_the_players_allow(preset: str) -> None:
    """Seven tricks of six players (42 cards) took the solver up to 16 s for one analysis, and the
    game review as long for each decision: the open values wait until at most OPEN_CARDS cards are
    left (four tricks of six players, five of five), while four and fewer players keep seven tricks."""
    rules = Ruleset.preset(preset)
    most = open_tricks(rules)
    assert most * rules.players <= OPEN_CARDS and most <= OPEN_TRICKS
    assert most == OPEN_TRICKS or (most + 1) * rules.players > OPEN_CARDS, "no more tricks than the bound needs"
    for seed in range(3):
        at_most = _random_ending(rules, seed, cards_left=most)
        one_more = _random_ending(rules, seed, cards_left=most + 1)
        if not (at_most.is_playing and one_more.is_playing):
            continue
        assert analyse(at_most, worlds=16, seed=seed).open_solved
        assert not analyse(one_more, worlds=16, seed=seed).open_solved
        return
    pytest.fail("no seed gave endings still in play")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), cards_left=st.integers(1, 13), preset=st.sampled_from(Ruleset.preset_names()))
def test_expected_points_lie_in_their_interval_and_come_from_the_seed(seed: int, cards_left: int, preset: str) -> None:
    state = _random_ending(Ruleset.preset(preset), seed, cards_left)
    if not state.is_playing:
        return
    analysis = analyse(state, worlds=48, seed=seed)
    again = analyse(state, worlds=48, seed=seed)
    assert analysis == again, "the same seed gives the same numbers"
    legal = [entry for entry in analysis.cards if entry.legal]
    assert {entry.card for entry in legal} == {str(card) for card in state.legal_moves()}
    assert any(entry.best for entry in legal)
    least = min(entry.expected for entry in legal if entry.expected is not None)
    for entry in legal:
        assert entry.expected is not None and entry.interval is not None
        low, high = entry.interval
        assert low <= entry.expected <= high
        assert entry.worlds == 48
        assert entry.best == (entry.expected <= least + 0.15)


def test_another_seat_than_the_one_to_move_is_refused() -> None:
    state = HandState.deal(Ruleset(pass_cycle=("hold",)), seed=4)
    with pytest.raises(ValueError, match="turn"):
        analyse(state, (_mover(state) + 1) % 4)
    with pytest.raises(ValueError, match="play phase"):
        analyse(HandState.deal(Ruleset(), seed=4))


def _entry(card: str, expected: float, best: bool, open_best: bool) -> CardAnalysis:
    return CardAnalysis(card, True, None, expected, (expected, expected), 0, best, 100, open_best)


def test_the_gap_names_an_open_best_card_that_is_poor_from_the_seat() -> None:
    # With the hands open the KS is best; from the seat's chair it costs 3.5 points against the 4C.
    cards = (_entry("KS", 6.0, False, True), _entry("4C", 2.5, True, False))
    gap = _gap(cards)
    assert gap is not None and (gap.code, gap.open_card, gap.seat_card) == ("open_only", "KS", "4C")
    assert gap.cost == pytest.approx(3.5)
    # No gap when the seat's best card is also best with the hands open, or the cost is small.
    assert _gap((_entry("KS", 6.0, True, True), _entry("4C", 6.0, True, False))) is None
    assert _gap((_entry("KS", 2.7, False, True), _entry("4C", 2.5, True, False))) is None


def test_a_deal_set_up_by_hand_is_ready_for_the_opening_lead_and_a_bad_one_is_named() -> None:
    deal = HandState.deal(Ruleset(), seed=6)
    hands = [str(hand) for hand in deal.hands]
    state = dealt_for_play(Ruleset(), hands)
    holder = next(seat for seat, hand in enumerate(deal.hands) if "2C" in {str(card) for card in hand})
    assert state.is_playing and state.to_play == holder and [str(card) for card in state.legal_moves()] == ["2C"]
    with pytest.raises(ValueError, match="each player gets 13"):
        dealt_for_play(Ruleset(), ["2C 3C", "", "", ""])
