"""A game: hands in sequence, running totals, the end and the winners.

>>> from hearts_core import Ruleset
>>> from hearts_core.ai.bots import play_random_hand
>>> game = Game(Ruleset(max_hands=2, target_score=0))
>>> while not game.is_over:
...     game = game.record(play_random_hand(game.start_hand(seed=game.next_hand_number)))
>>> len(game.hands), sum(game.totals) == 52 or game.hands[0].report.moon_shooter is not None
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .rules import Ruleset
from .scoring import ScoreReport
from .state import HandState, PerSeat, SeedLike
from .vocabulary import MoonChoice


@dataclass(frozen=True)
class HandResult:
    """A finished hand, its scoring report, and the moon choice used if any."""

    state: HandState
    report: ScoreReport
    moon_choice: MoonChoice | None = None

    @property
    def scores(self) -> tuple[int, ...]:
        return self.report.scores


@dataclass(frozen=True)
class Game:
    """An immutable game; :meth:`record` returns the game with one more hand.

    The pass direction follows ``rules.pass_cycle`` by hand number and the
    dealer moves one seat to the left each hand (see ``HandState.dealer``).
    """

    rules: Ruleset
    hands: tuple[HandResult, ...] = field(default=())

    @property
    def next_hand_number(self) -> int:
        return len(self.hands)

    @property
    def totals(self) -> PerSeat:
        """Each seat's running total."""
        totals = [0] * self.rules.players
        for result in self.hands:
            for seat, points in enumerate(result.scores):
                totals[seat] += points
        return PerSeat(totals)

    def totals_after(self, hand_count: int) -> PerSeat:
        """Each seat's total after the first ``hand_count`` hands (for charts)."""
        return Game(self.rules, self.hands[:hand_count]).totals

    def pass_direction(self, hand_number: int | None = None) -> str:
        """The pass direction of a hand (the next one by default)."""
        return self.rules.pass_direction(self.next_hand_number if hand_number is None else hand_number)

    def start_hand(self, seed: SeedLike = None) -> HandState:
        """Deal the next hand."""
        if self.is_over:
            raise ValueError("the game is over; start a new one")
        return HandState.deal(self.rules, seed, self.next_hand_number)

    def record(self, state: HandState, moon_choice: MoonChoice | None = None) -> Game:
        """The game after a finished hand ``state``; ``moon_choice`` is the shooter's
        pick when the rules let them choose (the better option for them otherwise)."""
        if not state.is_over:
            raise ValueError("only a finished hand can be recorded")
        if state.hand_number != self.next_hand_number or state.rules != self.rules:
            raise ValueError(f"expected hand {self.next_hand_number} under this game's rules")
        if self.is_over:
            raise ValueError("the game is over; start a new one")
        report = state.score_report(moon_choice, self.totals)
        return Game(self.rules, self.hands + (HandResult(state, report, moon_choice),))

    @property
    def is_over(self) -> bool:
        """Whether the end condition is met (and, under ``tie="play_on"``, one seat is lowest)."""
        return bool(self.hands) and game_ends(self.rules, self.totals, len(self.hands))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the game is over (empty before)."""
        if not self.is_over:
            return ()
        return _lowest(self.totals)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats currently lowest."""
        return _lowest(self.totals) if self.hands else tuple(range(self.rules.players))


def game_ends(rules: Ruleset, totals: Sequence[int], hands_played: int | None = None) -> bool:
    """Whether a game with these totals is over: the target reached (or the hands all
    played, when ``hands_played`` is known), and under ``tie="play_on"`` one seat lowest.

    >>> game_ends(Ruleset(), [104, 30, 30, 60]), game_ends(Ruleset(tie="play_on"), [104, 30, 30, 60])
    (True, False)
    """
    reached = bool(rules.target_score and max(totals) >= rules.target_score)
    out_of_hands = bool(rules.max_hands and hands_played is not None and hands_played >= rules.max_hands)
    if not (reached or out_of_hands):
        return False
    return rules.tie == "share" or list(totals).count(min(totals)) == 1


def _lowest(totals: Sequence[int]) -> tuple[int, ...]:
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
