"""A game: hands in sequence, the dealer and pass direction by hand, running
totals, the end (V10), ties (2b) and the moon choice given the standings."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from hearts_core import Game, HandState, Ruleset
from hearts_core.ai.bots import play_random_hand
from hearts_core.engine.vocabulary import MoonChoice
from tests.core.named_deals import MISSED_MOON, MISSED_MOON_PLAY, MOON, MOON_PLAY


def rotate(hands: tuple[str, ...], seats: int) -> tuple[str, ...]:
    """The deal moved ``seats`` to the left: seat 0's cards go to seat ``seats``."""
    return tuple(hands[(seat - seats) % 4] for seat in range(4))


def finished(rules: Ruleset, hands: tuple[str, ...], cards: str, hand_number: int) -> HandState:
    state = HandState.from_hands(rules, hands, hand_number)
    for card in cards.replace("|", " ").split():
        state = state.play(card)
    assert state.phase == "over"
    return state


def record(game: Game, hands: tuple[str, ...], cards: str, moon_choice: MoonChoice | None = None) -> Game:
    return game.record(finished(game.rules, hands, cards, game.next_hand_number), moon_choice)


def hold(**fields: Any) -> Ruleset:
    return Ruleset(pass_cycle=("hold",), **fields)


# -- dealer and pass direction ---------------------------------------------------------------------


def test_dealer_moves_left_each_hand_and_the_deal_starts_left_of_the_dealer() -> None:
    game = Game(Ruleset(target_score=0, max_hands=6))
    dealers = []
    while not game.is_over:
        state = game.start_hand(seed=game.next_hand_number)
        dealers.append(state.dealer)
        assert state.hand_number == game.next_hand_number
        game = game.record(play_random_hand(state, seed=1))
    assert dealers == [3, 0, 1, 2, 3, 0]


def test_pass_direction_follows_the_cycle_by_hand_number() -> None:
    game = Game(Ruleset(target_score=0, max_hands=9))
    directions = []
    while not game.is_over:
        assert game.pass_direction() == game.rules.pass_direction(game.next_hand_number)
        state = game.start_hand(seed=100 + game.next_hand_number)
        directions.append(state.pass_direction)
        assert state.phase == ("play" if state.pass_direction == "hold" else "pass")
        game = game.record(play_random_hand(state, seed=2))
    assert directions == ["left", "right", "across", "hold"] * 2 + ["left"]
    assert game.pass_direction(2) == "across"


def test_pass_direction_with_a_custom_cycle() -> None:
    game = Game(Ruleset(pass_cycle=("left", "across", "right", "hold")))
    assert [game.pass_direction(hand) for hand in range(5)] == ["left", "across", "right", "hold", "left"]


# -- totals and the end ----------------------------------------------------------------------------------


def test_totals_are_the_sum_of_hand_scores() -> None:
    game = Game(hold())
    assert game.totals == [0, 0, 0, 0] and game.leaders == (0, 1, 2, 3)
    game = record(game, MISSED_MOON, MISSED_MOON_PLAY)
    game = record(game, rotate(MISSED_MOON, 2), MISSED_MOON_PLAY)  # seat 2 takes 25, seat 3 one
    game = record(game, MOON, MOON_PLAY, moon_choice="add_to_others")
    assert [result.scores for result in game.hands] == [(25, 1, 0, 0), (0, 0, 25, 1), (0, 26, 26, 26)]
    assert game.totals == [25, 27, 51, 27]
    assert game.totals_after(1) == [25, 1, 0, 0]
    assert game.totals_after(2) == [25, 1, 25, 1]
    assert game.leaders == (0,)
    assert not game.is_over and game.winners == ()


def test_game_ends_after_the_hand_in_which_someone_reaches_the_target() -> None:
    game = Game(hold(target_score=100))
    for _ in range(3):
        game = record(game, MISSED_MOON, MISSED_MOON_PLAY)
    assert game.totals == [75, 3, 0, 0] and not game.is_over
    game = record(game, rotate(MISSED_MOON, 3), MISSED_MOON_PLAY)  # seat 3 takes 25, seat 0 one
    assert game.totals == [76, 3, 0, 25] and not game.is_over
    game = record(game, MISSED_MOON, MISSED_MOON_PLAY)
    assert game.totals == [101, 4, 0, 25]
    assert game.is_over and game.winners == (2,)
    with pytest.raises(ValueError, match="over"):
        game.start_hand(seed=1)
    with pytest.raises(ValueError, match="over"):
        record(game, MISSED_MOON, MISSED_MOON_PLAY)


def test_game_of_a_fixed_number_of_hands() -> None:
    game = Game(hold(target_score=0, max_hands=4))
    for number in range(4):
        assert not game.is_over
        game = record(game, rotate(MISSED_MOON, number), MISSED_MOON_PLAY)
    assert game.is_over
    assert game.totals == [26, 26, 26, 26]
    assert game.winners == (0, 1, 2, 3)  # everyone tied: a shared win


def test_tie_for_lowest_shared_or_played_on() -> None:
    shared = Game(hold(target_score=50, tie="share"))
    play_on = Game(hold(target_score=50, tie="play_on"))
    for _ in range(2):
        shared = record(shared, MISSED_MOON, MISSED_MOON_PLAY)
        play_on = record(play_on, MISSED_MOON, MISSED_MOON_PLAY)
    assert shared.totals == play_on.totals == [50, 2, 0, 0]
    assert shared.is_over and shared.winners == (2, 3)
    assert not play_on.is_over and play_on.winners == ()
    assert play_on.leaders == (2, 3)
    # The next hand: seat 2 takes 25 and seat 3 one point, so seat 3 is lowest alone.
    play_on = record(play_on, rotate(MISSED_MOON, 2), MISSED_MOON_PLAY)
    assert play_on.totals == [50, 2, 25, 1]
    assert play_on.is_over and play_on.winners == (3,)


def test_record_refuses_unfinished_or_foreign_hands() -> None:
    game = Game(hold())
    state = HandState.from_hands(game.rules, MISSED_MOON)
    with pytest.raises(ValueError, match="finished"):
        game.record(state.play("2C"))
    with pytest.raises(ValueError, match="expected hand 0"):
        game.record(finished(game.rules, MISSED_MOON, MISSED_MOON_PLAY, hand_number=1))
    with pytest.raises(ValueError, match="expected hand 0"):
        game.record(finished(hold(moon="off"), MISSED_MOON, MISSED_MOON_PLAY, hand_number=0))


# -- the moon and the standings -------------------------------------------------------------------------------


def standings_before_the_moon(rules: Ruleset) -> Game:
    """Totals 50 / 77 / 3 / 0 after five hands."""
    game = Game(rules)
    for _ in range(3):
        game = record(game, rotate(MISSED_MOON, 1), MISSED_MOON_PLAY)  # seat 1 takes 25, seat 2 one
    for _ in range(2):
        game = record(game, MISSED_MOON, MISSED_MOON_PLAY)
    assert game.totals == [50, 77, 3, 0]
    return game


def test_auto_moon_subtracts_when_adding_would_end_the_game_with_the_shooter_not_lowest() -> None:
    game = standings_before_the_moon(hold(moon="auto"))
    game = record(game, MOON, MOON_PLAY)  # seat 0 shoots the moon
    # +26 to the others would give 50 / 103 / 29 / 26: the game would end with seat 3 lowest.
    assert game.hands[-1].report.moon_option == "subtract_from_self"
    assert game.totals == [24, 77, 3, 0]
    assert not game.is_over


def test_adding_to_the_others_ends_that_game_and_the_shooter_loses() -> None:
    game = standings_before_the_moon(hold(moon="add_to_others"))
    game = record(game, MOON, MOON_PLAY)
    assert game.totals == [50, 103, 29, 26]
    assert game.is_over and game.winners == (3,)


def test_auto_moon_adds_to_the_others_when_that_wins_the_game() -> None:
    game = Game(hold(moon="auto"))
    for _ in range(3):
        game = record(game, rotate(MISSED_MOON, 1), MISSED_MOON_PLAY)
    assert game.totals == [0, 75, 3, 0]
    game = record(game, MOON, MOON_PLAY)
    # +26: 0 / 101 / 29 / 26 ends the game with the shooter lowest alone.
    assert game.hands[-1].report.moon_option == "add_to_others"
    assert game.is_over and game.winners == (0,)


def test_shooter_choice_is_recorded_and_applied() -> None:
    game = standings_before_the_moon(hold(moon="choice"))
    chosen = record(game, MOON, MOON_PLAY, moon_choice="add_to_others")  # a human may choose badly
    assert chosen.hands[-1].moon_choice == "add_to_others"
    assert chosen.totals == [50, 103, 29, 26] and chosen.winners == (3,)
    bot = record(game, MOON, MOON_PLAY)  # no choice given: the better option for the shooter
    assert bot.totals == [24, 77, 3, 0]


# -- other rules --------------------------------------------------------------------------------------------------


def test_chip_game_ends_after_its_hands_and_the_most_chips_collected_wins() -> None:
    rules = dataclasses.replace(Ruleset.preset("chips_1887"), max_hands=2)
    game = Game(rules)
    game = record(game, MISSED_MOON, MISSED_MOON_PLAY)  # hearts 12 / 1 / 0 / 0: seats 2 and 3 share 13
    assert game.totals == [12, 1, -6, -6]
    game = record(game, rotate(MISSED_MOON, 1), MISSED_MOON_PLAY)  # hearts 0 / 12 / 1 / 0: seats 0 and 3 share
    assert game.hands[-1].scores == (-6, 12, 1, -6)
    assert game.totals == [6, 13, -5, -12]
    assert game.is_over and game.winners == (3,)


def test_random_games_end_and_winners_are_lowest() -> None:
    for name in ("standard", "spot_hearts", "five_players", "black_maria"):
        game = Game(Ruleset.preset(name))
        while not game.is_over:
            game = game.record(play_random_hand(game.start_hand(seed=game.next_hand_number), seed=7))
        assert max(game.totals) >= game.rules.target_score
        assert all(max(game.totals_after(k)) < game.rules.target_score for k in range(len(game.hands)))
        assert game.winners == tuple(seat for seat, total in enumerate(game.totals) if total == min(game.totals))
