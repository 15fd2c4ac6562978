"""The review queue (the learner's own mistakes as cards, their answers as events), the daily
deal's results, and each practice hand's review in figures.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "review_cards",
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("key", sa.String(160), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("position", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("answer", sa.String(64), nullable=False),
        sa.Column("best", sa.String(64), nullable=False),
        sa.Column("loss", sa.Float, nullable=False),
        sa.Column("source", sa.String(160), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "review_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("key", sa.String(160), nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_review_events_learner", "review_events", ["learner", "id"])
    op.create_table(
        "daily_results",
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("hand", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_daily_results_day", "daily_results", ["day"])
    op.create_table(
        "practice_reviews",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("points_lost", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_practice_reviews_learner", "practice_reviews", ["learner", "id"])


def downgrade() -> None:
    op.drop_index("ix_practice_reviews_learner", "practice_reviews")
    op.drop_table("practice_reviews")
    op.drop_index("ix_daily_results_day", "daily_results")
    op.drop_table("daily_results")
    op.drop_index("ix_review_events_learner", "review_events")
    op.drop_table("review_events")
    op.drop_table("review_cards")
