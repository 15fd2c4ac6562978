"""The exact solver's search, in the kernel: alpha-beta (:func:`search`), as numba functions on
``int64`` masks and arrays.

:func:`search` returns the internal value of a position for an objective
(:mod:`hearts_core.search.solver` explains it; fail-soft: exact inside the
window ``alpha, beta``, a bound outside it): lead nodes with the bounds cutoffs,
the last trick played out directly and a transposition table; follower nodes;
equivalent cards searched once; move ordering.  Trick 0 is searched here too,
with its own rules (the opening lead, the first-trick rule) and no table.  The
root (``solve``, ``decide``, ``line_for``, the line) is
:mod:`hearts_core.search.solver`, which asks for the value after each card;
``tests/core/test_solver.py`` and ``tests/core/test_solver_kernel.py`` check
the values against plain minimax over ``HandState``.

Design decisions:

* **An explicit stack, no recursion.**  numba compiles self-recursion only
  with care (the types must be inferable from a non-recursive return), a
  search has three kinds of node, and ``cache=True``
  with a recursive function crashed in an earlier experiment here.  So
  :func:`search` is one loop over a stack of frames (``frames[ply, F_*]``,
  one row per card played, and ``moves[ply, :]`` for the cards to try): a
  node is *opened* (its cutoffs, or its moves), each move *descends* into a
  child frame, the child's value is *absorbed* by its parent (alpha-beta
  update, cutoff), and a node with no move left is *closed* (the
  transposition table store).  Every step is a small function.
* **The transposition table** is a fixed-size open-addressing table in two
  NumPy arrays made per root position (:func:`new_table`): ``keys[slot, :]`` holds the
  whole key (so a hit is never wrong) and ``data[slot]`` packs the bounds, the
  best card and the number of cards left (``T_*``).  Slots come in buckets of
  :data:`BUCKET`; a new key takes an empty slot of its bucket or replaces
  the one with the fewest cards left (replacement only costs speed).
* **The key**: the leader, hearts broken, and per suit
  the owners of the cards still held in rank order with each card's kind
  (its value in the table, whether it breaks hearts, being the queen of
  spades); clubs and diamonds swap when their kinds match rank by rank.  Each
  suit is one ``int64``: the digits ``owner * kinds + kind + 1`` in base
  ``players * kinds + 1``, where ``kinds`` counts the suit's kinds; with 13
  cards this fits in 63 bits for every preset but Spot Hearts' hearts (13
  kinds).  A suit whose digits would not fit is keyed by its cards still held
  and their owners (3 bits each) instead: still exact, and as good when every
  card of the suit has its own kind, as in Spot Hearts.  No memo is needed:
  each card's digit is worked out once per search (cards never change hands).
* **Inlined steps.**  The steps are compiled with ``inline="always"`` into
  :func:`search`, the one entry point: calls between separately compiled
  functions that pass arrays cost a call and reference counting each, and
  the inlined search measured 1.7 times faster.  The compiled search (with
  its disk cache) loads in well under a second; compiling it takes about 8 s.
  numba's disk cache watches only a function's own file, so the cache lives
  in a folder named by a digest of this file and ``kernel.py``
  (:func:`~hearts_core.search.kernel.cache_folder`): a change in either
  compiles everything again.

Layouts: the search's numbers in one array (``P_*``, :func:`search_params`),
the legality rules as :func:`hearts_core.search.kernel.rules_array`, the hands
(one mask per seat, changed during the search and restored), the frames
(``F_*``) and the scratch array (``W_*``: the node count and each card's key digit).
"""

# mypy: disable-error-code="no-any-return"
# (every number read from a NumPy array is typed Any; the functions return plain ints)
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from ..engine.rules import QUEEN_OF_SPADES, Ruleset
from .kernel import _inline, _kernel, class_representatives, legal_mask, lowest, popcount, rules_array

MAX_SEATS: Final = 8
INF: Final = 1 << 40
#: Slots per bucket of the transposition table.
BUCKET: Final = 4
#: Rows of the stack: one per card still to play (52 at most), with room to spare.
MAX_PLY: Final = 64
#: Moves of a ply: one hand's cards at most (26 for two players with the whole deck).
MAX_MOVES: Final = 32
#: Hashing constants (below 2**63, so numba keeps them ``int64``).
_MIX_A: Final = 0x5851F42D4C957F2D
_MIX_B: Final = 0x14057B7EF767814F
_MIX_MASK: Final = (1 << 62) - 1

# -- the search's numbers (one int64 array) -------------------------------------------------------------

P_N, P_TWIN, P_BREAKS, P_VALUED = 0, 1, 2, 3
P_RADIX = 4  # per suit: the base of its key digits, 0 when the suit is keyed by its cards instead
P_KINDS = 8  # per suit: how many kinds of card it has
P_TABLE = 12  # per card: its value in the objective's table
P_ATTR = P_TABLE + 52  # per card: its class of attributes (equivalence.card_attributes)
P_KIND = P_ATTR + 52  # per card: its kind, numbered within its suit
P_COUNTED = P_KIND + 52  # per seat: whether the cards it wins count
P_MINIMIZER = P_COUNTED + MAX_SEATS  # per seat: whether it plays to lower the value
PARAMS_SIZE: Final = P_MINIMIZER + MAX_SEATS

# -- a frame of the stack ------------------------------------------------------------------------------

F_SEAT, F_POS, F_LED, F_WCARD, F_WSEAT, F_TPTS, F_TMASK, F_BROKEN, F_LIVE = 0, 1, 2, 3, 4, 5, 6, 7, 8
F_ALPHA, F_BETA, F_ALPHA0, F_BETA0, F_LO, F_HI = 9, 10, 11, 12, 13, 14
F_BEST, F_BEST_MOVE, F_COUNT, F_NEXT, F_CARD, F_GAINED = 15, 16, 17, 18, 19, 20
F_FIRST = 21  # 1 on trick 0, whose own rules (the opening lead, the first-trick rule) apply
F_KEY = 22  # the transposition key: header, then one code per suit
KEY_SIZE: Final = 5
FRAME_SIZE: Final = F_KEY + KEY_SIZE

# -- the scratch array: the node count, and each card's digit in the transposition key ---------------------

W_NODES, W_DIGITS = 0, 1
SCRATCH_SIZE: Final = W_DIGITS + 52

# -- a slot's data in the transposition table ------------------------------------------------------------

# One int64 per slot: the lower and upper bounds (24 bits each, offset by VALUE_OFFSET), the
# best card + 1 (6 bits) and the cards left (7 bits).
T_HI_SHIFT, T_MOVE_SHIFT, T_DEPTH_SHIFT = 24, 48, 54
VALUE_OFFSET: Final = 1 << 23
_VALUE_BITS: Final = (1 << 24) - 1

_LIMIT: Final = 1 << 62
_CARD_BITS: Final = 3  # per held card of a suit keyed by its cards: owner + 1


def suit_radix(players: int, kinds: int, cards: int = 13) -> int:
    """The base of a suit's key digits, or 0 when ``cards`` digits would not fit in 62 bits."""
    radix = players * kinds + 1
    return radix if radix**cards < _LIMIT else 0


def supports(table: Sequence[int]) -> bool:
    """Whether the compiled search can take an objective's table: its values must fit in the
    transposition table's 24 bits (every ruleset's points do)."""
    return sum(abs(value) for value in table) < VALUE_OFFSET


def search_params(
    players: int,
    table: Sequence[int],
    attributes: Sequence[int] | np.ndarray,
    counted: Sequence[bool],
    minimizer: Sequence[bool],
    breaks: int,
    queen: int,
) -> np.ndarray:
    """The search's numbers (``P_*``) for an objective's table, the cards' attribute classes,
    the counted and minimising seats, the cards that break hearts and the queen of spades.  The
    transposition table treats clubs and diamonds as one when their cards are alike rank by rank."""
    if players > MAX_SEATS:
        raise ValueError(f"the compiled solver keeps at most {MAX_SEATS} seats")
    if not supports(table):
        raise ValueError("the card values are too large for the transposition table")
    params = np.zeros(PARAMS_SIZE, dtype=np.int64)
    params[P_N] = players
    params[P_BREAKS] = breaks
    params[P_VALUED] = sum(1 << card for card in range(52) if table[card])
    global_kinds = [(table[card], breaks >> card & 1, card == queen) for card in range(52)]
    for suit in range(4):
        local: dict[tuple[int, int, bool], int] = {}
        for card in range(13 * suit, 13 * suit + 13):
            params[P_KIND + card] = local.setdefault(global_kinds[card], len(local))
        params[P_KINDS + suit] = len(local)
        params[P_RADIX + suit] = suit_radix(players, len(local))
    params[P_TWIN] = global_kinds[:13] == global_kinds[13:26]
    params[P_TABLE : P_TABLE + 52] = table
    params[P_ATTR : P_ATTR + 52] = attributes
    params[P_COUNTED : P_COUNTED + players] = counted
    params[P_MINIMIZER : P_MINIMIZER + players] = minimizer
    return params


def new_table(cards_left: int) -> tuple[np.ndarray, np.ndarray]:
    """An empty transposition table (keys, data) sized for ``cards_left`` cards still in play:
    from 2**10 slots (48 KB) for small endings to 2**19 (24 MB, its pages touched only as they
    fill) from 34 cards on: a six-player ending with six tricks left measured 1.15 times more
    nodes with 2**18 slots, and 2**20 slots cost more in page faults than they saved."""
    slots = 1 << min(19, max(10, cards_left // 2 + 2))
    return np.zeros((slots, KEY_SIZE), dtype=np.int64), np.zeros(slots, dtype=np.int64)


def new_scratch() -> np.ndarray:
    """The scratch array (``W_*``): the node count and the key digits."""
    return np.zeros(SCRATCH_SIZE, dtype=np.int64)


def new_stack() -> tuple[np.ndarray, np.ndarray]:
    """The search's stack: the frames and the moves of each ply."""
    return np.zeros((MAX_PLY, FRAME_SIZE), dtype=np.int64), np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64)


# -- small pieces -------------------------------------------------------------------------------------


@_inline
def value_bounds(params: np.ndarray, cards: int) -> tuple[int, int]:
    """The sums of the negative and of the positive values of ``cards``: bounds of what is to come."""
    low = 0
    high = 0
    while cards:
        card = lowest(cards)
        cards &= cards - 1
        value = params[P_TABLE + card]
        if value < 0:
            low += value
        else:
            high += value
    return low, high


@_inline
def last_trick_winner(params: np.ndarray, hands: np.ndarray, leader: int) -> int:
    """Who wins the last trick, every seat holding one card and ``leader`` leading."""
    n = params[P_N]
    win_card = hands[leader]
    suit_bits = 0x1FFF << (13 * (lowest(win_card) // 13))
    winner = leader
    for seat in range(n):
        card = hands[seat]
        if card & suit_bits and card > win_card:
            win_card = card
            winner = seat
    return winner


@_inline
def write_digits(params: np.ndarray, hands: np.ndarray, scratch: np.ndarray) -> None:
    """Each held card's digit in the key of its suit (cards never change hands in a search):
    ``owner * kinds + kind + 1``, or ``owner + 1`` in a suit keyed by its cards."""
    for seat in range(params[P_N]):
        hand = hands[seat]
        while hand:
            card = lowest(hand)
            hand &= hand - 1
            suit = card // 13
            if params[P_RADIX + suit]:
                digit = seat * params[P_KINDS + suit] + params[P_KIND + card] + 1
            else:
                digit = seat + 1
            scratch[W_DIGITS + card] = digit


@_inline
def suit_code(params: np.ndarray, scratch: np.ndarray, suit: int, held: int) -> int:
    """The key of one suit: its ``held`` cards (13 bits, by rank) with their owners and kinds."""
    radix = params[P_RADIX + suit]
    code = 0
    rest = held
    while rest:
        card = 13 * suit + lowest(rest)
        rest &= rest - 1
        if radix:
            code = code * radix + scratch[W_DIGITS + card]
        else:
            code = (code << _CARD_BITS) | scratch[W_DIGITS + card]
    if radix:
        return code
    return code | (held << (13 * _CARD_BITS))


@_inline
def write_key(
    params: np.ndarray, scratch: np.ndarray, frames: np.ndarray, ply: int, seat: int, broken: int, live: int
) -> None:
    """The transposition key of a trick about to be led, into the frame's ``F_KEY`` words."""
    frames[ply, F_KEY] = 1 + 2 * seat + broken
    for suit in range(4):
        frames[ply, F_KEY + 1 + suit] = suit_code(params, scratch, suit, (live >> (13 * suit)) & 0x1FFF)
    if params[P_TWIN] and frames[ply, F_KEY + 1] > frames[ply, F_KEY + 2]:
        clubs = frames[ply, F_KEY + 1]
        frames[ply, F_KEY + 1] = frames[ply, F_KEY + 2]
        frames[ply, F_KEY + 2] = clubs


@_inline
def bucket_of(keys: np.ndarray, frames: np.ndarray, ply: int) -> int:
    """The first slot of the key's bucket.  The products are cut to 62 bits, so the mixing gives
    the same bucket compiled (where an ``int64`` product wraps) and as plain Python."""
    mixed = 0
    for index in range(KEY_SIZE):
        mixed = ((mixed ^ int(frames[ply, F_KEY + index])) * _MIX_A) & _MIX_MASK
        mixed ^= mixed >> 29
    mixed = (mixed * _MIX_B) & _MIX_MASK
    mixed ^= mixed >> 32
    return mixed & (keys.shape[0] - BUCKET)


@_inline
def same_key(keys: np.ndarray, slot: int, frames: np.ndarray, ply: int) -> bool:
    """Whether ``slot`` holds the frame's key (a loop: numba compiles no generator for ``all``)."""
    for index in range(KEY_SIZE):  # noqa: SIM110
        if keys[slot, index] != frames[ply, F_KEY + index]:
            return False
    return True


@_inline
def table_find(keys: np.ndarray, frames: np.ndarray, ply: int) -> int:
    """The slot holding the frame's key, or -1."""
    first = bucket_of(keys, frames, ply)
    for slot in range(first, first + BUCKET):
        if same_key(keys, slot, frames, ply):
            return slot
    return -1


@_inline
def table_store(
    keys: np.ndarray, data: np.ndarray, frames: np.ndarray, ply: int, low: int, high: int, move: int, depth: int
) -> None:
    """Store bounds and the best card for the frame's key: in its own slot, an empty one, or
    over the entry of its bucket with the fewest cards left."""
    first = bucket_of(keys, frames, ply)
    chosen = first
    for slot in range(first, first + BUCKET):
        if same_key(keys, slot, frames, ply) or keys[slot, 0] == 0:
            chosen = slot
            break
        if data[slot] >> T_DEPTH_SHIFT < data[chosen] >> T_DEPTH_SHIFT:
            chosen = slot
    for index in range(KEY_SIZE):
        keys[chosen, index] = frames[ply, F_KEY + index]
    data[chosen] = (
        (low + VALUE_OFFSET) | (high + VALUE_OFFSET) << T_HI_SHIFT | (move + 1) << T_MOVE_SHIFT | depth << T_DEPTH_SHIFT
    )


# -- move generation and ordering ----------------------------------------------------------------------


@_inline
def representatives(params: np.ndarray, moves: np.ndarray, ply: int, legal: int, others: int) -> int:
    """One card per class of equivalent cards of ``legal`` into ``moves[ply]``, in card order;
    ``others`` are the cards still in play outside the hand.  Returns how many."""
    return class_representatives(params, P_ATTR, legal, others, moves[ply])


@_inline
def sort_lead(moves: np.ndarray, ply: int, count: int) -> None:
    """Leads low first (a stable sort by rank)."""
    for index in range(1, count):
        card = moves[ply, index]
        place = index
        while place > 0 and moves[ply, place - 1] % 13 > card % 13:
            moves[ply, place] = moves[ply, place - 1]
            place -= 1
        moves[ply, place] = card


@_inline
def discard_key(params: np.ndarray, card: int, dump: bool) -> int:
    points = params[P_TABLE + card]
    return (points if dump else -points) * 16 + card % 13


@_inline
def sort_discards(params: np.ndarray, moves: np.ndarray, ply: int, count: int, dump: bool) -> None:
    """Discards: the most points first when the trick's winner is the right one to take them,
    else the highest cards without points first (a stable sort, highest key first)."""
    for index in range(1, count):
        card = moves[ply, index]
        key = discard_key(params, card, dump)
        place = index
        while place > 0 and discard_key(params, moves[ply, place - 1], dump) < key:
            moves[ply, place] = moves[ply, place - 1]
            place -= 1
        moves[ply, place] = card


@_inline
def reverse(moves: np.ndarray, ply: int, start: int, stop: int) -> None:
    """Reverse ``moves[ply, start:stop]`` in place."""
    stop -= 1
    while start < stop:
        card = moves[ply, start]
        moves[ply, start] = moves[ply, stop]
        moves[ply, stop] = card
        start += 1
        stop -= 1


@_inline
def move_to_front(moves: np.ndarray, ply: int, count: int, card: int) -> None:
    """Try ``card`` first when it is among the moves (the others keep their order)."""
    for index in range(count):
        if moves[ply, index] == card:
            while index > 0:
                moves[ply, index] = moves[ply, index - 1]
                index -= 1
            moves[ply, 0] = card
            return


@_inline
def lead_moves(params: np.ndarray, moves: np.ndarray, ply: int, legal: int, others: int, tt_move: int) -> int:
    """The leads to try: one per class, low first, the transposition table's card before all."""
    count = representatives(params, moves, ply, legal, others)
    sort_lead(moves, ply, count)
    if tt_move >= 0:
        move_to_front(moves, ply, count, tt_move)
    return count


@_inline
def follow_moves(
    params: np.ndarray,
    moves: np.ndarray,
    ply: int,
    seat: int,
    legal: int,
    led: int,
    wcard: int,
    wseat: int,
    others: int,
    last: bool,
) -> int:
    """The cards to follow with, one per class, best guesses first: a seat that wants the trick
    tries winners first (the highest, or the cheapest when last), one that does not ducks (the
    highest card under the winner first); a void seat discards (:func:`sort_discards`)."""
    count = representatives(params, moves, ply, legal, others)
    wants_win = params[P_COUNTED + seat] != params[P_MINIMIZER + seat]
    if legal & (0x1FFF << (13 * led)) == 0:
        dump = params[P_COUNTED + wseat] != params[P_MINIMIZER + seat]
        sort_discards(params, moves, ply, count, dump)
        return count
    under = 0
    while under < count and moves[ply, under] < wcard:
        under += 1
    if wants_win:
        # the winners (the highest first, the lowest when last), then the cards under the winner, low first
        reverse(moves, ply, 0, count)
        reverse(moves, ply, count - under, count)
        if last:
            reverse(moves, ply, 0, count - under)
        return count
    reverse(moves, ply, 0, under)
    if last:
        reverse(moves, ply, under, count)
    return count


# -- the nodes --------------------------------------------------------------------------------------


@_inline
def open_lead(
    params: np.ndarray,
    rules: np.ndarray,
    hands: np.ndarray,
    scratch: np.ndarray,
    keys: np.ndarray,
    data: np.ndarray,
    frames: np.ndarray,
    moves: np.ndarray,
    ply: int,
) -> tuple[bool, int]:
    """Open a trick about to be led: ``(True, value)`` when a cutoff, the last trick or the
    transposition table settles it, else ``(False, 0)`` with its moves ready."""
    seat = frames[ply, F_SEAT]
    hand = hands[seat]
    if hand == 0:
        return True, 0
    live = frames[ply, F_LIVE]
    alpha = frames[ply, F_ALPHA]
    beta = frames[ply, F_BETA]
    low, high = value_bounds(params, live & params[P_VALUED])
    if low >= beta or low == high:
        return True, low
    if high <= alpha:
        return True, high
    if hand & (hand - 1) == 0:
        winner = last_trick_winner(params, hands, seat)
        return True, low + high if params[P_COUNTED + winner] else 0
    broken = frames[ply, F_BROKEN]
    first = frames[ply, F_FIRST] != 0
    slot = -1
    if not first:  # the opening lead happens once: no table for it
        write_key(params, scratch, frames, ply, seat, broken, live)
        slot = table_find(keys, frames, ply)
    tt_move = -1
    if slot >= 0:
        entry = data[slot]
        entry_low = (entry & _VALUE_BITS) - VALUE_OFFSET
        entry_high = (entry >> T_HI_SHIFT & _VALUE_BITS) - VALUE_OFFSET
        tt_move = (entry >> T_MOVE_SHIFT & 63) - 1
        if entry_low >= beta:
            return True, entry_low
        if entry_high <= alpha:
            return True, entry_high
        if entry_low == entry_high:
            return True, entry_low
        low = max(low, entry_low)
        high = min(high, entry_high)
    # No line can do better than the bounds: a child reaching one ends the search.
    alpha = max(alpha, low)
    beta = min(beta, high)
    frames[ply, F_ALPHA] = alpha
    frames[ply, F_BETA] = beta
    frames[ply, F_ALPHA0] = alpha
    frames[ply, F_BETA0] = beta
    frames[ply, F_LO] = low
    frames[ply, F_HI] = high
    legal = legal_mask(rules, hand, -1, first, broken != 0)
    count = lead_moves(params, moves, ply, legal, live ^ hand, tt_move)
    start_moves(params, frames, ply, seat, count)
    return False, 0


@_inline
def open_follow(
    params: np.ndarray, rules: np.ndarray, hands: np.ndarray, frames: np.ndarray, moves: np.ndarray, ply: int
) -> None:
    """Open a position where ``seat`` follows to the trick: its moves, best guesses first."""
    seat = frames[ply, F_SEAT]
    hand = hands[seat]
    led = frames[ply, F_LED]
    legal = legal_mask(rules, hand, led, frames[ply, F_FIRST] != 0, True)
    others = (frames[ply, F_LIVE] ^ hand) | frames[ply, F_TMASK]
    last = frames[ply, F_POS] == params[P_N] - 1
    count = follow_moves(params, moves, ply, seat, legal, led, frames[ply, F_WCARD], frames[ply, F_WSEAT], others, last)
    start_moves(params, frames, ply, seat, count)


@_inline
def start_moves(params: np.ndarray, frames: np.ndarray, ply: int, seat: int, count: int) -> None:
    frames[ply, F_COUNT] = count
    frames[ply, F_NEXT] = 0
    frames[ply, F_BEST] = INF if params[P_MINIMIZER + seat] else -INF
    frames[ply, F_BEST_MOVE] = -1


@_inline
def set_frame(
    frames: np.ndarray,
    ply: int,
    seat: int,
    pos: int,
    led: int,
    wcard: int,
    wseat: int,
    tpts: int,
    tmask: int,
    broken: int,
    live: int,
    first: int,
    alpha: int,
    beta: int,
) -> None:
    """A position: ``seat`` plays the ``pos``-th card of the trick (``led`` is the led suit, -1
    before the lead; ``wcard``/``wseat`` the winning card and its player; ``tpts``/``tmask`` the
    trick's value and cards; ``live`` every card still held; ``first`` 1 on trick 0), searched in
    ``alpha, beta``."""
    frames[ply, F_SEAT] = seat
    frames[ply, F_POS] = pos
    frames[ply, F_LED] = led
    frames[ply, F_WCARD] = wcard
    frames[ply, F_WSEAT] = wseat
    frames[ply, F_TPTS] = tpts
    frames[ply, F_TMASK] = tmask
    frames[ply, F_BROKEN] = broken
    frames[ply, F_LIVE] = live
    frames[ply, F_FIRST] = first
    frames[ply, F_ALPHA] = alpha
    frames[ply, F_BETA] = beta


@_inline
def descend(params: np.ndarray, hands: np.ndarray, frames: np.ndarray, moves: np.ndarray, ply: int) -> None:
    """Play the frame's next move and set up the child position in the next frame."""
    index = frames[ply, F_NEXT]
    card = moves[ply, index]
    frames[ply, F_NEXT] = index + 1
    frames[ply, F_CARD] = card
    bit = 1 << card
    seat = frames[ply, F_SEAT]
    hands[seat] ^= bit
    pos = frames[ply, F_POS]
    n = params[P_N]
    broken = 1 if frames[ply, F_BROKEN] or bit & params[P_BREAKS] else 0
    live = frames[ply, F_LIVE] ^ bit
    tpts = frames[ply, F_TPTS] + params[P_TABLE + card]
    alpha = frames[ply, F_ALPHA]
    beta = frames[ply, F_BETA]
    if pos == 0:
        led = card // 13
        wcard = card
        wseat = seat
    else:
        led = frames[ply, F_LED]
        wcard = frames[ply, F_WCARD]
        wseat = frames[ply, F_WSEAT]
        if card > wcard and card // 13 == led:
            wcard = card
            wseat = seat
    if pos == n - 1:
        gained = tpts if params[P_COUNTED + wseat] else 0
        frames[ply, F_GAINED] = gained
        set_frame(frames, ply + 1, wseat, 0, -1, -1, -1, 0, 0, broken, live, 0, alpha - gained, beta - gained)
    else:
        frames[ply, F_GAINED] = 0
        set_frame(
            frames,
            ply + 1,
            (seat + 1) % n,
            pos + 1,
            led,
            wcard,
            wseat,
            tpts,
            frames[ply, F_TMASK] | bit,
            broken,
            live,
            frames[ply, F_FIRST],
            alpha,
            beta,
        )


@_inline
def absorb(params: np.ndarray, hands: np.ndarray, frames: np.ndarray, ply: int, value: int) -> bool:
    """Take back the frame's move and count its child's ``value``: whether to try another move
    (False on a cutoff or when none is left)."""
    card = frames[ply, F_CARD]
    seat = frames[ply, F_SEAT]
    hands[seat] ^= 1 << card
    result = frames[ply, F_GAINED] + value
    best = frames[ply, F_BEST]
    if params[P_MINIMIZER + seat]:
        if result < best:
            frames[ply, F_BEST] = result
            frames[ply, F_BEST_MOVE] = card
            if result <= frames[ply, F_ALPHA]:
                return False
            if result < frames[ply, F_BETA]:
                frames[ply, F_BETA] = result
    elif result > best:
        frames[ply, F_BEST] = result
        frames[ply, F_BEST_MOVE] = card
        if result >= frames[ply, F_BETA]:
            return False
        if result > frames[ply, F_ALPHA]:
            frames[ply, F_ALPHA] = result
    return frames[ply, F_NEXT] < frames[ply, F_COUNT]


@_inline
def close(keys: np.ndarray, data: np.ndarray, frames: np.ndarray, ply: int) -> int:
    """The value of a frame whose moves are done; a lead stores its bounds in the table."""
    best = frames[ply, F_BEST]
    if frames[ply, F_POS] != 0 or frames[ply, F_FIRST] != 0:
        return best
    if best <= frames[ply, F_ALPHA0]:
        low, high = frames[ply, F_LO], best
    elif best >= frames[ply, F_BETA0]:
        low, high = best, frames[ply, F_HI]
    else:
        low, high = best, best
    table_store(keys, data, frames, ply, low, high, frames[ply, F_BEST_MOVE], popcount(frames[ply, F_LIVE]))
    return best


@_inline
def open_node(
    params: np.ndarray,
    rules: np.ndarray,
    hands: np.ndarray,
    scratch: np.ndarray,
    keys: np.ndarray,
    data: np.ndarray,
    frames: np.ndarray,
    moves: np.ndarray,
    ply: int,
) -> tuple[bool, int]:
    """Open the frame's position: ``(True, value)`` when settled at once, else ``(False, 0)``."""
    if frames[ply, F_POS] == 0:
        return open_lead(params, rules, hands, scratch, keys, data, frames, moves, ply)
    open_follow(params, rules, hands, frames, moves, ply)
    return False, 0


# -- the search ---------------------------------------------------------------------------------------


@_kernel
def search(
    params: np.ndarray,
    rules: np.ndarray,
    hands: np.ndarray,
    keys: np.ndarray,
    data: np.ndarray,
    frames: np.ndarray,
    moves: np.ndarray,
    scratch: np.ndarray,
    seat: int,
    pos: int,
    led: int,
    wcard: int,
    wseat: int,
    tpts: int,
    tmask: int,
    broken: int,
    live: int,
    first: int,
    alpha: int,
    beta: int,
) -> int:
    """The internal value of a position (fail-soft alpha-beta: exact inside the window ``alpha,
    beta``, a bound outside it).  The position is as in :func:`set_frame`, with ``hands`` holding
    each seat's cards; ``scratch[W_NODES]`` counts the nodes."""
    write_digits(params, hands, scratch)
    set_frame(frames, 0, seat, pos, led, wcard, wseat, tpts, tmask, broken, live, first, alpha, beta)
    ply = 0
    while True:
        scratch[W_NODES] += 1
        settled, value = open_node(params, rules, hands, scratch, keys, data, frames, moves, ply)
        if not settled:
            descend(params, hands, frames, moves, ply)
            ply += 1
            continue
        while True:
            if ply == 0:
                return value
            ply -= 1
            if absorb(params, hands, frames, ply, value):
                descend(params, hands, frames, moves, ply)
                ply += 1
                break
            value = close(keys, data, frames, ply)


def warm() -> None:
    """Compile :func:`search` (or load it from numba's cache) on a two-card ending."""
    rules = Ruleset()
    table = rules.tables.points
    breaks = rules.tables.legality.breaks_mask
    everyone = (True,) * 4
    params = search_params(
        4, table, list(range(52)), everyone, (True, False, False, False), breaks, int(QUEEN_OF_SPADES)
    )
    hands = np.array([0b11, 0b11 << 2, 0b11 << 4, 0b11 << 6], dtype=np.int64)
    live = 0xFF
    keys, data = new_table(8)
    frames, moves = new_stack()
    scratch = new_scratch()
    rules_numbers = rules_array(rules)
    search(
        params, rules_numbers, hands, keys, data, frames, moves, scratch, 0, 0, -1, -1, -1, 0, 0, 0, live, 0, -INF, INF
    )


#: The compiled functions the solver calls directly (``fast.ready`` checks them).
ENTRY_POINTS: Final = ("search",)

__all__ = [
    "ENTRY_POINTS",
    "INF",
    "PARAMS_SIZE",
    "W_NODES",
    "new_scratch",
    "new_stack",
    "new_table",
    "search",
    "search_params",
    "supports",
    "warm",
]
