"""Why a card may or may not be played: machine-readable codes, no wording.

The engine returns an :class:`Explanation` (a code, its parameters and the
Rule Book rule it applies); the message catalogue turns it into a sentence
(:meth:`Explanation.text`).  Keeping the two apart lets the same reason be told
in English, Ukrainian or Russian.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from ..words.catalogue import has_message, listing, message
from .cards import SUIT_LETTERS, SUIT_NAMES, Card
from .seats import seat_name


class Reason(StrEnum):
    """Codes for the legality of a card; each value is its catalogue key."""

    # illegal
    MUST_FOLLOW_SUIT = "must_follow_suit"
    OPENING_LEAD_CARD = "opening_lead_card"
    OPENING_LEAD_CLUB = "opening_lead_club"
    FIRST_TRICK_POINTS = "first_trick_points"
    FIRST_TRICK_QUEEN = "first_trick_queen"
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    NOT_YOUR_CARD = "not_your_card"
    HAND_OVER = "hand_over"
    PASSING_FIRST = "passing_first"
    # legal
    FOLLOWS_SUIT = "follows_suit"
    DISCARD = "discard"
    FIRST_TRICK_FORCED = "first_trick_forced"
    OPENING_LEAD = "opening_lead"
    OPENING_LEAD_ANY = "opening_lead_any"
    LEAD = "lead"
    LEAD_HEARTS_BROKEN = "lead_hearts_broken"
    LEAD_HEARTS_ANYTIME = "lead_hearts_anytime"
    LEAD_ONLY_HEARTS = "lead_only_hearts"
    LEAD_HEARTS_BESIDE_QUEEN = "lead_hearts_beside_queen"
    LEAD_QUEEN_UNBROKEN = "lead_queen_unbroken"


#: The Rule Book rule each reason enforces or applies (ids of :mod:`hearts_core.content.rulebook`).
REASON_RULES: Final[dict[Reason, str]] = {
    Reason.MUST_FOLLOW_SUIT: "follow_suit",
    Reason.OPENING_LEAD_CARD: "opening_lead",
    Reason.OPENING_LEAD_CLUB: "opening_lead_variant",
    Reason.FIRST_TRICK_POINTS: "first_trick",
    Reason.FIRST_TRICK_QUEEN: "V3",
    Reason.HEARTS_NOT_BROKEN: "breaking_hearts",
    Reason.NOT_YOUR_CARD: "deal",
    Reason.HAND_OVER: "deck",
    Reason.PASSING_FIRST: "pass_blind",
    Reason.FOLLOWS_SUIT: "follow_suit",
    Reason.DISCARD: "follow_suit",
    Reason.FIRST_TRICK_FORCED: "dispute_3",
    Reason.OPENING_LEAD: "opening_lead",
    Reason.OPENING_LEAD_ANY: "opening_lead_variant",
    Reason.LEAD: "trick_winner",
    Reason.LEAD_HEARTS_BROKEN: "breaking_hearts",
    Reason.LEAD_HEARTS_ANYTIME: "V4",
    Reason.LEAD_ONLY_HEARTS: "dispute_1",
    Reason.LEAD_HEARTS_BESIDE_QUEEN: "V5",
    Reason.LEAD_QUEEN_UNBROKEN: "queen_lead",
}


#: The parameters of a reason that name cards (one card, or several separated by spaces).
CARD_PARAMS: Final = ("card", "led", "held", "opening", "others")


@dataclass(frozen=True)
class Explanation:
    """Whether a card is legal, the reason code, its parameters and the rule applied.

    ``notes`` are extra codes about the active variant (e.g. that under the
    "QS breaks hearts" variant the queen would have broken hearts).
    ``str(explanation)`` is the English sentence.
    """

    card: str
    legal: bool
    reason: Reason
    params: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    @property
    def rule(self) -> str:
        """The id of the Rule Book rule this reason applies (see :mod:`hearts_core.content.rulebook`)."""
        return REASON_RULES[self.reason]

    def text(self, language: str | None = None) -> str:
        """The explanation as sentences a learner understands: the reason, then any variant notes."""
        params = self._params(language)
        parts = [message(f"reason.{self.reason.value}", language, **params)]
        parts += [message(f"note.{note}", language, **params) for note in self.notes]
        return " ".join(parts)

    def narration(self, seat: str, language: str | None = None) -> str:
        """A legal play told in the third person, for walkthroughs: "West follows suit with 9C."

        Falls back to the second-person :meth:`text` for a reason with no narration.
        """
        key = f"narrate.{self.reason.value}"
        if not has_message(key, language):
            return self.text(language)
        return message(key, language, **{**self._params(language), "seat": seat})

    def _params(self, language: str | None) -> dict[str, Any]:
        params: dict[str, Any] = {"card": self.card, "card_name": Card.parse(self.card).name, **self.params}
        for name in CARD_PARAMS:  # cards as a learner reads them: Q♠, 10♥ ("-" stays: no cards)
            if params.get(name) and params[name] != "-":
                params[name] = " ".join(Card.parse(text).symbol for text in str(params[name]).split())
        if params.get("suit") in SUIT_NAMES:  # the suit in the words of the language
            params["suit"] = message(f"card.suit.{SUIT_LETTERS[SUIT_NAMES.index(params['suit'])]}", language)
        if "first_trick" in params:
            params["first_trick_label"] = message(f"option.first_trick.{params['first_trick']}", language)
        return params

    def __str__(self) -> str:
        return self.text()


class IllegalPlayError(ValueError):
    """A card that may not be played now; carries the engine's :class:`Explanation`.

    ``reason`` is the machine-readable code and ``rule`` the Rule Book's rule id.
    """

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation
        self.reason = explanation.reason
        self.rule = explanation.rule
        self.card = explanation.card
        super().__init__(explanation.text())


class IllegalPassError(ValueError):
    """A pass that breaks the rules (wrong count, a card not held, not the pass phase).

    ``code`` is the machine-readable reason and ``params`` its parameters, seats as numbers (with
    ``players``, the size of the table); :meth:`text` names the seats by compass, as the table does.

    >>> IllegalPassError("count", seat=1, players=4, count=2, needed=3).text()
    'West chose 2 cards to pass; pass exactly 3.'
    >>> IllegalPassError("seats", missing=[2, 3], players=4).text("uk")
    'Передають усі гравці одночасно; ще не передали: Північ і Схід.'
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.text())

    def text(self, language: str | None = None) -> str:
        """The error as a sentence in ``language`` (the current one by default)."""
        params = dict(self.params)
        players = int(params.get("players", 4))
        if isinstance(params.get("seat"), int):
            params["seat"] = seat_name(params["seat"], players, language)
        if params.get("cards"):  # cards as a learner reads them: A♣ K♥
            params["cards"] = " ".join(Card.parse(text).symbol for text in str(params["cards"]).split())
        if "missing" in params:
            params["missing"] = listing([seat_name(seat, players, language) for seat in params["missing"]], language)
        return message(f"pass.{self.code}", language, **params)
