"""Plain JSON values for what the store keeps: a practice game, and the events of a learner's progress.

A practice game is kept as its rules, its bots, its seed and the cards of every hand (as dealt,
passed and played): enough to rebuild the exact :class:`~hearts_core.learner.practice.PracticeSession`
by replaying cards, with no bot asked to think again.

>>> from hearts_core.engine.rules import Ruleset
>>> from hearts_core.learner.practice import PracticeSession
>>> session = PracticeSession.start(Ruleset(), level="random", seed=3)
>>> session = session.pass_cards(session.hand.hands[0].cards()[:3])
>>> session = session.play(session.hand.legal_moves()[0])
>>> session_from_dict(session_to_dict(session)) == session
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.notation import Position
from ..engine.rules import Ruleset
from ..engine.state import HandState
from ..learner.practice import PracticeSession
from ..words.catalogue import DEFAULT_LANGUAGE, message

#: The version of the practice game's JSON form (raise it, and read the old one, when it changes).
GAME_FORMAT: Final = 1


class StoredDataError(ValueError):
    """Stored or imported data that cannot be read: ``path`` names the part, ``code`` (with ``params``)
    says why; :attr:`problem` is the sentence, from the engine catalogue (``stored.<code>``), in the
    current language."""

    def __init__(self, path: str, code: str, **params: Any) -> None:
        self.path = path
        self.code = code
        self.params = params
        super().__init__(f"{path}: {message(f'stored.{code}', DEFAULT_LANGUAGE, **params)}")

    @property
    def problem(self) -> str:
        """Why the data cannot be read, in the current language."""
        return message(f"stored.{self.code}", **self.params)


def hand_to_dict(state: HandState) -> dict[str, Any]:
    """A hand: its number, where it starts (each seat's cards as dealt and the passes, or the
    position it was set up from), and the cards played since."""
    plays = " ".join(str(card) for card in state.plays())
    origin = state.origin
    if origin is not None:
        return {
            "number": state.hand_number,
            "plays": plays,
            "position": {
                "hands": list(origin.hands),
                "taken": list(origin.taken),
                "won": list(origin.won),
                "leader": origin.leader,
                "trick": " ".join(str(card) for card in origin.trick),
            },
        }
    dealt = state.dealt
    assert dealt is not None  # a hand not set up from a position is played from its deal
    passes = state.passes
    return {
        "number": state.hand_number,
        "dealt": [str(cards) for cards in dealt],
        "passes": None if passes is None else [str(passes[seat]) for seat in range(len(dealt))],
        "plays": plays,
    }


def hand_from_dict(rules: Ruleset, data: Mapping[str, Any]) -> HandState:
    """The hand :func:`hand_to_dict` describes (every card checked by the engine as it is replayed)."""
    number = int(data["number"])
    if "position" in data:
        origin = data["position"]
        position = Position(
            tuple(int(mask) for mask in origin["hands"]),
            tuple(int(mask) for mask in origin["taken"]),
            tuple(int(count) for count in origin["won"]),
            int(origin["leader"]),
            tuple(Card.parse(code) for code in str(origin["trick"]).split()),
        )
        state = HandState.from_position_masks(rules, position, number)
    else:
        state = HandState.from_hands(rules, [_cards(text) for text in data["dealt"]], number)
        if data.get("passes") is not None:
            state = state.with_passes({seat: _cards(text) for seat, text in enumerate(data["passes"])})
    for code in str(data.get("plays", "")).split():
        state = state.play(Card.parse(code))
    return state


def _cards(text: str) -> str:
    return "" if text == "-" else text


def session_to_dict(session: PracticeSession) -> dict[str, Any]:
    """A practice game as plain JSON values."""
    return {
        "format": GAME_FORMAT,
        "rules": session.rules.to_dict(),
        "level": session.level,
        "seat": session.seat,
        "seed": session.seed,
        "hands": [{**hand_to_dict(result.state), "moon_choice": result.moon_choice} for result in session.game.hands],
        "current": hand_to_dict(session.hand),
        "undo_depth": len(session.undo_stack),
        "practice_hands": sorted(session.practice_hands),
        "daily": session.daily,
        "class_deal": session.class_deal,
    }


def session_from_dict(data: Mapping[str, Any]) -> PracticeSession:
    """The practice game :func:`session_to_dict` wrote; :class:`StoredDataError` when it cannot be rebuilt."""
    try:
        if data.get("format") != GAME_FORMAT:
            raise StoredDataError("format", "wrong_format", expected=GAME_FORMAT, found=repr(data.get("format"))[:40])
        rules = Ruleset.from_dict(data["rules"])
        game = Game(rules)
        for hand in data["hands"]:
            game = game.record(hand_from_dict(rules, hand), hand.get("moon_choice"))
        current = hand_from_dict(rules, data["current"])
        undo_stack = _positions_before_own_cards(current, int(data["seat"]))[: int(data["undo_depth"])]
        return PracticeSession(
            game,
            current,
            str(data["level"]),
            int(data["seat"]),
            int(data["seed"]),
            tuple(undo_stack),
            frozenset(int(number) for number in data["practice_hands"]),
            _daily(data.get("daily")),
            _class_deal(data.get("class_deal")),
        )
    except StoredDataError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError, RecursionError) as error:
        raise StoredDataError("practice game", "cannot_rebuild") from error


def _daily(value: Any) -> str | None:
    """A daily deal's date as stored (an ISO date), or None."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 10:
        raise StoredDataError("practice game", "cannot_rebuild")
    return value


def _class_deal(value: Any) -> int | None:
    """A class deal's work id as stored, or None."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value < 2**31:
        raise StoredDataError("practice game", "cannot_rebuild")
    return value


def _positions_before_own_cards(state: HandState, seat: int) -> list[HandState]:
    """The positions just before each card ``seat`` played in the hand (what undo goes back to)."""
    position = state.record_start()
    found = []
    for card in state.plays():
        if position.to_play == seat:
            found.append(position)
        position = position.play(card)
    return found


__all__ = ["GAME_FORMAT", "StoredDataError", "hand_from_dict", "hand_to_dict", "session_from_dict", "session_to_dict"]
