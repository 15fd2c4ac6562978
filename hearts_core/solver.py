"""The exact solver's public path, kept for the README and outside code: see :mod:`hearts_core.search.solver`."""

from .search.solver import OBJECTIVES, SolveResult, decide, line_for, solve

__all__ = ["OBJECTIVES", "SolveResult", "decide", "line_for", "solve"]
