"""Every ruleset field, read from the dataclass itself, reaches every place that must know it.

No list of fields is kept by hand here: the fields and their values come from
``dataclasses.fields(Ruleset)`` and each field's metadata
(:func:`hearts_core.engine.rules.field_values`).  A new field that one place
ignores fails a test whose message names the field and the place:

* its metadata and words (rule book entry, label, help, every option's words,
  a description under every value, the house rules card, the share code);
* the game itself: some value of the field must change legality, passing,
  scoring, the deck or the end of the game (else it is wired to nothing);
* every path that plays the game: the kernel (legality, play, scoring), the
  explanations, and the exact solver's search, each against the engine's
  legality and scoring (the specification), under every value of every field.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from typing import Any

import numpy as np
import pytest

from hearts_core import HandState, Ruleset
from hearts_core.content.rulebook import RULES, VARIANT_OPTIONS, apply_variant, player_count_options
from hearts_core.engine.describe import describe_value, field_help, field_label
from hearts_core.engine.game import game_ends
from hearts_core.engine.legality import legal_mask
from hearts_core.engine.rules import choices_of, field_kind, field_names, field_rule, field_values
from hearts_core.engine.scoring import score_hand
from hearts_core.lab import card_lines, decode_ruleset, encode_ruleset
from hearts_core.search import kernel
from hearts_core.search.positions import state_array
from hearts_core.search.solver import solve
from hearts_core.words.catalogue import has_message
from tests.helpers import brute_values

FIELDS = field_names()
SUITS = tuple(0x1FFF << (13 * suit) for suit in range(4))


def examples(name: str) -> list[tuple[str, Ruleset]]:
    """Each value of a field as a ruleset (the standard game otherwise), with a label."""
    found = []
    for overrides in field_values(name):
        label = f"{name}={overrides[name]!r}"
        try:
            found.append((label, dataclasses.replace(Ruleset(), **overrides)))
        except ValueError as error:
            pytest.fail(f"field {name}: the example {overrides} is not a valid ruleset: {error}")
    return found


ALL_EXAMPLES = [(label, rules) for name in FIELDS for label, rules in examples(name)]


# -- metadata and words --------------------------------------------------------------------------


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_has_metadata(name: str) -> None:
    assert field_rule(name) in {entry.id for entry in RULES}, (
        f"field {name}: its rule {field_rule(name)!r} is not in the rule book (hearts_core.content.rulebook)"
    )
    assert any(name in entry.fields for entry in RULES), f"field {name}: no rule book entry names it in its fields"
    values = examples(name)
    assert len(values) >= 2, f"field {name}: give its values (a Literal type, a bool, or metadata examples)"
    shown = {getattr(rules, name) for _, rules in values}
    for choice in choices_of(name):
        if field_kind(name) != "cycle":
            assert choice in shown, f"field {name}: no example shows the value {choice!r}"


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_has_words(name: str) -> None:
    for key in (f"field.{name}.label", f"field.{name}.help"):
        assert has_message(key), f"field {name}: the catalogue has no {key}"
    assert field_label(name) and field_help(name)
    if field_kind(name) in ("choice", "bool", "cycle"):
        for choice in choices_of(name):
            token = str(choice).lower() if isinstance(choice, bool) else str(choice)
            assert has_message(f"option.{name}.{token}"), f"field {name}: no words for its option {choice!r}"
    for label, rules in examples(name):
        try:
            text = describe_value(rules, name)
        except KeyError as error:
            pytest.fail(f"field {name}: describe_value cannot say {label} in words ({error})")
        assert text and not text.startswith(("option.", "describe.", "field.")), (label, text)


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_is_on_the_house_rules_card_and_in_the_share_code(name: str) -> None:
    on_card = False
    for label, rules in examples(name):
        lines = {line.field: line for line in card_lines(rules)}
        on_card = on_card or name in lines
        code = encode_ruleset(rules)
        assert decode_ruleset(code) == rules, f"field {name}: the share code {code!r} does not bring back {label}"
    assert on_card, f"field {name}: the house rules card never shows it (hearts_core.lab.share.card_lines)"


@functools.cache
def _reachable_values() -> dict[str, set[Any]]:
    """The values of every field that the pages' variant pickers can set: every option of every
    variant row (the player counts included) applied to the standard game and to every preset."""
    rows = [("V11", key) for key in player_count_options()]
    rows += [(rule_id, option.key) for rule_id, options in VARIANT_OPTIONS.items() for option in options]
    found: dict[str, set[Any]] = {name: set() for name in FIELDS}
    for base in [Ruleset(), *(Ruleset.preset(preset) for preset in Ruleset.preset_names())]:
        reached = [base]
        for rule_id, key in rows:
            try:
                reached.append(apply_variant(base, rule_id, key))
            except ValueError:
                continue  # an option that does not fit this preset (its reason is shown in the picker)
        for rules in reached:
            for name in FIELDS:
                found[name].add(getattr(rules, name))
    return found


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_can_be_set_from_the_pages(name: str) -> None:
    """The pickers of Practice and the Variant Lab show the rule book's variant rows
    (``hearts_ui.widgets.ruleset_picker``): each field must take two values or more there."""
    assert len(_reachable_values()[name]) >= 2, (
        f"field {name}: no variant option of the rule book changes it, so no page can set it: add its options "
        "to VARIANT_OPTIONS in hearts_core/content/rulebook.py (and their words, variant.<rule id>.<option>)"
    )


# -- the field changes the game ------------------------------------------------------------------


def _probe_hands(rng: random.Random) -> list[int]:
    """Hands that reach every corner of legality: random hands, hands of hearts with or
    without the queen, hands void in a suit, one-card hands."""
    hearts, queen = SUITS[2], 1 << 49
    hands = [rng.getrandbits(52) & ((1 << 52) - 1) for _ in range(40)]
    hands += [hearts & rng.getrandbits(52) | queen for _ in range(10)]
    hands += [hearts & (rng.getrandbits(52) | 1 << 26) for _ in range(10)]
    hands += [(SUITS[0] | SUITS[3]) & rng.getrandbits(52) for _ in range(10)]
    hands += [1 << rng.randrange(52) for _ in range(10)]
    return [hand for hand in hands if hand]


def _legality(rules: Ruleset) -> tuple[int, ...]:
    rng = random.Random(1)
    deck = rules.tables.deck_mask
    found = []
    for hand in _probe_hands(rng):
        for led in (0, *SUITS):
            for first in (False, True):
                for broken in (False, True):
                    found.append(legal_mask(rules.tables.legality, hand & deck, led, first, broken))
    return tuple(found)


def _scoring(rules: Ruleset) -> tuple[Any, ...]:
    """Scores of made-up takes: a moon, a sun, a seat with no trick, an ordinary hand."""
    n, deck, penalty = rules.players, rules.tables.deck_mask, rules.tables.penalty_mask
    rest = deck & ~penalty
    moon = [penalty | (rest & SUITS[0]), rest & ~SUITS[0]] + [0] * (n - 2)
    sun = [deck] + [0] * (n - 1)
    split = [deck & SUITS[suit % 4] for suit in range(n)]
    split[0] |= deck & ~(SUITS[0] | SUITS[1] | SUITS[2] | SUITS[3])
    takes = [
        (moon, [rules.hand_size - 1, 1] + [0] * (n - 2)),
        (sun, [rules.hand_size] + [0] * (n - 1)),
        (split, [1] * n),
    ]
    if n > 2:
        ordinary = [deck & SUITS[2], deck & (SUITS[0] | SUITS[3]), deck & SUITS[1]] + [0] * (n - 3)
        takes.append((ordinary, [4, 6, 3] + [0] * (n - 3)))
    return tuple(score_hand(rules, taken, won, None, (90,) + (10,) * (n - 1)).scores for taken, won in takes)


def _game_end(rules: Ruleset) -> tuple[bool, ...]:
    n = rules.players
    grid = [(total, hands) for total in (40, 60, 99, 100, 150) for hands in (1, 4, 8, 12)]
    ends = [game_ends(rules, (total,) + (20,) * (n - 1), hands) for total, hands in grid]
    ends += [game_ends(rules, (110, 30, 30) + (50,) * (n - 3), hands) for hands in (4, 8)]  # a tie for lowest
    return tuple(ends)


def _passing(rules: Ruleset) -> tuple[Any, ...]:
    return (
        rules.pass_count,
        tuple(rules.pass_direction(number) for number in range(8)),
        tuple(HandState.deal(rules, 0, number).pass_target(0) for number in range(8)),
    )


def _hands_played(rules: Ruleset) -> tuple[int, ...]:
    """The legal cards at every decision of a few seeded hands (hearts broken by play included)."""
    return tuple(state.legal_mask() for seed in range(3) for state in _random_hand(rules, seed))


def fingerprint(rules: Ruleset) -> tuple[Any, ...]:
    """What a ruleset changes in the game: legality, passing, scoring, the deck, the end."""
    return (
        _legality(rules),
        _hands_played(rules),
        _passing(rules),
        _scoring(rules),
        rules.tables.deck_mask,
        _game_end(rules),
    )


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_changes_the_game(name: str) -> None:
    prints = {label: fingerprint(rules) for label, rules in examples(name)}
    assert len(set(prints.values())) > 1, (
        f"field {name}: the values {[label for label in prints]} play the same game. A field must change "
        "legality (hearts_core/engine/legality.py, through Ruleset.tables.legality), passing, scoring "
        "(hearts_core/engine/scoring.py), the deck or the end of the game (hearts_core/engine/game.py)"
    )


# -- every path follows the kernel ------------------------------------------------------------------


def _random_hand(rules: Ruleset, seed: int) -> list[HandState]:
    """A seeded random hand from the deal (passes included), every state along the way."""
    rng = random.Random(seed)
    state = HandState.deal(rules, rng.getrandbits(32), seed % 4)
    if state.is_passing:
        state = state.with_passes(
            {seat: rng.sample(hand.cards(), rules.pass_count) for seat, hand in enumerate(state.hands)}
        )
    states = [state]
    while state.is_playing:
        moves = state.legal_moves()
        # Keep hearts back when possible, so leads with hearts unbroken come up late in the hand.
        calm = [card for card in moves if card.suit != 2] or moves
        state = state.play(rng.choice(calm if rng.random() < 0.7 else moves))
        states.append(state)
    return states


@pytest.mark.parametrize(("label", "rules"), ALL_EXAMPLES, ids=[label for label, _ in ALL_EXAMPLES])
def test_the_kernel_and_explanations_follow_the_specification(label: str, rules: Ruleset) -> None:
    numbers = kernel.rules_array(rules)
    for seed in range(6):
        states = _random_hand(rules, seed)
        position = state_array(states[0])
        for before, after in itertools.pairwise(states):
            legal = before.legal_mask()
            assert kernel.state_legal(numbers, position) == legal, (
                f"{label}: the kernel's legal cards differ from the engine's (seed {seed})"
            )
            seat = before.to_play
            assert seat is not None
            for card in before.hands[seat]:
                assert before.explain(card).legal == bool(legal >> card & 1), (
                    f"{label}: explain({card}) disagrees with the engine's legality (seed {seed})"
                )
            kernel.play_card(numbers, position, int(after.plays()[-1]))
        final = states[-1]
        no_totals = np.zeros(rules.players, dtype=np.int64)
        scores = np.zeros(rules.players, dtype=np.int64)
        kernel.score_hand(numbers, position, no_totals, False, scores)
        assert tuple(scores.tolist()) == tuple(final.scores()), f"{label}: the kernel scores the hand differently"


def _endings(rules: Ruleset) -> list[HandState]:
    """Small endings (two tricks left, some cards into a trick) from seeded random hands."""
    found = []
    for seed in range(4):
        states = _random_hand(rules, 100 + seed)
        index = (rules.hand_size - 2) * rules.players + seed % rules.players
        state = states[min(index, len(states) - 2)]
        if state.is_playing and len(state.legal_moves()) > 1:
            found.append(HandState.from_position(rules, state.to_position()))
    return found


@pytest.mark.parametrize(("label", "rules"), ALL_EXAMPLES, ids=[label for label, _ in ALL_EXAMPLES])
def test_the_solvers_search_follows_the_specification(label: str, rules: Ruleset) -> None:
    """The solver's search (the kernel's legality, equivalent cards and move ordering): under every
    value of every field it must give exactly the values of a plain minimax on the engine."""
    endings = _endings(rules)
    assert endings, f"{label}: no ending found to check the solver on"
    for state in endings:
        seat = state.to_play
        assert seat is not None
        assert solve(state).values == brute_values(state, seat), (
            f"{label}: the solver's search disagrees with the engine in\n{state.to_position()}"
        )
