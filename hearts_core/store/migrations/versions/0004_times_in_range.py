"""Times an import stored outside the years a progress file may hold now (2000 to 2099, UTC) are moved
to the nearest end of that range, so every row can be read back (issue 28, item 3).

Before the import checked its times, a file could store ``0001-01-01T00:00:00+14:00`` (a date BC on
PostgreSQL, which no reader can turn back into a time: the learner's "Saved progress" page failed on
every visit) or year 9999 west of Greenwich (year 10000 on PostgreSQL).  No real event has such a time;
the row itself (a step answered, a puzzle solved) is kept.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-08
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC) - timedelta(microseconds=1)
#: The time columns an import writes, by table.
TIMES = {
    "lesson_events": ("at",),
    "puzzle_events": ("at",),
    "practice_games": ("started_at", "updated_at"),
    "review_cards": ("created_at",),
    "review_events": ("at",),
    "daily_results": ("at",),
    "practice_reviews": ("at",),
}


def upgrade() -> None:
    naive = op.get_bind().dialect.name == "sqlite"  # SQLite keeps times as UTC text with no zone
    low, high = (moment.replace(tzinfo=None) for moment in (EARLIEST, LATEST)) if naive else (EARLIEST, LATEST)
    for name, columns in TIMES.items():
        table = sa.table(name, *(sa.column(column, sa.DateTime(timezone=True)) for column in columns))
        for column in columns:
            op.execute(table.update().where(table.c[column] < low).values({column: low}))
            op.execute(table.update().where(table.c[column] > high).values({column: high}))


def downgrade() -> None:
    """Nothing to undo: the times moved were never real."""
