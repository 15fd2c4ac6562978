"""PHN, the game record (issue 25): ``hearts_core.phn``.

* ``loads_hand(dumps_hand(state)) == state`` for every state of every preset: dealt, passing,
  passed, mid-play and over, and for positions set up without their history;
* a whole game reads back as the same game;
* malformed records get a message naming the line of the record, the key and the token.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.ai.bots import play_random_hand
from hearts_core.engine.game import Game
from hearts_core.phn import PhnError, dumps_game, dumps_hand, loads_game, loads_hand, read_hand


def _state(rules: Ruleset, seed: int, moves: int) -> HandState:
    rng = random.Random(seed)
    state = HandState.deal(rules, seed=seed, hand_number=rng.randrange(4))
    if moves and state.is_passing:
        state = state.with_passes(
            {seat: rng.sample(list(state.hands[seat]), rules.pass_count) for seat in range(rules.players)}
        )
    for _ in range(moves):
        if not state.is_playing:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(Ruleset.preset_names()), seed=st.integers(0, 99_999), moves=st.integers(0, 80))
def test_every_state_of_every_preset_reads_back_as_itself(preset: str, seed: int, moves: int) -> None:
    state = _state(Ruleset.preset(preset), seed, moves)
    text = dumps_hand(state, {"Event": 'Club "night"', "Date": "2026.12.05"})
    assert loads_hand(text) == state
    record = read_hand(text)
    assert record.tags["Event"] == 'Club "night"' and record.tags["Hand"] == str(state.hand_number)
    assert ("Result" in record.tags) == state.is_over


def test_a_position_set_up_without_its_history_reads_back() -> None:
    # West leads the 8H into South's 2H TH; East has the QS (the solver's own example).
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rules = Ruleset()
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    state = HandState.from_position(
        rules, f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H"
    ).play("2H")
    assert loads_hand(dumps_hand(state)) == state


def test_the_ruleset_travels_with_the_record_and_is_said_in_words() -> None:
    rules = Ruleset.preset("omnibus")
    text = dumps_hand(HandState.deal(rules, seed=2))
    assert '[Rules "omnibus"]' in text and "J♦ −10" in text
    assert loads_hand(text).rules == rules


def test_a_whole_game_reads_back_as_the_same_game() -> None:
    game = Game(Ruleset(max_hands=3, target_score=0))
    seed = 0
    while not game.is_over:
        game = game.record(play_random_hand(game.start_hand(seed=seed)))
        seed += 1
    text = dumps_game(game, {"Event": "Practice"})
    assert text.count("[Hand ") == 3 and text.count("[Result ") == 3
    assert loads_game(text) == game


def test_comments_are_kept_and_skipped() -> None:
    state = _state(Ruleset(), 7, 9)
    text = "% a note before\n" + dumps_hand(state).replace("\nhand:", "\n% South thinks\nhand:")
    record = read_hand(text)
    assert record.state == state and record.comments == ("a note before", "South thinks")


@pytest.mark.parametrize(
    ("text", "line", "key", "token"),
    [
        ('[Rules "standard"]\nhand: 0\ndeal: 2C 3Q / - / - / -', 3, "deal", "3Q"),
        ('[Rules "standard"\nhand: 0', 1, "tag", '[Rules "standard"'),
        ('[Rules "nonsense"]\nhand: 0', 1, "Rules", "nonsense"),
        ("hand: 0\ndeal: 2C / - / - / -", 0, "Rules", "[Rules"),
        ('[Event "x"]\n[Rules "standard"]', 0, "hand", "deal:"),
    ],
)
def test_a_malformed_record_names_its_line_key_and_token(text: str, line: int, key: str, token: str) -> None:
    with pytest.raises(PhnError) as caught:
        loads_hand(text)
    assert (caught.value.line, caught.value.key) == (line, key)
    assert token in str(caught.value)


def test_an_illegal_card_in_the_play_line_is_named() -> None:
    state = _state(Ruleset(pass_cycle=("hold",)), 3, 0)
    text = dumps_hand(state) + "play: 3D\n"
    with pytest.raises(PhnError) as caught:
        loads_hand(text)
    assert caught.value.key == "play" and "3D" in str(caught.value)
    assert caught.value.line == len(text.splitlines())
