"""The table view model (hearts_core.engine.table) on named deals: seats, tricks, badges, hidden cards."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_core import CardParseError, HandState, Ruleset
from hearts_core.engine.table import (
    Badges,
    Play,
    TableEvent,
    TableSnapshot,
    TrickView,
    display_order,
    scene_key,
    seat_compass,
    seat_name,
    seat_plays,
    table_events,
    table_snapshot,
)
from tests.core.conftest import deal_hands, play_cards
from tests.core.named_deals import HOLD, MIXED, MIXED_PLAY, PASSES, ROUND_ROBIN

STANDARD = Ruleset()

# Three players (2D removed, 17 cards each): South holds every club, so leads the 2C.
THREE = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D",
    "7D 8D 9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH",
    "JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)

# Five players (2C 2D removed, 10 cards each): South leads the 3C.
FIVE = (
    "3C 4C 5C 6C 7C 8C 9C TC JC QC",
    "KC AC 3D 4D 5D 6D 7D 8D 9D TD",
    "JD QD KD AD 2H 3H 4H 5H 6H 7H",
    "8H 9H TH JH QH KH AH 2S 3S 4S",
    "5S 6S 7S 8S 9S TS JS QS KS AS",
)

# Six players (2C 2D 3C 2S removed, 8 cards each): South leads the 4C.
SIX = (
    "4C 5C 6C 7C 8C 9C TC JC",
    "QC KC AC 3D 4D 5D 6D 7D",
    "8D 9D TD JD QD KD AD 2H",
    "3H 4H 5H 6H 7H 8H 9H TH",
    "JH QH KH AH 3S 4S 5S 6S",
    "7S 8S 9S TS JS QS KS AS",
)


def mid_hand() -> HandState:
    """Round robin, passed left; East takes the QS on trick 3; trick 4 has two cards."""
    state = deal_hands(STANDARD, *ROUND_ROBIN).with_passes(PASSES)
    return play_cards(state, "2C 3C 4C 5C | 9C KC AC 8C | 7C QS QC TC | 4D 5D")


# -- seat names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "names"),
    [
        (2, ["South", "North"]),
        (3, ["South", "West", "East"]),
        (4, ["South", "West", "North", "East"]),
        (5, ["South", "West", "North-West", "North-East", "East"]),
        (6, ["South", "South-West", "North-West", "North", "North-East", "South-East"]),
    ],
)
def test_seat_names_go_clockwise_from_south(players: int, names: list[str]) -> None:
    assert [seat_name(seat, players) for seat in range(players)] == names


def test_seat_names_follow_the_compass_and_check_the_seat() -> None:
    assert [seat_compass(seat, 6) for seat in range(6)] == [
        "south",
        "south_west",
        "north_west",
        "north",
        "north_east",
        "south_east",
    ]
    assert seat_name(2, 5) == "North-West"
    with pytest.raises(ValueError, match="no seat 6 at a table of 7"):
        seat_name(6, 7)
    with pytest.raises(ValueError, match="no seat 4"):
        seat_name(4, 4)
    with pytest.raises(ValueError):
        seat_name(-1, 4)


# -- a four-player position -----------------------------------------------------------------


def test_mid_hand_with_only_south_face_up() -> None:
    table = table_snapshot(mid_hand(), face_up=[0])
    south, west, north, east = table.seats
    assert table.players == 4
    assert [seat.name for seat in table.seats] == ["South", "West", "North", "East"]
    # South's hand: face up, sorted by suit then rank (it received KC QD AS from East).
    assert south.cards == ("6C", "9D", "QD", "4H", "8H", "3S", "7S", "JS", "AS")
    assert south.face_up and south.count == 9
    # The others: only how many cards they hold.
    assert (west.cards, west.count, north.cards, north.count, east.cards, east.count) == (None, 10, None, 10, None, 9)
    assert not (west.face_up or north.face_up or east.face_up)
    # Tricks and points: East won tricks 1 and 3 (the QS), West trick 2.
    assert [seat.tricks for seat in table.seats] == [0, 1, 0, 2]
    assert [seat.points for seat in table.seats] == [0, 0, 0, 13]
    # West is to play; East dealt hand 0.
    assert table.to_play == 1 and [seat.to_play for seat in table.seats] == [False, True, False, False]
    assert table.dealer == 3 and [seat.dealer for seat in table.seats] == [False, False, False, True]


def test_mid_hand_tricks() -> None:
    table = table_snapshot(mid_hand(), face_up=[0])
    assert table.trick == TrickView(number=4, leader=3, plays=(Play(3, "4D"), Play(0, "5D")), winning=0)
    assert table.trick.plays == ((3, "4D"), (0, "5D"))  # plain (seat, card) pairs
    assert not table.trick.complete
    assert table.last_trick == TrickView(
        number=3,
        leader=1,
        plays=(Play(1, "7C"), Play(2, "QS"), Play(3, "QC"), Play(0, "TC")),
        winning=3,
        winner=3,
        points=13,
    )
    assert table.last_trick.complete
    assert table_snapshot(mid_hand(), last_trick=False).last_trick is None


def test_mid_hand_badges() -> None:
    assert table_snapshot(mid_hand()).badges == Badges(
        phase="play",
        pass_direction="left",
        pass_count=3,
        hand_number=0,
        trick_number=4,
        tricks_total=13,
        hearts_broken=False,  # the QS does not break hearts in the standard game
        queen_fallen=True,
        points_taken=13,
        points_available=26,
    )


def test_passes_are_shown_only_where_the_viewer_can_know_them() -> None:
    table = table_snapshot(mid_hand(), face_up=[0])
    south, west, north, east = table.seats
    # South passed AC KD QH to West (left) and received KC QD AS from East.
    assert (south.passed, south.passed_to) == (("AC", "KD", "QH"), 1)
    assert (south.received, south.received_from) == (("KC", "QD", "AS"), 3)
    # So South knows what West received and what East passed; nothing of North's exchange.
    assert (west.received, west.received_from, west.passed) == (("AC", "KD", "QH"), 0, None)
    assert (east.passed, east.passed_to, east.received) == (("KC", "QD", "AS"), 0, None)
    assert (north.passed, north.received) == (None, None)
    everyone = table_snapshot(mid_hand())
    assert (everyone.seats[2].passed, everyone.seats[2].passed_to) == (("QC", "AH", "KS"), 3)
    assert (everyone.seats[2].received, everyone.seats[2].received_from) == (("AD", "KH", "QS"), 1)


def test_hidden_hands_leave_no_trace_in_the_snapshot() -> None:
    state = mid_hand()
    table = table_snapshot(state, face_up=[0])
    text = repr(table)
    known = set(table.seats[1].received or ()) | set(table.seats[3].passed or ()) | {str(c) for c in state.played}
    for seat in (1, 2, 3):
        for card in state.hands[seat]:
            if str(card) not in known:
                assert f"'{card}'" not in text, (seat, card)


def test_all_face_up_shows_every_hand_and_none_shows_none() -> None:
    state = mid_hand()
    table = table_snapshot(state)
    for seat, view in enumerate(table.seats):
        assert view.cards == tuple(str(card) for card in state.hands[seat])
    hidden = table_snapshot(state, face_up="none")
    assert all(view.cards is None for view in hidden.seats)
    assert [view.count for view in hidden.seats] == [9, 10, 10, 9]
    assert table_snapshot(state, face_up=range(4)) == table


@pytest.mark.parametrize("face_up", [[4], [-1], "south", "some"])
def test_face_up_must_name_real_seats(face_up: object) -> None:
    with pytest.raises(ValueError, match="face_up"):
        table_snapshot(mid_hand(), face_up=face_up)  # type: ignore[arg-type]


def test_highlight_and_caption() -> None:
    state = mid_hand()
    table = table_snapshot(state, highlight=state.legal_moves(), caption="West to follow")
    assert table.highlight == ("2D", "6D", "TD", "KD")
    assert table.is_highlighted("KD") and table.is_highlighted("10d") and not table.is_highlighted("QS")
    assert table.caption == "West to follow"
    assert table_snapshot(state, highlight=["Q♠", "2c"]).highlight == ("2C", "QS")  # sorted, normalised
    with pytest.raises(CardParseError):
        table_snapshot(state, highlight=["ZZ"])


def test_snapshot_is_a_frozen_hashable_value() -> None:
    table = table_snapshot(mid_hand(), face_up=[0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.to_play = 0  # type: ignore[misc]
    assert hash(table) == hash(table_snapshot(mid_hand(), face_up=[0]))
    assert isinstance(table, TableSnapshot) and table.seat(3) is table.seats[3]


# -- the phases ------------------------------------------------------------------------------


def test_pass_phase() -> None:
    state = deal_hands(STANDARD, *ROUND_ROBIN, hand_number=1)
    table = table_snapshot(state, face_up=[0])
    assert table.trick is None and table.last_trick is None and table.to_play is None
    assert not any(view.to_play for view in table.seats)
    assert all(view.passed is None and view.received is None for view in table.seats)
    assert table.dealer == 0 and table.seats[0].dealer  # the deal moves left each hand
    facts = table.badges
    assert (facts.phase, facts.pass_direction, facts.pass_count, facts.trick_number) == ("pass", "right", 3, 1)
    assert (facts.hearts_broken, facts.queen_fallen, facts.points_taken) == (False, False, 0)


def test_hold_hand_has_no_passes() -> None:
    table = table_snapshot(play_cards(deal_hands(HOLD, *MIXED), "2C"))
    assert table.badges.pass_direction == "hold" and table.badges.phase == "play"
    assert all(view.passed is None and view.received is None for view in table.seats)
    assert table.trick == TrickView(number=1, leader=0, plays=(Play(0, "2C"),), winning=0)
    assert table.last_trick is None


def test_a_trick_about_to_be_led() -> None:
    state = play_cards(deal_hands(HOLD, *MIXED), "2C 3C AC 4C")
    table = table_snapshot(state)
    assert table.trick == TrickView(number=2, leader=2, plays=(), winning=None)
    assert table.to_play == 2 and table.last_trick is not None and table.last_trick.winner == 2


def test_hand_over() -> None:
    state = play_cards(deal_hands(HOLD, *MIXED), MIXED_PLAY)
    table = table_snapshot(state)
    assert state.phase == "over"
    assert table.trick is None and table.to_play is None
    assert all(view.cards == () and view.count == 0 for view in table.seats)
    assert [view.points for view in table.seats] == [8, 4, 14, 0]
    facts = table.badges
    assert (facts.phase, facts.trick_number, facts.tricks_total) == ("over", 13, 13)
    assert (facts.hearts_broken, facts.queen_fallen, facts.points_taken) == (True, True, 26)
    assert table.last_trick is not None and table.last_trick.number == 13


def test_a_position_without_history() -> None:
    state = HandState.from_position(STANDARD, mid_hand().to_position())
    table = table_snapshot(state, face_up=[0])
    assert table.trick == table_snapshot(mid_hand(), face_up=[0]).trick
    assert table.last_trick is None  # a position does not carry its tricks
    assert table.badges.trick_number == 4 and table.badges.points_taken == 13


# -- three, five and six players ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "hands", "opening", "size"),
    [(3, THREE, "2C 7D 2S", 17), (5, FIVE, "3C KC JD 2S 5S", 10), (6, SIX, "4C QC 8D 3H 3S 7S", 8)],
)
def test_other_player_counts(players: int, hands: tuple[str, ...], opening: str, size: int) -> None:
    rules = dataclasses.replace(STANDARD.with_players(players), pass_cycle=("hold",))
    state = deal_hands(rules, *hands)
    first, *rest = opening.split()
    state = play_cards(state, first)
    table = table_snapshot(state, face_up=[0])
    assert table.players == players and len(table.seats) == players
    assert [view.name for view in table.seats] == [seat_name(seat, players) for seat in range(players)]
    assert table.seats[0].cards == tuple(hands[0].split()[1:])
    assert [view.count for view in table.seats] == [size - 1] + [size] * (players - 1)
    assert table.dealer == players - 1 and table.to_play == 1
    assert table.trick == TrickView(number=1, leader=0, plays=(Play(0, first),), winning=0)
    assert table.badges.tricks_total == size and table.badges.trick_number == 1
    state = play_cards(state, " ".join(rest))
    table = table_snapshot(state, face_up=[0])
    assert table.last_trick is not None
    assert [play.seat for play in table.last_trick.plays] == list(range(players))
    assert table.last_trick.winner == table.to_play
    assert table.trick is not None and table.trick.number == 2 and table.trick.plays == ()


# -- what happens between two pictures: the events a table animates ------------------------------


def test_a_hand_is_shown_by_suit_in_alternating_colours_high_to_low_or_low_to_high() -> None:
    hand = mid_hand().hands[0]  # 6C 9D QD 4H 8H 3S 7S JS AS
    assert [str(card) for card in display_order(hand)] == ["AS", "JS", "7S", "3S", "8H", "4H", "6C", "QD", "9D"]
    assert [str(card) for card in display_order(hand, "low_first")] == [
        "3S",
        "7S",
        "JS",
        "AS",
        "4H",
        "8H",
        "6C",
        "9D",
        "QD",
    ]
    with pytest.raises(ValueError, match="rank order"):
        display_order(hand, "sideways")  # type: ignore[arg-type]


def test_seat_plays_name_the_seat_of_every_card_in_order() -> None:
    assert seat_plays(mid_hand())[:6] == (
        Play(0, "2C"),
        Play(1, "3C"),
        Play(2, "4C"),
        Play(3, "5C"),
        Play(3, "9C"),
        Play(0, "KC"),
    )
    assert seat_plays(mid_hand())[-2:] == (Play(3, "4D"), Play(0, "5D"))


def rotated() -> HandState:
    """The round-robin deal given one seat on (seat 0 gets seat 1's cards), each passing its own three."""
    passes = {seat: PASSES[(seat + 1) % 4] for seat in range(4)}
    return deal_hands(STANDARD, *ROUND_ROBIN[1:], ROUND_ROBIN[0]).with_passes(passes)


def test_events_from_one_picture_to_the_next_include_the_gathered_trick() -> None:
    before = deal_hands(STANDARD, *ROUND_ROBIN).with_passes(PASSES)  # South to lead the 2C
    after = play_cards(before, "2C 3C 4C 5C | 9C")
    events = table_events(before, after)
    assert [(event.kind, event.seat, event.card, event.trick) for event in events] == [
        ("play", 0, "2C", 0),
        ("play", 1, "3C", 0),
        ("play", 2, "4C", 0),
        ("play", 3, "5C", 0),
        ("gather", 3, None, 0),
        ("play", 3, "9C", 1),
    ]
    # East gathers the trick with the QS: 13 points on the pile.
    queen = table_events(play_cards(after, "KC AC"), play_cards(after, "KC AC 8C | 7C QS QC TC"))
    assert [(event.kind, event.seat, event.points) for event in queen if event.kind == "gather"] == [
        ("gather", 1, 0),
        ("gather", 3, 13),
    ]
    # After each card, the seat winning the trick so far: the 7C leads, the QS (a discard) wins
    # nothing, the QC takes over, the TC stays under it; the last card names the trick's winner.
    plays = [event for event in queen if event.kind == "play"]
    assert [(event.card, event.winning) for event in plays[-4:]] == [
        ("7C", plays[-4].seat),
        ("QS", plays[-4].seat),
        ("QC", 3),
        ("TC", 3),
    ]


def test_events_start_at_the_pass_and_stop_where_the_hand_is_another() -> None:
    dealt = deal_hands(STANDARD, *ROUND_ROBIN)
    passed = play_cards(dealt.with_passes(PASSES), "2C 3C")
    assert [event.card for event in table_events(dealt, passed)] == ["2C", "3C"]
    assert table_events(passed, dealt) == ()  # backwards: nothing to show
    assert table_events(passed, play_cards(passed, "4C")) == (TableEvent("play", 2, "4C", 0, 0, winning=2),)
    assert table_events(passed, play_cards(rotated(), "2C 3C 4C")) == ()  # another deal
    assert table_events(passed, play_cards(deal_hands(HOLD, *ROUND_ROBIN), "2C 3C 4C")) == ()  # other rules


def test_the_scene_key_names_the_deal_and_the_cards_played() -> None:
    start = deal_hands(STANDARD, *ROUND_ROBIN).with_passes(PASSES)
    assert scene_key(start) == scene_key(deal_hands(STANDARD, *ROUND_ROBIN).with_passes(PASSES))
    assert scene_key(start) != scene_key(start.play("2C"))
    assert scene_key(start.play("2C")) == scene_key(start.play("2C"))
    assert scene_key(rotated()) != scene_key(start)
