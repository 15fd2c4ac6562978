"""Serving Hearts Academy with several processes: ``python deploy/stack.py`` (see README.md)."""
