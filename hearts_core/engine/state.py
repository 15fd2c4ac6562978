"""One hand of Hearts as an immutable state: deal, pass, play, over.

Every transition returns a new :class:`HandState`; an illegal action raises
and leaves nothing half-changed.  Seats are ``0..n-1`` and play goes to the
left: seat ``i``'s left neighbour is seat ``(i + 1) % n``.

>>> from hearts_core import Ruleset
>>> state = HandState.deal(Ruleset(), seed=7)
>>> state.phase, state.pass_direction
('pass', 'left')
>>> state = state.with_passes({seat: state.hands[seat].cards()[-3:] for seat in range(4)})
>>> state.phase, state.legal_moves()
('play', [Card.parse('2C')])
>>> state = state.play("2C")
>>> len(state.current_trick.cards)
1
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from .cards import (
    ALL_CARDS,
    HEARTS,
    SUIT_MASKS,
    Card,
    CardLike,
    CardSet,
    card_list,
    cards_of_mask,
    parse_cards,
)
from .explain import Situation, explain_card
from .legality import legal_mask
from .notation import (
    NotationError,
    Position,
    Record,
    deal_text,
    plays_text,
    position_problem,
    position_text,
    read_record,
)
from .reasons import Explanation, IllegalPassError, IllegalPlayError
from .rules import Ruleset, RuleTables
from .scoring import ScoreReport, score_hand
from .seats import seat_name
from .vocabulary import OVER, PASS, PLAY, MoonChoice, PassDirection, Phase

SeedLike = int | str | random.Random | None


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order, who won, the points in it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def seats(self, players: int) -> tuple[int, ...]:
        """The seat that played each card, in play order."""
        return tuple((self.leader + i) % players for i in range(len(self.cards)))


class CurrentTrick(NamedTuple):
    """The trick in progress: its leader and the cards played to it so far."""

    leader: int
    cards: tuple[Card, ...]


class PerSeat(tuple[int, ...]):
    """A tuple of one number per seat that also compares equal to a list."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list):
            return tuple(self) == tuple(other)
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__


class _HandContext:
    """What stays fixed while a hand is played: shared by every state of the hand.

    ``dealt`` are the hands as dealt (or, for a record that starts from a
    position, that position's hands), ``passed`` the cards each seat passed,
    ``origin`` the position a record starts from (None for a hand from the deal).
    """

    __slots__ = ("breaks", "dealt", "hand_number", "legality", "origin", "passed", "players", "rules", "tables")

    def __init__(
        self,
        rules: Ruleset,
        hand_number: int,
        dealt: tuple[int, ...],
        passed: tuple[int, ...] | None,
        origin: Position | None,
    ) -> None:
        self.rules = rules
        self.tables: RuleTables = rules.tables
        self.legality = self.tables.legality
        self.breaks = self.legality.breaks_mask
        self.hand_number = hand_number
        self.dealt = dealt
        self.passed = passed
        self.origin = origin
        self.players = rules.players


class HandState:
    """An immutable state of one hand.  Build with :meth:`deal`, :meth:`from_hands`,
    :meth:`from_notation` or :meth:`from_position`.

    Public attributes: ``rules``, ``hand_number``, ``phase`` (``"pass"``,
    ``"play"``, ``"over"``), ``to_play`` (the seat to move, None unless in play),
    ``tricks`` (completed :class:`Trick` s), ``hearts_broken``.  Search code
    reads the position as masks: :attr:`hand_masks`, :attr:`taken_masks`,
    :attr:`won_counts`, :attr:`leader`, :attr:`trick_cards`, :meth:`position`.
    """

    __slots__ = (
        "_broken",
        "_ctx",
        "_hands",
        "_leader",
        "_legal",
        "_phase",
        "_points",
        "_taken",
        "_to_play",
        "_trick",
        "_tricks",
        "_won",
    )

    _ctx: _HandContext
    _phase: Phase
    _to_play: int | None
    _tricks: tuple[Trick, ...]
    _broken: bool
    _hands: tuple[int, ...]
    _leader: int
    _trick: tuple[Card, ...]
    _taken: tuple[int, ...]
    _won: tuple[int, ...]
    _points: tuple[int, ...]
    _legal: int

    # -- construction ---------------------------------------------------------

    @classmethod
    def deal(cls, rules: Ruleset, seed: SeedLike = None, hand_number: int = 0) -> HandState:
        """Shuffle with ``seed`` (an int, text, or a ``random.Random``) and deal one
        card at a time, starting left of the dealer."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls._start(rules, hand_number, shuffled_deal(rules, rng, hand_number))

    @classmethod
    def from_hands(
        cls,
        rules: Ruleset,
        hands: Sequence[CardSet | Iterable[CardLike] | str],
        hand_number: int = 0,
    ) -> HandState:
        """Start a hand from given hands: one per seat, as text, Cards or card strings.

        Raises ``ValueError`` (a :class:`~hearts_core.engine.cards.CardParseError` for
        bad text) when the hands are not exactly the ruleset's deck, dealt evenly.
        """
        return cls._start(rules, hand_number, validate_deal(rules, hands))

    @classmethod
    def from_masks(cls, rules: Ruleset, hands: Sequence[int], hand_number: int = 0) -> HandState:
        """Start a hand from each seat's cards as a mask (checked like :meth:`from_hands`)."""
        return cls.from_hands(rules, [CardSet.from_mask(mask) for mask in hands], hand_number)

    @classmethod
    def _start(cls, rules: Ruleset, hand_number: int, masks: tuple[int, ...]) -> HandState:
        if hand_number < 0:
            raise ValueError("hand_number counts from 0")
        state = object.__new__(cls)
        n = rules.players
        state._ctx = _HandContext(rules, hand_number, masks, None, None)
        state._tricks = ()
        state._broken = False
        state._hands = masks
        state._trick = ()
        state._taken = (0,) * n
        state._won = (0,) * n
        state._points = (0,) * n
        state._legal = -1
        if rules.pass_direction(hand_number) == "hold":
            state._begin_play()
        else:
            state._phase = PASS
            state._to_play = None
            state._leader = 0
        return state

    @classmethod
    def from_position_masks(cls, rules: Ruleset, position: Position, hand_number: int = 0) -> HandState:
        """A position in the middle of a hand, without its history (checked: raises
        ``ValueError`` naming what makes it impossible)."""
        key, problem = position_problem(rules, position)
        if problem:
            raise ValueError(f"{key}: {problem}")
        hands, taken, won, leader, trick = position
        state = object.__new__(cls)
        n = rules.players
        points = rules.tables.points
        state._tricks = ()
        state._hands = tuple(hands)
        state._leader = leader
        state._trick = tuple(ALL_CARDS[card] for card in trick)
        state._taken = tuple(taken)
        state._won = tuple(won)
        state._points = tuple(sum(points[c] for c in cards_of_mask(mask)) for mask in taken)
        state._legal = -1
        gone = 0
        for mask in taken:
            gone |= mask
        for card in trick:
            gone |= 1 << card
        state._broken = bool(gone & rules.tables.legality.breaks_mask)
        if any(hands):
            state._phase = PLAY
            state._to_play = (leader + len(trick)) % n
        else:
            state._phase = OVER
            state._to_play = None
        start = Position(state._hands, state._taken, state._won, leader, state._trick)
        state._ctx = _HandContext(rules, hand_number, state._hands, None, start)
        return state

    def _begin_play(self) -> None:
        """Set the first leader (only called on a fresh, unshared state)."""
        self._phase = PLAY
        leader = opening_leader(self._ctx.rules, self._hands, self._ctx.hand_number)
        self._leader = leader
        self._to_play = leader

    def _copy(self) -> HandState:
        clone = object.__new__(HandState)
        for name in HandState.__slots__:
            object.__setattr__(clone, name, getattr(self, name))
        clone._legal = -1
        return clone

    # -- read-only views ------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        """The ruleset this hand is played under."""
        return self._ctx.rules

    @property
    def hand_number(self) -> int:
        """The hand's number in the game, from 0; it sets the pass direction and dealer."""
        return self._ctx.hand_number

    @property
    def phase(self) -> Phase:
        """``"pass"``, ``"play"`` or ``"over"``."""
        return self._phase

    @property
    def is_passing(self) -> bool:
        """Whether the cards are still to be passed."""
        return self._phase == PASS

    @property
    def is_playing(self) -> bool:
        """Whether cards are being played (a seat is to move)."""
        return self._phase == PLAY

    @property
    def is_over(self) -> bool:
        """Whether every card has been played."""
        return self._phase == OVER

    @property
    def to_play(self) -> int | None:
        """The seat to play a card, or None when not in the play phase."""
        return self._to_play

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this record, in order (a position starts with none)."""
        return self._tricks

    @property
    def hearts_broken(self) -> bool:
        """Whether a heart (or the QS, when it breaks hearts) has been played."""
        return self._broken

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._ctx.players

    @property
    def dealer(self) -> int:
        """The dealer's seat: seat ``n-1`` deals hand 0, and the deal moves left."""
        return dealer_of(self._ctx.hand_number, self._ctx.players)

    @property
    def pass_direction(self) -> PassDirection:
        """``"left"``, ``"right"``, ``"across"`` or ``"hold"`` for this hand."""
        return self._ctx.rules.pass_direction(self._ctx.hand_number)

    def pass_target(self, seat: int) -> int:
        """The seat that receives ``seat``'s passed cards (itself on a hold hand)."""
        offsets = self._ctx.tables.pass_offsets
        return (seat + offsets[self._ctx.hand_number % len(offsets)]) % self._ctx.players

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's current cards."""
        return tuple(CardSet.from_mask(mask) for mask in self._hands)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's current cards as masks (for search code)."""
        return self._hands

    @property
    def dealt(self) -> tuple[CardSet, ...] | None:
        """Each seat's cards as dealt (None for a state set up from a position)."""
        if self._ctx.origin is not None:
            return None
        return tuple(CardSet.from_mask(mask) for mask in self._ctx.dealt)

    @property
    def passes(self) -> dict[int, CardSet] | None:
        """The cards each seat passed, once passing is done (None before, or on a hold hand)."""
        if self._ctx.passed is None:
            return None
        return {seat: CardSet.from_mask(mask) for seat, mask in enumerate(self._ctx.passed)}

    @property
    def current_trick(self) -> CurrentTrick:
        """The trick in progress (no cards when a trick is about to be led)."""
        return CurrentTrick(self._leader, self._trick)

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick in progress."""
        return self._leader

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order."""
        return self._trick

    @property
    def trick_number(self) -> int:
        """The trick being played, counting from 0 (the first trick is 0)."""
        return sum(self._won)

    @property
    def taken(self) -> tuple[CardSet, ...]:
        """The cards each seat has won in tricks."""
        return tuple(CardSet.from_mask(mask) for mask in self._taken)

    @property
    def taken_masks(self) -> tuple[int, ...]:
        """The cards each seat has won in tricks, as masks."""
        return self._taken

    @property
    def tricks_won(self) -> PerSeat:
        """How many tricks each seat has won."""
        return PerSeat(self._won)

    @property
    def won_counts(self) -> tuple[int, ...]:
        """How many tricks each seat has won, as a plain tuple."""
        return self._won

    @property
    def played(self) -> CardSet:
        """Every card played so far, including the trick in progress."""
        return CardSet.from_mask(self.played_mask)

    @property
    def played_mask(self) -> int:
        """Every card played so far, including the trick in progress, as a mask."""
        in_hands = 0
        for mask in self._hands:
            in_hands |= mask
        return self._ctx.tables.deck_mask & ~in_hands

    def position(self) -> Position:
        """The position as masks (hands, taken, won, leader, trick), without history."""
        return Position(self._hands, self._taken, self._won, self._leader, self._trick)

    def hand_points(self) -> PerSeat:
        """The raw points each seat has taken (bonus cards count negative)."""
        return PerSeat(self._points)

    # -- passing --------------------------------------------------------------

    def with_passes(self, passes: Mapping[int, CardSet | Iterable[CardLike] | str]) -> HandState:
        """All seats pass at once, blind; returns the state ready for the first lead.

        ``passes`` maps every seat to its ``rules.pass_count`` cards.
        """
        if self._phase != PASS:
            raise IllegalPassError("not_pass_phase", direction=self.pass_direction)
        n = self._ctx.players
        extra = [seat for seat in passes if not (isinstance(seat, int) and 0 <= seat < n)]
        if extra:
            raise IllegalPassError("unknown_seats", extra=extra, players=n)
        missing = [seat for seat in range(n) if seat not in passes]
        if missing:
            raise IllegalPassError("seats", missing=missing, players=n)
        masks = []
        for seat in range(n):
            cards = parse_cards(passes[seat])
            mask = 0
            for card in cards:
                mask |= 1 << card
            if len(cards) != self._ctx.rules.pass_count:
                raise IllegalPassError(
                    "count", seat=seat, players=n, count=len(cards), needed=self._ctx.rules.pass_count
                )
            not_held = mask & ~self._hands[seat]
            if not_held:
                raise IllegalPassError("not_held", seat=seat, players=n, cards=str(CardSet.from_mask(not_held)))
            masks.append(mask)
        state = self._copy()
        state._hands = exchange(
            self._hands, masks, self._ctx.tables.pass_offsets[self.hand_number % len(self._ctx.tables.pass_offsets)]
        )
        ctx = self._ctx
        state._ctx = _HandContext(ctx.rules, ctx.hand_number, ctx.dealt, tuple(masks), None)
        state._begin_play()
        return state

    def received(self, seat: int) -> CardSet | None:
        """The cards ``seat`` received in the pass (None before passing or on a hold hand)."""
        if self._ctx.passed is None:
            return None
        for giver, mask in enumerate(self._ctx.passed):
            if self.pass_target(giver) == seat:
                return CardSet.from_mask(mask)
        return CardSet()

    # -- playing --------------------------------------------------------------

    def _legal_mask(self) -> int:
        """The mover's legal cards as a mask (the legality kernel, cached per state)."""
        legal = self._legal
        if legal >= 0:
            return legal
        if self._phase != PLAY:
            legal = 0
        else:
            trick = self._trick
            led = SUIT_MASKS[trick[0] // 13] if trick else 0
            hand = self._hands[self._to_play]  # type: ignore[index]
            legal = legal_mask(self._ctx.legality, hand, led, not any(self._won), self._broken)
        self._legal = legal
        return legal

    def legal_moves(self) -> list[Card]:
        """The cards the player to move may play, sorted (empty unless in play)."""
        legal = self._legal
        return card_list(legal if legal >= 0 else self._legal_mask())

    def legal_mask(self) -> int:
        """:meth:`legal_moves` as a card mask (for search code)."""
        return self._legal_mask()

    def is_legal(self, card: CardLike) -> bool:
        """Whether ``card`` may be played now."""
        return bool(self._legal_mask() >> Card.parse(card) & 1)

    def play(self, card: CardLike) -> HandState:
        """Play ``card`` for the seat to move and return the new state.

        Raises :class:`~hearts_core.engine.reasons.IllegalPlayError` with the reason
        and the rule when the card may not be played.
        """
        if type(card) is not Card:
            card = Card.parse(card)
        legal = self._legal
        if legal < 0:
            legal = self._legal_mask()
        if not legal >> card & 1:
            raise IllegalPlayError(self.explain(card))
        bit = 1 << card
        seat: int = self._to_play  # type: ignore[assignment]
        ctx = self._ctx
        n = ctx.players
        state = object.__new__(HandState)
        state._ctx = ctx
        hands = self._hands
        state._hands = hands[:seat] + (hands[seat] ^ bit,) + hands[seat + 1 :]
        state._legal = -1
        state._broken = self._broken or bool(bit & ctx.breaks)
        trick = self._trick + (card,)
        if len(trick) < n:
            state._phase = PLAY
            state._tricks = self._tricks
            state._leader = self._leader
            state._trick = trick
            state._taken = self._taken
            state._won = self._won
            state._points = self._points
            state._to_play = (seat + 1) % n
            return state
        # The trick is complete: the highest card of the led suit wins it.
        leader = self._leader
        led_suit = trick[0] // 13
        best = trick[0]
        best_index = 0
        points_table = ctx.tables.points
        points = 0
        trick_mask = 0
        for index, played in enumerate(trick):
            points += points_table[played]
            trick_mask |= 1 << played
            if played > best and played // 13 == led_suit:
                best = played
                best_index = index
        winner = (leader + best_index) % n
        state._tricks = self._tricks + (Trick(leader, trick, winner, points),)
        state._leader = winner
        state._trick = ()
        taken = self._taken
        state._taken = taken[:winner] + (taken[winner] | trick_mask,) + taken[winner + 1 :]
        won = self._won
        state._won = won[:winner] + (won[winner] + 1,) + won[winner + 1 :]
        raw = self._points
        state._points = raw[:winner] + (raw[winner] + points,) + raw[winner + 1 :]
        if state._hands[winner]:
            state._phase = PLAY
            state._to_play = winner
        else:
            state._phase = OVER
            state._to_play = None
        return state

    # -- explanations ---------------------------------------------------------

    def explain(self, card: CardLike) -> Explanation:
        """Whether ``card`` may be played now, and why, naming the rule and variant.

        ``str(state.explain("KH"))`` is a sentence for a learner.
        """
        situation = Situation(
            self._ctx.rules,
            self._phase,
            self.pass_direction,
            self._to_play,
            self._hands,
            self._trick,
            not any(self._won),
            self._broken,
            self.played_mask,
        )
        return explain_card(situation, Card.parse(card))

    # -- scoring --------------------------------------------------------------

    def score_report(
        self,
        moon_choice: MoonChoice | None = None,
        totals_before: Sequence[int] | None = None,
    ) -> ScoreReport:
        """The hand's scoring in detail: raw points, moon or sun, bonuses, final scores."""
        return score_hand(self._ctx.rules, self._taken, self._won, moon_choice, totals_before)

    def scores(self, moon_choice: MoonChoice | None = None, totals_before: Sequence[int] | None = None) -> PerSeat:
        """Each seat's score for the hand after the moon, the sun and bonuses.

        ``moon_choice`` (``"add_to_others"`` or ``"subtract_from_self"``) is the
        shooter's pick when ``rules.moon == "choice"``; without it the engine
        picks what is better for the shooter given ``totals_before`` (the game
        totals before this hand), as a bot would.  Only meaningful when over,
        but defined at any time on the cards taken so far.
        """
        return PerSeat(self.score_report(moon_choice, totals_before).scores)

    # -- equality and notation ------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            self._ctx.rules,
            self._ctx.hand_number,
            self._phase,
            self._to_play,
            self._hands,
            self._ctx.passed,
            self._leader,
            self._trick,
            self._taken,
            self._won,
            self._tricks,
            self._broken,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<HandState hand {self.hand_number} {self._phase} to_play={self._to_play} trick={self.trick_number}>"

    @property
    def origin(self) -> Position | None:
        """The position this record was set up from (None for a hand played from its deal)."""
        return self._ctx.origin

    def record_start(self) -> HandState:
        """The state this record's plays start from: the deal after the pass (or before
        it, while passing), or the position the record was set up from."""
        ctx = self._ctx
        if ctx.origin is not None:
            return HandState.from_position_masks(ctx.rules, ctx.origin, ctx.hand_number)
        start = HandState._start(ctx.rules, ctx.hand_number, ctx.dealt)
        if ctx.passed is not None:
            start = start.with_passes({seat: CardSet.from_mask(mask) for seat, mask in enumerate(ctx.passed)})
        return start

    def plays(self) -> tuple[Card, ...]:
        """The cards played since the start of this record (the deal, or the position)."""
        cards: list[Card] = [card for trick in self._tricks for card in trick.cards]
        cards.extend(self._trick)
        if self._ctx.origin is not None:
            del cards[: len(self._ctx.origin.trick)]
        return tuple(cards)

    def to_notation(self) -> str:
        """The hand as text (the deal or starting position, the passes, the plays);
        see :mod:`hearts_core.engine.notation`."""
        ctx = self._ctx
        origin = ctx.origin
        if origin is not None:
            text = position_text(ctx.hand_number, origin.hands, origin)
            start = len(origin.trick)
        else:
            text = deal_text(ctx.hand_number, ctx.dealt, ctx.passed)
            start = 0
        plays = self.plays()
        if plays:
            text += f"\nplay: {plays_text(plays, ctx.players, start)}"
        return text

    def to_position(self) -> str:
        """This position as text, without its history; see :mod:`hearts_core.engine.notation`."""
        position = None if self._phase == PASS else self.position()
        return position_text(self._ctx.hand_number, self._hands, position)

    @classmethod
    def from_notation(cls, rules: Ruleset, text: str) -> HandState:
        """Replay a hand written by :meth:`to_notation` (or by hand).

        Raises :class:`~hearts_core.engine.notation.NotationError` naming the line,
        the key and the token at fault, illegal plays included.
        """
        record = read_record(rules, text)
        lines = record.lines
        if record.deal is not None:
            state = cls._from_record_deal(rules, record.hand_number, record.deal, lines["deal"], "deal")
            state = state._record_passes(record)
        elif record.position is not None:
            state = cls.from_position_masks(rules, record.position, record.hand_number)
        else:
            assert record.hands is not None
            state = cls._from_record_deal(rules, record.hand_number, record.hands, lines["hands"], "hands")
        for index, (token, card) in enumerate(record.plays):
            try:
                state = state.play(card)
            except IllegalPlayError as error:
                raise NotationError(lines["play"], "play", f"play {index + 1} ({token}) is illegal: {error}") from None
        return state

    @classmethod
    def _from_record_deal(
        cls, rules: Ruleset, hand_number: int, masks: tuple[int, ...], line: int, key: str
    ) -> HandState:
        try:
            return cls.from_masks(rules, masks, hand_number)
        except ValueError as error:
            raise NotationError(line, key, str(error)) from None

    def _record_passes(self, record: Record) -> HandState:
        """This fresh deal after the record's passes (an error names the pass line)."""
        lines = record.lines
        if record.passes is None:
            if record.plays and self.is_passing:
                raise NotationError(lines["play"], "play", "the cards must be passed first: add a 'pass:' line")
            return self
        if not self.is_passing:
            raise NotationError(lines["pass"], "pass", f"hand {record.hand_number} is a hold hand: nobody passes")
        try:
            return self.with_passes({seat: CardSet.from_mask(mask) for seat, mask in enumerate(record.passes)})
        except IllegalPassError as error:
            raise NotationError(lines["pass"], "pass", str(error)) from None

    @classmethod
    def from_position(cls, rules: Ruleset, text: str) -> HandState:
        """Set up a position written by :meth:`to_position` (plays may follow)."""
        return cls.from_notation(rules, text)


def dealer_of(hand_number: int, players: int) -> int:
    """The dealer of a hand: seat ``n-1`` deals hand 0, and the deal moves left."""
    return (hand_number + players - 1) % players


def shuffled_deal(rules: Ruleset, rng: random.Random, hand_number: int) -> tuple[int, ...]:
    """Shuffle the ruleset's deck with ``rng`` and deal it one card at a time, starting
    left of the dealer; each seat's cards as a mask."""
    deck = list(cards_of_mask(rules.tables.deck_mask))
    rng.shuffle(deck)
    n = rules.players
    first = (dealer_of(hand_number, n) + 1) % n
    masks = [0] * n
    for i, card in enumerate(deck):
        masks[(first + i) % n] |= 1 << card
    return tuple(masks)


def exchange(hands: Sequence[int], passed: Sequence[int], offset: int) -> tuple[int, ...]:
    """The hands after every seat gives ``passed[seat]`` to the seat ``offset`` to its left."""
    n = len(hands)
    result = [hand & ~give for hand, give in zip(hands, passed, strict=True)]
    for seat, give in enumerate(passed):
        result[(seat + offset) % n] |= give
    return tuple(result)


def opening_leader(rules: Ruleset, hands: Sequence[int], hand_number: int) -> int:
    """Who leads the first trick: the holder of the opening card, or (without one)
    the player left of the dealer."""
    opening = rules.tables.opening_card
    if opening is None:
        return (dealer_of(hand_number, rules.players) + 1) % rules.players
    return next(seat for seat, mask in enumerate(hands) if mask >> opening & 1)


def validate_deal(rules: Ruleset, hands: Sequence[CardSet | Iterable[CardLike] | str]) -> tuple[int, ...]:
    """Check that ``hands`` deal exactly the ruleset's deck evenly; return their masks.  The problems
    are the notation's English, seats named by compass as the notation lists them (South / West / ...)."""
    n = rules.players
    if len(hands) != n:
        raise ValueError(f"expected {n} hands, one per seat, got {len(hands)}")
    size = rules.hand_size
    masks: list[int] = []
    seen = 0
    for seat, hand in enumerate(hands):
        cards = parse_cards(hand)
        mask = 0
        for card in cards:
            mask |= 1 << card
        player = seat_name(seat, n, "en")
        if len(cards) != size:
            raise ValueError(f"{player} has {len(cards)} cards; each player gets {size}")
        twice = mask & seen
        if twice:
            raise ValueError(f"{CardSet.from_mask(twice)} dealt to more than one player ({player} again)")
        outside = mask & ~rules.tables.deck_mask
        if outside:
            raise ValueError(f"seat {seat} holds {CardSet.from_mask(outside)}, removed from the deck under these rules")
        seen |= mask
        masks.append(mask)
    return tuple(masks)


__all__ = [
    "ALL_CARDS",
    "HEARTS",
    "CurrentTrick",
    "HandState",
    "PerSeat",
    "Position",
    "SeedLike",
    "Trick",
    "dealer_of",
    "exchange",
    "opening_leader",
    "shuffled_deal",
    "validate_deal",
]
