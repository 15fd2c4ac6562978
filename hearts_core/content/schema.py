"""What lesson and puzzle files share: reading fields, rulesets and deals with precise errors.

Every reader here raises :class:`FieldError` (a ``ValueError``) naming the
field at fault; the lesson and puzzle loaders add the file, the step or the
puzzle id, so a learner or a maintainer reads exactly where a file is wrong.

>>> rules = rules_from_spec({"preset": "omnibus", "overrides": {"moon": "off"}}, "rules")
>>> rules.moon, rules.penalties["JD"]
('off', -10)
>>> rules_from_spec({"preset": "omnibus", "colour": "red"}, "rules")
Traceback (most recent call last):
...
hearts_core.content.schema.FieldError: rules: unknown keys ['colour']; expected preset, overrides
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from ..engine.cards import Card, CardParseError, parse_cards
from ..engine.notation import NotationError
from ..engine.rules import Ruleset, RulesetError, field_names
from ..engine.state import HandState

Show = Literal["all", "none", "to_play"] | tuple[int, ...]
SHOW_WORDS: Final = ("all", "none", "to_play")
_RULES_KEYS: Final = {"preset", "overrides"}
#: The folder of the lesson, puzzle, glossary and source files.
LESSONS_DIR: Final = Path(__file__).resolve().parents[2] / "lessons"


class FieldError(ValueError):
    """A field of a content file that is missing or wrong; ``field`` names it."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        self.detail = message
        super().__init__(f"{field_name}: {message}")


class ContentError(ValueError):
    """A content file that does not load: the place (file, then step or puzzle, then field)
    and what is wrong there."""

    def __init__(self, file: str, message: str, place: tuple[str, ...] = (), field_name: str | None = None) -> None:
        self.file = file
        self.field = field_name
        self.detail = message
        where = ", ".join([file, *place] + ([f"field '{field_name}'"] if field_name else []))
        super().__init__(f"{where}: {message}")


# -- plain fields ---------------------------------------------------------------------


def text(raw: Mapping[str, Any], name: str, *, required: bool = False, default: str = "") -> str:
    """A text field (stripped of nothing: Markdown may need its spaces)."""
    value = raw.get(name)
    if value is None:
        if required:
            raise FieldError(name, "missing")
        return default
    if not isinstance(value, str):
        raise FieldError(name, f"must be text, not {type(value).__name__}")
    if required and not value.strip():
        raise FieldError(name, "is empty")
    return value


def whole(raw: Mapping[str, Any], name: str, default: int, *, low: int | None = None, high: int | None = None) -> int:
    """A whole-number field within ``low``..``high``."""
    value = raw.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(name, f"must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise FieldError(
            name,
            f"must be from {low} to {high}, not {value}" if high is not None else f"must be {low} or more, not {value}",
        )
    return value


def seat(raw: Mapping[str, Any], name: str, default: int, players: int) -> int:
    """A seat number (0 to ``players - 1``)."""
    value = raw.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise FieldError(name, f"not a seat: seats are 0 to {players - 1}")
    return value


def words(raw: Mapping[str, Any], name: str) -> tuple[str, ...]:
    """A list of texts (a single text counts as a list of one)."""
    value = raw.get(name, ())
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
        raise FieldError(name, "must be a list of texts")
    return tuple(value)


def cards(raw: Mapping[str, Any], name: str) -> tuple[str, ...]:
    """A list of cards in canonical notation (``10h`` becomes ``TH``)."""
    value = raw.get(name, ())
    try:
        return tuple(str(card) for card in parse_cards(value if isinstance(value, str) else list(value)))
    except (CardParseError, TypeError) as error:
        raise FieldError(name, str(error)) from None


def card(raw: Mapping[str, Any], name: str) -> str | None:
    """One card in canonical notation, or None when absent."""
    value = raw.get(name)
    if value is None:
        return None
    try:
        return str(Card.parse(value))
    except CardParseError as error:
        raise FieldError(name, str(error)) from None


def card_texts(raw: Mapping[str, Any], name: str) -> dict[str, str]:
    """A table from cards to texts (feedback per card), keys in canonical notation."""
    value = raw.get(name, {})
    if not isinstance(value, Mapping):
        raise FieldError(name, "must be a table from cards to texts")
    try:
        return {str(Card.parse(key)): str(words_) for key, words_ in value.items()}
    except CardParseError as error:
        raise FieldError(name, str(error)) from None


def choice(raw: Mapping[str, Any], name: str, options: Sequence[str], default: str | None = None) -> str:
    """One of ``options``."""
    value = raw.get(name, default)
    if value not in options:
        raise FieldError(name, f"must be one of {', '.join(options)}, not {value!r}")
    return str(value)


def flag(raw: Mapping[str, Any], name: str) -> bool:
    """A true/false field (false when absent)."""
    value = raw.get(name, False)
    if not isinstance(value, bool):
        raise FieldError(name, "must be true or false")
    return value


def show(raw: Mapping[str, Any], players: int) -> Show:
    """Whose cards are face up: ``all``, ``none``, ``to_play`` or a list of seats."""
    value = raw.get("show", "all")
    if isinstance(value, list):
        if all(isinstance(item, int) and not isinstance(item, bool) and 0 <= item < players for item in value):
            return tuple(value)
        raise FieldError("show", f"seats are 0 to {players - 1}")
    for option in ("all", "none", "to_play"):
        if value == option:
            return option
    raise FieldError("show", f"must be a list of seats or one of {', '.join(SHOW_WORDS)}")


def unknown_keys(raw: Mapping[str, Any], allowed: set[str] | frozenset[str], what: str) -> None:
    """Reject keys a table does not know (a typo must not be silently ignored)."""
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise FieldError(unknown[0], f"unknown keys {unknown} for {what}")


# -- rulesets and deals -------------------------------------------------------------------


def rules_from_spec(spec: Any, name: str, base: Ruleset | None = None) -> Ruleset:
    """A ruleset from ``{preset, overrides}``; without a preset, ``base`` (e.g. the
    lesson's own rules) or the standard game is changed by the overrides."""
    if not isinstance(spec, Mapping):
        raise FieldError(name, "expected a table with 'preset' and optional 'overrides'")
    unknown = set(spec) - _RULES_KEYS
    if unknown:
        raise FieldError(name, f"unknown keys {sorted(unknown)}; expected preset, overrides")
    overrides = spec.get("overrides", {})
    if not isinstance(overrides, Mapping):
        raise FieldError(name, "overrides must be a table of rule fields")
    try:
        if "preset" in spec or base is None:
            rules = Ruleset.preset(str(spec.get("preset", "standard")))
        else:
            rules = base
        for key in overrides:
            if key not in field_names():
                raise RulesetError(key, "no such rule field")
        return dataclasses.replace(rules, **dict(overrides))
    except (RulesetError, TypeError) as error:
        raise FieldError(name, str(error)) from None


@dataclass(frozen=True)
class Deal:
    """A named hand record of a lesson or a puzzle, replayed once at load time.

    ``before_pass`` is the state before passing (None on a hold hand or a
    position); ``states[k]`` the state after ``k`` plays.
    """

    name: str
    text: str
    before_pass: HandState | None
    states: tuple[HandState, ...]

    @property
    def plays(self) -> int:
        """How many plays the record holds."""
        return len(self.states) - 1

    def at(self, plays: int) -> HandState:
        """The position after ``plays`` plays."""
        return self.states[plays]

    def replay_under(self, rules: Ruleset, plays: int) -> HandState:
        """The first ``plays`` plays of this deal under another ruleset (raises
        ``ValueError`` if one of them is illegal there)."""
        first = self.states[0]
        start = first.dealt
        if start is None:
            state = HandState.from_position_masks(rules, first.position(), first.hand_number)
        else:
            state = HandState.from_hands(rules, start, first.hand_number)
            if first.passes is not None:
                state = state.with_passes(first.passes)
        for played in self.at(plays).plays()[:plays]:
            state = state.play(played)
        return state


def load_deal(rules: Ruleset, name: str, record: Any, field_name: str) -> Deal:
    """Replay a hand record (text) under ``rules``; errors name ``field_name``."""
    if not isinstance(record, str):
        raise FieldError(field_name, "a deal is a hand record (text)")
    try:
        full = HandState.from_notation(rules, record)
    except (NotationError, ValueError) as error:
        raise FieldError(field_name, str(error)) from None
    first = full.record_start()
    before_pass = None
    if first.is_passing:
        before_pass = first
    elif first.passes is not None:
        dealt = first.dealt
        assert dealt is not None
        before_pass = HandState.from_hands(rules, dealt, first.hand_number)
    states = [first]
    for played in full.plays():
        states.append(states[-1].play(played))
    return Deal(name, record, before_pass, tuple(states))


__all__ = [
    "SHOW_WORDS",
    "ContentError",
    "Deal",
    "FieldError",
    "Show",
    "card",
    "card_texts",
    "cards",
    "choice",
    "flag",
    "load_deal",
    "rules_from_spec",
    "seat",
    "show",
    "text",
    "unknown_keys",
    "whole",
    "words",
]
