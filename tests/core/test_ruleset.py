"""The Ruleset: defaults (the standard game), presets (named rule sets and player counts), validation.

How each option changes play and scoring is tested in test_rules_standard.py
and test_variants.py; this file checks the switches themselves.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from hearts_core import Card, CardSet, Penalties, Ruleset, RulesetError, preset_info
from hearts_core.content.sources import is_citation
from hearts_core.engine.vocabulary import DeckScheme
from hearts_core.words.catalogue import message

ALL_HEARTS = [f"{rank}H" for rank in "23456789TJQKA"]


def hearts(points: int = 1) -> dict[str, int]:
    return dict.fromkeys(ALL_HEARTS, points)


# -- defaults: the standard game ------------------------------------------------------------------


def test_defaults_are_the_standard_game_of_section_1() -> None:
    rules = Ruleset()
    # 4 players, a full 52-card deck, 13 cards each.
    assert rules.players == 4
    assert len(rules.removed_cards) == 0
    assert rules.deck == CardSet.full_deck()
    assert rules.hand_size == 13
    # pass 3 cards; left, right, across, no pass.
    assert rules.pass_count == 3
    assert rules.pass_cycle == ("left", "right", "across", "hold")
    assert [rules.pass_direction(h) for h in range(5)] == ["left", "right", "across", "hold", "left"]
    # the holder of 2C leads it.
    assert rules.opening_lead == "lowest_club"
    assert str(rules.opening_card) == "2C"
    # no penalty cards on the first trick; hearts must be broken by a heart.
    assert rules.first_trick == "no_points"
    assert rules.must_break_hearts is True
    assert rules.queen_breaks_hearts is False
    assert rules.lead_hearts_with_queen is False
    # each heart 1, QS 13, 26 in all.
    assert dict(rules.penalties) == {**hearts(1), "QS": 13}
    assert rules.moon_value == 26
    # the moon is on (V8's first option: the shooter chooses); no sun, no bonus.
    assert rules.moon == "choice"
    assert rules.moon_needs_bonus is False
    assert rules.sun is False
    assert rules.no_tricks_bonus == 0
    # the game ends at 100, lowest wins; a tie is shared; points, not chips.
    assert rules.target_score == 100
    assert rules.max_hands == 0
    assert rules.tie == "share"
    assert rules.scoring == "points"


def test_standard_preset_is_the_default_ruleset() -> None:
    assert Ruleset.preset("standard") == Ruleset()
    assert Ruleset().differences(Ruleset.preset("standard")) == {}


def test_ruleset_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Ruleset().players = 3  # type: ignore[misc]


# -- presets ---------------------------------------------------------------------------------------


def test_every_preset_builds_and_has_a_source_and_catalogue_text() -> None:
    names = Ruleset.preset_names()
    assert {
        "standard",
        "microsoft",
        "pagat",
        "openspiel",
        "omnibus",
        "black_maria",
        "spot_hearts",
        "pink_lady",
        "rickety_kate",
        "pure_hearts",
        "chips_1887",
        "three_players",
        "three_players_no_2c",
        "five_players",
        "five_players_no_2s",
        "six_players",
        "six_players_no_3d",
        "two_players",
    } <= set(names)
    for name in names:
        rules = Ruleset.preset(name)
        assert isinstance(rules, Ruleset)
        assert preset_info(name).sources and all(is_citation(source) for source in preset_info(name).sources)
        assert message(f"preset.{name}.title") != f"preset.{name}.title"
        assert message(f"preset.{name}.notes") != f"preset.{name}.notes"
        # Plain values rebuild the same ruleset (used by share links).
        assert Ruleset(**rules.to_dict()) == rules


def test_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("bridge")
    assert info.value.field == "preset"
    assert "bridge" in str(info.value) and "black_maria" in str(info.value)


def test_microsoft_preset() -> None:
    # 2b: no points on trick 1, only hearts break, moon +26 to others.
    rules = Ruleset.preset("microsoft")
    assert rules.first_trick == "no_points"
    assert rules.must_break_hearts and not rules.queen_breaks_hearts
    assert rules.moon == "add_to_others"
    assert rules.moon_value == 26
    notes = message("preset.microsoft.notes")
    assert "left, across, right" in notes and "pass-cycle variant" in notes  # the encyclopedia's account kept
    assert "ru_encyclopedia" in preset_info("microsoft").sources


def test_pagat_preset() -> None:
    # 2b: points allowed on trick 1, only hearts break, the shooter chooses.
    rules = Ruleset.preset("pagat")
    assert rules.first_trick == "anything"
    assert rules.must_break_hearts and not rules.queen_breaks_hearts
    assert rules.moon == "choice"


def test_openspiel_preset() -> None:
    # 2b: the QS breaks hearts, moon +26 to others.
    rules = Ruleset.preset("openspiel")
    assert rules.queen_breaks_hearts and rules.must_break_hearts
    assert rules.moon == "add_to_others"
    assert rules.first_trick == "no_points"


def test_omnibus_preset() -> None:
    # V6: the JD is -10 to its taker, not needed for the moon (assumption as in Omnibus).
    rules = Ruleset.preset("omnibus")
    assert rules.penalties["JD"] == -10
    assert rules.penalties["QS"] == 13
    assert rules.moon_value == 26
    assert rules.moon_needs_bonus is False


def test_jack_eleven_preset() -> None:
    # V6: the Russian wiki article's home variant, the JD gives 11 points: a card that costs points is a
    # penalty card (rule penalty_points), so the moon needs it and is worth 13 + 13 + 11.
    rules = Ruleset.preset("jack_eleven")
    assert rules.penalties["JD"] == 11
    assert rules.moon_value == 37
    assert "JD" in rules.penalty_cards and "JD" not in rules.bonus_cards
    assert "Russian wiki article" in message("preset.jack_eleven.notes")
    assert preset_info("jack_eleven").sources == ("ru_wiki",)


def test_black_maria_preset() -> None:
    # V7: KS 10, AS 7, QS 13, passed right; its notes say the encyclopedia prints the values reversed.
    rules = Ruleset.preset("black_maria")
    assert rules.penalties["QS"] == 13
    assert rules.penalties["KS"] == 10
    assert rules.penalties["AS"] == 7
    assert all(rules.penalties[h] == 1 for h in ALL_HEARTS)
    assert rules.pass_cycle == ("right",)
    assert rules.opening_lead == "left_of_dealer"
    assert rules.opening_card is None
    assert rules.moon == "off"
    assert rules.moon_value == 43
    assert dataclasses.replace(rules, moon="add_to_others").moon_value == 43
    notes = message("preset.black_maria.notes")
    assert "Russian encyclopedia article" in notes and "reversed" in notes
    assert "ace 10, king 7" in notes
    assert "43" in notes
    assert "Russian encyclopedia article" in message("rule.V7.text") and "ace 10, king 7" in message("rule.V7.text")


def test_spot_hearts_preset() -> None:
    # 2b: hearts by rank (2..10 face, J 11, Q 12, K 13, A 14) and a QS of 25.
    rules = Ruleset.preset("spot_hearts")
    assert [rules.penalties[h] for h in ALL_HEARTS] == list(range(2, 15))
    assert rules.penalties["QS"] == 25
    assert rules.moon_value == sum(range(2, 15)) + 25 == 129
    assert "129" in message("preset.spot_hearts.notes")


def test_pink_lady_preset() -> None:
    rules = Ruleset.preset("pink_lady")
    assert rules.penalties["QH"] == 13
    assert rules.penalties["QS"] == 13
    assert rules.moon_value == 12 + 13 + 13 == 38
    assert "38" in message("preset.pink_lady.notes")


def test_rickety_kate_preset_has_no_moon() -> None:
    rules = Ruleset.preset("rickety_kate")
    assert rules.moon == "off"
    assert rules.differences(Ruleset()) == {"moon": ("off", "choice")}


def test_pure_hearts_preset() -> None:
    # 2b: the 1880s game, hearts only, no QS.
    rules = Ruleset.preset("pure_hearts")
    assert dict(rules.penalties) == hearts(1)
    assert rules.penalties["QS"] == 0
    assert rules.moon == "off"
    assert rules.moon_value == 13


def test_chips_1887_preset() -> None:
    # V12: chips for hearts taken; no moon.
    rules = Ruleset.preset("chips_1887")
    assert rules.scoring == "chips"
    assert dict(rules.penalties) == hearts(1)
    assert rules.moon == "off" and not rules.sun and rules.no_tricks_bonus == 0
    assert rules.max_hands > 0


@pytest.mark.parametrize(
    ("name", "players", "removed", "hand_size", "opening"),
    [
        ("three_players", 3, "2D", 17, "2C"),
        ("three_players_no_2c", 3, "2C", 17, "3C"),
        ("five_players", 5, "2C 2D", 10, "3C"),
        ("five_players_no_2s", 5, "2D 2S", 10, "2C"),
        ("six_players", 6, "2C 3C 2D 2S", 8, "4C"),
        ("six_players_no_3d", 6, "2C 2D 3D 2S", 8, "3C"),
        ("two_players", 2, "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S 4S 5S", 18, "6C"),
    ],
)
def test_player_count_presets_follow_section_3(
    name: str, players: int, removed: str, hand_size: int, opening: str
) -> None:
    rules = Ruleset.preset(name)
    assert rules.players == players
    assert rules.removed_cards == CardSet.parse(removed)
    assert rules.hand_size == hand_size
    assert len(rules.deck) == players * hand_size
    assert str(rules.opening_card) == opening
    if players % 2:
        assert "across" not in rules.pass_cycle
        assert rules.pass_cycle == ("left", "right", "hold")
    if players == 6:
        assert "across" in rules.pass_cycle


def test_two_players_deck_is_six_to_ace() -> None:
    deck = Ruleset.preset("two_players").deck
    assert len(deck) == 36
    assert {card.rank for card in deck} == set(range(6, 15))


# -- validation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"players": 3, "removed_cards": "2D", "pass_cycle": ["left", "across"]}, "pass_cycle", "across"),
        ({"players": 5, "removed_cards": "2C 2D"}, "pass_cycle", "across"),
        ({"players": 3}, "players", "cannot be dealt evenly"),
        ({"players": 5, "removed_cards": "2C", "pass_cycle": ["left"]}, "players", "cannot be dealt evenly"),
        ({"players": 6, "removed_cards": "2C 2D 3C"}, "players", "cannot be dealt evenly"),
        ({"players": 7}, "players", "7 players"),
        ({"players": 1}, "players", "1 players"),
        ({"removed_cards": "2X"}, "removed_cards", "'2X'"),
        ({"removed_cards": "2C 2D 2H ZZ"}, "removed_cards", "'ZZ'"),
        ({"first_trick": "sometimes"}, "first_trick", "'sometimes'"),
        ({"moon": "maybe"}, "moon", "'maybe'"),
        ({"opening_lead": "anyone"}, "opening_lead", "'anyone'"),
        ({"tie": "coin_flip"}, "tie", "'coin_flip'"),
        ({"scoring": "money"}, "scoring", "'money'"),
        ({"pass_cycle": ["left", "sideways"]}, "pass_cycle", "'sideways'"),
        ({"pass_cycle": []}, "pass_cycle", "at least one"),
        ({"sun": 1}, "sun", "true or false"),
        ({"must_break_hearts": "yes"}, "must_break_hearts", "true or false"),
        ({"queen_breaks_hearts": None}, "queen_breaks_hearts", "true or false"),
        ({"lead_hearts_with_queen": 0}, "lead_hearts_with_queen", "true or false"),
        ({"moon_needs_bonus": "no"}, "moon_needs_bonus", "true or false"),
        ({"players": True}, "players", "whole number"),
        ({"pass_count": 2.5}, "pass_count", "whole number"),
        ({"pass_count": 0}, "pass_count", "between 1 and 12"),
        ({"pass_count": 13}, "pass_count", "between 1 and 12"),
        ({"no_tricks_bonus": 5}, "no_tricks_bonus", "negative"),
        ({"target_score": 0}, "target_score", "needs an end"),
        ({"target_score": 0, "max_hands": 0}, "target_score", "needs an end"),
        ({"target_score": -10}, "target_score", "negative"),
        ({"max_hands": -1}, "max_hands", "negative"),
        ({"scoring": "chips"}, "scoring", "moon"),
        ({"scoring": "chips", "moon": "off", "sun": True}, "scoring", "sun"),
        ({"scoring": "chips", "moon": "off", "no_tricks_bonus": -5}, "scoring", "bonus"),
        ({"penalties": {"QQ": 13}}, "penalties", "'QQ'"),
        ({"penalties": {"QS": 1.5}}, "penalties", "QS"),
        ({"penalties": ["QS"]}, "penalties", "mapping"),
        ({"removed_cards": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}, "players", "cannot be dealt evenly"),
    ],
)
def test_impossible_rulesets_raise_naming_the_field(fields: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset(**fields)
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_deck_without_clubs_cannot_open_with_the_lowest_club() -> None:
    clubs = CardSet.parse("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D")
    with pytest.raises(RulesetError) as info:
        Ruleset(removed_cards=clubs, pass_cycle=("hold",))
    assert info.value.field == "opening_lead"
    # The player left of the dealer can still open without clubs.
    assert Ruleset(removed_cards=clubs, opening_lead="left_of_dealer").hand_size == 9


def test_divisibility_error_suggests_the_section_3_removals() -> None:
    with pytest.raises(RulesetError, match="2D, or the 2C"):
        Ruleset(players=3, pass_cycle=("left", "right", "hold"))
    with pytest.raises(RulesetError, match="2C and 2D, or the 2D and 2S"):
        Ruleset(players=5, pass_cycle=("left", "right", "hold"))


def test_unknown_field_is_rejected_naming_it() -> None:
    with pytest.raises((TypeError, RulesetError), match="bogus"):
        Ruleset(bogus=True)  # type: ignore[call-arg]


def test_chips_with_the_moon_off_is_allowed() -> None:
    assert Ruleset(scoring="chips", moon="off").scoring == "chips"


# -- plain values ----------------------------------------------------------------------------------


def test_replace_accepts_plain_values() -> None:
    # Plain values (as lesson files and links give them), looser than the fields' types.
    plain: dict[str, Any] = {
        "penalties": {"qs": 13, "JD": -10, **hearts(1)},
        "pass_cycle": ["left", "hold"],
        "players": 3,
        "removed_cards": "2D",
    }
    rules = dataclasses.replace(Ruleset(), **plain)
    assert isinstance(rules.penalties, Penalties)
    assert rules.penalties["JD"] == -10
    assert rules.penalties == {**hearts(1), "QS": 13, "JD": -10}
    assert rules.pass_cycle == ("left", "hold")
    assert rules.removed_cards == CardSet.parse("2D")
    assert rules.hand_size == 17
    assert str(rules.opening_card) == "2C"
    # Equal to the same ruleset built from canonical values, and hashable.
    same = Ruleset(
        players=3,
        removed_cards=CardSet.parse("2D"),
        pass_cycle=("left", "hold"),
        penalties=Penalties({**hearts(1), "QS": 13, "JD": -10}),
    )
    assert rules == same and hash(rules) == hash(same)


def test_replace_validates_too() -> None:
    with pytest.raises(RulesetError) as info:
        dataclasses.replace(Ruleset(), removed_cards=CardSet.parse("2D"))
    assert info.value.field == "players"


def test_pass_cycle_text_is_split() -> None:
    text: Any = "left, across right hold"  # plain text, looser than the field's type
    assert Ruleset(pass_cycle=text).pass_cycle == ("left", "across", "right", "hold")


def test_penalties_mapping_behaviour() -> None:
    table = Penalties({"qs": 13, "10h": 1, "2C": 0})
    assert dict(table) == {"TH": 1, "QS": 13}
    assert table["2C"] == 0 and len(table) == 2
    with pytest.raises(AttributeError):
        table._values = ()


def test_removed_cards_score_nothing_and_leave_the_moon_value() -> None:
    rules = Ruleset(players=5, removed_cards=CardSet.parse("2D 2S"), pass_cycle=("left", "right", "hold"))
    assert rules.deck.mask & Card.parse("2S").bit == 0
    # Removing a heart lowers the moon: 12 hearts + QS.
    rules = Ruleset(players=3, removed_cards=CardSet.parse("2H"), pass_cycle=("left", "right", "hold"))
    assert rules.moon_value == 25


# -- with_players ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "scheme", "removed", "opening"),
    [
        (2, "base", "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S 4S 5S", "6C"),
        (3, "base", "2D", "2C"),
        (3, "variant", "2C", "3C"),
        (4, "base", "", "2C"),
        (5, "base", "2C 2D", "3C"),
        (5, "variant", "2D 2S", "2C"),
        (6, "base", "2C 2D 3C 2S", "4C"),
        (6, "variant", "2C 2D 2S 3D", "3C"),
    ],
)
def test_with_players_uses_the_section_3_decks(players: int, scheme: DeckScheme, removed: str, opening: str) -> None:
    rules = Ruleset(moon="add_to_others", first_trick="anything").with_players(players, scheme)
    assert rules.players == players
    assert rules.removed_cards == CardSet.parse(removed)
    assert str(rules.opening_card) == opening
    assert rules.hand_size * players == 52 - len(CardSet.parse(removed))
    # Other switches are kept.
    assert rules.moon == "add_to_others" and rules.first_trick == "anything"
    if players % 2 or players < 4:
        assert "across" not in rules.pass_cycle


def test_with_players_keeps_a_custom_cycle_minus_across() -> None:
    rules = Ruleset(pass_cycle=("left", "across", "right", "hold")).with_players(5)
    assert rules.pass_cycle == ("left", "right", "hold")
    assert Ruleset(pass_cycle=("across",)).with_players(3).pass_cycle == ("hold",)
    assert Ruleset(pass_cycle=("left", "across", "right", "hold")).with_players(6).pass_cycle == (
        "left",
        "across",
        "right",
        "hold",
    )


def test_with_players_caps_the_pass_count() -> None:
    rules = Ruleset(pass_count=4).with_players(6)
    assert rules.pass_count == 4
    assert rules.hand_size == 8


def test_with_players_rejects_unknown_scheme() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset().with_players(4, "variant")
    assert info.value.field == "players"
    with pytest.raises(RulesetError):
        Ruleset().with_players(7)


def test_differences_lists_changed_fields() -> None:
    diff = Ruleset.preset("openspiel").differences(Ruleset())
    assert diff == {"queen_breaks_hearts": (True, False), "moon": ("add_to_others", "choice")}
