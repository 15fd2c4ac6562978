"""Every ruleset setting in words, once: used by the Rule Book, the house rules card,
the rule pickers and the Variant Lab.

:func:`describe_value` gives a field's value as a short phrase that starts
with a capital and has no final full stop (a table cell, or a sentence once
one is added); :func:`field_label` and :func:`field_help` name the field.
Wording comes from the message catalogue (``field.*``, ``option.*``,
``describe.*``); a field the catalogue cannot describe is an error in tests.

>>> from hearts_core import Ruleset
>>> describe_value(Ruleset(), "pass_cycle")
'Left → right → across → no pass, then again'
>>> describe_value(Ruleset.preset("omnibus"), "penalties")
'Hearts 1 each, Q♠ 13, J♦ −10'
>>> describe_value(Ruleset.preset("chips_1887"), "target_score")
'None: the game ends after a number of hands'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from ..words.catalogue import message
from .cards import ALL_CARDS, HEARTS
from .rules import Ruleset, field_kind

MINUS: Final = "\u2212"


def signed(points: int) -> str:
    """A number with a real minus sign: ``−10``."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def points_words(count: int, language: str | None = None) -> str:
    """A number of points in words, with a real minus sign: "1 point", "−6 points"."""
    return message("count.points", language, count=signed(count))


def capitalised(text: str) -> str:
    """The text with its first letter in upper case (catalogue phrases start in lower case)."""
    return text[:1].upper() + text[1:]


def field_label(name: str, language: str | None = None) -> str:
    """A field's name for learners: ``Shooting the moon``."""
    return message(f"field.{name}.label", language)


def field_help(name: str, language: str | None = None) -> str:
    """One sentence on what a field decides."""
    return message(f"field.{name}.help", language)


def option_words(name: str, value: Any, language: str | None = None) -> str:
    """The catalogue's words for one option of a field (``option.<field>.<value>``)."""
    token = str(value).lower() if isinstance(value, bool) else str(value)
    return capitalised(message(f"option.{name}.{token}", language))


def describe_value(rules: Ruleset, name: str, language: str | None = None) -> str:
    """The value of field ``name`` in ``rules``, in words."""
    describer = _DESCRIBERS.get(name)
    if describer is not None:
        return capitalised(describer(rules, language))
    if field_kind(name) in ("choice", "bool"):
        return option_words(name, getattr(rules, name), language)
    raise KeyError(f"no words for the ruleset field {name!r}: add a describer to hearts_core.engine.describe")


def _players(rules: Ruleset, language: str | None) -> str:
    return message("describe.players", language, players=rules.players, hand_size=rules.hand_size, deck=len(rules.deck))


def _removed(rules: Ruleset, language: str | None) -> str:
    if not rules.removed_cards:
        return message("describe.removed_none", language)
    cards = " ".join(card.symbol for card in rules.removed_cards)
    return message("describe.removed", language, cards=cards, size=len(rules.deck))


def _cycle(rules: Ruleset, language: str | None) -> str:
    steps = " → ".join(message(f"describe.direction.{direction}", language) for direction in rules.pass_cycle)
    if len(rules.pass_cycle) == 1:
        return message("describe.cycle_one", language, step=steps)
    return message("describe.cycle", language, steps=steps)


def _pass_count(rules: Ruleset, language: str | None) -> str:
    count = rules.pass_count
    text = (
        message("describe.pass_count_one", language)
        if count == 1
        else message("describe.pass_count", language, count=count)
    )
    if all(direction == "hold" for direction in rules.pass_cycle):
        text = message("describe.pass_count_unused", language, text=text)
    return text


def _opening(rules: Ruleset, language: str | None) -> str:
    opening = rules.opening_card
    if rules.opening_lead == "left_of_dealer" or opening is None:
        return message("describe.opening_left", language)
    key = "describe.opening_any_club" if rules.opening_lead == "any_club" else "describe.opening_card"
    return message(key, language, card=opening.symbol)


def _moon(rules: Ruleset, language: str | None) -> str:
    words = option_words("moon", rules.moon, language)
    if rules.moon == "off":
        return words
    return message("describe.moon_value", language, option=words, value=rules.moon_value)


def _no_tricks(rules: Ruleset, language: str | None) -> str:
    bonus = rules.no_tricks_bonus
    return (
        message("describe.no_tricks_off", language)
        if bonus == 0
        else message("describe.no_tricks", language, points=signed(bonus))
    )


def _target(rules: Ruleset, language: str | None) -> str:
    target = rules.target_score
    return (
        message("describe.no_target", language) if target == 0 else message("describe.target", language, points=target)
    )


def _hands(rules: Ruleset, language: str | None) -> str:
    hands = rules.max_hands
    return (
        message("describe.no_hand_limit", language) if hands == 0 else message("describe.hands", language, count=hands)
    )


def penalty_summary(rules: Ruleset, language: str | None = None) -> str:
    """The cards carrying points, compactly: ``hearts 1 each, Q♠ 13, J♦ −10``.

    Hearts sharing a value are grouped; the other cards follow in deck order.

    >>> penalty_summary(Ruleset.preset("pink_lady"))
    'hearts 1 each except Q♥ 13, Q♠ 13'
    >>> penalty_summary(Ruleset.preset("spot_hearts"))
    'hearts by rank: 2♥ 2 … 10♥ 10, J♥ 11, Q♥ 12, K♥ 13, A♥ 14; Q♠ 25'
    """
    points = rules.tables.points
    table = {card: points[card] for card in ALL_CARDS if points[card]}
    if not table:
        return message("describe.penalty_none", language)
    hearts = [card for card in ALL_CARDS if card.suit == HEARTS and rules.tables.deck_mask >> card & 1]
    heart_points = [table.get(card, 0) for card in hearts]
    others = sorted((card for card in table if card.suit != HEARTS), key=lambda c: (table[c] < 0, c))
    rest = ", ".join(f"{card.symbol} {signed(table[card])}" for card in others)
    if len(hearts) == 13 and heart_points == list(range(2, 15)):
        tail = ", ".join(f"{card.symbol} {table[card]}" for card in hearts[9:])
        head = message(
            "describe.hearts_by_rank", language, first=f"{hearts[0].symbol} 2", ten=f"{hearts[8].symbol} 10", tail=tail
        )
        return f"{head}; {rest}" if rest else head
    common, count = Counter(heart_points).most_common(1)[0] if hearts else (0, 0)
    if not (common and count >= 7):
        ordered = sorted(table, key=lambda c: (table[c] < 0, c))
        return ", ".join(f"{card.symbol} {signed(table[card])}" for card in ordered)
    exceptions = [card for card, value in zip(hearts, heart_points, strict=True) if value != common]
    if exceptions:
        listed = ", ".join(f"{card.symbol} {signed(table.get(card, 0))}" for card in exceptions)
        head = message("describe.hearts_each_except", language, points=signed(common), exceptions=listed)
    else:
        head = message("describe.hearts_each", language, points=signed(common))
    return f"{head}, {rest}" if rest else head


_DESCRIBERS: Final[dict[str, Callable[[Ruleset, str | None], str]]] = {
    "players": _players,
    "removed_cards": _removed,
    "pass_cycle": _cycle,
    "pass_count": _pass_count,
    "opening_lead": _opening,
    "penalties": penalty_summary,
    "moon": _moon,
    "no_tricks_bonus": _no_tricks,
    "target_score": _target,
    "max_hands": _hands,
}

__all__ = [
    "MINUS",
    "capitalised",
    "describe_value",
    "field_help",
    "field_label",
    "option_words",
    "penalty_summary",
    "points_words",
    "signed",
]
