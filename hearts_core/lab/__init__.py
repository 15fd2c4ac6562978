"""The Variant Lab's engine: compare two rulesets on one deal and over thousands.

This module gathers the public API (the contract the Variant Lab page is
built on); the parts live in :mod:`hearts_core.lab.compare` (one deal,
two rulesets, the first divergence) and :mod:`hearts_core.lab.share` (the
share code, the linter, the house rules card) and :mod:`hearts_core.lab.simulation`
(paired simulation on the kernel, statistics with confidence intervals);
:mod:`hearts_core.lab.bulk` plays runs of any size in chunks on
:func:`hearts_core.chunks.run_chunks`, resumable (``python -m hearts_core.lab run``).

>>> from hearts_core import Ruleset
>>> pair = replay_pair(Ruleset(), Ruleset(first_trick="anything"), 0)
>>> pair.rules_a.first_trick, pair.rules_b.first_trick
('no_points', 'anything')
"""

from __future__ import annotations

from ..engine.notation import NotationError
from ..engine.rules import RulesetError
from .compare import (
    DIVERGENCE_KINDS,
    POLICIES,
    Divergence,
    PairReplay,
    check_same_deck,
    divergence_step,
    find_differing_deal,
    first_divergence,
    parse_deal_text,
    play_out,
    replay_pair,
)
from .jobs import GAME_CHUNK, HAND_CHUNK, MAX_DEALS, MAX_GAMES, TIME_BUDGET, ChunkCall, PlayedChunk, SimulationJob
from .share import (
    CardLine,
    LintWarning,
    card_lines,
    decode_ruleset,
    encode_ruleset,
    house_rules_html,
    house_rules_markdown,
    lint_ruleset,
)
from .simulation import (
    MAX_GAME_HANDS,
    STAT_UNITS,
    UNITS,
    GameRow,
    HandRow,
    SimulationResult,
    StatDiff,
    compare_stats,
    paired_difference,
    simulate_pairs,
)

__all__ = [
    "DIVERGENCE_KINDS",
    "GAME_CHUNK",
    "HAND_CHUNK",
    "MAX_DEALS",
    "MAX_GAMES",
    "MAX_GAME_HANDS",
    "POLICIES",
    "STAT_UNITS",
    "TIME_BUDGET",
    "UNITS",
    "CardLine",
    "ChunkCall",
    "Divergence",
    "GameRow",
    "HandRow",
    "LintWarning",
    "NotationError",
    "PairReplay",
    "PlayedChunk",
    "RulesetError",
    "SimulationJob",
    "SimulationResult",
    "StatDiff",
    "card_lines",
    "check_same_deck",
    "compare_stats",
    "decode_ruleset",
    "divergence_step",
    "encode_ruleset",
    "find_differing_deal",
    "first_divergence",
    "house_rules_html",
    "house_rules_markdown",
    "lint_ruleset",
    "paired_difference",
    "parse_deal_text",
    "play_out",
    "replay_pair",
    "simulate_pairs",
]
