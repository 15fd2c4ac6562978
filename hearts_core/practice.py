"""The practice game's public path, kept for the README and outside code: see :mod:`hearts_core.learner.practice`."""

from .learner.practice import STAGES, PracticeSession

__all__ = ["STAGES", "PracticeSession"]
