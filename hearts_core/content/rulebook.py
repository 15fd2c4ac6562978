"""The rule book as data: every rule and variant the app models, its sources, and
the :class:`~hearts_core.engine.rules.Ruleset` fields that model it.

Rule ids (``follow_suit``, ``V3``, ``dispute_1``...) are what code, tests and
content cite.  Wording lives in the message catalogue (``rule.<id>.title``,
``rule.<id>.text``, ``field.<name>.label``, ``option.<field>.<value>``), so
the Rule Book page is generated from this module and never typed twice.

>>> entry = rule_entry("V3")
>>> entry.fields, entry.sources
(('first_trick',), ('uk_rules_site', 'ru_encyclopedia'))
>>> [option.value for option in field_info("first_trick").options]
['no_points', 'no_queen', 'anything']
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
from dataclasses import dataclass
from typing import Any, Final

from ..engine.presets import DECK_SCHEMES
from ..engine.rules import Ruleset, choices_of, field_kind, field_names, field_rule
from ..engine.vocabulary import DECK_SCHEME_NAMES, FIRST_TRICK_RULES, OPENING_LEADS, TIE_RULES, one_of
from .sources import is_citation

SECTIONS: Final = ("standard", "variants", "beyond", "players", "disputes", "history")


@dataclass(frozen=True)
class RuleEntry:
    """One rule or variant of the rule book.

    ``id`` is the key for the catalogue and for citations (``V3``,
    ``follow_suit``); ``section`` one of :data:`SECTIONS`; ``sources`` the ids
    of :mod:`hearts_core.content.sources` it comes from (or ``assumption``);
    ``fields`` the ruleset fields that model it (empty for a fixed rule).
    """

    id: str
    section: str
    sources: tuple[str, ...]
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class OptionInfo:
    """One value a field can take, with its catalogue key."""

    value: Any
    key: str


@dataclass(frozen=True)
class FieldInfo:
    """A ruleset field: its kind (``choice``, ``bool``, ``int``, ``players``, ``cards``,
    ``penalties``, ``cycle``), the rule it belongs to, and its options with their words."""

    name: str
    kind: str
    rule: str
    options: tuple[OptionInfo, ...] = ()


_UK: Final = "uk_rules_site"
_RU_SITE: Final = "ru_online_site"
_RU_ENCYCLOPEDIA: Final = "ru_encyclopedia"
_RU_WIKI: Final = "ru_wiki"
_ALL: Final = ("uk_rules_site", "ru_online_site", "ru_encyclopedia", "ru_wiki")

RULES: Final[tuple[RuleEntry, ...]] = (
    # Section 1: the standard game.
    RuleEntry("deck", "standard", _ALL, ("players", "removed_cards")),
    RuleEntry("ranks", "standard", (_UK, _RU_ENCYCLOPEDIA)),
    RuleEntry("deal", "standard", (_RU_ENCYCLOPEDIA, _RU_SITE)),
    RuleEntry("pass_blind", "standard", (_UK, _RU_SITE), ("pass_count",)),
    RuleEntry("pass_cycle", "standard", (_UK, _RU_SITE, _RU_WIKI), ("pass_cycle",)),
    RuleEntry("opening_lead", "standard", _ALL, ("opening_lead",)),
    RuleEntry("clockwise", "standard", (_RU_SITE, _RU_WIKI)),
    RuleEntry("follow_suit", "standard", _ALL),
    RuleEntry("no_obligation_to_beat", "standard", (_RU_ENCYCLOPEDIA,)),
    RuleEntry("trick_winner", "standard", _ALL),
    RuleEntry("first_trick", "standard", (_UK, _RU_SITE, _RU_WIKI), ("first_trick",)),
    RuleEntry("breaking_hearts", "standard", (_UK, _RU_ENCYCLOPEDIA, _RU_WIKI), ("must_break_hearts",)),
    RuleEntry("only_hearts", "standard", (_UK, _RU_SITE, _RU_ENCYCLOPEDIA)),
    RuleEntry("queen_lead", "standard", (_RU_SITE,)),
    RuleEntry("penalty_points", "standard", _ALL, ("penalties",)),
    RuleEntry("moon", "standard", (_UK, _RU_SITE, _RU_WIKI), ("moon",)),
    RuleEntry("game_end", "standard", (_UK, _RU_SITE, _RU_WIKI), ("target_score",)),
    RuleEntry("worked_example", "standard", (_UK,)),
    # Section 2: variants V1-V12.
    RuleEntry("V1", "variants", _ALL, ("pass_cycle",)),
    RuleEntry("V2", "variants", _ALL, ("pass_count",)),
    RuleEntry("V3", "variants", (_UK, _RU_ENCYCLOPEDIA), ("first_trick",)),
    RuleEntry("V4", "variants", (_UK, _RU_SITE, _RU_ENCYCLOPEDIA), ("must_break_hearts", "queen_breaks_hearts")),
    RuleEntry("V5", "variants", (_UK, _RU_SITE), ("lead_hearts_with_queen",)),
    RuleEntry("V6", "variants", (_UK, _RU_SITE, _RU_WIKI), ("penalties",)),
    RuleEntry("V7", "variants", (_RU_ENCYCLOPEDIA,), ("penalties", "pass_cycle")),
    RuleEntry("V8", "variants", (_UK, _RU_SITE, _RU_WIKI), ("moon",)),
    RuleEntry("V9", "variants", (_RU_WIKI,), ("sun",)),
    RuleEntry("V10", "variants", (_UK, _RU_WIKI), ("target_score", "max_hands")),
    RuleEntry("V11", "variants", (_UK, _RU_ENCYCLOPEDIA, _RU_WIKI), ("players", "removed_cards")),
    RuleEntry("V12", "variants", (_RU_ENCYCLOPEDIA,), ("scoring",)),
    # Section 2b: variants beyond the seeds.
    RuleEntry("opening_lead_variant", "beyond", ("openspiel", "trickster", "pagat", "wikipedia"), ("opening_lead",)),
    RuleEntry("penalty_table", "beyond", ("pagat", "board_game_arena", "gnome_hearts"), ("penalties",)),
    RuleEntry("moon_auto", "beyond", ("trickster", "hardwood", "board_game_arena"), ("moon", "moon_needs_bonus")),
    RuleEntry("no_tricks_bonus", "beyond", ("openspiel",), ("no_tricks_bonus",)),
    RuleEntry("tie", "beyond", ("pagat", "wikipedia"), ("tie",)),
    RuleEntry("named_rulesets", "beyond", ("microsoft", "pagat", "openspiel", "wikipedia")),
    # Section 3: player counts.
    RuleEntry("player_counts", "players", (_UK, _RU_ENCYCLOPEDIA, _RU_WIKI), ("players", "removed_cards")),
    RuleEntry("odd_players_cycle", "players", ("assumption",), ("pass_cycle",)),
    # Section 4: disputed situations.
    RuleEntry("dispute_1", "disputes", (_UK,)),
    RuleEntry("dispute_2", "disputes", (_UK,)),
    RuleEntry("dispute_3", "disputes", (_UK,)),
    RuleEntry("dispute_4", "disputes", (_UK,)),
    # Section 6: history.
    RuleEntry("history", "history", (_RU_ENCYCLOPEDIA, _UK)),
)

_BY_ID: Final = {entry.id: entry for entry in RULES}


def rule_entry(rule_id: str) -> RuleEntry:
    """The entry with this id; raises ``KeyError`` for an unknown id."""
    return _BY_ID[rule_id]


def rules_in(section: str) -> tuple[RuleEntry, ...]:
    """The entries of one section, in the rule book's order."""
    return tuple(entry for entry in RULES if entry.section == section)


def _option_token(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _field_info(name: str) -> FieldInfo:
    """A field's metadata, read from the ruleset dataclass itself (its rule, kind and options)."""
    kind = field_kind(name)
    values: tuple[Any, ...] = choices_of(name) if kind in ("choice", "bool", "cycle") else ()
    if kind == "players":
        values = (2, 3, 4, 5, 6)
    return FieldInfo(
        name,
        kind,
        field_rule(name),
        tuple(OptionInfo(value, f"option.{name}.{_option_token(value)}") for value in values),
    )


FIELDS: Final[tuple[FieldInfo, ...]] = tuple(_field_info(name) for name in field_names())

_FIELDS_BY_NAME: Final = {info.name: info for info in FIELDS}


def field_info(name: str) -> FieldInfo:
    """Metadata of a ruleset field; raises ``KeyError`` for an unknown name."""
    return _FIELDS_BY_NAME[name]


def field_docs() -> dict[str, str]:
    """Each Ruleset field's docstring, read from the source (for developers' tables)."""
    tree = ast.parse(inspect.getsource(Ruleset))
    docs: dict[str, str] = {}
    body = tree.body[0].body  # type: ignore[attr-defined]
    for node, following in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
        ):
            docs[node.target.id] = " ".join(str(following.value.value).split())
    return docs


def check_coverage() -> list[str]:
    """Problems in the metadata: a rule naming an unknown field or source, a field citing an unknown rule."""
    names = set(field_names())
    problems = []
    for entry in RULES:
        problems += [f"rule {entry.id} names unknown field {name}" for name in entry.fields if name not in names]
        problems += [f"rule {entry.id} cites unknown source {name}" for name in entry.sources if not is_citation(name)]
    for info in FIELDS:
        if info.rule not in _BY_ID:
            problems.append(f"field {info.name} cites unknown rule {info.rule}")
    return problems


@dataclass(frozen=True)
class VariantOption:
    """One option of a variant of the rule book, as the change it makes to a ruleset.

    ``overrides`` sets fields outright; ``penalty_patch`` sets some cards'
    points on top of the current table (0 removes a card's points), so that
    e.g. the Omnibus jack can be added to Black Maria.  The option's words are
    ``variant.<rule id>.<key>`` in the catalogue.
    """

    key: str
    overrides: dict[str, Any] = dataclasses.field(default_factory=dict)
    penalty_patch: dict[str, int] = dataclasses.field(default_factory=dict)

    def apply(self, rules: Ruleset) -> Ruleset:
        """``rules`` with this option in force (may raise ``RulesetError``)."""
        changes = dict(self.overrides)
        if self.penalty_patch:
            table = dict(rules.penalties)
            for card, points in self.penalty_patch.items():
                table.pop(card, None)
                if points:
                    table[card] = points
            changes["penalties"] = table
        return dataclasses.replace(rules, **changes)

    def is_in_force(self, rules: Ruleset) -> bool:
        """Whether ``rules`` already has this option: applying it changes nothing."""
        try:
            return self.apply(rules) == rules
        except ValueError:
            return False


def _options(*options: VariantOption) -> tuple[VariantOption, ...]:
    return options


_SPOT: Final = {f"{rank}H": value for rank, value in zip("23456789TJQKA", range(2, 15), strict=True)}

#: Every option of every variant of the rule book, first = default.
VARIANT_OPTIONS: Final[dict[str, tuple[VariantOption, ...]]] = {
    "V1": _options(
        VariantOption("left_right_across_hold", {"pass_cycle": ("left", "right", "across", "hold")}),
        VariantOption("left_across_right_hold", {"pass_cycle": ("left", "across", "right", "hold")}),
        VariantOption("right_always", {"pass_cycle": ("right",)}),
        VariantOption("hold_always", {"pass_cycle": ("hold",)}),
    ),
    "V2": tuple(VariantOption(f"pass_{n}", {"pass_count": n}) for n in (3, 1, 2, 4)),
    "V3": tuple(VariantOption(value, {"first_trick": value}) for value in FIRST_TRICK_RULES),
    "V4": _options(
        VariantOption("heart", {"must_break_hearts": True, "queen_breaks_hearts": False}),
        VariantOption("heart_or_queen", {"must_break_hearts": True, "queen_breaks_hearts": True}),
        VariantOption("nothing", {"must_break_hearts": False}),
    ),
    "V5": _options(
        VariantOption("only_hearts", {"lead_hearts_with_queen": False}),
        VariantOption("hearts_and_queen", {"lead_hearts_with_queen": True}),
    ),
    "V6": _options(
        VariantOption("no_effect", penalty_patch={"JD": 0}),
        VariantOption("minus_10", penalty_patch={"JD": -10}),
        VariantOption("plus_11", penalty_patch={"JD": 11}),
    ),
    "V7": _options(
        VariantOption("off", penalty_patch={"KS": 0, "AS": 0}),
        VariantOption("on", {"pass_cycle": ("right",)}, {"QS": 13, "KS": 10, "AS": 7}),
    ),
    "V8": tuple(
        VariantOption(value, {"moon": value})
        for value in ("choice", "add_to_others", "subtract_from_self", "off", "auto")
    ),
    "V9": _options(VariantOption("off", {"sun": False}), VariantOption("on", {"sun": True})),
    "V10": _options(
        VariantOption("to_100", {"target_score": 100, "max_hands": 0}),
        VariantOption("to_50", {"target_score": 50, "max_hands": 0}),
        VariantOption("eight_hands", {"target_score": 0, "max_hands": 8}),
    ),
    "V12": _options(
        VariantOption("points", {"scoring": "points"}),
        VariantOption("chips", {"scoring": "chips", "moon": "off", "sun": False, "no_tricks_bonus": 0}),
    ),
    "opening_lead_variant": tuple(VariantOption(value, {"opening_lead": value}) for value in OPENING_LEADS),
    "penalty_table": _options(
        VariantOption("standard", penalty_patch={**{f"{r}H": 1 for r in "23456789TJQKA"}, "QS": 13, "QH": 1}),
        VariantOption("pink_lady", penalty_patch={"QH": 13}),
        VariantOption("spot_hearts", penalty_patch={**_SPOT, "QS": 25}),
        VariantOption("queen_7", penalty_patch={"QS": 7}),
        VariantOption("queen_25", penalty_patch={"QS": 25}),
        VariantOption("ten_of_diamonds_bonus", penalty_patch={"TD": -10, "JD": 0}),
    ),
    "moon_auto": _options(
        VariantOption("bonus_not_needed", {"moon_needs_bonus": False}),
        VariantOption("needs_bonus", {"moon_needs_bonus": True}),
    ),
    "no_tricks_bonus": _options(
        VariantOption("off", {"no_tricks_bonus": 0}),
        VariantOption("minus_5", {"no_tricks_bonus": -5}),
    ),
    "tie": tuple(VariantOption(value, {"tie": value}) for value in TIE_RULES),
}


def variant_options(rule_id: str) -> tuple[VariantOption, ...]:
    """The options of a variant row (empty for a fixed rule).

    V11 and ``player_counts`` (the player-count table) are keyed by
    :func:`player_count_options` and named ``variant.V11.<key>`` in the catalogue.
    """
    return VARIANT_OPTIONS.get(rule_id, ())


def apply_variant(rules: Ruleset, rule_id: str, option_key: str) -> Ruleset:
    """``rules`` with option ``option_key`` of variant ``rule_id`` in force.

    >>> apply_variant(Ruleset(), "V6", "minus_10").penalties["JD"]
    -10
    >>> apply_variant(Ruleset(), "V11", "5_variant").removed_cards
    CardSet.parse('2D 2S')
    """
    if rule_id in ("V11", "player_counts"):
        players, _, scheme = option_key.partition("_")
        return rules.with_players(int(players), one_of(scheme, DECK_SCHEME_NAMES, "scheme"))
    for option in variant_options(rule_id):
        if option.key == option_key:
            return option.apply(rules)
    raise KeyError(f"variant {rule_id} has no option {option_key!r}")


def option_in_force(rules: Ruleset, rule_id: str, option_key: str) -> bool:
    """Whether ``rules`` already plays option ``option_key`` of ``rule_id`` (V11 included).

    >>> option_in_force(Ruleset.preset("five_players"), "V11", "5_base")
    True
    """
    try:
        return apply_variant(rules, rule_id, option_key) == rules
    except ValueError:
        return False


def player_count_options() -> tuple[str, ...]:
    """The V11 options as ``"<players>_<scheme>"`` keys, e.g. ``"3_base"``."""
    return tuple(f"{players}_{scheme}" for players in (4, 3, 5, 6, 2) for scheme in DECK_SCHEMES[players])
