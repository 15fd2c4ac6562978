"""A fast, private playout path on bit masks, for bots and the hint engine.

:class:`HandState` is immutable and checks every card; a Monte Carlo bot plays
thousands of hands per decision and cannot afford that.  A :class:`Sim` is a
small *mutable* position (lists of ints, no :class:`~hearts_core.engine.cards.Card`
objects) that only code in ``hearts_core`` should hold: it is built from a
``HandState`` (or from sampled hands), played out card by card with
:meth:`Sim.play`, and read back with :meth:`Sim.final_scores` or
:meth:`Sim.to_state`.  Its legal cards come from the engine's legality kernel
(:func:`~hearts_core.engine.legality.legal_mask`), and :meth:`Sim.play`
trusts its caller: it does not check legality.

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.deal(Ruleset(pass_cycle=["hold"]), seed=3)
>>> sim = Sim.from_state(state)
>>> sim.legal() == state.legal_mask()
True
>>> import random
>>> rng = random.Random(1)
>>> while not sim.over:
...     sim.play(random_card(sim.legal(), rng))
>>> sum(sim.points), len(sim.final_scores())
(26, 4)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import ALL_CARDS, SUIT_MASKS
from ..engine.legality import legal_mask as kernel_legal_mask
from ..engine.notation import Position
from ..engine.rules import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Ruleset
from ..engine.scoring import score_hand
from ..engine.state import HandState
from .equivalence import point_attributes

QS: int = int(QUEEN_OF_SPADES)
JD: int = int(JACK_OF_DIAMONDS)
KS: int = QS + 1
AS: int = QS + 2
QS_BIT: int = 1 << QS
SPADES_MASK: int = SUIT_MASKS[3]
CLUBS_MASK: int = SUIT_MASKS[0]


class SimRules:
    """Numbers of a ruleset that the playout loop reads (built once per decision)."""

    __slots__ = (
        "attributes",
        "bonus_mask",
        "breaks",
        "deck",
        "hand_size",
        "legality",
        "moon_needed",
        "moon_on",
        "moon_value",
        "n",
        "penalty_mask",
        "points",
        "rules",
        "simple_scoring",
    )

    def __init__(self, rules: Ruleset) -> None:
        tables = rules.tables
        self.rules = rules
        self.n = rules.players
        self.deck = tables.deck_mask
        self.points = tables.points
        self.penalty_mask = tables.penalty_mask
        self.bonus_mask = tables.bonus_mask
        self.moon_value = tables.moon_value
        self.hand_size = tables.hand_size
        self.legality = tables.legality
        self.breaks = tables.legality.breaks_mask
        #: Which cards may be equivalent (hearts_core.search.equivalence), valued by points.
        self.attributes = point_attributes(rules)
        self.moon_on = rules.moon != "off" and bool(tables.penalty_mask) and rules.scoring == "points"
        self.moon_needed = tables.penalty_mask | (tables.bonus_mask if rules.moon_needs_bonus else 0)
        # Raw points are the final scores unless a moon, the sun, a bonus or chips can change them.
        self.simple_scoring = rules.scoring == "points" and not rules.sun and not rules.no_tricks_bonus


def legal_mask(k: SimRules, hand: int, trick: Sequence[int], tricks_done: int, broken: bool) -> int:
    """The legal cards of ``hand`` with ``trick`` on the table: the engine's kernel."""
    led = SUIT_MASKS[trick[0] // 13] if trick else 0
    return kernel_legal_mask(k.legality, hand, led, tricks_done == 0, broken)


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random card of a non-empty mask."""
    count = mask.bit_count()
    index = rng.randrange(count) if count > 1 else 0
    while index:
        mask &= mask - 1
        index -= 1
    return (mask & -mask).bit_length() - 1


class Sim:
    """A mutable position for playouts.  Attributes are plain ints and lists:

    ``hands``, ``taken`` (card masks per seat), ``won`` (tricks per seat),
    ``points`` (raw points per seat), ``trick`` (cards of the trick in
    progress), ``leader``, ``to_play``, ``broken``, ``gone`` (every card
    played, including the trick in progress), ``tricks_done``.
    """

    __slots__ = (
        "broken",
        "gone",
        "hand_number",
        "hands",
        "k",
        "leader",
        "points",
        "taken",
        "to_play",
        "trick",
        "tricks_done",
        "win_card",
        "win_index",
        "won",
    )

    k: SimRules
    hands: list[int]
    taken: list[int]
    won: list[int]
    points: list[int]
    trick: list[int]
    leader: int
    to_play: int
    broken: bool
    gone: int
    tricks_done: int
    hand_number: int
    win_card: int
    win_index: int

    @classmethod
    def from_parts(
        cls,
        k: SimRules,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        taken: Sequence[int],
        won: Sequence[int],
        hand_number: int = 0,
    ) -> Sim:
        """A position from masks: the hands, the trick in progress, the cards taken."""
        sim = object.__new__(cls)
        sim.k = k
        sim.hands = list(hands)
        sim.leader = leader
        sim.trick = list(trick)
        sim.taken = list(taken)
        sim.won = list(won)
        points = k.points
        sim.points = [sum(points[c] for c in _bits(mask)) for mask in taken]
        gone = 0
        for mask in taken:
            gone |= mask
        for card in trick:
            gone |= 1 << card
        sim.gone = gone
        sim.broken = bool(gone & k.breaks)
        sim.tricks_done = sum(won)
        sim.hand_number = hand_number
        sim.to_play = (leader + len(trick)) % k.n
        sim._find_winner()
        return sim

    @classmethod
    def from_state(cls, state: HandState, k: SimRules | None = None) -> Sim:
        """The position of a ``HandState`` in the play (or over) phase."""
        if state.is_passing:
            raise ValueError("a Sim starts after the pass: call with_passes first")
        k = k or SimRules(state.rules)
        sim = object.__new__(cls)
        sim.k = k
        sim.hands = list(state.hand_masks)
        sim.leader = state.leader
        sim.trick = [int(card) for card in state.trick_cards]
        sim.taken = list(state.taken_masks)
        sim.won = list(state.won_counts)
        sim.points = list(state.hand_points())
        sim.broken = state.hearts_broken
        sim.gone = state.played_mask
        sim.tricks_done = state.trick_number
        sim.hand_number = state.hand_number
        sim.to_play = (sim.leader + len(sim.trick)) % k.n
        sim._find_winner()
        return sim

    def _find_winner(self) -> None:
        self.win_card = -1
        self.win_index = 0
        if self.trick:
            suit = self.trick[0] // 13
            for index, card in enumerate(self.trick):
                if card // 13 == suit and card > self.win_card:
                    self.win_card = card
                    self.win_index = index

    def copy(self) -> Sim:
        """An independent copy (the rules constants are shared)."""
        sim = object.__new__(Sim)
        # Field by field, not a loop over __slots__: a copy is made per world and candidate card.
        sim.k = self.k
        sim.hands = self.hands[:]
        sim.taken = self.taken[:]
        sim.won = self.won[:]
        sim.points = self.points[:]
        sim.trick = self.trick[:]
        sim.leader = self.leader
        sim.to_play = self.to_play
        sim.broken = self.broken
        sim.gone = self.gone
        sim.tricks_done = self.tricks_done
        sim.hand_number = self.hand_number
        sim.win_card = self.win_card
        sim.win_index = self.win_index
        return sim

    @property
    def over(self) -> bool:
        """Whether every card has been played (the mover has no card left)."""
        return not self.hands[self.to_play]

    def legal(self) -> int:
        """The mover's legal cards as a mask (0 when the hand is over)."""
        trick = self.trick  # the kernel called directly: this is the playouts' hottest call
        led = SUIT_MASKS[trick[0] // 13] if trick else 0
        return kernel_legal_mask(self.k.legality, self.hands[self.to_play], led, not self.tricks_done, self.broken)

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to move (not checked: pass a card from :meth:`legal`)."""
        bit = 1 << card
        seat = self.to_play
        k = self.k
        self.hands[seat] ^= bit
        self.gone |= bit
        if bit & k.breaks:
            self.broken = True
        trick = self.trick
        if trick:
            if card > self.win_card and card // 13 == trick[0] // 13:
                self.win_card = card
                self.win_index = len(trick)
        else:
            self.win_card = card
            self.win_index = 0
        trick.append(card)
        n = k.n
        if len(trick) < n:
            self.to_play = (seat + 1) % n
            return
        winner = (self.leader + self.win_index) % n
        points = k.points
        mask = 0
        total = 0
        for played in trick:
            mask |= 1 << played
            total += points[played]
        self.taken[winner] |= mask
        self.won[winner] += 1
        self.points[winner] += total
        self.tricks_done += 1
        self.trick = []
        self.leader = winner
        self.to_play = winner
        self.win_card = -1

    def current_winner(self) -> int:
        """The seat winning the trick in progress (the leader when it is empty)."""
        return (self.leader + self.win_index) % self.k.n

    def moon_shooter(self) -> int | None:
        """The seat that took every card a moon needs, if any."""
        k = self.k
        if not k.moon_on:
            return None
        needed = k.moon_needed
        for seat, mask in enumerate(self.taken):
            if mask & needed == needed:
                return seat
        return None

    def final_scores(self, totals_before: Sequence[int] | None = None) -> list[int]:
        """The hand's scores (``hearts_core.engine.scoring.score_hand``; raw points when
        nothing can change them).  The moon choice is the shooter's best option."""
        k = self.k
        if k.simple_scoring and self.moon_shooter() is None:
            return self.points[:]
        return list(score_hand(k.rules, self.taken, self.won, None, totals_before).scores)

    def to_state(self) -> HandState:
        """This position as a ``HandState`` (without the history of earlier tricks)."""
        position = Position(
            tuple(self.hands),
            tuple(self.taken),
            tuple(self.won),
            self.leader,
            tuple(ALL_CARDS[card] for card in self.trick),
        )
        return HandState.from_position_masks(self.k.rules, position, self.hand_number)


def _bits(mask: int) -> list[int]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def playout_random(sim: Sim, rng: random.Random) -> Sim:
    """Play ``sim`` to the end with uniformly random legal cards (in place); return it."""
    while not sim.over:
        sim.play(random_card(sim.legal(), rng))
    return sim


__all__ = ["Sim", "SimRules", "legal_mask", "playout_random", "random_card"]
