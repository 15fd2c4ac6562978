"""The kernel (hearts_core.search.kernel) against the specification (HandState, legality, scoring).

The kernel is the one fast implementation of the engine's hot paths; the
engine's ``HandState`` is the readable rule book.  Seeded random hands are
dealt, passed and played by the kernel, which records every decision; each
hand is then replayed through ``HandState``, and every legal set, every
position after a card and the final scores must agree.  The kernel's players
are checked against the specification in the same way: their playouts, the
pass playouts and the Variant Lab's hands are replayed card by card through
``HandState`` with the same players deciding from each seat's view.  All of it
runs under every preset and every example of every ruleset field, so each
variant's rules are covered.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import CardSet, HandState, Ruleset, random_hands
from hearts_core.ai.bots import heuristic_choice, heuristic_pass, pass_candidates
from hearts_core.ai.view import PlayerView
from hearts_core.ai.worlds import Worlds
from hearts_core.engine.cards import ALL_CARDS
from hearts_core.engine.rules import QUEEN_OF_SPADES, field_names, field_values
from hearts_core.lab.compare import play_out
from hearts_core.lab.simulation import deal_masks, lab_hands
from hearts_core.search import fast, kernel
from hearts_core.search.positions import state_array


def _variants() -> dict[str, Ruleset]:
    rulesets = {name: Ruleset.preset(name) for name in Ruleset.preset_names()}
    for name in field_names():
        for index, example in enumerate(field_values(name)):
            rulesets[f"{name}-{index}"] = Ruleset(**example)
    return rulesets


VARIANTS = _variants()


def _replay(rules: Ruleset, record: np.ndarray, hand_number: int) -> list[HandState]:
    """Replay one traced hand through HandState, checking each legal set against the kernel's;
    every position of the play, the last one over."""
    n = rules.players
    dealt = [int(mask) for mask in record[:n]]
    passed = [int(mask) for mask in record[n : 2 * n]]
    state = HandState.from_masks(rules, dealt, hand_number)
    if state.is_passing:
        state = state.with_passes({seat: CardSet.from_mask(passed[seat]) for seat in range(n)})
    else:
        assert not any(passed)
    plays = record[2 * n :]
    states = [state]
    for index in range(rules.hand_size * n):
        card, legal = int(plays[2 * index]), int(plays[2 * index + 1])
        assert state.legal_mask() == legal, f"play {index}: legal sets differ"
        state = state.play(ALL_CARDS[card])
        states.append(state)
    assert state.is_over
    return states


@pytest.mark.parametrize("name", sorted(VARIANTS))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_random_hands_replay_through_the_specification(name: str, seed: int) -> None:
    rules = VARIANTS[name]
    count = 2 * len(rules.pass_cycle)
    scores, trace = fast.traced_random_hands(rules, count, seed)
    for hand in range(count):
        final = _replay(rules, trace[hand], hand)[-1]
        assert tuple(int(value) for value in scores[hand]) == final.score_report().scores


def _public_fields(position: np.ndarray, players: int) -> list[int]:
    """The parts of a kernel position that say what the position is (the rest is the kernel's
    scratch: the winner's index after a trick, cards left in the trick's slots)."""
    length = int(position[kernel.S_TRICK_LEN])
    fields = [int(position[index]) for index in (kernel.S_LEADER, kernel.S_TO_PLAY, length and kernel.S_WIN_CARD)]
    fields += [length, int(position[kernel.S_BROKEN]), int(position[kernel.S_GONE]), int(position[kernel.S_DONE])]
    for start in (kernel.S_HANDS, kernel.S_TAKEN, kernel.S_WON, kernel.S_POINTS):
        fields += position[start : start + players].tolist()
    return fields + [int(card) for card in position[kernel.S_TRICK : kernel.S_TRICK + length]]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_playing_a_card_and_scoring_follow_the_specification(name: str) -> None:
    """The kernel's position after every card is the specification's; its score with random game
    totals (the moon's best option depends on them) is ``score_hand``'s."""
    rules = VARIANTS[name]
    numbers = kernel.rules_array(rules)
    n = rules.players
    rng = random.Random(name)
    _, trace = fast.traced_random_hands(rules, 2, len(name))
    for hand in range(2):
        states = _replay(rules, trace[hand], hand)
        position = state_array(states[0])
        for before, after in itertools.pairwise(states):
            assert kernel.state_legal(numbers, position) == before.legal_mask()
            kernel.play_card(numbers, position, int(after.plays()[-1]))
            assert _public_fields(position, n) == _public_fields(state_array(after), n)
        for _ in range(6):
            totals = [rng.randrange(0, max(rules.target_score, 30) + 10) for _ in range(n)]
            out = np.zeros(n, dtype=np.int64)
            kernel.score_hand(numbers, position, np.array(totals, dtype=np.int64), True, out)
            assert tuple(out.tolist()) == states[-1].score_report(None, totals).scores


def test_the_moon_shooter_is_scored_by_the_best_option() -> None:
    """A named deal played low card first: West (seat 1) ends with every penalty card, and the
    game totals decide the shooter's option."""
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
    while state.is_playing:
        state = state.play(state.legal_moves()[0])
    out = np.zeros(4, dtype=np.int64)
    totals = [90, 80, 95, 99]
    shooter = kernel.score_hand(kernel.rules_array(rules), state_array(state), np.array(totals), True, out)
    expected = state.score_report(None, totals)
    assert shooter == expected.moon_shooter == 1
    assert tuple(out.tolist()) == expected.scores


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_heuristic_reads_only_what_its_seat_knows(name: str) -> None:
    """At every position of random hands, the heuristic's card, idea and shooter card are the same
    from the whole position and from the seat's view (its hand only), and legal."""
    rules = VARIANTS[name]
    numbers = kernel.rules_array(rules)
    _, trace = fast.traced_random_hands(rules, 1, len(name) + 1)
    for state in _replay(rules, trace[0], 0)[:-1]:
        seat = state.to_play
        assert seat is not None
        legal = state.legal_mask()
        view = PlayerView.from_state(state, seat)
        whole = state_array(state)
        card, idea = kernel.heuristic_choice(numbers, whole, legal)
        ours, said = heuristic_choice(view)
        assert ours == int(card)
        # A lead the kernel calls low is told as an unblock when the card is high for its suit.
        assert said == kernel.HEURISTIC_IDEAS[idea] or (kernel.HEURISTIC_IDEAS[idea], said) == ("lead_low", "unblock")
        assert legal >> card & 1
        shooter = kernel.shooter_card(numbers, whole, legal)
        assert shooter == kernel.shooter_card(numbers, view.kernel_state(), legal) and legal >> shooter & 1


def test_random_hands_are_the_same_when_the_kernel_runs_as_plain_python() -> None:
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


# -- the kernel's players, replayed through the specification -------------------------------------


def _play_by_views(state: HandState, shooter: int = -1) -> HandState:
    """Play ``state`` to the end through HandState, each seat deciding from its own view by the
    heuristic (``shooter`` going for the moon)."""
    numbers = kernel.rules_array(state.rules)
    while state.is_playing:
        seat = state.to_play
        assert seat is not None
        view = PlayerView.from_state(state, seat)
        if seat == shooter:
            card = int(kernel.shooter_card(numbers, view.kernel_state(), view.legal_mask()))
        else:
            card = heuristic_choice(view)[0]
        state = state.play(ALL_CARDS[card])
    return state


@pytest.mark.parametrize("name", ["standard", "omnibus", "black_maria", "five_players", "spot_hearts"])
def test_playouts_without_random_moves_are_the_heuristic_players_hands(name: str) -> None:
    """With no random moves a world's playout is deterministic: its scores (and the queen and moon
    flags) are those of the same hand played out through HandState by the same players."""
    rules = dataclasses.replace(Ruleset.preset(name), pass_cycle=("hold",))
    state = HandState.deal(rules, seed=name)
    for _ in range(6):
        state = state.play(state.legal_moves()[-1])
    seat = state.to_play
    assert seat is not None
    totals = [30, 70, 95, 20, 50][: rules.players]
    view = PlayerView.from_state(state, seat, totals=totals)
    worlds = Worlds(view, 12, random.Random(5))
    for card in view.legal_cards():
        for shoot in (False, True):
            outcome = worlds.play_out(int(card), shoot=shoot, epsilon=0.0)
            for world, hands in enumerate(worlds.hands.tolist()):
                dealt = state.position()._replace(hands=tuple(hands))
                start = HandState.from_position_masks(rules, dealt, state.hand_number).play(card)
                final = _play_by_views(start, seat if shoot else -1)
                assert tuple(outcome.scores[world].tolist()) == final.score_report(None, totals).scores
                assert bool(outcome.queen[world]) == bool(final.taken_masks[seat] >> int(QUEEN_OF_SPADES) & 1)


def test_pass_playouts_without_random_moves_are_the_heuristic_players_hands() -> None:
    rules = Ruleset.preset("omnibus")
    state = HandState.deal(rules, seed=9, hand_number=1)  # passing right
    view = PlayerView.from_state(state, 2)
    worlds = Worlds(view, 12, random.Random(2))
    for mask in pass_candidates(view)[:4]:
        scores = worlds.pass_out(mask, hand_number=1, epsilon=0.0)
        for world, hands in enumerate(worlds.hands.tolist()):
            dealt = HandState.from_masks(rules, hands, 1)
            others = {seat: heuristic_pass(PlayerView.from_state(dealt, seat)) for seat in range(4) if seat != 2}
            final = _play_by_views(dealt.with_passes({**others, 2: CardSet.from_mask(mask)}))
            assert tuple(scores[world].tolist()) == final.score_report().scores


def _facts(final: HandState, totals: list[int] | None) -> tuple[object, ...]:
    """A Lab row's facts of a hand played through HandState (see ``lab.simulation.lab_hands``)."""
    report = final.score_report(None, totals)
    sun = -1 if report.sun_shooter is None else report.sun_shooter
    moon = -1 if report.moon_shooter is None or report.sun_shooter is not None else report.moon_shooter
    queen = int(QUEEN_OF_SPADES)
    taker = next((seat for seat, mask in enumerate(final.taken_masks) if mask >> queen & 1), -1)
    player = -1
    points = final.rules.tables.points
    broken_trick = 0
    for number, trick in enumerate(final.tricks, start=1):
        for seat, card in zip(trick.seats(final.rules.players), trick.cards, strict=True):
            player = seat if card == queen else player
            if not broken_trick and final.rules.tables.legality.breaks_mask >> card & 1:
                broken_trick = number
    first_points = sum(points[int(card)] for card in final.tricks[0].cards)
    return report.scores, moon, sun, taker, taker >= 0 and taker == player, first_points, broken_trick


@pytest.mark.parametrize("name", ["standard", "omnibus", "black_maria", "spot_hearts", "six_players", "pure_hearts"])
@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_lab_hands_replay_card_for_card(name: str, policy: str) -> None:
    """The Variant Lab's hands (kernel) are the replay's hands (HandState, ``lab.play_out``), fact
    for fact, for both policies: the random one draws the same numbers in the same order."""
    rules = Ruleset.preset(name)
    totals = [40, 75, 12, 60, 5, 33][: rules.players] if name == "pure_hearts" else None
    deals = range(12)
    numbers = [deal % len(rules.pass_cycle) for deal in deals]
    dealt = [deal_masks(rules, deal, number) for deal, number in zip(deals, numbers, strict=True)]
    played = lab_hands(rules, dealt, numbers, policy, list(deals), totals)
    for deal, number in zip(deals, numbers, strict=True):
        start = HandState.from_masks(rules, dealt[deal], number)
        final = play_out(start, policy, seed=deal + 1).last
        assert played[deal] == _facts(final, totals), f"{name}, deal {deal}"
