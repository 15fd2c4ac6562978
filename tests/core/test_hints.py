"""The hint engine: legality as HandState.explain, no look at hidden cards, the solver when
the view fixes every hidden card, named positions, the ladder's texts, the pass hint."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import IDEAS, HeuristicBot, heuristic_pass
from hearts_core.ai.hints import (
    PASS_REASONS,
    decision_verdict,
    determined_world,
    pass_hint,
    play_hint,
)
from hearts_core.ai.view import PlayerView
from hearts_core.engine.cards import SUIT_MASKS
from hearts_core.search.solver import solve
from hearts_core.words.catalogue import has_message, message

from .test_bots import HOLD, position

WORLDS = 24


def _midhand(rules: Ruleset, seed: int, cards: int) -> HandState:
    """Heuristic self-play from a seeded deal (passing on) until ``cards`` cards are played."""
    state = HandState.deal(rules, seed=seed, hand_number=seed % 4)
    if state.phase == "pass":
        state = state.with_passes(
            {seat: heuristic_pass(PlayerView.from_state(state, seat)) for seat in range(rules.players)}
        )
    rng = random.Random(seed)
    bot = HeuristicBot()
    for _ in range(cards):
        seat = state.to_play
        assert seat is not None
        state = state.play(bot.choose_card(PlayerView.from_state(state, seat), rng).card)
    return state


@pytest.mark.parametrize("preset", ["standard", "omnibus", "black_maria"])
def test_the_legal_part_is_the_engines_explanation_for_every_card(preset: str) -> None:
    rules = Ruleset.preset(preset)
    for seed, cards in ((1, 0), (2, 9), (3, 22)):
        state = _midhand(rules, seed, cards)
        seat = state.to_play
        assert seat is not None
        hint = play_hint(state, worlds=8, seed=seed)
        hand = [str(card) for card in state.hands[seat]]
        assert set(hint.legal) | set(hint.illegal) == set(hand)
        for card in hand:
            explanation = state.explain(card)
            if card in hint.legal:
                assert explanation.legal
            else:
                assert hint.illegal[card] == explanation and not explanation.legal
        assert {option.card for option in hint.options} == set(hint.legal)
        assert hint.recommended in hint.legal and hint.recommended in hint.equally_good


def test_the_hint_never_looks_at_hidden_cards() -> None:
    # The same position for South, except that West and North hold different diamonds.
    hands = ["4D 9D KD 2C", "3D 5D 6D 3C", "7D 8D 4C 5C", "JD QD AD"]
    swapped = ["4D 9D KD 2C", "7D 5D 6D 3C", "3D 8D 4C 5C", "JD QD AD"]
    taken = {1: "2H 3H 4H 5H 6H 7H", 2: "8H 9H TH JH QH KH AH QS"}
    one = position(HOLD, hands, "3 TD", taken)
    two = position(HOLD, swapped, "3 TD", taken)
    assert one.hands[1] != two.hands[1]
    assert play_hint(one, worlds=WORLDS, seed=5) == play_hint(two, worlds=WORLDS, seed=5)
    # Later in a real hand too: swap same-suit cards between two opponents.
    for seed in (7, 8, 9):
        played = _midhand(Ruleset(), seed, 10)
        base = HandState.from_position_masks(played.rules, played.position(), played.hand_number)
        me = base.to_play
        assert me is not None
        masks = list(base.hand_masks)
        first, second = [seat for seat in range(4) if seat != me][:2]
        suit = next(suit for suit in range(4) if masks[first] & SUIT_MASKS[suit] and masks[second] & SUIT_MASKS[suit])
        a = masks[first] & SUIT_MASKS[suit] & -(masks[first] & SUIT_MASKS[suit])
        b = masks[second] & SUIT_MASKS[suit] & -(masks[second] & SUIT_MASKS[suit])
        masks[first] ^= a | b
        masks[second] ^= a | b
        swapped_position = base.position()._replace(hands=tuple(masks))
        other = HandState.from_position_masks(base.rules, swapped_position, base.hand_number)
        assert base.hands[first] != other.hands[first] and base.hands[me] == other.hands[me]
        assert play_hint(base, worlds=WORLDS, seed=seed) == play_hint(other, worlds=WORLDS, seed=seed)


def test_a_forced_card_is_certain() -> None:
    state = HandState.deal(HOLD, seed=4)
    hint = play_hint(state, worlds=WORLDS)
    assert hint.legal == ("2C",) and hint.recommended == "2C"
    assert hint.certainty == "certain" and hint.idea == "only_card"
    assert "2C" in hint.rung(2) and hint.rung(1)


def _determined_three_player_ending() -> HandState:
    # Three players: West leads JD, North discards 6C (void in diamonds).  Every unseen
    # diamond must be West's, which fills West's hand, so North holds the rest.
    rules = dataclasses.replace(Ruleset.preset("three_players"), pass_cycle=("hold",))
    return position(
        rules, ["7D KD QS 2H", "8D 9D TD", "3H 4H KS"], "1 JD 6C", {1: "5H 6H 7H 8H", 2: "9H TH JH QH", 0: "KH AH"}
    )


def test_a_determined_ending_uses_the_solver_and_matches_it() -> None:
    state = _determined_three_player_ending()
    view = PlayerView.from_state(state, 0)
    assert determined_world(view) == tuple(hand.mask for hand in state.hands)
    hint = play_hint(state, worlds=WORLDS)
    result = solve(state, "min_points", 0)
    assert hint.certainty == "certain"
    assert hint.recommended in result.best
    assert {option.card: option.expected_points for option in hint.options} == result.values
    assert "solver" in hint.rung(3) or "exactly" in hint.rung(3)
    # Not determined: the same trick with a non-diamond in West's hand.
    rules = state.rules
    open_state = position(
        rules, ["7D KD QS 2H", "8D 9D 5C", "3H 4H KS"], "1 JD 6C", {1: "5H 6H 7H 8H", 2: "9H TH JH QH", 0: "KH AH"}
    )
    assert determined_world(PlayerView.from_state(open_state, 0)) is None
    assert play_hint(open_state, worlds=WORLDS).certainty != "certain"


def test_dump_the_queen_when_void_or_under_the_ace() -> None:
    # East (seat 3) holds the queen and the top diamonds, the KS and AS are gone: kept, the
    # queen comes back to East.  Void in clubs, East dumps her on West's AC.
    taken = {1: "2H 3H 4H 5H 6H 7H 8H KS", 2: "9H TH JH QH KH AH AS"}
    state = position(HOLD, ["KC 9D TD JD", "5D 6D 7D", "8D 2D 3D", "QS AD KD QD"], "1 AC TC", taken)
    hint = play_hint(state, worlds=WORLDS)
    assert hint.recommended == "QS" and hint.idea == "dump_queen"
    assert hint.option("AD").expected_points > hint.option("QS").expected_points + 5
    assert hint.option("QS").queen_rate == 0 and hint.option("AD").queen_rate > 0.5
    # West leads the AS: East dumps the QS under it rather than keep her with the 4S.
    taken = {1: "2H 3H 4H 5H 6H 7H 8H KS", 2: "9H TH JH QH KH AH"}
    state = position(HOLD, ["KC 9D TD JD", "6D 7D 5D", "8D 2D 3D", "QS 4S AD KD"], "1 AS 2S", taken)
    hint = play_hint(state, worlds=WORLDS)
    assert hint.recommended == "QS" and hint.idea == "dump_queen"
    assert hint.option("4S").expected_points > hint.option("QS").expected_points + 5


def test_duck_under_the_winner() -> None:
    # North leads the TS and East follows 3S; South holds KS 9S, West the QS with the 2S.
    # The 9S ducks (West then plays low); the KS wins the trick and West dumps the queen on it.
    state = position(
        HOLD,
        ["KS 9S 4D 5D", "QS 2S 6D 7C", "8D 8C 9C", "9D TC JC"],
        "2 TS 3S",
        {1: "2H 3H 4H 5H 6H 7H", 3: "8H 9H TH JH QH KH AH"},
    )
    hint = play_hint(state, worlds=128)  # the KS costs 1-2 points: enough worlds to be sure
    assert hint.recommended == "9S" and hint.idea == "duck_under_winner"
    assert hint.certainty in ("confident", "certain")
    assert hint.option("KS").queen_rate > hint.option("9S").queen_rate
    assert hint.runner_up == "KS" and "KS" in hint.rung(2)


def test_rung_texts_exist_for_every_idea_and_carry_the_numbers() -> None:
    for idea in IDEAS:
        assert has_message(f"hint.nudge.{idea}"), idea
    for code in PASS_REASONS:
        for kind in ("pass_nudge", "pass_reason", "pass_label"):
            assert has_message(f"hint.{kind}.{code}"), (kind, code)
    state = _midhand(Ruleset(), 11, 17)
    hint = play_hint(state, worlds=WORLDS, seed=1)
    best = hint.option(hint.recommended)
    two = hint.rung(2)
    assert hint.recommended in two and f"{best.expected_points:.1f}" in two
    if not hint.queen_out:
        assert f"{round(100 * best.queen_rate)}%" in two
    three = hint.rung(3)
    for option in hint.options:
        assert f"| {option.card}" in three and f"{option.expected_points:.1f}" in three
    worst = hint.options[-1].card
    if worst != hint.recommended:
        assert worst in hint.rung(2, compare_with=worst)
    with pytest.raises(ValueError):
        hint.rung(4)
    for rung in (1, 2, 3):
        assert "{" not in hint.rung(rung) and "hint." not in hint.rung(rung)


def test_decision_verdict_prices_a_bad_card() -> None:
    taken = {1: "2H 3H 4H 5H 6H 7H 8H KS", 2: "9H TH JH QH KH AH AS"}
    state = position(HOLD, ["KC 9D TD JD", "5D 6D 7D", "8D 2D 3D", "QS AD KD QD"], "1 AC TC", taken)
    bad = decision_verdict(state, 3, "KD", worlds=WORLDS)
    assert bad.preferred == "QS" and bad.cost_points > 5 and not bad.good
    assert "KD" in bad.text and "QS" in bad.text and f"{bad.cost_points:.1f}" in bad.text
    good = decision_verdict(state, 3, "QS", worlds=WORLDS)
    assert good.good and good.cost_points == 0


def test_near_the_target_the_hint_plays_for_the_game() -> None:
    state = _midhand(Ruleset(), 11, 17)
    hint = play_hint(state, totals=(95, 40, 60, 80), worlds=WORLDS)
    assert hint.objective == "game" and "target" in hint.rung(2)
    assert play_hint(state, totals=(5, 4, 6, 8), worlds=WORLDS).objective == "hand"


def test_the_pass_hint_passes_the_queen_with_short_spades() -> None:
    hand = "QS KS AS 2C 5C 9C 3D 6D TD 4H 7H JH 2D"
    mine = hand.split()
    rules = Ruleset()
    rest = [str(card) for card in rules.deck if str(card) not in mine]
    state = HandState.from_hands(rules, [" ".join(mine)] + [" ".join(rest[i * 13 : (i + 1) * 13]) for i in range(3)])
    assert state.phase == "pass"
    hint = pass_hint(state, 0, worlds=16)
    assert "QS" in hint.recommended and len(hint.recommended) == 3
    assert hint.idea == "pass_queen"
    assert "QS" in hint.rung(2) and hint.rung(1) and "|" in hint.rung(3)
    assert all(len(option.cards) == 3 for option in hint.options)
    # Only the seat's own cards matter: other deals of the rest give the same hint.
    other_rest = rest[::-1]
    other = HandState.from_hands(
        rules, [" ".join(mine)] + [" ".join(other_rest[i * 13 : (i + 1) * 13]) for i in range(3)]
    )
    assert pass_hint(other, 0, worlds=16) == hint


def test_the_rules_decide_what_matters_omnibus_jack_and_black_maria_spades() -> None:
    # West leads 9D, North plays JD, East discards 2H; South, last, takes the trick with QD
    # under Omnibus (JD -10), and ducks with 2D when the JD is worth nothing.
    hands = ["QD 2D 4C 5C", "5D 6C 7C", "JC 8C 9C", "3C TC 3H"]
    taken = {1: "4H 5H 6H 7H 8H", 2: "9H TH JH QH KH AH QS"}
    omnibus = dataclasses.replace(Ruleset.preset("omnibus"), pass_cycle=("hold",))
    hint = play_hint(position(omnibus, hands, "1 9D JD 2H", taken), worlds=WORLDS)
    assert hint.recommended == "QD" and hint.idea == "win_jack"
    assert hint.option("QD").expected_points < hint.option("2D").expected_points
    assert play_hint(position(HOLD, hands, "1 9D JD 2H", taken), worlds=WORLDS).recommended == "2D"
    # Black Maria: void in clubs, East throws the AS (7 points) rather than a diamond.
    maria = dataclasses.replace(Ruleset.preset("black_maria"), pass_cycle=("hold",))
    taken = {1: "2H 3H 4H 5H 6H 7H 8H QS", 2: "9H TH JH QH KH AH KS"}
    state = position(maria, ["KC 9D TD JD", "5D 6D 7D", "8D 2D 3D", "AS AD KD QD"], "1 AC TC", taken)
    hint = play_hint(state, worlds=WORLDS)
    assert hint.recommended == "AS"
    assert hint.option("AD").expected_points >= hint.option("AS").expected_points + 3


def test_a_hint_says_nothing_the_position_contradicts_and_puts_the_idea_first() -> None:
    # South (seat 0) has already taken the queen of spades: no sentence may weigh taking her again.
    taken = position(
        HOLD,
        ["KS 9S 4D 5D", "JS 2S 6D 7C", "8D 8C 9C 3C", "9D TC JC"],
        "3 TS",
        {0: "QS 2H 3H 4H", 3: "8H 9H TH JH QH KH AH 5H 6H 7H"},
    )
    hint = play_hint(taken, seat=None, worlds=64)
    assert hint.queen_out
    two = hint.rung(2)
    queen_words = message("hint.play.numbers.simulated", points="§", card="§", queen="§").split("§")
    assert queen_words[-2] not in two, "no queen risk once the queen is out"
    assert all(
        line.split("|")[4].strip() == "—"
        for line in hint.rung(3).splitlines()
        if line.startswith(f"| {hint.options[0].card}")
    )
    # The idea comes first, the card second.
    assert two.startswith(message(f"idea.{hint.idea}"))
    # With the queen still out there, her risk is weighed.
    open_queen = position(
        HOLD,
        ["KS 9S 4D 5D", "QS 2S 6D 7C", "8D 8C 9C", "9D TC JC"],
        "2 TS 3S",
        {1: "2H 3H 4H 5H 6H 7H", 3: "8H 9H TH JH QH KH AH"},
    )
    assert not play_hint(open_queen, worlds=64).queen_out
