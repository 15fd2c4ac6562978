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
reader (ignored when reading).  Lines starting with ``%`` are comments; on the ``play:`` line a card
may carry an annotation mark (``QS??``) and a comment in braces, and a variation in brackets follows
the card it replaces, as in PGN (:func:`dumps_tree`; :attr:`PhnHand.tree`).  A game is its hands one
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
hearts_core.records.phn.PhnError: line 3 (deal): '3Q' is not a card: unknown suit 'Q' (token 2); ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, get_args

from ..engine.cards import Card, CardParseError
from ..engine.describe import describe_value, field_label
from ..engine.game import Game
from ..engine.notation import NotationError
from ..engine.reasons import IllegalPlayError
from ..engine.rules import Ruleset, RulesetError, field_names
from ..engine.seats import seat_name
from ..engine.state import HandState
from ..engine.vocabulary import MoonChoice
from ..lab.share import decode_ruleset, encode_ruleset
from ..learner.move_tree import MoveTree

#: The tags a record written here starts with, in this order; any others follow.
TAG_ORDER: Final = ("Event", "Site", "Date", "Round", "Players", "Rules", "RulesText", "Hand", "Dealer")
#: Tags written from the hand itself: a caller's value for these is replaced.
DERIVED_TAGS: Final = ("Rules", "RulesText", "Hand", "Dealer", "Result")
_TAG: Final = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$')
_MOON_CHOICES: Final = get_args(MoonChoice)


class PhnError(NotationError):
    """Malformed PHN; ``line`` (1-based, in the whole text) and ``key`` say where."""


#: The annotation marks a card may carry, as in PGN: ``!`` good (the review: the engine's best),
#: ``?!`` dubious (an inaccuracy), ``?`` a mistake, ``??`` a blunder, ``!!`` brilliant, ``!?`` interesting.
GLYPHS: Final = ("!!", "!", "!?", "?!", "?", "??")
_PLAY_TOKEN: Final = re.compile(r"\{[^{}]*\}|[()|]|[^\s(){}|]+")
_PASS_TOKEN: Final = re.compile(r"\{[^{}]*\}|/|[^\s/{}]+")


@dataclass(frozen=True)
class Note:
    """What a record says about one card (or one seat's pass): an annotation mark and a comment."""

    glyph: str = ""
    comment: str = ""

    def __post_init__(self) -> None:
        if self.glyph and self.glyph not in GLYPHS:
            raise ValueError(f"{self.glyph!r} is not an annotation mark; PHN has {' '.join(GLYPHS)}")

    def text(self) -> str:
        """The note as written after its card: the mark, then the comment in braces."""
        comment = self.comment.replace("{", "(").replace("}", ")").replace("\n", " ").strip()
        return self.glyph + (f" {{{comment}}}" if comment else "")


@dataclass(frozen=True)
class PhnHand:
    """One record read: its tags (as written), the hand its main line replays to, and the whole play
    as a move tree from ``start`` (the record before its first card) with its variations and notes."""

    tags: dict[str, str]
    state: HandState
    moon_choice: MoonChoice | None = None
    #: The comment lines (``%``), without the sign.
    comments: tuple[str, ...] = field(default=())
    #: The record before its ``play:`` line; ``tree`` holds every card of the play line from here.
    start: HandState | None = None
    tree: MoveTree = field(default_factory=MoveTree)
    #: Notes by tree node (node 0: a note before the first card).
    notes: Mapping[int, Note] = field(default_factory=dict)
    #: Notes on a seat's pass, by seat.
    pass_notes: Mapping[int, Note] = field(default_factory=dict)

    @property
    def main_line(self) -> tuple[int, ...]:
        """The tree's nodes along the main line (the first card tried at every step)."""
        nodes: list[int] = []
        node = 0
        while children := self.tree.children(node):
            node = children[0]
            nodes.append(node)
        return tuple(nodes)


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


def _tag_lines(state: HandState, tags: Mapping[str, str] | None, moon_choice: MoonChoice | None) -> list[str]:
    """The tag pairs of a record of ``state``: the caller's, then those written from the hand."""
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
    return [f'[{name} "{_quote(written[name])}"]' for name in ordered]


def dumps_hand(
    state: HandState, tags: Mapping[str, str] | None = None, *, moon_choice: MoonChoice | None = None
) -> str:
    """The hand (its deal or starting position, the pass, every card played so far) as a PHN record.

    ``tags`` adds tag pairs (names of letters, digits and ``_``); the ruleset, the hand number,
    the dealer and, once the hand is over, the result are written from ``state``.
    """
    return "\n".join(_tag_lines(state, tags, moon_choice) + [state.to_notation()]) + "\n"


def line_tree(cards: Sequence[str]) -> MoveTree:
    """A tree of one line: ``cards`` from the start, node ``i + 1`` reached by ``cards[i]``."""
    tree, node = MoveTree(), 0
    for card in cards:
        tree, node = tree.play(node, card)
    return tree


def dumps_tree(
    start: HandState,
    tree: MoveTree,
    tags: Mapping[str, str] | None = None,
    *,
    notes: Mapping[int, Note] | None = None,
    pass_notes: Mapping[int, Note] | None = None,
    moon_choice: MoonChoice | None = None,
) -> str:
    """A record of ``tree`` played from ``start``: the main line on the ``play:`` line, every other
    card tried as a variation in brackets after the card it replaces, each node's :class:`Note`
    after its card, each seat's pass note after its pass.  The tags describe the main line's end.

    :func:`read_hand` gives back the same tree from the record's start (cards ``start`` had
    already played come first in it, so node numbers move on by that many)."""
    notes = notes or {}
    end = tree.state_at(start, _main_end(tree))
    record = start.to_notation().splitlines()
    before = [line for line in record if not line.startswith("play:")]
    if pass_notes:
        before = [_noted_pass(line, pass_notes) if line.startswith("pass:") else line for line in before]
    already = start.record_start()
    words = [_written(card, None) for card in _spaced(already, [str(card) for card in start.plays()])]
    if 0 in notes:
        words.append(notes[0].text())
    words.extend(_line_words(tree, 0, start, notes, bool(start.plays())))
    body = before + ([f"play: {' '.join(word for word in words if word)}"] if words else [])
    return "\n".join(_tag_lines(end, tags, moon_choice) + body) + "\n"


def _main_end(tree: MoveTree) -> int:
    node = 0
    while children := tree.children(node):
        node = children[0]
    return node


def _written(card: str, note: Note | None) -> str:
    return card if card == "|" or note is None else f"{card}{note.text()}"


def _spaced(state: HandState, cards: Sequence[str]) -> list[str]:
    """``cards`` played from ``state`` with ``|`` before each card that leads a trick (not the first)."""
    words: list[str] = []
    for card in cards:
        if words and not state.trick_cards:
            words.append("|")
        words.append(card)
        state = state.play(card)
    return words


def _line_words(tree: MoveTree, node: int, state: HandState, notes: Mapping[int, Note], after: bool) -> list[str]:
    """The words of the line on from ``node`` (at ``state``): each main card, then its alternatives."""
    words: list[str] = []
    while children := tree.children(node):
        main, *others = children
        card = tree.card(main)
        if (after or words) and not state.trick_cards:
            words.append("|")
        words.append(_written(card, notes.get(main)))
        for other in others:
            variation = [_written(tree.card(other), notes.get(other))]
            variation += _line_words(tree, other, state.play(tree.card(other)), notes, True)
            words.append("(" + " ".join(variation) + ")")
        node, state = main, state.play(card)
    return words


def _noted_pass(line: str, pass_notes: Mapping[int, Note]) -> str:
    key, _, value = line.partition(":")
    seats = [part.strip() for part in value.split("/")]
    return f"{key}: " + " / ".join(
        part + (pass_notes[seat].text() if seat in pass_notes else "") for seat, part in enumerate(seats)
    )


# -- reading --------------------------------------------------------------------------------------


def _split_word(word: str) -> tuple[str, str]:
    """A card word and its annotation mark: ``QS??`` is ``("QS", "??")``."""
    card = word.rstrip("!?")
    return card, word[len(card) :]


def _glyph(number: int, key: str, glyph: str, index: int) -> str:
    if glyph and glyph not in GLYPHS:
        raise PhnError(number, key, f"{glyph!r} is not an annotation mark (token {index + 1}); use {' '.join(GLYPHS)}")
    return glyph


def _read_pass_line(number: int, value: str) -> tuple[str, dict[int, Note]]:
    """The pass line without its notes, and the notes by seat."""
    seats: list[list[str]] = [[]]
    notes: dict[int, Note] = {}
    for index, token in enumerate(_PASS_TOKEN.findall(value)):
        seat = len(seats) - 1
        if token == "/":
            seats.append([])
        elif token.startswith("{"):
            notes[seat] = Note(notes.get(seat, Note()).glyph, token[1:-1].strip())
        else:
            card, glyph = _split_word(token)
            seats[-1].append(card)
            if glyph:
                notes[seat] = Note(_glyph(number, "pass", glyph, index), notes.get(seat, Note()).comment)
    return " / ".join(" ".join(cards) or "-" for cards in seats), notes


def _read_tree(number: int, value: str, start: HandState) -> tuple[MoveTree, dict[int, Note]]:
    """The play line's cards as a tree from ``start``: variations in brackets, notes after cards."""
    tokens = _PLAY_TOKEN.findall(value)
    tree = MoveTree()
    notes: dict[int, Note] = {}

    def line(index: int, node: int, state: HandState, depth: int) -> tuple[int, MoveTree]:
        nonlocal tree
        before: tuple[int, HandState] | None = None  # the position the last card was played from
        count = 0  # cards of this line so far
        while index < len(tokens):
            token = tokens[index]
            if token == ")":
                if not depth:
                    raise PhnError(number, "play", f"')' closes no variation (token {index + 1})")
                return index + 1, tree
            if token == "(":
                if before is None:
                    raise PhnError(number, "play", f"a variation follows the card it replaces (token {index + 1})")
                index, tree = line(index + 1, before[0], before[1], depth + 1)
                continue
            if token.startswith("{"):
                notes[node] = Note(notes.get(node, Note()).glyph, token[1:-1].strip())
            elif token != "|":
                word, glyph = _split_word(token)
                try:
                    card = Card.parse(word)
                except CardParseError as error:
                    raise PhnError(number, "play", f"{error} (token {index + 1})") from None
                try:
                    after = state.play(card)
                except IllegalPlayError as error:
                    where = f"play {count + 1}" if not depth else f"token {index + 1}, in a variation"
                    raise PhnError(number, "play", f"{where} ({word}) is illegal: {error}") from None
                before = (node, state)
                tree, node = tree.play(node, str(card))
                state, count = after, count + 1
                if glyph:
                    notes[node] = Note(_glyph(number, "play", glyph, index), notes.get(node, Note()).comment)
            index += 1
        if depth:
            raise PhnError(number, "play", "a variation is not closed: add ')'")
        return index, tree

    line(0, 0, start, 0)
    return tree, notes


def read_hand(text: str, *, first_line: int = 1) -> PhnHand:
    """Read one PHN record: its tags, its comments, the hand and its play as a tree (see
    :func:`loads_hand`)."""
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
    play: tuple[int, str] | None = None
    pass_notes: dict[int, Note] = {}
    lines: list[tuple[int, str]] = []
    for number, line in body:
        key, _, value = line.partition(":")
        if key.strip().lower() == "play" and play is None:
            play = (number, value)
            continue
        if key.strip().lower() == "pass":
            clean, pass_notes = _read_pass_line(number, value)
            line = f"{key}: {clean}"
        lines.append((number, line))
    start = _replay(rules, lines)
    tree, notes = _read_tree(play[0], play[1], start) if play is not None else (MoveTree(), {})
    state = tree.state_at(start, _main_end(tree))
    choice = tags.get("MoonChoice")
    if choice is not None and choice not in _MOON_CHOICES:
        raise PhnError(tag_lines["MoonChoice"], "MoonChoice", f"{choice!r} is not one of {', '.join(_MOON_CHOICES)}")
    return PhnHand(tags, state, choice, tuple(comments), start, tree, notes, pass_notes)  # type: ignore[arg-type]


def _replay(rules: Ruleset, lines: list[tuple[int, str]]) -> HandState:
    """The record's hand from its lines (all but the play line), errors naming the record's line."""
    try:
        return HandState.from_notation(rules, "\n".join(line for _, line in lines))
    except NotationError as error:
        where = lines[error.line - 1][0] if 0 < error.line <= len(lines) else 0
        raise PhnError(where, error.key, error.detail) from None


def loads_hand(text: str) -> HandState:
    """The hand of a PHN record, under the ruleset the record names.

    ``loads_hand(dumps_hand(state)) == state`` for every state of every ruleset.  Raises
    :class:`PhnError` naming the line, the key and the token at fault.
    """
    return read_hand(text).state


def split_records(text: str) -> list[tuple[int, str]]:
    """The records of a text of several (a game's hands, a study's steps), each with its first line's
    number: a record starts at a tag line that follows a hand's lines."""
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
    for start, record in split_records(text):
        hand = read_hand(record, first_line=start)
        game = game or Game(hand.state.rules)
        try:
            game = game.record(hand.state, hand.moon_choice)
        except ValueError as error:
            raise PhnError(start, "Hand", str(error)) from None
    if game is None:
        raise PhnError(0, "hand", "the text holds no hand")
    return game


__all__ = [
    "GLYPHS",
    "Note",
    "PhnError",
    "PhnHand",
    "dumps_game",
    "dumps_hand",
    "dumps_tree",
    "line_tree",
    "loads_game",
    "loads_hand",
    "read_hand",
    "rules_text",
    "split_records",
]
