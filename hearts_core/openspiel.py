"""OpenSpiel's ``hearts`` games to PHN and back.

OpenSpiel (DeepMind's library of games for research) records a game as its eight boolean
parameters and its action history: the pass direction (one chance action: 0 no pass, 1 left,
2 across, 3 right), the 52 cards dealt round robin (the k-th card to player k % 4), the cards
each player passes (three per player, player 0 first), then the cards played.  A card's action is
``rank * 4 + suit`` (clubs, diamonds, hearts, spades; 2 to ace); its players 0..3 are our seats
South, West, North, East in that order, as the differential test against OpenSpiel established.

:func:`to_phn` turns such a game into a PHN record (the ruleset the parameters mean, the deal, the
pass, the play) and :func:`from_phn` turns a PHN record back into parameters and a history.  The
deal order within a player's cards and the order of a player's three passed cards are not kept
by PHN (a hand is a set): :func:`from_phn` writes them in card order.  This module does not need
OpenSpiel itself; ``tests/core/test_openspiel_phn.py`` checks it against OpenSpiel's own games.

>>> params = {name: value for name, value in DEFAULT_PARAMS.items()}
>>> history = [0] + list(range(52))  # no pass; the k-th card (action k) to player k % 4
>>> text = to_phn(params, history)
>>> state = loads_hand(text)
>>> state.is_playing, str(state.hands[0])[:11], from_phn(text) == (params, history)
(True, '2C 3C 4C 5C', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from .engine.cards import Card
from .engine.presets import hearts_each
from .engine.rules import Penalties, Ruleset
from .engine.state import HandState
from .phn import dumps_hand, loads_hand

PARAM_NAMES: Final = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "must_break_hearts",
    "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
)
DEFAULT_PARAMS: Final = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}
#: OpenSpiel's pass-direction chance outcomes, in order, as our directions.
DIRECTIONS: Final = ("hold", "left", "across", "right")
#: Our hand number with that direction under the cycle left, right, across, hold.
_HAND_NUMBER: Final = {"left": 0, "right": 1, "across": 2, "hold": 3}
PLAYERS: Final = 4


def card_of_action(action: int) -> Card:
    """The card of an OpenSpiel card action (``rank * 4 + suit``)."""
    if not 0 <= action < 52:
        raise ValueError(f"{action} is not an OpenSpiel card action (0-51)")
    return Card.parse("23456789TJQKA"[action // 4] + "CDHS"[action % 4])


def action_of_card(card: Card) -> int:
    """The OpenSpiel action of a card."""
    return (card.rank - 2) * 4 + card.suit


def ruleset_for(params: Mapping[str, bool]) -> Ruleset:
    """The ruleset OpenSpiel's parameters describe (a missing parameter takes OpenSpiel's default)."""
    unknown = sorted(set(params) - set(PARAM_NAMES))
    if unknown:
        raise ValueError(f"not OpenSpiel hearts parameters: {', '.join(unknown)}")
    chosen = {**DEFAULT_PARAMS, **params}
    penalties: dict[str, int] = {**hearts_each(1), "QS": 13}
    if chosen["jd_bonus"]:
        penalties["JD"] = -10
    return Ruleset(
        pass_cycle=("left", "right", "across", "hold") if chosen["pass_cards"] else ("hold",),
        first_trick="no_points" if chosen["no_pts_on_first_trick"] else "anything",
        opening_lead="any_club" if chosen["can_lead_any_club"] else "lowest_club",
        penalties=Penalties(penalties),
        no_tricks_bonus=-5 if chosen["avoid_all_tricks_bonus"] else 0,
        must_break_hearts=chosen["must_break_hearts"],
        queen_breaks_hearts=chosen["qs_breaks_hearts"],
        lead_hearts_with_queen=chosen["can_lead_hearts_instead_of_qs"],
        moon="add_to_others",
        moon_needs_bonus=False,
    )


def params_for(rules: Ruleset) -> dict[str, bool]:
    """OpenSpiel's parameters for ``rules``; ``ValueError`` when OpenSpiel cannot play them."""
    for bits in range(1 << len(PARAM_NAMES)):
        params = {name: bool(bits >> index & 1) for index, name in enumerate(PARAM_NAMES)}
        if ruleset_for(params) == rules:
            return params
    raise ValueError("OpenSpiel's hearts cannot play these rules (it has eight switches and no other settings)")


def to_phn(params: Mapping[str, bool], history: Sequence[int], tags: Mapping[str, str] | None = None) -> str:
    """A PHN record of an OpenSpiel hearts game (its parameters and its action history)."""
    chosen = {**DEFAULT_PARAMS, **params}
    rules = ruleset_for(chosen)
    if len(history) < 1 + 52:
        raise ValueError("an OpenSpiel history starts with the pass direction and the 52 cards dealt")
    if not 0 <= history[0] < len(DIRECTIONS):
        raise ValueError(f"{history[0]} is not a pass direction (0-3)")
    direction = DIRECTIONS[history[0]]
    if not chosen["pass_cards"] and direction != "hold":
        raise ValueError("with pass_cards=false OpenSpiel allows only the direction 0 (no pass)")
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for k, action in enumerate(history[1:53]):
        hands[k % PLAYERS].append(card_of_action(action))
    hand_number = _HAND_NUMBER[direction] if chosen["pass_cards"] else 0
    state = HandState.from_hands(rules, hands, hand_number)
    rest = list(history[53:])
    if state.is_passing:
        count = rules.pass_count
        if len(rest) < count * PLAYERS:
            raise ValueError("the history ends before every player has passed")
        passes = {
            seat: [card_of_action(action) for action in rest[seat * count : (seat + 1) * count]]
            for seat in range(PLAYERS)
        }
        state = state.with_passes(passes)
        rest = rest[count * PLAYERS :]
    for action in rest:
        state = state.play(card_of_action(action))
    written = {"Event": "OpenSpiel hearts", **(tags or {})}
    written["OpenSpiel"] = ",".join(f"{name}={str(chosen[name]).lower()}" for name in PARAM_NAMES)
    return dumps_hand(state, written)


def from_phn(text: str) -> tuple[dict[str, bool], list[int]]:
    """OpenSpiel's parameters and action history for a PHN record of a hand played from its deal.

    ``ValueError`` for a record OpenSpiel cannot replay (other rules, other players, a position set
    up without its deal)."""
    state = loads_hand(text)
    params = params_for(state.rules)
    dealt = state.dealt
    if dealt is None:
        raise ValueError("OpenSpiel replays a hand from its deal; this record starts from a position")
    history = [DIRECTIONS.index(state.pass_direction)]
    ordered = [sorted(hand.cards(), key=action_of_card) for hand in dealt]
    for k in range(52):
        history.append(action_of_card(ordered[k % PLAYERS][k // PLAYERS]))
    passes = state.passes
    if passes is not None:
        for seat in range(PLAYERS):
            history += sorted(action_of_card(card) for card in passes[seat].cards())
    history += [action_of_card(card) for card in state.plays()]
    return params, history


__all__ = [
    "DEFAULT_PARAMS",
    "DIRECTIONS",
    "PARAM_NAMES",
    "action_of_card",
    "card_of_action",
    "from_phn",
    "params_for",
    "ruleset_for",
    "to_phn",
]
