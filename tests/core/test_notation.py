"""Text notation of a hand (deal, passes, plays) and of a position; round trips
and malformed texts."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_core import CardSet, HandState, NotationError, Ruleset
from tests.helpers import names

RULES = Ruleset()
HOLD = Ruleset(pass_cycle=("hold",))

ROUND_ROBIN = (
    "2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS",
    "3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS",
    "4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS",
    "5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS",
)
PASSES = {0: "AC KD QH", 1: "AD KH QS", 2: "AH KS QC", 3: "AS KC QD"}
DEAL_LINE = "deal: " + " / ".join(ROUND_ROBIN)
PASS_LINE = "pass: " + " / ".join(PASSES.values())


def played(state: HandState, cards: str) -> HandState:
    for card in cards.split():
        state = state.play(card)
    return state


def passed_state() -> HandState:
    return HandState.from_hands(RULES, ROUND_ROBIN).with_passes(PASSES)


# -- round trips -----------------------------------------------------------------------------------


def test_record_of_a_passed_hand_in_progress() -> None:
    # After the pass (left) seat 0 still holds the 2C and leads; seat 3 wins with the 5C.
    state = played(passed_state(), "2C 3C 4C 5C 9C")
    text = state.to_notation()
    assert text.splitlines() == [
        "hand: 0",
        "deal: " + " / ".join(str(CardSet.parse(hand)) for hand in ROUND_ROBIN),
        "pass: " + " / ".join(str(CardSet.parse(cards)) for cards in PASSES.values()),
        "play: 2C 3C 4C 5C | 9C",
    ]
    again = HandState.from_notation(RULES, text)
    assert again == state
    assert again.to_notation() == text
    assert again.legal_moves() == state.legal_moves()


def test_record_before_the_pass_and_on_a_hold_hand() -> None:
    before = HandState.from_hands(RULES, ROUND_ROBIN)
    assert before.to_notation() == "hand: 0\n" + "deal: " + " / ".join(ROUND_ROBIN)
    assert HandState.from_notation(RULES, before.to_notation()) == before
    hold = played(HandState.from_hands(RULES, ROUND_ROBIN, hand_number=3), "2C 3C")
    assert "pass:" not in hold.to_notation()
    assert HandState.from_notation(RULES, hold.to_notation()) == hold


def test_record_of_a_finished_hand_round_trips_with_its_scores() -> None:
    state = passed_state()
    while state.phase == "play":
        state = state.play(state.legal_moves()[-1])
    text = state.to_notation()
    again = HandState.from_notation(RULES, text)
    assert again == state and again.phase == "over"
    assert again.scores() == state.scores()
    assert again.tricks == state.tricks


def test_record_accepts_semicolons_comments_blank_lines_and_any_spelling() -> None:
    text = (
        "# a hand from the lesson\n\nhand: 0\n"
        + DEAL_LINE.replace("TC", "10♣").replace("QS", "q♠")
        + "\n  pass: "
        + " / ".join(PASSES.values()).lower()
        + "\nplay: 2c 3C 4C 5C"
    )
    state = HandState.from_notation(RULES, text)
    assert state == played(passed_state(), "2C 3C 4C 5C")
    one_line = ";".join(["hand: 0", DEAL_LINE, PASS_LINE, "play: 2C 3C 4C 5C"])
    assert HandState.from_notation(RULES, one_line) == state


def test_record_hand_number_sets_the_pass_direction() -> None:
    state = HandState.from_hands(RULES, ROUND_ROBIN, hand_number=1).with_passes(PASSES)
    assert state.pass_direction == "right"
    again = HandState.from_notation(RULES, state.to_notation())
    assert again.hand_number == 1 and again == state
    assert CardSet.parse("AC KD QH") <= again.hands[3]


def test_record_under_other_player_counts() -> None:
    rules = dataclasses.replace(Ruleset.preset("three_players_no_2c"), pass_cycle=("hold",))
    hands = (
        "3C 6C 9C QC 2D 5D 8D JD AD 4H 7H TH KH 3S 6S 9S QS",
        "4C 7C TC KC 3D 6D 9D QD 2H 5H 8H JH AH 4S 7S TS KS",
        "5C 8C JC AC 4D 7D TD KD 3H 6H 9H QH 2S 5S 8S JS AS",
    )
    state = played(HandState.from_hands(rules, hands), "3C 4C 5C 8C")
    text = state.to_notation()
    assert text.endswith("play: 3C 4C 5C | 8C")
    assert HandState.from_notation(rules, text) == state


def test_position_round_trip_mid_trick() -> None:
    state = played(passed_state(), "2C 3C 4C 5C 9C")
    text = state.to_position()
    assert text.splitlines() == [
        "hand: 0",
        "hands: " + " / ".join(str(hand) for hand in state.hands),
        "taken: - / - / - / 2C 3C 4C 5C",
        "won: 0 0 0 1",
        "trick: 3 9C",
    ]
    position = HandState.from_position(RULES, text)
    assert position.to_position() == text
    assert position.hands == state.hands
    assert position.legal_moves() == state.legal_moves()
    assert position.to_play == state.to_play
    assert position.hand_points() == state.hand_points()
    assert position.current_trick == state.current_trick
    assert position.hearts_broken == state.hearts_broken
    assert position.dealt is None  # a position has no deal
    # Play on from both: same result.
    rest = "TC AC 8C"  # seat 1 received the AC from seat 0 in the pass
    assert played(position, rest).hand_points() == played(state, rest).hand_points()
    # A record of the position with plays after it also round-trips.
    later = played(position, rest)
    assert HandState.from_notation(RULES, later.to_notation()) == later


def test_position_remembers_broken_hearts_and_points_taken() -> None:
    state = played(
        HandState.from_hands(HOLD, ROUND_ROBIN),
        "2C 3C 4C 5C 9C AC JC QC 5D 2D 3D QD KC 6C 7C 8C 4D 9D 6D 7D TC AD AH AS",
    )
    assert state.hearts_broken and state.hand_points() == [1, 0, 0, 0]
    position = HandState.from_position(HOLD, state.to_position())
    assert position.hearts_broken
    assert position.hand_points() == [1, 0, 0, 0]
    assert position.legal_moves() == state.legal_moves()
    assert "4H" in names(position.legal_moves())


def test_position_of_the_first_lead_and_of_the_end() -> None:
    start = HandState.from_hands(HOLD, ROUND_ROBIN)
    position = HandState.from_position(HOLD, start.to_position())
    assert names(position.legal_moves()) == ["2C"]  # the opening lead rule still applies
    end = start
    while end.phase == "play":
        end = end.play(end.legal_moves()[0])
    over = HandState.from_position(HOLD, end.to_position())
    assert over.phase == "over" and over.scores() == end.scores()


def test_position_of_a_pass_phase_state_is_the_deal() -> None:
    state = HandState.from_hands(RULES, ROUND_ROBIN)
    position = HandState.from_position(RULES, state.to_position())
    assert position.phase == "pass" and position.hands == state.hands


# -- malformed texts ----------------------------------------------------------------------------------


def notation_error(text: str, rules: Ruleset = RULES) -> NotationError:
    with pytest.raises(NotationError) as info:
        HandState.from_notation(rules, text)
    error = info.value
    assert isinstance(error, ValueError)
    return error


def assert_names(error: NotationError, line: int, key: str, *words: str) -> None:
    assert (error.line, error.key) == (line, key), str(error)
    assert str(error).startswith(f"line {line} ({key}): ")
    for word in words:
        assert word in str(error), (word, str(error))


def test_bad_card_in_the_deal() -> None:
    error = notation_error("hand: 0\n" + DEAL_LINE.replace("9D", "9X"))
    assert_names(error, 2, "deal", "'9X'")


def test_bad_card_in_the_plays() -> None:
    error = notation_error("\n".join(["hand: 0", DEAL_LINE, PASS_LINE, "play: 2C 3C ZZ"]))
    assert_names(error, 4, "play", "'ZZ'", "play 3")


def test_wrong_number_of_seats() -> None:
    error = notation_error("hand: 0\ndeal: " + " / ".join(ROUND_ROBIN[:3]))
    assert_names(error, 2, "deal", "expected 4 seats", "found 3")
    error = notation_error("\n".join(["hand: 0", DEAL_LINE, "pass: AC KD QH / AD KH QS"]))
    assert_names(error, 3, "pass", "expected 4 seats")


def test_deal_that_is_not_the_deck() -> None:
    error = notation_error("hand: 0\n" + DEAL_LINE.replace("2C 6C", "6C"))
    assert_names(error, 2, "deal", "12 cards")


def test_illegal_play() -> None:
    error = notation_error("\n".join(["hand: 0", DEAL_LINE, "play: 2C 3C 4C 5C | 9C AC JC QC | 5D KH"]), HOLD)
    assert_names(error, 3, "play", "play 10 (KH) is illegal", "follow suit")


def test_illegal_pass() -> None:
    error = notation_error("\n".join(["hand: 0", DEAL_LINE, "pass: AC KD / AD KH QS / AH KS QC / AS KC QD"]))
    assert_names(error, 3, "pass", "exactly 3")
    error = notation_error("\n".join(["hand: 3", DEAL_LINE, PASS_LINE]))
    assert_names(error, 3, "pass", "hold hand")
    error = notation_error("\n".join(["hand: 0", DEAL_LINE, "play: 2C"]))
    assert_names(error, 3, "play", "pass")


def test_unknown_key() -> None:
    error = notation_error("\n".join(["hand: 0", "colour: red", DEAL_LINE]))
    assert_names(error, 2, "colour", "unknown key")


def test_duplicate_key() -> None:
    error = notation_error("\n".join(["hand: 0", DEAL_LINE, "hand: 1"]))
    assert_names(error, 3, "hand", "given twice")


def test_line_without_a_key() -> None:
    error = notation_error("\n".join(["hand: 0", "2C 3C 4C"]))
    assert error.line == 2 and "expected 'key: value'" in str(error)


def test_missing_deal() -> None:
    error = notation_error("hand: 0\nplay: 2C")
    assert error.key == "deal" and "missing" in str(error)


def test_bad_hand_number() -> None:
    assert_names(notation_error("hand: two\n" + DEAL_LINE), 1, "hand", "'two'")
    assert_names(notation_error("hand: -1\n" + DEAL_LINE), 1, "hand", "count from 0")


def test_deal_and_position_together() -> None:
    error = notation_error("\n".join(["hand: 0", DEAL_LINE, "hands: " + " / ".join(ROUND_ROBIN)]))
    assert_names(error, 3, "hands", "not both")


def position_text(**lines: str) -> str:
    base = {
        "hand": "0",
        "hands": " / ".join(["6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS", *ROUND_ROBIN[1:]]),
        "taken": "- / - / - / -",
        "won": "0 0 0 0",
        "trick": "0 2C",
    }
    base.update(lines)
    return "\n".join(f"{key}: {value}" for key, value in base.items())


def test_position_helper_is_consistent() -> None:
    state = HandState.from_position(HOLD, position_text())
    assert state.to_play == 1 and tuple(names(state.current_trick.cards)) == ("2C",)


def test_inconsistent_position_card_twice() -> None:
    error = notation_error(position_text(trick="0 3C"), HOLD)
    assert error.key in {"hands", "trick"} and "3C" in str(error) and "twice" in str(error)


def test_inconsistent_position_missing_card() -> None:
    error = notation_error(position_text(trick="0"), HOLD)
    assert error.key == "hands" and "missing 2C" in str(error)


def test_inconsistent_position_wrong_hand_sizes() -> None:
    hands = " / ".join(["6C TC AC 5D 9D KD 4H 8H QH 3S 7S", "JS " + ROUND_ROBIN[1], *ROUND_ROBIN[2:]])
    error = notation_error(position_text(hands=hands), HOLD)
    assert_names(error, 2, "hands", "South should hold 12 cards")


def test_inconsistent_position_names_the_won_or_taken_line() -> None:
    error = notation_error(position_text(won="1 0 0 0"), HOLD)
    assert "South won 1 tricks" in str(error)
    assert (error.line, error.key) in {(4, "won"), (3, "taken")}, str(error)


def test_inconsistent_position_names_the_trick_line_for_a_bad_leader() -> None:
    error = notation_error(position_text(trick="9 2C"), HOLD)
    assert "leader" in str(error)
    assert_names(error, 5, "trick")


def test_position_with_a_missing_line() -> None:
    text = "\n".join(line for line in position_text().splitlines() if not line.startswith("won"))
    error = notation_error(text, HOLD)
    assert error.key == "won" and "missing" in str(error)


def test_position_bad_won_and_trick_tokens() -> None:
    assert_names(notation_error(position_text(won="0 0 x 0"), HOLD), 4, "won", "'x'")
    assert_names(notation_error(position_text(won="0 0 0"), HOLD), 4, "won", "4")
    assert_names(notation_error(position_text(trick="0 2X"), HOLD), 5, "trick", "'2X'")
    assert_names(notation_error(position_text(trick=""), HOLD), 5, "trick", "leader")
