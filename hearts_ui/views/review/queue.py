"""The review queue for the other pages: mistakes queued from practice, puzzles and lessons, and an
answer given on a puzzle's or a lesson's own page counted when the learner came from the queue."""

from __future__ import annotations

from hearts_core.learner.review import HandReview
from hearts_core.learner.review_queue import (
    Queue,
    QueueCard,
    card_from_decision,
    lesson_card,
    puzzle_card,
)

from ... import page_state
from ...storage import learner, store
from .view import ReviewView


def queue() -> Queue:
    """The learner's queue now, read from the database (another tab's answers included)."""
    return store().review_queue(learner())


def queue_review(hand_key: str, review: HandReview) -> None:
    """Queue the mistakes and blunders of a reviewed practice hand and keep its figures (once per hand
    and session; a position already queued is kept as it was)."""
    view = page_state.get(ReviewView)
    if hand_key in view.queued_hands:
        return
    at = store().now()
    _add([card for decision in review.decisions if (card := card_from_decision(decision, review.seat, at))])
    # The hand's review in figures, for the dashboard's chart of points lost per decision.
    store().record_practice_review(learner(), len(review.decisions), review.points_lost)
    page_state.update(ReviewView, queued_hands=view.queued_hands | {hand_key})


def record_daily_once(day: str, points: int, hand: str) -> None:
    """Keep the learner's result on the daily deal (the database keeps only the first)."""
    view = page_state.get(ReviewView)
    key = f"daily:{day}"
    if key in view.queued_hands:
        return
    store().record_daily(learner(), day, points, hand)
    page_state.update(ReviewView, queued_hands=view.queued_hands | {key})


def queue_puzzle_miss(puzzle_id: str) -> None:
    """Queue a puzzle missed on the first try."""
    _add([puzzle_card(puzzle_id, store().now())])


def queue_lesson_miss(lesson: str, step: int) -> None:
    """Queue a lesson exercise missed on the first try."""
    _add([lesson_card(lesson, step, store().now())])


def _add(cards: list[QueueCard]) -> None:
    if cards:
        store().add_review_cards(learner(), cards)


def open_elsewhere(key: str) -> None:
    """The learner answers card ``key`` on its own page: its next answer there counts here."""
    page_state.update(ReviewView, elsewhere=key)


def answered_elsewhere(key: str, right: bool) -> None:
    """An answer on a puzzle's or lesson's page: counted once if the learner came from the queue."""
    if page_state.get(ReviewView).elsewhere != key:
        return
    store().record_review(learner(), key, "right" if right else "wrong")
    page_state.update(ReviewView, elsewhere=None)
