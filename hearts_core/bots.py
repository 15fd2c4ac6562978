"""Simple seeded players used by tests, benchmarks and the simulator.

>>> from hearts_core import HandState, Ruleset
>>> final = play_random_hand(HandState.deal(Ruleset(), seed=1), seed=2)
>>> final.phase, sum(final.hand_points())
('over', 26)
"""

from __future__ import annotations

import random

from .cards import cards_of_mask
from .state import HandState, SeedLike


def random_passes(state: HandState, rng: random.Random) -> dict[int, list[str]]:
    """Each seat passes ``pass_count`` cards chosen uniformly at random."""
    count = state.rules.pass_count
    return {seat: [str(card) for card in rng.sample(hand.cards(), count)] for seat, hand in enumerate(state.hands)}


def play_random_hand(state: HandState, seed: SeedLike = None) -> HandState:
    """Finish a hand with uniformly random passes and legal plays."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if state.phase == "pass":
        state = state.with_passes(random_passes(state, rng))
    while state.phase == "play":
        moves = cards_of_mask(state.legal_mask())
        state = state.play(moves[rng.randrange(len(moves))])
    return state
