"""Run the progress database's migrations by hand: ``python -m hearts_core.store upgrade``.

The database is the app's (``HEARTS_DB_URL``, else the SQLite file in the user's data folder);
``--url`` names another.  ``current`` prints the revision the database is at.
``rotate-cookie-key`` gives the learner cookie a new signing key: every server uses it within a
minute, and the old key keeps verifying for a cookie's lifetime, so no learner loses their progress;
``rotate-cookie-key --drop-old`` (after a key was leaked) refuses every cookie issued so far at once.
"""

from __future__ import annotations

import argparse
import os
import sys

from sqlalchemy.exc import SQLAlchemyError

from .database import connect, current_revision, database_url, head_revision, migrate
from .progress import ProgressStore


def main(argv: list[str] | None = None) -> int:
    """The command line: ``upgrade``, ``current`` or ``rotate-cookie-key``; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m hearts_core.store", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("upgrade", "current", "rotate-cookie-key"))
    parser.add_argument(
        "--drop-old",
        action="store_true",
        help="with rotate-cookie-key: stop accepting the old keys now (every learner's cookie with them)",
    )
    parser.add_argument("--url", help="a SQLAlchemy database URL (default: HEARTS_DB_URL, else the SQLite file)")
    options = parser.parse_args(argv)
    url = options.url or database_url(os.environ)
    engine = connect(url)
    shown = engine.url.render_as_string(hide_password=True)
    try:
        if options.command in ("upgrade", "rotate-cookie-key"):
            migrate(engine)
        if options.command == "rotate-cookie-key":
            ProgressStore(engine).rotate_cookie_key(drop_old=options.drop_old)
            kept = "no cookie issued so far is accepted" if options.drop_old else "the old keys verify for a year"
            print(f"{shown}: a new learner cookie key signs from now on ({kept})")
        revision = current_revision(engine)
    except SQLAlchemyError as error:
        print(f"{shown}: {str(error).splitlines()[0]}", file=sys.stderr)
        return 1
    print(f"{shown}: at revision {revision or 'none (empty)'}; newest is {head_revision()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
