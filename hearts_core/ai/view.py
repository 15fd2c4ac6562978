"""What one seat knows, and deals of the unseen cards consistent with it.

A :class:`PlayerView` is built from a :class:`~hearts_core.engine.state.HandState`
by :meth:`PlayerView.from_state`, which copies only what the seat can see:
its own hand, the cards it passed (and to whom) and received, every card
played with the seat that played it, the cards each seat has taken (tricks
are public), and the game totals.  Bots and the hint engine receive views,
never states, so they cannot look at hidden cards; :func:`sample_worlds`
deals the unseen cards from a view alone (on the kernel), and
:meth:`PlayerView.kernel_state` gives the view as the kernel's position, the
other hands empty, for the kernel's players.

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.deal(Ruleset(pass_cycle=["hold"]), seed=4)
>>> view = PlayerView.from_state(state, state.to_play)
>>> view.legal_cards()
(Card.parse('2C'),)
>>> import random
>>> worlds = sample_worlds(view, 3, random.Random(0))
>>> len(worlds), all(world[view.seat] == view.hand for world in worlds)
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..engine.cards import ALL_CARDS, SUIT_MASKS, Card, CardSet
from ..engine.legality import legal_mask
from ..engine.rules import Ruleset
from ..engine.state import HandState
from ..search import kernel
from ..search.positions import position_array

SeatCard = tuple[int, int]


@dataclass(frozen=True, eq=True)
class PlayerView:
    """One seat's knowledge of a hand.  Card sets are masks (ints); see :class:`CardSet`.

    ``plays`` lists every card played in this hand as ``(seat, card)`` in order,
    the trick in progress included (for a position set up mid-hand, only the
    cards played since).  ``taken`` and ``won`` are the cards and tricks each
    seat has taken; ``leader`` leads the trick in progress.  ``passed`` and
    ``received`` are 0 before the pass and on a hold hand.  ``totals`` are the
    game scores before this hand.
    """

    rules: Ruleset
    seat: int
    hand_number: int
    phase: str
    hand: int
    passed: int
    pass_target: int | None
    received: int
    plays: tuple[SeatCard, ...]
    leader: int
    taken: tuple[int, ...]
    won: tuple[int, ...]
    totals: tuple[int, ...]

    @classmethod
    def from_state(cls, state: HandState, seat: int, totals: Sequence[int] | None = None) -> PlayerView:
        """The view of ``seat``: what that seat has seen of ``state``, and nothing else."""
        rules = state.rules
        n = rules.players
        if not 0 <= seat < n:
            raise ValueError(f"no seat {seat} with {n} players")
        passes = state.passes
        passed = passes[seat].mask if passes is not None else 0
        received_set = state.received(seat)
        received = received_set.mask if received_set is not None else 0
        target = state.pass_target(seat) if state.pass_direction != "hold" else None
        plays: list[SeatCard] = []
        for trick in state.tricks:
            for who, card in zip(trick.seats(n), trick.cards, strict=True):
                plays.append((who, int(card)))
        current = state.current_trick
        for index, card in enumerate(current.cards):
            plays.append(((current.leader + index) % n, int(card)))
        if state.is_playing:
            # A position set up mid-hand has no history: keep only the trick in progress.
            tricks_in_record = len(state.tricks)
            if tricks_in_record != state.trick_number:
                plays = plays[len(plays) - len(current.cards) :]
        return cls(
            rules=rules,
            seat=seat,
            hand_number=state.hand_number,
            phase=state.phase,
            hand=state.hand_masks[seat],
            passed=passed,
            pass_target=target,
            received=received,
            plays=tuple(plays),
            leader=current.leader if not state.is_passing else 0,
            taken=tuple(state.taken_masks),
            won=tuple(state.won_counts),
            totals=tuple(totals) if totals is not None else (0,) * n,
        )

    # -- derived knowledge (all from the fields above) ------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @cached_property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress, in play order."""
        count = self._trick_length
        return tuple(card for _, card in self.plays[len(self.plays) - count :]) if count else ()

    @cached_property
    def _trick_length(self) -> int:
        if self.phase != "play":
            return 0
        gone_in_tricks = 0
        for mask in self.taken:
            gone_in_tricks |= mask
        # Cards of the trick in progress are the plays after the last completed trick.
        count = 0
        for _, card in reversed(self.plays):
            if gone_in_tricks >> card & 1:
                break
            count += 1
        return count

    @property
    def tricks_done(self) -> int:
        return sum(self.won)

    @property
    def to_play(self) -> int | None:
        """The seat to play now (None outside the play phase)."""
        if self.phase != "play":
            return None
        return (self.leader + len(self.trick)) % self.players

    @cached_property
    def gone(self) -> int:
        """Every card played so far, the trick in progress included."""
        gone = 0
        for mask in self.taken:
            gone |= mask
        for card in self.trick:
            gone |= 1 << card
        return gone

    @cached_property
    def unseen(self) -> int:
        """Cards in other seats' hands (the seat cannot tell whose, except by inference)."""
        return self.rules.tables.deck_mask & ~self.hand & ~self.gone

    @cached_property
    def elsewhere(self) -> int:
        """Every card still in play outside this hand: the unseen cards and the trick in progress."""
        trick = 0
        for card in self.trick:
            trick |= 1 << card
        return self.unseen | trick

    @cached_property
    def hearts_broken(self) -> bool:
        return bool(self.gone & self.rules.tables.legality.breaks_mask)

    @cached_property
    def voids(self) -> tuple[int, ...]:
        """Per seat, a mask of suits (bit ``suit``) the seat is known to be void in:
        it did not follow when that suit was led."""
        voids = [0] * self.players
        n = self.players
        plays = self.plays
        # Split the plays into tricks: a trick starts every n cards from the first
        # complete trick in the record; the record may start mid-hand with the trick in progress.
        start = len(plays) - self._trick_length
        chunks = [plays[i : i + n] for i in range(0, start, n)] + [plays[start:]]
        for chunk in chunks:
            if not chunk:
                continue
            led = chunk[0][1] // 13
            for who, card in chunk[1:]:
                if card // 13 != led:
                    voids[who] |= 1 << led
        return tuple(voids)

    @cached_property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        n = self.players
        remaining = self.rules.tables.deck_mask.bit_count() - self.gone.bit_count()
        trick = self.trick
        before = (remaining + len(trick)) // n
        sizes = [before] * n
        for index in range(len(trick)):
            sizes[(self.leader + index) % n] -= 1
        return tuple(sizes)

    @cached_property
    def known_cards(self) -> tuple[int, ...]:
        """Per seat, unplayed cards the seat is known to hold: its own hand for this
        seat, the cards this seat passed for the seat that received them."""
        known = [0] * self.players
        known[self.seat] = self.hand
        if self.pass_target is not None and self.pass_target != self.seat:
            known[self.pass_target] |= self.passed & ~self.gone
        return tuple(known)

    def legal_mask(self) -> int:
        """The seat's legal cards as a mask (0 when it is not this seat's turn)."""
        if self.to_play != self.seat:
            return 0
        led = SUIT_MASKS[self.trick[0] // 13] if self.trick else 0
        return legal_mask(self.rules.tables.legality, self.hand, led, self.tricks_done == 0, self.hearts_broken)

    def legal_cards(self) -> tuple[Card, ...]:
        return CardSet.from_mask(self.legal_mask()).cards()

    @cached_property
    def kernel_rules(self) -> np.ndarray:
        """The ruleset in the kernel's numbers (:func:`hearts_core.search.kernel.rules_array`)."""
        return kernel.rules_array(self.rules)

    def kernel_state(self) -> np.ndarray:
        """The view as the kernel's position (``kernel.S_*``): the public facts and this seat's hand,
        the other hands empty (the kernel's players read only what the seat to play knows; a world
        fills the other hands in).  A new array on every call: the caller may change it."""
        hands = [self.hand if seat == self.seat else 0 for seat in range(self.players)]
        return position_array(self.rules, hands, self.taken, self.won, self.leader, self.trick)


def sample_worlds(view: PlayerView, count: int, rng: random.Random) -> np.ndarray:
    """``count`` deals of the unseen cards consistent with ``view``: each seat gets
    exactly its number of cards, no card of a suit it is known to be void in, and
    the cards this seat passed (still unplayed) go to the seat that received them.
    Returns an array with one row of hand masks per world (this seat's hand included).

    Only the view is read.  The kernel deals (:func:`hearts_core.search.kernel.deal_worlds`):
    cards are placed most-constrained suit first, each on a seat drawn in proportion to its free
    places; a dead end (rare, voids only) restarts the world.  ``ValueError`` when the view is
    inconsistent or no deal fits it.
    """
    n = view.players
    known = view.known_cards
    sizes = [size - mask.bit_count() for size, mask in zip(view.hand_sizes, known, strict=True)]
    free = view.unseen
    for mask in known:
        free &= ~mask
    cards = [card for card in range(52) if free >> card & 1]
    others = [seat for seat in range(n) if seat != view.seat]
    if sum(sizes[seat] for seat in others) != len(cards) or any(sizes[seat] < 0 for seat in others):
        raise ValueError("the view is inconsistent: the unseen cards do not fit the hand sizes")
    worlds = np.zeros((count, n), dtype=np.int64)
    found = kernel.deal_worlds(
        np.array(known, dtype=np.int64),
        np.array(sizes, dtype=np.int64),
        np.array(view.voids, dtype=np.int64),
        np.array(cards, dtype=np.int64),
        np.array(others, dtype=np.int64),
        kernel.rng_state(rng.getrandbits(48)),
        worlds,
    )
    if not found:
        raise ValueError("no deal of the unseen cards fits the view")  # pragma: no cover
    return worlds


def count_worlds(view: PlayerView, limit: int) -> int | None:
    """How many deals of the unseen cards fit ``view`` (None when more than ``limit``)."""
    total = 0
    for _ in all_worlds(view):
        total += 1
        if total > limit:
            return None
    return total


def all_worlds(view: PlayerView) -> Iterator[tuple[int, ...]]:
    """Every deal of the unseen cards consistent with ``view`` (the same constraints as
    :func:`sample_worlds`), each once: for proving an answer in every world.

    >>> from hearts_core import CardSet, HandState, Ruleset
    >>> hands = "2H TH / 3H 4S / 5S QS / 6S"
    >>> rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    >>> position = f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H"
    >>> state = HandState.from_position(Ruleset(), position)
    >>> len(list(all_worlds(PlayerView.from_state(state, 0))))  # 3H 4S 5S QS 6S to West (2), North (2), East (1)
    30
    """
    n = view.players
    me = view.seat
    known = view.known_cards
    sizes = list(view.hand_sizes)
    for seat in range(n):
        sizes[seat] -= known[seat].bit_count()
    free = view.unseen
    for seat in range(n):
        free &= ~known[seat]
    cards = [card for card in range(52) if free >> card & 1]
    others = [seat for seat in range(n) if seat != me]
    voids = view.voids

    def place(index: int, hands: list[int], room: dict[int, int]) -> Iterator[tuple[int, ...]]:
        if index == len(cards):
            yield tuple(hands)
            return
        card = cards[index]
        for seat in others:
            if room[seat] and not voids[seat] >> (card // 13) & 1:
                hands[seat] |= 1 << card
                room[seat] -= 1
                yield from place(index + 1, hands, room)
                room[seat] += 1
                hands[seat] ^= 1 << card

    yield from place(0, list(known), {seat: sizes[seat] for seat in others})


def describe_mask(mask: int) -> str:
    """A card mask as text, e.g. ``'2C QS'``."""
    return str(CardSet.from_mask(mask))


__all__ = ["ALL_CARDS", "PlayerView", "all_worlds", "count_worlds", "describe_mask", "sample_worlds"]
