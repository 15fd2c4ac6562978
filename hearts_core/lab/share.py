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

import dataclasses
import html
from dataclasses import dataclass, field
from typing import Any, Final

from ..content.rulebook import field_info
from ..engine.cards import ALL_CARDS, HEARTS, Card, CardParseError, CardSet
from ..engine.presets import PRESETS
from ..engine.rules import Ruleset, RulesetError
from ..words.catalogue import DEFAULT_LANGUAGE, message

SEPARATOR: Final = "~"
_FIELD_NAMES: Final = tuple(item.name for item in dataclasses.fields(Ruleset))
_YES: Final = ("yes", "true", "1", "on")
_NO: Final = ("no", "false", "0", "off")


# -- the share code ------------------------------------------------------------------------------


def _encode_value(name: str, value: Any, base: Ruleset) -> str:
    kind = field_info(name).kind
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


def _fail(field_name: str, key: str, **params: Any) -> RulesetError:
    return RulesetError(field_name, message(f"lab.error.{key}", **params))


def _decode_value(name: str, text: str, base: Ruleset) -> Any:
    kind = field_info(name).kind
    if kind == "bool":
        if text.lower() in _YES:
            return True
        if text.lower() in _NO:
            return False
        raise _fail(name, "share_value", field=name, value=text, problem="write yes or no.")
    if kind == "int":
        try:
            return int(text)
        except ValueError:
            raise _fail(name, "share_value", field=name, value=text, problem="expected a whole number.") from None
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
            except (CardParseError, ValueError):
                problem = f"{token!r} is not a card and its points, such as JD-10 or QH13."
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

    def text(self, language: str = DEFAULT_LANGUAGE) -> str:
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
        warnings.append(LintWarning("bonus_moon_unspecified", {"cards": _cards_text(tables.bonus_mask)},
                                    "moon_needs_bonus"))
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
        warnings.append(LintWarning("pass_count_large", {"count": rules.pass_count, "hand_size": rules.hand_size},
                                    "pass_count"))
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


def _penalties_text(rules: Ruleset, language: str) -> str:
    points = rules.tables.points
    hearts = [points[i] for i in range(26, 39) if rules.tables.deck_mask >> i & 1]
    parts: list[str] = []
    uniform = bool(hearts) and len(set(hearts)) == 1 and hearts[0] != 0
    if uniform:
        parts.append(message("lab.card.hearts_each", language, points=hearts[0]))
    for i in range(52):
        if points[i] and not (uniform and i // 13 == HEARTS):
            parts.append(f"{ALL_CARDS[i]} {points[i]}")
    return ", ".join(parts) or "-"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def card_lines(rules: Ruleset, language: str = DEFAULT_LANGUAGE) -> tuple[CardLine, ...]:
    """Every setting of ``rules`` in words, house rules (fields that differ from the
    standard game) marked."""
    standard = Ruleset()
    differs = set(rules.differences(standard))

    def label(name: str) -> str:
        return message(f"field.{name}.label", language)

    def option(name: str, value: Any) -> str:
        key = str(value).lower() if isinstance(value, bool) else str(value)
        return _sentence(message(f"option.{name}.{key}", language))

    lines: list[CardLine] = []

    def add(name: str, text: str, house: bool | None = None) -> None:
        lines.append(CardLine(name, label(name), text, name in differs if house is None else house))

    deck = rules.tables.deck_mask.bit_count()
    add("players", message("lab.card.players", language, players=rules.players, hand_size=rules.hand_size,
                           deck=deck))
    removed = rules.removed_cards
    add("removed_cards", message("lab.card.removed", language, cards=str(removed)) if removed
        else message("lab.card.no_removed", language))
    add("pass_cycle", message("lab.card.pass_cycle", language, cycle=", ".join(rules.pass_cycle)))
    if any(direction != "hold" for direction in rules.pass_cycle):
        add("pass_count", message("lab.card.pass_count", language, count=rules.pass_count))
    opening = rules.opening_card
    if rules.opening_lead == "left_of_dealer" or opening is None:
        opening_text = message("lab.card.opening_left", language)
    elif rules.opening_lead == "any_club":
        opening_text = message("lab.card.opening_any_club", language, card=str(opening))
    else:
        opening_text = message("lab.card.opening_card", language, card=str(opening))
    add("opening_lead", opening_text, "opening_lead" in differs or (opening is not None and str(opening) != "2C"))
    add("first_trick", option("first_trick", rules.first_trick))
    add("must_break_hearts", option("must_break_hearts", rules.must_break_hearts))
    if rules.must_break_hearts:
        add("queen_breaks_hearts", option("queen_breaks_hearts", rules.queen_breaks_hearts))
        add("lead_hearts_with_queen", option("lead_hearts_with_queen", rules.lead_hearts_with_queen))
    add("penalties", message("lab.card.penalties", language, table=_penalties_text(rules, language)))
    moon_text = option("moon", rules.moon)
    if rules.moon != "off":
        moon_text += " " + message("lab.card.moon_value", language, value=rules.moon_value)
    add("moon", moon_text, "moon" in differs or rules.moon_value != standard.moon_value)
    if rules.tables.bonus_mask and rules.moon != "off":
        key = "bonus_needed" if rules.moon_needs_bonus else "bonus_not_needed"
        add("moon_needs_bonus", message(f"lab.card.{key}", language))
    add("sun", option("sun", rules.sun))
    add("no_tricks_bonus", message("lab.card.no_tricks_bonus", language, bonus=rules.no_tricks_bonus)
        if rules.no_tricks_bonus else message("lab.card.no_no_tricks_bonus", language))
    if rules.target_score and rules.max_hands:
        end = message("lab.card.end_both", language, target=rules.target_score, hands=rules.max_hands)
    elif rules.target_score:
        end = message("lab.card.end_target", language, target=rules.target_score)
    else:
        end = message("lab.card.end_hands", language, hands=rules.max_hands)
    add("target_score", end, bool({"target_score", "max_hands"} & differs))
    add("tie", option("tie", rules.tie))
    add("scoring", option("scoring", rules.scoring))
    return tuple(lines)


def house_rules_markdown(rules: Ruleset, title: str | None = None, language: str = DEFAULT_LANGUAGE) -> str:
    """A one-page, plain-language summary of ``rules`` in Markdown: every setting in
    words, house rules in bold with "(house rule)", the linter's warnings, the share code.

    >>> card = house_rules_markdown(Ruleset(moon="off"))
    >>> "**Shooting the moon: No moon" in card and "(house rule)" in card
    True
    """
    marker = message("lab.card.house_rule", language)
    out = [f"# {title or message('lab.card.title', language)}", "", message("lab.card.intro", language), "",
           f"## {message('lab.card.settings', language)}", ""]
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


def house_rules_html(rules: Ruleset, title: str | None = None, language: str = DEFAULT_LANGUAGE) -> str:
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
    warning_html = (f"<ul>{''.join(warning_items)}</ul>" if warning_items
                    else f"<p>{escape(message('lab.card.no_warnings', language))}</p>")
    code = escape(encode_ruleset(rules))
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(language)}"><head><meta charset="utf-8">'
        f"<title>{heading}</title><style>{_CSS}</style></head><body>"
        f"<h1>{heading}</h1><p>{escape(message('lab.card.intro', language))}</p>"
        f"<h2>{escape(message('lab.card.settings', language))}</h2><ul>{''.join(items)}</ul>"
        f"<h2>{escape(message('lab.card.warnings', language))}</h2>{warning_html}"
        f"<h2>{escape(message('lab.card.share', language))}</h2><p><code>{code}</code></p>"
        "</body></html>\n"
    )


__all__ = [
    "SEPARATOR", "CardLine", "LintWarning", "card_lines", "decode_ruleset", "encode_ruleset",
    "house_rules_html", "house_rules_markdown", "lint_ruleset",
]
