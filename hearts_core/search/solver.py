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
The search is a fail-soft alpha-beta over single cards, on integers only (a
hand is a 52-bit mask), with:

* legality from the engine's kernel (:func:`hearts_core.engine.legality.legal_mask`),
  called by the search itself, with trick 0 searched by a slower path;
* a transposition table at the start of each trick, keyed by the leader,
  hearts broken and, per suit, the owners of the cards still held in rank
  order with each card's attributes: cards already played do not count, so
  positions that differ only by which low cards are gone share an entry
  (clubs and diamonds swap when their cards are alike); entries are bounds
  with the best card, which is tried first next time;
* equivalent cards: cards of one suit in one hand with no card still in play
  (in another hand or in the trick) between them, and the same value in the
  table (the QS, the JD, Spot Hearts' hearts never merge), are searched once;
* move ordering: leads low first, a player who wants someone else to win the
  trick ducks (highest card under the winner first), discards dump points on
  the right winner or throw high cards, and the transposition table's card;
* cutoffs at the bounds (no points left, or all of them), and the last trick
  played out directly.

The search after trick 0 runs compiled (:mod:`hearts_core.search.solver_kernel`,
the same search in numba with a fixed-size transposition table) once
:func:`hearts_core.search.fast.ready` says the kernel is warm, and in plain
Python otherwise; trick 0 and the root-level code (the values, the line) are
Python on both paths, which give the same values, best cards and lines.

:func:`decide` is one null-window search; :func:`solve` searches every legal
card with a full window and then follows the values down for the line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

import numpy as np

from ..engine.cards import SUIT_MASKS, Card
from ..engine.legality import legal_mask
from ..engine.rules import QUEEN_OF_SPADES, Ruleset
from ..engine.state import HandState
from . import fast, kernel, solver_kernel
from .equivalence import card_attributes, representatives

OBJECTIVES: Final = ("min_points", "stop_moon", "make_moon", "avoid_card")

_INF: Final = 1 << 40
_QS: Final = int(QUEEN_OF_SPADES)
_SUIT_OF_CARD: Final = tuple(SUIT_MASKS[card // 13] for card in range(52))


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    ``values`` maps every legal card of the player to move (card notation) to
    its value under ``objective`` for ``seat`` (in card order: clubs, diamonds,
    hearts, spades, low to high); ``best`` are the cards with the best value for
    the player to move (in card order), ``best_value`` their value;
    ``line`` is a principal variation ``(seat, card)`` from the position to the
    end of the hand, starting with ``best[0]``; ``nodes`` counts search nodes
    (each card tried and each trick opened; the compiled search counts them
    the same way, but its transposition table keeps fewer entries, so its
    count may differ from the Python search's on the same position).
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


class _Node(NamedTuple):
    """A position for the (slow) root-level code: hands and the trick in progress.

    ``lead`` is the led suit's mask (0 before the lead), ``wcard``/``wseat`` the
    card winning the trick so far and its player, ``tpts`` the trick's points in
    the internal table, ``tmask`` its cards, ``first`` whether this is trick 0.
    """

    hands: tuple[int, ...]
    seat: int
    pos: int
    lead: int
    wcard: int
    wseat: int
    tpts: int
    tmask: int
    broken: bool
    first: bool


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


class _Compiled:
    """The compiled search (:mod:`~hearts_core.search.solver_kernel`) for one engine: its
    numbers, its transposition table (sized by the cards left in the first position it
    searches) and its stack."""

    def __init__(self, rules: Ruleset, spec: _Spec, attributes: tuple[int, ...], cards_left: int) -> None:
        n = rules.players
        self.params = solver_kernel.search_params(
            n, spec.table, attributes, spec.counted, spec.minimizer, rules.tables.legality.breaks_mask, _QS
        )
        self.rules = kernel.rules_array(rules)
        self.keys, self.data = solver_kernel.new_table(cards_left)
        self.frames, self.moves = solver_kernel.new_stack()
        self.scratch = solver_kernel.new_scratch()
        self.hands = np.zeros(n, dtype=np.int64)

    @property
    def nodes(self) -> int:
        return int(self.scratch[solver_kernel.W_NODES])

    def value(self, node: _Node, live: int, alpha: int, beta: int) -> int:
        """The internal value of ``node`` (after trick 0; ``live`` is every card still held)."""
        self.hands[:] = node.hands
        led = ((node.lead & -node.lead).bit_length() - 1) // 13 if node.lead else -1
        return int(
            solver_kernel.search(
                self.params,
                self.rules,
                self.hands,
                self.keys,
                self.data,
                self.frames,
                self.moves,
                self.scratch,
                node.seat,
                node.pos,
                led,
                node.wcard,
                node.wseat,
                node.tpts,
                node.tmask,
                int(node.broken),
                live,
                alpha,
                beta,
            )
        )


class _Engine:
    """The search for one position and objective: the rules' legality, the
    internal value, a transposition table and a node count.

    ``compiled`` chooses the search after trick 0: the compiled one (True), the
    Python one (False), or the compiled one when the kernel is warm (None,
    :func:`hearts_core.search.fast.ready`); the Python one anyway for card values
    too large for the compiled search's table (:func:`~.solver_kernel.supports`)."""

    def __init__(self, rules: Ruleset, spec: _Spec, *, compiled: bool | None = None) -> None:
        self.rules = rules
        self.spec = spec
        self.n = rules.players
        tables = rules.tables
        self.table = spec.table
        self.counted = spec.counted
        self.legality = tables.legality
        self.breaks = tables.legality.breaks_mask
        # Cards that may stand for each other (see hearts_core.search.equivalence).
        self.attr = card_attributes(rules, spec.table)
        self.tt: dict[Any, tuple[int, int, int]] = {}
        self.hands = [0] * self.n
        self.own = [0] * 4
        self._search, self._nodes, self.lead_legal, self.follow_legal = _build_search(self)
        self.extra_nodes = 0
        self.compiled = (fast.ready() if compiled is None else compiled) and solver_kernel.supports(spec.table)
        self._compiled: _Compiled | None = None

    @property
    def nodes(self) -> int:
        compiled = self._compiled.nodes if self._compiled is not None else 0
        return self._nodes() + compiled + self.extra_nodes

    # -- root-level helpers (plain Python, not the hot path) ------------------

    def node_of(self, state: HandState) -> _Node:
        cards = state.trick_cards
        leader = state.leader
        lead = _SUIT_OF_CARD[cards[0]] if cards else 0
        wcard, wseat = -1, -1
        tpts = tmask = 0
        for index, card in enumerate(cards):
            if index == 0 or (lead >> card & 1 and card > wcard):
                wcard, wseat = card, (leader + index) % self.n
            tpts += self.table[card]
            tmask |= 1 << card
        broken = state.hearts_broken or not self.legality.must_break
        return _Node(
            state.hand_masks,
            state.to_play,  # type: ignore[arg-type]
            len(cards),
            lead,
            wcard,
            wseat,
            tpts,
            tmask,
            broken,
            state.trick_number == 0,
        )

    def legal(self, node: _Node) -> int:
        """The legal cards: the engine's legality kernel."""
        return legal_mask(self.legality, node.hands[node.seat], node.lead, node.first, node.broken)

    def classes(self, node: _Node, legal: int) -> dict[int, int]:
        """Each legal card mapped to the representative of its class of equivalent cards."""
        live = 0
        for mask in node.hands:
            live |= mask
        return representatives(legal, self.attr, (live & ~node.hands[node.seat]) | node.tmask)

    def advance(self, node: _Node, card: int) -> tuple[_Node, int]:
        """The position after ``card``, and the internal value of a trick it completes."""
        bit = 1 << card
        seat = node.seat
        hands = node.hands[:seat] + (node.hands[seat] ^ bit,) + node.hands[seat + 1 :]
        lead, wcard, wseat = node.lead, node.wcard, node.wseat
        if node.pos == 0:
            lead, wcard, wseat = _SUIT_OF_CARD[card], card, seat
        elif lead & bit and card > wcard:
            wcard, wseat = card, seat
        tpts = node.tpts + self.table[card]
        broken = node.broken or bool(bit & self.breaks)
        if node.pos == self.n - 1:
            value = tpts if self.counted[wseat] else 0
            return _Node(hands, wseat, 0, 0, -1, -1, 0, 0, broken, False), value
        return _Node(
            hands, (seat + 1) % self.n, node.pos + 1, lead, wcard, wseat, tpts, node.tmask | bit, broken, node.first
        ), 0

    def value(self, node: _Node, alpha: int, beta: int) -> int:
        """The internal value of ``node`` (fail-soft alpha-beta: exact inside the window)."""
        if not node.first:
            live = 0
            for mask in node.hands:
                live |= mask
            if self.compiled:
                if self._compiled is None:
                    self._compiled = _Compiled(self.rules, self.spec, self.attr, live.bit_count())
                return self._compiled.value(node, live, alpha, beta)
            self.hands[:] = node.hands
            for suit in range(4):
                self.own[suit] = sum((hand >> 13 * suit & 8191) << 13 * seat for seat, hand in enumerate(node.hands))
            return self._search(
                node.seat,
                node.pos,
                node.lead,
                node.wcard,
                node.wseat,
                node.tpts,
                node.tmask,
                node.broken,
                live,
                alpha,
                beta,
            )
        # Trick 0 has its own rules: search it here, then hand over to the fast search.
        self.extra_nodes += 1
        reps = sorted(set(self.classes(node, self.legal(node)).values()))
        minimizing = self.spec.minimizer[node.seat]
        best = _INF if minimizing else -_INF
        for card in reps:
            child, gained = self.advance(node, card)
            result = gained + self.value(child, alpha - gained, beta - gained)
            if minimizing:
                if result < best:
                    best = result
                    if best <= alpha:
                        break
                    beta = min(beta, best)
            elif result > best:
                best = result
                if best >= beta:
                    break
                alpha = max(alpha, best)
        return best

    def child_value(self, node: _Node, card: int, alpha: int, beta: int) -> int:
        child, gained = self.advance(node, card)
        return gained + self.value(child, alpha - gained, beta - gained)

    def line(self, node: _Node, target: int, first: int | None = None) -> list[tuple[int, str]]:
        """A principal variation from ``node`` whose clipped internal value is ``target``
        (starting with ``first`` when given, which must keep that value)."""
        spec = self.spec
        lo, hi = spec.window
        line: list[tuple[int, str]] = []
        gained = 0
        while any(node.hands):
            if first is not None:
                candidates = [first]
            else:  # the cards with points first: a line that drops them early reads better
                reps = set(self.classes(node, self.legal(node)).values())
                candidates = sorted(reps, key=lambda index: (-self.table[index], index))
            first = None
            for card in candidates:
                child, value = self.advance(node, card)
                total = gained + value
                if len(candidates) == 1:
                    break
                # A narrow window: only whether the card keeps the value matters.
                low, high = (lo - total, hi - total) if spec.moon else (target - total - 1, target - total + 1)
                if spec.clip(total + self.value(child, low, high)) == target:
                    break
            else:  # pragma: no cover - the search is exact, so some card keeps the value
                raise AssertionError("no card keeps the solved value")
            line.append((node.seat, str(Card(card))))
            node, gained = child, total
        return line


def _build_search(
    engine: _Engine,
) -> tuple[Callable[..., int], Callable[[], int], Callable[[int, bool], int], Callable[[int, int], int]]:
    """The hot alpha-beta search, as a closure over the engine's tables (not for trick 0).

    ``search(seat, pos, lead, wcard, wseat, tpts, tmask, broken, live, alpha, beta)``
    returns the internal value from a position (fail-soft: exact inside the
    window, a bound outside it): ``seat`` is to play the ``pos``-th card of the
    trick, ``lead`` is the led suit's mask, ``wcard``/``wseat`` the winning card
    and its player, ``tpts``/``tmask`` the trick's value and cards, ``live`` every
    card still held; ``hands`` (the engine's list) holds the seats' cards.
    """
    n = engine.n
    last = n - 1
    hands = engine.hands
    table = engine.table
    counted = engine.counted
    minimizer = engine.spec.minimizer
    attr = engine.attr
    breaks = engine.breaks
    suit_of = _SUIT_OF_CARD
    nxt = tuple((seat + 1) % n for seat in range(n))
    tt = engine.tt
    tt_get = tt.get
    inf = _INF
    # Move ordering: leads low first; a player who wants the trick won by someone
    # else ducks (highest card under the winner first), one who wants to win it
    # tries winners first; discards dump the most points when the trick's winner
    # is the right one to take them, and otherwise throw high cards without points.
    rank_of = tuple(card % 13 for card in range(52)).__getitem__
    wants_win = tuple(counted[seat] != minimizer[seat] for seat in range(n))
    dump_key = tuple(table[card] * 16 + card % 13 for card in range(52)).__getitem__
    keep_key = tuple(-table[card] * 16 + card % 13 for card in range(52)).__getitem__
    # The bounds of what is still to come: the table's negative and positive sums
    # over the cards with a value still in play, memoised by those cards.
    valued = sum(1 << card for card in range(52) if table[card])
    bounds: dict[int, tuple[int, int]] = {}
    bounds_get = bounds.get

    def sums(cards: int) -> tuple[int, int]:
        lo = hi = 0
        mask = cards
        while mask:
            bit = mask & -mask
            value = table[bit.bit_length() - 1]
            if value < 0:
                lo += value
            else:
                hi += value
            mask ^= bit
        bounds[cards] = lo, hi
        return lo, hi

    # Transposition keys use relative ranks: per suit, the owners of the cards
    # still held in rank order (cards played before do not separate them), with
    # each card's attributes, so positions that differ only by cards gone match.
    # ``own[suit]`` has bit ``13 * seat + rank`` for every card ``seat`` holds.
    own = engine.own
    suit_index = tuple(card // 13 for card in range(52))
    owner_bits = tuple(tuple(1 << (13 * seat + card % 13) for card in range(52)) for seat in range(n))
    kinds: dict[tuple[int, int, bool], int] = {}
    kind = tuple(kinds.setdefault((table[card], breaks >> card & 1, card == _QS), len(kinds)) for card in range(52))
    base = n * len(kinds) + 1
    # Clubs and diamonds are interchangeable when their cards have the same attributes rank by rank.
    twin_minors = kind[:13] == kind[13:26]
    memos: tuple[dict[int, int], ...] = ({0: 0}, {0: 0}, {0: 0}, {0: 0})

    def relative(suit: int, owners: int) -> int:
        code = 0
        for rank in range(13):
            for seat in range(n):
                if owners >> (13 * seat + rank) & 1:
                    code = code * base + seat * len(kinds) + kind[suit * 13 + rank] + 1
        memos[suit][owners] = code
        return code

    memo0, memo1, memo2, memo3 = memos
    nodes = 0

    # Legality is the engine's kernel (hearts_core.engine.legality), bound to this ruleset: the
    # search keeps no copy of the rules of play (a copy measured only a few percent faster).
    legality = engine.legality
    kernel = legal_mask

    def lead_legal(hand: int, broken: bool) -> int:
        """The cards a leader may lead after trick 0 (``broken`` is also true when hearts need no breaking)."""
        return kernel(legality, hand, 0, False, broken)

    def follow_legal(hand: int, lead: int) -> int:
        """The cards a follower may play to a trick led in the suit ``lead``, after trick 0."""
        return kernel(legality, hand, lead, False, True)

    def lead_node(seat: int, broken: bool, live: int, alpha: int, beta: int) -> int:
        """A trick about to be led by ``seat``: bounds, the last trick, the transposition table."""
        nonlocal nodes
        nodes += 1
        hand = hands[seat]
        if not hand:
            return 0
        still = live & valued
        limits = bounds_get(still)
        if limits is None:
            limits = sums(still)
        lo, hi = limits
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if not hand & (hand - 1):
            # The last trick plays itself.
            suit = suit_of[hand.bit_length() - 1]
            wcard = hand
            wseat = seat
            other = nxt[seat]
            while other != seat:
                card = hands[other]
                if card & suit and card > wcard:
                    wcard = card
                    wseat = other
                other = nxt[other]
            return lo + hi if counted[wseat] else 0
        own0, own1, own2, own3 = own
        k0 = memo0.get(own0)
        if k0 is None:
            k0 = relative(0, own0)
        k1 = memo1.get(own1)
        if k1 is None:
            k1 = relative(1, own1)
        k2 = memo2.get(own2)
        if k2 is None:
            k2 = relative(2, own2)
        k3 = memo3.get(own3)
        if k3 is None:
            k3 = relative(3, own3)
        if twin_minors and k0 > k1:
            k0, k1 = k1, k0
        key = (seat, broken, k0, k1, k2, k3)
        entry = tt_get(key)
        tt_move = -1
        if entry is not None:
            elo, ehi, tt_move = entry
            if elo >= beta:
                return elo
            if ehi <= alpha:
                return ehi
            if elo == ehi:
                return elo
            if elo > lo:
                lo = elo
            if ehi < hi:
                hi = ehi
        # No line can do better than the bounds: a child reaching one ends the search.
        if alpha < lo:
            alpha = lo
        if beta > hi:
            beta = hi
        alpha0 = alpha
        beta0 = beta
        mask = kernel(legality, hand, 0, False, broken)  # lead_legal, inlined: one call less per node
        others = live ^ hand
        moves = []
        prev = -1
        prev_attr = -1
        while mask:
            bit = mask & -mask
            card = bit.bit_length() - 1
            mask ^= bit
            card_attr = attr[card]
            if card_attr != prev_attr or others & (bit - (2 << prev)):
                moves.append(card)
                prev_attr = card_attr
            prev = card
        if len(moves) > 1:
            moves.sort(key=rank_of)
            if tt_move >= 0 and tt_move != moves[0] and tt_move in moves:
                moves.remove(tt_move)
                moves.insert(0, tt_move)
        minimizing = minimizer[seat]
        best = inf if minimizing else -inf
        best_move = -1
        nxt_seat = nxt[seat]
        my_bits = owner_bits[seat]
        for card in moves:
            bit = 1 << card
            hands[seat] = hand ^ bit
            suit = suit_index[card]
            owners = own[suit]
            own[suit] = owners ^ my_bits[card]
            result = second(
                nxt_seat,
                1,
                suit_of[card],
                card,
                seat,
                table[card],
                bit,
                broken or bit & breaks != 0,
                live ^ bit,
                alpha,
                beta,
            )
            hands[seat] = hand
            own[suit] = owners
            if minimizing:
                if result < best:
                    best = result
                    best_move = card
                    if best <= alpha:
                        break
                    if best < beta:
                        beta = best
            elif result > best:
                best = result
                best_move = card
                if best >= beta:
                    break
                if best > alpha:
                    alpha = best
        if best <= alpha0:
            elo, ehi = lo, best
        elif best >= beta0:
            elo, ehi = best, hi
        else:
            elo = ehi = best
        tt[key] = (elo, ehi, best_move)
        return best

    def follow_moves(
        seat: int, hand: int, legal: int, lead: int, wcard: int, wseat: int, tmask: int, live: int, last_to_play: bool
    ) -> list[int]:
        """The cards to try of ``legal``, one per class of equivalent cards, best guesses first."""
        others = (live ^ hand) | tmask
        moves: list[int] = []
        prev = -1
        prev_attr = -1
        mask = legal & lead
        if mask == legal:
            wins = []
            while mask:
                bit = mask & -mask
                card = bit.bit_length() - 1
                mask ^= bit
                card_attr = attr[card]
                if card_attr != prev_attr or others & (bit - (2 << prev)):
                    if card < wcard:
                        moves.append(card)
                    else:
                        wins.append(card)
                    prev_attr = card_attr
                prev = card
            if wants_win[seat]:
                if not last_to_play:
                    wins.reverse()
                wins += moves
                return wins
            moves.reverse()
            if last_to_play:
                wins.reverse()
            moves += wins
            return moves
        mask = legal
        while mask:
            bit = mask & -mask
            card = bit.bit_length() - 1
            mask ^= bit
            card_attr = attr[card]
            if card_attr != prev_attr or others & (bit - (2 << prev)):
                moves.append(card)
                prev_attr = card_attr
            prev = card
        if len(moves) > 1:
            moves.sort(key=dump_key if counted[wseat] != minimizer[seat] else keep_key, reverse=True)
        return moves

    def follow_node(
        seat: int,
        pos: int,
        lead: int,
        wcard: int,
        wseat: int,
        tpts: int,
        tmask: int,
        broken: bool,
        live: int,
        alpha: int,
        beta: int,
    ) -> int:
        """``seat`` plays the ``pos``-th card of a trick, not the last one."""
        nonlocal nodes
        nodes += 1
        hand = hands[seat]
        mask = kernel(legality, hand, lead, False, True)  # follow_legal, inlined
        if not mask & (mask - 1):
            # A single legal card: forced.
            card = mask.bit_length() - 1
            hands[seat] = hand ^ mask
            suit = suit_index[card]
            owners = own[suit]
            own[suit] = owners ^ owner_bits[seat][card]
            if card > wcard and mask & lead:
                wcard = card
                wseat = seat
            result = (last_node if pos == before_last else follow_node)(
                nxt[seat],
                pos + 1,
                lead,
                wcard,
                wseat,
                tpts + table[card],
                tmask | mask,
                broken or mask & breaks != 0,
                live ^ mask,
                alpha,
                beta,
            )
            hands[seat] = hand
            own[suit] = owners
            return result
        moves = follow_moves(seat, hand, mask, lead, wcard, wseat, tmask, live, False)
        child = last_node if pos == before_last else follow_node
        minimizing = minimizer[seat]
        best = inf if minimizing else -inf
        nxt_seat = nxt[seat]
        my_bits = owner_bits[seat]
        pos += 1
        for card in moves:
            bit = 1 << card
            hands[seat] = hand ^ bit
            suit = suit_index[card]
            owners = own[suit]
            own[suit] = owners ^ my_bits[card]
            if card > wcard and bit & lead:
                result = child(
                    nxt_seat,
                    pos,
                    lead,
                    card,
                    seat,
                    tpts + table[card],
                    tmask | bit,
                    broken or bit & breaks != 0,
                    live ^ bit,
                    alpha,
                    beta,
                )
            else:
                result = child(
                    nxt_seat,
                    pos,
                    lead,
                    wcard,
                    wseat,
                    tpts + table[card],
                    tmask | bit,
                    broken or bit & breaks != 0,
                    live ^ bit,
                    alpha,
                    beta,
                )
            hands[seat] = hand
            own[suit] = owners
            if minimizing:
                if result < best:
                    best = result
                    if best <= alpha:
                        break
                    if best < beta:
                        beta = best
            elif result > best:
                best = result
                if best >= beta:
                    break
                if best > alpha:
                    alpha = best
        return best

    def last_node(
        seat: int,
        pos: int,
        lead: int,
        wcard: int,
        wseat: int,
        tpts: int,
        tmask: int,
        broken: bool,
        live: int,
        alpha: int,
        beta: int,
    ) -> int:
        """``seat`` plays the trick's last card: the trick is scored, the winner leads the next.

        An unrolled twin of :func:`follow_node` (it also scores the trick): kept apart for speed."""
        nonlocal nodes
        nodes += 1
        hand = hands[seat]
        mask = kernel(legality, hand, lead, False, True)  # follow_legal, inlined
        if not mask & (mask - 1):
            # A single legal card: forced.
            card = mask.bit_length() - 1
            hands[seat] = hand ^ mask
            suit = suit_index[card]
            owners = own[suit]
            own[suit] = owners ^ owner_bits[seat][card]
            if card > wcard and mask & lead:
                wseat = seat
            if counted[wseat]:
                gained = tpts + table[card]
                result = gained + lead_node(
                    wseat, broken or mask & breaks != 0, live ^ mask, alpha - gained, beta - gained
                )
            else:
                result = lead_node(wseat, broken or mask & breaks != 0, live ^ mask, alpha, beta)
            hands[seat] = hand
            own[suit] = owners
            return result
        moves = follow_moves(seat, hand, mask, lead, wcard, wseat, tmask, live, True)
        minimizing = minimizer[seat]
        best = inf if minimizing else -inf
        my_bits = owner_bits[seat]
        for card in moves:
            bit = 1 << card
            hands[seat] = hand ^ bit
            suit = suit_index[card]
            owners = own[suit]
            own[suit] = owners ^ my_bits[card]
            winner = seat if card > wcard and bit & lead else wseat
            if counted[winner]:
                gained = tpts + table[card]
                result = gained + lead_node(
                    winner, broken or bit & breaks != 0, live ^ bit, alpha - gained, beta - gained
                )
            else:
                result = lead_node(winner, broken or bit & breaks != 0, live ^ bit, alpha, beta)
            hands[seat] = hand
            own[suit] = owners
            if minimizing:
                if result < best:
                    best = result
                    if best <= alpha:
                        break
                    if best < beta:
                        beta = best
            elif result > best:
                best = result
                if best >= beta:
                    break
                if best > alpha:
                    alpha = best
        return best

    before_last = n - 2
    second = last_node if n == 2 else follow_node

    def search(
        seat: int,
        pos: int,
        lead_suit: int,
        wcard: int,
        wseat: int,
        tpts: int,
        tmask: int,
        broken: bool,
        live: int,
        alpha: int,
        beta: int,
    ) -> int:
        if pos == 0:
            return lead_node(seat, broken, live, alpha, beta)
        return (last_node if pos == last else follow_node)(
            seat, pos, lead_suit, wcard, wseat, tpts, tmask, broken, live, alpha, beta
        )

    def count() -> int:
        return nodes

    return search, count, lead_legal, follow_legal


def _root(
    state: HandState,
    objective: str,
    seat: int | None,
    card: str | None,
    shooter: int | None,
    *,
    compiled: bool | None = None,
) -> tuple[_Engine, _Node]:
    spec = _spec(state, objective, seat, card, shooter)
    engine = _Engine(state.rules, spec, compiled=compiled)
    return engine, engine.node_of(state)


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
    return _solve(state, objective, seat, card=card, shooter=shooter)


def _solve(
    state: HandState,
    objective: str = "min_points",
    seat: int | None = None,
    *,
    card: str | None = None,
    shooter: int | None = None,
    compiled: bool | None = None,
) -> SolveResult:
    """:func:`solve`, with the search after trick 0 chosen by ``compiled`` (see :class:`_Engine`)."""
    engine, node = _root(state, objective, seat, card, shooter, compiled=compiled)
    spec = engine.spec
    lo, hi = spec.window
    classes = engine.classes(node, engine.legal(node))
    internal: dict[int, int] = {}
    for rep in sorted(set(classes.values())):
        internal[rep] = spec.clip(engine.child_value(node, rep, lo, hi))
    values = {str(Card(index)): spec.report(internal[rep]) for index, rep in sorted(classes.items())}
    choose = min if spec.minimizer[node.seat] else max
    best_internal = choose(internal.values())
    best = tuple(str(Card(index)) for index, rep in sorted(classes.items()) if internal[rep] == best_internal)
    line = engine.line(node, best_internal, Card.parse(best[0]))
    return SolveResult(spec.objective, spec.seat, values, best, spec.report(best_internal), tuple(line), engine.nodes)


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
    return _decide(state, objective, threshold, seat, card=card, shooter=shooter)


def _decide(
    state: HandState,
    objective: str,
    threshold: int,
    seat: int | None = None,
    *,
    card: str | None = None,
    shooter: int | None = None,
    compiled: bool | None = None,
) -> bool:
    """:func:`decide`, with the search after trick 0 chosen by ``compiled`` (see :class:`_Engine`)."""
    engine, node = _root(state, objective, seat, card, shooter, compiled=compiled)
    spec = engine.spec
    if not spec.moon:
        limit = threshold - spec.base
        return engine.value(node, limit, limit + 1) <= limit
    # The moon's value is 1 when nobody but the shooter took a needed card
    # (spec.base == 0) and nobody will (internal value 0), else 0.
    if objective == "stop_moon":
        if threshold != 0:
            return threshold > 0
        return bool(spec.base) or engine.value(node, 0, 1) >= 1
    if threshold != 1:
        return threshold < 1
    return not spec.base and engine.value(node, 0, 1) <= 0


def line_for(
    state: HandState, first_card: str, objective: str = "min_points", seat: int | None = None, **kw: Any
) -> tuple[tuple[int, str], ...]:
    """The best line (as in :attr:`SolveResult.line`) that starts with ``first_card``.

    Raises ``ValueError`` when ``first_card`` is not legal now.
    """
    return _line_for(state, first_card, objective, seat, **kw)


def _line_for(
    state: HandState,
    first_card: str,
    objective: str = "min_points",
    seat: int | None = None,
    *,
    compiled: bool | None = None,
    **kw: Any,
) -> tuple[tuple[int, str], ...]:
    """:func:`line_for`, with the search after trick 0 chosen by ``compiled`` (see :class:`_Engine`)."""
    engine, node = _root(state, objective, seat, kw.get("card"), kw.get("shooter"), compiled=compiled)
    unknown = set(kw) - {"card", "shooter"}
    if unknown:
        raise TypeError(f"unexpected keyword arguments: {', '.join(sorted(unknown))}")
    first = Card.parse(first_card)
    if not engine.legal(node) >> first & 1:
        raise ValueError(f"{first} is not a legal card now")
    spec = engine.spec
    lo, hi = spec.window
    target = spec.clip(engine.child_value(node, first, lo, hi))
    return tuple(engine.line(node, target, first))


__all__ = ["OBJECTIVES", "SolveResult", "decide", "line_for", "solve"]
