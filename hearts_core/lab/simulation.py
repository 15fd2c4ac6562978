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
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

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


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(start + size, total)) for start in range(0, total, size)]


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
    ``cancelled``.  ``workers`` > 1 spreads the chunks over processes; the rows
    are the same whatever the number of workers.  The rulesets must share the
    player count and the deck.
    """
    check_same_deck(rules_a, rules_b)
    if policy not in POLICIES:
        raise ValueError(f"no policy {policy!r}; choose one of {', '.join(POLICIES)}")
    if hands < 0:
        raise ValueError("the number of hands cannot be negative")
    values_a, values_b = rules_a.to_dict(), rules_b.to_dict()
    size = chunk or (max(1, min(50, hands // 20 or 1)) if games else max(50, min(500, hands // 20 or 1)))
    parts = _chunks(hands, size)
    rows: list[HandRow] = []
    game_rows: list[GameRow] = []
    cancelled = False
    done = 0

    def collect(result: Any) -> None:
        if games:
            rows.extend(result[0])
            game_rows.extend(result[1])
        else:
            rows.extend(result)

    work = _games_chunk if games else _hands_chunk
    if workers <= 1 or len(parts) <= 1:
        for start, stop in parts:
            collect(work(values_a, values_b, seed, start, stop, policy))
            done = stop
            if progress is not None and progress(done, hands) is False:
                cancelled = done < hands
                break
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(work, values_a, values_b, seed, start, stop, policy) for start, stop in parts]
            for future, (_, stop) in zip(futures, parts, strict=True):
                collect(future.result())
                done = stop
                if progress is not None and progress(done, hands) is False:
                    cancelled = done < hands
                    for pending in futures:
                        pending.cancel()
                    break
    return SimulationResult(tuple(rows), cancelled, tuple(game_rows), hands, games, rules_a.players)


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


def paired_difference(pairs: Iterable[tuple[float, float]], key: str, per: str = "hand") -> StatDiff:
    """Mean A, mean B and the mean difference B - A with a 95% normal interval."""
    values = list(pairs)
    n = len(values)
    if n == 0:
        return StatDiff(key, 0.0, 0.0, 0.0, 0.0, 0.0, 0, "noise", per)
    mean_a = sum(a for a, _ in values) / n
    mean_b = sum(b for _, b in values) / n
    diffs = [b - a for a, b in values]
    mean = sum(diffs) / n
    if n > 1:
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        half = 1.96 * math.sqrt(variance / n)
    else:
        half = math.inf
    low, high = mean - half, mean + half
    if all(d == 0 for d in diffs):
        verdict = "identical"  # 0 against 0 on every deal: no noise to speak of
    else:
        verdict = "real" if n > 1 and (low > 0 or high < 0) else "noise"
    return StatDiff(key, mean_a, mean_b, mean, low, high, n, verdict, per)


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


def compare_stats(result: SimulationResult) -> tuple[StatDiff, ...]:
    """Paired differences B - A of the hand statistics (moon and sun rates, the
    queen coming back to her player, seat 0's points, mean points, the spread
    of hand scores, first-trick points, the trick hearts break in) and, in
    games mode, of hands per game and the winner's margin.  Identical rulesets
    give zero differences, all "identical"."""
    by_key: dict[int, dict[str, HandRow]] = {}
    for row in result.rows:
        by_key.setdefault(row.deal, {})[row.ruleset] = row
    paired = [(pair["A"], pair["B"]) for pair in by_key.values() if "A" in pair and "B" in pair]
    stats: list[StatDiff] = []
    for key, measure in _HAND_STATS:
        values = []
        for row_a, row_b in paired:
            a, b = measure(row_a), measure(row_b)
            if a is not None and b is not None:
                values.append((a, b))
        stats.append(paired_difference(values, key))
    if result.games:
        by_game: dict[int, dict[str, GameRow]] = {}
        for game in result.games:
            by_game.setdefault(game.game, {})[game.ruleset] = game
        games = [(pair["A"], pair["B"]) for pair in by_game.values() if "A" in pair and "B" in pair]
        stats.append(paired_difference(((float(a.hands), float(b.hands)) for a, b in games), "hands_per_game", "game"))
        stats.append(paired_difference(((float(a.margin), float(b.margin)) for a, b in games), "winner_margin", "game"))
    return tuple(stats)


__all__ = [
    "MAX_GAME_HANDS",
    "STAT_UNITS",
    "UNITS",
    "GameRow",
    "HandRow",
    "SimulationResult",
    "StatDiff",
    "compare_stats",
    "deal_masks",
    "lab_hands",
    "paired_difference",
    "simulate_pairs",
]
