"""The kernel: every hot path of the engine, once, as numba functions on 64-bit card masks.

Everything that must be fast is written here and nowhere else: legality,
playing a card, scoring, the heuristic player (with the idea behind each card)
and the moon shooter, the heuristic pass, equivalent cards, whole random hands,
the Variant Lab's hands, deals of the unseen cards consistent with a seat's
view, and the Monte Carlo playouts; the exact solver's searches are in
:mod:`hearts_core.search.solver_kernel`.  Everything works on plain ``int64``
numbers and NumPy arrays so that numba compiles it to machine code; with
``HEARTS_COMPILED=0`` (or without numba) the very same functions run as plain
Python, slowly, with the same answers and the same random numbers.

The readable specification stays in :mod:`hearts_core.engine`
(:class:`~hearts_core.engine.state.HandState`, :mod:`~hearts_core.engine.legality`,
:mod:`~hearts_core.engine.scoring`): ``tests/core/test_kernel.py`` plays seeded
hands on the kernel and replays them through ``HandState`` under every preset
and every example of every ruleset field, comparing every legal set and every
score.  :mod:`hearts_core.search.fast` warms the kernel (numba compiles each
function the first time it runs, or loads it from its disk cache).

Layouts (indices are module constants):

* rules: one ``int64`` array of :data:`RULES_SIZE` numbers (:func:`rules_array`);
* a position: one ``int64`` array of :data:`STATE_SIZE` numbers (``S_*``):
  leader, seat to play, trick length, hearts broken, cards gone, tricks done,
  the trick's winning card and its index, then per seat the hand, the cards
  taken, the tricks won and the points, then the trick's cards;
* random numbers: a 48-bit linear congruential generator whose state is one
  ``int64`` in a one-element array (the same numbers compiled or not).

None of these functions check their input: the wrappers in ``fast`` build it.
"""

# mypy: disable-error-code="no-any-return"
# (every number read from a NumPy array is typed Any; the functions return plain ints)
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Final

import numpy as np

from ..engine.rules import Ruleset

try:  # numba is optional: without it the kernel runs as plain Python (slowly, with the same answers).
    import numba
except ImportError:  # pragma: no cover - exercised where numba is not installed
    numba = None  # type: ignore[assignment]

#: ``HEARTS_COMPILED=0`` turns compiling off: the kernel runs as plain Python.
WANTED: Final = os.environ.get("HEARTS_COMPILED", "1") != "0"
AVAILABLE: Final = numba is not None and WANTED
#: The compiled modules: numba's disk cache is kept in a folder named by a digest of their source.
COMPILED_SOURCES: Final = ("kernel.py", "solver_kernel.py")


def cache_folder() -> Path:
    """Where numba keeps the compiled kernel: a folder per version of the kernel's source.

    numba checks a cached function only against its own file, so a change in a kernel function that
    another module's compiled code calls would otherwise keep the stale machine code; and the
    package's own folder may not be writable where the app is installed.  ``NUMBA_CACHE_DIR``,
    when set, is used as it is.
    """
    digest = hashlib.sha256()
    for name in COMPILED_SOURCES:
        digest.update((Path(__file__).parent / name).read_bytes())
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "hearts-academy" / f"numba-{digest.hexdigest()[:16]}"


if AVAILABLE and not os.environ.get("NUMBA_CACHE_DIR"):
    numba.config.CACHE_DIR = str(cache_folder())  # type: ignore[attr-defined]


def _kernel(function: Any) -> Any:
    """Compile with numba (cached on disk, releasing the GIL), or keep the Python function."""
    if not AVAILABLE:
        return function
    return numba.njit(cache=True, nogil=True)(function)


def _inline(function: Any) -> Any:
    """Like :func:`_kernel`, but inlined into its compiled callers: a small step of a search that
    passes arrays costs no call and no reference counting (the solver's search measured 1.7 times
    faster with its steps inlined)."""
    if not AVAILABLE:
        return function
    return numba.njit(cache=True, nogil=True, inline="always")(function)


# -- layouts ---------------------------------------------------------------------------------------

R_N, R_HAND_SIZE, R_DECK, R_PENALTY, R_BONUS, R_MOON_VALUE = 0, 1, 2, 3, 4, 5
R_OPENING_MASK, R_MUST_BREAK, R_LEAD_WITH_QUEEN, R_BARRED, R_BREAKS, R_OPENING_CARD = 6, 7, 8, 9, 10, 11
R_MOON_MODE, R_MOON_NEEDS_BONUS, R_SUN, R_NO_TRICKS, R_CHIPS, R_PASS_COUNT = 12, 13, 14, 15, 16, 17
R_TARGET, R_TIE_SHARE, R_MOON_ON, R_MOON_NEEDED, R_CYCLE_LEN = 18, 19, 20, 21, 22
R_CYCLE = 24  # up to 8 pass offsets
R_POINTS = 32  # 52 card values
RULES_SIZE: Final = R_POINTS + 52

MOON_OFF, MOON_ADD, MOON_SUBTRACT, MOON_BEST = 0, 1, 2, 3
MAX_CYCLE: Final = 8

S_LEADER, S_TO_PLAY, S_TRICK_LEN, S_BROKEN, S_GONE, S_DONE, S_WIN_CARD, S_WIN_INDEX = 0, 1, 2, 3, 4, 5, 6, 7
S_HANDS, S_TAKEN, S_WON, S_POINTS, S_TRICK = 8, 16, 24, 32, 40
STATE_SIZE: Final = 48

SUIT_BITS: Final = 0x1FFF
HEARTS_BITS: Final = SUIT_BITS << 26
SPADES_BITS: Final = SUIT_BITS << 39
NOT_HEARTS: Final = ((1 << 52) - 1) & ~HEARTS_BITS
QS: Final = 3 * 13 + 10
KS: Final = QS + 1
AS: Final = QS + 2
JD: Final = 13 + 9
QS_BIT: Final = 1 << QS
SPADE_HONOURS: Final = (1 << QS) | (1 << KS) | (1 << AS)
MOON_ALARM_CARDS: Final = 5
RNG_MULTIPLIER: Final = 0x5DEECE66D
RNG_MASK: Final = (1 << 48) - 1
#: Shooter codes returned by :func:`score_hand`: a moon shooter's seat, or SUN + seat.
SUN: Final = 100
#: The ideas behind the heuristic player's cards, numbered as :func:`heuristic_choice` returns them
#: (their texts are ``idea.<code>`` in the message catalogue).
HEURISTIC_IDEAS: Final = (
    "only_card",
    "win_jack",
    "stop_moon",
    "flush_queen",
    "lead_low",
    "keep_exit",
    "dump_queen",
    "duck_under_winner",
    "follow_low",
    "dump_high_heart",
    "dump_points",
    "void_discard",
)
IDEA_ONLY_CARD, IDEA_WIN_JACK, IDEA_STOP_MOON, IDEA_FLUSH_QUEEN, IDEA_LEAD_LOW, IDEA_KEEP_EXIT = 0, 1, 2, 3, 4, 5
IDEA_DUMP_QUEEN, IDEA_DUCK_UNDER_WINNER, IDEA_FOLLOW_LOW, IDEA_DUMP_HIGH_HEART = 6, 7, 8, 9
IDEA_DUMP_POINTS, IDEA_VOID_DISCARD = 10, 11


def rules_array(rules: Ruleset) -> np.ndarray:
    """The ruleset's numbers in the kernel's layout (the ``R_*`` indices)."""
    tables = rules.tables
    legality = tables.legality
    values = np.zeros(RULES_SIZE, dtype=np.int64)
    offsets = tables.pass_offsets
    if len(offsets) > MAX_CYCLE:
        raise ValueError(f"the kernel keeps at most {MAX_CYCLE} pass directions")
    mode = {"off": MOON_OFF, "add_to_others": MOON_ADD, "subtract_from_self": MOON_SUBTRACT}.get(rules.moon, MOON_BEST)
    moon_on = rules.moon != "off" and bool(tables.penalty_mask) and rules.scoring == "points"
    opening = tables.opening_card
    values[R_N] = rules.players
    values[R_HAND_SIZE] = tables.hand_size
    values[R_DECK] = tables.deck_mask
    values[R_PENALTY] = tables.penalty_mask
    values[R_BONUS] = tables.bonus_mask
    values[R_MOON_VALUE] = tables.moon_value
    values[R_OPENING_MASK] = legality.opening_mask
    values[R_MUST_BREAK] = legality.must_break
    values[R_LEAD_WITH_QUEEN] = legality.lead_with_queen
    values[R_BARRED] = legality.first_trick_barred
    values[R_BREAKS] = legality.breaks_mask
    values[R_OPENING_CARD] = -1 if opening is None else int(opening)
    values[R_MOON_MODE] = mode
    values[R_MOON_NEEDS_BONUS] = rules.moon_needs_bonus
    values[R_SUN] = rules.sun
    values[R_NO_TRICKS] = rules.no_tricks_bonus
    values[R_CHIPS] = rules.scoring == "chips"
    values[R_PASS_COUNT] = rules.pass_count
    values[R_TARGET] = rules.target_score
    values[R_TIE_SHARE] = rules.tie == "share"
    values[R_MOON_ON] = moon_on
    values[R_MOON_NEEDED] = tables.penalty_mask | (tables.bonus_mask if rules.moon_needs_bonus else 0)
    values[R_CYCLE_LEN] = len(offsets)
    values[R_CYCLE : R_CYCLE + len(offsets)] = offsets
    values[R_POINTS : R_POINTS + 52] = tables.points
    return values


def rng_state(seed: int) -> np.ndarray:
    """A generator state for :func:`next_bits` from any integer seed."""
    return np.array([(seed ^ RNG_MULTIPLIER) & RNG_MASK], dtype=np.int64)


# -- bits and random numbers ------------------------------------------------------------------------


@_kernel
def popcount(x: int) -> int:
    """The number of set bits of a non-negative mask."""
    x = int(x)  # a Python int when not compiled, so the multiplication below cannot overflow
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@_kernel
def lowest(mask: int) -> int:
    """The lowest card of a mask (-1 when empty)."""
    if mask == 0:
        return -1
    return popcount((mask & -mask) - 1)


@_kernel
def highest(mask: int) -> int:
    """The highest card of a mask (-1 when empty)."""
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    mask |= mask >> 16
    mask |= mask >> 32
    return popcount(mask) - 1


@_kernel
def next_bits(rng: np.ndarray) -> int:
    """31 random bits (the high bits of a 48-bit linear congruential generator)."""
    state = (int(rng[0]) * RNG_MULTIPLIER + 0xB) & RNG_MASK
    rng[0] = state
    return state >> 17


@_kernel
def below(rng: np.ndarray, count: int) -> int:
    """A random whole number from 0 to ``count - 1``."""
    return (next_bits(rng) * count) >> 31


@_kernel
def nth_card(mask: int, index: int) -> int:
    """The ``index``-th lowest card of ``mask``."""
    while index > 0:
        mask &= mask - 1
        index -= 1
    return lowest(mask)


@_kernel
def random_card(mask: int, rng: np.ndarray) -> int:
    """A uniformly random card of a non-empty mask."""
    count = popcount(mask)
    if count == 1:
        return lowest(mask)
    return nth_card(mask, below(rng, count))


# -- equivalent cards ----------------------------------------------------------------------------------


@_inline
def class_representatives(attributes: np.ndarray, offset: int, cards: int, elsewhere: int, out: np.ndarray) -> int:
    """One card of each class of equivalent cards of ``cards`` (its lowest), in card order, into
    ``out``; returns how many.

    Two cards of one suit in one hand are equivalent when nothing between them in rank is still
    in play ``elsewhere`` (the other hands and the trick in progress) and they share every
    attribute the question cares about: ``attributes[offset + card]`` numbers a card's
    attributes (:func:`hearts_core.search.equivalence.card_attributes`).  So each class is a
    run of ``cards`` in card order, from its representative up to the next one."""
    count = 0
    previous = -1
    previous_attribute = -1
    while cards:
        card = lowest(cards)
        bit = cards & -cards
        cards ^= bit
        attribute = attributes[offset + card]
        joins = (
            previous >= 0
            and card // 13 == previous // 13
            and attribute == previous_attribute
            and not elsewhere & (bit - (2 << previous))
        )
        if not joins:
            out[count] = card
            count += 1
            previous_attribute = attribute
        previous = card
    return count


# -- legality and play -------------------------------------------------------------------------------


@_kernel
def legal_mask(rules: np.ndarray, hand: int, led_suit: int, first_trick: bool, broken: bool) -> int:
    """The legal cards of ``hand``: the engine's :func:`~hearts_core.engine.legality.legal_mask`
    (``led_suit`` is -1 when leading)."""
    if led_suit >= 0:
        candidates = hand & (SUIT_BITS << (13 * led_suit))
        if candidates == 0:
            candidates = hand
    elif first_trick and rules[R_OPENING_MASK] != 0:
        return hand & rules[R_OPENING_MASK]
    else:
        candidates = hand
        if rules[R_MUST_BREAK] != 0 and not broken:
            others = hand & NOT_HEARTS
            if others != 0 and not (rules[R_LEAD_WITH_QUEEN] != 0 and others == QS_BIT):
                candidates = others
    barred = rules[R_BARRED]
    if first_trick and barred != 0:
        allowed = candidates & ~barred
        if allowed != 0:
            candidates = allowed
    return candidates


@_kernel
def state_legal(rules: np.ndarray, state: np.ndarray) -> int:
    """The legal cards of the seat to play in ``state``."""
    led = state[S_TRICK] // 13 if state[S_TRICK_LEN] > 0 else -1
    hand = state[S_HANDS + state[S_TO_PLAY]]
    return legal_mask(rules, hand, led, state[S_DONE] == 0, state[S_BROKEN] != 0)


@_kernel
def start_state(rules: np.ndarray, hands: np.ndarray, leader: int, state: np.ndarray) -> None:
    """Fill ``state`` with a fresh hand: ``hands`` dealt (and passed), ``leader`` to lead."""
    state[:] = 0
    n = rules[R_N]
    for seat in range(n):
        state[S_HANDS + seat] = hands[seat]
    state[S_LEADER] = leader
    state[S_TO_PLAY] = leader
    state[S_WIN_CARD] = -1


@_kernel
def play_card(rules: np.ndarray, state: np.ndarray, card: int) -> None:
    """Play ``card`` for the seat to move (not checked: pass a legal card)."""
    bit = 1 << card
    seat = state[S_TO_PLAY]
    n = rules[R_N]
    state[S_HANDS + seat] ^= bit
    state[S_GONE] |= bit
    if bit & rules[R_BREAKS]:
        state[S_BROKEN] = 1
    length = state[S_TRICK_LEN]
    if length == 0:
        state[S_WIN_CARD] = card
        state[S_WIN_INDEX] = 0
    elif card > state[S_WIN_CARD] and card // 13 == state[S_TRICK] // 13:
        state[S_WIN_CARD] = card
        state[S_WIN_INDEX] = length
    state[S_TRICK + length] = card
    length += 1
    if length < n:
        state[S_TRICK_LEN] = length
        state[S_TO_PLAY] = (seat + 1) % n
        return
    winner = (state[S_LEADER] + state[S_WIN_INDEX]) % n
    mask = 0
    total = 0
    for index in range(n):
        played = state[S_TRICK + index]
        mask |= 1 << played
        total += rules[R_POINTS + played]
    state[S_TAKEN + winner] |= mask
    state[S_WON + winner] += 1
    state[S_POINTS + winner] += total
    state[S_DONE] += 1
    state[S_TRICK_LEN] = 0
    state[S_LEADER] = winner
    state[S_TO_PLAY] = winner
    state[S_WIN_CARD] = -1


# -- scoring -----------------------------------------------------------------------------------------


@_kernel
def moon_shooter(rules: np.ndarray, state: np.ndarray) -> int:
    """The seat that took every card a moon needs, or -1."""
    if rules[R_MOON_ON] == 0:
        return -1
    needed = rules[R_MOON_NEEDED]
    for seat in range(rules[R_N]):
        if state[S_TAKEN + seat] & needed == needed:
            return seat
    return -1


@_kernel
def _standing(rules: np.ndarray, after: np.ndarray, seat: int) -> int:
    """3 wins alone, 2 shares the win, 1 the game goes on, 0 loses (``scoring.standing_after``)."""
    n = rules[R_N]
    target = rules[R_TARGET]
    top = after[0]
    low = after[0]
    for other in range(n):
        top = max(top, after[other])
        low = min(low, after[other])
    if not (target != 0 and top >= target):
        return 1
    if after[seat] != low:
        return 0
    ties = 0
    for other in range(n):
        if after[other] == low:
            ties += 1
    if ties == 1:
        return 3
    return 2 if rules[R_TIE_SHARE] != 0 else 1


@_kernel
def score_hand(rules: np.ndarray, state: np.ndarray, totals: np.ndarray, use_totals: bool, out: np.ndarray) -> int:
    """The hand's scores into ``out`` (``engine.scoring.score_hand`` with no moon choice: the
    shooter's best option given ``totals``).  Returns the moon shooter's seat, ``SUN`` + the
    sun shooter's seat, or -1."""
    n = rules[R_N]
    if rules[R_CHIPS] != 0:
        deck_hearts = HEARTS_BITS & rules[R_DECK]
        fewest = 99
        for seat in range(n):
            out[seat] = popcount(state[S_TAKEN + seat] & deck_hearts)
            fewest = min(fewest, out[seat])
        winners = 0
        pot = 0
        for seat in range(n):
            if out[seat] == fewest:
                winners += 1
            else:
                pot += out[seat]
        share = pot // winners
        for seat in range(n):
            if winners == n:
                out[seat] = 0
            elif out[seat] == fewest:
                out[seat] = -share
        return -1
    value = rules[R_MOON_VALUE]
    for seat in range(n):
        out[seat] = state[S_POINTS + seat]
    if rules[R_SUN] != 0:
        for seat in range(n):
            if state[S_WON + seat] == rules[R_HAND_SIZE]:
                for other in range(n):
                    out[other] += -value if other == seat else 2 * value
                return SUN + seat
    shooter = -1
    if rules[R_MOON_MODE] != MOON_OFF and rules[R_PENALTY] != 0:
        needed = rules[R_MOON_NEEDED]
        for seat in range(n):
            if state[S_TAKEN + seat] & needed == needed:
                shooter = seat
                break
    if shooter >= 0:
        add = rules[R_MOON_MODE] == MOON_ADD
        if rules[R_MOON_MODE] == MOON_BEST:
            add = True
            if use_totals:
                add_after = np.empty(n, dtype=np.int64)
                subtract_after = np.empty(n, dtype=np.int64)
                for seat in range(n):
                    base = totals[seat] + out[seat]
                    add_after[seat] = base - value if seat == shooter else base + value
                    subtract_after[seat] = base - 2 * value if seat == shooter else base
                add = _standing(rules, add_after, shooter) >= _standing(rules, subtract_after, shooter)
        for seat in range(n):
            if add:
                out[seat] += -value if seat == shooter else value
            elif seat == shooter:
                out[seat] -= 2 * value
        return shooter
    bonus = rules[R_NO_TRICKS]
    if bonus != 0:
        done = 0
        for seat in range(n):
            done += state[S_WON + seat]
        if done == rules[R_HAND_SIZE]:
            for seat in range(n):
                if state[S_WON + seat] == 0:
                    out[seat] += bonus
    return -1


# -- the heuristic player: the sources' strategy advice as code ---------------------------------------


@_kernel
def _priced(rules: np.ndarray, mask: int, sign: int) -> int:
    result = 0
    while mask:
        low = mask & -mask
        if rules[R_POINTS + lowest(low)] * sign > 0:
            result |= low
        mask ^= low
    return result


@_kernel
def _best_by_points(rules: np.ndarray, mask: int) -> int:
    best = -1
    best_points = -1_000_000
    best_rank = -1
    while mask:
        low = mask & -mask
        card = lowest(low)
        points = rules[R_POINTS + card]
        rank = card % 13
        if points > best_points or (points == best_points and rank > best_rank):
            best_points = points
            best_rank = rank
            best = card
        mask ^= low
    return best


@_kernel
def _low_points(rules: np.ndarray, mask: int) -> int:
    best = -1
    best_points = 1_000_000
    while mask:
        low = mask & -mask
        card = lowest(low)
        points = rules[R_POINTS + card]
        if points < best_points or (points == best_points and card > best):
            best_points = points
            best = card
        mask ^= low
    return best


@_kernel
def _high_rank(pool: int, hand: int) -> int:
    best = -1
    best_rank = -1
    best_length = 0
    for suit in range(4):
        mine = pool & (SUIT_BITS << (13 * suit))
        if mine:
            card = highest(mine)
            rank = card % 13
            length = -popcount(hand & (SUIT_BITS << (13 * suit)))
            if rank > best_rank or (rank == best_rank and length > best_length):
                best_rank = rank
                best_length = length
                best = card
    return best


@_kernel
def moon_threat(rules: np.ndarray, state: np.ndarray) -> int:
    """The seat collecting every penalty card so far when it is a danger, else -1."""
    if rules[R_MOON_ON] == 0:
        return -1
    holder = -1
    penalty = rules[R_PENALTY]
    for seat in range(rules[R_N]):
        if state[S_TAKEN + seat] & penalty:
            if holder >= 0:
                return -1
            holder = seat
    if holder < 0:
        return -1
    cards = state[S_TAKEN + holder] & penalty
    count = popcount(cards)
    if count >= MOON_ALARM_CARDS:
        return holder
    if count >= 2:
        total = 0
        rest = cards
        while rest:
            low = rest & -rest
            total += rules[R_POINTS + lowest(low)]
            rest ^= low
        if 2 * total > rules[R_MOON_VALUE]:
            return holder
    return -1


@_inline
def _lead(rules: np.ndarray, hand: int, legal: int, unseen: int, threat: int) -> tuple[int, int]:
    """The heuristic's lead: the JD when it is a sure bonus, a high heart against a moon, a low spade
    to flush the queen, else the low card most likely to be beaten (from a short suit on a tie)."""
    diamonds = SUIT_BITS << 13
    if rules[R_POINTS + JD] < 0 and (legal >> JD) & 1 and not unseen & diamonds & ~((1 << (JD + 1)) - 1):
        return JD, IDEA_WIN_JACK
    if threat >= 0:
        hearts = legal & HEARTS_BITS
        if hearts and highest(hearts) > highest(unseen & HEARTS_BITS):
            return highest(hearts), IDEA_STOP_MOON
    spades = legal & SPADES_BITS
    if spades and (unseen >> QS) & 1 and not hand & SPADE_HONOURS:
        return lowest(spades), IDEA_FLUSH_QUEEN
    negative = _priced(rules, legal, -1)
    safe = legal & ~_priced(rules, legal, 1) & ~negative
    pool = safe
    if pool == 0:
        pool = legal & ~negative
    if pool == 0:
        pool = legal
    best = -1
    best_risk = 1_000_000
    best_length = 0
    best_rank = 0
    for suit in range(4):
        suit_bits = SUIT_BITS << (13 * suit)
        mine = pool & suit_bits
        if not mine:
            continue
        card = lowest(mine)
        out = unseen & suit_bits
        risk = popcount(out & ((1 << card) - 1)) * 2 + (40 if out == 0 else 0)
        if suit == 3 and hand & SPADE_HONOURS and ((unseen >> QS) & 1 or (hand >> QS) & 1):
            risk += 6
        points = rules[R_POINTS + card]
        if points > 0:
            risk += 3 + points
        length = popcount(hand & suit_bits)
        rank = card % 13
        if (risk, length, rank) < (best_risk, best_length, best_rank):
            best_risk, best_length, best_rank = risk, length, rank
            best = card
    return best, IDEA_LEAD_LOW


@_inline
def _follow(
    rules: np.ndarray,
    state: np.ndarray,
    legal: int,
    unseen: int,
    suit: int,
    win_card: int,
    winner: int,
    trick_points: int,
    last: bool,
    threat: int,
) -> tuple[int, int]:
    """The heuristic following suit: take a sure bonus jack, take penalty cards away from a moon
    shooter, else duck under the winner (dumping points there), or win cheaply when nobody can beat it."""
    below_winner = legal & ((1 << win_card) - 1)
    above = legal & ~below_winner
    length = state[S_TRICK_LEN]
    penalties_in_trick = False
    jack_in_trick = False
    for index in range(length):
        card = state[S_TRICK + index]
        if rules[R_POINTS + card] > 0:
            penalties_in_trick = True
        if card == JD:
            jack_in_trick = True
    # Omnibus: take the jack when the trick is worth taking and nobody can beat us.
    if rules[R_POINTS + JD] < 0 and above and (jack_in_trick or (legal >> JD) & 1):
        card = JD if (above >> JD) & 1 else highest(above)
        beaten = unseen & suit & ~((1 << (card + 1)) - 1)
        if (last or beaten == 0) and trick_points + rules[R_POINTS + card] < 0:
            return card, IDEA_WIN_JACK
    # Moon defence: take a trick with penalty cards away from the collector.
    if threat >= 0 and above and penalties_in_trick and (winner == threat or not last):
        clean = above & ~_priced(rules, above, 1)
        return highest(clean if clean else above), IDEA_STOP_MOON
    if below_winner:
        if last and above and trick_points <= 0 and not penalties_in_trick:
            clean = above & ~_priced(rules, above, 1)
            if clean:
                return highest(clean), IDEA_KEEP_EXIT
        loaded = _priced(rules, below_winner, 1)
        if loaded:
            card = _best_by_points(rules, loaded)
            return card, IDEA_DUMP_QUEEN if card == QS else IDEA_DUCK_UNDER_WINNER
        return highest(below_winner), IDEA_DUCK_UNDER_WINNER
    clean = above & ~_priced(rules, above, 1)
    if last:
        return (highest(clean) if clean else _low_points(rules, above)), IDEA_KEEP_EXIT
    lowest_mine = lowest(clean if clean else above)
    if not unseen & suit & ~((1 << (lowest_mine + 1)) - 1):
        # Nobody still to play can beat us: win with the highest safe card.
        return (highest(clean) if clean else _low_points(rules, above)), IDEA_KEEP_EXIT
    return lowest_mine, IDEA_FOLLOW_LOW


@_inline
def _discard(
    rules: np.ndarray, hand: int, legal: int, unseen: int, winner: int, last: bool, threat: int
) -> tuple[int, int]:
    """The heuristic without the led suit: against a moon give points to anyone but the shooter,
    else dump the most points (the queen first), else the most dangerous high card."""
    positive = _priced(rules, legal, 1)
    keep = _priced(rules, legal, -1)
    if threat >= 0:
        if winner == threat:
            clean = legal & ~positive & ~keep
            if clean:
                return _high_rank(clean, hand), IDEA_STOP_MOON
        elif last and positive:
            return _best_by_points(rules, positive), IDEA_STOP_MOON
    if positive:
        card = _best_by_points(rules, positive)
        if card == QS:
            return card, IDEA_DUMP_QUEEN
        return card, IDEA_DUMP_HIGH_HEART if card // 13 == 2 else IDEA_DUMP_POINTS
    pool = legal & ~keep
    if pool == 0:
        pool = legal
    # Without the queen out, the AS and KS are the most dangerous cards to keep.
    if (unseen >> QS) & 1:
        honours = pool & SPADE_HONOURS
        if honours:
            return highest(honours), IDEA_VOID_DISCARD
    return _high_rank(pool, hand), IDEA_VOID_DISCARD


@_inline
def heuristic_choice(rules: np.ndarray, state: np.ndarray, legal: int) -> tuple[int, int]:
    """The heuristic player's card for the seat to play, and the idea behind it (an index of
    :data:`HEURISTIC_IDEAS`).

    It reads only what that seat knows: its own hand, the trick in progress, the cards gone and
    the cards each seat has taken (the other hands in ``state`` are never looked at, so a bot may
    pass a position with only its own hand filled in).  The sources' strategy advice, in this
    order: moon defence, the jack of diamonds when it is a bonus, then by position (lead, follow,
    discard)."""
    if not legal & (legal - 1):
        return lowest(legal), IDEA_ONLY_CARD
    seat = state[S_TO_PLAY]
    n = rules[R_N]
    hand = state[S_HANDS + seat]
    unseen = rules[R_DECK] & ~hand & ~state[S_GONE]
    threat = moon_threat(rules, state)
    if threat == seat:
        threat = -1
    length = state[S_TRICK_LEN]
    if length == 0:
        return _lead(rules, hand, legal, unseen, threat)
    led = state[S_TRICK] // 13
    suit = SUIT_BITS << (13 * led)
    win_card = state[S_TRICK]
    win_index = 0
    trick_points = 0
    for index in range(length):
        card = state[S_TRICK + index]
        trick_points += rules[R_POINTS + card]
        if card // 13 == led and card > win_card:
            win_card = card
            win_index = index
    winner = (state[S_LEADER] + win_index) % n
    last = length == n - 1
    if legal & suit:
        return _follow(rules, state, legal, unseen, suit, win_card, winner, trick_points, last, threat)
    return _discard(rules, hand, legal, unseen, winner, last, threat)


@_kernel
def heuristic_card(rules: np.ndarray, state: np.ndarray, legal: int) -> int:
    """The heuristic player's card for the seat to play (:func:`heuristic_choice` without the idea)."""
    return heuristic_choice(rules, state, legal)[0]


@_kernel
def shooter_card(rules: np.ndarray, state: np.ndarray, legal: int) -> int:
    """Play for the moon: win every trick with penalty cards, lead from the top (a card nobody can
    beat when there is one)."""
    if not legal & (legal - 1):
        return lowest(legal)
    hand = state[S_HANDS + state[S_TO_PLAY]]
    unseen = rules[R_DECK] & ~hand & ~state[S_GONE]
    length = state[S_TRICK_LEN]
    if length == 0:
        for rank in range(12, -1, -1):
            for suit in range(4):
                card = suit * 13 + rank
                if (legal >> card) & 1 and not unseen & (SUIT_BITS << (13 * suit)) & ~((1 << (card + 1)) - 1):
                    return card
        return _high_rank(legal, hand)
    led = state[S_TRICK] // 13
    suit_bits = SUIT_BITS << (13 * led)
    if legal & suit_bits:
        top = highest(legal & suit_bits)
        best = -1
        for index in range(length):
            card = state[S_TRICK + index]
            if card // 13 == led and card > best:
                best = card
        return top if top > best else lowest(legal)
    clean = legal & ~_priced(rules, legal, 1)
    return lowest(clean) if clean else lowest(legal)


@_kernel
def heuristic_pass(rules: np.ndarray, hand: int, right: bool) -> int:
    """The heuristic's pass as a mask by the sources' passing advice (see
    ``hearts_core.ai.bots.heuristic_pass``); ``right``: passing
    to the seat on the right."""
    count = rules[R_PASS_COUNT]
    spades = hand & SPADES_BITS
    spade_count = popcount(spades)
    low_spade = (spades & ~SPADE_HONOURS) != 0
    scores = np.full(52, -1e18)
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        card = lowest(low)
        suit = card // 13
        rank = card % 13 + 2
        points = rules[R_POINTS + card]
        suit_bits = SUIT_BITS << (13 * suit)
        mine = hand & suit_bits
        length = popcount(mine)
        lows = popcount(mine & ((1 << (suit * 13 + 4)) - 1) & suit_bits)
        if points < 0:
            score = -100.0
        elif suit == 3 and card >= QS:  # the QS, KS or AS
            if spade_count < 4 and not (right and low_spade and card != QS and points <= 0):
                score = 80.0 + rank + points
            else:
                score = -50.0 + points
        elif suit == 3:
            score = -80.0
        elif suit == 2:
            if length == 1 and rank == 14:
                score = -30.0
            else:
                score = rank - 6.0 + points - 1 - (4 if lows >= 2 else 0)
        else:
            score = rank + points * 3.0
            if length <= 3:
                score += 6 - 2 * length
            if lows == 0:
                score += 4
            if rank <= 5:
                score -= 10
            if length <= count:
                score += 5
        scores[card] = score
    chosen = 0
    for _ in range(count):
        best = -1
        for card in range(52):
            if (hand >> card) & 1 and not (chosen >> card) & 1 and (best < 0 or scores[card] > scores[best]):
                best = card
        chosen |= 1 << best
    return chosen


# -- whole hands -------------------------------------------------------------------------------------


@_kernel
def rollout(rules: np.ndarray, state: np.ndarray, me: int, shoot: bool, epsilon: int, rng: np.ndarray) -> None:
    """Play to the end: the heuristic for every seat (``me`` going for the moon when ``shoot``), a
    random legal card when 31 random bits fall below ``epsilon``."""
    while True:
        seat = state[S_TO_PLAY]
        if state[S_HANDS + seat] == 0:
            return
        legal = state_legal(rules, state)
        if not legal & (legal - 1):
            card = lowest(legal)
        elif next_bits(rng) < epsilon:
            card = random_card(legal, rng)
        elif shoot and seat == me:
            card = shooter_card(rules, state, legal)
        else:
            card = heuristic_card(rules, state, legal)
        play_card(rules, state, card)


@_kernel
def playouts(
    rules: np.ndarray,
    bases: np.ndarray,
    seeds: np.ndarray,
    card: int,
    me: int,
    shoot: bool,
    epsilon: int,
    totals: np.ndarray,
    use_totals: bool,
    scores: np.ndarray,
    flags: np.ndarray,
) -> None:
    """Play ``card`` then roll out, once per world (``bases[w]``, seeded by ``seeds[w]``); per world the
    final scores into ``scores[w]`` and into ``flags[w]``: whether ``me`` took the QS, and the moon
    shooter (-1 for none)."""
    state = np.empty(STATE_SIZE, dtype=np.int64)
    rng = np.empty(1, dtype=np.int64)
    for world in range(bases.shape[0]):
        state[:] = bases[world]
        rng[0] = seeds[world]
        play_card(rules, state, card)
        rollout(rules, state, me, shoot, epsilon, rng)
        score_hand(rules, state, totals, use_totals, scores[world])
        flags[world, 0] = (state[S_TAKEN + me] >> QS) & 1
        flags[world, 1] = moon_shooter(rules, state)


@_kernel
def threat_playouts(
    rules: np.ndarray,
    bases: np.ndarray,
    seeds: np.ndarray,
    card: int,
    me: int,
    shooter: int,
    epsilon: int,
    totals: np.ndarray,
    use_totals: bool,
    scores: np.ndarray,
    flags: np.ndarray,
) -> None:
    """:func:`playouts` with another seat, ``shooter``, going for the moon after ``card`` (the
    expert's moon defence: what a card costs when the collector of the points plays to shoot)."""
    state = np.empty(STATE_SIZE, dtype=np.int64)
    rng = np.empty(1, dtype=np.int64)
    for world in range(bases.shape[0]):
        state[:] = bases[world]
        rng[0] = seeds[world]
        play_card(rules, state, card)
        rollout(rules, state, shooter, True, epsilon, rng)
        score_hand(rules, state, totals, use_totals, scores[world])
        flags[world, 0] = (state[S_TAKEN + me] >> QS) & 1
        flags[world, 1] = moon_shooter(rules, state)


@_kernel
def pass_playouts(
    rules: np.ndarray,
    worlds: np.ndarray,
    hand_number: int,
    me: int,
    mine: int,
    seeds: np.ndarray,
    epsilon: int,
    totals: np.ndarray,
    use_totals: bool,
    scores: np.ndarray,
) -> None:
    """A candidate pass played out once per world (``worlds[w]``: every seat's dealt hand): ``me``
    passes ``mine``, the others pass by the heuristic, and the heuristic plays the hand out
    (the Monte Carlo bot's and the pass hint's scoring).  The final scores go into ``scores[w]``."""
    n = rules[R_N]
    offset = pass_offset(rules, hand_number)
    hands = np.empty(n, dtype=np.int64)
    passed = np.empty(n, dtype=np.int64)
    state = np.empty(STATE_SIZE, dtype=np.int64)
    rng = np.empty(1, dtype=np.int64)
    for world in range(worlds.shape[0]):
        for seat in range(n):
            hands[seat] = worlds[world, seat]
        for seat in range(n):
            passed[seat] = mine if seat == me else heuristic_pass(rules, hands[seat], offset == n - 1)
        if offset:
            exchange(rules, hands, passed, offset)
        start_state(rules, hands, opening_leader(rules, hands, hand_number), state)
        rng[0] = seeds[world]
        rollout(rules, state, -1, False, epsilon, rng)
        score_hand(rules, state, totals, use_totals, scores[world])


@_kernel
def opening_leader(rules: np.ndarray, hands: np.ndarray, hand_number: int) -> int:
    """The first leader: the holder of the opening card, or the player left of the dealer."""
    n = rules[R_N]
    opening = rules[R_OPENING_CARD]
    if opening < 0:
        return (hand_number + n) % n
    for seat in range(n):
        if (hands[seat] >> opening) & 1:
            return seat
    return 0


@_kernel
def pass_offset(rules: np.ndarray, hand_number: int) -> int:
    """How many seats to the left this hand's cards go (0: a hold hand)."""
    return rules[R_CYCLE + hand_number % rules[R_CYCLE_LEN]]


@_kernel
def exchange(rules: np.ndarray, hands: np.ndarray, passed: np.ndarray, offset: int) -> None:
    """Every seat gives ``passed[seat]`` to the seat ``offset`` to its left (in place)."""
    n = rules[R_N]
    for seat in range(n):
        hands[seat] &= ~passed[seat]
    for seat in range(n):
        hands[(seat + offset) % n] |= passed[seat]


@_kernel
def random_passes(rules: np.ndarray, hands: np.ndarray, passed: np.ndarray, rng: np.ndarray) -> None:
    """Every seat's pass into ``passed``: ``pass_count`` cards of its hand drawn one by one."""
    for seat in range(rules[R_N]):
        passed[seat] = 0
        for _ in range(rules[R_PASS_COUNT]):
            passed[seat] |= 1 << random_card(hands[seat] & ~passed[seat], rng)


@_kernel
def random_hands(
    rules: np.ndarray, count: int, first_hand: int, rng: np.ndarray, scores: np.ndarray, trace: np.ndarray
) -> None:
    """Deal, pass and play ``count`` hands with uniformly random legal choices; hand ``i`` is hand
    number ``first_hand + i`` (its pass direction and dealer).  Scores into ``scores[i]``.  When
    ``trace`` has rows, row ``i`` records the hand: the dealt hands, the passes, then every play as
    (card, the legal cards it was chosen from)."""
    n = rules[R_N]
    deck = np.empty(52, dtype=np.int64)
    size = 0
    for card in range(52):
        if (rules[R_DECK] >> card) & 1:
            deck[size] = card
            size += 1
    hands = np.empty(n, dtype=np.int64)
    passed = np.empty(n, dtype=np.int64)
    state = np.empty(STATE_SIZE, dtype=np.int64)
    totals = np.zeros(n, dtype=np.int64)
    recording = trace.shape[0] > 0
    for hand in range(count):
        hand_number = first_hand + hand
        for index in range(size - 1, 0, -1):  # Fisher-Yates
            other = below(rng, index + 1)
            deck[index], deck[other] = deck[other], deck[index]
        first = hand_number % n  # left of the dealer (seat n-1 deals hand 0)
        hands[:] = 0
        for index in range(size):
            hands[(first + index) % n] |= 1 << deck[index]
        offset = pass_offset(rules, hand_number)
        passed[:] = 0
        if offset:
            random_passes(rules, hands, passed, rng)
        if recording:
            for seat in range(n):
                trace[hand, seat] = hands[seat]
                trace[hand, n + seat] = passed[seat]
        if offset:
            exchange(rules, hands, passed, offset)
        start_state(rules, hands, opening_leader(rules, hands, hand_number), state)
        for play in range(size):
            legal = state_legal(rules, state)
            card = random_card(legal, rng)
            if recording:
                trace[hand, 2 * n + 2 * play] = card
                trace[hand, 2 * n + 2 * play + 1] = legal
            play_card(rules, state, card)
        score_hand(rules, state, totals, False, scores[hand])


#: Columns of :func:`lab_hands`'s facts, after the seats' scores.
LAB_MOON, LAB_SUN, LAB_QUEEN_TAKER, LAB_QUEEN_SELF, LAB_FIRST_POINTS, LAB_BROKEN_TRICK = 0, 1, 2, 3, 4, 5
LAB_FACTS: Final = 6


@_kernel
def lab_hands(
    rules: np.ndarray,
    dealt: np.ndarray,
    hand_numbers: np.ndarray,
    totals: np.ndarray,
    use_totals: bool,
    random_policy: bool,
    seeds: np.ndarray,
    out: np.ndarray,
) -> None:
    """The Variant Lab's hands: each deal (``dealt[i]``, hand number ``hand_numbers[i]``) passed and
    played by the heuristic players, or with ``random_policy`` by uniformly random choices drawn
    from the generator seeded by ``seeds[i]`` (:func:`rng_state`; the passes seat by seat, then the
    plays, as :func:`random_hands` draws them).  ``out[i]`` gets the seats' scores, then the facts
    (``LAB_*``)."""
    n = rules[R_N]
    hands = np.empty(n, dtype=np.int64)
    passed = np.empty(n, dtype=np.int64)
    state = np.empty(STATE_SIZE, dtype=np.int64)
    rng = np.empty(1, dtype=np.int64)
    for deal in range(dealt.shape[0]):
        hand_number = hand_numbers[deal]
        rng[0] = (seeds[deal] ^ RNG_MULTIPLIER) & RNG_MASK
        for seat in range(n):
            hands[seat] = dealt[deal, seat]
        offset = pass_offset(rules, hand_number)
        if offset:
            if random_policy:
                random_passes(rules, hands, passed, rng)
            else:
                for seat in range(n):
                    passed[seat] = heuristic_pass(rules, hands[seat], offset == n - 1)
            exchange(rules, hands, passed, offset)
        start_state(rules, hands, opening_leader(rules, hands, hand_number), state)
        first_points = 0
        broken_trick = 0
        queen_player = -1
        while state[S_HANDS + state[S_TO_PLAY]] != 0:
            legal = state_legal(rules, state)
            card = random_card(legal, rng) if random_policy else heuristic_card(rules, state, legal)
            if card == QS:
                queen_player = state[S_TO_PLAY]
            was_broken = state[S_BROKEN]
            play_card(rules, state, card)
            if was_broken == 0 and state[S_BROKEN] != 0:
                broken_trick = state[S_DONE] + 1 if state[S_TRICK_LEN] > 0 else state[S_DONE]
            if state[S_DONE] == 1 and state[S_TRICK_LEN] == 0:
                first_points = 0
                for seat in range(n):
                    first_points += state[S_POINTS + seat]
        row = out[deal]
        shooter = score_hand(rules, state, totals, use_totals, row)
        row[n + LAB_MOON] = shooter if 0 <= shooter < SUN else -1
        row[n + LAB_SUN] = shooter - SUN if shooter >= SUN else -1
        taker = -1
        for seat in range(n):
            if (state[S_TAKEN + seat] >> QS) & 1:
                taker = seat
        row[n + LAB_QUEEN_TAKER] = taker
        row[n + LAB_QUEEN_SELF] = 1 if taker >= 0 and taker == queen_player else 0
        row[n + LAB_FIRST_POINTS] = first_points
        row[n + LAB_BROKEN_TRICK] = broken_trick


# -- deals of the unseen cards ------------------------------------------------------------------------


@_kernel
def play_mismatches(
    rules: np.ndarray, worlds: np.ndarray, seats: np.ndarray, cards: np.ndarray, me: int, out: np.ndarray
) -> None:
    """How often each world's other seats played otherwise than the heuristic would have (the
    inference of ``hearts_core.ai.inference``): ``worlds[w]`` holds every seat's hand now, the hand's
    plays so far are ``seats[i]`` playing ``cards[i]`` (from the first lead), and ``me`` is the viewer
    (whose own plays are not counted).  Each world is replayed from its hands before the first lead;
    at every play by another seat with a choice, ``out[w]`` counts 1 when the heuristic player's card
    for that seat's hand then differs from the card played."""
    n = rules[R_N]
    count = cards.shape[0]
    state = np.empty(STATE_SIZE, dtype=np.int64)
    hands = np.empty(n, dtype=np.int64)
    for world in range(worlds.shape[0]):
        for seat in range(n):
            hands[seat] = worlds[world, seat]
        for index in range(count):
            hands[seats[index]] |= 1 << cards[index]
        start_state(rules, hands, seats[0] if count else 0, state)
        misses = 0
        for index in range(count):
            card = cards[index]
            if seats[index] != me:
                legal = state_legal(rules, state)
                if legal & (legal - 1) and heuristic_card(rules, state, legal) != card:
                    misses += 1
            play_card(rules, state, card)
        out[world] = misses


@_kernel
def deal_worlds(
    known: np.ndarray,
    sizes: np.ndarray,
    voids: np.ndarray,
    free: np.ndarray,
    others: np.ndarray,
    rng: np.ndarray,
    worlds: np.ndarray,
) -> bool:
    """Deal the ``free`` cards to the ``others`` seats, once per row of ``worlds`` (``view.sample_worlds``):
    each seat gets ``sizes[seat]`` more cards on top of ``known[seat]``, none of a suit it is void in
    (bit ``suit`` of ``voids[seat]``).  Cards go most-constrained suit first, each to a seat drawn in
    proportion to its free places; a dead end restarts the world, and after 10,000 dead ends the world
    is dealt by :func:`deal_checked`, which meets none.  False when no deal fits."""
    cards = free.copy()
    count = cards.shape[0]
    room = np.empty(sizes.shape[0], dtype=np.int64)
    # Suits that fewest seats may hold go first (a stable order of the cards by that count).
    order = np.empty(count, dtype=np.int64)
    placed = 0
    for eligible_count in range(others.shape[0] + 1):
        for suit in range(4):
            holders = 0
            for seat in others:
                if not (voids[seat] >> suit) & 1:
                    holders += 1
            if holders != eligible_count:
                continue
            for index in range(count):
                if cards[index] // 13 == suit:
                    order[placed] = cards[index]
                    placed += 1
    constrained = False
    for index in range(count):
        for seat in others:
            if (voids[seat] >> (order[index] // 13)) & 1:
                constrained = True
    for world in range(worlds.shape[0]):
        for attempt in range(10_000):
            worlds[world, :] = known
            for seat in others:
                room[seat] = sizes[seat]
            if not constrained:
                for index in range(count - 1, 0, -1):
                    other = below(rng, index + 1)
                    order[index], order[other] = order[other], order[index]
                position = 0
                for seat in others:
                    for _ in range(sizes[seat]):
                        worlds[world, seat] |= 1 << order[position]
                        position += 1
                break
            ok = True
            start = 0
            while start < count and ok:
                suit = order[start] // 13
                stop = start
                while stop < count and order[stop] // 13 == suit:
                    stop += 1
                for index in range(stop - 1, start, -1):
                    other = start + below(rng, index - start + 1)
                    order[index], order[other] = order[other], order[index]
                for index in range(start, stop):
                    total = 0
                    for seat in others:
                        if not (voids[seat] >> suit) & 1:
                            total += room[seat]
                    if total == 0:
                        ok = False
                        break
                    pick = below(rng, total)
                    for seat in others:
                        if (voids[seat] >> suit) & 1:
                            continue
                        if pick < room[seat]:
                            worlds[world, seat] |= 1 << order[index]
                            room[seat] -= 1
                            break
                        pick -= room[seat]
                start = stop
            if ok:
                break
            if attempt == 9_999 and not deal_checked(known, sizes, voids, order, others, rng, worlds[world], room):
                return False
    return True


@_kernel
def room_suffices(left: np.ndarray, room: np.ndarray, voids: np.ndarray, others: np.ndarray) -> bool:
    """Whether the cards still to deal (``left[suit]`` of each suit) fit the seats' free places
    (``room[seat]``) with no seat given a suit it is void in: for every set of suits, their cards
    need no more places than the seats that may hold one of them have.  That is Hall's condition,
    which is enough here, since a card's seats depend only on its suit."""
    for suits in range(1, 16):
        need = 0
        for suit in range(4):
            if (suits >> suit) & 1:
                need += left[suit]
        if need == 0:
            continue
        places = 0
        for seat in others:
            if ~voids[seat] & suits & 15:
                places += room[seat]
        if need > places:
            return False
    return True


@_kernel
def deal_checked(
    known: np.ndarray,
    sizes: np.ndarray,
    voids: np.ndarray,
    order: np.ndarray,
    others: np.ndarray,
    rng: np.ndarray,
    world: np.ndarray,
    room: np.ndarray,
) -> bool:
    """One deal of the ``order`` cards into ``world`` (:func:`deal_worlds`' fallback, when its quick
    draws keep running into dead ends: voids so tight that few ways fit): each card goes to a seat
    drawn in proportion to its free places among those that leave the rest dealable
    (:func:`room_suffices`), so it never meets a dead end.  False when no deal fits at all."""
    world[:] = known
    left = np.zeros(4, dtype=np.int64)
    for seat in others:
        room[seat] = sizes[seat]
    for index in range(order.shape[0]):
        left[order[index] // 13] += 1
    if not room_suffices(left, room, voids, others):
        return False
    for index in range(order.shape[0]):
        card = order[index]
        suit = card // 13
        left[suit] -= 1
        excluded = 0
        while True:
            total = 0
            for seat in others:
                if not (voids[seat] >> suit) & 1 and not (excluded >> seat) & 1:
                    total += room[seat]
            if total == 0:
                return False  # pragma: no cover (the deal was dealable before this card)
            pick = below(rng, total)
            chosen = -1
            for seat in others:
                if (voids[seat] >> suit) & 1 or (excluded >> seat) & 1:
                    continue
                if pick < room[seat]:
                    chosen = seat
                    break
                pick -= room[seat]
            room[chosen] -= 1
            if room_suffices(left, room, voids, others):
                world[chosen] |= 1 << card
                break
            room[chosen] += 1
            excluded |= 1 << chosen
    return True


__all__ = [
    "AVAILABLE",
    "LAB_FACTS",
    "RULES_SIZE",
    "STATE_SIZE",
    "WANTED",
    "deal_worlds",
    "heuristic_card",
    "heuristic_pass",
    "lab_hands",
    "legal_mask",
    "numba",
    "play_mismatches",
    "playouts",
    "random_hands",
    "rng_state",
    "rules_array",
    "score_hand",
    "shooter_card",
    "threat_playouts",
]
