"""A ruleset picker shared by the pages: a preset, then any variant row of the Rule Book.

Each variant row is a selectbox keyed ``<prefix>_<rule id>`` whose first
option (:data:`KEEP`) leaves the rule as the preset plays it; the ruleset is
the preset with every chosen option applied in order
(:func:`hearts_core.content.rulebook.apply_variant`).  The player count (V11) comes
first when a page offers it, so that the other rows apply to the new deck.

>>> rows(players=True)[:2]
['V11', 'V1']
>>> option_keys("V11")[:2]
['4_base', '3_base']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from hearts_core.content.rulebook import VARIANT_OPTIONS, apply_variant, player_count_options
from hearts_core.engine.rules import Ruleset
from hearts_core.words.catalogue import message

from ..language import in_session_language

#: The selectbox value that keeps the preset's own rule.
KEEP: Final = ""
#: The player-count variant of the rule book.
PLAYERS_ROW: Final = "V11"


def rows(players: bool = False) -> list[str]:
    """The variant rows a picker shows: every row of :data:`VARIANT_OPTIONS`, V11 first if ``players``."""
    return [PLAYERS_ROW, *VARIANT_OPTIONS] if players else list(VARIANT_OPTIONS)


def option_keys(rule_id: str) -> list[str]:
    """The option keys of one row (V11: ``"<players>_<scheme>"``)."""
    if rule_id == PLAYERS_ROW:
        return list(player_count_options())
    return [option.key for option in VARIANT_OPTIONS[rule_id]]


def option_format(rule_id: str, keep_label: str) -> Callable[[str], str]:
    """A selectbox ``format_func`` for one row: ``keep_label`` for :data:`KEEP`, else the catalogue's words."""

    def label(option: str) -> str:
        return keep_label if option == KEEP else message(f"variant.{rule_id}.{option}")

    return label


def chosen_rules(
    base: Ruleset, widget_value: Callable[[str], Any], prefix: str, variant_rows: Sequence[str]
) -> tuple[Ruleset | None, str | None]:
    """``base`` with the options chosen in the selects keyed ``<prefix>_<rule id>`` (``widget_value``
    reads a widget's value by key), or None with the engine's reason."""
    rules = base
    try:
        for rule_id in variant_rows:
            option = widget_value(variant_key(prefix, rule_id)) or KEEP
            if option != KEEP:
                rules = apply_variant(rules, rule_id, str(option))
    except (ValueError, KeyError) as error:
        return None, str(error)
    return rules, None


def variant_key(prefix: str, rule_id: str) -> str:
    """The key of one row's selectbox.

    >>> variant_key("ha_pr_var", "V6")
    'ha_pr_var_V6'
    """
    return f"{prefix}_{rule_id}"


def variant_selects(containers: Sequence[Any], prefix: str, variant_rows: Sequence[str], keep_label: str) -> None:
    """One selectbox per row (keyed ``<prefix>_<rule id>``), spread over ``containers`` (columns) in turn."""
    for number, rule_id in enumerate(variant_rows):
        containers[number % len(containers)].selectbox(
            message(f"rule.{rule_id}.title"),
            [KEEP, *option_keys(rule_id)],
            key=variant_key(prefix, rule_id),
            format_func=in_session_language(option_format(rule_id, keep_label)),
        )


__all__ = [
    "KEEP",
    "PLAYERS_ROW",
    "chosen_rules",
    "option_format",
    "option_keys",
    "rows",
    "variant_key",
    "variant_selects",
]
