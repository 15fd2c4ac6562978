"""``python -m hearts_core.puzzles check|prove|generate``: the README's commands.

See :mod:`hearts_core.content.puzzles`."""

from .content.puzzles import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
