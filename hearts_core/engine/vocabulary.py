"""The engine's typed vocabulary: every option value, phase and direction as a ``Literal``.

A typo such as ``state.phase == "plya"`` or ``Ruleset(moon="of")`` is then a
mypy error (``--strict`` includes strict equality), not a silent ``False``.
The tuples list each vocabulary's values in display order, read from the
``Literal`` itself so the two can never drift apart.

>>> FIRST_TRICK_RULES
('no_points', 'no_queen', 'anything')
>>> PLAY
'play'
"""

from __future__ import annotations

from typing import Final, Literal, TypeVar, get_args

Phase = Literal["pass", "play", "over"]
PassDirection = Literal["left", "right", "across", "hold"]
OpeningLead = Literal["lowest_club", "any_club", "left_of_dealer"]
FirstTrickRule = Literal["no_points", "no_queen", "anything"]
MoonRule = Literal["choice", "add_to_others", "subtract_from_self", "auto", "off"]
MoonChoice = Literal["add_to_others", "subtract_from_self"]
TieRule = Literal["share", "play_on"]
ScoringRule = Literal["points", "chips"]
DeckScheme = Literal["base", "variant"]

PASS: Final[Phase] = "pass"
PLAY: Final[Phase] = "play"
OVER: Final[Phase] = "over"

PHASES: Final[tuple[Phase, ...]] = get_args(Phase)
PASS_DIRECTIONS: Final[tuple[PassDirection, ...]] = get_args(PassDirection)
OPENING_LEADS: Final[tuple[OpeningLead, ...]] = get_args(OpeningLead)
FIRST_TRICK_RULES: Final[tuple[FirstTrickRule, ...]] = get_args(FirstTrickRule)
MOON_RULES: Final[tuple[MoonRule, ...]] = get_args(MoonRule)
MOON_CHOICES: Final[tuple[MoonChoice, ...]] = get_args(MoonChoice)
TIE_RULES: Final[tuple[TieRule, ...]] = get_args(TieRule)
SCORING_RULES: Final[tuple[ScoringRule, ...]] = get_args(ScoringRule)
DECK_SCHEME_NAMES: Final[tuple[DeckScheme, ...]] = get_args(DeckScheme)

Option = TypeVar("Option", bound=str)


def one_of(value: object, options: tuple[Option, ...], name: str) -> Option:
    """``value`` as one of ``options`` (typed), or a ``ValueError`` naming ``name`` and the options.

    >>> one_of("off", MOON_RULES, "moon")
    'off'
    >>> one_of("of", MOON_RULES, "moon")
    Traceback (most recent call last):
    ...
    ValueError: moon: 'of' is not one of choice, add_to_others, subtract_from_self, auto, off
    """
    for option in options:
        if option == value:
            return option
    raise ValueError(f"{name}: {value!r} is not one of {', '.join(options)}")


__all__ = [
    "DECK_SCHEME_NAMES",
    "FIRST_TRICK_RULES",
    "MOON_CHOICES",
    "MOON_RULES",
    "OPENING_LEADS",
    "OVER",
    "PASS",
    "PASS_DIRECTIONS",
    "PHASES",
    "PLAY",
    "SCORING_RULES",
    "TIE_RULES",
    "DeckScheme",
    "FirstTrickRule",
    "MoonChoice",
    "MoonRule",
    "OpeningLead",
    "Option",
    "PassDirection",
    "Phase",
    "ScoringRule",
    "TieRule",
    "one_of",
]
