"""The learner's own mistakes, coming back: a review queue scheduled by FSRS.

Every decision the game review classes a mistake or a blunder, every puzzle missed on the first
try and every lesson exercise missed on the first try becomes a :class:`QueueCard`.  Answering a
card adds a :class:`QueueEvent` (right, wrong, suspended, resumed); a card's schedule is its events
folded in time order through the Free Spaced Repetition Scheduler (the ``fsrs`` package), so two
tabs of one learner each add their events and neither overwrites the other.

* A right answer is FSRS's "Good": the card moves on to its next learning step (a day), then out
  by the intervals FSRS computes from the card's stability (days, then weeks, then months).
* A wrong answer is "Again": the card comes back within :data:`RELEARNING_STEPS` (10 minutes).
* A suspended card is never due until it is resumed.

A practice position is judged here the way the game review weighs a decision
(:func:`judge_play`, :func:`judge_pass`): any answer within the "good" class (at most 0.5 expected
points behind the best) counts as right.  Puzzle and lesson cards are answered on their own pages,
checked by the puzzle or the lesson step exactly as there.

>>> from datetime import datetime, timezone
>>> made = datetime(2026, 12, 5, 9, tzinfo=timezone.utc)
>>> card = QueueCard("puzzle:lead-low", "puzzle", made, source="lead-low")
>>> schedule(card, ()).due == made             # new: due at once
True
>>> later = schedule(card, [QueueEvent(card.key, "right", made)])
>>> later.due - made
datetime.timedelta(days=1)
>>> again = schedule(card, [QueueEvent(card.key, "right", made), QueueEvent(card.key, "wrong", later.due)])
>>> again.due - later.due, again.lapses
(datetime.timedelta(seconds=600), 0)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final, Literal, get_args

from fsrs import Card as FsrsCard
from fsrs import Rating, Scheduler, State

from ..engine.cards import CardSet
from ..engine.rules import Ruleset
from ..engine.state import HandState
from .review import PASS_WORLDS, Decision, weigh_pass, weigh_play

CardKind = Literal["play", "pass", "puzzle", "lesson"]
Outcome = Literal["right", "wrong", "suspend", "resume"]
CARD_KINDS: Final = get_args(CardKind)
OUTCOMES: Final = get_args(Outcome)
#: The classes of the game review that put a decision in the queue.
QUEUED_CLASSES: Final = ("mistake", "blunder")
#: The classes that count as a right answer to a card.
RIGHT_CLASSES: Final = ("best", "good")
LEARNING_STEPS: Final = (timedelta(minutes=10), timedelta(days=1))
RELEARNING_STEPS: Final = (timedelta(minutes=10),)
#: Fuzzing off: the same events give the same schedule on every server (no hidden randomness).
SCHEDULER: Final = Scheduler(learning_steps=LEARNING_STEPS, relearning_steps=RELEARNING_STEPS, enable_fuzzing=False)


@dataclass(frozen=True)
class QueueCard:
    """One position to review: ``key`` names it for good (the same mistake twice is one card).

    A practice card (``play`` or ``pass``) carries its position (``rules`` as :func:`rules_text` and
    ``position`` in the project's notation), the ``seat`` deciding, the learner's ``answer`` then,
    the engine's ``best`` and the expected points it lost; a puzzle or lesson card names its
    ``source`` (the puzzle's id, or ``<lesson id>:<step number>``)."""

    key: str
    kind: CardKind
    created_at: datetime
    rules: str = ""
    position: str = ""
    seat: int = 0
    answer: str = ""
    best: str = ""
    loss: float = 0.0
    source: str = ""

    def __post_init__(self) -> None:
        if self.kind not in CARD_KINDS:
            raise ValueError(f"no card kind {self.kind!r}; use one of {', '.join(CARD_KINDS)}")

    @property
    def is_position(self) -> bool:
        """Whether the card is a practice position, answered on the Review page itself."""
        return self.kind in ("play", "pass")


@dataclass(frozen=True)
class QueueEvent:
    """An answer to a card (``right`` or ``wrong``), or the learner suspending or resuming it."""

    key: str
    outcome: Outcome
    at: datetime

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"no outcome {self.outcome!r}; use one of {', '.join(OUTCOMES)}")


@dataclass(frozen=True)
class Scheduled:
    """A card with its schedule: when it is ``due``, whether it is ``suspended``, its answers."""

    card: QueueCard
    due: datetime
    suspended: bool
    reviews: int
    lapses: int
    learned: bool
    stability: float | None

    def is_due(self, now: datetime) -> bool:
        return not self.suspended and self.due <= now


def schedule(card: QueueCard, events: Iterable[QueueEvent]) -> Scheduled:
    """The card's schedule after its ``events`` (in time order; events of other cards are skipped)."""
    state = FsrsCard(card_id=0, due=_utc(card.created_at))
    suspended = False
    reviews = lapses = 0
    for event in sorted((event for event in events if event.key == card.key), key=lambda event: event.at):
        if event.outcome in ("suspend", "resume"):
            suspended = event.outcome == "suspend"
            continue
        was_review = state.state == State.Review
        rating = Rating.Good if event.outcome == "right" else Rating.Again
        state, _ = SCHEDULER.review_card(state, rating, review_datetime=_utc(event.at))
        reviews += 1
        lapses += int(was_review and rating == Rating.Again)
    return Scheduled(card, state.due, suspended, reviews, lapses, state.state == State.Review, state.stability)


def _utc(moment: datetime) -> datetime:
    """``moment`` in UTC, as FSRS requires (a time without a zone is taken as UTC)."""
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Queue:
    """Every card of a learner scheduled: the ones due now first (oldest due first)."""

    cards: tuple[Scheduled, ...]
    now: datetime

    @property
    def due(self) -> tuple[Scheduled, ...]:
        return tuple(card for card in self.cards if card.is_due(self.now))

    @property
    def next_due(self) -> datetime | None:
        """When the next card not yet due comes due (None: none waits)."""
        waiting = [card.due for card in self.cards if not card.suspended and card.due > self.now]
        return min(waiting, default=None)

    @property
    def learned(self) -> int:
        """Cards answered right often enough to have left the learning steps."""
        return sum(card.learned for card in self.cards)

    @property
    def suspended(self) -> tuple[Scheduled, ...]:
        return tuple(card for card in self.cards if card.suspended)

    def card(self, key: str) -> Scheduled | None:
        return next((card for card in self.cards if card.card.key == key), None)


def build_queue(cards: Iterable[QueueCard], events: Sequence[QueueEvent], now: datetime) -> Queue:
    """The learner's queue at ``now``."""
    by_key: dict[str, list[QueueEvent]] = {}
    for event in events:
        by_key.setdefault(event.key, []).append(event)
    scheduled = [schedule(card, by_key.get(card.key, ())) for card in cards]
    scheduled.sort(key=lambda card: (card.suspended, card.due, card.card.key))
    return Queue(tuple(scheduled), now)


# -- cards from the learner's history ------------------------------------------------------------


def rules_text(rules: Ruleset) -> str:
    """A ruleset as a card keeps it: its settings as compact JSON (:func:`card_position` reads it)."""
    return json.dumps(rules.to_dict(), sort_keys=True, separators=(",", ":"))


def card_position(card: QueueCard) -> HandState:
    """A practice card's position, under its own rules."""
    return HandState.from_notation(Ruleset.from_dict(json.loads(card.rules)), card.position)


def can_be_asked(card: QueueCard) -> bool:
    """Whether the Review page can ask ``card`` (a card read from an imported file may be broken): a
    practice card's position rebuilds, in the phase its kind needs, with its seat to decide; a lesson
    card names ``<lesson>:<step>``; a puzzle card names a puzzle."""
    if card.kind == "puzzle":
        return bool(card.source)
    if card.kind == "lesson":
        lesson, _, step = card.source.rpartition(":")
        return bool(lesson) and step.isdigit()
    try:
        state = card_position(card)
    except (ValueError, TypeError, KeyError):  # bad JSON, unknown settings, broken notation
        return False
    if card.kind == "pass":
        return state.is_passing and card.seat < state.rules.players
    return state.is_playing and state.to_play == card.seat


def position_key(kind: str, state: HandState, seat: int) -> str:
    """A practice card's key: the kind, the position and the seat (the same mistake is one card)."""
    digest = hashlib.sha256(f"{rules_text(state.rules)}|{state.to_notation()}|{seat}".encode()).hexdigest()
    return f"{kind}:{digest[:24]}"


def card_from_decision(decision: Decision, seat: int, at: datetime) -> QueueCard | None:
    """The card a practice decision becomes when the review classes it a mistake or a blunder."""
    if decision.label not in QUEUED_CLASSES:
        return None
    kind: CardKind = "pass" if decision.is_pass else "play"
    state = decision.state
    return QueueCard(
        position_key(kind, state, seat),
        kind,
        at,
        rules=rules_text(state.rules),
        position=state.to_notation(),
        seat=seat,
        answer=decision.played,
        best=decision.best,
        loss=round(decision.loss, 2),
    )


def puzzle_card(puzzle_id: str, at: datetime) -> QueueCard:
    """The card of a puzzle missed on the first try."""
    return QueueCard(f"puzzle:{puzzle_id}", "puzzle", at, source=puzzle_id)


def lesson_card(lesson: str, step: int, at: datetime) -> QueueCard:
    """The card of a lesson exercise missed on the first try (``step`` counts from 0)."""
    return QueueCard(f"lesson:{lesson}:{step}", "lesson", at, source=f"{lesson}:{step}")


# -- judging an answer to a practice card ---------------------------------------------------------


def judge_play(state: HandState, card: str, *, worlds: int = 1000, seed: int = 0) -> Decision:
    """A card played from a practice card's position, weighed as the game review weighs it."""
    decision = weigh_play(state, 0, card, worlds, seed)
    if decision is None:  # every legal card alike: any is right
        return Decision(0, state.trick_number + 1, state, card, card, 0.0, 0.0, (0.0, 0.0), 0.0, "best", worlds)
    return decision


def judge_pass(
    state: HandState, seat: int, cards: Iterable[str], *, worlds: int = PASS_WORLDS, seed: int = 0
) -> Decision:
    """Three cards passed from a practice card's position (the hand as dealt), weighed as the game
    review weighs a pass."""
    return weigh_pass(state, seat, CardSet.parse(" ".join(cards)).mask, worlds, seed)


def is_right(decision: Decision) -> bool:
    """Whether an answer counts as right: best or good, as in the game review."""
    return decision.label in RIGHT_CLASSES


__all__ = [
    "CARD_KINDS",
    "LEARNING_STEPS",
    "OUTCOMES",
    "QUEUED_CLASSES",
    "RELEARNING_STEPS",
    "Queue",
    "QueueCard",
    "QueueEvent",
    "Scheduled",
    "build_queue",
    "can_be_asked",
    "card_from_decision",
    "card_position",
    "is_right",
    "judge_pass",
    "judge_play",
    "lesson_card",
    "position_key",
    "puzzle_card",
    "rules_text",
    "schedule",
]
