"""An exact solver for Hearts endings with every hand known (perfect information).

The solver answers "what happens from here if everybody plays perfectly?" for
a position in play (:class:`~hearts_core.engine.state.HandState`), for one of four
objectives (:data:`OBJECTIVES`).  Every search is *paranoid*: one side plays
for the objective and every other player plays against it, all seeing every
card.

``"min_points"``
    The value is the raw penalty points ``seat`` holds at the end of the hand
    (:meth:`~hearts_core.engine.state.HandState.hand_points`: points already taken,
    points in the trick in progress, points still to come; bonus cards count
    negative).  ``seat`` plays to lower it, everybody else to raise it.
``"avoid_card"``
    The value is 1 if ``seat`` ends the hand holding ``card`` among its taken
    cards (default ``"QS"``), else 0; ``seat`` plays to avoid it, everybody else
    to give it.  ``decide(state, "avoid_card", 0)`` asks "can I avoid the queen?".
``"stop_moon"``
    The value is 1 if ``shooter`` ends the hand with every penalty card
    (``rules.tables.penalty_mask``, plus the bonus cards when
    ``rules.moon_needs_bonus``), else 0.  The shooter plays to shoot; everybody
    else, ``seat`` (not the shooter) among them, plays to stop it.
``"make_moon"``
    The same value for ``seat`` as the shooter; ``seat`` plays to shoot and
    everybody else to stop it.  Here HIGHER is better for ``seat``.

``seat`` defaults to the player to move.  Whether ``moon`` scoring is on in
the ruleset does not matter to the moon objectives: they ask about the cards.

:func:`solve` gives the value of every legal card of the player to move, the
best cards, and a principal variation to the end of the hand.  ``best`` is the
choice of the player to move in that model: the minimum for ``"min_points"``,
``"avoid_card"`` and ``"stop_moon"`` and the maximum for ``"make_moon"`` when
the player to move is on ``seat``'s side (the usual case), the other way round
when the player to move is an opponent of ``seat``.  ``best_value`` is then the
value of the position.  :func:`decide` answers a yes/no question about that
value faster than :func:`solve`; :func:`line_for` shows the best play after a
given first card (what a wrong card costs).

Seat 3 led the 8H; seat 0 holds the TH and the 2H, and seat 2 has no heart left
but holds the queen.  Winning with the TH takes the queen; ducking with the
2H gives seat 3 the trick, and the TH goes on seat 3's spade lead:

>>> from hearts_core import CardSet, HandState, Ruleset
>>> hands = "2H TH / 3H 4S / 5S QS / 6S"
>>> rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
>>> state = HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")
>>> result = solve(state)
>>> result.values, result.best, result.best_value
({'2H': 0, 'TH': 17}, ('2H',), 0)
>>> result.line
((0, '2H'), (1, '3H'), (2, 'QS'), (3, '6S'), (0, 'TH'), (1, '4S'), (2, '5S'))
>>> line_for(state, "TH")
((0, 'TH'), (1, '3H'), (2, 'QS'), (0, '2H'), (1, '4S'), (2, '5S'), (3, '6S'))
>>> decide(state, "min_points", 0), decide(state, "min_points", -1)
(True, False)
>>> solve(state, "avoid_card").values
{'2H': 0, 'TH': 1}

How the search works.  Each objective becomes one internal minimax value: the
sum of a per-card table (the ruleset's points; 1 for the card to avoid; 1 for
each card the moon needs) over the cards that some seats win *from now on*
(``seat`` for min_points and avoid_card; everybody but the shooter for the
moon, whose value is 1 exactly when that sum is 0).  Points taken before are
added at the end, so every stored value is relative to the remaining play.
The search itself is one fail-soft alpha-beta over single cards in the kernel
(:func:`hearts_core.search.solver_kernel.search`, compiled by numba, plain
Python when compiling is off), on integers only (a hand is a 52-bit mask),
with:

* legality from the kernel (the opening lead and the first-trick rule on
  trick 0, following suit, breaking hearts);
* a transposition table at the start of each trick after the first, keyed by
  the leader, hearts broken and, per suit, the owners of the cards still held
  in rank order with each card's attributes: cards already played do not
  count, so positions that differ only by which low cards are gone share an
  entry (clubs and diamonds swap when their cards are alike); entries are
  bounds with the best card, which is tried first next time;
* equivalent cards: cards of one suit in one hand with no card still in play
  (in another hand or in the trick) between them, and the same value in the
  table (the QS, the JD, Spot Hearts' hearts never merge), are searched once;
* move ordering: leads low first, a player who wants someone else to win the
  trick ducks (highest card under the winner first), discards dump points on
  the right winner or throw high cards, and the transposition table's card;
* cutoffs at the bounds (no points left, or all of them), and the last trick
  played out directly.

This module is the root: it turns a :class:`~hearts_core.engine.state.HandState`
into the kernel's numbers, asks for the value after each legal card (the
position after it is the specification's ``state.play``), and follows the
values down for the line.  :func:`decide` is one null-window search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple

import numpy as np

from ..engine.cards import ALL_CARDS, Card
from ..engine.rules import QUEEN_OF_SPADES
from ..engine.state import HandState
from . import kernel, solver_kernel
from .equivalence import card_attributes, representative_cards, representatives
from .positions import KernelPosition

OBJECTIVES: Final = ("min_points", "stop_moon", "make_moon", "avoid_card")

_INF: Final = 1 << 40
_QS: Final = int(QUEEN_OF_SPADES)


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    ``values`` maps every legal card of the player to move (card notation) to
    its value under ``objective`` for ``seat`` (in card order: clubs, diamonds,
    hearts, spades, low to high); ``best`` are the cards with the best value for
    the player to move (in card order), ``best_value`` their value;
    ``line`` is a principal variation ``(seat, card)`` from the position to the
    end of the hand, starting with ``best[0]``; ``nodes`` counts search nodes
    (each card tried and each trick opened).
    """

    objective: str
    seat: int
    values: dict[str, int]
    best: tuple[str, ...]
    best_value: int
    line: tuple[tuple[int, str], ...]
    nodes: int


class _Spec(NamedTuple):
    """An objective as an internal minimax problem.

    The internal value is the sum of ``table`` over the cards that ``counted``
    seats win from now on; ``minimizer`` seats play to lower it, the rest to
    raise it.  ``report`` turns the internal value into the objective's value.
    """

    objective: str
    seat: int
    table: tuple[int, ...]
    counted: tuple[bool, ...]
    minimizer: tuple[bool, ...]
    base: int
    moon: bool

    @property
    def window(self) -> tuple[int, int]:
        """The search window in which the internal value is exact enough."""
        return (-1, 1) if self.moon else (-_INF, _INF)

    def clip(self, value: int) -> int:
        return min(max(value, 0), 1) if self.moon else value

    def report(self, value: int) -> int:
        if self.moon:
            return 1 if self.base == 0 and value <= 0 else 0
        return self.base + value


def _spec(state: HandState, objective: str, seat: int | None, card: str | None, shooter: int | None) -> _Spec:
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}; expected one of {', '.join(OBJECTIVES)}")
    if not state.is_playing:
        raise ValueError(f"the solver needs a hand in play, not a hand in the {state.phase!r} phase")
    rules = state.rules
    n = rules.players
    mover: int = state.to_play  # type: ignore[assignment]
    if seat is None:
        seat = mover
    if not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
    if card is not None and objective != "avoid_card":
        raise ValueError("card= is only for the 'avoid_card' objective")
    if objective == "min_points" or objective == "avoid_card":
        if shooter is not None:
            raise ValueError(f"shooter= is only for the moon objectives, not {objective!r}")
        counted = tuple(s == seat for s in range(n))
        if objective == "min_points":
            table = rules.tables.points
            base = state.hand_points()[seat]
        else:
            target = Card.parse(card if card is not None else "QS")
            table = tuple(1 if index == target else 0 for index in range(52))
            base = state.taken_masks[seat] >> target & 1
        return _Spec(objective, seat, table, counted, counted, base, False)
    if objective == "make_moon":
        if shooter is not None and shooter != seat:
            raise ValueError("for 'make_moon' the shooter is seat itself")
        shooter = seat
    elif shooter is None:
        raise ValueError("'stop_moon' needs shooter=<the seat trying to shoot the moon>")
    elif not (isinstance(shooter, int) and 0 <= shooter < n):
        raise ValueError(f"shooter must be a seat from 0 to {n - 1}, not {shooter!r}")
    elif shooter == seat:
        raise ValueError(f"for 'stop_moon' seat {seat} must not be the shooter; use 'make_moon' for the shooter")
    tables = rules.tables
    needed = tables.penalty_mask | (tables.bonus_mask if rules.moon_needs_bonus else 0)
    others_taken = 0
    for other, mask in enumerate(state.taken_masks):
        if other != shooter:
            others_taken |= mask
    dead = not tables.penalty_mask or bool(others_taken & needed)
    table = tuple(0 if dead else needed >> index & 1 for index in range(52))
    counted = tuple(s != shooter for s in range(n))
    minimizer = tuple(s == shooter for s in range(n))
    return _Spec(objective, seat, table, counted, minimizer, 1 if dead else 0, True)


class _Search:
    """The kernel's alpha-beta search for one objective from one root position: its numbers, its
    transposition table (sized by the cards still in play after the root's card) and its stack.  Every
    position it is asked about comes from the root by playing cards, so one table serves them all
    (its keys hold only the cards still in play, and its values are relative to the position)."""

    def __init__(self, root: HandState, spec: _Spec) -> None:
        rules = root.rules
        self.root = root
        self.spec = spec
        self.attributes = card_attributes(rules, spec.table)
        breaks = rules.tables.legality.breaks_mask
        self.params = solver_kernel.search_params(
            rules.players, spec.table, self.attributes, spec.counted, spec.minimizer, breaks, _QS
        )
        self.rules = kernel.rules_array(rules)
        # Sized by the cards still in play once the root's card is down: the positions it searches.
        self.keys, self.data = solver_kernel.new_table(KernelPosition.of(root).live.bit_count() - 1)
        self.frames, self.moves = solver_kernel.new_stack()
        self.scratch = solver_kernel.new_scratch()
        self.hands = np.zeros(rules.players, dtype=np.int64)
        self.counted_seats = [seat for seat in range(rules.players) if spec.counted[seat]]

    @property
    def nodes(self) -> int:
        return int(self.scratch[solver_kernel.W_NODES])

    def gained(self, state: HandState) -> int:
        """The internal value of the tricks completed between the root and ``state``."""
        table = self.spec.table
        now, before = state.taken_masks, self.root.taken_masks
        total = 0
        for seat in self.counted_seats:
            new = now[seat] & ~before[seat]
            while new:
                low = new & -new
                total += table[low.bit_length() - 1]
                new ^= low
        return total

    def value(self, state: HandState, alpha: int, beta: int) -> int:
        """The internal value of ``state`` counted from the root (fail-soft alpha-beta: exact
        inside the window ``alpha, beta``, a bound outside it)."""
        gained = self.gained(state)
        if not state.is_playing:
            return gained
        at = KernelPosition.of(state)
        trick_value = sum(self.spec.table[int(card)] for card in state.trick_cards)
        self.hands[:] = state.hand_masks
        found = solver_kernel.search(
            self.params, self.rules, self.hands, self.keys, self.data, self.frames, self.moves, self.scratch,
            at.seat, at.pos, at.led, at.wcard, at.wseat, trick_value, at.trick, at.broken, at.live, at.first,
            alpha - gained, beta - gained,
        )  # fmt: skip
        return gained + int(found)

    def classes(self, state: HandState) -> dict[int, int]:
        """Each legal card of the player to move mapped to the representative of its class of
        equivalent cards."""
        return representatives(state.legal_mask(), self.attributes, self._elsewhere(state))

    def representatives(self, state: HandState) -> list[int]:
        """One card (the lowest) of each class of equivalent legal cards of the player to move."""
        return representative_cards(state.legal_mask(), self.attributes, self._elsewhere(state))

    @staticmethod
    def _elsewhere(state: HandState) -> int:
        """The cards still in play outside the mover's hand: the other hands and the trick."""
        mover: int = state.to_play  # type: ignore[assignment]
        elsewhere = 0
        for seat, hand in enumerate(state.hand_masks):
            if seat != mover:
                elsewhere |= hand
        for card in state.trick_cards:
            elsewhere |= 1 << card
        return elsewhere

    def line(self, state: HandState, target: int, first: int | None = None) -> list[tuple[int, str]]:
        """A principal variation from ``state`` whose clipped internal value is ``target``
        (starting with ``first`` when given, which must keep that value)."""
        spec = self.spec
        lo, hi = spec.window
        line: list[tuple[int, str]] = []
        while state.is_playing:
            if first is not None:
                candidates = [first]
            else:  # the cards with points first: a line that drops them early reads better
                candidates = sorted(self.representatives(state), key=lambda index: (-spec.table[index], index))
            first = None
            for card in candidates:
                child = state.play(ALL_CARDS[card])
                if len(candidates) == 1:
                    break
                # A narrow window: only whether the card keeps the value matters.
                low, high = (lo, hi) if spec.moon else (target - 1, target + 1)
                if spec.clip(self.value(child, low, high)) == target:
                    break
            else:  # pragma: no cover - the search is exact, so some card keeps the value
                raise AssertionError("no card keeps the solved value")
            mover: int = state.to_play  # type: ignore[assignment]
            line.append((mover, str(ALL_CARDS[card])))
            state = child
        return line


def _root(state: HandState, objective: str, seat: int | None, card: str | None, shooter: int | None) -> _Search:
    return _Search(state, _spec(state, objective, seat, card, shooter))


def solve(
    state: HandState,
    objective: str = "min_points",
    seat: int | None = None,
    *,
    card: str | None = None,
    shooter: int | None = None,
) -> SolveResult:
    """Solve the position exactly: the value of every legal card of the player to move.

    See the module docstring for the objectives.  ``card`` is the card for
    ``"avoid_card"`` (default ``"QS"``); ``shooter`` is the would-be shooter for
    ``"stop_moon"``.  Raises ``ValueError`` for a hand not in play, an unknown
    objective or inconsistent seats.

    Seat 3 has taken every penalty card but the 5H, 7H, AH, 2H and QS.  Leading
    the 5H lets seat 3 win with the AH and lead the 2H, on which seat 2 must
    throw the queen; leading the 5S makes seat 2 win its own queen:

    >>> from hearts_core import CardSet, HandState, Ruleset
    >>> hands = "5H 5S / 8S 7S / QS 7H / AH 2H"
    >>> rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " "))
    >>> text = f"hands: {hands}; taken: - / - / - / {rest}; won: 0 0 0 11; trick: 0"
    >>> state = HandState.from_position(Ruleset(), text)
    >>> result = solve(state, "stop_moon", shooter=3)
    >>> result.values, result.best
    ({'5H': 1, '5S': 0}, ('5S',))
    """
    search = _root(state, objective, seat, card, shooter)
    spec = search.spec
    classes, internal = _root_values(search, state)
    values = {str(ALL_CARDS[index]): spec.report(internal[rep]) for index, rep in sorted(classes.items())}
    choose = min if spec.minimizer[int(state.to_play)] else max  # type: ignore[arg-type]
    best_internal = choose(internal.values())
    best = tuple(str(ALL_CARDS[index]) for index, rep in sorted(classes.items()) if internal[rep] == best_internal)
    line = search.line(state, best_internal, int(Card.parse(best[0])))
    return SolveResult(spec.objective, spec.seat, values, best, spec.report(best_internal), tuple(line), search.nodes)


def card_values(
    state: HandState,
    objective: str = "min_points",
    seat: int | None = None,
    *,
    card: str | None = None,
    shooter: int | None = None,
) -> dict[str, int]:
    """:attr:`SolveResult.values` alone (no best line): faster when only the values matter.

    >>> from hearts_core import CardSet, HandState, Ruleset
    >>> hands = "2H TH / 3H 4S / 5S QS / 6S"
    >>> rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    >>> text = f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H"
    >>> card_values(HandState.from_position(Ruleset(), text))
    {'2H': 0, 'TH': 17}
    """
    search = _root(state, objective, seat, card, shooter)
    classes, internal = _root_values(search, state)
    return {str(ALL_CARDS[index]): search.spec.report(internal[rep]) for index, rep in sorted(classes.items())}


def _root_values(search: _Search, state: HandState) -> tuple[dict[int, int], dict[int, int]]:
    """Each legal card's representative, and each representative's clipped internal value."""
    lo, hi = search.spec.window
    classes = search.classes(state)
    internal = {
        rep: search.spec.clip(search.value(state.play(ALL_CARDS[rep]), lo, hi)) for rep in sorted(set(classes.values()))
    }
    return classes, internal


def decide(
    state: HandState,
    objective: str,
    threshold: int,
    seat: int | None = None,
    *,
    card: str | None = None,
    shooter: int | None = None,
) -> bool:
    """Whether ``seat``'s side can guarantee a value ``<= threshold`` (``>= threshold``
    for ``"make_moon"``): a null-window search, faster than :func:`solve`.

    ``decide(state, objective, t)`` is ``solve(...).best_value <= t`` (``>= t``
    for ``"make_moon"``).

    In :func:`solve`'s example seat 0 can stop seat 3's moon, so seat 3 cannot make it:

    >>> from hearts_core import CardSet, HandState, Ruleset
    >>> hands = "5H 5S / 8S 7S / QS 7H / AH 2H"
    >>> rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " "))
    >>> text = f"hands: {hands}; taken: - / - / - / {rest}; won: 0 0 0 11; trick: 0"
    >>> state = HandState.from_position(Ruleset(), text)
    >>> decide(state, "stop_moon", 0, shooter=3), decide(state, "make_moon", 1, seat=3)
    (True, False)
    """
    search = _root(state, objective, seat, card, shooter)
    spec = search.spec
    if not spec.moon:
        limit = threshold - spec.base
        return search.value(state, limit, limit + 1) <= limit
    # The moon's value is 1 when nobody but the shooter took a needed card
    # (spec.base == 0) and nobody will (internal value 0), else 0.
    if objective == "stop_moon":
        if threshold != 0:
            return threshold > 0
        return bool(spec.base) or search.value(state, 0, 1) >= 1
    if threshold != 1:
        return threshold < 1
    return not spec.base and search.value(state, 0, 1) <= 0


def line_for(
    state: HandState, first_card: str, objective: str = "min_points", seat: int | None = None, **kw: Any
) -> tuple[tuple[int, str], ...]:
    """The best line (as in :attr:`SolveResult.line`) that starts with ``first_card``.

    Raises ``ValueError`` when ``first_card`` is not legal now.
    """
    unknown = set(kw) - {"card", "shooter"}
    if unknown:
        raise TypeError(f"unexpected keyword arguments: {', '.join(sorted(unknown))}")
    search = _root(state, objective, seat, kw.get("card"), kw.get("shooter"))
    first = Card.parse(first_card)
    if not state.legal_mask() >> first & 1:
        raise ValueError(f"{first} is not a legal card now")
    spec = search.spec
    lo, hi = spec.window
    target = spec.clip(search.value(state.play(first), lo, hi))
    return tuple(search.line(state, target, int(first)))


__all__ = ["OBJECTIVES", "SolveResult", "card_values", "decide", "line_for", "solve"]
