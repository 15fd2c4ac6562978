"""The heuristic player: the sources' strategy advice as code, and rollouts with it.

:func:`heuristic_card` chooses a card from what the seat knows (its hand, the
trick, the cards gone and taken); :func:`shooter_card` plays for the moon;
:func:`rollout` plays a :class:`~hearts_core.search.sim.Sim` to the end with
them.  The compiled kernel (:mod:`hearts_core.search.kernel`) keeps a copy of
each, checked against these card by card in ``tests/core/test_kernel.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..engine.cards import SUIT_MASKS, cards_of_mask
from ..search.sim import AS, JD, KS, QS, Sim, SimRules, random_card

HEARTS_MASK: Final = SUIT_MASKS[2]
SPADE_HONOURS: Final = (1 << QS) | (1 << KS) | (1 << AS)
#: A seat holding every penalty card taken so far, this many of them, is treated as a moon threat.
MOON_ALARM_CARDS: Final = 5


# -- the heuristic -------------------------------------------------------------------------------


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _best_by_points(k: SimRules, mask: int) -> int:
    """The card of ``mask`` with the most points, the highest rank breaking ties."""
    points = k.points
    best = -1
    best_key = (-(10**6), -1)
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        key = (points[card], card % 13)
        if key > best_key:
            best_key = key
            best = card
        mask ^= low
    return best


def _priced(k: SimRules, mask: int, sign: int) -> int:
    """The cards of ``mask`` whose points have ``sign`` (1: worth points, -1: a bonus)."""
    points = k.points
    result = 0
    rest = mask
    while rest:
        low = rest & -rest
        if points[low.bit_length() - 1] * sign > 0:
            result |= low
        rest ^= low
    return result


def _positive(k: SimRules, mask: int) -> int:
    """The cards of ``mask`` worth points (penalty cards and positive bonus cards)."""
    return _priced(k, mask, 1)


def _negative(k: SimRules, mask: int) -> int:
    """The cards of ``mask`` that are bonuses (negative points)."""
    return _priced(k, mask, -1)


def moon_threat(k: SimRules, taken: Sequence[int]) -> int:
    """The seat collecting every penalty card so far, when it has enough to be a
    danger (two or more penalty cards worth over half the moon, or
    :data:`MOON_ALARM_CARDS` penalty cards), else -1."""
    if not k.moon_on:
        return -1
    holder = -1
    pen = k.penalty_mask
    for seat, mask in enumerate(taken):
        if mask & pen:
            if holder >= 0:
                return -1
            holder = seat
    if holder < 0:
        return -1
    cards = taken[holder] & pen
    count = cards.bit_count()
    if count >= MOON_ALARM_CARDS:
        return holder
    if count >= 2:
        points = k.points
        total = sum(points[c] for c in range(52) if cards >> c & 1)
        if 2 * total > k.moon_value:
            return holder
    return -1


def heuristic_card(
    k: SimRules,
    seat: int,
    hand: int,
    legal: int,
    trick: Sequence[int],
    leader: int,
    gone: int,
    taken: Sequence[int],
    tricks_done: int,
) -> tuple[int, str]:
    """The heuristic's card and idea code, from the seat's own knowledge only:
    its hand and legal cards, the trick in progress, the cards gone, the cards
    each seat has taken.  The sources' strategy advice, in this order: moon defence, the
    jack of diamonds when it is a bonus, then by position (lead, follow, discard).
    """
    if not legal & (legal - 1):
        return _low(legal), "only_card"
    unseen = k.deck & ~hand & ~gone
    threat = moon_threat(k, taken)
    if threat == seat:
        threat = -1
    if not trick:
        return _lead(k, hand, legal, unseen, threat)
    n = k.n
    led = trick[0] // 13
    suit = SUIT_MASKS[led]
    win_card = trick[0]
    win_index = 0
    points = k.points
    trick_points = 0
    for index, card in enumerate(trick):
        trick_points += points[card]
        if card // 13 == led and card > win_card:
            win_card = card
            win_index = index
    winner = (leader + win_index) % n
    last = len(trick) == n - 1
    if legal & suit:
        return _follow(k, legal, trick, unseen, suit, win_card, winner, trick_points, last, threat)
    return _discard(k, hand, legal, unseen, winner, trick_points, last, threat)


def _lead(k: SimRules, hand: int, legal: int, unseen: int, threat: int) -> tuple[int, str]:
    points = k.points
    jd_bonus = points[JD] < 0
    if jd_bonus and legal >> JD & 1 and not unseen & SUIT_MASKS[1] & ~((1 << (JD + 1)) - 1):
        return JD, "win_jack"
    if threat >= 0:
        hearts = legal & HEARTS_MASK
        if hearts and _high(hearts) > _high(unseen & HEARTS_MASK):
            return _high(hearts), "stop_moon"
    spades = legal & SUIT_MASKS[3]
    if spades and unseen >> QS & 1 and not hand & SPADE_HONOURS:
        return _low(spades), "flush_queen"
    # Lead low: the card most likely to be beaten, from a short suit when it is a tie.
    safe = legal & ~_positive(k, legal) & ~_negative(k, legal)
    pool = safe or (legal & ~_negative(k, legal)) or legal
    best = -1
    best_key: tuple[int, int, int] = (10**6, 0, 0)
    for suit in range(4):
        mine = pool & SUIT_MASKS[suit]
        if not mine:
            continue
        card = _low(mine)
        out = unseen & SUIT_MASKS[suit]
        below = (out & ((1 << card) - 1)).bit_count()
        risk = below * 2 + (40 if not out else 0)
        if suit == 3 and hand & SPADE_HONOURS and (unseen >> QS & 1 or hand >> QS & 1):
            risk += 6
        if points[card] > 0:
            risk += 3 + points[card]
        key = (risk, (hand & SUIT_MASKS[suit]).bit_count(), card % 13)
        if key < best_key:
            best_key = key
            best = card
    return best, "lead_low"


def _follow(
    k: SimRules,
    legal: int,
    trick: Sequence[int],
    unseen: int,
    suit: int,
    win_card: int,
    winner: int,
    trick_points: int,
    last: bool,
    threat: int,
) -> tuple[int, str]:
    points = k.points
    below = legal & ((1 << win_card) - 1)
    above = legal & ~below
    penalties_in_trick = any(points[card] > 0 for card in trick)
    # Omnibus: take the jack when the trick is worth taking and nobody can beat us.
    if points[JD] < 0 and above and (JD in trick or legal >> JD & 1):
        card = JD if above >> JD & 1 else _high(above)
        beaten = unseen & suit & ~((1 << (card + 1)) - 1)
        if (last or not beaten) and trick_points + points[card] < 0:
            return card, "win_jack"
    # Moon defence: take a trick with penalty cards away from the collector.
    if threat >= 0 and above and penalties_in_trick and (winner == threat or not last):
        clean = above & ~_positive(k, above)
        return _high(clean or above), "stop_moon"
    if below:
        if last and above and trick_points <= 0 and not penalties_in_trick:
            clean = above & ~_positive(k, above)
            if clean:
                return _high(clean), "keep_exit"
        loaded = _positive(k, below)
        if loaded:
            card = _best_by_points(k, loaded)
            return card, "dump_queen" if card == QS else "duck_under_winner"
        return _high(below), "duck_under_winner"
    clean = above & ~_positive(k, above)
    if last:
        return _high(clean or above) if clean else _low_points(k, above), "keep_exit"
    lowest_mine = _low(clean or above)
    if not unseen & suit & ~((1 << (lowest_mine + 1)) - 1):
        # Nobody still to play can beat us: win with the highest safe card.
        return _high(clean) if clean else _low_points(k, above), "keep_exit"
    return lowest_mine, "follow_low"


def _low_points(k: SimRules, mask: int) -> int:
    points = k.points
    return min(cards_of_mask(mask), key=lambda card: (points[card], -card))


def _discard(
    k: SimRules,
    hand: int,
    legal: int,
    unseen: int,
    winner: int,
    trick_points: int,
    last: bool,
    threat: int,
) -> tuple[int, str]:
    positive = _positive(k, legal)
    keep = _negative(k, legal)
    if threat >= 0:
        if winner == threat:
            clean = legal & ~positive & ~keep
            if clean:
                return _high_rank(clean, hand), "stop_moon"
        elif last and positive:
            return _best_by_points(k, positive), "stop_moon"
    if positive:
        card = _best_by_points(k, positive)
        if card == QS:
            return card, "dump_queen"
        return card, "dump_high_heart" if card // 13 == 2 else "dump_points"
    pool = legal & ~keep or legal
    # Without the queen out, the AS and KS are the most dangerous cards to keep.
    if unseen >> QS & 1:
        honours = pool & SPADE_HONOURS
        if honours:
            return _high(honours), "void_discard"
    return _high_rank(pool, hand), "void_discard"


def _high_rank(pool: int, hand: int) -> int:
    """The highest-ranked card of ``pool``, from the shortest suit on a tie."""
    best = -1
    best_key = (-1, 0)
    for suit in range(4):
        mine = pool & SUIT_MASKS[suit]
        if mine:
            card = _high(mine)
            key = (card % 13, -(hand & SUIT_MASKS[suit]).bit_count())
            if key > best_key:
                best_key = key
                best = card
    return best


def shooter_card(k: SimRules, hand: int, legal: int, trick: Sequence[int], unseen: int) -> int:
    """Play for the moon: win every trick with penalty cards, lead from the top."""
    if not legal & (legal - 1):
        return _low(legal)
    if not trick:
        # Lead a card nobody can beat if there is one, else the highest card.
        for card in sorted(cards_of_mask(legal), key=lambda c: -(c % 13)):
            if not unseen & SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1):
                return card
        return _high_rank(legal, hand)
    led = trick[0] // 13
    suit = SUIT_MASKS[led]
    if legal & suit:
        top = _high(legal & suit)
        best = max(card for card in trick if card // 13 == led)
        return top if top > best else _low(legal)
    clean = legal & ~_positive(k, legal)
    return _low(clean) if clean else _low(legal)


def rollout(sim: Sim, me: int, shoot: bool, rng: random.Random, epsilon: float) -> None:
    """Play ``sim`` to the end in place: the heuristic for every seat (``me`` going for the
    moon when ``shoot``), a random legal card ``epsilon`` of the time.  The Lab's
    ``play_fast`` keeps its own copy of this loop, to record per-card facts without a
    callback per card (the hot path of every simulation)."""
    k = sim.k
    rand = rng.random
    while True:
        seat = sim.to_play
        hand = sim.hands[seat]
        if not hand:
            return
        legal = sim.legal()
        if not legal & (legal - 1):
            card = (legal & -legal).bit_length() - 1
        elif rand() < epsilon:
            card = random_card(legal, rng)
        elif shoot and seat == me:
            card = shooter_card(k, hand, legal, sim.trick, k.deck & ~hand & ~sim.gone)
        else:
            card = heuristic_card(k, seat, hand, legal, sim.trick, sim.leader, sim.gone, sim.taken, sim.tricks_done)[0]
        sim.play(card)


__all__ = [
    "HEARTS_MASK",
    "MOON_ALARM_CARDS",
    "SPADE_HONOURS",
    "heuristic_card",
    "moon_threat",
    "rollout",
    "shooter_card",
]
