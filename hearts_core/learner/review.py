"""The game review of a finished hand: every card the learner chose, weighed by the engine.

For each of the learner's card decisions with a real choice (two or more legal cards that are not
equivalent), :func:`review_hand` asks :func:`hearts_core.analyse` what each legal card was worth
from the learner's seat (the hidden cards dealt ``worlds`` ways, consistent with what the learner
had seen; every card played out in the same worlds) and records:

* the learner's card and the engine's best card, the **loss**: the expected points the learner's
  card gives away against the best one (0 for a best card), with the 95% interval of the chosen
  card's own mean;
* a **class** by the loss in points (:data:`CLASS_LIMITS`): ``best`` (within
  :data:`~hearts_core.ai.analysis.BEST_MARGIN`), ``good``, ``inaccuracy``, ``mistake``,
  ``blunder``.  The loss is counted in points of the whole hand from that decision on, so a point
  lost at the first trick weighs what a point lost at the last one does: a class means the same
  early and late;
* the **accuracy** of the hand: the share of its decisions classed best or good;
* the **key moments**: the three costliest decisions, costliest first (only those that lost more
  than a good card may).

**Luck against skill** (:func:`luck_and_skill`): the same deal after the same pass, replayed with
the engine (the Monte Carlo bot) in the learner's seat against the same bots, over several
seeds: "you took 14 points; in your seat the engine took 9 on average: about 5 points came from
decisions, the rest from the deal".

>>> from hearts_core import HandState, Ruleset
>>> from hearts_core.ai.bots import HeuristicBot, play_hand
>>> hand = play_hand(HandState.deal(Ruleset(pass_cycle=("hold",)), seed=2), [HeuristicBot()] * 4, seed=2)
>>> review = review_hand(hand, seat=0, worlds=64)
>>> 0.0 <= review.accuracy <= 1.0, all(d.loss >= 0 for d in review.decisions)
(True, True)
>>> classify(0.1), classify(0.4), classify(1.0), classify(3.0), classify(6.0)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass
from typing import Final, Literal

from ..ai.analysis import BEST_MARGIN, ROLLOUT_EPSILON, analyse
from ..ai.bots import Bot, MonteCarloBot, mean_pass_scores, pass_candidates, play_hand
from ..ai.levels import make_bot
from ..ai.view import PlayerView
from ..engine.cards import CardSet
from ..engine.state import HandState

DecisionClass = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
#: The classes in order, with the most points a decision of each class may lose (the last has none).
CLASS_LIMITS: Final[tuple[tuple[DecisionClass, float], ...]] = (
    ("best", BEST_MARGIN),
    ("good", 0.5),
    ("inaccuracy", 1.5),
    ("mistake", 4.0),
    ("blunder", float("inf")),
)
#: Each class as a PHN annotation mark (``docs/phn.md``): the best card ``!``, a good one unmarked.
REVIEW_MARKS: Final[dict[DecisionClass, str]] = {
    "best": "!",
    "good": "",
    "inaccuracy": "?!",
    "mistake": "?",
    "blunder": "??",
}
#: How many of the costliest decisions the review puts first.
KEY_MOMENTS: Final = 3
#: Deals behind the pass's numbers (each plays the whole hand out), and the engine's passes it is weighed against.
PASS_WORLDS: Final = 400
PASS_SHORTLIST: Final = 5


def classify(loss: float) -> DecisionClass:
    """The class of a decision that lost ``loss`` expected points against the best card."""
    for name, limit in CLASS_LIMITS:
        if loss <= limit:
            return name
    return "blunder"


@dataclass(frozen=True)
class Decision:
    """One decision of the learner's: a card (``index`` is its place among the hand's plays, 0 first)
    or the pass (``index`` -1, ``trick`` 0, ``played`` and ``best`` the three cards); ``state`` is the
    position before it; ``loss`` is in expected points for the hand."""

    index: int
    trick: int
    state: HandState
    played: str
    best: str
    expected: float
    best_expected: float
    interval: tuple[float, float]
    loss: float
    label: DecisionClass
    worlds: int

    @property
    def is_pass(self) -> bool:
        """Whether this is the pass (three cards), not a card played."""
        return self.index < 0


@dataclass(frozen=True)
class HandReview:
    """The review of one hand for ``seat``: its decisions in play order, and the hand's accuracy."""

    seat: int
    decisions: tuple[Decision, ...]

    @property
    def accuracy(self) -> float:
        """The share of decisions classed best or good (1.0 when there was no real choice)."""
        if not self.decisions:
            return 1.0
        return sum(decision.label in ("best", "good") for decision in self.decisions) / len(self.decisions)

    @property
    def key_moments(self) -> tuple[Decision, ...]:
        """The costliest decisions (at most :data:`KEY_MOMENTS`), costliest first, none that was good."""
        costly = [decision for decision in self.decisions if decision.label not in ("best", "good")]
        return tuple(sorted(costly, key=lambda decision: (-decision.loss, decision.index))[:KEY_MOMENTS])

    @property
    def points_lost(self) -> float:
        """The expected points all the decisions gave away together."""
        return sum(decision.loss for decision in self.decisions)

    def counts(self) -> dict[DecisionClass, int]:
        """How many decisions fell in each class, in the classes' order."""
        return {name: sum(decision.label == name for decision in self.decisions) for name, _ in CLASS_LIMITS}


@dataclass(frozen=True)
class GameReview:
    """The reviews of a game's hands together: the game's accuracy, points given away and key moments."""

    hands: tuple[HandReview, ...]

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every decision of the game, hand after hand (each knows its hand by ``state.hand_number``)."""
        return tuple(decision for hand in self.hands for decision in hand.decisions)

    @property
    def accuracy(self) -> float:
        """The share of the game's decisions classed best or good (each decision counts once, so a
        long hand weighs more than a short one)."""
        return HandReview(0, self.decisions).accuracy

    @property
    def points_lost(self) -> float:
        """The expected points the game's decisions gave away together."""
        return sum(hand.points_lost for hand in self.hands)

    @property
    def key_moments(self) -> tuple[Decision, ...]:
        """The costliest decisions of the whole game, costliest first."""
        return HandReview(0, self.decisions).key_moments

    def counts(self) -> dict[DecisionClass, int]:
        """How many of the game's decisions fell in each class."""
        return HandReview(0, self.decisions).counts()


def review_hand(hand: HandState, seat: int, *, worlds: int = 1000, seed: int = 0) -> HandReview:
    """The review of ``seat``'s decisions in the finished (or partly played) ``hand``: its pass
    (when the hand had one) and every card it chose."""
    state = hand.record_start()
    decisions: list[Decision] = []
    passed = _weigh_pass(hand, seat, min(worlds, PASS_WORLDS), seed)
    if passed is not None:
        decisions.append(passed)
    for index, card in enumerate(hand.plays()):
        if state.to_play == seat and len(state.legal_moves()) > 1:
            decision = weigh_play(state, index, str(card), worlds, seed + index)
            if decision is not None:
                decisions.append(decision)
        state = state.play(card)
    return HandReview(seat, tuple(decisions))


def _weigh_pass(hand: HandState, seat: int, worlds: int, seed: int) -> Decision | None:
    """The learner's pass in ``hand`` weighed (None on a hand without a pass)."""
    passes, dealt = hand.passes, hand.dealt
    if passes is None or dealt is None:
        return None
    before = HandState.from_masks(hand.rules, [cards.mask for cards in dealt], hand.hand_number)
    return weigh_pass(before, seat, passes[seat].mask, worlds, seed)


def weigh_pass(before: HandState, seat: int, mine: int, worlds: int, seed: int) -> Decision:
    """The pass ``mine`` (a card mask) of ``seat`` from the hand as dealt (``before``) weighed against
    the engine's shortlist of passes, in the same deals of the other hands, each played out to the end."""
    view = PlayerView.from_state(before, seat)
    candidates = list(dict.fromkeys([mine, *pass_candidates(view)[:PASS_SHORTLIST]]))
    means, count = mean_pass_scores(view, candidates, worlds, random.Random(seed), ROLLOUT_EPSILON)
    scored = dict(zip(candidates, means, strict=True))
    best_mask = min(candidates, key=lambda mask: (round(scored[mask], 9), mask != mine))
    loss = max(0.0, scored[mine] - scored[best_mask])
    label = classify(loss)
    return Decision(
        index=-1,
        trick=0,
        state=before,
        played=str(CardSet.from_mask(mine)),
        best=str(CardSet.from_mask(mine if label == "best" else best_mask)),
        expected=scored[mine],
        best_expected=scored[best_mask],
        interval=(scored[mine], scored[mine]),
        loss=0.0 if label == "best" else loss,
        label=label,
        worlds=count,
    )


def weigh_play(state: HandState, index: int, played: str, worlds: int, seed: int) -> Decision | None:
    """The card ``played`` from ``state`` (the ``index``-th play of its hand) weighed against the best
    card at ``worlds`` deals; None when every legal card was alike (no real choice)."""
    result = analyse(state, worlds=worlds, seed=seed)
    legal = [entry for entry in result.cards if entry.legal and entry.expected is not None]
    if len({entry.expected for entry in legal}) < 2:
        return None
    best = min(legal, key=lambda entry: entry.expected or 0.0)
    chosen = result.card(played)
    assert chosen.expected is not None and best.expected is not None and chosen.interval is not None
    loss = max(0.0, chosen.expected - best.expected)
    label = "best" if chosen.best else classify(loss)
    return Decision(
        index=index,
        trick=state.trick_number + 1,
        state=state,
        played=played,
        best=played if chosen.best else best.card,
        expected=chosen.expected,
        best_expected=best.expected,
        interval=chosen.interval,
        loss=0.0 if chosen.best else loss,
        label=label,
        worlds=chosen.worlds,
    )


@dataclass(frozen=True)
class LuckAndSkill:
    """The learner's points for the hand, and the engine's in the same seat over ``replays``."""

    points: int
    engine_points: tuple[int, ...]

    @property
    def engine_mean(self) -> float:
        return statistics.fmean(self.engine_points)

    @property
    def from_decisions(self) -> float:
        """Points the learner took beyond the engine (negative: fewer than the engine)."""
        return self.points - self.engine_mean


def luck_and_skill(
    hand: HandState, seat: int, level: str = "heuristic", *, replays: int = 8, seed: int = 0, worlds: int = 128
) -> LuckAndSkill:
    """The finished ``hand`` replayed from the same cards after the same pass with the engine (the
    Monte Carlo bot, ``worlds`` deals per decision) in ``seat`` and bots of ``level`` elsewhere."""
    if not hand.is_over:
        raise ValueError("luck and skill are weighed on a finished hand")
    start = hand.record_start()
    players = hand.rules.players
    engine_points = []
    for replay in range(replays):
        bots: list[Bot] = [make_bot(level) for _ in range(players)]
        bots[seat] = MonteCarloBot(worlds)
        end = play_hand(start, bots, seed=random.Random(f"{seed}:{replay}"))
        engine_points.append(int(end.scores()[seat]))
    return LuckAndSkill(int(hand.scores()[seat]), tuple(engine_points))


__all__ = [
    "CLASS_LIMITS",
    "KEY_MOMENTS",
    "REVIEW_MARKS",
    "Decision",
    "DecisionClass",
    "GameReview",
    "HandReview",
    "LuckAndSkill",
    "classify",
    "luck_and_skill",
    "review_hand",
    "weigh_pass",
    "weigh_play",
]
