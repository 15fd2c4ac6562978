"""The first schema: learners, the signing key, lesson and puzzle events, practice games.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.String(255), nullable=False),
    )
    op.create_table(
        "lesson_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("lesson", sa.String(100), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_lesson_events_learner", "lesson_events", ["learner", "id"])
    op.create_table(
        "puzzle_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("puzzle", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("correct", sa.Boolean, nullable=True),
        sa.Column("rung", sa.Integer, nullable=True),
        sa.Column("first_try", sa.Boolean, nullable=False),
        sa.Column("hints_used", sa.Integer, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=True),
        sa.Column("rating_after", sa.Float, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_puzzle_events_learner", "puzzle_events", ["learner", "id"])
    op.create_table(
        "practice_games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_practice_games_learner", "practice_games", ["learner", "closed"])


def downgrade() -> None:
    op.drop_table("practice_games")
    op.drop_table("puzzle_events")
    op.drop_table("lesson_events")
    op.drop_table("server_keys")
    op.drop_table("learners")
