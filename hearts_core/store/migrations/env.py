"""Alembic's environment: runs the migrations on the connection :func:`hearts_core.store.database.migrate` gives,
or on ``sqlalchemy.url`` when Alembic's own command line is used."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

connection = context.config.attributes.get("connection")
if connection is None:
    engine = create_engine(context.config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as fresh:
        context.configure(connection=fresh, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
