"""Equivalent cards: one definition for the solver, the bots and the hints, and it is sound.

Two cards called equivalent must be worth exactly the same (checked against a
plain minimax that merges nothing), and a card lying in the trick in progress
separates the cards on either side of it, which the bots and hints once got
wrong.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core import HandState, PlayerView, Ruleset, play_hint, solve
from hearts_core.engine.cards import CardSet
from hearts_core.search.equivalence import card_attributes, equivalent_classes, point_attributes
from tests.helpers import brute_values

#: Seat 3 must follow the 6D led by seat 0 (9H and 5H discarded): the 6D lies between its 2D and 7D.
BETWEEN_A_TRICK_CARD = """hand: 0
hands: 3H 7H TH / 8S 9S QS / 8C 6H 8H / 2D 7D JH 6S
taken: 5C 6C 9C JC 2H QH KH AH / 2C 4C 7C TC QC KC AC 4D 5D JD KD 4H 4S 5S 7S AS / 9D TD QD KS / \
3C 3D 8D AD 2S 3S TS JS
won: 2 4 1 2
trick: 0 6D 9H 5H"""

#: Seat 3 leads: its 3S, 5S and TS; the 4S it led is on the table, so the 3S stands alone.
LED_CARD_BETWEEN = """hand: 3
hands: KC 7H 3S 5S TS / TC 2H 4H 9H AH / 8C 9C 3H TH QH / 7C 4D 9D JS
taken: 8S 9S QS KS / 6D 7D QD KD 8H 6S 7S AS / 2C 4C 5C QC 5H 6H JH KH / 3C 6C JC AC 2D 3D 5D 8D TD JD AD 2S
won: 1 2 2 3
trick: 3 4S"""


def _classes(state: HandState) -> list[str]:
    seat = state.to_play
    assert seat is not None
    view = PlayerView.from_state(state, seat)
    groups = equivalent_classes(state.legal_mask(), point_attributes(state.rules), view.elsewhere)
    return [str(CardSet.from_mask(group)) for group in groups]


def test_a_card_on_the_table_separates_the_cards_around_it() -> None:
    state = HandState.from_position(Ruleset(), BETWEEN_A_TRICK_CARD)
    assert _classes(state) == ["2D", "7D"]
    assert solve(state).values == {"2D": 16, "7D": 2}  # the exact values, all hands known
    hint = play_hint(state, worlds=64, seed=1)
    assert hint.classes == {"2D": "2D", "7D": "7D"}
    assert not (hint.certainty == "certain" and hint.recommended == "2D")


def test_the_led_card_separates_the_lowest_spade() -> None:
    state = HandState.from_position(Ruleset(), LED_CARD_BETWEEN)
    assert _classes(state) == ["3S", "5S TS"]
    assert solve(state).values == {"3S": 20, "5S": 15, "TS": 15}
    hint = play_hint(state, worlds=64, seed=1)
    assert hint.classes["TS"] == hint.classes["5S"] != hint.classes["3S"]
    assert not (hint.certainty == "certain" and hint.recommended == "3S")


def _ending(rules: Ruleset, rng: random.Random, into_trick: int) -> HandState:
    state = HandState.deal(rules, rng.getrandbits(32), rng.randrange(4))
    if state.is_passing:
        state = state.with_passes(
            {seat: rng.sample(hand.cards(), rules.pass_count) for seat, hand in enumerate(state.hands)}
        )
    for _ in range((rules.hand_size - 3) * rules.players + into_trick):
        state = state.play(rng.choice(state.legal_moves()))
    return HandState.from_position(rules, state.to_position())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    preset=st.sampled_from(["standard", "omnibus", "spot_hearts", "black_maria", "pink_lady", "three_players"]),
    into_trick=st.integers(0, 3),
)
def test_cards_called_equivalent_are_worth_the_same(seed: int, preset: str, into_trick: int) -> None:
    """The bots' and hints' classes (from what the seat sees) and the solver's (by its objective's
    values) never merge two cards a plain minimax tells apart."""
    rules = Ruleset.preset(preset)
    state = _ending(rules, random.Random(seed), into_trick % rules.players)
    seat = state.to_play
    assert seat is not None
    exact = brute_values(state, seat)
    view = PlayerView.from_state(state, seat)
    by_points = equivalent_classes(state.legal_mask(), point_attributes(rules), view.elsewhere)
    by_solver = equivalent_classes(state.legal_mask(), card_attributes(rules, rules.tables.points), view.elsewhere)
    for group in by_points + by_solver:
        values = {exact[str(card)] for card in CardSet.from_mask(group)}
        assert len(values) == 1, (str(CardSet.from_mask(group)), exact, state.to_position())
