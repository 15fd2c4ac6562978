"""PHN, the game record (issue 25): ``hearts_core.phn``.

* ``loads_hand(dumps_hand(state)) == state`` for every state of every preset: dealt, passing,
  passed, mid-play and over, and for positions set up without their history;
* a whole game reads back as the same game;
* malformed records get a message naming the line of the record, the key and the token.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.ai.bots import play_random_hand
from hearts_core.engine.game import Game
from hearts_core.learner.move_tree import MoveTree
from hearts_core.phn import (
    GLYPHS,
    Note,
    PhnError,
    dumps_game,
    dumps_hand,
    dumps_tree,
    line_tree,
    loads_game,
    loads_hand,
    read_hand,
)


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


# -- the play as a tree: variations and notes -------------------------------------------------------


def _random_tree(start: HandState, rng: random.Random, branches: int) -> tuple[MoveTree, dict[int, Note]]:
    """A main line played to the end, then ``branches`` variations from random nodes, with notes."""
    tree, node, state = MoveTree(), 0, start
    while state.is_playing:
        card = str(rng.choice(state.legal_moves()))
        tree, node = tree.play(node, card)
        state = state.play(card)
    for _ in range(branches):
        node = rng.randrange(len(tree))
        state = tree.state_at(start, node)
        for _ in range(rng.randrange(1, 6)):
            if not state.is_playing:
                break
            card = str(rng.choice(state.legal_moves()))
            tree, node = tree.play(node, card)
            state = state.play(card)
    notes = {
        node: Note(rng.choice(("", *GLYPHS)), rng.choice(("", "East may hold the queen", "lost 2,5 {sic}")))
        for node in rng.sample(range(1, len(tree)), min(6, len(tree) - 1))
    }
    return tree, {node: note for node, note in notes.items() if note.glyph or note.comment}


def _shape(tree: MoveTree, notes: dict[int, Note] | Mapping[int, Note]) -> dict[tuple[str, ...], tuple[int, Note]]:
    """A tree by its lines: each node's cards from the start, its place among its siblings, its note
    (node numbers differ between a tree and the same tree read back)."""
    shape = {}
    for node in range(1, len(tree)):
        siblings = tree.children(tree.parent(node) or 0)
        note = notes.get(node, Note())
        shape[tree.line(node)] = (
            siblings.index(node),
            Note(note.glyph, note.comment.replace("{", "(").replace("}", ")")),
        )
    return shape


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(Ruleset.preset_names()), seed=st.integers(0, 99_999), branches=st.integers(0, 6))
def test_a_tree_with_variations_and_notes_reads_back_as_the_same_tree(preset: str, seed: int, branches: int) -> None:
    rules = Ruleset.preset(preset)
    start = _state(rules, seed, 1)  # passed (where the hand passes), no card played yet
    start = HandState.from_notation(rules, start.to_notation().split("\nplay:")[0])
    if not start.is_playing:
        return
    tree, notes = _random_tree(start, random.Random(seed), branches)
    text = dumps_tree(start, tree, {"Event": "Analysis"}, notes=notes)
    record = read_hand(text)
    assert record.start == start
    assert _shape(record.tree, record.notes) == _shape(tree, notes)
    main_end = 0
    while tree.children(main_end):
        main_end = tree.children(main_end)[0]
    assert record.state == tree.state_at(start, main_end) == loads_hand(text)
    assert record.tree.line(record.main_line[-1]) == tree.line(main_end)
    assert ("Result" in record.tags) == record.state.is_over


def test_a_variation_follows_the_card_it_replaces_as_in_pgn() -> None:
    # The solver's example: West leads the 8H; South may duck with the 2H or win with the TH.
    rules = Ruleset()
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    start = HandState.from_position(rules, f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")
    tree, duck = line_tree(["2H", "3H", "5S"]), 1
    tree, win = tree.play(0, "TH")
    text = dumps_tree(start, tree, notes={duck: Note("!", "keep the ten"), win: Note("??")})
    assert "play: 2H! {keep the ten} (TH??) 3H 5S" in text
    record = read_hand(text)
    assert [record.tree.line(node) for node in range(1, len(record.tree))] == [
        ("2H",),
        ("TH",),
        ("2H", "3H"),
        ("2H", "3H", "5S"),
    ]
    assert record.notes[2] == Note("??") and record.notes[1] == Note("!", "keep the ten")


def test_a_pass_carries_its_note_after_the_seat_s_cards() -> None:
    state = _state(Ruleset(), 7, 1)
    tree = line_tree([str(card) for card in state.plays()])
    start = HandState.from_notation(Ruleset(), state.to_notation().split("\nplay:")[0])
    text = dumps_tree(start, tree, pass_notes={0: Note("?", "keep the low spades")})
    pass_line = next(line for line in text.splitlines() if line.startswith("pass:"))
    assert pass_line.split("/")[0].endswith("? {keep the low spades} ")
    record = read_hand(text)
    assert record.pass_notes == {0: Note("?", "keep the low spades")} and record.state == state


@pytest.mark.parametrize(
    ("play", "message"),
    [
        ("2C 2D (3D", "a variation is not closed"),
        ("2C )", "')' closes no variation (token 2)"),
        ("(3C) 2C", "a variation follows the card it replaces (token 1)"),
        ("2C?? 2D!?! ", "'!?!' is not an annotation mark (token 2)"),
        ("2C (AC) 2D", "token 3, in a variation (AC) is illegal"),
        ("2C 2D QS", "play 3 (QS) is illegal"),
    ],
)
def test_a_broken_play_line_is_named_with_its_token(play: str, message: str) -> None:
    state = HandState.from_notation(
        Ruleset(),
        "hand: 3; deal: 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC / 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
        " / 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH / 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    text = dumps_hand(state) + f"play: {play}\n"
    with pytest.raises(PhnError, match=re.escape(message)) as caught:
        read_hand(text)
    assert caught.value.line == len(text.splitlines())
