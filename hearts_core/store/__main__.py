"""Run the progress database's migrations by hand: ``python -m hearts_core.store upgrade``.

The database is the app's (``HEARTS_DB_URL``, else the SQLite file in the user's data folder);
``--url`` names another.  ``current`` prints the revision the database is at.
"""

from __future__ import annotations

import argparse
import os
import sys

from sqlalchemy.exc import SQLAlchemyError

from .database import connect, current_revision, database_url, head_revision, migrate


def main(argv: list[str] | None = None) -> int:
    """The command line: ``upgrade`` or ``current``; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m hearts_core.store", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("upgrade", "current"))
    parser.add_argument("--url", help="a SQLAlchemy database URL (default: HEARTS_DB_URL, else the SQLite file)")
    options = parser.parse_args(argv)
    url = options.url or database_url(os.environ)
    engine = connect(url)
    shown = engine.url.render_as_string(hide_password=True)
    try:
        if options.command == "upgrade":
            migrate(engine)
        revision = current_revision(engine)
    except SQLAlchemyError as error:
        print(f"{shown}: {str(error).splitlines()[0]}", file=sys.stderr)
        return 1
    print(f"{shown}: at revision {revision or 'none (empty)'}; newest is {head_revision()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
