"""The card table as a view model: what a table viewer shows of a hand, as plain values.

:func:`table_snapshot` reads a :class:`~hearts_core.engine.state.HandState` and returns a
frozen :class:`TableSnapshot`: every seat with its name, its cards (only when
face up; otherwise just how many), its tricks and points, whether it is to
play or deals; the trick in progress and the last completed trick; and the
badges a learner glances at (pass direction, trick number, hearts broken, the
queen of spades fallen, points taken so far).  Lessons, puzzles and practice
all draw the table from a snapshot, so hidden cards never reach the page.

Seats are numbered as in the engine and named from seat 0, drawn at the
bottom; play goes to the left, clockwise (South, West, North, East).

>>> from hearts_core import HandState, Ruleset
>>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]  # a suit each
>>> state = HandState.from_hands(Ruleset(pass_cycle=["hold"]), suits).play("2C").play("AD")
>>> table = table_snapshot(state, face_up=[0], highlight=state.legal_moves())
>>> [seat.name for seat in table.seats]
['South', 'West', 'North', 'East']
>>> table.trick.plays
(Play(seat=0, card='2C'), Play(seat=1, card='AD'))
>>> table.seats[1].cards, table.seats[1].count
(None, 12)
>>> table.seats[0].cards[:3]
('3C', '4C', '5C')
>>> table.to_play, table.seats[2].to_play, table.seats[3].dealer
(2, True, True)
>>> table.highlight[:3], table.badges.trick_number, table.badges.hearts_broken
(('2H', '3H', '4H'), 1, False)
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final, Literal, NamedTuple

from .cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, CardLike, CardSet
from .rules import QUEEN_OF_SPADES
from .seats import SEAT_COMPASS, seat_compass, seat_name
from .state import HandState
from .vocabulary import PASS, PLAY

#: ``face_up`` words accepted by :func:`table_snapshot` besides a list of seats.
FACE_UP_WORDS: Final = ("all", "none")


#: The order of the suits in a displayed hand: alternating colours (spades, hearts, clubs, diamonds).
DISPLAY_SUITS: Final = (SPADES, HEARTS, CLUBS, DIAMONDS)

#: How a hand's ranks are ordered on the table, within each suit.
RankOrder = Literal["high_first", "low_first"]
RANK_ORDERS: Final[tuple[RankOrder, ...]] = ("high_first", "low_first")


def display_order(cards: Iterable[CardLike], rank_order: RankOrder = "high_first") -> tuple[Card, ...]:
    """``cards`` as a hand is shown: by suit in alternating colours, ranks high to low
    (or low to high).

    >>> [str(card) for card in display_order("2C AS 3H TD KS 9C")]
    ['AS', 'KS', '3H', '9C', '2C', 'TD']
    >>> [str(card) for card in display_order("2C AS 3H TD KS 9C", "low_first")]
    ['KS', 'AS', '3H', '2C', '9C', 'TD']
    """
    if rank_order not in RANK_ORDERS:
        raise ValueError(f"rank order must be one of {', '.join(RANK_ORDERS)}, not {rank_order!r}")
    sign = -1 if rank_order == "high_first" else 1
    return tuple(sorted(CardSet(cards), key=lambda card: (DISPLAY_SUITS.index(card.suit), sign * card.rank)))


class Play(NamedTuple):
    """One card played to a trick: the seat that played it and the card (``"QS"``)."""

    seat: int
    card: str


@dataclass(frozen=True)
class SeatView:
    """One seat at the table as the viewer sees it.

    ``cards`` is the hand as card strings sorted by suit then rank when the
    seat is face up, and None when it is face down (``count`` says how many
    cards it holds either way).  ``passed`` and ``received`` are the cards of
    this hand's pass when the viewer can know them: after the pass, when this
    seat or the other seat of that exchange is face up.
    """

    seat: int
    name: str
    cards: tuple[str, ...] | None
    count: int
    compass: str
    tricks: int
    points: int
    to_play: bool
    dealer: bool
    passed: tuple[str, ...] | None = None
    passed_to: int | None = None
    received: tuple[str, ...] | None = None
    received_from: int | None = None

    @property
    def face_up(self) -> bool:
        """Whether the seat's cards are shown."""
        return self.cards is not None


@dataclass(frozen=True)
class TrickView:
    """A trick: its number (from 1), leader, plays in order, and who is winning it.

    For the trick in progress ``winner`` and ``points`` are None and
    ``winning`` is the seat whose card is highest in the led suit so far (None
    before the lead); for a completed trick all three are set.
    """

    number: int
    leader: int
    plays: tuple[Play, ...]
    winning: int | None = None
    winner: int | None = None
    points: int | None = None

    @property
    def complete(self) -> bool:
        """Whether the trick is finished (it has a winner)."""
        return self.winner is not None


@dataclass(frozen=True)
class Badges:
    """The facts shown above the table.

    ``trick_number`` counts from 1 for display and stays at ``tricks_total``
    once the hand is over.  ``points_taken`` is the sum of every seat's raw
    points so far; ``points_available`` the penalty points in the deck (26 in
    the standard game).
    """

    phase: str
    pass_direction: str
    pass_count: int
    hand_number: int
    trick_number: int
    tricks_total: int
    hearts_broken: bool
    queen_fallen: bool
    points_taken: int
    points_available: int


@dataclass(frozen=True)
class TableSnapshot:
    """Everything a table viewer draws, built by :func:`table_snapshot`."""

    players: int
    seats: tuple[SeatView, ...]
    trick: TrickView | None
    last_trick: TrickView | None
    badges: Badges
    to_play: int | None
    dealer: int
    highlight: tuple[str, ...] = ()
    caption: str | None = None

    def seat(self, seat: int) -> SeatView:
        """The view of one seat."""
        return self.seats[seat]

    def is_highlighted(self, card: CardLike) -> bool:
        """Whether ``card`` is one of the highlighted cards."""
        return str(Card.parse(card)) in self.highlight


def _face_up_seats(face_up: Iterable[int] | str, players: int) -> frozenset[int]:
    if isinstance(face_up, str):
        if face_up == "all":
            return frozenset(range(players))
        if face_up == "none":
            return frozenset()
        raise ValueError(f"face_up must be seat numbers or one of {', '.join(FACE_UP_WORDS)}, not {face_up!r}")
    seats = frozenset(face_up)
    wrong = sorted(seat for seat in seats if not (isinstance(seat, int) and 0 <= seat < players))
    if wrong:
        raise ValueError(f"face_up names seats {wrong}; seats are 0 to {players - 1}")
    return seats


def _texts(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)


def _winning(leader: int, cards: tuple[Card, ...], players: int) -> int | None:
    """The seat whose card is highest in the led suit (None before the lead)."""
    if not cards:
        return None
    led = cards[0].suit
    best = max(range(len(cards)), key=lambda index: cards[index].rank if cards[index].suit == led else 0)
    return (leader + best) % players


def table_snapshot(
    state: HandState,
    face_up: Iterable[int] | str = "all",
    last_trick: bool = True,
    highlight: Iterable[CardLike] = (),
    caption: str | None = None,
    language: str | None = None,
) -> TableSnapshot:
    """A :class:`TableSnapshot` of ``state``.

    ``face_up`` is ``"all"``, ``"none"`` or the seats whose cards are shown;
    ``last_trick`` whether to include the last completed trick; ``highlight``
    cards to mark (the legal plays, or the card just played); ``caption`` a
    line to show with the table.  Raises ``ValueError`` for a seat that does
    not exist and :class:`~hearts_core.engine.cards.CardParseError` for a bad card.
    """
    n = state.rules.players
    shown = _face_up_seats(face_up, n)
    marked = tuple(str(card) for card in CardSet(highlight))
    hands = state.hands
    won = state.tricks_won
    points = state.hand_points()
    passes = state.passes
    seats = []
    for seat in range(n):
        passed = passed_to = received = received_from = None
        if passes is not None:
            target = state.pass_target(seat)
            giver = next(other for other in range(n) if state.pass_target(other) == seat)
            if target != seat and (seat in shown or target in shown):
                passed, passed_to = _texts(passes[seat]), target
            if giver != seat and (seat in shown or giver in shown):
                received, received_from = _texts(passes[giver]), giver
        seats.append(
            SeatView(
                seat=seat,
                name=seat_name(seat, n, language),
                cards=_texts(hands[seat]) if seat in shown else None,
                count=len(hands[seat]),
                compass=seat_compass(seat, n),
                tricks=won[seat],
                points=points[seat],
                to_play=state.to_play == seat,
                dealer=state.dealer == seat,
                passed=passed,
                passed_to=passed_to,
                received=received,
                received_from=received_from,
            )
        )
    total = state.rules.hand_size
    number = min(state.trick_number + 1, total)
    trick = None
    if state.phase == PLAY:
        current = state.current_trick
        trick = TrickView(
            number=number,
            leader=current.leader,
            plays=tuple(Play((current.leader + i) % n, str(card)) for i, card in enumerate(current.cards)),
            winning=_winning(current.leader, current.cards, n),
        )
    last = None
    if last_trick and state.tricks:
        done = state.tricks[-1]
        last = TrickView(
            number=len(state.tricks),
            leader=done.leader,
            plays=tuple(Play(seat, str(card)) for seat, card in zip(done.seats(n), done.cards, strict=True)),
            winning=done.winner,
            winner=done.winner,
            points=done.points,
        )
    badges = Badges(
        phase=state.phase,
        pass_direction=state.pass_direction,
        pass_count=state.rules.pass_count,
        hand_number=state.hand_number,
        trick_number=number,
        tricks_total=total,
        hearts_broken=state.hearts_broken,
        queen_fallen=QUEEN_OF_SPADES in state.played,
        points_taken=sum(points),
        points_available=state.rules.moon_value,
    )
    return TableSnapshot(
        players=n,
        seats=tuple(seats),
        trick=trick,
        last_trick=last,
        badges=badges,
        to_play=state.to_play,
        dealer=state.dealer,
        highlight=marked,
        caption=caption,
    )


def concealed(table: TableSnapshot) -> TableSnapshot:
    """``table`` as a question about it is asked: nothing that gives away who won the trick, who
    leads next or who receives the pass.  A trick just completed is shown still on the table
    (gathered by nobody yet, its winner's pile as before it); no seat is marked to play; no card
    is marked winning; the pass lines are hidden.

    >>> from hearts_core import HandState, Ruleset
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> done = HandState.from_hands(Ruleset(pass_cycle=["hold"]), suits).play("2C").play("AD").play("2H").play("2S")
    >>> quiz = concealed(table_snapshot(done))
    >>> [play.card for play in quiz.trick.plays], quiz.trick.winning, quiz.last_trick, quiz.to_play
    (['2C', 'AD', '2H', '2S'], None, None, None)
    >>> [seat.tricks for seat in quiz.seats], [seat.points for seat in quiz.seats]
    ([0, 0, 0, 0], [0, 0, 0, 0])
    """
    trick, last, badges = table.trick, table.last_trick, table.badges
    seats = list(table.seats)
    if (trick is None or not trick.plays) and last is not None and last.winner is not None:
        winner = seats[last.winner]
        seats[last.winner] = replace(winner, tricks=winner.tricks - 1, points=winner.points - (last.points or 0))
        trick, last = TrickView(last.number, last.leader, last.plays), None
        badges = replace(badges, trick_number=trick.number, phase=PLAY)
    elif trick is not None:
        trick = replace(trick, winning=None)
    hidden = tuple(
        replace(seat, to_play=False, passed=None, passed_to=None, received=None, received_from=None) for seat in seats
    )
    return replace(table, seats=hidden, trick=trick, last_trick=last, to_play=None, badges=badges)


# -- what happens between two pictures of the table ----------------------------------------------


def seat_plays(state: HandState) -> tuple[Play, ...]:
    """Every card of the hand so far, in order, with the seat that played it."""
    n = state.rules.players
    plays = [
        Play(seat, str(card)) for trick in state.tricks for seat, card in zip(trick.seats(n), trick.cards, strict=True)
    ]
    current = state.current_trick
    plays += [Play((current.leader + index) % n, str(card)) for index, card in enumerate(current.cards)]
    return tuple(plays)


def scene_key(state: HandState) -> str:
    """A short id of the picture ``state`` shows on the table: the same deal and the
    same cards played give the same key (the pass itself does not change it).

    A table viewer animates from one picture to the next only when it is still
    showing the picture the change starts from.

    >>> from hearts_core import Ruleset
    >>> rules = Ruleset(pass_cycle=["hold"])
    >>> start = HandState.deal(rules, seed=1)
    >>> scene_key(start) == scene_key(HandState.deal(rules, seed=1)), scene_key(start) == scene_key(start.play("2C"))
    (True, False)
    """
    dealt = state.dealt
    basis = " ".join(str(hand.mask) for hand in dealt) if dealt is not None else state.record_start().to_position()
    return f"{state.hand_number}.{zlib.crc32(basis.encode()):08x}.{len(seat_plays(state))}"


EventKind = Literal["play", "gather"]


@dataclass(frozen=True)
class TableEvent:
    """One thing that happens on the table: ``seat`` plays ``card`` ("play"), or
    ``seat`` wins the trick and gathers it, with the ``points`` it held ("gather");
    ``trick`` is the trick's index in the hand (0 for the first); after a card,
    ``winning`` is the seat whose card is winning the trick so far."""

    kind: EventKind
    seat: int
    card: str | None = None
    points: int = 0
    trick: int = 0
    winning: int | None = None


def _continues(before: HandState, after: HandState) -> bool:
    """Whether ``after`` is ``before`` played on (the same deal, more cards)."""
    if before.rules != after.rules or before.hand_number != after.hand_number:
        return False
    if before.phase == PASS:
        return after.dealt is not None and before.hands == after.dealt
    earlier, later = seat_plays(before), seat_plays(after)
    if later[: len(earlier)] != earlier:
        return False
    return all(set(after.hands[seat]) <= set(before.hands[seat]) for seat in range(before.rules.players))


def table_events(before: HandState, after: HandState) -> tuple[TableEvent, ...]:
    """The cards played and tricks gathered on the way from ``before`` to ``after``;
    empty when ``after`` does not continue ``before`` (another deal, a card taken back).

    >>> from hearts_core import Ruleset
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> start = HandState.from_hands(Ruleset(pass_cycle=["hold"]), suits)
    >>> events = table_events(start, start.play("2C").play("AD"))
    >>> [(event.kind, event.seat, event.card, event.winning) for event in events]
    [('play', 0, '2C', 0), ('play', 1, 'AD', 0)]
    >>> done = start.play("2C").play("AD").play("2H").play("2S")
    >>> table_events(start, done)[-1]
    TableEvent(kind='gather', seat=0, card=None, points=1, trick=0, winning=None)
    >>> table_events(done, start)
    ()
    """
    if not _continues(before, after):
        return ()
    n = after.rules.players
    plays = seat_plays(after)
    done_before = len(seat_plays(before))
    events: list[TableEvent] = []
    for index, play in enumerate(plays[done_before:], start=done_before):
        number, first = index // n, index - index % n
        if (index + 1) % n == 0:
            trick = after.tricks[number]
            events.append(TableEvent("play", play.seat, play.card, trick=number, winning=trick.winner))
            events.append(TableEvent("gather", trick.winner, points=trick.points, trick=number))
        else:
            so_far = tuple(Card.parse(earlier.card) for earlier in plays[first : index + 1])
            winning = _winning(plays[first].seat, so_far, n)
            events.append(TableEvent("play", play.seat, play.card, trick=number, winning=winning))
    return tuple(events)


__all__ = [
    "DISPLAY_SUITS",
    "FACE_UP_WORDS",
    "RANK_ORDERS",
    "SEAT_COMPASS",
    "Badges",
    "Play",
    "RankOrder",
    "SeatView",
    "TableEvent",
    "TableSnapshot",
    "TrickView",
    "concealed",
    "display_order",
    "scene_key",
    "seat_compass",
    "seat_name",
    "seat_plays",
    "table_events",
    "table_snapshot",
]
