"""Rulesets as things people share: a readable share code, a linter, a house rules card.

The share code is the nearest preset's name plus only the fields that differ
from it, ``~`` between parts, URL-safe and readable::

    black_maria~moon=choice
    standard~penalties=JD-10~moon_needs_bonus=yes

>>> from hearts_core import Ruleset
>>> encode_ruleset(Ruleset.preset("omnibus"))
'omnibus'
>>> code = encode_ruleset(Ruleset(moon="off", sun=True))
>>> code, decode_ruleset(code) == Ruleset(moon="off", sun=True)
('rickety_kate~sun=yes', True)
>>> decode_ruleset("standard~colour=red")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hearts_core.engine.rules.RulesetError: colour: The ruleset code names 'colour', which is not a rule; known rules: ...
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from ..engine.cards import ALL_CARDS, HEARTS, Card, CardParseError, CardSet
from ..engine.describe import describe_value, field_label
from ..engine.presets import PRESETS
from ..engine.rules import Ruleset, RulesetError, field_kind, field_names
from ..words.catalogue import current_language, message
from ..words.echo import shorten

SEPARATOR: Final = "~"
_FIELD_NAMES: Final = field_names()
_YES: Final = ("yes", "true", "1", "on")
_NO: Final = ("no", "false", "0", "off")


# -- the share code ------------------------------------------------------------------------------


def _encode_value(name: str, value: Any, base: Ruleset) -> str:
    kind = field_kind(name)
    if kind == "bool":
        return "yes" if value else "no"
    if kind == "cycle":
        return ".".join(value)
    if kind == "cards":
        return ".".join(str(card) for card in value.cards()) or "-"
    if kind == "penalties":
        mine, theirs = value.by_index, base.penalties.by_index
        changed = [f"{ALL_CARDS[i]}{mine[i]}" for i in range(52) if mine[i] != theirs[i]]
        return ".".join(changed)
    return str(value)


def _code_from(preset: str, rules: Ruleset) -> str:
    base = Ruleset.preset(preset)
    parts = [preset]
    for name in _FIELD_NAMES:
        value = getattr(rules, name)
        if value != getattr(base, name):
            parts.append(f"{name}={_encode_value(name, value, base)}")
    return SEPARATOR.join(parts)


def encode_ruleset(rules: Ruleset) -> str:
    """The shortest share code of ``rules``: a preset name, then ``~field=value`` for
    each field that differs from that preset (booleans ``yes``/``no``, lists
    joined by ``.``, penalties as the cards whose points differ, e.g. ``JD-10.QH0``)."""
    codes = [_code_from(name, rules) for name in PRESETS]
    return min(codes, key=lambda code: (code.count(SEPARATOR), len(code)))


#: The numbers a shared link may set (a link with a target of 999,999,999 would make every simulated
#: game run to the hand cap): (lowest, highest) by field; other whole numbers within ±MAX_POINTS.
SHARE_LIMITS: Final = {"target_score": (0, 1_000), "max_hands": (0, 100), "players": (2, 6)}
MAX_POINTS: Final = 1_000


def _fail(field_name: str, key: str, **params: Any) -> RulesetError:
    """The error for a share code; what the code said is shortened before it is echoed."""
    echoed = {
        name: shorten(value) if isinstance(value, str) and name not in ("known", "problem") else value
        for name, value in params.items()
    }
    return RulesetError(shorten(field_name), message(f"lab.error.{key}", **echoed))


def _decode_value(name: str, text: str, base: Ruleset) -> Any:
    kind = field_kind(name)
    if kind == "bool":
        if text.lower() in _YES:
            return True
        if text.lower() in _NO:
            return False
        raise _fail(name, "share_value", field=name, value=text, problem=message("lab.error.share_yes_no"))
    if kind in ("int", "players"):
        try:
            number = int(text)
        except ValueError:
            raise _fail(
                name, "share_value", field=name, value=text, problem=message("lab.error.share_whole_number")
            ) from None
        low, high = SHARE_LIMITS.get(name, (-MAX_POINTS, MAX_POINTS))
        if not low <= number <= high:
            raise _fail(
                name,
                "share_value",
                field=name,
                value=text,
                problem=message("lab.error.share_range", low=low, high=high),
            )
        return number
    if kind == "cycle":
        return tuple(part for part in text.replace(",", ".").split(".") if part)
    if kind == "cards":
        if text in ("", "-"):
            return CardSet()
        try:
            return CardSet(text.replace(".", " "))
        except CardParseError as error:
            raise _fail(name, "share_value", field=name, value=text, problem=str(error)) from None
    if kind == "penalties":
        table = dict(base.penalties)
        for token in (part for part in text.replace(",", ".").split(".") if part):
            card_text, points_text = token[:2], token[2:]
            try:
                card = str(Card.parse(card_text))
                points = int(points_text)
                if abs(points) > MAX_POINTS:
                    raise ValueError("too many points")
            except (CardParseError, ValueError):
                problem = message("lab.error.share_penalty", token=token)
                raise _fail(name, "share_value", field=name, value=text, problem=problem) from None
            table.pop(card, None)
            if points:
                table[card] = points
        return table
    return text


def decode_ruleset(text: str) -> Ruleset:
    """The ruleset of a share code made by :func:`encode_ruleset`.

    Raises :class:`~hearts_core.engine.rules.RulesetError` (a ``ValueError``) naming
    the part that is wrong: an unknown preset or field, a bad value, or rules
    that do not fit together.
    """
    cleaned = text.strip().strip(SEPARATOR)
    if not cleaned:
        raise _fail("share_code", "share_empty")
    parts = [part.strip() for part in cleaned.split(SEPARATOR)]
    preset = "standard"
    if "=" not in parts[0] and ":" not in parts[0]:
        preset = parts.pop(0) or "standard"
    if preset not in PRESETS:
        raise _fail("preset", "share_preset", name=preset, known=", ".join(PRESETS))
    base = Ruleset.preset(preset)
    values = base.to_dict()
    seen: set[str] = set()
    for part in parts:
        if not part:
            continue
        name, equals, value = part.partition("=")
        if not equals:
            name, equals, value = part.partition(":")
        name = name.strip()
        if not equals or not name:
            raise _fail("share_code", "share_part", part=part)
        if name not in _FIELD_NAMES:
            raise _fail(name, "share_field", field=name, known=", ".join(_FIELD_NAMES))
        if name in seen:
            raise _fail(name, "share_twice", field=name)
        seen.add(name)
        values[name] = _decode_value(name, value.strip(), base)
    return Ruleset.from_dict(values)


# -- the linter ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LintWarning:
    """Something incoherent or underspecified in a ruleset (not an error: the rules
    play).  ``code`` is the catalogue key under ``lab.lint``; ``field`` the rule
    field it concerns."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)
    field: str = ""

    def text(self, language: str | None = None) -> str:
        return message(f"lab.lint.{self.code}", language, **self.params)

    def __str__(self) -> str:
        return self.text()


def _cards_text(mask: int) -> str:
    return str(CardSet.from_mask(mask))


def lint_ruleset(rules: Ruleset) -> tuple[LintWarning, ...]:
    """Warnings about combinations that are incoherent or leave something unsaid.

    >>> [w.code for w in lint_ruleset(Ruleset.preset("omnibus"))]
    ['bonus_moon_unspecified']
    >>> lint_ruleset(Ruleset())
    ()
    """
    tables = rules.tables
    points = rules.penalties.by_index
    warnings: list[LintWarning] = []
    opening = rules.opening_card
    if opening is not None and str(opening) != "2C" and rules.opening_lead != "left_of_dealer":
        warnings.append(LintWarning("deck_opening_card", {"card": str(opening)}, "removed_cards"))
    outside = sum(1 << i for i in range(52) if points[i] and not tables.deck_mask >> i & 1)
    if outside:
        warnings.append(LintWarning("penalty_card_removed", {"cards": _cards_text(outside)}, "penalties"))
    moon_on = rules.moon != "off" and rules.scoring == "points"
    if moon_on and tables.bonus_mask and not rules.moon_needs_bonus:
        warnings.append(
            LintWarning("bonus_moon_unspecified", {"cards": _cards_text(tables.bonus_mask)}, "moon_needs_bonus")
        )
    if moon_on and not tables.penalty_mask:
        warnings.append(LintWarning("moon_without_penalties", {}, "moon"))
    if not rules.must_break_hearts and rules.lead_hearts_with_queen:
        warnings.append(LintWarning("lead_hearts_with_queen_no_effect", {}, "lead_hearts_with_queen"))
    if not rules.must_break_hearts and rules.queen_breaks_hearts:
        warnings.append(LintWarning("queen_breaks_no_effect", {}, "queen_breaks_hearts"))
    if rules.sun and rules.moon == "off":
        warnings.append(LintWarning("sun_without_moon", {}, "sun"))
    if rules.scoring == "chips":
        others = sum(1 << i for i in range(52) if points[i] and i // 13 != HEARTS and tables.deck_mask >> i & 1)
        if others:
            warnings.append(LintWarning("chips_ignore_values", {"cards": _cards_text(others)}, "scoring"))
    if rules.opening_lead == "left_of_dealer" and rules.first_trick != "anything":
        label = message(f"option.first_trick.{rules.first_trick}")
        warnings.append(LintWarning("first_trick_free_lead", {"rule": label}, "first_trick"))
    if rules.pass_count * 2 > rules.hand_size:
        warnings.append(
            LintWarning("pass_count_large", {"count": rules.pass_count, "hand_size": rules.hand_size}, "pass_count")
        )
    if rules.target_score == 0 and rules.max_hands:
        warnings.append(LintWarning("fixed_hands", {"hands": rules.max_hands}, "max_hands"))
    ks, as_ = points[Card.parse("KS")], points[Card.parse("AS")]
    if ks > 0 and as_ > 0 and ks < as_:
        warnings.append(LintWarning("black_maria_reversed", {"ks": ks, "as_": as_}, "penalties"))
    return tuple(warnings)


# -- the house rules card ------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    """One line of the house rules card: the rule's label, its text, whether it is a house rule."""

    field: str
    label: str
    text: str
    house: bool


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


#: Settings that only matter when another one says so: shown on the card only then.
_SHOWN_IF: Final[dict[str, Callable[[Ruleset], bool]]] = {
    "pass_count": lambda rules: any(direction != "hold" for direction in rules.pass_cycle),
    "queen_breaks_hearts": lambda rules: rules.must_break_hearts,
    "lead_hearts_with_queen": lambda rules: rules.must_break_hearts,
    "moon_needs_bonus": lambda rules: bool(rules.tables.bonus_mask) and rules.moon != "off",
    "max_hands": lambda rules: rules.max_hands > 0,
}


def card_lines(rules: Ruleset, language: str | None = None) -> tuple[CardLine, ...]:
    """Every setting of ``rules`` in words (:func:`~hearts_core.engine.describe.describe_value`),
    house rules (fields that differ from the standard game) marked."""
    differs = set(rules.differences(Ruleset()))
    lines = []
    for name in field_names():
        shown = _SHOWN_IF.get(name)
        if shown is not None and not shown(rules):
            continue
        text = _sentence(describe_value(rules, name, language))
        lines.append(CardLine(name, field_label(name, language), text, name in differs))
    return tuple(lines)


def house_rules_markdown(rules: Ruleset, title: str | None = None, language: str | None = None) -> str:
    """A one-page, plain-language summary of ``rules`` in Markdown: every setting in
    words, house rules in bold with "(house rule)", the linter's warnings, the share code.

    >>> card = house_rules_markdown(Ruleset(moon="off"))
    >>> "**Moon scoring: No moon" in card and "(house rule)" in card
    True
    """
    marker = message("lab.card.house_rule", language)
    out = [
        f"# {title or message('lab.card.title', language)}",
        "",
        message("lab.card.intro", language),
        "",
        f"## {message('lab.card.settings', language)}",
        "",
    ]
    for line in card_lines(rules, language):
        if line.house:
            out.append(f"- **{line.label}: {line.text}** {marker}")
        else:
            out.append(f"- {line.label}: {line.text}")
    out += ["", f"## {message('lab.card.warnings', language)}", ""]
    warnings = lint_ruleset(rules)
    out += [f"- {warning.text(language)}" for warning in warnings] or [message("lab.card.no_warnings", language)]
    code = encode_ruleset(rules)
    out += ["", f"## {message('lab.card.share', language)}", "", f"`{code}`", ""]
    return "\n".join(out)


_CSS: Final = (
    "body{font-family:Georgia,serif;max-width:42em;margin:2em auto;line-height:1.45;color:#111}"
    "h1{border-bottom:2px solid #a00;padding-bottom:.2em}li{margin:.25em 0}"
    "li.house{background:#fff3f3}.marker{color:#a00;font-size:.9em}"
    "code{background:#eee;padding:.1em .3em}@media print{body{margin:0}}"
)


def house_rules_html(rules: Ruleset, title: str | None = None, language: str | None = None) -> str:
    """The house rules card as a standalone, printable HTML page (every text escaped)."""
    escape = html.escape
    heading = escape(title or message("lab.card.title", language))
    marker = escape(message("lab.card.house_rule", language))
    items = []
    for line in card_lines(rules, language):
        text = f"{escape(line.label)}: {escape(line.text)}"
        if line.house:
            items.append(f'<li class="house"><strong>{text}</strong> <span class="marker">{marker}</span></li>')
        else:
            items.append(f"<li>{text}</li>")
    warnings = lint_ruleset(rules)
    warning_items = [f"<li>{escape(w.text(language))}</li>" for w in warnings]
    warning_html = (
        f"<ul>{''.join(warning_items)}</ul>"
        if warning_items
        else f"<p>{escape(message('lab.card.no_warnings', language))}</p>"
    )
    code = escape(encode_ruleset(rules))
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(language or current_language())}"><head><meta charset="utf-8">'
        f"<title>{heading}</title><style>{_CSS}</style></head><body>"
        f"<h1>{heading}</h1><p>{escape(message('lab.card.intro', language))}</p>"
        f"<h2>{escape(message('lab.card.settings', language))}</h2><ul>{''.join(items)}</ul>"
        f"<h2>{escape(message('lab.card.warnings', language))}</h2>{warning_html}"
        f"<h2>{escape(message('lab.card.share', language))}</h2><p><code>{code}</code></p>"
        "</body></html>\n"
    )


__all__ = [
    "SEPARATOR",
    "CardLine",
    "LintWarning",
    "card_lines",
    "decode_ruleset",
    "encode_ruleset",
    "house_rules_html",
    "house_rules_markdown",
    "lint_ruleset",
]
