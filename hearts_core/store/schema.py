"""The tables of the progress database, as the newest migration leaves them.

Progress is kept as events (a lesson step answered, a puzzle answered, a hint taken), never as
a learner's whole copy: two tabs of one learner each add their own rows, and the progress is the
events folded in order, so no tab can overwrite another.  The schema is owned by the migrations in
``migrations/versions``; this module mirrors it for the queries (a test checks the two agree).
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata: Final = MetaData()

#: A learner: the key is the SHA-256 of the browser's secret token, so the database holds no token.
learners: Final = Table(
    "learners",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),
    # Set when the learner's progress was merged into a signed-in account's learner.
    Column("merged_into", String(64), nullable=True),
)

#: Keys the servers share (the learner cookie's signing key), made once by the first server.
server_keys: Final = Table(
    "server_keys",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("value", String(255), nullable=False),
)

lesson_events: Final = Table(
    "lesson_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", String(64), ForeignKey("learners.id"), nullable=False),
    Column("lesson", String(100), nullable=False),
    Column("step", Integer, nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_lesson_events_learner", "learner", "id"),
)

puzzle_events: Final = Table(
    "puzzle_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", String(64), ForeignKey("learners.id"), nullable=False),
    Column("puzzle", String(100), nullable=False),
    # "answer", "hint" (rung) or "reveal".
    Column("kind", String(8), nullable=False),
    Column("correct", Boolean, nullable=True),
    Column("rung", Integer, nullable=True),
    Column("first_try", Boolean, nullable=False),
    Column("hints_used", Integer, nullable=False),
    Column("rating_before", Float, nullable=True),
    Column("rating_after", Float, nullable=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_puzzle_events_learner", "learner", "id"),
)

practice_games: Final = Table(
    "practice_games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", String(64), ForeignKey("learners.id"), nullable=False),
    Column("state", Text, nullable=False),
    # Left by the learner (a new game started, or the setup opened): no longer the game in progress.
    Column("closed", Boolean, nullable=False),
    # Raised by every save; a save from a stale copy (another tab moved on) is refused.
    Column("version", Integer, nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_practice_games_learner", "learner", "closed"),
)

# -- added by the second migration ----------------------------------------------------------

settings: Final = Table(
    "settings",
    metadata,
    Column("learner", String(64), ForeignKey("learners.id"), primary_key=True),
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

#: A signed-in account (the OpenID Connect issuer and subject) and the learner whose progress it owns.
accounts: Final = Table(
    "accounts",
    metadata,
    Column("subject", String(512), primary_key=True),
    Column("learner", String(64), ForeignKey("learners.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# -- added by the third migration -----------------------------------------------------------

#: A position, puzzle or lesson exercise the learner got wrong, queued for review (issue 26); its
#: schedule is its events folded (:mod:`hearts_core.learner.review_queue`).
review_cards: Final = Table(
    "review_cards",
    metadata,
    Column("learner", String(64), ForeignKey("learners.id"), primary_key=True),
    Column("key", String(160), primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("rules", Text, nullable=False),
    Column("position", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("answer", String(64), nullable=False),
    Column("best", String(64), nullable=False),
    Column("loss", Float, nullable=False),
    Column("source", String(160), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

#: An answer to a review card (right or wrong), or the learner suspending or resuming it.
review_events: Final = Table(
    "review_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", String(64), ForeignKey("learners.id"), nullable=False),
    Column("key", String(160), nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_review_events_learner", "learner", "id"),
)

#: A learner's first result on a day's daily deal (:mod:`hearts_core.learner.daily`).
daily_results: Final = Table(
    "daily_results",
    metadata,
    Column("learner", String(64), ForeignKey("learners.id"), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("points", Integer, nullable=False),
    # The hand as played (the project's notation), for its review on the Daily deal page.
    Column("hand", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_daily_results_day", "day"),
)

#: The game review of a finished practice hand, in figures: its decisions and the points they lost.
practice_reviews: Final = Table(
    "practice_reviews",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", String(64), ForeignKey("learners.id"), nullable=False),
    Column("decisions", Integer, nullable=False),
    Column("points_lost", Float, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_practice_reviews_learner", "learner", "id"),
)

__all__ = [
    "accounts",
    "daily_results",
    "learners",
    "lesson_events",
    "metadata",
    "practice_games",
    "practice_reviews",
    "puzzle_events",
    "review_cards",
    "review_events",
    "server_keys",
    "settings",
]
