"""Class deals' results and teachers' studies (issue 30, items 3 and 4).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _time(name: str) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=False)


def upgrade() -> None:
    op.create_table(
        "class_deal_results",
        sa.Column("assignment_id", sa.Integer, sa.ForeignKey("class_assignments.id"), primary_key=True),
        sa.Column("learner", sa.String(64), primary_key=True),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("hand", sa.Text, nullable=False),
        _time("at"),
    )
    op.create_index("ix_class_deal_results_learner", "class_deal_results", ["learner"])
    op.create_table(
        "studies",
        sa.Column("id", sa.String(22), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        _time("created_at"),
        _time("updated_at"),
    )
    op.create_index("ix_studies_owner", "studies", ["owner", "digest"])


def downgrade() -> None:
    op.drop_table("studies")
    op.drop_table("class_deal_results")
