"""``python -m hearts_core.lessons check``: the README's command; the format is :mod:`hearts_core.content.lessons`."""

from .content.lessons import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
