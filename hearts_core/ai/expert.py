"""The expert level: the Monte Carlo bot with inference, exact endings and moon defence.

Three changes to :class:`~hearts_core.ai.bots.MonteCarloBot`, each measured
(``benchmarks/duplicate_match.py``):

* its worlds are drawn by what the play revealed (:func:`~hearts_core.ai.worlds.weighted_worlds`:
  a deal in which another seat's plays differ from what the heuristic player would have played
  with those cards counts less), not uniformly over the unseen cards;
* in short endings (:data:`EXPERT_TRICKS` tricks left or fewer) each sampled deal is solved
  exactly (:func:`~hearts_core.ai.exact.exact_values`: perfect-information Monte Carlo with exact
  values instead of heuristic playouts), a moon still possible for another seat valued at its cost;
* moon defence: when another seat has collected every penalty card so far (the heuristic's
  alarm, :func:`~hearts_core.search.kernel.moon_threat`), half of each candidate's verdict
  comes from playouts in which that seat goes for the moon
  (:func:`~hearts_core.search.kernel.threat_playouts`), so the card that stops it is seen;
* before the ending it plays out :data:`EXPERT_WORLDS_FACTOR` times as many worlds;
* everything else as the Monte Carlo bot (the heuristic's moon defence in the playouts, the
  shooting plan, the pass scored by playouts).
"""

from __future__ import annotations

import random
from typing import Final

from ..engine.cards import ALL_CARDS
from ..search import kernel
from ..search.equivalence import equivalent_classes, point_attributes
from .bots import CandidateStats, Decision, MonteCarloBot, classify_card, heuristic_choice
from .exact import exact_applies, exact_values
from .view import PlayerView
from .worlds import Worlds

#: The expert solves endings with at most this many tricks left (the trick in progress counted).
EXPERT_TRICKS: Final = 6
#: Deals solved per decision in an ending.
EXPERT_EXACT_WORLDS: Final = 32
#: Playout worlds are drawn from this many times as many deals (weighted_worlds).
EXPERT_POOL: Final = 4
#: Under a moon alarm, the share of the playouts' verdict given to those in which the collector shoots.
THREAT_SHARE: Final = 0.5
#: Before the ending the expert plays out this many times the worlds it is given (512 for the
#: default 128: about 20 ms a card on the 2-core machine under load, well inside 50 ms).
EXPERT_WORLDS_FACTOR: Final = 4


class ExpertBot(MonteCarloBot):
    """Monte Carlo with worlds weighted by inference and exactly solved endings (module docstring)."""

    name = "expert"

    def __init__(self, worlds: int = 128, epsilon: float = 0.05) -> None:
        super().__init__(worlds, epsilon)

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision:
        tricks_left = view.hand.bit_count()  # the trick in progress included
        if tricks_left > EXPERT_TRICKS or not exact_applies(view):
            return super().choose_card(view, rng)
        legal = view.legal_mask()
        if not legal:
            raise ValueError("it is not this seat's turn")
        heuristic, idea = heuristic_choice(view)
        classes = equivalent_classes(legal, point_attributes(view.rules), view.elsewhere)
        if len(classes) == 1:
            return Decision(ALL_CARDS[heuristic], idea)
        candidates = [heuristic if cls >> heuristic & 1 else (cls & -cls).bit_length() - 1 for cls in classes]
        values = exact_values(view, candidates, EXPERT_EXACT_WORLDS, rng)
        best = min(candidates, key=lambda card: (round(values.means[card], 9), card != heuristic))
        stats = tuple(
            CandidateStats(
                ALL_CARDS[card],
                values.means[card],
                0.0,
                values.moons_for[card],
                values.moons_against[card],
                values.worlds,
            )
            for card in candidates
        )
        return Decision(ALL_CARDS[best], idea if best == heuristic else classify_card(view, best), stats)

    def _worlds(self, view: PlayerView, rng: random.Random) -> Worlds:
        worlds = Worlds(view, self.worlds * EXPERT_WORLDS_FACTOR, rng, EXPERT_POOL)
        threat = int(kernel.moon_threat(view.kernel_rules, view.kernel_state()))
        self._threat = threat if threat != view.seat else -1
        return worlds

    def _run(self, worlds: Worlds, card: int, me: int, shoot: bool) -> tuple[float, float, float, float]:
        """As the Monte Carlo bot's, but when another seat collects every penalty card so far (the
        heuristic's moon alarm), the playouts in which that seat goes for the moon count
        :data:`THREAT_SHARE` of the result: a card that lets a moon through is priced."""
        normal = super()._run(worlds, card, me, shoot)
        threat = getattr(self, "_threat", -1)
        if threat < 0 or shoot:
            return normal
        outcome = worlds.play_out(card, shoot=False, epsilon=self.epsilon, shooter=threat)
        count = len(outcome)
        shooters = outcome.shooter
        moons_for = int((shooters == me).sum())
        shooting = (
            float(outcome.scores[:, me].sum()) / count,
            int(outcome.queen.sum()) / count,
            moons_for / count,
            (int((shooters >= 0).sum()) - moons_for) / count,
        )
        return tuple(  # type: ignore[return-value]
            (1 - THREAT_SHARE) * plain + THREAT_SHARE * shot for plain, shot in zip(normal, shooting, strict=True)
        )


__all__ = ["EXPERT_EXACT_WORLDS", "EXPERT_POOL", "EXPERT_TRICKS", "EXPERT_WORLDS_FACTOR", "THREAT_SHARE", "ExpertBot"]
