"""PHN, the Portable Hearts Notation: a game record anyone can read (``docs/phn.md``).

In the spirit of chess's PGN and bridge's PBN, a record is tag pairs, then the hand in the
project's notation (:mod:`hearts_core.engine.notation`)::

    [Event "Hearts Academy practice"]
    [Date "2026.12.05"]
    [Rules "standard"]
    [Hand "0"]
    [Dealer "East"]
    [Result "South 3, West 10, North 0, East 13"]
    hand: 0
    deal: 2C 7C ... / ... / ... / ...
    pass: ...
    play: 2C 9C AC 3C | 5D ...

``Rules`` carries the full ruleset as its share code (:func:`hearts_core.lab.share.encode_ruleset`),
so a record reads back under the rules it was played with; ``RulesText`` says them in words for a
reader (ignored when reading).  Lines starting with ``%`` are comments.  A game is its hands one
after another, each a record with its own ``Hand`` tag; a ``MoonChoice`` tag keeps a shooter's
pick where the rules let them choose.

Malformed text raises :class:`PhnError` (a :class:`~hearts_core.engine.notation.NotationError`)
naming the line of the record, the key and the token at fault.

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.deal(Ruleset.preset("omnibus"), seed=5)
>>> text = dumps_hand(state, {"Event": "Example"})
>>> print(text.splitlines()[0], text.splitlines()[1])
[Event "Example"] [Rules "omnibus"]
>>> loads_hand(text) == state
True
>>> loads_hand('[Rules "standard"]\\nhand: 0\\ndeal: 2C 3Q / - / - / -')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hearts_core.phn.PhnError: line 3 (deal): '3Q' is not a card: unknown suit 'Q' (token 2); ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, get_args

from .engine.describe import describe_value, field_label
from .engine.game import Game
from .engine.notation import NotationError
from .engine.rules import Ruleset, RulesetError, field_names
from .engine.seats import seat_name
from .engine.state import HandState
from .engine.vocabulary import MoonChoice
from .lab.share import decode_ruleset, encode_ruleset

#: The tags a record written here starts with, in this order; any others follow.
TAG_ORDER: Final = ("Event", "Site", "Date", "Round", "Players", "Rules", "RulesText", "Hand", "Dealer")
#: Tags written from the hand itself: a caller's value for these is replaced.
DERIVED_TAGS: Final = ("Rules", "RulesText", "Hand", "Dealer", "Result")
_TAG: Final = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$')
_MOON_CHOICES: Final = get_args(MoonChoice)


class PhnError(NotationError):
    """Malformed PHN; ``line`` (1-based, in the whole text) and ``key`` say where."""


@dataclass(frozen=True)
class PhnHand:
    """One record read: its tags (as written) and the hand it replays to."""

    tags: dict[str, str]
    state: HandState
    moon_choice: MoonChoice | None = None
    #: The comment lines (``%``), without the sign.
    comments: tuple[str, ...] = field(default=())


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def rules_text(rules: Ruleset) -> str:
    """The ruleset in English words for a reader of the record: each setting that differs from
    the standard game ("Standard rules" when none does)."""
    standard = Ruleset()
    parts = [
        f"{field_label(name, 'en')}: {describe_value(rules, name, 'en')}"
        for name in field_names()
        if getattr(rules, name) != getattr(standard, name)
    ]
    return "; ".join(parts) or "Standard rules"


def _result(state: HandState, moon_choice: MoonChoice | None) -> str:
    players = state.rules.players
    scores = state.scores(moon_choice)
    return ", ".join(f"{seat_name(seat, players)} {points}" for seat, points in enumerate(scores))


def dumps_hand(
    state: HandState, tags: Mapping[str, str] | None = None, *, moon_choice: MoonChoice | None = None
) -> str:
    """The hand (its deal or starting position, the pass, every card played so far) as a PHN record.

    ``tags`` adds tag pairs (names of letters, digits and ``_``); the ruleset, the hand number,
    the dealer and, once the hand is over, the result are written from ``state``.
    """
    written: dict[str, str] = {}
    for name, value in (tags or {}).items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            raise ValueError(f"a PHN tag name is letters, digits and _: {name!r}")
        if name not in DERIVED_TAGS:
            written[name] = str(value)
    rules = state.rules
    written["Rules"] = encode_ruleset(rules)
    written["RulesText"] = rules_text(rules)
    written["Hand"] = str(state.hand_number)
    written["Dealer"] = seat_name(state.dealer, rules.players)
    if moon_choice is not None:
        written["MoonChoice"] = moon_choice
    if state.is_over:
        written["Result"] = _result(state, moon_choice)
    ordered = [name for name in TAG_ORDER if name in written] + [name for name in written if name not in TAG_ORDER]
    lines = [f'[{name} "{_quote(written[name])}"]' for name in ordered]
    return "\n".join(lines + [state.to_notation()]) + "\n"


def read_hand(text: str, *, first_line: int = 1) -> PhnHand:
    """Read one PHN record: its tags, its comments and the hand (see :func:`loads_hand`)."""
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    comments: list[str] = []
    body: list[tuple[int, str]] = []
    for offset, raw in enumerate(text.splitlines()):
        number = first_line + offset
        line = raw.strip()
        if not line:
            continue
        if line.startswith("%"):
            comments.append(line[1:].strip())
        elif line.startswith("["):
            if body:
                raise PhnError(number, "tag", "tag pairs come before the hand's lines")
            match = _TAG.match(line)
            if match is None:
                raise PhnError(number, "tag", f'{line!r} is not a tag pair such as [Event "Club night"]')
            tags[match.group(1)] = _unquote(match.group(2))
            tag_lines[match.group(1)] = number
        else:
            body.append((number, line))
    if "Rules" not in tags:
        raise PhnError(0, "Rules", 'a record needs its ruleset: add a tag such as [Rules "standard"]')
    try:
        rules = decode_ruleset(tags["Rules"])
    except RulesetError as error:
        raise PhnError(tag_lines["Rules"], "Rules", str(error)) from None
    if not body:
        raise PhnError(0, "hand", "the record has no hand: add its 'deal:' or 'hands:' line")
    try:
        state = HandState.from_notation(rules, "\n".join(line for _, line in body))
    except NotationError as error:
        where = body[error.line - 1][0] if 0 < error.line <= len(body) else 0
        raise PhnError(where, error.key, error.detail) from None
    choice = tags.get("MoonChoice")
    if choice is not None and choice not in _MOON_CHOICES:
        raise PhnError(tag_lines["MoonChoice"], "MoonChoice", f"{choice!r} is not one of {', '.join(_MOON_CHOICES)}")
    return PhnHand(tags, state, choice, tuple(comments))  # type: ignore[arg-type]


def loads_hand(text: str) -> HandState:
    """The hand of a PHN record, under the ruleset the record names.

    ``loads_hand(dumps_hand(state)) == state`` for every state of every ruleset.  Raises
    :class:`PhnError` naming the line, the key and the token at fault.
    """
    return read_hand(text).state


def _records(text: str) -> list[tuple[int, str]]:
    """The records of a game: a record starts at a tag line that follows a hand's lines."""
    records: list[tuple[int, list[str]]] = []
    in_body = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        starts = line.startswith("[") and (in_body or not records)
        if starts:
            records.append((number, []))
            in_body = False
        if not records:
            if line and not line.startswith("%"):
                records.append((number, []))
            else:
                continue
        records[-1][1].append(raw)
        if line and not line.startswith(("[", "%")):
            in_body = True
    return [(start, "\n".join(lines)) for start, lines in records]


def dumps_game(game: Game, tags: Mapping[str, str] | None = None) -> str:
    """A whole game as PHN: every hand's record, one after another, each with ``tags``."""
    return "\n".join(dumps_hand(result.state, tags, moon_choice=result.moon_choice) for result in game.hands)


def loads_game(text: str) -> Game:
    """The game of a PHN text written by :func:`dumps_game`: its hands in order, under one ruleset.

    ``loads_game(dumps_game(game)) == game``.  Raises :class:`PhnError` for a malformed record, a
    hand out of order, an unfinished hand or one under other rules."""
    game: Game | None = None
    for start, record in _records(text):
        hand = read_hand(record, first_line=start)
        game = game or Game(hand.state.rules)
        try:
            game = game.record(hand.state, hand.moon_choice)
        except ValueError as error:
            raise PhnError(start, "Hand", str(error)) from None
    if game is None:
        raise PhnError(0, "hand", "the text holds no hand")
    return game


__all__ = ["PhnError", "PhnHand", "dumps_game", "dumps_hand", "loads_game", "loads_hand", "read_hand", "rules_text"]
