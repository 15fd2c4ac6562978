"""A practice game against bots, as one immutable value with a transition per action.

:class:`PracticeSession` holds the :class:`~hearts_core.engine.game.Game`, the hand in
progress and what undo needs.  Every action (:meth:`~PracticeSession.pass_cards`,
:meth:`~PracticeSession.play`, :meth:`~PracticeSession.undo`,
:meth:`~PracticeSession.claim`, :meth:`~PracticeSession.choose_moon`,
:meth:`~PracticeSession.next_hand`) returns a new session in which the bots have
moved until it is the learner's turn again or the hand is over.  A finished hand
is recorded into the game at once, unless the learner shot the moon under rules
that let the shooter choose: then the session waits for the choice.

Randomness is seeded: the deal from ``(seed, hand number)`` and each bot
decision from ``(seed, hand number, cards played)``, so replaying after an undo
gives the same bot cards.

>>> from hearts_core import Ruleset
>>> session = PracticeSession.start(Ruleset(), level="random", seed=3)
>>> session.stage, len(session.hand.hands[0])
('pass', 13)
>>> session = session.pass_cards(session.hand.hands[0].cards()[:3])
>>> session.stage, session.hand.to_play
('play', 0)
>>> card = session.hand.legal_moves()[0]
>>> after = session.play(card)
>>> after.undo().hand == session.hand, after.undo().is_practice
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

from ..ai.bots import Bot, MonteCarloBot, play_hand
from ..ai.levels import LEVELS, make_bot
from ..ai.view import PlayerView
from ..engine.cards import CardLike, CardSet, cards_of_mask
from ..engine.game import Game
from ..engine.rules import Ruleset
from ..engine.state import HandState
from ..engine.vocabulary import MOON_CHOICES, OVER, PASS, PLAY

#: What the session waits for: the learner's pass or card, the moon choice, the next hand, nothing.
STAGES: Final = ("pass", "play", "moon", "hand_over", "game_over")


def _rng(*parts: object) -> random.Random:
    return random.Random(":".join(str(part) for part in parts))


def points_left(state: HandState) -> bool:
    """Whether any card still in a hand carries points (penalty or bonus)."""
    points = state.rules.tables.points
    unplayed = 0
    for hand in state.hands:
        unplayed |= hand.mask
    return any(points[card] for card in cards_of_mask(unplayed))


def replay_frames(state: HandState) -> tuple[HandState, ...]:
    """Every position of a hand in order: after the pass (or the deal on a hold
    hand), then after each card, ending at ``state``'s position."""
    dealt = state.dealt
    if dealt is None:
        raise ValueError("only a hand played from its deal can be replayed")
    start = HandState.from_hands(state.rules, dealt, state.hand_number)
    passes = state.passes
    if start.phase == PASS and passes is not None:
        start = start.with_passes(passes)
    frames = [start]
    for card in state.plays():
        frames.append(frames[-1].play(card))
    return tuple(frames)


@dataclass(frozen=True)
class PracticeSession:
    """A practice game: the learner at ``seat`` against bots of ``level``.

    ``hand`` is the hand in progress (or just finished); ``undo_stack`` the
    positions just before each of the learner's cards in this hand;
    ``practice_hands`` the hand numbers in which the learner took a card back.
    """

    game: Game
    hand: HandState
    level: str = "heuristic"
    seat: int = 0
    seed: int = 0
    undo_stack: tuple[HandState, ...] = ()
    practice_hands: frozenset[int] = field(default_factory=frozenset)
    #: The date (ISO) when the first hand is that day's daily deal (:mod:`hearts_core.learner.daily`).
    daily: str | None = None
    #: The class deal (the id of the work that set it) when the first hand is a teacher's class deal.
    class_deal: int | None = None

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"no bot level {self.level!r}; choose one of {', '.join(LEVELS)}")
        if not 0 <= self.seat < self.game.rules.players:
            raise ValueError(f"no seat {self.seat} at a table of {self.game.rules.players}")

    # -- starting ---------------------------------------------------------------------------

    @classmethod
    def start(cls, rules: Ruleset, level: str = "heuristic", seed: int = 0, seat: int = 0) -> PracticeSession:
        """A new game: the first hand dealt, the bots moved until the learner acts."""
        game = Game(rules)
        session = cls(game, game.start_hand(seed=f"{seed}:deal:0"), level, seat, seed)
        return session._advance()

    @classmethod
    def from_position(
        cls, position: HandState, level: str = "heuristic", seed: int = 0, seat: int | None = None
    ) -> PracticeSession:
        """A game whose first hand starts on ``position`` (the Analysis board's "Play it out against
        the bots"): the learner at ``seat`` (by default the seat to move), bots elsewhere.

        The game opens with that hand, so a position from a later hand of another game is set up
        again as hand 1 without its history (the cards held, taken and on the table carry over;
        what earlier tricks showed does not).  The hand is flagged as practice: it was set up, not
        dealt.  Later hands are dealt as in any game."""
        if not position.is_playing:
            raise ValueError("a position is played out from a card to play")
        chosen = position.to_play if seat is None else seat
        assert chosen is not None
        if position.hand_number != 0:
            position = HandState.from_position_masks(position.rules, position.position(), hand_number=0)
        game = Game(position.rules)
        return cls(game, position, level, chosen, seed, practice_hands=frozenset({0}))._advance()

    def as_daily(self, day: str) -> PracticeSession:
        """This game marked as the daily deal of ``day`` (ISO date): its first hand is that deal."""
        return replace(self, daily=day)

    def as_class_deal(self, assignment_id: int) -> PracticeSession:
        """This game marked as the class deal set by work ``assignment_id``: its first hand is that deal."""
        return replace(self, class_deal=assignment_id)

    @property
    def first_hand_points(self) -> int | None:
        """The learner's points on the game's first hand, once it is over (None before)."""
        if not self.game.hands:
            return None
        return int(self.game.hands[0].report.scores[self.seat])

    @property
    def daily_result(self) -> int | None:
        """The learner's points on the daily deal, once its hand is over (None otherwise)."""
        return None if self.daily is None else self.first_hand_points

    # -- what the learner sees --------------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        return self.game.rules

    @property
    def recorded(self) -> bool:
        """Whether the current hand is in the game's record."""
        return len(self.game.hands) > self.hand.hand_number

    @property
    def stage(self) -> str:
        """One of :data:`STAGES`."""
        if self.hand.phase == PASS:
            return "pass"
        if self.hand.phase == PLAY:
            return "play"
        if not self.recorded:
            return "moon"
        return "game_over" if self.game.is_over else "hand_over"

    @property
    def is_practice(self) -> bool:
        """Whether the current hand is flagged (the learner took a card back)."""
        return self.hand.hand_number in self.practice_hands

    @property
    def totals_before(self) -> tuple[int, ...]:
        """The game totals before the current hand."""
        return tuple(self.game.totals_after(self.hand.hand_number))

    @property
    def can_undo(self) -> bool:
        return self.stage == "play" and bool(self.undo_stack)

    @property
    def can_claim(self) -> bool:
        """Whether the rest may be played out: the learner to play and no points left to take."""
        return self.stage == "play" and not points_left(self.hand)

    def shot_moon(self) -> bool:
        """Whether the learner took the moon in the finished hand."""
        if self.hand.phase != OVER:
            return False
        return self.hand.score_report(totals_before=self.totals_before).moon_shooter == self.seat

    # -- transitions ------------------------------------------------------------------------

    def pass_cards(self, cards: Iterable[CardLike]) -> PracticeSession:
        """The learner passes ``cards``; the bots pass theirs; play starts."""
        if self.stage != "pass":
            raise ValueError("there is no pass to make now")
        state = self.hand
        rng = _rng(self.seed, "pass", state.hand_number)
        passes: dict[int, CardSet | Iterable[CardLike]] = {self.seat: list(cards)}
        for seat in range(self.rules.players):
            if seat != self.seat:
                passes[seat] = self._bot().choose_pass(self._view(state, seat), rng)
        return replace(self, hand=state.with_passes(passes))._advance()

    def play(self, card: CardLike) -> PracticeSession:
        """The learner plays ``card`` (raises ``IllegalPlayError`` with the reason if illegal)."""
        if self.stage != "play":
            raise ValueError("it is not your turn to play")
        after = self.hand.play(card)
        return replace(self, hand=after, undo_stack=self.undo_stack + (self.hand,))._advance()

    def undo(self) -> PracticeSession:
        """Take back the learner's last card and the bots' cards after it; the hand is flagged."""
        if not self.can_undo:
            raise ValueError("there is no card of yours to take back in this hand")
        return replace(
            self,
            hand=self.undo_stack[-1],
            undo_stack=self.undo_stack[:-1],
            practice_hands=self.practice_hands | {self.hand.hand_number},
        )

    def retry_from(self, position: HandState) -> PracticeSession:
        """Play the hand just finished again from ``position``, one of the learner's turns in it
        (the game review's "Try again from here"): the hand leaves the game's record until it is
        finished again, and it is flagged as practice, as a card taken back is."""
        if self.stage not in ("hand_over", "game_over") or not self.game.hands:
            raise ValueError("a hand is tried again once it is over")
        last = self.game.hands[-1].state
        if position.hand_number != last.hand_number or position.rules != self.rules:
            raise ValueError("that position is not from the hand just played")
        if not position.is_playing or position.to_play != self.seat:
            raise ValueError("a hand is tried again from one of your turns to play")
        if position.record_start() != last.record_start() or position.plays() != last.plays()[: len(position.plays())]:
            raise ValueError("that position is not from the hand just played")
        return replace(
            self,
            game=Game(self.rules, self.game.hands[:-1]),
            hand=position,
            undo_stack=(),
            practice_hands=self.practice_hands | {position.hand_number},
        )

    def claim(self) -> PracticeSession:
        """Play out the rest of the hand (the learner's cards too) when no points are left."""
        if not self.can_claim:
            raise ValueError("points are still out: play on")
        state = self.hand
        while state.phase == PLAY:
            state = state.play(self._decide(state))
        return replace(self, hand=state)._finish()

    def choose_moon(self, option: str) -> PracticeSession:
        """The learner's choice after shooting the moon (``add_to_others`` or ``subtract_from_self``)."""
        if self.stage != "moon":
            raise ValueError("there is no moon choice to make")
        if option not in MOON_CHOICES:
            raise ValueError(f"moon choice must be one of {', '.join(MOON_CHOICES)}, not {option!r}")
        return replace(self, game=self.game.record(self.hand, option))

    def next_hand(self) -> PracticeSession:
        """Deal the next hand of the game."""
        if self.stage != "hand_over":
            raise ValueError("the hand is not over, or the game is")
        number = self.game.next_hand_number
        dealt = self.game.start_hand(seed=f"{self.seed}:deal:{number}")
        return replace(self, hand=dealt, undo_stack=())._advance()

    # -- the bots ---------------------------------------------------------------------------

    def _bot(self) -> Bot:
        return make_bot(self.level)

    def _view(self, state: HandState, seat: int) -> PlayerView:
        return PlayerView.from_state(state, seat, self.totals_before)

    def _decide(self, state: HandState) -> CardLike:
        seat = state.to_play
        assert seat is not None
        rng = _rng(self.seed, "play", state.hand_number, len(state.plays()))
        return self._bot().choose_card(self._view(state, seat), rng).card

    def _advance(self) -> PracticeSession:
        """Let the bots play until it is the learner's turn, or the hand is over."""
        state = self.hand
        while state.phase == PLAY and state.to_play != self.seat:
            state = state.play(self._decide(state))
        return replace(self, hand=state)._finish()

    def _finish(self) -> PracticeSession:
        """Record a finished hand unless the learner shot the moon and may choose how it scores."""
        if self.hand.phase != OVER or self.recorded:
            return self
        if self.rules.moon == "choice" and self.shot_moon():
            return self
        return replace(self, game=self.game.record(self.hand))


def engine_points(session: PracticeSession, worlds: int = 1000) -> int:
    """What the engine (the Monte Carlo bot at ``worlds`` deals a card) takes in the learner's seat on
    ``session``'s first hand, against the session's own bots: the figure a daily or class deal shows
    beside the learner's.  Seeded by the session, so it is the same for everyone on the same deal."""
    bots: list[Bot] = [make_bot(session.level) for _ in range(session.rules.players)]
    bots[session.seat] = MonteCarloBot(worlds)
    start = session.game.hands[0].state.record_start() if session.game.hands else session.hand.record_start()
    if start.passes is not None and start.dealt is not None:  # from the deal, so the engine passes too
        start = HandState.from_hands(start.rules, start.dealt, start.hand_number)
    end = play_hand(start, bots, seed=session.seed)
    return int(end.scores()[session.seat])


__all__ = ["STAGES", "PracticeSession", "engine_points", "points_left", "replay_frames"]
