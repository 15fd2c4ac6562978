"""The ruleset: every rule switch of the Rule Book as a field of one frozen value.

Field names are a contract: lesson files, shareable URLs and outside checks
build rulesets by name, e.g. ``Ruleset(first_trick="anything")`` or
``dataclasses.replace(rules, penalties={"QS": 13, "JD": -10})``.

Every field carries metadata (:func:`field_meta`): the Rule Book rule it
models and the values it can take, so tests, the Rule Book and the house rules
card enumerate the fields from the dataclass itself.

>>> rules = Ruleset.preset("omnibus")
>>> rules.penalties["JD"], rules.moon_value
(-10, 26)
>>> import dataclasses
>>> dataclasses.replace(rules, pass_cycle=("left", "hold")).pass_cycle
('left', 'hold')

Plain values (a list for a cycle, a dict for penalties, text for cards) are
normalised at run time, for lesson files and share links; typed code passes
the field's own type (a tuple, :class:`Penalties`, :class:`CardSet`).
>>> Ruleset(players=3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hearts_core.engine.rules.RulesetError: players: 52 cards cannot be dealt evenly to 3 players; remove 1 card (...)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final, Literal, get_args, get_origin, get_type_hints

from .cards import (
    ALL_CARDS,
    CLUBS,
    FULL_DECK_MASK,
    HEARTS,
    SUIT_MASKS,
    Card,
    CardParseError,
    CardSet,
)
from .legality import LegalityRules
from .presets import DECK_SCHEMES, PRESETS, hearts_each
from .vocabulary import (
    DeckScheme,
    FirstTrickRule,
    MoonRule,
    OpeningLead,
    PassDirection,
    ScoringRule,
    TieRule,
)

QUEEN_OF_SPADES: Final = Card.parse("QS")
#: The card the jack-of-diamonds variants value: -10 in Omnibus Hearts, a bonus card (never
#: needed for the moon unless ``moon_needs_bonus``, never barred from the first trick); +11 in
#: the Russian wiki article's home variant, a penalty card like any card that costs points.
JACK_OF_DIAMONDS: Final = Card.parse("JD")
HEARTS_MASK: Final = SUIT_MASKS[HEARTS]
CLUBS_MASK: Final = SUIT_MASKS[CLUBS]

FieldKind = Literal["choice", "bool", "int", "players", "cards", "cycle", "penalties"]


class RulesetError(ValueError):
    """An impossible or inconsistent ruleset; ``field`` names the field at fault."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        super().__init__(f"{field_name}: {message}")


class Penalties(Mapping[str, int]):
    """An immutable table from card notation (``"QS"``) to penalty points.

    Negative values are bonuses (Omnibus: ``JD`` -10).  Cards worth nothing
    are left out.  Accepts any mapping whose keys parse as cards.

    >>> table = Penalties({"qs": 13, "10h": 1})
    >>> dict(table), table["2C"]
    ({'TH': 1, 'QS': 13}, 0)
    """

    __slots__ = ("_values",)
    _values: tuple[int, ...]

    def __init__(self, points: Mapping[Any, Any] | Iterable[tuple[Any, Any]] = ()) -> None:
        values = [0] * 52
        items = points.items() if isinstance(points, Mapping) else points
        for key, value in items:
            try:
                card = Card.parse(key) if isinstance(key, str) else Card.parse(str(key))
            except CardParseError as error:
                raise RulesetError("penalties", str(error)) from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesetError("penalties", f"the value for {card} must be a whole number, not {value!r}")
            values[card] = value
        object.__setattr__(self, "_values", tuple(values))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Penalties is immutable")

    def __reduce__(self) -> tuple[Any, tuple[dict[str, int]]]:
        """Pickled as its non-zero values (a ruleset sent to a worker process carries them)."""
        return Penalties, ({str(ALL_CARDS[i]): value for i, value in enumerate(self._values) if value},)

    def __getitem__(self, key: str) -> int:
        return self._values[Card.parse(key)]

    def __iter__(self) -> Iterator[str]:
        return (str(ALL_CARDS[i]) for i, value in enumerate(self._values) if value)

    def __len__(self) -> int:
        return sum(1 for value in self._values if value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Penalties):
            return self._values == other._values
        if isinstance(other, Mapping):
            try:
                return self._values == Penalties(other)._values
            except RulesetError:
                return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        return f"Penalties({dict(self)!r})"

    def points_of(self, card: int) -> int:
        """Points of a card given as its index (fast path for the engine)."""
        return self._values[card]

    @property
    def by_index(self) -> tuple[int, ...]:
        """The 52 values, indexed by card."""
        return self._values


STANDARD_PENALTIES: Final = Penalties({**hearts_each(1), "QS": 13})


@dataclass(frozen=True)
class RuleTables:
    """Numbers derived once from a ruleset, for the engine's hot paths."""

    deck_mask: int
    points: tuple[int, ...]
    penalty_mask: int
    bonus_mask: int
    moon_value: int
    hand_size: int
    opening_card: Card | None
    first_trick_barred: int
    pass_offsets: tuple[int, ...]
    legality: LegalityRules


def field_meta(rule: str, kind: FieldKind, examples: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """A ruleset field's metadata: the Rule Book rule it models, its kind, and
    ``examples``: rulesets (as overrides of the standard game) that show its
    values, for fields whose values a type cannot list.  Read it back with
    :func:`field_values`."""
    return {"rule": rule, "kind": kind, "examples": tuple(dict(example) for example in examples)}


def _players_example(players: int, scheme: DeckScheme) -> dict[str, Any]:
    cycle: tuple[PassDirection, ...] = ("left", "right", "hold") if players % 2 else ("left", "right", "across", "hold")
    if players == 2:
        cycle = ("left", "hold")
    example: dict[str, Any] = {"players": players, "removed_cards": DECK_SCHEMES[players][scheme], "pass_cycle": cycle}
    if players == 2:
        example["penalties"] = {**{f"{rank}H": 1 for rank in "6789TJQKA"}, "QS": 13}
    return example


_PLAYER_EXAMPLES: Final = tuple(
    _players_example(players, scheme) for players in (4, 3, 5, 6, 2) for scheme in DECK_SCHEMES[players]
)


@dataclass(frozen=True)
class Ruleset:
    """Every rule switch of the Rule Book; the defaults are the standard game.

    Build one by field name, by preset (:meth:`preset`), or with
    ``dataclasses.replace``; plain values (lists, dicts, card text) are
    normalised, and impossible combinations raise :class:`RulesetError`.
    """

    players: int = field(default=4, metadata=field_meta("V11", "players", _PLAYER_EXAMPLES))
    """Number of players, 2 to 6 (the player-count table)."""

    removed_cards: CardSet = field(default_factory=CardSet, metadata=field_meta("V11", "cards", _PLAYER_EXAMPLES))
    """Cards taken out of the 52-card deck so that it deals evenly (the player-count table)."""

    pass_cycle: tuple[PassDirection, ...] = field(
        default=("left", "right", "across", "hold"),
        metadata=field_meta(
            "V1",
            "cycle",
            (
                {"pass_cycle": ("left", "right", "across", "hold")},
                {"pass_cycle": ("left", "across", "right", "hold")},
                {"pass_cycle": ("right",)},
                {"pass_cycle": ("hold",)},
                {"pass_cycle": ("left",)},
            ),
        ),
    )
    """Pass direction by hand number, repeating (V1): left, right, across or hold."""

    pass_count: int = field(
        default=3,
        metadata=field_meta(
            "V2",
            "int",
            (
                {"pass_count": 3},
                {"pass_count": 1},
                {"pass_count": 2},
                {"pass_count": 4},
            ),
        ),
    )
    """How many cards each player passes (V2)."""

    opening_lead: OpeningLead = field(default="lowest_club", metadata=field_meta("opening_lead_variant", "choice"))
    """Who leads first and what: the lowest club in the deck, any club, or any card
    from the player left of the dealer."""

    first_trick: FirstTrickRule = field(default="no_points", metadata=field_meta("V3", "choice"))
    """What may be discarded on the first trick (V3): no penalty cards, no queen, or anything."""

    must_break_hearts: bool = field(default=True, metadata=field_meta("V4", "bool"))
    """Whether hearts may be led only once broken (V4)."""

    queen_breaks_hearts: bool = field(default=False, metadata=field_meta("V4", "bool"))
    """Whether playing the queen of spades also breaks hearts (V4)."""

    lead_hearts_with_queen: bool = field(default=False, metadata=field_meta("V5", "bool"))
    """Whether a leader holding only hearts and the QS may lead a heart (V5)."""

    penalties: Penalties = field(
        default=STANDARD_PENALTIES,
        metadata=field_meta(
            "penalty_table",
            "penalties",
            (
                {"penalties": {**hearts_each(1), "QS": 13}},
                {"penalties": {**hearts_each(1), "QS": 13, "JD": -10}},
                {"penalties": {**hearts_each(1), "QS": 13, "JD": 11}},
                {"penalties": {**hearts_each(1), "QS": 13, "KS": 10, "AS": 7}},
                {"penalties": {**hearts_each(1), "QS": 13, "QH": 13}},
                {
                    "penalties": {
                        **{f"{rank}H": value for rank, value in zip("23456789TJQKA", range(2, 15), strict=True)},
                        "QS": 25,
                    }
                },
                {"penalties": {**hearts_each(1), "QS": 7}},
                {"penalties": {**hearts_each(1), "QS": 13, "TD": -10}},
                {"penalties": hearts_each(1)},
            ),
        ),
    )
    """Points per card (V6, V7, the penalty tables).  Cards with positive points
    are penalty cards (the moon needs them all, and it is worth their total);
    cards with negative points are bonus cards, kept by their taker.  The JD at
    +11 (the Russian wiki article: "the jack of diamonds gives 11 points") costs
    points, so it is a penalty card there, one of "all the point cards" its moon
    takes."""

    moon: MoonRule = field(default="choice", metadata=field_meta("V8", "choice"))
    """Taking every penalty card (V8): the shooter chooses, +N to the others, -N to
    self, the better of the two automatically, or no moon at all."""

    moon_needs_bonus: bool = field(
        default=False,
        metadata=field_meta(
            "moon_auto",
            "bool",
            (
                {"moon_needs_bonus": False, "penalties": {**hearts_each(1), "QS": 13, "JD": -10}},
                {"moon_needs_bonus": True, "penalties": {**hearts_each(1), "QS": 13, "JD": -10}},
            ),
        ),
    )
    """Whether the shooter must also take every bonus card (e.g. the JD)."""

    sun: bool = field(default=False, metadata=field_meta("V9", "bool"))
    """Whether taking every trick scores the others twice the moon (V9)."""

    no_tricks_bonus: int = field(
        default=0,
        metadata=field_meta(
            "no_tricks_bonus",
            "int",
            (
                {"no_tricks_bonus": 0},
                {"no_tricks_bonus": -5},
            ),
        ),
    )
    """Points (zero or negative) for each player who took no trick, when nobody shot."""

    target_score: int = field(
        default=100,
        metadata=field_meta(
            "V10",
            "int",
            (
                {"target_score": 100},
                {"target_score": 50},
                {"target_score": 0, "max_hands": 8},
            ),
        ),
    )
    """The game ends after a hand in which someone reaches this total; 0 = no target (V10)."""

    max_hands: int = field(
        default=0,
        metadata=field_meta(
            "V10",
            "int",
            (
                {"max_hands": 0},
                {"max_hands": 8},
                {"max_hands": 2, "target_score": 0},
            ),
        ),
    )
    """The game ends after this many hands; 0 = no limit (V10)."""

    tie: TieRule = field(default="share", metadata=field_meta("tie", "choice"))
    """A tie for the lowest total at the end: a shared win, or play on."""

    scoring: ScoringRule = field(
        default="points",
        metadata=field_meta(
            "V12",
            "choice",
            (
                {"scoring": "points"},
                {"scoring": "chips", "moon": "off"},
            ),
        ),
    )
    """Points, or the 1887 chip settlement (V12)."""

    def __post_init__(self) -> None:
        self._normalise()
        self._validate()

    # -- construction helpers -------------------------------------------------

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    def _normalise(self) -> None:
        if not isinstance(self.removed_cards, CardSet):
            try:
                self._set("removed_cards", CardSet(self.removed_cards))
            except (CardParseError, TypeError) as error:
                raise RulesetError("removed_cards", str(error)) from None
        cycle: Any = self.pass_cycle
        if isinstance(cycle, str):
            cycle = tuple(cycle.replace(",", " ").split())
        self._set("pass_cycle", tuple(cycle))
        if not isinstance(self.penalties, Penalties):
            if not isinstance(self.penalties, Mapping):
                raise RulesetError("penalties", "expected a mapping from card to points")
            self._set("penalties", Penalties(self.penalties))

    def _validate(self) -> None:
        for item in dataclasses.fields(self):
            kind = item.metadata["kind"]
            value = getattr(self, item.name)
            if kind == "bool" and not isinstance(value, bool):
                raise RulesetError(item.name, f"must be true or false, not {value!r}")
            if kind in ("int", "players") and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesetError(item.name, f"must be a whole number, not {value!r}")
            if kind == "choice":
                _check_choice(item.name, value, choices_of(item.name))
        self._validate_deck()
        self._validate_passing()
        if self.no_tricks_bonus > 0:
            raise RulesetError("no_tricks_bonus", "is a bonus: use 0 (off) or a negative number such as -5")
        for name in ("target_score", "max_hands"):
            if getattr(self, name) < 0:
                raise RulesetError(name, "cannot be negative (0 means no limit)")
        if self.scoring == "chips" and (self.moon != "off" or self.sun or self.no_tricks_bonus):
            raise RulesetError(
                "scoring",
                "the 1887 chip settlement has no moon, sun or bonus: set moon to 'off', sun off, no_tricks_bonus 0",
            )
        if self.target_score == 0 and self.max_hands == 0:
            raise RulesetError("target_score", "the game needs an end: a target score, a number of hands, or both")

    def _validate_deck(self) -> None:
        if not 2 <= self.players <= 6:
            raise RulesetError("players", f"{self.players} players is not supported; choose 2 to 6")
        deck_size = 52 - len(self.removed_cards)
        if deck_size % self.players:
            extra = deck_size % self.players
            hint = _REMOVAL_HINTS.get(self.players, "")
            raise RulesetError(
                "players",
                f"{deck_size} cards cannot be dealt evenly to {self.players} players; "
                f"remove {extra} card{'s' if extra > 1 else ''}{hint}",
            )
        if self.opening_lead != "left_of_dealer" and not (CLUBS_MASK & ~self.removed_cards.mask):
            raise RulesetError("opening_lead", "the deck has no clubs, so nobody can open with the lowest club")

    def _validate_passing(self) -> None:
        if not self.pass_cycle:
            raise RulesetError("pass_cycle", "needs at least one direction (use 'hold' for no passing)")
        for direction in self.pass_cycle:
            _check_choice("pass_cycle", direction, choices_of("pass_cycle"))
            if direction == "across" and (self.players % 2 or self.players < 4):
                raise RulesetError(
                    "pass_cycle",
                    f"'across' needs an even number of players (4 or 6), not {self.players}; "
                    "with an odd number use left, right, hold",
                )
        hand_size = (52 - len(self.removed_cards)) // self.players
        if not 1 <= self.pass_count < hand_size:
            raise RulesetError("pass_count", f"must be between 1 and {hand_size - 1} with {hand_size} cards each")

    # -- derived values -------------------------------------------------------

    @cached_property
    def tables(self) -> RuleTables:
        """Masks and numbers the engine reads on every play."""
        deck = FULL_DECK_MASK & ~self.removed_cards.mask
        points = tuple(value if deck >> i & 1 else 0 for i, value in enumerate(self.penalties.by_index))
        penalty_mask = sum(1 << i for i, value in enumerate(points) if value > 0)
        bonus_mask = sum(1 << i for i, value in enumerate(points) if value < 0)
        clubs = deck & CLUBS_MASK
        opening = None
        opening_mask = 0
        if clubs and self.opening_lead != "left_of_dealer":
            opening = ALL_CARDS[(clubs & -clubs).bit_length() - 1]
            opening_mask = clubs if self.opening_lead == "any_club" else opening.bit
        barred = {
            "no_points": penalty_mask,
            "no_queen": QUEEN_OF_SPADES.bit & deck,
            "anything": 0,
        }[self.first_trick]
        n = self.players
        offsets = {"left": 1, "right": n - 1, "across": n // 2, "hold": 0}
        breaks = HEARTS_MASK | (QUEEN_OF_SPADES.bit if self.queen_breaks_hearts else 0)
        return RuleTables(
            deck_mask=deck,
            points=points,
            penalty_mask=penalty_mask,
            bonus_mask=bonus_mask,
            moon_value=sum(points[i] for i in range(52) if penalty_mask >> i & 1),
            hand_size=(52 - len(self.removed_cards)) // n,
            opening_card=opening,
            first_trick_barred=barred,
            pass_offsets=tuple(offsets[d] for d in self.pass_cycle),
            legality=LegalityRules(
                opening_mask=opening_mask,
                must_break=self.must_break_hearts,
                lead_with_queen=self.lead_hearts_with_queen,
                first_trick_barred=barred,
                breaks_mask=breaks,
            ),
        )

    @property
    def deck(self) -> CardSet:
        """The cards in play."""
        return CardSet.from_mask(self.tables.deck_mask)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return self.tables.hand_size

    @property
    def penalty_cards(self) -> CardSet:
        """The cards a moon needs and the first trick bars (hearts, QS, Black Maria's spades)."""
        return CardSet.from_mask(self.tables.penalty_mask)

    @property
    def bonus_cards(self) -> CardSet:
        """Cards with points that are not penalty cards: negative values and the JD."""
        return CardSet.from_mask(self.tables.bonus_mask)

    @property
    def moon_value(self) -> int:
        """The points a moon is worth: the penalty cards' total (26 by default, 43 Black Maria)."""
        return self.tables.moon_value

    @property
    def opening_card(self) -> Card | None:
        """The lowest club in the deck, which opens the hand (None under ``left_of_dealer``)."""
        return self.tables.opening_card

    def pass_direction(self, hand_number: int) -> PassDirection:
        """The pass direction of a hand (hand numbers count from 0)."""
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    def to_dict(self) -> dict[str, Any]:
        """Plain values by field name (card sets as text); ``Ruleset(**d)`` rebuilds it."""
        result: dict[str, Any] = {}
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            if isinstance(value, CardSet):
                value = str(value) if value else ""
            elif isinstance(value, Penalties):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            result[item.name] = value
        return result

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Ruleset:
        """A ruleset from plain values by field name; unknown names raise :class:`RulesetError`.

        >>> Ruleset.from_dict({"moon": "off", "colour": "red"})
        Traceback (most recent call last):
        ...
        hearts_core.engine.rules.RulesetError: colour: no such rule field; known fields: players, removed_cards, ...
        """
        known = field_names()
        for name in values:
            if name not in known:
                raise RulesetError(name, f"no such rule field; known fields: {', '.join(known)}")
        return cls(**values)

    def differences(self, other: Ruleset) -> dict[str, tuple[Any, Any]]:
        """Fields whose values differ: ``{name: (mine, theirs)}``."""
        mine, theirs = self.to_dict(), other.to_dict()
        return {name: (mine[name], theirs[name]) for name in mine if mine[name] != theirs[name]}

    # -- presets --------------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> Ruleset:
        """A named ruleset; see :meth:`preset_names` and :func:`~hearts_core.engine.presets.preset_info`."""
        try:
            return _PRESET_RULESETS[name]
        except KeyError:
            known = ", ".join(PRESETS)
            raise RulesetError("preset", f"no preset named {name!r}; known presets: {known}") from None

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names :meth:`preset` accepts, in display order."""
        return tuple(PRESETS)

    def with_players(self, players: int, scheme: DeckScheme = "base") -> Ruleset:
        """This ruleset for another player count, with a deck from the player-count table.

        ``scheme`` is ``"base"`` or ``"variant"`` (the second removal scheme).
        Drops ``across`` from the pass cycle when the count is odd.

        >>> str(Ruleset().with_players(5).removed_cards)
        '2C 2D'
        >>> Ruleset().with_players(3).pass_cycle
        ('left', 'right', 'hold')
        """
        try:
            removed = DECK_SCHEMES[players][scheme]
        except KeyError:
            raise RulesetError("players", f"no deck scheme {scheme!r} for {players} players") from None
        cycle = self.pass_cycle
        if players % 2 or players < 4:
            cycle = tuple(d for d in cycle if d != "across") or ("hold",)
        if players == 2:
            # Left and right are the same player: keep one of them.
            cycle = tuple(d for d in cycle if d != "right") or ("left",)
        removed_cards = CardSet.parse(removed)
        hand_size = (52 - len(removed_cards)) // players
        return dataclasses.replace(
            self,
            players=players,
            removed_cards=removed_cards,
            pass_cycle=cycle,
            pass_count=min(self.pass_count, hand_size - 1),
        )


def _check_field_metadata() -> None:
    """Every field declares its rule and kind (:func:`field_meta`): checked when the module loads."""
    for item in dataclasses.fields(Ruleset):
        if not {"rule", "kind", "examples"} <= set(item.metadata):
            raise TypeError(
                f"Ruleset field {item.name!r} has no metadata: declare it as "
                f"field(default=..., metadata=field_meta(rule_id, kind, examples)) (see hearts_core.engine.rules)"
            )


def _check_choice(name: str, value: object, options: tuple[Any, ...]) -> None:
    if value not in options:
        raise RulesetError(name, f"{value!r} is not one of: {', '.join(map(str, options))}")


_REMOVAL_HINTS: Final = {
    3: " (the player-count table removes the 2D, or the 2C)",
    5: " (the player-count table removes the 2C and 2D, or the 2D and 2S)",
    6: " (the player-count table removes 2C 2D 3C 2S, or 2C 2D 2S 3D)",
    2: " (the player-count table plays with 36 cards: remove every 2, 3, 4 and 5)",
}


# -- the fields as data ------------------------------------------------------------


#: The fields by name (a ruleset is checked field by field each time one is built).
_FIELDS: Final[dict[str, dataclasses.Field[Any]]] = {item.name: item for item in dataclasses.fields(Ruleset)}


def field_names() -> tuple[str, ...]:
    """Every ruleset field, in declaration order."""
    return tuple(item.name for item in dataclasses.fields(Ruleset))


def _field(name: str) -> dataclasses.Field[Any]:
    try:
        return _FIELDS[name]
    except KeyError:
        raise KeyError(f"no ruleset field {name!r}") from None


def field_rule(name: str) -> str:
    """The id of the Rule Book rule a field models."""
    return str(_field(name).metadata["rule"])


def field_kind(name: str) -> FieldKind:
    """``choice``, ``bool``, ``int``, ``players``, ``cards``, ``cycle`` or ``penalties``."""
    kind: FieldKind = _field(name).metadata["kind"]
    return kind


def choices_of(name: str) -> tuple[Any, ...]:
    """The values a ``choice`` field (or the directions a ``cycle``) can take, from its
    ``Literal`` type; True and False for a ``bool`` field; () otherwise.

    >>> choices_of("moon")
    ('choice', 'add_to_others', 'subtract_from_self', 'auto', 'off')
    """
    kind = field_kind(name)
    if kind == "bool":
        return (True, False)
    return _LITERAL_CHOICES[name]


def _literal_choices(annotation: Any) -> tuple[Any, ...]:
    if get_origin(annotation) is tuple:
        annotation = get_args(annotation)[0]
    return get_args(annotation) if get_origin(annotation) is Literal else ()


#: Each field's ``Literal`` values, read from the type hints once (reading them is slow, and every
#: ruleset built checks its values against them).
_LITERAL_CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    name: _literal_choices(annotation) for name, annotation in get_type_hints(Ruleset).items()
}


#: Every preset, built once (a ruleset is an immutable value, so one copy serves every caller).
_PRESET_RULESETS: Final[dict[str, Ruleset]] = {name: Ruleset(**info.overrides) for name, info in PRESETS.items()}


def field_values(name: str) -> tuple[dict[str, Any], ...]:
    """Rulesets (as overrides of the standard game) that show every value of a field:
    one per ``Literal`` value or boolean, else the field's ``examples``.

    >>> field_values("first_trick")
    ({'first_trick': 'no_points'}, {'first_trick': 'no_queen'}, {'first_trick': 'anything'})
    """
    examples: tuple[dict[str, Any], ...] = _field(name).metadata["examples"]
    if examples:
        return examples
    if field_kind(name) in ("choice", "bool"):
        return tuple({name: value} for value in choices_of(name))
    return ()


__all__ = [
    "CLUBS_MASK",
    "HEARTS_MASK",
    "JACK_OF_DIAMONDS",
    "QUEEN_OF_SPADES",
    "STANDARD_PENALTIES",
    "FieldKind",
    "Penalties",
    "RuleTables",
    "Ruleset",
    "RulesetError",
    "choices_of",
    "field_kind",
    "field_meta",
    "field_names",
    "field_rule",
    "field_values",
]
