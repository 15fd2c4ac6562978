"""The analysis board's numbers: what every card of the seat to move is worth, two ways.

For the seat to move, :func:`analyse` gives every card of its hand:

* an illegal card: the engine's reason (:class:`~hearts_core.engine.reasons.Explanation`);
* a legal card: its **expected** points for the seat, over ``worlds`` deals of the cards the
  seat cannot see, consistent with what the seat knows (its
  :class:`~hearts_core.ai.view.PlayerView`: voids shown, cards passed and received), each
  played out to the end of the hand by the heuristic players on the compiled kernel, with a
  95% confidence interval of that mean; every legal card is played in the *same* worlds with
  the same rollout seeds (no candidate is dropped early, unlike the learner's hint);
* and its **open value**: the points the seat ends the hand with when every hand is face up
  and everybody else plays against it (the exact solver's ``"min_points"``), computed when at
  most :func:`open_tricks` tricks are left (seven at four players, fewer at five and six).

The two can disagree: a card may be best with the hands face up and poor from the seat's
chair (it guesses where the queen is). :attr:`Analysis.gap` says so as a reason code with
parameters; the words live in the message catalogue (``[analysis]``).

Expected points are the seat's score for the hand as the ruleset scores it (a moon
included); the open value is the raw points the seat holds at the end (as the solver counts
them).  Equivalent cards (one suit, nothing between them, the same points) share their numbers.

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.deal(Ruleset(pass_cycle=["hold"]), seed=4)
>>> analysis = analyse(state, worlds=64)
>>> [(card.card, card.legal, card.best) for card in analysis.cards if card.legal]
[('2C', True, True)]
>>> illegal = next(card for card in analysis.cards if not card.legal)
>>> illegal.reason.reason.value, illegal.expected, illegal.open_value
('opening_lead_card', None, None)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..engine.cards import ALL_CARDS, CardLike, cards_of_mask
from ..engine.notation import Position
from ..engine.reasons import Explanation
from ..engine.rules import Ruleset
from ..engine.state import HandState, opening_leader, validate_deal
from ..search.equivalence import equivalent_classes, point_attributes
from ..search.solver import card_values
from .bots import HeuristicBot
from .view import PlayerView
from .worlds import Worlds

#: Open values are solved when at most this many tricks are left (the trick in progress counts)...
OPEN_TRICKS: Final = 7
#: ... and at most this many cards are left in all the hands (tricks left times players: seven tricks
#: of four).  Seven tricks of six players (42 cards) took the solver up to 16 s for one analysis and
#: the game review as long for each decision (benchmarks/analysis_speed.py --preset six_players).
OPEN_CARDS: Final = 28
#: Share of rollout moves played at random, as the hint and the Monte Carlo bot play them.
ROLLOUT_EPSILON: Final = 0.1
#: Cards whose expected points are within this many points of the best are best too.
BEST_MARGIN: Final = 0.15
#: The open view and the seat's view disagree when the open best card costs the seat at least
#: this many expected points (and the seat's best card is not best with the hands open).
GAP_POINTS: Final = 0.5
#: The z-value of a two-sided 95% interval.
Z95: Final = 1.959964


@dataclass(frozen=True)
class CardAnalysis:
    """One card of the seat's hand.

    ``card`` is the card's text ("QS"); ``reason`` the engine's explanation when illegal (None
    when legal); ``expected`` and ``interval`` the expected points and their 95% interval (None
    when illegal); ``open_value`` the points with every hand open and the others against the seat
    (None when illegal or not computed); ``best`` whether the card is among the best by
    expected points; ``worlds`` how many deals gave ``expected`` (0 when illegal)."""

    card: str
    legal: bool
    reason: Explanation | None
    expected: float | None
    interval: tuple[float, float] | None
    open_value: int | None
    best: bool
    worlds: int
    #: Whether the card is among the best with every hand open (False when not computed).
    open_best: bool = False


@dataclass(frozen=True)
class Gap:
    """Where the two views part: ``open_card`` is best with the hands open but costs the seat
    ``cost`` expected points against its own best card ``seat_card``; ``code`` names the
    sentence (``analysis.gap_<code>`` in the catalogue)."""

    code: str
    open_card: str
    seat_card: str
    cost: float


@dataclass(frozen=True)
class Analysis:
    """Every card of ``seat``'s hand, in the hand's order (:attr:`cards`)."""

    seat: int
    cards: tuple[CardAnalysis, ...]
    worlds: int
    #: Whether the open values were computed (few enough tricks left).
    open_solved: bool
    gap: Gap | None

    def card(self, text: str) -> CardAnalysis:
        """The entry of one card (``KeyError`` for a card not in the hand)."""
        for entry in self.cards:
            if entry.card == text:
                return entry
        raise KeyError(text)

    @property
    def best(self) -> tuple[str, ...]:
        """The best cards by expected points, hand order."""
        return tuple(entry.card for entry in self.cards if entry.best)


def analyse(state: HandState, seat: int | None = None, *, worlds: int = 1000, seed: int = 0) -> Analysis:
    """What each card of ``seat``'s hand is worth; ``seat`` defaults to the seat to move and must be it.

    Raises ``ValueError`` when the hand is not in play, for another seat than the one to move,
    or for fewer than one world.
    """
    if not state.is_playing:
        raise ValueError("an analysis needs a hand in the play phase")
    mover = state.to_play
    assert mover is not None  # a hand in play always has a seat to move
    if seat is None:
        seat = mover
    if seat != mover:
        raise ValueError(f"it is seat {mover}'s turn, not seat {seat}'s")
    if worlds < 1:
        raise ValueError("an analysis needs at least one world")
    view = PlayerView.from_state(state, seat)
    legal = view.legal_mask()
    classes = _classes(view, legal)
    samples = _expected_points(view, sorted(set(classes.values())), worlds, random.Random(seed))
    solved = _holding(state, seat) <= open_tricks(state.rules)
    opened = card_values(state, "min_points", seat) if solved else {}
    means = {card: float(samples[rep].mean()) for card, rep in classes.items()}
    least = min(means.values())
    open_least = min(opened.values()) if opened else None
    entries = []
    for card in state.hands[seat]:
        name = str(card)
        if name not in classes:
            entries.append(CardAnalysis(name, False, state.explain(card), None, None, None, False, 0))
            continue
        values = samples[classes[name]]
        entries.append(
            CardAnalysis(
                card=name,
                legal=True,
                reason=None,
                expected=means[name],
                interval=_interval(values),
                open_value=opened.get(name),
                best=means[name] <= least + BEST_MARGIN,
                worlds=len(values),
                open_best=open_least is not None and opened.get(name) == open_least,
            )
        )
    cards = tuple(entries)
    return Analysis(seat, cards, worlds, solved, _gap(cards))


def passed_by_bots(state: HandState, seed: int = 0) -> HandState:
    """``state`` with every seat's pass chosen by the heuristic bot when the cards are still to be
    passed (as is), so the board can analyse the play."""
    if not state.is_passing:
        return state
    bot = HeuristicBot()
    rng = random.Random(seed)
    passes = {seat: bot.choose_pass(PlayerView.from_state(state, seat), rng) for seat in range(state.rules.players)}
    return state.with_passes(passes)


def dealt_for_play(rules: Ruleset, hands: Sequence[Iterable[CardLike] | str], hand_number: int = 0) -> HandState:
    """A deal set up by hand, ready for the first lead (the cards as held after any pass): the
    holder of the opening card leads.  ``ValueError`` names what makes the deal impossible (a card
    twice, a card missing, uneven hands)."""
    masks = validate_deal(rules, hands)
    players = rules.players
    leader = opening_leader(rules, masks, hand_number)
    position = Position(masks, (0,) * players, (0,) * players, leader, ())
    return HandState.from_position_masks(rules, position, hand_number)


def open_tricks(rules: Ruleset) -> int:
    """The most tricks left at which :func:`analyse` solves the open values under ``rules``
    (:data:`OPEN_TRICKS`, fewer when more players would make it more than :data:`OPEN_CARDS` cards).

    >>> [open_tricks(Ruleset.preset(name)) for name in ("standard", "three_players", "five_players", "six_players")]
    [7, 7, 5, 4]
    """
    return min(OPEN_TRICKS, OPEN_CARDS // rules.players)


def _holding(state: HandState, seat: int) -> int:
    """Tricks left for the seat: the cards it holds (its card to the trick in progress among them)."""
    return len(state.hands[seat])


def _classes(view: PlayerView, legal: int) -> dict[str, int]:
    """Each legal card's text and the card (an index) that represents its class of equivalent cards."""
    masks = equivalent_classes(legal, point_attributes(view.rules), view.elsewhere)
    return {str(ALL_CARDS[card]): (mask & -mask).bit_length() - 1 for mask in masks for card in cards_of_mask(mask)}


def _expected_points(view: PlayerView, reps: list[int], count: int, rng: random.Random) -> dict[int, np.ndarray]:
    """Per representative card, the seat's points for the hand in each of ``count`` shared worlds."""
    sampled = Worlds(view, count, rng)
    return {
        rep: sampled.play_out(rep, shoot=False, epsilon=ROLLOUT_EPSILON).scores[:, view.seat].astype(float)
        for rep in reps
    }


def _interval(values: np.ndarray) -> tuple[float, float]:
    """The 95% confidence interval of the mean of ``values`` (a point when there is one value)."""
    mean = float(values.mean())
    if len(values) < 2:
        return (mean, mean)
    half = Z95 * math.sqrt(float(values.var(ddof=1)) / len(values))
    return (mean - half, mean + half)


def _gap(cards: tuple[CardAnalysis, ...]) -> Gap | None:
    """The open view's best card when it is poor from the seat's chair (see :class:`Gap`)."""
    open_best = [entry for entry in cards if entry.open_best]
    seat_best = [entry for entry in cards if entry.best]
    if not open_best or not seat_best or any(entry.open_best for entry in seat_best):
        return None
    best = min(seat_best, key=lambda entry: entry.expected or 0.0)
    closest = min(open_best, key=lambda entry: entry.expected or 0.0)
    assert closest.expected is not None and best.expected is not None
    cost = closest.expected - best.expected
    if cost < GAP_POINTS:
        return None
    return Gap("open_only", closest.card, best.card, cost)


__all__ = [
    "BEST_MARGIN",
    "OPEN_CARDS",
    "OPEN_TRICKS",
    "Analysis",
    "CardAnalysis",
    "Gap",
    "analyse",
    "dealt_for_play",
    "open_tricks",
    "passed_by_bots",
]
