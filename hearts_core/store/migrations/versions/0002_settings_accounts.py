"""Settings per learner, signed-in accounts, and a learner merged into an account.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("merged_into", sa.String(64), nullable=True))
    op.create_table(
        "settings",
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "accounts",
        sa.Column("subject", sa.String(512), primary_key=True),
        sa.Column("learner", sa.String(64), sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("accounts")
    op.drop_table("settings")
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("merged_into")
