"""Thousands of paired deals: the same deals played under ruleset A and ruleset B.

:func:`simulate_pairs` plays N deals (or N whole games) under both rulesets
with the heuristic bots (or random choices) on the kernel
(:func:`hearts_core.search.kernel.lab_hands`) and returns one :class:`HandRow`
per deal and ruleset (and one :class:`GameRow` per game and ruleset in games
mode).  Deal ``i`` is shuffled from its own seed (``HandRow.deal_seed``), so any
row can be replayed card by card with
``replay_pair(rules_a, rules_b, row.deal_seed, hand_number=row.hand_number, policy=..., seed=row.deal_seed + 1)``
(the random policy draws from the seed ``deal_seed + 1``).
:func:`compare_stats` turns the rows into paired differences with 95%
confidence intervals and a verdict, "real", "noise" or "identical".

>>> from hearts_core import Ruleset
>>> result = simulate_pairs(Ruleset(), Ruleset.preset("omnibus"), 20, seed=1)
>>> len(result.rows), result.cancelled
(40, False)
>>> stats = {stat.key: stat for stat in compare_stats(result)}
>>> stats["moon_rate"].verdict in ("real", "noise", "identical")
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from ..chunks import run_chunks
from ..engine.game import game_ends
from ..engine.rules import Ruleset
from ..engine.state import shuffled_deal
from ..search import kernel
from ..words.catalogue import decimal, message, percent
from .compare import POLICIES, check_same_deck

Progress = Callable[[int, int], bool]
#: One hand's facts: (scores, moon shooter, sun shooter, queen taker, queen_self, first-trick
#: points, hearts-broken trick).
Played = tuple[tuple[int, ...], int, int, int, bool, int, int]

#: A game that has not ended after this many hands (``tie="play_on"`` forever) is cut off.
MAX_GAME_HANDS: Final = 200
_SEED_STRIDE: Final = 1_000_003
_SEED_LIMIT: Final = 2**53


@dataclass(frozen=True)
class HandRow:
    """One deal played under one ruleset.

    ``deal`` numbers the pair (the same for A and B); ``ruleset`` is ``"A"``
    or ``"B"``; ``game`` the game (0 in hands mode) and ``hand_number`` the
    hand within it; ``deal_seed`` the seed that shuffles the deal.  Seats are
    -1 when nobody: ``moon_shooter``, ``sun_shooter``, ``queen_taker``.
    ``queen_self`` says the player of the QS took her; ``first_trick_points``
    the points in trick 1; ``hearts_broken_trick`` the trick (from 1) in which
    hearts broke, 0 if never; ``tricks`` the hand's length in tricks.
    """

    deal: int
    ruleset: str
    game: int
    hand_number: int
    deal_seed: int
    scores: tuple[int, ...]
    moon_shooter: int
    sun_shooter: int
    queen_taker: int
    queen_self: bool
    first_trick_points: int
    hearts_broken_trick: int
    tricks: int

    def to_dict(self) -> dict[str, Any]:
        """Flat values for a table (``score_0``, ``score_1``, ... for the seats)."""
        values: dict[str, Any] = {
            "deal": self.deal,
            "ruleset": self.ruleset,
            "game": self.game,
            "hand_number": self.hand_number,
            "deal_seed": self.deal_seed,
        }
        for seat, score in enumerate(self.scores):
            values[f"score_{seat}"] = score
        values.update(
            moon_shooter=self.moon_shooter,
            sun_shooter=self.sun_shooter,
            queen_taker=self.queen_taker,
            queen_self=self.queen_self,
            first_trick_points=self.first_trick_points,
            hearts_broken_trick=self.hearts_broken_trick,
            tricks=self.tricks,
            score_spread=max(self.scores) - min(self.scores),
        )
        return values


@dataclass(frozen=True)
class GameRow:
    """One whole game under one ruleset: its length, final totals, winners and the
    winner's margin (the second-lowest total minus the lowest; 0 on a shared win)."""

    game: int
    ruleset: str
    hands: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    margin: int
    cut_off: bool = False

    def to_dict(self) -> dict[str, Any]:
        values: dict[str, Any] = {"game": self.game, "ruleset": self.ruleset, "hands": self.hands}
        for seat, total in enumerate(self.totals):
            values[f"total_{seat}"] = total
        values.update(winners=" ".join(map(str, self.winners)), margin=self.margin, cut_off=self.cut_off)
        return values


@dataclass(frozen=True)
class SimulationResult:
    """Rows of a paired simulation; ``cancelled`` when ``progress`` stopped it early
    (the rows then hold the deals finished so far, always in complete pairs)."""

    rows: tuple[HandRow, ...]
    cancelled: bool = False
    games: tuple[GameRow, ...] = ()
    requested: int = 0
    games_mode: bool = False
    players: int = 4

    def records(self) -> list[dict[str, Any]]:
        """The hand rows as dictionaries (``pandas.DataFrame(result.records())``)."""
        return [row.to_dict() for row in self.rows]

    def game_records(self) -> list[dict[str, Any]]:
        """The game rows as dictionaries (games mode)."""
        return [row.to_dict() for row in self.games]

    @property
    def pairs(self) -> int:
        """How many deals were played under both rulesets."""
        return len(
            {row.deal for row in self.rows if row.ruleset == "B"}
            & {row.deal for row in self.rows if row.ruleset == "A"}
        )


# -- one hand on the kernel ----------------------------------------------------------------------


def deal_masks(rules: Ruleset, deal_seed: int, hand_number: int) -> tuple[int, ...]:
    """The hands ``HandState.deal(rules, deal_seed, hand_number)`` deals, as masks."""
    return shuffled_deal(rules, random.Random(deal_seed), hand_number)


def _row(
    deal: int,
    name: str,
    game: int,
    hand_number: int,
    deal_seed: int,
    tricks: int,
    played: Played,
) -> HandRow:
    return HandRow(deal, name, game, hand_number, deal_seed, *played, tricks)


def _deal_seed(seed: int, game: int, hand: int) -> int:
    """A distinct seed per (seed, game, hand), kept below 2**53 so tables (and
    JavaScript) can show it exactly."""
    return ((seed * _SEED_STRIDE + game) * _SEED_STRIDE + hand) % _SEED_LIMIT


def lab_hands(
    rules: Ruleset,
    dealt: Sequence[Sequence[int]],
    hand_numbers: Sequence[int],
    policy: str,
    deal_seeds: Sequence[int],
    totals: Sequence[int] | None = None,
) -> list[Played]:
    """Pass and play each deal (its hands as masks, its hand number) by ``policy`` on the kernel
    (:func:`hearts_core.search.kernel.lab_hands`); per deal (scores, moon shooter, sun shooter,
    queen taker, queen_self, first-trick points, hearts-broken trick).  The random policy draws
    from the seed ``deal_seeds[i] + 1``; ``totals`` are the game totals before the hands (the
    shooter's moon choice)."""
    n = rules.players
    out = np.zeros((len(dealt), n + kernel.LAB_FACTS), dtype=np.int64)
    game_totals = np.array(totals if totals is not None else [0] * n, dtype=np.int64)
    kernel.lab_hands(
        kernel.rules_array(rules),
        np.array(dealt, dtype=np.int64).reshape(len(dealt), n),
        np.array(hand_numbers, dtype=np.int64),
        game_totals,
        totals is not None,
        policy == "random",
        np.array([seed + 1 for seed in deal_seeds], dtype=np.int64),
        out,
    )
    played = []
    for row in out.tolist():
        facts = row[n:]
        played.append(
            (
                tuple(row[:n]),
                facts[kernel.LAB_MOON],
                facts[kernel.LAB_SUN],
                facts[kernel.LAB_QUEEN_TAKER],
                bool(facts[kernel.LAB_QUEEN_SELF]),
                facts[kernel.LAB_FIRST_POINTS],
                facts[kernel.LAB_BROKEN_TRICK],
            )
        )
    return played


def _hands_chunk(
    values_a: dict[str, Any], values_b: dict[str, Any], seed: int, start: int, stop: int, policy: str
) -> list[HandRow]:
    rules_a, rules_b = Ruleset.from_dict(values_a), Ruleset.from_dict(values_b)
    cycle = len(rules_a.pass_cycle) * len(rules_b.pass_cycle)
    tricks = rules_a.hand_size
    deals = range(start, stop)
    seeds = [_deal_seed(seed, 0, deal) for deal in deals]
    numbers = [deal % cycle for deal in deals]
    dealt = [deal_masks(rules_a, deal_seed, number) for deal_seed, number in zip(seeds, numbers, strict=True)]
    played_a = lab_hands(rules_a, dealt, numbers, policy, seeds)
    played_b = lab_hands(rules_b, dealt, numbers, policy, seeds)
    rows: list[HandRow] = []
    for index, deal in enumerate(deals):
        rows.append(_row(deal, "A", 0, numbers[index], seeds[index], tricks, played_a[index]))
        rows.append(_row(deal, "B", 0, numbers[index], seeds[index], tricks, played_b[index]))
    return rows


def _game_row(game: int, name: str, totals: list[int], hands: int, cut_off: bool) -> GameRow:
    ordered = sorted(totals)
    lowest = ordered[0]
    winners = tuple(seat for seat, total in enumerate(totals) if total == lowest)
    margin = ordered[1] - lowest if len(ordered) > 1 else 0
    return GameRow(game, name, hands, tuple(totals), winners, margin, cut_off)


def _games_chunk(
    values_a: dict[str, Any], values_b: dict[str, Any], seed: int, start: int, stop: int, policy: str
) -> tuple[list[HandRow], list[GameRow]]:
    rules = {"A": Ruleset.from_dict(values_a), "B": Ruleset.from_dict(values_b)}
    n = rules["A"].players
    tricks = rules["A"].hand_size
    rows: list[HandRow] = []
    games: list[GameRow] = []
    deal = start * MAX_GAME_HANDS
    for game in range(start, stop):
        totals = {"A": [0] * n, "B": [0] * n}
        done = {"A": False, "B": False}
        hands = {"A": 0, "B": 0}
        for hand_number in range(MAX_GAME_HANDS):
            if done["A"] and done["B"]:
                break
            deal_seed = _deal_seed(seed, game + 1, hand_number)
            dealt = deal_masks(rules["A"], deal_seed, hand_number)
            for name in ("A", "B"):
                if done[name]:
                    continue
                played = lab_hands(rules[name], [dealt], [hand_number], policy, [deal_seed], totals[name])[0]
                rows.append(_row(deal + hand_number, name, game, hand_number, deal_seed, tricks, played))
                for seat, score in enumerate(played[0]):
                    totals[name][seat] += score
                hands[name] += 1
                done[name] = game_ends(rules[name], totals[name], hands[name])
        for name in ("A", "B"):
            games.append(_game_row(game, name, totals[name], hands[name], not done[name]))
        deal += MAX_GAME_HANDS
    return rows, games


@dataclass(frozen=True)
class PairChunk:
    """Deals (or, with ``games``, whole games) ``start`` to ``stop`` of a paired simulation from
    ``seed``: a value a worker process (or machine) can be sent.  Deal ``i`` is shuffled from its
    own seed (``_deal_seed(seed, 0, i)``, game ``g``'s hands from ``_deal_seed(seed, g + 1, hand)``),
    so a chunk's rows are the same whoever plays it and however the deals are cut into chunks."""

    rules_a: Ruleset
    rules_b: Ruleset
    seed: int
    start: int
    stop: int
    policy: str = "heuristic"
    games: bool = False

    @property
    def size(self) -> int:
        """Deals (or games) in the chunk."""
        return self.stop - self.start


def play_chunk(chunk: PairChunk) -> tuple[tuple[HandRow, ...], tuple[GameRow, ...]]:
    """The chunk's hand rows (A then B for each deal) and, in games mode, its game rows."""
    values_a, values_b = chunk.rules_a.to_dict(), chunk.rules_b.to_dict()
    if chunk.games:
        rows, games = _games_chunk(values_a, values_b, chunk.seed, chunk.start, chunk.stop, chunk.policy)
        return tuple(rows), tuple(games)
    return tuple(_hands_chunk(values_a, values_b, chunk.seed, chunk.start, chunk.stop, chunk.policy)), ()


def pair_chunks(
    rules_a: Ruleset, rules_b: Ruleset, total: int, size: int, *, seed: int, policy: str, games: bool
) -> list[PairChunk]:
    """``total`` deals (or games) cut into chunks of ``size``."""
    return [
        PairChunk(rules_a, rules_b, seed, start, min(start + size, total), policy, games)
        for start in range(0, total, size)
    ]


class _Cancelled(Exception):
    """Raised in the caller's process when ``progress`` says stop: it ends :func:`run_chunks`."""


def simulate_pairs(
    rules_a: Ruleset,
    rules_b: Ruleset,
    hands: int,
    *,
    seed: int = 0,
    policy: str = "heuristic",
    games: bool = False,
    progress: Progress | None = None,
    workers: int = 1,
    chunk: int | None = None,
) -> SimulationResult:
    """Play ``hands`` deals (or, with ``games=True``, ``hands`` whole games) under
    both rulesets, paired: the same deals, the same seats, the same bots.

    ``progress(done, total)`` is called after each chunk of deals (games);
    returning False cancels: the result keeps the finished chunks and says
    ``cancelled``.  ``workers`` > 1 plays the chunks on
    :func:`hearts_core.chunks.run_chunks` (a Dask cluster, or a local worker
    pool), where they finish in any order: ``done`` then counts the deals of the
    chunks finished, and a cancelled result keeps those chunks.  The rows are the
    same whatever the number of workers and the chunk size.  The rulesets must
    share the player count and the deck.
    """
    check_same_deck(rules_a, rules_b)
    if policy not in POLICIES:
        raise ValueError(f"no policy {policy!r}; choose one of {', '.join(POLICIES)}")
    if hands < 0:
        raise ValueError("the number of hands cannot be negative")
    size = chunk or (max(1, min(50, hands // 20 or 1)) if games else max(50, min(500, hands // 20 or 1)))
    parts = pair_chunks(rules_a, rules_b, hands, size, seed=seed, policy=policy, games=games)
    played: dict[int, tuple[tuple[HandRow, ...], tuple[GameRow, ...]]] = {}
    cancelled = False

    def keep(number: int, result: tuple[tuple[HandRow, ...], tuple[GameRow, ...]]) -> None:
        played[number] = result
        done = sum(parts[index].size for index in played)
        if progress is not None and progress(done, hands) is False and done < hands:
            raise _Cancelled

    try:
        if workers <= 1 or len(parts) <= 1:
            for number, part in enumerate(parts):
                keep(number, play_chunk(part))
        else:
            run_chunks(play_chunk, parts, workers=workers, on_result=keep)
    except _Cancelled:
        cancelled = True
    rows = tuple(row for number in sorted(played) for row in played[number][0])
    game_rows = tuple(game for number in sorted(played) for game in played[number][1])
    return SimulationResult(rows, cancelled, game_rows, hands, games, rules_a.players)


# -- statistics ----------------------------------------------------------------------------------


#: What each statistic counts, so that only statistics of one unit share a scale: a share of
#: hands (drawn in percentage points), points, a trick's number, hands.
STAT_UNITS: Final[dict[str, str]] = {
    "moon_rate": "share",
    "sun_rate": "share",
    "queen_self_rate": "share",
    "seat0_points": "points",
    "hand_points": "points",
    "score_spread": "points",
    "first_trick_points": "points",
    "winner_margin": "points",
    "hearts_broken_trick": "trick",
    "hands_per_game": "hands",
}
#: The units in the order the page shows them.
UNITS: Final = ("share", "points", "trick", "hands")


@dataclass(frozen=True)
class StatDiff:
    """A paired comparison of one statistic: the means under A and B, the difference
    B minus A with its 95% confidence interval (paired by deal or game), and the
    verdict: ``"identical"`` when every pair is exactly equal, ``"real"`` when the
    interval excludes zero, else ``"noise"``."""

    key: str
    mean_a: float
    mean_b: float
    diff: float
    low: float
    high: float
    n: int
    verdict: str
    per: str = "hand"
    params: dict[str, Any] = field(default_factory=dict)

    def label(self, language: str | None = None) -> str:
        return message(f"lab.stat.{self.key}", language)

    @property
    def unit(self) -> str:
        """What the statistic counts (one of :data:`UNITS`)."""
        return STAT_UNITS.get(self.key, "points")

    def text(self, language: str | None = None) -> str:
        """A sentence with the figures and whether the difference is real or noise; a share of
        hands as a percentage, its difference in percentage points.

        >>> StatDiff("moon_rate", 0.012, 0.02, 0.008, -0.001, 0.017, 500, "noise").text()  # doctest: +ELLIPSIS
        'Hands with a moon: 1.2% under A, 2% under B, a difference of +0.8 percentage points (95% interval -0.1 ...'
        """
        key = "too_few" if self.n < 2 and self.verdict != "identical" else self.verdict
        share = self.unit == "share"
        mean = _percent if share else _fmt
        scale = 100.0 if share else 1.0
        diff = _fmt(self.diff * scale, language, signed=True)
        return message(
            f"lab.verdict.{key}",
            language,
            label=self.label(language),
            mean_a=mean(self.mean_a, language),
            mean_b=mean(self.mean_b, language),
            diff=message("lab.percentage_points", language, value=diff) if share else diff,
            low=_fmt(self.low * scale, language, signed=True),
            high=_fmt(self.high * scale, language, signed=True),
            n=self.n,
        )


def _fmt(value: float, language: str | None, signed: bool = False) -> str:
    return decimal(value, 3, language, signed=signed, trim=True)


def _percent(value: float, language: str | None) -> str:
    """A share as a percentage with at most one decimal ("1.2%")."""
    return percent(round(value, 3), language, exact=True)


@dataclass(frozen=True)
class StatSums:
    """What a paired difference needs of its pairs (A, B): their number and the sums of A, of B, of
    the differences B - A and of their squares.  Sums add, so chunks of a simulation played anywhere
    combine into one :class:`StatDiff` without keeping the pairs (the Lab's statistics are whole
    numbers of points, hands or tricks, whose float sums are exact, whatever their order)."""

    n: int = 0
    sum_a: float = 0.0
    sum_b: float = 0.0
    sum_diff: float = 0.0
    sum_squares: float = 0.0

    @classmethod
    def of(cls, pairs: Iterable[tuple[float, float]]) -> StatSums:
        """The sums of ``pairs``."""
        n, sum_a, sum_b, sum_diff, sum_squares = 0, 0.0, 0.0, 0.0, 0.0
        for a, b in pairs:
            n += 1
            sum_a += a
            sum_b += b
            sum_diff += b - a
            sum_squares += (b - a) ** 2
        return cls(n, sum_a, sum_b, sum_diff, sum_squares)

    def __add__(self, other: StatSums) -> StatSums:
        return StatSums(
            self.n + other.n,
            self.sum_a + other.sum_a,
            self.sum_b + other.sum_b,
            self.sum_diff + other.sum_diff,
            self.sum_squares + other.sum_squares,
        )

    def difference(self, key: str, per: str = "hand") -> StatDiff:
        """Mean A, mean B and the mean difference B - A with a 95% normal interval."""
        n = self.n
        if n == 0:
            return StatDiff(key, 0.0, 0.0, 0.0, 0.0, 0.0, 0, "noise", per)
        mean = self.sum_diff / n
        if n > 1:
            variance = max(0.0, (self.sum_squares - self.sum_diff * mean) / (n - 1))
            half = 1.96 * math.sqrt(variance / n)
        else:
            half = math.inf
        low, high = mean - half, mean + half
        if self.sum_squares == 0:
            verdict = "identical"  # 0 against 0 on every deal: no noise to speak of
        else:
            verdict = "real" if n > 1 and (low > 0 or high < 0) else "noise"
        return StatDiff(key, self.sum_a / n, self.sum_b / n, mean, low, high, n, verdict, per)


def paired_difference(pairs: Iterable[tuple[float, float]], key: str, per: str = "hand") -> StatDiff:
    """Mean A, mean B and the mean difference B - A with a 95% normal interval.

    >>> stat = paired_difference([(1.0, 2.0), (3.0, 3.0), (0.0, 4.0)], "seat0_points")
    >>> stat.diff, round(stat.low, 3), round(stat.high, 3), stat.verdict
    (1.6666666666666667, -0.689, 4.022, 'noise')
    """
    return StatSums.of(pairs).difference(key, per)


_HAND_STATS: Final[tuple[tuple[str, Callable[[HandRow], float | None]], ...]] = (
    ("moon_rate", lambda row: float(row.moon_shooter >= 0)),
    ("sun_rate", lambda row: float(row.sun_shooter >= 0)),
    ("queen_self_rate", lambda row: float(row.queen_self) if row.queen_taker >= 0 else None),
    ("seat0_points", lambda row: float(row.scores[0])),
    ("hand_points", lambda row: sum(row.scores) / len(row.scores)),
    ("score_spread", lambda row: float(max(row.scores) - min(row.scores))),
    ("first_trick_points", lambda row: float(row.first_trick_points)),
    ("hearts_broken_trick", lambda row: float(row.hearts_broken_trick) if row.hearts_broken_trick else None),
)


def paired_hands(result: SimulationResult) -> list[tuple[HandRow, HandRow]]:
    """The deals played under both rulesets, as (A's row, B's row), in the order of the rows."""
    by_key: dict[int, dict[str, HandRow]] = {}
    for row in result.rows:
        by_key.setdefault(row.deal, {})[row.ruleset] = row
    return [(pair["A"], pair["B"]) for pair in by_key.values() if "A" in pair and "B" in pair]


def paired_values(result: SimulationResult) -> list[tuple[str, str, list[tuple[float, float]]]]:
    """Each statistic of :func:`compare_stats` as (key, "hand" or "game", its (A, B) values paired by
    deal or game): the one definition of what the Lab measures, whether the pairs are kept or summed."""
    paired = paired_hands(result)
    measured: list[tuple[str, str, list[tuple[float, float]]]] = []
    for key, measure in _HAND_STATS:
        values = []
        for row_a, row_b in paired:
            a, b = measure(row_a), measure(row_b)
            if a is not None and b is not None:
                values.append((a, b))
        measured.append((key, "hand", values))
    if result.games:
        by_game: dict[int, dict[str, GameRow]] = {}
        for game in result.games:
            by_game.setdefault(game.game, {})[game.ruleset] = game
        games = [(pair["A"], pair["B"]) for pair in by_game.values() if "A" in pair and "B" in pair]
        measured.append(("hands_per_game", "game", [(float(a.hands), float(b.hands)) for a, b in games]))
        measured.append(("winner_margin", "game", [(float(a.margin), float(b.margin)) for a, b in games]))
    return measured


def compare_stats(result: SimulationResult) -> tuple[StatDiff, ...]:
    """Paired differences B - A of the hand statistics (moon and sun rates, the
    queen coming back to her player, seat 0's points, mean points, the spread
    of hand scores, first-trick points, the trick hearts break in) and, in
    games mode, of hands per game and the winner's margin.  Identical rulesets
    give zero differences, all "identical"."""
    return tuple(paired_difference(values, key, per) for key, per, values in paired_values(result))


__all__ = [
    "MAX_GAME_HANDS",
    "STAT_UNITS",
    "UNITS",
    "GameRow",
    "HandRow",
    "PairChunk",
    "SimulationResult",
    "StatDiff",
    "StatSums",
    "compare_stats",
    "deal_masks",
    "lab_hands",
    "pair_chunks",
    "paired_difference",
    "paired_hands",
    "paired_values",
    "play_chunk",
    "simulate_pairs",
]
