"""A content digest on imported rows, unique per learner, so importing a file twice stores each of its
events and games once (issue 28, item 7).

Rows already stored keep ``digest`` NULL (NULLs never clash in a unique index): they stay as they are
and readable, and an import still recognises them by their content
(:meth:`~hearts_core.store.progress.ProgressStore.import_progress`).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TABLES = ("lesson_events", "puzzle_events", "practice_games", "review_events", "practice_reviews")


def upgrade() -> None:
    for table in TABLES:
        op.add_column(table, sa.Column("digest", sa.String(64), nullable=True))
        op.create_index(f"ux_{table}_digest", table, ["learner", "digest"], unique=True)


def downgrade() -> None:
    for table in TABLES:
        op.drop_index(f"ux_{table}_digest", table)
        with op.batch_alter_table(table) as batch:
            batch.drop_column("digest")
