"""The Variant Lab's engine: compare two rulesets on one deal and over thousands.

This module gathers the public API (the contract the Variant Lab page is
built on); the parts live in :mod:`hearts_core.lab_compare` (one deal,
two rulesets, the first divergence).

>>> from hearts_core import Ruleset
>>> pair = replay_pair(Ruleset(), Ruleset(first_trick="anything"), 0)
>>> pair.rules_a.first_trick, pair.rules_b.first_trick
('no_points', 'anything')
"""

from __future__ import annotations

from .lab_compare import (
    DIVERGENCE_KINDS,
    POLICIES,
    Divergence,
    PairReplay,
    check_same_deck,
    find_differing_deal,
    first_divergence,
    parse_deal_text,
    play_out,
    replay_pair,
)
from .notation import NotationError

__all__ = [
    "DIVERGENCE_KINDS", "POLICIES", "Divergence", "NotationError", "PairReplay", "check_same_deck",
    "find_differing_deal", "first_divergence", "parse_deal_text", "play_out", "replay_pair",
]
