"""The tables of the progress database, as the newest migration leaves them.

Progress is kept as events (a lesson step answered, a puzzle answered, a hint taken), never as
a learner's whole copy: two tabs of one learner each add their own rows, and the progress is the
events folded in order, so no tab can overwrite another.  The schema is owned by the migrations in
``migrations/versions``; this module mirrors it for the queries (a test checks the two agree).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)
from sqlalchemy.types import TypeDecorator

metadata: Final = MetaData()


class UTCDateTime(TypeDecorator[datetime]):
    """A time kept as the same UTC instant on every database, and read back in UTC.

    PostgreSQL converts a time with an offset itself; SQLite keeps the clock time and drops the offset,
    so ``10:00+05:00`` would be read back as ``10:00`` UTC, five hours wrong.  A time naming no zone is
    UTC.

    >>> from datetime import timedelta, timezone
    >>> UTCDateTime().process_bind_param(datetime(2026, 12, 1, 10, tzinfo=timezone(timedelta(hours=5))), None)
    datetime.datetime(2026, 12, 1, 5, 0, tzinfo=datetime.timezone.utc)
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect | None) -> datetime | None:
        return None if value is None else _utc(value)

    def process_result_value(self, value: Any, dialect: Dialect | None) -> datetime | None:
        return None if value is None else _utc(value)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def _digest_column() -> Column[str]:
    """An imported row's content digest (None for a row written here), added by the fifth migration:
    with ``learner`` a unique key, so a file imported twice stores each of its events and games once
    (:meth:`~hearts_core.store.progress.ProgressStore.import_progress`)."""
    return Column("digest", String(64), nullable=True)


#: A learner: the key is the SHA-256 of the browser's secret token, so the database holds no token.
learners: Final = Table(
    "learners",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("seen_at", UTCDateTime(), nullable=False),
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

#: The learner cookie's signing keys (the sixth migration): the newest one not retired signs; every
#: key not retired, or retired less than a cookie's lifetime ago, verifies.  A rotation retires the
#: current key and adds a new one, so the learners of the old key keep their progress.
cookie_keys: Final = Table(
    "cookie_keys",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("value", String(255), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("retired_at", UTCDateTime(), nullable=True),
)

#: Learners whose cookies the server no longer accepts (forget-me): no page reads them and no write
#: goes to them, in any tab or process.  A row may go once no cookie issued before it can still be
#: valid (a cookie's lifetime after ``revoked_at``).
revoked_learners: Final = Table(
    "revoked_learners",
    metadata,
    Column("learner", String(64), primary_key=True),
    Column("revoked_at", UTCDateTime(), nullable=False),
)

lesson_events: Final = Table(
    "lesson_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", String(64), ForeignKey("learners.id"), nullable=False),
    Column("lesson", String(100), nullable=False),
    Column("step", Integer, nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    _digest_column(),
    Index("ix_lesson_events_learner", "learner", "id"),
    Index("ux_lesson_events_digest", "learner", "digest", unique=True),
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
    Column("at", UTCDateTime(), nullable=False),
    _digest_column(),
    Index("ix_puzzle_events_learner", "learner", "id"),
    Index("ux_puzzle_events_digest", "learner", "digest", unique=True),
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
    Column("started_at", UTCDateTime(), nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
    _digest_column(),
    Index("ix_practice_games_learner", "learner", "closed"),
    Index("ux_practice_games_digest", "learner", "digest", unique=True),
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
    Column("created_at", UTCDateTime(), nullable=False),
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
    Column("created_at", UTCDateTime(), nullable=False),
)

#: An answer to a review card (right or wrong), or the learner suspending or resuming it.
review_events: Final = Table(
    "review_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", String(64), ForeignKey("learners.id"), nullable=False),
    Column("key", String(160), nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    _digest_column(),
    Index("ix_review_events_learner", "learner", "id"),
    Index("ux_review_events_digest", "learner", "digest", unique=True),
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
    Column("at", UTCDateTime(), nullable=False),
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
    Column("at", UTCDateTime(), nullable=False),
    _digest_column(),
    Index("ix_practice_reviews_learner", "learner", "id"),
    Index("ux_practice_reviews_digest", "learner", "digest", unique=True),
)

#: A teacher's class (the seventh migration): owned by the teacher's learner key, joined with a short
#: code; a recovery code (kept as its SHA-256) claims it back from another browser.
classes: Final = Table(
    "classes",
    metadata,
    Column("id", String(22), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("name", String(80), nullable=False),
    Column("language", String(8), nullable=False),
    Column("ruleset", String(500), nullable=False),
    Column("join_code", String(8), nullable=False, unique=True),
    Column("recovery_digest", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("archived_at", UTCDateTime(), nullable=True),
    Index("ix_classes_owner", "owner"),
)

#: A learner in a class, under the display name they picked; ``left_at`` when they left or were removed.
class_members: Final = Table(
    "class_members",
    metadata,
    Column("class_id", String(22), ForeignKey("classes.id"), primary_key=True),
    Column("learner", String(64), primary_key=True),
    Column("display_name", String(40), nullable=False),
    Column("joined_at", UTCDateTime(), nullable=False),
    Column("left_at", UTCDateTime(), nullable=True),
    Index("ix_class_members_learner", "learner"),
)

#: Work a teacher set a class: ``kind`` (lesson, puzzles, positions, deal) and what it names, as JSON.
class_assignments: Final = Table(
    "class_assignments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", String(22), ForeignKey("classes.id"), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("target", Text, nullable=False),
    Column("due_at", UTCDateTime(), nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Index("ix_class_assignments_class", "class_id", "id"),
)

#: A learner's result on a class deal (work of kind ``deal``): their points on its one hand, the hand's
#: record, when.  The first result counts; playing it again changes nothing.
class_deal_results: Final = Table(
    "class_deal_results",
    metadata,
    Column("assignment_id", Integer, ForeignKey("class_assignments.id"), primary_key=True),
    Column("learner", String(64), primary_key=True),
    Column("points", Integer, nullable=False),
    Column("hand", Text, nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Index("ix_class_deal_results_learner", "learner"),
)

#: A teacher's study (a short lesson of their own, :mod:`hearts_core.records.studies`) as PHN text.
#: ``digest`` (of the title and the text) keeps an imported study from being added twice.
studies: Final = Table(
    "studies",
    metadata,
    Column("id", String(22), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("title", String(120), nullable=False),
    Column("text", Text, nullable=False),
    Column("digest", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
    Index("ix_studies_owner", "owner", "digest"),
)

#: A wrong join code typed by a learner: the server lets a learner try only so many.
join_attempts: Final = Table(
    "join_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", String(64), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Index("ix_join_attempts_learner", "learner", "at"),
)

__all__ = [
    "UTCDateTime",
    "accounts",
    "class_assignments",
    "class_deal_results",
    "class_members",
    "classes",
    "cookie_keys",
    "daily_results",
    "join_attempts",
    "learners",
    "lesson_events",
    "metadata",
    "practice_games",
    "practice_reviews",
    "puzzle_events",
    "review_cards",
    "review_events",
    "revoked_learners",
    "server_keys",
    "settings",
    "studies",
]
