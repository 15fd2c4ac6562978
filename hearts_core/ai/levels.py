"""The practice levels by name, and the bot that plays each.

The registry sits above :mod:`~hearts_core.ai.bots` and :mod:`~hearts_core.ai.expert` (which builds on
the Monte Carlo bot), so neither imports the other's importer.

>>> LEVELS
('random', 'heuristic', 'monte_carlo', 'expert')
>>> type(make_bot("expert")).__name__
'ExpertBot'
"""

from __future__ import annotations

from typing import Final

from .bots import Bot, HeuristicBot, MonteCarloBot, RandomBot
from .expert import ExpertBot

#: The practice levels, from the weakest.
LEVELS: Final = ("random", "heuristic", "monte_carlo", "expert")


def make_bot(level: str, worlds: int = 128, epsilon: float = 0.05) -> Bot:
    """A bot by level name: ``random``, ``heuristic``, ``monte_carlo`` or ``expert``
    (:class:`~hearts_core.ai.expert.ExpertBot`)."""
    if level == "random":
        return RandomBot()
    if level == "heuristic":
        return HeuristicBot()
    if level == "monte_carlo":
        return MonteCarloBot(worlds, epsilon)
    if level == "expert":
        return ExpertBot(worlds, epsilon)
    raise ValueError(f"no bot level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "make_bot"]
