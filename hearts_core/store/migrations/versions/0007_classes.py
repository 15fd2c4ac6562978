"""Teachers' classes: the class, its members, its assignments, and wrong join codes (issue 30).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def _time(name: str, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.String(22), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("ruleset", sa.String(500), nullable=False),
        sa.Column("join_code", sa.String(8), nullable=False, unique=True),
        sa.Column("recovery_digest", sa.String(64), nullable=False),
        _time("created_at"),
        _time("archived_at", nullable=True),
    )
    op.create_index("ix_classes_owner", "classes", ["owner"])
    op.create_table(
        "class_members",
        sa.Column("class_id", sa.String(22), sa.ForeignKey("classes.id"), primary_key=True),
        sa.Column("learner", sa.String(64), primary_key=True),
        sa.Column("display_name", sa.String(40), nullable=False),
        _time("joined_at"),
        _time("left_at", nullable=True),
    )
    op.create_index("ix_class_members_learner", "class_members", ["learner"])
    op.create_table(
        "class_assignments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.String(22), sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("target", sa.Text, nullable=False),
        _time("due_at", nullable=True),
        _time("created_at"),
    )
    op.create_index("ix_class_assignments_class", "class_assignments", ["class_id", "id"])
    op.create_table(
        "join_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.String(64), nullable=False),
        _time("at"),
    )
    op.create_index("ix_join_attempts_learner", "join_attempts", ["learner", "at"])


def downgrade() -> None:
    for table in ("join_attempts", "class_assignments", "class_members", "classes"):
        op.drop_table(table)
