"""Learner cookies with a lifetime the server keeps, keys that can rotate, and revoked learners
(issue 28, items 8 and 9).

``cookie_keys`` holds the signing keys (the key the servers shared so far becomes the first);
``revoked_learners`` the learners forget-me removed.  Cookies issued before this migration carry no
expiry: when there were any (a key existed), ``server_keys`` gets ``legacy_cookies_until``, a cookie's
lifetime from now, after which no such cookie is accepted any more (every browser still holding one
has been given a new one on its next page long before).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

#: A cookie's lifetime (``hearts_core.store.identity.COOKIE_LIFETIME``), fixed here as the migration ran.
LIFETIME = timedelta(days=365)


def upgrade() -> None:
    keys = op.create_table(
        "cookie_keys",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("value", sa.String(255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("retired_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "revoked_learners",
        sa.Column("learner", sa.String(64), primary_key=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=False),
    )
    server_keys = sa.table("server_keys", sa.column("name", sa.String), sa.column("value", sa.String))
    connection = op.get_bind()
    old = connection.scalar(sa.select(server_keys.c.value).where(server_keys.c.name == "learner_cookie"))
    if old is not None:
        now = datetime.now(UTC)
        op.bulk_insert(keys, [{"value": old, "created_at": now, "retired_at": None}])
        until = (now + LIFETIME).isoformat()
        connection.execute(sa.insert(server_keys).values(name="legacy_cookies_until", value=until))


def downgrade() -> None:
    server_keys = sa.table("server_keys", sa.column("name", sa.String))
    op.get_bind().execute(sa.delete(server_keys).where(server_keys.c.name == "legacy_cookies_until"))
    op.drop_table("revoked_learners")
    op.drop_table("cookie_keys")
