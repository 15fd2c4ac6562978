"""Seeded players: random, rule-based (heuristic) and determinized Monte Carlo.

A bot sees a :class:`~hearts_core.ai.view.PlayerView`, never a ``HandState``:
``choose_pass(view, rng)`` returns the cards to pass and ``choose_card(view,
rng)`` a :class:`Decision`, the card with the code of the strategy idea behind
it (texts under ``idea.<code>`` in the message catalogue).  Monte Carlo
decisions also carry :class:`CandidateStats` for every candidate card, which
the hint engine can quote.

>>> from hearts_core import HandState, Ruleset
>>> final = play_random_hand(HandState.deal(Ruleset(), seed=1), seed=2)
>>> final.phase, sum(final.hand_points())
('over', 26)
>>> bots = [HeuristicBot()] * 4
>>> final = play_hand(HandState.deal(Ruleset(), seed=1), bots, seed=2)
>>> final.phase, sum(final.hand_points())
('over', 26)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Protocol

from ..engine.cards import ALL_CARDS, SUIT_MASKS, Card, cards_of_mask
from ..engine.state import HandState, SeedLike
from ..search import kernel
from ..search.equivalence import equivalent_classes, point_attributes
from .view import PlayerView
from .worlds import Worlds

QS: Final = kernel.QS
KS: Final = kernel.KS
AS: Final = kernel.AS
JD: Final = kernel.JD
SPADE_HONOURS: Final = kernel.SPADE_HONOURS

#: Every idea code a bot can name; each has ``idea.<code>`` in the catalogue.  The heuristic
#: player's own (:data:`hearts_core.search.kernel.HEURISTIC_IDEAS`) come first.
IDEAS: Final = (*kernel.HEURISTIC_IDEAS, "random", "unblock", "shoot_moon", "simulated_best")


# -- random players (kept for tests and benchmarks) ------------------------------------------------


def random_passes(state: HandState, rng: random.Random) -> dict[int, list[str]]:
    """Each seat passes ``pass_count`` cards chosen uniformly at random."""
    count = state.rules.pass_count
    return {seat: [str(card) for card in rng.sample(hand.cards(), count)] for seat, hand in enumerate(state.hands)}


def play_random_hand(state: HandState, seed: SeedLike = None) -> HandState:
    """Finish a hand with uniformly random passes and legal plays."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if state.is_passing:
        state = state.with_passes(random_passes(state, rng))
    while state.is_playing:
        moves = cards_of_mask(state.legal_mask())
        state = state.play(moves[rng.randrange(len(moves))])
    return state


# -- decisions and the bot protocol ----------------------------------------------------------------


@dataclass(frozen=True)
class CandidateStats:
    """What the simulations say of one candidate card (over ``worlds`` sampled deals).

    ``mean`` is the seat's mean final score for the hand; ``queen`` the share of
    deals in which the seat took the QS; ``moon_for`` / ``moon_against`` the
    share in which it / an opponent shot the moon; ``shoot`` whether the seat
    played the rest of the hand for the moon.
    """

    card: Card
    mean: float
    queen: float
    moon_for: float
    moon_against: float
    worlds: int
    shoot: bool = False


@dataclass(frozen=True)
class Decision:
    """A card and the idea (a code of :data:`IDEAS`) behind it; ``stats`` for Monte Carlo."""

    card: Card
    idea: str
    stats: tuple[CandidateStats, ...] = ()


class Bot(Protocol):
    """A player: it sees only its :class:`PlayerView`, and takes randomness as ``rng``."""

    name: str

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]: ...

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision: ...


class RandomBot:
    """A uniformly random legal card and a random pass (a sanity floor)."""

    name = "random"

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        return tuple(sorted(rng.sample(cards_of_mask(view.hand), view.rules.pass_count)))

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision:
        return Decision(rng.choice(cards_of_mask(view.legal_mask())), "random")


class HeuristicBot:
    """Rule-based play from the strategy advice of the sources (see :func:`heuristic_choice`)."""

    name = "heuristic"

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        return heuristic_pass(view)

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision:
        card, idea = heuristic_choice(view)
        return Decision(ALL_CARDS[card], idea)


def heuristic_choice(view: PlayerView) -> tuple[int, str]:
    """The heuristic player's card for the seat of ``view`` (whose turn it is) and the idea behind
    it: :func:`hearts_core.search.kernel.heuristic_choice`, the sources' strategy advice (moon
    defence, the jack of diamonds when it is a bonus, then by position: lead, follow, discard)."""
    card, code = kernel.heuristic_choice(view.kernel_rules, view.kernel_state(), view.legal_mask())
    idea = kernel.HEURISTIC_IDEAS[code]
    return int(card), _lead_idea(view, int(card)) if idea == "lead_low" else idea


def _lead_idea(view: PlayerView, card: int) -> str:
    """The idea of leading the lowest card of a suit: ``lead_low`` when the others are likely to play
    over it (at least as many unseen cards of its suit above it as below), else ``unblock``: a lone
    queen of clubs led is not a low card, whatever the heuristic's reason for leading the suit."""
    unseen = view.unseen & SUIT_MASKS[card // 13]
    above = (unseen >> (card + 1)).bit_count()
    below = (unseen & ((1 << card) - 1)).bit_count()
    return "lead_low" if above >= below else "unblock"


def moon_threat(view: PlayerView) -> int:
    """The seat collecting every penalty card taken so far when it has enough of them to be a
    danger (two or more worth over half the moon, or five of them), else -1: the heuristic's alarm
    (:func:`hearts_core.search.kernel.moon_threat`)."""
    return int(kernel.moon_threat(view.kernel_rules, view.kernel_state()))


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# -- passing -----------------------------------------------------------------------------------------


def heuristic_pass(view: PlayerView) -> tuple[Card, ...]:
    """The cards to pass by the sources' passing advice (:func:`hearts_core.search.kernel.heuristic_pass`):
    the QS, KS and AS with fewer than four spades (only the QS when passing right with a low
    spade), never low spades, high cards from short suits without low cards, a whole short suit
    for a void, hearts last and never the lone AH; under bonus rules, keep the bonus card."""
    right = view.pass_target is not None and view.pass_target == (view.seat - 1) % view.players
    return cards_of_mask(int(kernel.heuristic_pass(view.kernel_rules, view.hand, right)))


def pass_danger(view: PlayerView, card: int) -> float:
    """How much a card is worth passing (higher passes first): a rough order for the variations."""
    hand = view.hand
    suit, rank = card // 13, card % 13 + 2
    length = (hand & SUIT_MASKS[suit]).bit_count()
    points = view.rules.tables.points[card]
    if points < 0:
        return -100.0
    if card in (QS, KS, AS):
        spades = (hand & SUIT_MASKS[3]).bit_count()
        return 60.0 + rank + points if spades < 5 else 5.0 + points
    if suit == 3:
        return rank - 20.0
    return rank + 1.5 * points + (6 - 2 * length if length <= 3 else 0)


def pass_candidates(view: PlayerView) -> list[int]:
    """A shortlist of sensible passes (masks), the heuristic's first: the most
    dangerous cards, a void in a short side suit, the highest ranks, and swaps
    around the first pass."""
    count = view.rules.pass_count
    hand = view.hand
    cards = [int(card) for card in cards_of_mask(hand)]
    ranked = sorted(cards, key=lambda card: (-pass_danger(view, card), card))
    found: list[int] = []

    def add(chosen: Sequence[int]) -> None:
        mask = sum(1 << card for card in chosen)
        if len(set(chosen)) == count and mask not in found:
            found.append(mask)

    add([int(card) for card in heuristic_pass(view)])
    add(ranked[:count])
    # A void: a short side suit passed whole, topped up with the most dangerous cards.
    for suit in (0, 1):
        mine = [int(card) for card in cards_of_mask(hand & SUIT_MASKS[suit])]
        if 0 < len(mine) <= count:
            add(mine + [card for card in ranked if card not in mine][: count - len(mine)])
    # The highest cards by rank (keeping the spade honours with long spades).
    add(sorted(cards, key=lambda card: (-(card % 13), -view.rules.tables.points[card], card))[:count])
    # Swaps around the shortlist's first pass: each of its cards for the next most dangerous one.
    first = [card for card in cards if found and found[0] >> card & 1]
    for extra in ranked[count : count + 2]:
        for out in combinations(first, count - 1):
            add([*out, extra])
    return found


def mean_pass_scores(
    view: PlayerView, candidates: Sequence[int], worlds: int, rng: random.Random, epsilon: float
) -> tuple[list[float], int]:
    """The seat's mean final score after each candidate pass (a mask) over ``worlds`` sampled deals
    of the other hands (the same deals and seeds for every candidate), the others passing and
    everybody playing by the heuristic (:meth:`Worlds.pass_out`); and the number of deals."""
    sampled = Worlds(view, worlds, rng)
    means = [
        float(sampled.pass_out(mask, hand_number=view.hand_number, epsilon=epsilon)[:, view.seat].mean())
        for mask in candidates
    ]
    return means, len(sampled)


# -- Monte Carlo -------------------------------------------------------------------------------------


class MonteCarloBot:
    """Determinized Monte Carlo: deal the unseen cards ``worlds`` times consistently
    with the view, play each candidate card out in every world with the heuristic
    (random ``epsilon`` of the time) on the kernel (:class:`~hearts_core.ai.worlds.Worlds`),
    and choose the lowest mean final score for the seat.  The same worlds
    and rollout seeds serve every candidate.  When the seat may shoot the moon it
    also plays each candidate out going for the moon, and takes that plan when
    it makes the moon in most worlds and scores better.  The pass is chosen the
    same way: a shortlist of passes (:func:`pass_candidates`) is scored by
    playing the whole hand out in sampled deals (:func:`mean_pass_scores`)."""

    name = "monte_carlo"

    def __init__(self, worlds: int = 128, epsilon: float = 0.05) -> None:
        if worlds < 1:
            raise ValueError("worlds must be at least 1")
        self.worlds = worlds
        self.epsilon = epsilon

    #: The pass: this many shortlisted passes (:func:`pass_candidates`) scored in this many worlds.
    pass_shortlist = 8
    pass_worlds = 128
    #: A moon plan is taken only when it makes the moon in more than this share of the worlds.
    moon_share = 0.5

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        if self.pass_shortlist <= 1 or self.pass_worlds < 1:
            return heuristic_pass(view)
        candidates = pass_candidates(view)[: self.pass_shortlist]
        means, _ = mean_pass_scores(view, candidates, self.pass_worlds, rng, self.epsilon)
        best = min(range(len(candidates)), key=lambda index: (round(means[index], 9), index))
        return tuple(ALL_CARDS[card] for card in cards_of_mask(candidates[best]))

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision:
        legal = view.legal_mask()
        if not legal:
            raise ValueError("it is not this seat's turn")
        heuristic, idea = heuristic_choice(view)
        classes = equivalent_classes(legal, point_attributes(view.rules), view.elsewhere)
        if len(classes) == 1:
            return Decision(ALL_CARDS[heuristic], idea)
        candidates = [heuristic if cls >> heuristic & 1 else _low(cls) for cls in classes]
        stats = self.evaluate(view, candidates, rng)
        best = min(stats, key=lambda item: (round(item.mean, 9), item.card != heuristic))
        if best.card == heuristic and not best.shoot:
            chosen_idea = idea
        elif best.shoot:
            chosen_idea = "shoot_moon"
        else:
            chosen_idea = classify_card(view, best.card)
        return Decision(best.card, chosen_idea, tuple(stats))

    def evaluate(self, view: PlayerView, candidates: Sequence[int], rng: random.Random) -> list[CandidateStats]:
        """Simulated results of each candidate card (see :class:`CandidateStats`), on the kernel
        (:class:`~hearts_core.ai.worlds.Worlds`)."""
        worlds = self._worlds(view, rng)
        shoot_too = self._may_shoot(view)
        results = []
        for card in candidates:
            normal = self._run(worlds, card, view.seat, False)
            stats = CandidateStats(ALL_CARDS[card], *normal, worlds=len(worlds))
            if shoot_too:
                shoot = self._run(worlds, card, view.seat, True)
                if shoot[2] > self.moon_share and shoot[0] < normal[0]:
                    stats = CandidateStats(ALL_CARDS[card], *shoot, worlds=len(worlds), shoot=True)
            results.append(stats)
        return results

    def _worlds(self, view: PlayerView, rng: random.Random) -> Worlds:
        """The sampled deals for a card decision (uniform over the unseen cards consistent with the view)."""
        return Worlds(view, self.worlds, rng)

    def _may_shoot(self, view: PlayerView) -> bool:
        if not view.kernel_rules[kernel.R_MOON_ON]:
            return False
        pen = view.rules.tables.penalty_mask
        if any(mask & pen for seat, mask in enumerate(view.taken) if seat != view.seat):
            return False
        hand = view.hand
        high = sum(1 for card in cards_of_mask(hand) if card % 13 >= 9)  # J, Q, K, A
        return bool(view.taken[view.seat] & pen) or 2 * high >= hand.bit_count()

    def _run(self, worlds: Worlds, card: int, me: int, shoot: bool) -> tuple[float, float, float, float]:
        """The mean score, and the shares of worlds where the seat takes the QS, shoots, is shot."""
        outcome = worlds.play_out(card, shoot=shoot, epsilon=self.epsilon)
        count = len(outcome)
        shooters = outcome.shooter
        moons_for = int((shooters == me).sum())
        moons_against = int((shooters >= 0).sum()) - moons_for
        return (
            float(outcome.scores[:, me].sum()) / count,
            int(outcome.queen.sum()) / count,
            moons_for / count,
            moons_against / count,
        )


def classify_card(view: PlayerView, card: int) -> str:
    """The idea code that best names playing ``card`` in ``view`` (for decisions the
    heuristic would not have made)."""
    trick = view.trick
    unseen = view.unseen
    if not trick:
        if card == JD and view.rules.tables.points[JD] < 0:
            return "win_jack"
        if card // 13 == 3 and unseen >> QS & 1 and not view.hand & SPADE_HONOURS:
            return "flush_queen"
        return _lead_idea(view, card) if card == _low(view.hand & SUIT_MASKS[card // 13]) else "unblock"
    led = trick[0] // 13
    if card // 13 != led:
        if card == QS:
            return "dump_queen"
        return "dump_high_heart" if card // 13 == 2 else "void_discard"
    best = max(c for c in trick if c // 13 == led)
    if card < best:
        return "dump_queen" if card == QS else "duck_under_winner"
    if len(trick) == view.players - 1:
        return "keep_exit"
    return "follow_low" if card == _low(view.legal_mask()) else "unblock"


# -- a hand driver ---------------------------------------------------------------------


def play_hand(
    state: HandState,
    bots: Sequence[Bot],
    seed: SeedLike = None,
    totals: Sequence[int] | None = None,
    on_decision: Callable[[PlayerView, Decision], None] | None = None,
) -> HandState:
    """Play ``state`` to the end with one bot per seat (passing first if needed).
    Each bot is shown only its own view; ``on_decision`` sees every card decision."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    n = state.rules.players
    if len(bots) != n:
        raise ValueError(f"expected {n} bots, one per seat, got {len(bots)}")
    if state.is_passing:
        passes = {seat: bots[seat].choose_pass(PlayerView.from_state(state, seat, totals), rng) for seat in range(n)}
        state = state.with_passes(passes)
    while state.is_playing:
        seat: int = state.to_play  # type: ignore[assignment]
        view = PlayerView.from_state(state, seat, totals)
        decision = bots[seat].choose_card(view, rng)
        if on_decision is not None:
            on_decision(view, decision)
        state = state.play(decision.card)
    return state


__all__ = [
    "IDEAS",
    "Bot",
    "CandidateStats",
    "Decision",
    "HeuristicBot",
    "MonteCarloBot",
    "RandomBot",
    "classify_card",
    "heuristic_choice",
    "heuristic_pass",
    "mean_pass_scores",
    "moon_threat",
    "pass_candidates",
    "pass_danger",
    "play_hand",
    "play_random_hand",
    "random_passes",
]
