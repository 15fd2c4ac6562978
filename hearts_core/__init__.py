"""hearts_core: the pure rules engine of Hearts Academy.

No Streamlit, no global state; randomness comes in as a seed or a
``random.Random``.  The layers are subpackages, each importing only the ones
below it: ``words`` (message catalogues), ``engine`` (cards, rules, legality,
the hand, scoring, notation), ``search`` (the fast playout path, the exact
solver), ``ai`` (what a seat knows, bots, hints), ``content`` (the rule book,
lessons, puzzles), ``learner`` (progress, practice) and ``lab`` (the Variant
Lab).  Outside code imports the public names from here:

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.from_hands(Ruleset(pass_cycle=["hold"]), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
... ])
>>> state.to_play, state.legal_moves()
(0, [Card.parse('2C')])
>>> state = state.play("2C").play("2D")
>>> explanation = state.explain("AH")  # seat 2 holds only hearts: rule dispute_3
>>> explanation.legal, explanation.reason.value, explanation.rule
(True, 'first_trick_forced', 'dispute_3')
>>> print(explanation)  # doctest: +NORMALIZE_WHITESPACE
A♥ normally may not go to the first trick, but every card you hold is a penalty card,
so you have no other choice: it is legal.
"""

from . import lab
from .ai.analysis import Analysis, CardAnalysis, analyse
from .ai.hints import pass_hint, play_hint
from .ai.levels import make_bot
from .ai.view import PlayerView, sample_worlds
from .engine.cards import Card, CardParseError, CardSet
from .engine.game import Game, HandResult
from .engine.history import History
from .engine.notation import NotationError
from .engine.presets import PresetInfo, preset_info
from .engine.reasons import Explanation, IllegalPassError, IllegalPlayError, Reason
from .engine.rules import Penalties, Ruleset, RulesetError
from .engine.scoring import ScoreReport
from .engine.state import CurrentTrick, HandState, PerSeat, Trick
from .search.fast import random_hands
from .search.solver import SolveResult, solve

__all__ = [
    "Analysis",
    "Card",
    "CardAnalysis",
    "CardParseError",
    "CardSet",
    "CurrentTrick",
    "Explanation",
    "Game",
    "HandResult",
    "HandState",
    "History",
    "IllegalPassError",
    "IllegalPlayError",
    "NotationError",
    "Penalties",
    "PerSeat",
    "PlayerView",
    "PresetInfo",
    "Reason",
    "Ruleset",
    "RulesetError",
    "ScoreReport",
    "SolveResult",
    "Trick",
    "analyse",
    "lab",
    "make_bot",
    "pass_hint",
    "play_hint",
    "preset_info",
    "random_hands",
    "sample_worlds",
    "solve",
]
