"""The Rule Book as plain data, ready to render: no Streamlit import.

Everything here is generated from the engine's metadata
(:mod:`hearts_core.content.rulebook`, :mod:`hearts_core.engine.presets`) and its message
catalogue, so the page never types a rule twice.  A setting's value in words
comes from :mod:`hearts_core.engine.describe`, the one place that says it.

>>> rows = settings_rows(Ruleset.preset("black_maria"))
>>> [row.field for row in rows if row.changed]
['pass_cycle', 'opening_lead', 'first_trick', 'must_break_hearts', 'penalties', 'moon']
>>> resolve_preset("nonsense").problem is not None, resolve_preset("nonsense").name
(True, 'standard')
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Final

from hearts_core import Card, Ruleset
from hearts_core.content.rulebook import (
    SECTIONS,
    RuleEntry,
    apply_variant,
    field_info,
    option_in_force,
    player_count_options,
    rule_entry,
    rules_in,
    variant_options,
)
from hearts_core.engine.describe import capitalised, describe_value, field_help, field_label, signed
from hearts_core.engine.presets import preset_info
from hearts_core.words.catalogue import current_language, message
from hearts_core.words.echo import echo

from ...texts import ui

DEFAULT_PRESET: Final = "standard"


@dataclass(frozen=True)
class PenaltyCard:
    """One card carrying points under a ruleset."""

    card: str
    symbol: str
    name: str
    points: int
    in_deck: bool

    @property
    def points_text(self) -> str:
        return signed(self.points)


@dataclass(frozen=True)
class PenaltyChip:
    """A chip of the "cards that carry points" row: one card, or every heart sharing a value."""

    face: str
    label: str
    points: str
    bonus: bool
    red: bool


def penalty_chips(rules: Ruleset) -> tuple[PenaltyChip, ...]:
    """The cards in the deck carrying points as chips, hearts of a common value grouped in one.

    >>> [(chip.face, chip.points) for chip in penalty_chips(Ruleset.preset("pink_lady"))]
    [('♥ ×12', '1 each'), ('Q♥', '13'), ('Q♠', '13')]
    >>> [chip.face for chip in penalty_chips(Ruleset.preset("two_players"))][0]
    '♥ ×9'
    """
    cards = penalty_cards(rules)
    hearts = [card for card in cards if card.card.endswith("H") and card.in_deck]
    common, count = Counter(card.points for card in hearts).most_common(1)[0] if hearts else (0, 0)
    grouped = count >= 7
    chips: list[PenaltyChip] = []
    if grouped:
        chips.append(
            PenaltyChip(
                face=f"♥ ×{count}",
                label=ui("penalty.group_label", count=count, points=signed(common)),
                points=ui("penalty.each", points=signed(common)),
                bonus=common < 0,
                red=True,
            )
        )
    for card in cards:
        if not card.in_deck or (grouped and card.card.endswith("H") and card.points == common):
            continue
        chips.append(
            PenaltyChip(
                face=card.symbol,
                label=f"{card.name}: {card.points_text}",
                points=card.points_text,
                bonus=card.points < 0,
                red=card.card[-1] in "HD",
            )
        )
    return tuple(chips)


def penalty_cards(rules: Ruleset) -> tuple[PenaltyCard, ...]:
    """Every card with points, in deck order, and whether it is in this deck."""
    deck = rules.deck
    return tuple(
        PenaltyCard(str(card), card.symbol, card.name, points, card in deck)
        for card, points in sorted((Card.parse(key), value) for key, value in rules.penalties.items())
    )


def value_words(rules: Ruleset, name: str) -> str:
    """A ruleset field's value in words, for learners (:func:`hearts_core.engine.describe.describe_value`).

    >>> value_words(Ruleset(), "pass_cycle")
    'Left → right → across → no pass, then again'
    """
    return describe_value(rules, name)


# -- a preset's settings -------------------------------------------------------------


@dataclass(frozen=True)
class SettingRow:
    """One Ruleset field as the Rule Book shows it."""

    field: str
    label: str
    help: str
    value: str
    standard: str
    changed: bool
    rule: str
    rule_title: str


def settings_rows(rules: Ruleset, baseline: Ruleset | None = None) -> tuple[SettingRow, ...]:
    """Every Ruleset field in declaration order, in words, marked when it differs
    from ``baseline`` (the standard game, ``Ruleset()``, by default)."""
    base = baseline if baseline is not None else Ruleset()
    changed = rules.differences(base)
    rows = []
    for item in dataclasses.fields(Ruleset):
        info = field_info(item.name)
        rows.append(
            SettingRow(
                field=item.name,
                label=field_label(item.name),
                help=field_help(item.name),
                value=value_words(rules, item.name),
                standard=value_words(base, item.name),
                changed=item.name in changed,
                rule=info.rule,
                rule_title=message(f"rule.{info.rule}.title"),
            )
        )
    return tuple(rows)


@dataclass(frozen=True)
class PresetFacts:
    """Numbers a learner wants at a glance, derived by the engine."""

    players: int
    deck_size: int
    hand_size: int
    opening: str
    points_per_hand: int
    moon: str


def preset_facts(rules: Ruleset) -> PresetFacts:
    """Players, deck, cards each, opening card, points in a hand and the moon's worth."""
    card = rules.opening_card
    opening = card.symbol if card is not None else ui("value.opening_none")
    moon = ui("value.moon_off_short") if rules.moon == "off" else str(rules.moon_value)
    return PresetFacts(rules.players, len(rules.deck), rules.hand_size, opening, rules.moon_value, moon)


# -- presets and the URL --------------------------------------------------------------


def preset_names() -> tuple[str, ...]:
    return Ruleset.preset_names()


def preset_title(name: str) -> str:
    return message(f"preset.{name}.title")


def preset_notes(name: str) -> str:
    return message(f"preset.{name}.notes")


def preset_source(name: str) -> str:
    """Where a preset's rules come from: the short titles of its sources."""
    return ", ".join(message(f"source.{source}.title") for source in preset_info(name).sources)


@dataclass(frozen=True)
class PresetChoice:
    """The preset to show, and a learner-facing problem if the request was unusable."""

    name: str
    problem: str | None = None


def resolve_preset(requested: str | None, fallback: str = DEFAULT_PRESET) -> PresetChoice:
    """The preset named in a URL, or ``fallback`` with a friendly explanation.

    >>> resolve_preset("black_maria")
    PresetChoice(name='black_maria', problem=None)
    >>> resolve_preset(None)
    PresetChoice(name='standard', problem=None)
    """
    if requested is None or requested == "":
        return PresetChoice(fallback)
    cleaned = requested.strip().lower().replace("-", "_").replace(" ", "_")
    if cleaned in preset_names():
        return PresetChoice(cleaned)
    known = ", ".join(f"`{name}`" for name in preset_names())
    return PresetChoice(
        fallback, ui("rulebook.unknown_preset", requested=echo(requested), known=known, fallback=preset_title(fallback))
    )


# -- rules, variants and sources -------------------------------------------------------


def section_title(section: str) -> str:
    return message(f"section.{section}")


def rule_title(rule_id: str) -> str:
    return message(f"rule.{rule_id}.title")


def rule_text(rule_id: str) -> str:
    return message(f"rule.{rule_id}.text")


def source_note(source: str) -> str:
    """A source cited by a rule: its short title (the assumption marker says so in words)."""
    return capitalised(message(f"source.{source}.title"))


@dataclass(frozen=True)
class FieldView:
    """A Ruleset field named by a rule card: its label, help, and values."""

    name: str
    label: str
    help: str
    standard: str
    chosen: str
    changed: bool


def field_view(name: str, rules: Ruleset, baseline: Ruleset | None = None) -> FieldView:
    base = baseline if baseline is not None else Ruleset()
    return FieldView(
        name=name,
        label=field_label(name),
        help=field_help(name),
        standard=value_words(base, name),
        chosen=value_words(rules, name),
        changed=name in rules.differences(base),
    )


@dataclass(frozen=True)
class Change:
    """One field an option sets away from the standard game, in words."""

    field: str
    label: str
    value: str


@dataclass(frozen=True)
class VariantChoice:
    """One option of a variant row, what it changes, and who plays it.

    ``standard``: the standard game has it; ``chosen``: the ruleset being read
    has it; ``presets``: the other named rule sets that have it (left empty for
    the standard game's own option, which most of them share).
    """

    key: str
    text: str
    changes: tuple[Change, ...]
    standard: bool
    chosen: bool
    presets: tuple[str, ...]


def option_keys(rule_id: str) -> tuple[str, ...]:
    """The option keys of a variant row, the standard game's first; empty for a fixed rule."""
    if rule_id in ("V11", "player_counts"):
        return player_count_options()
    return tuple(option.key for option in variant_options(rule_id))


def option_text(rule_id: str, key: str) -> str:
    """The catalogue's name of an option (``variant.<rule>.<key>``; V11 names serve player_counts too)."""
    catalogue_rule = "V11" if rule_id == "player_counts" else rule_id
    return message(f"variant.{catalogue_rule}.{key}")


@cache
def _standard_side(rule_id: str, key: str, language: str) -> tuple[tuple[Change, ...], bool, tuple[str, ...]]:
    """What choosing an option changes in the standard game, in ``language`` (cached per language: the
    words are made once for each)."""
    standard = Ruleset()
    try:
        applied = apply_variant(standard, rule_id, key)
    except ValueError:
        changes: tuple[Change, ...] = ()
    else:
        changes = tuple(
            Change(name, field_label(name), value_words(applied, name)) for name in applied.differences(standard)
        )
    is_standard = option_in_force(standard, rule_id, key)
    presets = (
        ()
        if is_standard
        else tuple(
            name
            for name in preset_names()
            if name != DEFAULT_PRESET and option_in_force(Ruleset.preset(name), rule_id, key)
        )
    )
    return changes, is_standard, presets


def variant_choices(rule_id: str, rules: Ruleset | None = None) -> tuple[VariantChoice, ...]:
    """Every option of a variant row under ``rules`` (the standard game by default).

    >>> [(c.key, c.standard, c.presets) for c in variant_choices("V6")]
    [('no_effect', True, ()), ('minus_10', False, ('omnibus',)), ('plus_11', False, ('jack_eleven',))]
    >>> [(c.label, c.value) for c in variant_choices("V6")[1].changes]
    [('Penalty cards', 'Hearts 1 each, Q♠ 13, J♦ −10')]
    """
    current = rules if rules is not None else Ruleset()
    choices = []
    for key in option_keys(rule_id):
        changes, is_standard, presets = _standard_side(rule_id, key, current_language())
        choices.append(
            VariantChoice(
                key=key,
                text=option_text(rule_id, key),
                changes=changes,
                standard=is_standard,
                chosen=option_in_force(current, rule_id, key),
                presets=presets,
            )
        )
    return tuple(choices)


@dataclass(frozen=True)
class RuleView:
    """A rule or variant, ready to draw."""

    id: str
    section: str
    title: str
    text: str
    sources: tuple[tuple[str, str], ...]
    fields: tuple[FieldView, ...]
    choices: tuple[VariantChoice, ...]


def rule_view(entry: RuleEntry | str, rules: Ruleset | None = None) -> RuleView:
    """A rule entry with its catalogue texts, sources, fields and options under ``rules``."""
    item = rule_entry(entry) if isinstance(entry, str) else entry
    current = rules if rules is not None else Ruleset()
    return RuleView(
        id=item.id,
        section=item.section,
        title=rule_title(item.id),
        text=rule_text(item.id),
        sources=tuple((source, source_note(source)) for source in item.sources),
        fields=tuple(field_view(name, current) for name in item.fields),
        choices=variant_choices(item.id, current),
    )


def all_sections() -> tuple[str, ...]:
    return SECTIONS


@cache
def _search_text(rule_id: str, language: str) -> str:
    """Everything a learner might search for in one rule, lower-cased, in ``language`` (cached per
    language)."""
    view = rule_view(rule_id)
    parts = [view.id, view.title, view.text, section_title(view.section)]
    parts += [f"{source} {note}" for source, note in view.sources]
    for fld in view.fields:
        parts += [fld.name, fld.label, fld.help, fld.standard]
    for choice in view.choices:
        parts += [choice.text] + [change.value for change in choice.changes]
    return " ".join(parts).lower()


def matching_rules(query: str, section: str | None = None) -> tuple[RuleEntry, ...]:
    """Rules whose words contain every word of ``query`` (case-insensitive).

    >>> [entry.id for entry in matching_rules("jack diamonds")]
    ['V6', 'penalty_table', 'moon_auto']
    >>> len(matching_rules("")) == len(matching_rules("", None))
    True
    """
    words = query.lower().split()
    entries = rules_in(section) if section else tuple(e for s in SECTIONS for e in rules_in(s))
    language = current_language()
    return tuple(entry for entry in entries if all(word in _search_text(entry.id, language) for word in words))
