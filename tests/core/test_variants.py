"""The rule book's variants (V1-V12), the variants beyond the sources and the player counts: one test per variant
option, each on a deal written out card by card.

Deals shared with the standard rules are repeated here so each file reads on
its own.  Seats are 0..n-1 and play goes to the left (seat + 1).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from hearts_core import CardSet, Game, HandState, IllegalPassError, Reason, Ruleset
from hearts_core.engine.scoring import score_hand
from tests.core.conftest import Deal, Illegal, Legal, Play
from tests.core.named_deals import (
    HOLD,
    MISSED_MOON,
    MISSED_MOON_PLAY,
    MIXED,
    MIXED_PLAY,
    MOON,
    MOON_PLAY,
    PASSES,
    RANKS,
    ROUND_ROBIN,
    SUITS,
    SUITS_PLAY,
)
from tests.helpers import names

HEARTS_ONLY = {f"{rank}H": 1 for rank in RANKS}


def rules(**fields: Any) -> Ruleset:
    """The standard game without passing, with ``fields`` changed."""
    return dataclasses.replace(HOLD, **fields)


# Like MOON, but seat 2 holds the JD and drops it on the first trick, which seat 1 wins.
MOON_JD_ELSEWHERE = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD",
    "AC 2D 3D 4D 5D 6D 7D 8D 9D TD QD KD 7S",
    "2H 3H 4H 5H 6H 7H 8H 2S 3S 4S 5S 6S JD",
    "9H TH JH QH KH AH 8S 9S TS JS QS KS AS",
)
MOON_JD_ELSEWHERE_PLAY = (
    "2C AC JD 8S | 2D 2H 9H AD | 3C 3D 3H TH | 4C 4D 4H JH | 5C 5D 5H QH | 6C 6D 6H KH | 7C 7D 7H AH"
    " | 8C 8D 8H 9S | 9C 9D 2S TS | TC TD 3S JS | JC QD 4S QS | QC KD 5S KS | KC 7S 6S AS"
)


# Seat 0 leads the 2C; seat 1 is void in clubs with the QS, AH, KH and diamonds.
FIRST_TRICK = (
    SUITS[0],
    "QS AH KH 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    "QH JH TH 9H 8H 7H QD KD AD 2S 3S 4S 5S",
    "2H 3H 4H 5H 6H 6S 7S 8S 9S TS JS KS AS",
)

# Seat 2 drops the QS on trick 2 (a diamond trick won by seat 0); seat 0 then leads, holding the 2H.
QUEEN_BREAK = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC AD KD 2H",
    "AC KC QC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    "QS 3H 4H 5H 6H 7H 8H 2S 3S 4S 5S 6S 7S",
    "QD 9H TH JH QH KH AH 8S 9S TS JS KS AS",
)

# Seat 1 wins trick 1 with the AC and then holds only the QS and eleven hearts.
QUEEN_AND_HEARTS = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KH",
    "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
)


def rotate(hands: tuple[str, ...], seats: int) -> tuple[str, ...]:
    return tuple(hands[(seat - seats) % len(hands)] for seat in range(len(hands)))


# -- V1 pass cycle ---------------------------------------------------------------------------------


def receiver_of_seat_0(deal: Deal, ruleset: Ruleset, hand_number: int) -> int | None:
    """Where seat 0's AC KD QH go on this hand (None when nobody passes)."""
    state = deal(ruleset, *ROUND_ROBIN, hand_number=hand_number)
    if state.phase == "play":
        with pytest.raises(IllegalPassError) as info:
            state.with_passes(PASSES)
        assert info.value.code == "not_pass_phase"
        assert state.hands[0] == CardSet.parse(ROUND_ROBIN[0])
        return None
    after = state.with_passes(PASSES)
    [receiver] = [seat for seat in range(4) if CardSet.parse("AC KD QH") <= after.hands[seat]]
    return receiver


def test_v1_default_cycle_left_right_across_hold(deal: Deal) -> None:
    ruleset = Ruleset()
    assert [receiver_of_seat_0(deal, ruleset, hand) for hand in range(8)] == [1, 3, 2, None, 1, 3, 2, None]


def test_v1_left_across_right_hold(deal: Deal) -> None:
    ruleset = Ruleset(pass_cycle=("left", "across", "right", "hold"))
    assert [ruleset.pass_direction(hand) for hand in range(4)] == ["left", "across", "right", "hold"]
    assert [receiver_of_seat_0(deal, ruleset, hand) for hand in range(5)] == [1, 2, 3, None, 1]


def test_v1_right_every_hand(deal: Deal) -> None:
    ruleset = Ruleset(pass_cycle=("right",))
    assert [receiver_of_seat_0(deal, ruleset, hand) for hand in range(5)] == [3, 3, 3, 3, 3]


def test_v1_hold_every_hand(deal: Deal) -> None:
    ruleset = Ruleset(pass_cycle=("hold",))
    assert [receiver_of_seat_0(deal, ruleset, hand) for hand in range(5)] == [None] * 5
    assert names(deal(ruleset, *ROUND_ROBIN).legal_moves()) == ["2C"]  # play starts at once


# -- V2 cards passed -------------------------------------------------------------------------------

FOUR_EACH = {0: "AC KD QH JS", 1: "AD KH QS JC", 2: "AH KS QC JD", 3: "AS KC QD JH"}


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_v2_pass_one_to_four_cards_with_four_players(deal: Deal, count: int) -> None:
    state = deal(Ruleset(pass_count=count), *ROUND_ROBIN)
    passes = {seat: " ".join(cards.split()[:count]) for seat, cards in FOUR_EACH.items()}
    after = state.with_passes(passes)
    assert CardSet.parse(passes[0]) <= after.hands[1]
    assert [len(hand) for hand in after.hands] == [13] * 4
    size = count + 1 if count < 4 else count - 1
    wrong = {seat: " ".join(cards.split()[:size]) for seat, cards in FOUR_EACH.items()}
    with pytest.raises(IllegalPassError) as info:
        state.with_passes(wrong)
    assert info.value.code == "count" and f"exactly {count}" in str(info.value)


THREE = (
    "4C 7C TC KC 4D 7D TD KD 3H 6H 9H QH 2S 5S 8S JS AS",
    "2C 5C 8C JC AC 5D 8D JD AD 4H 7H TH KH 3S 6S 9S QS",
    "3C 6C 9C QC 3D 6D 9D QD 2H 5H 8H JH AH 4S 7S TS KS",
)


FIVE = (
    "7C QC 5D TD 2H 7H QH 4S 9S AS",
    "3C 8C KC 6D JD 3H 8H KH 5S TS",
    "4C 9C AC 7D QD 4H 9H AH 6S JS",
    "5C TC 3D 8D KD 5H TH 2S 7S QS",
    "6C JC 4D 9D AD 6H JH 3S 8S KS",
)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
@pytest.mark.parametrize("preset", ["three_players", "five_players"])
def test_v2_pass_one_to_four_cards_with_three_and_five_players(deal: Deal, preset: str, count: int) -> None:
    ruleset = dataclasses.replace(Ruleset.preset(preset), pass_count=count)
    hands = THREE if ruleset.players == 3 else FIVE
    state = deal(ruleset, *hands)
    # Each seat passes its highest cards, as written at the end of its hand.
    passes = {seat: " ".join(hand.split()[-count:]) for seat, hand in enumerate(hands)}
    after = state.with_passes(passes)  # hand 0 passes left
    n = ruleset.players
    for seat in range(n):
        assert CardSet.parse(passes[seat]) <= after.hands[(seat + 1) % n]
    assert [len(hand) for hand in after.hands] == [ruleset.hand_size] * n
    too_many = {seat: " ".join(hand.split()[-count - 1 :]) for seat, hand in enumerate(hands)}
    with pytest.raises(IllegalPassError) as info:
        state.with_passes(too_many)
    assert info.value.code == "count"


# -- V3 first-trick rule ---------------------------------------------------------------------------


def test_v3_no_points_bars_hearts_and_the_queen_on_the_first_trick(deal: Deal, play: Play, illegal: Illegal) -> None:
    state = play(deal(rules(first_trick="no_points"), *FIRST_TRICK), "2C")
    assert state.legal_moves() == list(CardSet.parse("2D 3D 4D 5D 6D 7D 8D 9D TD JD"))
    illegal(state, "AH", Reason.FIRST_TRICK_POINTS, "first_trick", "No points on the first trick", "penalty card")
    illegal(state, "QS", Reason.FIRST_TRICK_POINTS, "first_trick", "penalty card")


def test_v3_no_queen_bars_only_the_queen(deal: Deal, play: Play, illegal: Illegal, legal: Legal) -> None:
    state = play(deal(rules(first_trick="no_queen"), *FIRST_TRICK), "2C")
    assert state.legal_moves() == list(CardSet.parse("2D 3D 4D 5D 6D 7D 8D 9D TD JD AH KH"))
    illegal(state, "QS", Reason.FIRST_TRICK_QUEEN, "V3", "no queen on the first trick")
    state = legal(state, "AH", Reason.DISCARD, "follow_suit")
    state = play(state, "QH 6S")
    assert state.tricks[0].points == 2 and state.hand_points() == [2, 0, 0, 0]


def test_v3_anything_goes_on_the_first_trick(deal: Deal, play: Play, legal: Legal) -> None:
    state = play(deal(rules(first_trick="anything"), *FIRST_TRICK), "2C")
    assert len(state.legal_moves()) == 13
    state = legal(state, "QS", Reason.DISCARD, "follow_suit")
    state = play(state, "QH 2H")
    assert state.tricks[0].points == 15 and state.tricks[0].winner == 0


# -- V4 what breaks hearts -------------------------------------------------------------------------

QUEEN_BREAK_PLAY = "2C QC 2S 8S | 2D QS QD KD"


def test_v4_only_a_heart_breaks_hearts(deal: Deal, play: Play, illegal: Illegal) -> None:
    state = play(deal(rules(), *QUEEN_BREAK), QUEEN_BREAK_PLAY)
    assert "QS" in state.taken[0] and not state.hearts_broken
    error = illegal(state, "2H", Reason.HEARTS_NOT_BROKEN, "breaking_hearts", "not broken", "only a heart breaks")
    assert "queen_would_break" in error.explanation.notes
    assert "2H" not in names(state.legal_moves())


def test_v4_the_queen_breaks_hearts_too(deal: Deal, play: Play, legal: Legal) -> None:
    before_queen = play(deal(rules(queen_breaks_hearts=True), *QUEEN_BREAK), "2C QC 2S 8S | 2D")
    assert not before_queen.hearts_broken
    state = play(before_queen, "QS QD KD")
    assert state.hearts_broken
    legal(state, "2H", Reason.LEAD_HEARTS_BROKEN, "breaking_hearts")


def test_v4_queen_breaks_variant_explains_that_she_has_not_been_played(
    deal: Deal, play: Play, illegal: Illegal
) -> None:
    # Trick 2 without the queen: seat 2 drops the 2S instead.
    state = play(deal(rules(queen_breaks_hearts=True), *QUEEN_BREAK), "2C QC 3S 8S | 2D 2S QD KD")
    error = illegal(state, "2H", Reason.HEARTS_NOT_BROKEN, "breaking_hearts", "queen of spades breaks hearts too")
    assert "queen_breaks_active" in error.explanation.notes


def test_v4_nothing_needs_breaking_hearts_may_be_led_any_time(deal: Deal, play: Play, legal: Legal) -> None:
    state = play(deal(rules(must_break_hearts=False), *QUEEN_BREAK), "2C QC 2S 8S | 2D 3S QD KD")
    assert not state.hearts_broken  # no heart and no queen played, yet:
    legal(state, "2H", Reason.LEAD_HEARTS_ANYTIME, "V4", "at any time")


# -- V5 leading hearts before they are broken ------------------------------------------------------


def test_v5_default_holding_only_hearts_and_the_queen_you_must_lead_the_queen(
    deal: Deal, play: Play, illegal: Illegal
) -> None:
    state = play(deal(rules(), *QUEEN_AND_HEARTS), "2C AC 2D 2S")
    assert state.to_play == 1 and not state.hearts_broken
    assert names(state.legal_moves()) == ["QS"]
    error = illegal(
        state, "5H", Reason.HEARTS_NOT_BROKEN, "breaking_hearts", "must lead the queen", "Russian online Hearts site"
    )
    assert "lead_hearts_with_queen_off" in error.explanation.notes


def test_v5_source_002_holding_only_hearts_and_the_queen_you_may_lead_a_heart(
    deal: Deal, play: Play, legal: Legal
) -> None:
    state = play(deal(rules(lead_hearts_with_queen=True), *QUEEN_AND_HEARTS), "2C AC 2D 2S")
    assert len(state.legal_moves()) == 12  # the QS and eleven hearts
    state = legal(state, "5H", Reason.LEAD_HEARTS_BESIDE_QUEEN, "V5", "Russian online Hearts site")
    state = play(state, "AH 3S KH")
    assert state.tricks[-1].winner == 2 and state.tricks[-1].points == 3


# -- V6 jack of diamonds ---------------------------------------------------------------------------


def finish_missed_moon(deal: Deal, play: Play, ruleset: Ruleset) -> HandState:
    state = play(deal(ruleset, *MISSED_MOON), MISSED_MOON_PLAY)
    assert "JD" in state.taken[0]
    return state


def test_v6_jack_of_diamonds_has_no_effect_by_default(deal: Deal, play: Play) -> None:
    state = finish_missed_moon(deal, play, rules())
    assert state.scores() == [25, 1, 0, 0]


def test_v6_omnibus_jack_of_diamonds_is_minus_ten(deal: Deal, play: Play) -> None:
    state = finish_missed_moon(deal, play, dataclasses.replace(Ruleset.preset("omnibus"), pass_cycle=("hold",)))
    jd_trick = next(trick for trick in state.tricks if "JD" in names(trick.cards))
    assert tuple(names(jd_trick.cards)) == ("JC", "JD", "QH", "QS") and jd_trick.points == 1 + 13 - 10
    assert state.scores() == [15, 1, 0, 0]


def test_v6_jack_of_diamonds_plus_eleven_from_source_004(deal: Deal, play: Play) -> None:
    state = finish_missed_moon(deal, play, dataclasses.replace(Ruleset.preset("jack_eleven"), pass_cycle=("hold",)))
    assert state.scores() == [36, 1, 0, 0]


def test_v6_jack_of_diamonds_plus_eleven_is_a_penalty_card_the_moon_needs(deal: Deal, play: Play) -> None:
    # Rule penalty_points and the moon's details: a card that costs points is a penalty card, and the
    # Russian wiki article's moon is taking "all the point cards": with the JD at +11 that includes the
    # jack.  Seat 0 takes every heart and the QS; seat 1 takes the JD on the first trick (anything goes
    # there, so the first-trick rule plays no part): no moon, an ordinary hand.
    ruleset = dataclasses.replace(
        Ruleset.preset("jack_eleven"), pass_cycle=("hold",), first_trick="anything", moon="add_to_others"
    )
    state = play(deal(ruleset, *MOON_JD_ELSEWHERE), MOON_JD_ELSEWHERE_PLAY)
    assert state.hand_points() == [26, 11, 0, 0]
    assert state.score_report().moon_shooter is None
    assert state.scores() == [26, 11, 0, 0]


def test_v6_a_moon_with_the_jack_of_diamonds_plus_eleven_is_worth_37() -> None:
    # The moon is worth every penalty point of the deck (26, 43 under Black Maria): 37 with the JD at +11.
    ruleset = dataclasses.replace(Ruleset.preset("jack_eleven"), moon="add_to_others")
    assert ruleset.moon_value == 37 and "JD" in ruleset.penalty_cards and not ruleset.bonus_cards
    everything = CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS JD 2C 3C").mask
    rest = CardSet.parse("4C 5C 6C").mask
    report = score_hand(ruleset, (everything, rest, 0, 0), (10, 3, 0, 0))
    assert report.moon_shooter == 0 and report.scores == (0, 37, 37, 37)


def test_v6_jack_of_diamonds_plus_eleven_is_barred_from_the_first_trick(
    deal: Deal, play: Play, illegal: Illegal
) -> None:
    # No points on the first trick: the JD at +11 costs points, so North, void in clubs, may not throw
    # it there (a spade is the legal way out).
    ruleset = dataclasses.replace(Ruleset.preset("jack_eleven"), pass_cycle=("hold",))
    state = play(deal(ruleset, *MOON_JD_ELSEWHERE), "2C AC")
    illegal(state, "JD", Reason.FIRST_TRICK_POINTS, "first_trick")


def test_v6_the_jack_bonus_may_go_to_the_first_trick(deal: Deal, play: Play, legal: Legal) -> None:
    # Not a penalty card, so the no-points first-trick rule does not bar it.
    state = play(deal(rules(penalties={**HEARTS_ONLY, "QS": 13, "JD": -10}), *MOON_JD_ELSEWHERE), "2C AC")
    legal(state, "JD", Reason.DISCARD, "follow_suit")


# -- V7 Black Maria --------------------------------------------------------------------------------

BLACK_MARIA = Ruleset.preset("black_maria")


def test_v7_black_maria_spades_score_king_10_ace_7_queen_13(deal: Deal, play: Play) -> None:
    state = play(deal(dataclasses.replace(BLACK_MARIA, pass_cycle=("hold",)), *MIXED), MIXED_PLAY)
    points = {str(trick.cards[0]): trick.points for trick in state.tricks}
    assert points["QS"] == 13 and points["KS"] == 10 and points["AS"] == 7
    assert state.hand_points() == [8, 4, 1 + 13 + 10 + 7, 0]
    assert sum(state.hand_points()) == 43


def test_v7_black_maria_passes_right_and_left_of_dealer_leads_anything(deal: Deal, legal: Legal) -> None:
    assert [BLACK_MARIA.pass_direction(hand) for hand in range(4)] == ["right"] * 4
    state = deal(BLACK_MARIA, *ROUND_ROBIN)  # dealer seat 3
    after = state.with_passes(PASSES)
    assert CardSet.parse("AC KD QH") <= after.hands[3]  # seat 0 passed right, to seat 3
    assert after.to_play == 0  # left of the dealer, not the 2C holder (now seat 0 anyway)
    assert len(after.legal_moves()) == 13  # any card, even a heart
    legal(after, "8H", Reason.LEAD_HEARTS_ANYTIME, "V4")
    second = deal(BLACK_MARIA, *ROUND_ROBIN, hand_number=1).with_passes(PASSES)  # dealer seat 0
    assert second.to_play == 1 and "2C" not in second.hands[1]


def test_v7_black_maria_moon_is_worth_43_when_turned_on(deal: Deal, play: Play) -> None:
    ruleset = dataclasses.replace(BLACK_MARIA, pass_cycle=("hold",), moon="add_to_others")
    state = play(deal(ruleset, *SUITS), SUITS_PLAY)
    assert state.hand_points() == [43, 0, 0, 0]
    assert state.score_report().moon_value == 43
    assert state.scores() == [0, 43, 43, 43]
    # With the preset's moon off, the same hand is just 43 points.
    off = play(deal(dataclasses.replace(BLACK_MARIA, pass_cycle=("hold",)), *SUITS), SUITS_PLAY)
    assert off.scores() == [43, 0, 0, 0]


def test_v7_black_maria_moon_needs_the_ace_and_king_of_spades_too(deal: Deal, play: Play) -> None:
    ruleset = dataclasses.replace(BLACK_MARIA, pass_cycle=("hold",), moon="add_to_others")
    state = play(deal(ruleset, *MIXED), MIXED_PLAY)
    assert state.score_report().moon_shooter is None
    state = play(deal(ruleset, *MOON), MOON_PLAY)  # seat 0 takes every heart, QS, KS and AS
    assert state.scores() == [0, 43, 43, 43]


# -- V8 shooting the moon --------------------------------------------------------------------------


def moon_hand(deal: Deal, play: Play, **fields: Any) -> HandState:
    state = play(deal(rules(**fields), *MOON), MOON_PLAY)
    assert state.hand_points() == [26, 0, 0, 0]
    return state


def test_v8_shooter_chooses_minus_26_or_plus_26_to_the_others(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, moon="choice")
    assert state.scores(moon_choice="subtract_from_self") == [-26, 0, 0, 0]
    assert state.scores(moon_choice="add_to_others") == [0, 26, 26, 26]
    report = state.score_report(moon_choice="subtract_from_self")
    assert report.moon_shooter == 0 and report.moon_option == "subtract_from_self"
    both: Any = "both"  # no such choice: the engine must refuse it at run time
    with pytest.raises(ValueError):
        state.scores(moon_choice=both)


def test_v8_plus_26_to_every_opponent_only(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, moon="add_to_others")
    assert state.scores() == [0, 26, 26, 26]
    assert state.scores(moon_choice="subtract_from_self") == [0, 26, 26, 26]  # no choice under this rule


def test_v8_minus_26_to_the_shooter_only(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, moon="subtract_from_self")
    assert state.scores() == [-26, 0, 0, 0]
    assert state.scores(moon_choice="add_to_others") == [-26, 0, 0, 0]


def test_v8_moon_off_the_shooter_simply_scores_26(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, moon="off")
    assert state.scores() == [26, 0, 0, 0]
    assert state.score_report().moon_shooter is None


# -- V9 shooting the sun ---------------------------------------------------------------------------


def test_v9_sun_taking_every_trick_scores_0_and_52_to_every_opponent(deal: Deal, play: Play) -> None:
    state = play(deal(rules(sun=True, moon="add_to_others"), *SUITS), SUITS_PLAY)
    assert state.tricks_won == [13, 0, 0, 0]
    assert state.scores() == [0, 52, 52, 52]
    assert state.score_report().sun_shooter == 0


def test_v9_sun_off_taking_every_trick_is_just_a_moon(deal: Deal, play: Play) -> None:
    state = play(deal(rules(sun=False, moon="add_to_others"), *SUITS), SUITS_PLAY)
    assert state.scores() == [0, 26, 26, 26]
    assert state.score_report().sun_shooter is None


def test_v9_sun_on_but_one_trick_lost_is_a_moon(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, sun=True, moon="add_to_others")
    assert state.tricks_won == [12, 1, 0, 0]
    assert state.scores() == [0, 26, 26, 26]


# -- V10 end of the game ---------------------------------------------------------------------------


def play_game(deal: Deal, play: Play, ruleset: Ruleset, hands: int) -> list[Game]:
    """Record the missed-moon hand (25 to seat 0, 1 to seat 1) ``hands`` times."""
    games = [Game(ruleset)]
    for number in range(hands):
        games.append(games[-1].record(play(deal(ruleset, *MISSED_MOON, hand_number=number), MISSED_MOON_PLAY)))
    return games


def test_v10_game_to_100(deal: Deal, play: Play) -> None:
    games = play_game(deal, play, rules(target_score=100), 4)
    assert [game.is_over for game in games] == [False, False, False, False, True]
    assert games[-1].totals == [100, 4, 0, 0]


def test_v10_game_to_50(deal: Deal, play: Play) -> None:
    games = play_game(deal, play, rules(target_score=50), 2)
    assert [game.is_over for game in games] == [False, False, True]
    assert games[-1].totals == [50, 2, 0, 0]


def test_v10_fixed_number_of_hands(deal: Deal, play: Play) -> None:
    games = play_game(deal, play, rules(target_score=0, max_hands=8), 8)
    assert [game.is_over for game in games] == [False] * 8 + [True]
    assert games[-1].totals == [200, 8, 0, 0]  # 200 points do not end a fixed-length game
    # Both at once: whichever comes first.
    games = play_game(deal, play, rules(target_score=100, max_hands=2), 2)
    assert games[-1].is_over and games[-1].totals == [50, 2, 0, 0]


# -- V11 player counts and decks (rule player_counts) -------------------------------------------------------

PLAYER_DEALS = {
    # Written so the opening card sits with seat 1.
    "three_players": (
        "2C",
        "2D",
        (
            "4C 7C TC KC 4D 7D TD KD 3H 6H 9H QH 2S 5S 8S JS AS",
            "2C 5C 8C JC AC 5D 8D JD AD 4H 7H TH KH 3S 6S 9S QS",
            "3C 6C 9C QC 3D 6D 9D QD 2H 5H 8H JH AH 4S 7S TS KS",
        ),
    ),
    "three_players_no_2c": (
        "3C",
        "2C",
        (
            "5C 8C JC AC 4D 7D TD KD 3H 6H 9H QH 2S 5S 8S JS AS",
            "3C 6C 9C QC 2D 5D 8D JD AD 4H 7H TH KH 3S 6S 9S QS",
            "4C 7C TC KC 3D 6D 9D QD 2H 5H 8H JH AH 4S 7S TS KS",
        ),
    ),
    "five_players": (
        "3C",
        "2C",
        (
            "7C QC 5D TD 2H 7H QH 4S 9S AS",
            "3C 8C KC 6D JD 3H 8H KH 5S TS",
            "4C 9C AC 7D QD 4H 9H AH 6S JS",
            "5C TC 3D 8D KD 5H TH 2S 7S QS",
            "6C JC 4D 9D AD 6H JH 3S 8S KS",
        ),
    ),
    "five_players_no_2s": (
        "2C",
        "2S",
        (
            "6C JC 4D 9D AD 6H JH 4S 9S AS",
            "2C 7C QC 5D TD 2H 7H QH 5S TS",
            "3C 8C KC 6D JD 3H 8H KH 6S JS",
            "4C 9C AC 7D QD 4H 9H AH 7S QS",
            "5C TC 3D 8D KD 5H TH 3S 8S KS",
        ),
    ),
    "six_players": (
        "4C",
        "3C",
        (
            "9C 3D 9D 2H 8H AH 8S AS",
            "4C TC 4D TD 3H 9H 3S 9S",
            "5C JC 5D JD 4H TH 4S TS",
            "6C QC 6D QD 5H JH 5S JS",
            "7C KC 7D KD 6H QH 6S QS",
            "8C AC 8D AD 7H KH 7S KS",
        ),
    ),
    "six_players_no_3d": (
        "3C",
        "3D",
        (
            "8C AC 9D 2H 8H AH 8S AS",
            "3C 9C 4D TD 3H 9H 3S 9S",
            "4C TC 5D JD 4H TH 4S TS",
            "5C JC 6D QD 5H JH 5S JS",
            "6C QC 7D KD 6H QH 6S QS",
            "7C KC 8D AD 7H KH 7S KS",
        ),
    ),
    "two_players": (
        "6C",
        "5C",
        (
            "7C 9C JC KC 6D 8D TD QD AD 7H 9H JH KH 6S 8S TS QS AS",
            "6C 8C TC QC AC 7D 9D JD KD 6H 8H TH QH AH 7S 9S JS KS",
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(PLAYER_DEALS))
def test_v11_player_count_deck_and_first_lead(deal: Deal, play: Play, illegal: Illegal, name: str) -> None:
    opening, removed, hands = PLAYER_DEALS[name]
    ruleset = dataclasses.replace(Ruleset.preset(name), pass_cycle=("hold",))
    n = ruleset.players
    assert removed in ruleset.removed_cards
    state = deal(ruleset, *hands)
    # The holder of the lowest club left in the deck leads it.
    assert opening in state.hands[1] and state.to_play == 1
    assert names(state.legal_moves()) == [opening]
    other_club = next(str(card) for card in state.hands[1] if card.suit == 0 and str(card) != opening)
    illegal(state, other_club, Reason.OPENING_LEAD_CARD, "opening_lead", opening)
    # Each player plays once, clockwise; the trick has one card per player.
    state = state.play(opening)
    for offset in range(1, n):
        assert state.to_play == (1 + offset) % n
        state = state.play(state.legal_moves()[0])
    assert len(state.tricks[0].cards) == n
    # A removed card cannot be dealt.
    with_removed = [hands[0].replace(hands[0].split()[0], removed), *hands[1:]]
    with pytest.raises(ValueError, match="removed"):
        deal(ruleset, *with_removed)


def test_v11_with_six_players_across_is_three_seats_away(deal: Deal) -> None:
    ruleset = Ruleset.preset("six_players")
    state = deal(ruleset, *PLAYER_DEALS["six_players"][2], hand_number=2)
    assert state.pass_direction == "across"
    hands = PLAYER_DEALS["six_players"][2]
    passes = {seat: " ".join(hands[seat].split()[-3:]) for seat in range(6)}
    assert passes[0] == "AH 8S AS"
    after = state.with_passes(passes)
    assert CardSet.parse("AH 8S AS") <= after.hands[3]
    assert after.received(3) == CardSet.parse("AH 8S AS")
    assert after.received(0) == CardSet.parse(passes[3])


def test_v11_with_three_players_the_cycle_is_left_right_hold(deal: Deal) -> None:
    ruleset = Ruleset.preset("three_players")
    passes = {0: "AS JS 8S", 1: "QS AD AC", 2: "KS AH QD"}
    left = deal(ruleset, *THREE, hand_number=0).with_passes(passes)
    assert CardSet.parse("AS JS 8S") <= left.hands[1]
    right = deal(ruleset, *THREE, hand_number=1).with_passes(passes)
    assert CardSet.parse("AS JS 8S") <= right.hands[2]
    assert deal(ruleset, *THREE, hand_number=2).phase == "play"
    assert [ruleset.pass_direction(hand) for hand in range(4)] == ["left", "right", "hold", "left"]


def test_v11_three_players_play_clockwise_and_the_highest_club_wins(deal: Deal, play: Play) -> None:
    ruleset = dataclasses.replace(Ruleset.preset("three_players"), pass_cycle=("hold",))
    state = play(deal(ruleset, *THREE), "2C 3C 4C")
    assert tuple(names(state.tricks[0].cards)) == ("2C", "3C", "4C")
    assert state.tricks[0].seats(3) == (1, 2, 0)
    assert state.tricks[0].winner == 0 and state.to_play == 0
    # Seat 0 leads the KC: seat 1 follows low, seat 2 too; the king wins.
    state = play(state, "KC 5C 6C")
    assert state.tricks[1].winner == 0


# -- V12 the 1887 chip settlement ------------------------------------------------------------------

CHIPS = Ruleset.preset("chips_1887")


def test_v12_fewest_hearts_collects_from_each_player_as_many_chips_as_hearts_taken(deal: Deal, play: Play) -> None:
    state = play(deal(CHIPS, *MIXED), MIXED_PLAY)
    assert state.hand_points() == [8, 4, 1, 0]  # hearts taken; the QS is nothing in 1887
    report = state.score_report()
    assert report.chip_winners == (3,)
    assert state.scores() == [8, 4, 1, -13]  # seat 3 collects 8 + 4 + 1 chips


def test_v12_tied_collectors_share_the_pot_and_an_odd_chip_stays(deal: Deal, play: Play) -> None:
    state = play(deal(CHIPS, *SUITS), SUITS_PLAY)
    assert state.hand_points() == [13, 0, 0, 0]
    assert state.score_report().chip_winners == (1, 2, 3)
    assert state.scores() == [13, -4, -4, -4]  # 13 chips, 4 each, 1 left on the table


def test_v12_chips_count_hearts_not_other_penalty_cards(deal: Deal, play: Play) -> None:
    # A chip toggle on the standard table: 1887 chips are still paid per heart (V12).
    state = play(deal(rules(scoring="chips", moon="off"), *MIXED), MIXED_PLAY)
    assert state.scores() == [8, 4, 1, -13]


def test_v12_chip_game_totals_settle_over_the_hands(deal: Deal, play: Play) -> None:
    game = Game(CHIPS)
    game = game.record(play(deal(CHIPS, *MIXED, hand_number=0), MIXED_PLAY))
    game = game.record(play(deal(CHIPS, *SUITS, hand_number=1), SUITS_PLAY))
    assert game.totals == [21, 0, -3, -17]
    assert game.leaders == (3,)


# -- beyond the sources: opening lead (rule opening_lead_variant) ---


def test_2b_opening_lead_any_club(deal: Deal, illegal: Illegal, legal: Legal) -> None:
    state = deal(rules(opening_lead="any_club"), *ROUND_ROBIN)
    assert state.to_play == 0  # still the holder of the 2C
    assert names(state.legal_moves()) == ["2C", "6C", "TC", "AC"]
    illegal(state, "5D", Reason.OPENING_LEAD_CLUB, "opening_lead_variant", "any club", "must be a club")
    legal(state, "AC", Reason.OPENING_LEAD_ANY, "opening_lead_variant", "2C")


def test_2b_opening_lead_left_of_dealer_leads_anything(deal: Deal, illegal: Illegal, legal: Legal) -> None:
    ruleset = rules(opening_lead="left_of_dealer")
    state = deal(ruleset, *ROUND_ROBIN, hand_number=1)  # dealer seat 0
    assert state.dealer == 0 and state.to_play == 1  # seat 1 leads though seat 0 holds the 2C
    # The other rules still hold: no heart (unbroken) and no QS (no points on trick 1).
    assert state.legal_moves() == list(CardSet.parse("3C 7C JC 2D 6D TD AD 4S 8S"))
    illegal(state, "QS", Reason.FIRST_TRICK_POINTS, "first_trick")
    illegal(state, "5H", Reason.HEARTS_NOT_BROKEN, "breaking_hearts")
    legal(state, "AD", Reason.LEAD, "trick_winner")
    assert deal(ruleset, *ROUND_ROBIN, hand_number=2).to_play == 2


# -- beyond the sources: penalty tables (rule penalty_table) ---


def mixed_points(deal: Deal, play: Play, penalties: dict[str, int]) -> list[int]:
    state = play(deal(rules(penalties=penalties), *MIXED), MIXED_PLAY)
    return list(state.hand_points())


def test_2b_pink_lady_queen_of_hearts_is_13(deal: Deal, play: Play) -> None:
    # The QH falls in trick "2H QH JH TH", won by seat 1.
    assert mixed_points(deal, play, {**HEARTS_ONLY, "QS": 13, "QH": 13}) == [8, 4 + 12, 14, 0]


def test_2b_spot_hearts_hearts_by_rank(deal: Deal, play: Play) -> None:
    spot = dict(Ruleset.preset("spot_hearts").penalties)
    # seat 0: 5H 8H AH 3H + KH 4H 6H 9H; seat 1: 2H QH JH TH; seat 2: 7H and the QS (25).
    assert mixed_points(deal, play, spot) == [5 + 8 + 14 + 3 + 13 + 4 + 6 + 9, 2 + 12 + 11 + 10, 7 + 25, 0]


@pytest.mark.parametrize("queen", [7, 25])
def test_2b_queen_of_spades_worth_7_or_25(deal: Deal, play: Play, queen: int) -> None:
    assert mixed_points(deal, play, {**HEARTS_ONLY, "QS": queen}) == [8, 4, 1 + queen, 0]


def test_2b_ten_of_diamonds_bonus_instead_of_the_jack(deal: Deal, play: Play) -> None:
    # The TD falls in the last trick "AS 9S QC TD", won by seat 2; the JD (trick 7, seat 2) scores nothing.
    assert mixed_points(deal, play, {**HEARTS_ONLY, "QS": 13, "TD": -10}) == [8, 4, 14 - 10, 0]


# -- beyond the sources: moon options (rule moon_auto) ---


def test_2b_moon_auto_adds_to_the_others_when_that_does_not_lose_the_game(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, moon="auto")
    assert state.scores(totals_before=[0, 0, 0, 0]) == [0, 26, 26, 26]
    # Adding 26 ends the game (106) with the shooter lowest alone: add.
    assert state.scores(totals_before=[70, 80, 90, 75]) == [0, 26, 26, 26]


def test_2b_moon_auto_never_adds_when_that_ends_the_game_with_the_shooter_not_lowest(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, moon="auto")
    # +26 to the others would give 90 / 106 / 86 / 111: the game ends and seat 2 (86) beats the shooter (90).
    report = state.score_report(totals_before=[90, 80, 60, 85])
    assert report.moon_option == "subtract_from_self"
    assert state.scores(totals_before=[90, 80, 60, 85]) == [-26, 0, 0, 0]


def test_2b_moon_choice_without_a_choice_picks_like_auto(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, moon="choice")
    assert state.scores(totals_before=[90, 80, 60, 85]) == [-26, 0, 0, 0]
    assert state.scores(totals_before=[90, 80, 60, 85], moon_choice="add_to_others") == [0, 26, 26, 26]


OMNIBUS = rules(penalties={**HEARTS_ONLY, "QS": 13, "JD": -10}, moon="add_to_others")


def test_2b_moon_without_the_bonus_card_the_jack_keeps_its_bonus_for_its_taker(deal: Deal, play: Play) -> None:
    state = play(deal(OMNIBUS, *MOON_JD_ELSEWHERE), MOON_JD_ELSEWHERE_PLAY)
    assert "JD" in state.taken[1]
    assert state.hand_points() == [26, -10, 0, 0]
    assert state.score_report().moon_shooter == 0
    assert state.scores() == [0, 26 - 10, 26, 26]


def test_2b_moon_needs_the_bonus_card_so_a_jack_taken_elsewhere_spoils_it(deal: Deal, play: Play) -> None:
    ruleset = dataclasses.replace(OMNIBUS, moon_needs_bonus=True)
    state = play(deal(ruleset, *MOON_JD_ELSEWHERE), MOON_JD_ELSEWHERE_PLAY)
    assert state.score_report().moon_shooter is None
    assert state.scores() == [26, -10, 0, 0]


def test_2b_moon_needs_the_bonus_card_and_the_shooter_took_it(deal: Deal, play: Play) -> None:
    for needs in (False, True):
        ruleset = dataclasses.replace(OMNIBUS, moon_needs_bonus=needs)
        state = play(deal(ruleset, *MOON), MOON_PLAY)
        assert "JD" in state.taken[0]
        assert state.hand_points() == [16, 0, 0, 0]
        assert state.scores() == [-10, 26, 26, 26]  # a moon either way; the shooter keeps the -10


# -- beyond the sources: no-tricks bonus (rule no_tricks_bonus) ---


def test_2b_no_tricks_bonus_to_each_player_who_took_no_trick(deal: Deal, play: Play) -> None:
    state = play(deal(rules(no_tricks_bonus=-5), *MIXED), MIXED_PLAY)
    assert state.tricks_won == [2, 2, 9, 0]
    assert state.scores() == [8, 4, 14, -5]
    assert state.score_report().no_tricks_seats == (3,)
    # Not given before the hand is over.
    partial = play(deal(rules(no_tricks_bonus=-5), *MIXED), "2C 3C AC 4C")
    assert partial.scores() == [0, 0, 0, 0]


def test_2b_no_tricks_bonus_not_given_when_someone_shot_the_moon(deal: Deal, play: Play) -> None:
    state = moon_hand(deal, play, moon="add_to_others", no_tricks_bonus=-5)
    assert state.tricks_won == [12, 1, 0, 0]  # seats 2 and 3 took no trick
    assert state.scores() == [0, 26, 26, 26]


# -- beyond the sources: a tie for lowest at the end (rule tie) -------------------------------------------------------


def test_2b_tie_for_lowest_is_a_shared_win(deal: Deal, play: Play) -> None:
    games = play_game(deal, play, rules(tie="share"), 4)
    assert games[-1].totals == [100, 4, 0, 0]
    assert games[-1].is_over and games[-1].winners == (2, 3)


def test_2b_tie_for_lowest_play_on_until_a_single_winner(deal: Deal, play: Play) -> None:
    ruleset = rules(tie="play_on")
    games = play_game(deal, play, ruleset, 4)
    game = games[-1]
    assert game.totals == [100, 4, 0, 0]
    assert not game.is_over and game.winners == ()
    # Hand 5 still ties seats 2 and 3 at 0: play on again.
    game = game.record(play(deal(ruleset, *MISSED_MOON, hand_number=4), MISSED_MOON_PLAY))
    assert not game.is_over
    # Hand 6 gives seat 2 a point: seat 3 wins alone.
    game = game.record(play(deal(ruleset, *MIXED, hand_number=5), MIXED_PLAY))
    assert game.totals == [133, 9, 14, 0]
    assert game.is_over and game.winners == (3,)


# -- beyond the sources: named rule sets (rule named_rulesets) ---


def hold(name: str) -> Ruleset:
    return dataclasses.replace(Ruleset.preset(name), pass_cycle=("hold",))


def test_2b_microsoft_moon_adds_26_to_every_opponent(deal: Deal, play: Play, illegal: Illegal) -> None:
    state = play(deal(hold("microsoft"), *MOON), MOON_PLAY)
    assert state.scores(moon_choice="subtract_from_self") == [0, 26, 26, 26]
    first = play(deal(hold("microsoft"), *FIRST_TRICK), "2C")
    illegal(first, "AH", Reason.FIRST_TRICK_POINTS, "first_trick")


def test_2b_pagat_allows_points_on_the_first_trick_and_lets_the_shooter_choose(
    deal: Deal, play: Play, legal: Legal
) -> None:
    first = play(deal(hold("pagat"), *FIRST_TRICK), "2C")
    legal(first, "QS", Reason.DISCARD, "follow_suit")
    state = play(deal(hold("pagat"), *MOON), MOON_PLAY)
    assert state.scores(moon_choice="subtract_from_self") == [-26, 0, 0, 0]


def test_2b_openspiel_queen_breaks_hearts(deal: Deal, play: Play, legal: Legal) -> None:
    state = play(deal(hold("openspiel"), *QUEEN_BREAK), QUEEN_BREAK_PLAY)
    legal(state, "2H", Reason.LEAD_HEARTS_BROKEN, "breaking_hearts")


def test_2b_rickety_kate_has_no_moon(deal: Deal, play: Play) -> None:
    state = play(deal(hold("rickety_kate"), *MOON), MOON_PLAY)
    assert state.scores() == [26, 0, 0, 0]


def test_2b_pure_hearts_scores_hearts_only(deal: Deal, play: Play, legal: Legal) -> None:
    state = play(deal(hold("pure_hearts"), *MIXED), MIXED_PLAY)
    assert state.scores() == [8, 4, 1, 0]
    first = play(deal(hold("pure_hearts"), *FIRST_TRICK), "2C")
    legal(first, "AH", Reason.DISCARD, "follow_suit")
