"""Text notation for a whole hand and for a position in progress.

A record is a few ``key: value`` lines (``;`` also separates lines, so a
record fits in a URL).  Seats are separated by ``/`` in seat order; ``-`` is
an empty list.  A hand from the deal::

    hand: 0
    deal: <seat 0's cards> / <seat 1's> / ...
    pass: <cards seat 0 passed> / ...          (after passing; not on a hold hand)
    play: 2C 9C AC 3C | 5D ...                 (tricks split by |, optional)

A position without its history replaces ``deal`` and ``pass`` with::

    hands: <cards held> / ...
    taken: <cards won in tricks> / ...
    won: 0 1 0 2                               (tricks won per seat)
    trick: 3 KS QS                             (leader seat, then the cards so far)

Both round-trip exactly, and malformed text raises :class:`NotationError`
naming the line, the key and the token at fault.  This module is the text
codec alone: it reads text into a :class:`Record` of plain masks and writes
one back; :class:`~hearts_core.engine.state.HandState` builds and replays
the hand (``HandState.from_notation``, ``state.to_notation()``).

>>> from hearts_core import Ruleset, HandState
>>> state = HandState.deal(Ruleset(pass_cycle=["hold"]), seed=3).play("2C")
>>> text = state.to_notation()
>>> HandState.from_notation(Ruleset(pass_cycle=["hold"]), text) == state
True
>>> HandState.from_notation(Ruleset(), "deal: 2C 3Q / - / - / -")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hearts_core.engine.notation.NotationError: line 1 (deal): '3Q' is not a card: unknown suit 'Q' (token 2); ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from .cards import Card, CardParseError, CardSet, parse_cards
from .rules import Ruleset
from .seats import seat_name

_KEYS: Final = ("hand", "deal", "pass", "hands", "taken", "won", "trick", "play")


class NotationError(ValueError):
    """Malformed hand or position text; ``line`` (1-based) and ``key`` say where."""

    def __init__(self, line: int, key: str, detail: str) -> None:
        self.line = line
        self.key = key
        self.detail = detail
        where = f"line {line} ({key})" if line else key
        super().__init__(f"{where}: {detail}")


class Position(NamedTuple):
    """A position in play as masks: each seat's cards, the cards each has taken, the
    tricks each has won, the leader of the trick in progress and its cards."""

    hands: tuple[int, ...]
    taken: tuple[int, ...]
    won: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]


class Record(NamedTuple):
    """A hand record read from text.

    Exactly one of ``deal`` (the hands as dealt) and ``hands`` (a position's
    hands, with ``position`` when it is in play) is set; ``passes`` are the
    cards each seat passed; ``plays`` the cards played, each with its token.
    ``lines`` gives the line number of every key present, for error messages.
    """

    hand_number: int
    deal: tuple[int, ...] | None
    passes: tuple[int, ...] | None
    hands: tuple[int, ...] | None
    position: Position | None
    plays: tuple[tuple[str, Card], ...]
    lines: dict[str, int]


# -- writing ------------------------------------------------------------------------


def seats_text(masks: Sequence[int]) -> str:
    """Cards per seat, ``/`` between seats, ``-`` for none."""
    return " / ".join(str(CardSet.from_mask(mask)) for mask in masks)


def plays_text(plays: Sequence[Card], players: int, start: int = 0) -> str:
    """Plays with ``|`` at every trick boundary; ``start`` cards of the first trick
    were on the table before the first play."""
    words: list[str] = []
    for index, card in enumerate(plays):
        if index and (index + start) % players == 0:
            words.append("|")
        words.append(str(card))
    return " ".join(words)


def position_text(hand_number: int, hands: Sequence[int], position: Position | None) -> str:
    """A position's lines; without ``position`` only the hands (a hand before the first card)."""
    lines = [f"hand: {hand_number}", f"hands: {seats_text(hands)}"]
    if position is None:
        return "\n".join(lines)
    lines.append(f"taken: {seats_text(position.taken)}")
    lines.append("won: " + " ".join(str(count) for count in position.won))
    lines.append("trick: " + " ".join([str(position.leader)] + [str(card) for card in position.trick]))
    return "\n".join(lines)


def deal_text(hand_number: int, dealt: Sequence[int], passed: Sequence[int] | None) -> str:
    """The lines of a hand from the deal: its number, the deal and the passes."""
    lines = [f"hand: {hand_number}", f"deal: {seats_text(dealt)}"]
    if passed is not None:
        lines.append(f"pass: {seats_text(passed)}")
    return "\n".join(lines)


# -- reading ------------------------------------------------------------------------


def _split_lines(text: str) -> list[tuple[int, str, str]]:
    entries: list[tuple[int, str, str]] = []
    seen: set[str] = set()
    for number, raw in enumerate(text.replace(";", "\n").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon:
            raise NotationError(number, line[:20], "expected 'key: value' (keys: " + ", ".join(_KEYS) + ")")
        if key not in _KEYS:
            raise NotationError(number, key, "unknown key; expected one of " + ", ".join(_KEYS))
        if key in seen:
            raise NotationError(number, key, "given twice")
        seen.add(key)
        entries.append((number, key, value.strip()))
    return entries


def _seats(rules: Ruleset, number: int, key: str, value: str) -> tuple[int, ...]:
    parts = [part.strip() for part in value.split("/")]
    if len(parts) != rules.players:
        raise NotationError(number, key, f"expected {rules.players} seats separated by '/', found {len(parts)}")
    try:
        seats = [parse_cards("" if part == "-" else part) for part in parts]
    except CardParseError as error:
        raise NotationError(number, key, str(error)) from None
    return tuple(sum(1 << card for card in cards) for cards in seats)


def _int(number: int, key: str, token: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise NotationError(number, key, f"{token!r} is not a whole number") from None


def read_record(rules: Ruleset, text: str) -> Record:
    """Read a hand record (a deal or a position, then plays) into masks.

    Raises :class:`NotationError` for malformed text; whether the plays are
    legal is for the replay to say.
    """
    entries = {key: (number, value) for number, key, value in _split_lines(text)}
    lines = {key: number for key, (number, _) in entries.items()}
    hand_number = 0
    if "hand" in entries:
        number, value = entries["hand"]
        hand_number = _int(number, "hand", value)
        if hand_number < 0:
            raise NotationError(number, "hand", "hand numbers count from 0")
    if "deal" in entries and "hands" in entries:
        raise NotationError(entries["hands"][0], "hands", "give either a deal or a position, not both")
    if "deal" not in entries and "hands" not in entries:
        raise NotationError(0, "deal", "missing: a record needs a 'deal:' line or a 'hands:' line")
    deal = passes = hands = None
    position = None
    if "deal" in entries:
        deal = _seats(rules, entries["deal"][0], "deal", entries["deal"][1])
        if "pass" in entries:
            passes = _seats(rules, entries["pass"][0], "pass", entries["pass"][1])
    else:
        if "pass" in entries:
            raise NotationError(entries["pass"][0], "pass", "a position has no passes: give a deal instead")
        hands = _seats(rules, entries["hands"][0], "hands", entries["hands"][1])
        position = _read_position(rules, hands, entries)
    plays: tuple[tuple[str, Card], ...] = ()
    if "play" in entries:
        plays = _read_plays(*entries["play"])
    return Record(hand_number, deal, passes, hands, position, plays, lines)


def _read_position(rules: Ruleset, hands: tuple[int, ...], entries: dict[str, tuple[int, str]]) -> Position | None:
    if "taken" not in entries and "trick" not in entries and "won" not in entries:
        return None
    for key in ("taken", "won", "trick"):
        if key not in entries:
            raise NotationError(0, key, "missing: a position in play needs hands, taken, won and trick lines")
    taken_line, taken_value = entries["taken"]
    taken = _seats(rules, taken_line, "taken", taken_value)
    won_line, won_value = entries["won"]
    won = tuple(_int(won_line, "won", token) for token in won_value.split())
    if len(won) != rules.players or min(won) < 0:
        raise NotationError(won_line, "won", f"expected {rules.players} tricks counts of 0 or more")
    trick_line, trick_value = entries["trick"]
    tokens = trick_value.split()
    if not tokens:
        raise NotationError(trick_line, "trick", "expected the leader's seat, then the cards played so far")
    leader = _int(trick_line, "trick", tokens[0])
    try:
        trick = parse_cards(tokens[1:])
    except CardParseError as error:
        raise NotationError(trick_line, "trick", str(error)) from None
    position = Position(hands, taken, won, leader, trick)
    key, problem = position_problem(rules, position)
    if problem:
        raise NotationError(entries[key][0], key, problem)
    return position


def _read_plays(number: int, value: str) -> tuple[tuple[str, Card], ...]:
    plays: list[tuple[str, Card]] = []
    for index, token in enumerate(value.replace("|", " ").split()):
        try:
            plays.append((token, Card.parse(token)))
        except CardParseError as error:
            raise NotationError(number, "play", f"play {index + 1}: {error}") from None
    return tuple(plays)


def _seat(seat: int, players: int) -> str:
    """A seat in the notation's (English) problems: by compass, as the notation lists the seats."""
    return seat_name(seat, players, "en")


def position_problem(rules: Ruleset, position: Position) -> tuple[str, str]:
    """What makes a position impossible, as (the line's key, the problem); ("", "") when fine."""
    hands, taken, won, leader, trick = position
    n = rules.players
    if len(hands) != n or len(taken) != n or len(won) != n:
        return "hands", f"expected {n} seats"
    if not 0 <= leader < n:
        return "trick", f"the leader must be a seat from 0 to {n - 1}"
    if len(trick) >= n:
        return "trick", f"a trick in progress has at most {n - 1} cards"
    seen = 0
    for mask in [*hands, *taken, *(1 << card for card in trick)]:
        if mask & seen:
            return "hands", f"{CardSet.from_mask(mask & seen)} appears twice"
        seen |= mask
    if seen != rules.tables.deck_mask:
        missing = CardSet.from_mask(rules.tables.deck_mask & ~seen)
        extra = CardSet.from_mask(seen & ~rules.tables.deck_mask)
        return "hands", f"the cards must be exactly the deck: missing {missing}, not in the deck {extra}"
    for seat, mask in enumerate(taken):
        if mask.bit_count() != won[seat] * n:
            took = f"so took {won[seat] * n} cards, not {mask.bit_count()}"
            return "won", f"{_seat(seat, n)} won {won[seat]} tricks, {took}"
    first_trick = _first_trick_problem(rules, position)
    return first_trick if first_trick[1] else _hand_size_problem(rules, position)


def _first_trick_problem(rules: Ruleset, position: Position) -> tuple[str, str]:
    hands, _, won, leader, trick = position
    opening = rules.opening_card
    if sum(won) or opening is None:
        return "", ""
    if not trick and not hands[leader] >> opening & 1:
        holder = f"the holder of {opening}, not {_seat(leader, len(hands))}"
        return "trick", f"on the first trick the leader must be {holder}"
    if trick and rules.opening_lead == "lowest_club" and trick[0] != opening:
        return "trick", f"the first trick must be opened with {opening}, not {trick[0]}"
    if trick and trick[0].suit != 0:
        return "trick", f"the first trick must be opened with a club, not {trick[0]}"
    return "", ""


def _hand_size_problem(rules: Ruleset, position: Position) -> tuple[str, str]:
    hands, _, won, leader, trick = position
    n = rules.players
    remaining = rules.hand_size - sum(won)
    for seat, mask in enumerate(hands):
        expected = remaining - (1 if (seat - leader) % n < len(trick) else 0)
        if mask.bit_count() != expected:
            return "hands", f"{_seat(seat, n)} should hold {expected} cards at this point, not {mask.bit_count()}"
    return "", ""


__all__ = [
    "NotationError",
    "Position",
    "Record",
    "deal_text",
    "plays_text",
    "position_problem",
    "position_text",
    "read_record",
    "seats_text",
]
