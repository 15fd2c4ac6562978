"""Scoring a hand: raw points, the moon, the sun, the no-tricks bonus, chips.

>>> from hearts_core import Ruleset, CardSet
>>> rules = Ruleset(moon="add_to_others")
>>> everything = CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS").mask
>>> report = score_hand(rules, (everything, 0, 0, 0), (10, 1, 1, 1))
>>> report.moon_shooter, report.scores
(0, (0, 26, 26, 26))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import cards_of_mask
from .rules import HEARTS_MASK, Ruleset
from .vocabulary import MOON_CHOICES


@dataclass(frozen=True)
class ScoreReport:
    """How a hand was scored.

    ``raw`` are the points taken; ``scores`` the result after the moon, the
    sun, the no-tricks bonus (or the chip settlement).  ``moon_option`` is the
    moon scoring applied (``"add_to_others"``, ``"subtract_from_self"``, or
    None), ``no_tricks_seats`` the seats that got the no-tricks bonus.
    """

    raw: tuple[int, ...]
    scores: tuple[int, ...]
    moon_shooter: int | None = None
    sun_shooter: int | None = None
    moon_option: str | None = None
    moon_value: int = 0
    no_tricks_seats: tuple[int, ...] = ()
    chip_winners: tuple[int, ...] = ()


def raw_points(rules: Ruleset, taken: Sequence[int]) -> tuple[int, ...]:
    """The points of the cards each seat took."""
    points = rules.tables.points
    return tuple(sum(points[card] for card in cards_of_mask(mask)) for mask in taken)


def moon_shooter(rules: Ruleset, taken: Sequence[int]) -> int | None:
    """The seat that took every penalty card (and every bonus card when the rules
    say the moon needs it), or None."""
    tables = rules.tables
    needed = tables.penalty_mask | (tables.bonus_mask if rules.moon_needs_bonus else 0)
    if not tables.penalty_mask:
        return None
    for seat, mask in enumerate(taken):
        if mask & needed == needed:
            return seat
    return None


def score_hand(
    rules: Ruleset,
    taken: Sequence[int],
    tricks_won: Sequence[int],
    moon_choice: str | None = None,
    totals_before: Sequence[int] | None = None,
) -> ScoreReport:
    """Score a hand from the cards (masks) and tricks each seat took.

    ``moon_choice`` is the shooter's pick under ``moon="choice"``; without it
    (and under ``moon="auto"``) the engine picks the option better for the
    shooter given ``totals_before``.
    """
    if moon_choice is not None and moon_choice not in MOON_CHOICES:
        raise ValueError(f"moon_choice must be one of {', '.join(MOON_CHOICES)}, not {moon_choice!r}")
    raw = raw_points(rules, taken)
    if rules.scoring == "chips":
        hearts = tuple((mask & HEARTS_MASK & rules.tables.deck_mask).bit_count() for mask in taken)
        return _chip_settlement(raw, hearts)
    value = rules.moon_value
    n = rules.players
    hand_size = rules.hand_size
    if rules.sun:
        for seat, won in enumerate(tricks_won):
            if won == hand_size:
                scores = tuple(raw[i] - value if i == seat else raw[i] + 2 * value for i in range(n))
                return ScoreReport(raw, scores, moon_shooter=seat, sun_shooter=seat, moon_value=value)
    shooter = moon_shooter(rules, taken) if rules.moon != "off" else None
    if shooter is not None:
        option = _moon_option(rules, raw, shooter, moon_choice, totals_before)
        scores = _apply_moon(raw, shooter, value, option)
        return ScoreReport(raw, scores, moon_shooter=shooter, moon_option=option, moon_value=value)
    bonus_seats: tuple[int, ...] = ()
    scores = raw
    if rules.no_tricks_bonus and sum(tricks_won) == hand_size:
        bonus_seats = tuple(seat for seat, won in enumerate(tricks_won) if won == 0)
        scores = tuple(raw[i] + (rules.no_tricks_bonus if i in bonus_seats else 0) for i in range(n))
    return ScoreReport(raw, scores, no_tricks_seats=bonus_seats, moon_value=value)


def _apply_moon(raw: Sequence[int], shooter: int, value: int, option: str) -> tuple[int, ...]:
    if option == "add_to_others":
        return tuple(points - value if seat == shooter else points + value for seat, points in enumerate(raw))
    return tuple(points - 2 * value if seat == shooter else points for seat, points in enumerate(raw))


def _moon_option(
    rules: Ruleset,
    raw: Sequence[int],
    shooter: int,
    moon_choice: str | None,
    totals_before: Sequence[int] | None,
) -> str:
    if rules.moon in MOON_CHOICES:
        return rules.moon
    if rules.moon == "choice" and moon_choice is not None:
        return moon_choice
    return best_moon_option(rules, raw, shooter, totals_before)


def best_moon_option(
    rules: Ruleset,
    raw: Sequence[int],
    shooter: int,
    totals_before: Sequence[int] | None = None,
) -> str:
    """The moon option that leaves the shooter best placed (the Rule Book's assumption for
    bots and for ``moon="auto"``).

    Both options change the shooter's lead over everyone by the same amount,
    so they differ only when one ends the game: adding to the others is
    preferred unless it ends the game with the shooter not (jointly) lowest.
    Subtracting raises nobody's total, so it never ends a game played to a
    target score (the ranking below still weighs both, whatever the end rule).
    """
    if totals_before is None:
        return "add_to_others"
    ranked = {
        option: standing_after(rules, totals_before, _apply_moon(raw, shooter, rules.moon_value, option), shooter)
        for option in MOON_CHOICES
    }
    return max(MOON_CHOICES, key=lambda option: ranked[option])


def standing_after(rules: Ruleset, totals: Sequence[int], hand: Sequence[int], seat: int) -> int:
    """How ``seat`` stands once ``hand`` is added to ``totals``: 3 = wins alone,
    2 = shares the win, 1 = the game goes on, 0 = loses."""
    after = [total + points for total, points in zip(totals, hand, strict=True)]
    if not (rules.target_score and max(after) >= rules.target_score):
        return 1
    lowest = min(after)
    if after[seat] != lowest:
        return 0
    if after.count(lowest) == 1:
        return 3
    return 2 if rules.tie == "share" else 1


def _chip_settlement(raw: tuple[int, ...], hearts: tuple[int, ...]) -> ScoreReport:
    """1887 chips (V12): whoever took fewest hearts collects, from each other player,
    as many chips as hearts that player took (hearts, whatever the penalty table says).
    Tied collectors split the pot; an odd chip stays on the table (Foster's Hoyle
    does the same with a divided pool)."""
    fewest = min(hearts)
    winners = tuple(seat for seat, count in enumerate(hearts) if count == fewest)
    if len(winners) == len(hearts):
        return ScoreReport(raw, (0,) * len(hearts), chip_winners=winners)
    pot = sum(count for seat, count in enumerate(hearts) if seat not in winners)
    share = pot // len(winners)
    scores = tuple(-share if seat in winners else count for seat, count in enumerate(hearts))
    return ScoreReport(raw, scores, chip_winners=winners)
