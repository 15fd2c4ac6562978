"""The message catalogue covers every code the engine can return, every rule of
the rule book, every field and option, and every preset."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from hearts_core import Card, HandState, IllegalPassError, Reason, Ruleset
from hearts_core.content.rulebook import (
    FIELDS,
    RULES,
    SECTIONS,
    FieldInfo,
    RuleEntry,
    check_coverage,
    field_info,
    rule_entry,
    rules_in,
)
from hearts_core.content.sources import ASSUMPTION, SOURCES
from hearts_core.engine.reasons import REASON_RULES
from hearts_core.words.catalogue import MissingMessageError, catalogue, has_message, message
from hearts_core.words.languages import LANGUAGES

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def test_rulebook_metadata_is_consistent() -> None:
    assert check_coverage() == []


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_has_a_catalogue_entry_and_a_rule(reason: Reason) -> None:
    assert has_message(f"reason.{reason.value}")
    assert str(catalogue()[f"reason.{reason.value}"]).strip()
    assert rule_entry(REASON_RULES[reason]).id == REASON_RULES[reason]


@pytest.mark.parametrize("entry", RULES, ids=lambda entry: entry.id)
def test_every_rule_has_a_title_and_a_text(entry: RuleEntry) -> None:
    assert has_message(f"rule.{entry.id}.title")
    assert has_message(f"rule.{entry.id}.text")
    assert entry.section in SECTIONS
    assert entry in rules_in(entry.section)


def test_every_section_and_source_has_words() -> None:
    for section in SECTIONS:
        assert has_message(f"section.{section}")
    cited = {source for entry in RULES for source in entry.sources}
    assert cited <= set(SOURCES) | {ASSUMPTION}
    for source in [*SOURCES, ASSUMPTION]:
        assert has_message(f"source.{source}.title") and has_message(f"source.{source}.kind"), source


def test_the_rule_book_lists_every_rule_of_rules_md() -> None:
    ids = {entry.id for entry in RULES}
    assert {f"V{number}" for number in range(1, 13)} <= ids
    assert {f"dispute_{number}" for number in range(1, 5)} <= ids
    assert {
        "deck",
        "ranks",
        "deal",
        "pass_blind",
        "pass_cycle",
        "opening_lead",
        "clockwise",
        "follow_suit",
        "no_obligation_to_beat",
        "trick_winner",
        "first_trick",
        "breaking_hearts",
        "only_hearts",
        "queen_lead",
        "penalty_points",
        "moon",
        "game_end",
        "worked_example",
        "opening_lead_variant",
        "penalty_table",
        "moon_auto",
        "no_tricks_bonus",
        "tie",
        "named_rulesets",
        "player_counts",
        "odd_players_cycle",
    } <= ids


@pytest.mark.parametrize("info", FIELDS, ids=lambda info: info.name)
def test_every_field_has_a_label_help_and_option_texts(info: FieldInfo) -> None:
    assert has_message(f"field.{info.name}.label")
    assert has_message(f"field.{info.name}.help")
    assert rule_entry(info.rule).id == info.rule
    for option in info.options:
        assert has_message(option.key), option.key
    assert field_info(info.name) is info


def test_every_ruleset_field_is_described() -> None:
    assert {item.name for item in dataclasses.fields(Ruleset)} == {info.name for info in FIELDS}


@pytest.mark.parametrize("name", Ruleset.preset_names())
def test_every_preset_has_a_title_and_notes(name: str) -> None:
    assert has_message(f"preset.{name}.title")
    assert has_message(f"preset.{name}.notes")


def test_pass_error_codes_have_messages() -> None:
    for code in ("not_pass_phase", "seats", "unknown_seats", "count", "not_held"):
        assert has_message(f"pass.{code}")
    state = HandState.deal(Ruleset(), seed=3)
    with pytest.raises(IllegalPassError) as info:
        state.with_passes({0: ["2C"]})
    assert not PLACEHOLDER.search(str(info.value))


def _pass_errors(state: HandState) -> list[IllegalPassError]:
    """The pass errors a learner or a program can meet on ``state``: too few cards, a card not held,
    a seat that has not passed, a seat the table does not have."""
    hands = [hand.cards() for hand in state.hands]
    good = {seat: hand[:3] for seat, hand in enumerate(hands)}
    tries: list[dict[int, tuple[Card, ...] | list[Card]]] = [
        {**good, 2: hands[2][:2]},
        {**good, 3: [*hands[3][:2], hands[0][-1]]},
        {0: good[0], 1: good[1]},
        {**good, 7: good[0]},
    ]
    errors = []
    for passes in tries:
        with pytest.raises(IllegalPassError) as info:
            state.with_passes(passes)
        errors.append(info.value)
    return errors


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_pass_errors_name_seats_by_compass_never_by_number(language: str) -> None:
    state = HandState.deal(Ruleset(), seed=3)
    errors = _pass_errors(state)
    assert [error.code for error in errors] == ["count", "not_held", "seats", "unknown_seats"]
    texts = [error.text(language) for error in errors]
    compass = [message(f"seat.{point}", language) for point in ("north", "east")]
    assert compass[0] in texts[0] and compass[1] in texts[1]  # North chose two cards; East does not hold one
    assert compass[0] in texts[2] and compass[1] in texts[2]  # North and East have not passed
    for error, text in zip(errors, texts, strict=True):
        counts = {str(error.params[name]) for name in ("count", "needed") if name in error.params}
        numbers = re.findall(r"\d+(?![\d♣♦♥♠])", text)  # not the ranks of cards (10♠)
        assert set(numbers) <= counts, text  # numbers count cards, never name a seat
        assert not PLACEHOLDER.search(text), text


def test_note_codes_have_messages() -> None:
    for note in ("queen_would_break", "queen_breaks_active", "queen_breaks_off", "lead_hearts_with_queen_off"):
        assert has_message(f"note.{note}")


def test_an_unknown_key_raises_under_the_tests() -> None:
    assert not has_message("reason.no_such_code")
    with pytest.raises(MissingMessageError, match=r"reason\.no_such_code"):
        message("reason.no_such_code")
    with pytest.raises(MissingMessageError, match="needed"):
        message("pass.count", seat=1, count=2)


def test_outside_the_tests_an_unknown_key_is_logged_and_shown(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("HEARTS_STRICT_MESSAGES", "0")
    assert message("reason.no_such_code") == "reason.no_such_code"
    assert "reason.no_such_code" in caplog.text


# Seat 0 leads the 2C from a hand of clubs; seat 1 is void in clubs with the QS, two
# hearts and diamonds; seat 2 holds hearts, diamonds and spades.
FIRST_TRICK = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS AH KH 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    "QH JH TH 9H 8H 7H QD KD AD 2S 3S 4S 5S",
    "2H 3H 4H 5H 6H 6S 7S 8S 9S TS JS KS AS",
)
# Seat 1 holds only hearts and the QS: on the first trick every card is forced.
FORCED = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
    "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
)
# After trick 1 (2C AC 2D 2S) seat 1 leads holding the QS and eleven hearts.
QUEEN_AND_HEARTS = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KH",
    "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
)

# After trick 1 (2C AC 2D 2S) seat 1 leads holding nothing but hearts.
ONLY_HEARTS = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)


def named_positions() -> list[HandState]:
    hold = Ruleset(pass_cycle=("hold",))
    return [
        HandState.from_hands(hold, FIRST_TRICK).play("2C"),
        HandState.from_hands(dataclasses.replace(hold, first_trick="no_queen"), FIRST_TRICK).play("2C"),
        HandState.from_hands(hold, FORCED).play("2C"),
        HandState.from_hands(hold, QUEEN_AND_HEARTS).play("2C").play("AC").play("2D").play("2S"),
        HandState.from_hands(dataclasses.replace(hold, lead_hearts_with_queen=True), QUEEN_AND_HEARTS)
        .play("2C")
        .play("AC")
        .play("2D")
        .play("2S"),
        HandState.from_hands(hold, ONLY_HEARTS).play("2C").play("AC").play("2D").play("2S"),
        HandState.from_hands(dataclasses.replace(hold, opening_lead="any_club"), FIRST_TRICK),
        HandState.deal(Ruleset(), seed=1),  # passing first
    ]


def random_positions() -> list[HandState]:
    rng = random.Random(5)
    positions = []
    for rules in (
        Ruleset(),
        Ruleset(first_trick="no_queen", queen_breaks_hearts=True, opening_lead="any_club"),
        Ruleset.preset("black_maria"),
        Ruleset(must_break_hearts=False),
    ):
        for seed in range(4):
            state = HandState.deal(rules, seed, hand_number=3)  # a hold hand under the standard cycle
            if state.phase == "pass":
                state = state.with_passes({s: state.hands[s].cards()[:3] for s in range(4)})
            while state.phase == "play":
                positions.append(state)
                moves = state.legal_moves()
                state = state.play(moves[rng.randrange(len(moves))])
            positions.append(state)
    return positions


def test_explanations_never_leave_a_placeholder_unfilled() -> None:
    """Explain every card in positions that reach every reason: no ``{name}`` is
    left unfilled and every explanation is a finished sentence."""
    seen: set[Reason] = set()
    for state in named_positions() + random_positions():
        for card in state.rules.deck:
            explanation = state.explain(card)
            seen.add(explanation.reason)
            text = str(explanation)
            assert not PLACEHOLDER.search(text), text
            assert text.rstrip(")").endswith("."), text
    # Every reason the engine has is reachable.
    assert seen == set(Reason)
