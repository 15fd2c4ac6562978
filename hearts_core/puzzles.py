"""``python -m hearts_core.puzzles check|generate``: the README's commands; see :mod:`hearts_core.content.puzzles`."""

from .content.puzzles import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
