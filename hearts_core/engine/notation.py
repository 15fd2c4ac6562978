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
naming the line, the key and the token at fault.

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

from typing import TYPE_CHECKING, Final

from .cards import Card, CardParseError, CardSet, parse_cards
from .reasons import IllegalPassError, IllegalPlayError
from .rules import Ruleset

if TYPE_CHECKING:
    from .state import HandState

_KEYS: Final = ("hand", "deal", "pass", "hands", "taken", "won", "trick", "play")


class NotationError(ValueError):
    """Malformed hand or position text; ``line`` (1-based) and ``key`` say where."""

    def __init__(self, line: int, key: str, detail: str) -> None:
        self.line = line
        self.key = key
        self.detail = detail
        where = f"line {line} ({key})" if line else key
        super().__init__(f"{where}: {detail}")


def _seat_lists(state: HandState, masks: tuple[int, ...]) -> str:
    return " / ".join(str(CardSet.from_mask(mask)) for mask in masks)


def hand_to_text(state: HandState) -> str:
    """The whole record: the deal (or starting position), the passes, the plays."""
    origin = state._ctx.origin
    if origin is not None:
        lines = position_to_text(origin).splitlines()
    else:
        lines = [f"hand: {state.hand_number}", f"deal: {_seat_lists(state, state._ctx.dealt)}"]
        if state._ctx.passed is not None:
            lines.append(f"pass: {_seat_lists(state, state._ctx.passed)}")
    plays = state.plays()
    if plays:
        lines.append(f"play: {_plays_text(state, plays)}")
    return "\n".join(lines)


def _plays_text(state: HandState, plays: tuple[Card, ...]) -> str:
    """Plays with ``|`` at every trick boundary."""
    n = state.rules.players
    start = len(state._ctx.origin._trick) if state._ctx.origin is not None else 0
    words: list[str] = []
    for index, card in enumerate(plays):
        if index and (index + start) % n == 0:
            words.append("|")
        words.append(str(card))
    return " ".join(words)


def position_to_text(state: HandState) -> str:
    """The position alone: hands, cards taken, tricks won, the trick in progress."""
    lines = [f"hand: {state.hand_number}", f"hands: {_seat_lists(state, state._hands)}"]
    if state.phase == "pass":
        return "\n".join(lines)
    lines.append(f"taken: {_seat_lists(state, state._taken)}")
    lines.append("won: " + " ".join(str(count) for count in state._won))
    trick = " ".join([str(state._leader)] + [str(card) for card in state._trick])
    lines.append(f"trick: {trick}")
    return "\n".join(lines)


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


def _seats(rules: Ruleset, number: int, key: str, value: str) -> list[tuple[Card, ...]]:
    parts = [part.strip() for part in value.split("/")]
    if len(parts) != rules.players:
        raise NotationError(number, key, f"expected {rules.players} seats separated by '/', found {len(parts)}")
    try:
        return [parse_cards("" if part == "-" else part) for part in parts]
    except CardParseError as error:
        raise NotationError(number, key, str(error)) from None


def _masks(seats: list[tuple[Card, ...]]) -> tuple[int, ...]:
    result = []
    for cards in seats:
        mask = 0
        for card in cards:
            mask |= 1 << card
        result.append(mask)
    return tuple(result)


def _int(number: int, key: str, token: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise NotationError(number, key, f"{token!r} is not a whole number") from None


def hand_from_text(rules: Ruleset, text: str) -> HandState:
    """Replay a record written by :func:`hand_to_text` (deal or position, then plays)."""

    entries = {key: (number, value) for number, key, value in _split_lines(text)}
    hand_number = 0
    if "hand" in entries:
        number, value = entries["hand"]
        hand_number = _int(number, "hand", value)
        if hand_number < 0:
            raise NotationError(number, "hand", "hand numbers count from 0")
    if "deal" in entries and "hands" in entries:
        raise NotationError(entries["hands"][0], "hands", "give either a deal or a position, not both")
    if "deal" in entries:
        state = _from_deal(rules, hand_number, entries)
    elif "hands" in entries:
        state = _from_position(rules, hand_number, entries)
    else:
        raise NotationError(0, "deal", "missing: a record needs a 'deal:' line or a 'hands:' line")
    if "play" in entries:
        state = _replay(state, *entries["play"])
    return state


def position_from_text(rules: Ruleset, text: str) -> HandState:
    """Set up a position written by :func:`position_to_text`."""
    return hand_from_text(rules, text)


def _from_deal(rules: Ruleset, hand_number: int, entries: dict[str, tuple[int, str]]) -> HandState:
    from .state import HandState

    number, value = entries["deal"]
    seats = _seats(rules, number, "deal", value)
    try:
        state = HandState.from_hands(rules, seats, hand_number)
    except ValueError as error:
        raise NotationError(number, "deal", str(error)) from None
    if "pass" in entries:
        pass_line, pass_value = entries["pass"]
        if state.phase != "pass":
            raise NotationError(pass_line, "pass", f"hand {hand_number} is a hold hand: nobody passes")
        passes = _seats(rules, pass_line, "pass", pass_value)
        try:
            state = state.with_passes(dict(enumerate(passes)))
        except IllegalPassError as error:
            raise NotationError(pass_line, "pass", str(error)) from None
    elif "play" in entries and state.phase == "pass":
        raise NotationError(entries["play"][0], "play", "the cards must be passed first: add a 'pass:' line")
    return state


def _from_position(rules: Ruleset, hand_number: int, entries: dict[str, tuple[int, str]]) -> HandState:
    from .state import HandState

    number, value = entries["hands"]
    hands = _masks(_seats(rules, number, "hands", value))
    if "taken" not in entries and "trick" not in entries and "won" not in entries:
        try:
            return HandState.from_hands(rules, [CardSet.from_mask(mask) for mask in hands], hand_number)
        except ValueError as error:
            raise NotationError(number, "hands", str(error)) from None
    for key in ("taken", "won", "trick"):
        if key not in entries:
            raise NotationError(0, key, "missing: a position in play needs hands, taken, won and trick lines")
    taken_line, taken_value = entries["taken"]
    taken = _masks(_seats(rules, taken_line, "taken", taken_value))
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
    key, problem = _position_problem(rules, hands, taken, won, leader, trick)
    if problem:
        raise NotationError(entries[key][0], key, problem)
    return HandState._from_position_parts(rules, hand_number, hands, taken, won, leader, trick)


def _position_problem(
    rules: Ruleset,
    hands: tuple[int, ...],
    taken: tuple[int, ...],
    won: tuple[int, ...],
    leader: int,
    trick: tuple[Card, ...],
) -> tuple[str, str]:
    """What makes a position impossible, as (the line's key, the problem); ("", "") when fine."""
    n = rules.players
    if not 0 <= leader < n:
        return "trick", f"the leader must be a seat from 0 to {n - 1}"
    if len(trick) >= n:
        return "trick", f"a trick in progress has at most {n - 1} cards"
    everything = [*hands, *taken, *(1 << card for card in trick)]
    seen = 0
    for mask in everything:
        if mask & seen:
            return "hands", f"{CardSet.from_mask(mask & seen)} appears twice"
        seen |= mask
    if seen != rules.tables.deck_mask:
        missing = CardSet.from_mask(rules.tables.deck_mask & ~seen)
        extra = CardSet.from_mask(seen & ~rules.tables.deck_mask)
        return "hands", f"the cards must be exactly the deck: missing {missing}, not in the deck {extra}"
    tricks_done = sum(won)
    for seat, mask in enumerate(taken):
        if mask.bit_count() != won[seat] * n:
            return "won", f"seat {seat} won {won[seat]} tricks, so took {won[seat] * n} cards, not {mask.bit_count()}"
    opening = rules.opening_card
    if tricks_done == 0 and opening is not None:
        if not trick and not hands[leader] >> opening & 1:
            return "trick", f"on the first trick the leader must be the holder of {opening}, not seat {leader}"
        if trick and rules.opening_lead == "lowest_club" and trick[0] != opening:
            return "trick", f"the first trick must be opened with {opening}, not {trick[0]}"
        if trick and trick[0].suit != 0:
            return "trick", f"the first trick must be opened with a club, not {trick[0]}"
    remaining = rules.hand_size - tricks_done
    for seat, mask in enumerate(hands):
        played_now = 1 if (seat - leader) % n < len(trick) else 0
        if mask.bit_count() != remaining - played_now:
            expected = remaining - played_now
            return "hands", f"seat {seat} should hold {expected} cards at this point, not {mask.bit_count()}"
    return "", ""


def _replay(state: HandState, number: int, value: str) -> HandState:
    tokens = [token for token in value.replace("|", " ").split()]
    for position, token in enumerate(tokens):
        try:
            card = Card.parse(token)
        except CardParseError as error:
            raise NotationError(number, "play", f"play {position + 1}: {error}") from None
        try:
            state = state.play(card)
        except IllegalPlayError as error:
            raise NotationError(number, "play", f"play {position + 1} ({token}) is illegal: {error}") from None
    return state
