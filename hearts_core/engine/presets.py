"""Named rulesets, each with the sources it comes from.

A preset is data: the fields it changes from the standard game, plus its
sources.  Its notes are wording, so they live in the message catalogue under
``preset.<name>.title`` and ``preset.<name>.notes``.

>>> from hearts_core import Ruleset
>>> Ruleset.preset("black_maria").penalties["KS"], Ruleset.preset("black_maria").moon_value
(10, 43)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .vocabulary import DeckScheme


def hearts_each(points: int = 1) -> dict[str, int]:
    """Every heart worth ``points``."""
    return {f"{rank}H": points for rank in "23456789TJQKA"}


#: Deck removals by player count (the player-count table): "base" first, then "variant".
DECK_SCHEMES: Final[dict[int, dict[DeckScheme, str]]] = {
    2: {"base": "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S 4S 5S"},
    3: {"base": "2D", "variant": "2C"},
    4: {"base": ""},
    5: {"base": "2C 2D", "variant": "2D 2S"},
    6: {"base": "2C 2D 3C 2S", "variant": "2C 2D 2S 3D"},
}


@dataclass(frozen=True)
class PresetInfo:
    """A preset's name, the fields it sets, and the sources its rules come from
    (ids of :mod:`hearts_core.content.sources`)."""

    name: str
    overrides: dict[str, Any]
    sources: tuple[str, ...]


_ODD_CYCLE: Final = ("left", "right", "hold")


def _players(count: int, scheme: DeckScheme) -> dict[str, Any]:
    cycle = _ODD_CYCLE if count % 2 else ("left", "right", "across", "hold")
    return {"players": count, "removed_cards": DECK_SCHEMES[count][scheme], "pass_cycle": cycle}


_SPOT_HEARTS: Final = {f"{rank}H": value for rank, value in zip("23456789TJQKA", range(2, 15), strict=True)}

PRESETS: Final[dict[str, PresetInfo]] = {
    preset.name: preset
    for preset in (
        PresetInfo("standard", {}, ("uk_rules_site", "ru_online_site", "ru_encyclopedia", "ru_wiki")),
        PresetInfo(
            "microsoft",
            {"pass_cycle": ("left", "right", "across", "hold"), "moon": "add_to_others"},
            ("microsoft", "ru_encyclopedia"),
        ),
        PresetInfo(
            "pagat",
            {"first_trick": "anything", "moon": "choice"},
            ("pagat",),
        ),
        PresetInfo(
            "openspiel",
            {"queen_breaks_hearts": True, "moon": "add_to_others"},
            ("openspiel",),
        ),
        PresetInfo(
            "omnibus",
            {"penalties": {**hearts_each(1), "QS": 13, "JD": -10}},
            ("uk_rules_site", "ru_online_site"),
        ),
        PresetInfo(
            "jack_eleven",
            {"penalties": {**hearts_each(1), "QS": 13, "JD": 11}},
            ("ru_wiki",),
        ),
        PresetInfo(
            "black_maria",
            {
                "penalties": {**hearts_each(1), "QS": 13, "KS": 10, "AS": 7},
                "pass_cycle": ("right",),
                "opening_lead": "left_of_dealer",
                "first_trick": "anything",
                "must_break_hearts": False,
                "moon": "off",
            },
            ("ru_encyclopedia", "pagat", "wikipedia"),
        ),
        PresetInfo(
            "spot_hearts",
            {"penalties": {**_SPOT_HEARTS, "QS": 25}},
            ("pagat", "board_game_arena"),
        ),
        PresetInfo(
            "pink_lady",
            {"penalties": {**hearts_each(1), "QS": 13, "QH": 13}},
            ("pagat",),
        ),
        PresetInfo("rickety_kate", {"moon": "off"}, ("wikipedia",)),
        PresetInfo(
            "pure_hearts",
            {"penalties": hearts_each(1), "moon": "off", "first_trick": "anything"},
            ("ru_encyclopedia",),
        ),
        PresetInfo(
            "chips_1887",
            {
                "penalties": hearts_each(1),
                "moon": "off",
                "first_trick": "anything",
                "scoring": "chips",
                "pass_cycle": ("hold",),
                "target_score": 0,
                "max_hands": 8,
            },
            ("ru_encyclopedia",),
        ),
        PresetInfo("three_players", _players(3, "base"), ("uk_rules_site", "ru_wiki")),
        PresetInfo("three_players_no_2c", _players(3, "variant"), ("uk_rules_site", "ru_encyclopedia")),
        PresetInfo("five_players", _players(5, "base"), ("uk_rules_site", "ru_encyclopedia")),
        PresetInfo("five_players_no_2s", _players(5, "variant"), ("ru_wiki",)),
        PresetInfo("six_players", _players(6, "base"), ("ru_encyclopedia",)),
        PresetInfo("six_players_no_3d", _players(6, "variant"), ("ru_wiki",)),
        PresetInfo(
            "two_players",
            {
                "players": 2,
                "removed_cards": DECK_SCHEMES[2]["base"],
                "pass_cycle": ("left", "hold"),
                # The 2H-5H are out of the deck, so they carry no points either.
                "penalties": {**{f"{rank}H": 1 for rank in "6789TJQKA"}, "QS": 13},
            },
            ("ru_wiki",),
        ),
    )
}


def preset_info(name: str) -> PresetInfo:
    """The preset's definition and source; raises ``KeyError`` for an unknown name."""
    return PRESETS[name]


__all__ = ["DECK_SCHEMES", "PRESETS", "PresetInfo", "hearts_each", "preset_info"]
