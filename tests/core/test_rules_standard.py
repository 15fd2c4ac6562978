"""The standard game (the rule book's section "standard"), its worked example and the disputes (the
four disputed situations): one test per rule, each on a deal written out card
by card.

Seats are 0..3 and play goes to the left (clockwise): seat 0, 1, 2, 3, 0, ...
"""

from __future__ import annotations

import itertools
import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from hearts_core import CardSet, Game, HandState, IllegalPassError, IllegalPlayError, Reason, Ruleset
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
    ROUND_ROBIN,
    SUITS,
)
from tests.helpers import names


def rotate(hands: tuple[str, ...], seats: int) -> tuple[str, ...]:
    """The same deal moved ``seats`` seats to the left (seat 0's cards go to seat ``seats``)."""
    return tuple(hands[(seat - seats) % len(hands)] for seat in range(len(hands)))


# -- players, deck, ranks, deal --------------------------------------------------------------------


def test_four_players_get_thirteen_cards_each_from_a_full_deck() -> None:
    state = HandState.deal(Ruleset(), seed=11)
    assert len(state.hands) == 4
    assert [len(hand) for hand in state.hands] == [13, 13, 13, 13]
    union = CardSet()
    for hand in state.hands:
        assert not union & hand
        union = union | hand
    assert union == CardSet.full_deck()


def test_a_deal_must_be_the_whole_deck_in_four_hands_of_thirteen(deal: Deal) -> None:
    with pytest.raises(ValueError, match="12 cards"):
        deal(HOLD, "2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S", *ROUND_ROBIN[1:])
    with pytest.raises(ValueError, match="more than one player"):
        deal(HOLD, ROUND_ROBIN[0], ROUND_ROBIN[0], *ROUND_ROBIN[2:])
    with pytest.raises(ValueError, match="expected 4 hands"):
        deal(HOLD, *ROUND_ROBIN[:3])


def test_ranks_two_is_lowest_and_ace_highest(deal: Deal, play: Play) -> None:
    state = deal(HOLD, *ROUND_ROBIN)
    state = play(state, "2C 3C 4C 5C")
    assert state.tricks[0].winner == 3  # the 5C beats 2C, 3C and 4C: the 2 never wins a trick
    state = play(state, "9C AC JC QC")  # seat 3 leads 9C; seat 0's ace beats queen and jack
    assert state.tricks[1].winner == 0
    state = play(state, "TC 7C 8C KC")  # seat 0 leads TC; the king beats ten, eight, seven
    assert state.tricks[2].winner == 3


def test_deal_one_card_at_a_time_clockwise_starting_left_of_the_dealer() -> None:
    class NoShuffle(random.Random):
        def shuffle(self, x: MutableSequence[Any]) -> None:
            pass  # the deck stays in order 2C 3C ... AC 2D ... AS

    first = HandState.deal(Ruleset(), NoShuffle(), hand_number=0)
    assert first.dealer == 3
    # Seat 0 (left of dealer 3) gets the 1st, 5th, 9th ... card; seat 1 the 2nd, 6th ...
    assert first.hands == tuple(CardSet.parse(hand) for hand in ROUND_ROBIN)
    second = HandState.deal(Ruleset(), NoShuffle(), hand_number=1)
    assert second.dealer == 0
    assert second.hands == tuple(CardSet.parse(hand) for hand in rotate(ROUND_ROBIN, 1))
    assert str(second.hands[1]) == "2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS"


def test_the_deal_passes_to_the_left_after_each_hand() -> None:
    dealers = [HandState.deal(Ruleset(), seed=1, hand_number=hand).dealer for hand in range(6)]
    assert dealers == [3, 0, 1, 2, 3, 0]
    for before, after in itertools.pairwise(dealers):
        assert after == (before + 1) % 4  # the player on the dealer's left deals next


# -- passing ---------------------------------------------------------------------------------------


def test_everyone_passes_three_cards_at_once_and_blind(deal: Deal) -> None:
    state = deal(Ruleset(), *ROUND_ROBIN)  # hand 0 passes left
    assert state.phase == "pass" and state.pass_direction == "left"
    # Seat 1 cannot pass on the AC it is about to receive from seat 0: passing is blind.
    with pytest.raises(IllegalPassError) as info:
        state.with_passes({**PASSES, 1: "AC KH QS"})
    assert info.value.code == "not_held" and "A♣" in str(info.value) and "West" in str(info.value)
    # Every seat passes at once: a pass for only some seats is refused.
    with pytest.raises(IllegalPassError) as info:
        state.with_passes({0: PASSES[0]})
    assert info.value.code == "seats"
    # Exactly three cards.
    with pytest.raises(IllegalPassError) as info:
        state.with_passes({**PASSES, 2: "AH KS"})
    assert info.value.code == "count" and "3" in str(info.value)
    # Nothing may be played before the pass.
    with pytest.raises(IllegalPlayError) as played:
        state.play("2C")
    assert played.value.reason is Reason.PASSING_FIRST

    after = state.with_passes(PASSES)
    assert after.phase == "play"
    assert after.hands[1] == CardSet.parse(ROUND_ROBIN[1]) - CardSet.parse("AD KH QS") | CardSet.parse("AC KD QH")
    assert after.received(1) == CardSet.parse("AC KD QH")
    assert after.received(0) == CardSet.parse("AS KC QD")
    assert after.passes == {seat: CardSet.parse(cards) for seat, cards in PASSES.items()}


@pytest.mark.parametrize(
    ("hand_number", "direction", "receiver_of_seat_0"),
    [
        (0, "left", 1),
        (1, "right", 3),
        (2, "across", 2),
        (3, "hold", None),
        (4, "left", 1),
        (5, "right", 3),
        (6, "across", 2),
        (7, "hold", None),
    ],
)
def test_pass_direction_cycles_by_hand_number(
    deal: Deal, hand_number: int, direction: str, receiver_of_seat_0: int | None
) -> None:
    state = deal(Ruleset(), *ROUND_ROBIN, hand_number=hand_number)
    assert state.pass_direction == direction
    if receiver_of_seat_0 is None:
        assert state.phase == "play"  # no pass: play starts at once with the dealt hands
        assert state.hands == tuple(CardSet.parse(hand) for hand in ROUND_ROBIN)
        with pytest.raises(IllegalPassError):
            state.with_passes(PASSES)
        return
    after = state.with_passes(PASSES)
    assert CardSet.parse("AC KD QH") <= after.hands[receiver_of_seat_0]
    assert after.received(receiver_of_seat_0) == CardSet.parse("AC KD QH")


# -- the lead and the order of play ----------------------------------------------------------------


def test_the_holder_of_the_two_of_clubs_leads_it(deal: Deal, illegal: Illegal, legal: Legal) -> None:
    state = deal(HOLD, *rotate(ROUND_ROBIN, 2))  # the 2C is now in seat 2's hand
    assert state.to_play == 2
    assert names(state.legal_moves()) == ["2C"]
    illegal(state, "AC", Reason.OPENING_LEAD_CARD, "opening_lead", "2C", "lowest club")
    illegal(state, "3S", Reason.OPENING_LEAD_CARD, "opening_lead", "2C")
    legal(state, "2C", Reason.OPENING_LEAD, "opening_lead")


def test_play_goes_clockwise_to_the_left(deal: Deal, play: Play) -> None:
    state = deal(HOLD, *ROUND_ROBIN)
    order = []
    for card in ["2C", "3C", "4C", "5C", "9C", "AC", "JC", "QC"]:
        order.append(state.to_play)
        state = state.play(card)
    # Seat 0 leads, then 1, 2, 3; seat 3 won and leads, then 0, 1, 2.
    assert order == [0, 1, 2, 3, 3, 0, 1, 2]
    assert state.tricks[1].seats(4) == (3, 0, 1, 2)
    assert state.to_play == 0  # seat 0 won with the AC and leads
    with pytest.raises(IllegalPlayError) as info:
        play(state, "TD")  # seat 1's card: seat 1 must wait for its turn
    assert info.value.reason is Reason.NOT_YOUR_CARD


def test_you_must_follow_suit_if_you_can(deal: Deal, play: Play, illegal: Illegal, legal: Legal) -> None:
    state = play(deal(HOLD, *ROUND_ROBIN), "2C 3C 4C 5C | 9C AC JC QC | 5D")
    assert state.to_play == 1  # holds 2D 6D TD AD
    illegal(state, "KH", Reason.MUST_FOLLOW_SUIT, "follow_suit", "follow suit", "5D", "2D 6D TD AD")
    illegal(state, "7C", Reason.MUST_FOLLOW_SUIT, "follow_suit")
    assert names(state.legal_moves()) == ["2D", "6D", "TD", "AD"]
    legal(state, "6D", Reason.FOLLOWS_SUIT, "follow_suit")


def test_a_void_player_may_play_any_card(deal: Deal, play: Play, legal: Legal) -> None:
    # Tricks 1-5 empty the clubs of seats 1, 2 and 3; seat 0 then leads the TC.
    state = play(deal(HOLD, *ROUND_ROBIN), "2C 3C 4C 5C | 9C AC JC QC | 5D 2D 3D QD | KC 6C 7C 8C | 4D 9D 6D 7D")
    state = play(state, "TC")
    assert state.to_play == 1
    assert len(state.legal_moves()) == len(state.hands[1]) == 8  # every card, hearts and the QS too
    state = legal(state, "QS", Reason.DISCARD, "follow_suit", "no clubs")
    state = legal(state, "AH", Reason.DISCARD, "follow_suit")
    legal(state, "3H", Reason.DISCARD, "follow_suit")


def test_nobody_is_obliged_to_beat_the_card_on_the_table(deal: Deal, play: Play, legal: Legal) -> None:
    state = play(deal(HOLD, *ROUND_ROBIN), "2C 3C 4C 5C | 9C AC JC QC | 5D")
    # Seat 1 holds the AD but may duck with the 2D.
    state = legal(state, "2D", Reason.FOLLOWS_SUIT, "follow_suit", "do not have to beat")
    state = play(state, "3D QD")
    assert state.tricks[-1].winner == 3


def test_highest_card_of_the_led_suit_wins_and_its_winner_leads(deal: Deal, play: Play) -> None:
    state = play(deal(HOLD, *ROUND_ROBIN), "2C 3C 4C 5C | 9C AC JC QC | 5D 2D 3D QD | KC 6C 7C 8C | 4D 9D 6D 7D")
    # Seat 0 leads the TC; nobody else has a club, so the three aces discarded do not win: no trumps.
    state = play(state, "TC AD AH AS")
    trick = state.tricks[-1]
    assert tuple(names(trick.cards)) == ("TC", "AD", "AH", "AS")
    assert trick.winner == 0 and trick.points == 1
    assert state.to_play == 0 and state.current_trick.leader == 0
    # And in a trick where everyone follows, the highest card of the suit wins.
    assert tuple(names(state.tricks[2].cards)) == ("5D", "2D", "3D", "QD") and state.tricks[2].winner == 3
    assert state.tricks[3].leader == 3  # the winner of trick 3 led trick 4


# -- the first trick -------------------------------------------------------------------------------


def test_no_penalty_card_on_the_first_trick_unless_there_is_no_choice(
    deal: Deal, play: Play, illegal: Illegal, legal: Legal
) -> None:
    state = play(deal(HOLD, *SUITS), "2C")
    # Seat 1 holds only diamonds: any diamond.
    state = legal(state, "KD", Reason.DISCARD, "follow_suit")
    # Seat 2 holds nothing but hearts: a heart is the only choice, so it is legal.
    assert state.legal_moves() == list(CardSet.parse(SUITS[2]))
    state = legal(state, "AH", Reason.FIRST_TRICK_FORCED, "dispute_3", "no other choice")
    # Seat 3 holds spades including the QS: the QS is barred while it has other spades.
    illegal(state, "QS", Reason.FIRST_TRICK_POINTS, "first_trick", "first trick", "No points on the first trick")
    assert "QS" not in names(state.legal_moves()) and len(state.legal_moves()) == 12
    state = play(state, "AS")
    assert state.tricks[0].points == 1  # the forced AH is scored


# -- hearts ----------------------------------------------------------------------------------------


def test_hearts_may_not_be_led_until_a_heart_has_been_played(
    deal: Deal, play: Play, illegal: Illegal, legal: Legal
) -> None:
    state = play(deal(HOLD, *ROUND_ROBIN), "2C 3C 4C 5C | 9C AC JC QC | 5D 2D 3D QD | KC 6C 7C 8C | 4D 9D 6D 7D")
    assert state.to_play == 0 and not state.hearts_broken
    # Seat 0 holds 4H 8H QH and other suits: no heart lead yet.
    illegal(state, "4H", Reason.HEARTS_NOT_BROKEN, "breaking_hearts", "not broken", "TC KD 3S 7S JS")
    assert not any(card.suit == 2 for card in state.legal_moves())
    # Seat 2 discards the AH on a club trick: hearts are broken.
    state = play(state, "TC AD AH AS")
    assert state.hearts_broken
    legal(state, "4H", Reason.LEAD_HEARTS_BROKEN, "breaking_hearts", "broken")


ONLY_HEARTS = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    SUITS[1],
    SUITS[3],
)


def test_a_player_holding_only_hearts_may_and_must_lead_one(deal: Deal, play: Play, legal: Legal) -> None:
    state = play(deal(HOLD, *ONLY_HEARTS), "2C AC 2D 2S")
    assert state.to_play == 1 and not state.hearts_broken
    assert state.legal_moves() == list(CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"))
    legal(state, "2H", Reason.LEAD_ONLY_HEARTS, "dispute_1", "nothing but hearts")


QUEEN_LEAD = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC QH",
    "AC QS 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    SUITS[1],
    "KH AH 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
)


def test_the_queen_of_spades_may_be_led_before_hearts_are_broken(
    deal: Deal, play: Play, illegal: Illegal, legal: Legal
) -> None:
    state = play(deal(HOLD, *QUEEN_LEAD), "2C AC 2D 3S")
    assert state.to_play == 1 and not state.hearts_broken
    assert names(state.legal_moves()) == ["2S", "QS"]
    illegal(state, "2H", Reason.HEARTS_NOT_BROKEN, "breaking_hearts")
    state = legal(state, "QS", Reason.LEAD_QUEEN_UNBROKEN, "queen_lead", "queen of spades", "not a heart")
    assert not state.hearts_broken  # under the standard rules the QS does not break hearts
    state = play(state, "3D KS 3C")
    assert state.tricks[-1].winner == 3 and state.hand_points() == [0, 0, 0, 13]


# -- scoring ---------------------------------------------------------------------------------------


def test_each_heart_is_one_point_whatever_its_rank_and_the_queen_is_thirteen(deal: Deal, play: Play) -> None:
    state = play(deal(HOLD, *MIXED), MIXED_PLAY)
    assert state.phase == "over"
    points = {" ".join(map(str, trick.cards)): trick.points for trick in state.tricks}
    assert points["5H 8H AH 3H"] == 4  # the ace of hearts counts 1 like the three
    assert points["2H QH JH TH"] == 4
    assert points["AD 7H 3D 4D"] == 1
    assert points["QS 7S TC 8D"] == 13
    assert points["KC TS 2S 5C"] == 0
    assert state.hand_points() == [8, 4, 14, 0]
    assert sum(state.hand_points()) == 26
    assert state.scores() == [8, 4, 14, 0]  # nobody shot the moon: scores are the points taken


def test_shooting_the_moon_is_taking_all_thirteen_hearts_and_the_queen(deal: Deal, play: Play) -> None:
    state = play(deal(HOLD, *MOON), MOON_PLAY)
    assert state.taken[0] >= CardSet.parse(SUITS[2]) | CardSet.parse("QS")
    assert state.tricks_won == [12, 1, 0, 0]  # not every trick: the moon needs only the penalty cards
    assert state.hand_points() == [26, 0, 0, 0]
    report = state.score_report(moon_choice="add_to_others")
    assert report.moon_shooter == 0 and report.moon_value == 26
    assert state.scores(moon_choice="add_to_others") == [0, 26, 26, 26]
    assert state.scores(moon_choice="subtract_from_self") == [-26, 0, 0, 0]


def test_the_game_ends_when_someone_reaches_100_and_the_lowest_total_wins(deal: Deal, play: Play) -> None:
    game = Game(HOLD)
    hands = [MISSED_MOON, MISSED_MOON, MISSED_MOON, MIXED, MISSED_MOON]
    plays = [MISSED_MOON_PLAY, MISSED_MOON_PLAY, MISSED_MOON_PLAY, MIXED_PLAY, MISSED_MOON_PLAY]
    totals = []
    for number, (hands_, cards) in enumerate(zip(hands, plays, strict=True)):
        assert not game.is_over
        game = game.record(play(deal(HOLD, *hands_, hand_number=number), cards))
        totals.append(list(game.totals))
    assert totals[3] == [83, 7, 14, 0]  # 83 is not 100: the game goes on
    assert totals[4] == [108, 8, 14, 0]
    assert game.is_over
    assert game.winners == (3,)
    with pytest.raises(ValueError):
        game.start_hand(seed=1)


# -- the worked example (rule worked_example, the Ukrainian rules site) ---

WORKED = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC TS",
    "QS 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H 8H",
    "7D 8D 9D TD JD QD KD 9H TH JH QH KH AH",
    "AC AD 2S 3S 4S 5S 6S 7S 8S 9S JS KS AS",
)


def test_worked_example_you_must_drop_the_queen_under_the_ace(
    deal: Deal, play: Play, illegal: Illegal, legal: Legal
) -> None:
    state = play(deal(HOLD, *WORKED), "2C 2D 7D AC | AD 3C 3D 8D")
    assert len(state.tricks) == 2  # the third trick: seat 3, an opponent, leads the AS
    state = play(state, "AS TS")  # the next player follows with the TS
    assert state.to_play == 1  # you, holding the QS as your only spade
    assert names(state.legal_moves()) == ["QS"]
    illegal(state, "2H", Reason.MUST_FOLLOW_SUIT, "follow_suit", "spades")
    state = legal(state, "QS", Reason.FOLLOWS_SUIT, "follow_suit")
    state = play(state, "9D")
    assert state.tricks[2].winner == 3  # the ace takes the trick
    assert state.hand_points() == [0, 0, 0, 13]  # you score 0, the opponent +13


# -- the disputed situations (rules dispute_1 to dispute_4) ------------------------------------------------------------


def test_dispute_1_leading_a_heart_when_holding_only_hearts_is_not_a_violation(deal: Deal, play: Play) -> None:
    state = play(deal(HOLD, *ONLY_HEARTS), "2C AC 2D 2S")
    assert not state.hearts_broken
    explanation = state.explain("KH")
    assert explanation.legal and explanation.rule == "dispute_1"
    state = play(state, "KH 3D 3S AH")  # accepted: no IllegalPlayError
    assert state.hearts_broken
    assert state.tricks[-1].winner == 0 and state.tricks[-1].points == 2


DISPUTE_2 = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC TS",
    "QS 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H 8H",
    "7D 8D KS TD JD QD KD 9H TH JH QH KH AH",
    "AC AD 9D 2S 3S 4S 5S 6S 7S 8S 9S JS AS",
)


def test_dispute_2_a_forced_queen_scores_for_the_trick_winner_not_for_her_player(deal: Deal, play: Play) -> None:
    state = play(deal(HOLD, *DISPUTE_2), "2C 2D 7D AC | AD 3C 3D 8D | 2S TS")
    assert state.to_play == 1 and names(state.legal_moves()) == ["QS"]  # seat 1 must follow spades: the QS
    state = play(state, "QS KS")
    trick = state.tricks[-1]
    assert tuple(names(trick.cards)) == ("2S", "TS", "QS", "KS") and trick.points == 13
    assert trick.winner == 2
    assert state.hand_points() == [0, 0, 13, 0]  # seat 2 won the queen; seat 1 who played her has 0


DISPUTE_3 = (
    SUITS[0],
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
    "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
)


def test_dispute_3_void_in_clubs_with_only_penalty_cards_may_play_one_on_the_first_trick(
    deal: Deal, play: Play, legal: Legal
) -> None:
    state = play(deal(HOLD, *DISPUTE_3), "2C")
    assert state.to_play == 1
    assert len(state.legal_moves()) == 13  # every heart and the QS
    legal(state, "KH", Reason.FIRST_TRICK_FORCED, "dispute_3", "no other choice")
    state = legal(state, "QS", Reason.FIRST_TRICK_FORCED, "dispute_3", "no other choice")
    state = play(state, "2D 2S")
    assert state.tricks[0].points == 13 and state.tricks[0].winner == 0


def test_dispute_4_twelve_hearts_and_the_queen_is_not_the_moon(deal: Deal, play: Play) -> None:
    state = play(deal(HOLD, *MISSED_MOON), MISSED_MOON_PLAY)
    assert state.taken[1] & CardSet.parse(SUITS[2]) == CardSet.parse("2H")  # one heart went to an opponent
    assert len(state.taken[0] & CardSet.parse(SUITS[2])) == 12 and "QS" in state.taken[0]
    report = state.score_report()
    assert report.moon_shooter is None
    for choice in (None, "add_to_others", "subtract_from_self"):
        assert state.scores(moon_choice=choice) == [25, 1, 0, 0]
