"""What the card table component is given, as plain JSON: the picture, the learner's controls, the words.

:func:`table_payload` turns a :class:`TableScene` (a position, whose cards are
face up, what the learner may do with the cards of one hand, and the position
the change on the table starts from) into the ``data`` of the table component
(:mod:`.component`).  Every word the table shows is filled in here from the
catalogues, so the JavaScript holds no prose and no rules: it draws what it is
given, animates the events it is given, and reports clicks.

Pure Python (no Streamlit import), so every page's table is testable without a
browser:

>>> from hearts_core import HandState, Ruleset
>>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
>>> state = HandState.from_hands(Ruleset(pass_cycle=["hold"]), suits)
>>> data = table_payload(TableScene(state, face_up=[0], hand=play_control(state, 0)))
>>> [seat["area"] for seat in data["seats"]]
['s', 'w', 'n', 'e']
>>> [(card["c"], card["ok"]) for card in data["hand"]["cards"][:3]]
[('AC', False), ('KC', False), ('QC', False)]
>>> data["hand"]["cards"][-1]["c"], data["hand"]["cards"][-1]["ok"]
('2C', True)
>>> data["hand"]["cards"][0]["why"]
'The first trick must be opened with 2♣, the lowest club in the deck; A♣ cannot lead it.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from hearts_core.engine.cards import Card, CardLike
from hearts_core.engine.describe import points_words
from hearts_core.engine.state import HandState
from hearts_core.engine.table import (
    DISPLAY_SUITS,
    Play,
    RankOrder,
    SeatView,
    TableEvent,
    TableSnapshot,
    TrickView,
    concealed,
    display_order,
    scene_key,
    table_events,
    table_snapshot,
)
from hearts_core.words.catalogue import message

from ...texts import ui

HandMode = Literal["play", "select", "view"]
Speed = Literal["slow", "normal", "fast", "instant"]
#: How a card of the learner's hand is judged once an answer is checked (or a hint given):
#: a right choice, a wrong one, one they should have chosen and did not, the card a hint suggests.
CardVerdict = Literal["right", "wrong", "missed", "suggested"]
#: "watch": the change from the last picture is played card by card; "jump": the table shows the
#: new picture at once (a step, a review frame or a replay moved: the words beside the table
#: describe the new picture, so the table must not still be showing the old one).
Motion = Literal["watch", "jump"]

#: Milliseconds between two cards appearing on the table, by speed setting.  At "normal" a bot's
#: card lands in about a quarter of a second, as on the fastest card sites.
SPEED_DELAYS: Final[dict[str, int]] = {"slow": 700, "normal": 230, "fast": 110, "instant": 0}
#: Milliseconds a finished trick stays on the table before it slides to its winner, by speed.
SPEED_HOLDS: Final[dict[str, int]] = {"slow": 1400, "normal": 550, "fast": 280, "instant": 0}
SPEEDS: Final[tuple[Speed, ...]] = ("slow", "normal", "fast", "instant")
CARD_VERDICTS: Final[tuple[CardVerdict, ...]] = ("right", "wrong", "missed", "suggested")

#: The grid area of each compass point, on the felt and in the trick.
COMPASS_AREAS: Final = {
    "south": "s",
    "south_west": "sw",
    "west": "w",
    "north_west": "nw",
    "north": "n",
    "north_east": "ne",
    "east": "e",
    "south_east": "se",
}
_SUIT_SYMBOLS: Final = "♣♦♥♠"
_SUIT_KEYS: Final = "cdhs"


@dataclass(frozen=True)
class TableLook:
    """The learner's table settings: how fast the other players' cards appear,
    the order of ranks in a hand, and the four-colour deck."""

    speed: Speed = "normal"
    rank_order: RankOrder = "high_first"
    four_colour: bool = False

    @classmethod
    def from_setting(cls, value: Any) -> TableLook:
        """The look a stored setting describes; anything unknown in it keeps the default.

        >>> TableLook.from_setting({"speed": "fast", "four_colour": True, "rank_order": "sideways"})
        TableLook(speed='fast', rank_order='high_first', four_colour=True)
        """
        known = value if isinstance(value, Mapping) else {}
        default = cls()
        speed = known.get("speed")
        order = known.get("rank_order")
        four = known.get("four_colour")
        return cls(
            speed=speed if speed in SPEEDS else default.speed,
            rank_order=order if order in ("high_first", "low_first") else default.rank_order,
            four_colour=four if isinstance(four, bool) else default.four_colour,
        )

    def as_setting(self) -> dict[str, Any]:
        """The look as a stored setting."""
        return {"speed": self.speed, "rank_order": self.rank_order, "four_colour": self.four_colour}

    @property
    def delay(self) -> int:
        """Milliseconds between two cards (0: instant)."""
        return SPEED_DELAYS[self.speed]

    @property
    def hold(self) -> int:
        """Milliseconds a finished trick stays before it goes to its winner (0: instant)."""
        return SPEED_HOLDS[self.speed]


@dataclass(frozen=True)
class HandControl:
    """What the learner may do with the cards of one hand (``seat``).

    ``mode`` is "play" (a click plays the card), "select" (clicks choose cards,
    a button confirms them) or "view".  ``playable`` are the cards that may be
    played; the others are dimmed in place, stay clickable, and show their
    ``reasons``; ``None`` marks nothing (where which card is legal is the
    question).  ``need`` is how many cards "select" wants (``None``: at least
    one); ``confirm`` the confirm button's words; ``status`` a line shown
    beside the hand (a verdict, what to do).  A chosen card is shown raised
    and outlined, the same whether it is right or wrong; ``verdicts`` judge
    cards once an answer is checked (right, wrong, missed) or a hint names one
    (suggested), each with its own symbol and words, not by colour alone.
    ``marked`` adds a word of its own to a card's label.
    """

    seat: int
    mode: HandMode = "view"
    playable: frozenset[str] | None = None
    reasons: Mapping[str, str] = field(default_factory=dict)
    need: int | None = None
    confirm: str = ""
    selected: tuple[str, ...] = ()
    marked: Mapping[str, str] = field(default_factory=dict)
    status: str = ""
    label: str = ""
    verdicts: Mapping[str, CardVerdict] = field(default_factory=dict)


def play_control(
    state: HandState, seat: int, *, show_legal: bool = True, status: str = "", label: str = ""
) -> HandControl:
    """The hand of ``seat`` ready to play a card; with ``show_legal`` the illegal
    cards are dimmed, each with the engine's reason."""
    if not show_legal:
        return HandControl(seat, "play", status=status, label=label)
    playable = frozenset(str(card) for card in state.legal_moves()) if state.to_play == seat else frozenset()
    reasons = {
        str(card): str(state.explain(card))
        for card in state.hands[seat].cards()
        if str(card) not in playable and state.to_play == seat
    }
    return HandControl(seat, "play", playable, reasons, status=status, label=label)


def select_control(
    seat: int, need: int | None, confirm: str, *, selected: Iterable[CardLike] = (), status: str = "", label: str = ""
) -> HandControl:
    """The hand of ``seat`` ready to choose ``need`` cards (any number when None) and confirm."""
    chosen = tuple(str(Card.parse(card)) for card in selected)
    return HandControl(seat, "select", need=need, confirm=confirm, selected=chosen, status=status, label=label)


@dataclass(frozen=True)
class TableScene:
    """One picture of the table and what the learner may do on it.

    ``before`` is the position the table showed last, when the change from it
    should be watched: the cards played since appear one by one and finished
    tricks go to their winner.  ``seat_pick`` makes every seat a button (for
    "who wins this trick?"); ``conceal`` hides what would give such an answer away
    (:func:`hearts_core.engine.table.concealed`).  ``prompt`` is the question, shown
    above the felt on a narrow screen.
    """

    state: HandState
    face_up: Iterable[int] | str = "all"
    highlight: tuple[str, ...] = ()
    hand: HandControl | None = None
    before: HandState | None = None
    prompt: str = ""
    title: str = ""
    seat_pick: bool = False
    last_trick: bool = True
    conceal: bool = False
    #: A line shown under the table when no hand is played from it (a verdict on a seat picked).
    status: str = ""
    #: Hide the points on the piles (and the points badge): the question is how many there are.
    hide_points: bool = False
    #: Play the change from the last picture card by card ("watch") or show the new one at once ("jump").
    motion: Motion = "watch"
    #: Open the new picture on the last finished trick (a replay's step that ended a trick shows its card).
    open_last: bool = False


# -- the parts of the payload ------------------------------------------------------------------


def _face(card: Card) -> list[str]:
    """A card as [rank, suit symbol, suit key, name]: what a card face and its label need."""
    return [card.symbol[:-1], _SUIT_SYMBOLS[card.suit], _SUIT_KEYS[card.suit], card.name]


def _count_words(count: int) -> str:
    return ui("table.count_down_one") if count == 1 else ui("table.count_down", count=count)


def _pile_words(view: SeatView, points: bool = True) -> str:
    """A seat's pile: its tricks, and the points in them unless the question is how many."""
    tricks = ui("table.tricks_one") if view.tricks == 1 else ui("table.tricks", count=view.tricks)
    return f"{tricks} · {points_words(view.points)}" if points else tricks


def _rows(cards: Iterable[str], look: TableLook) -> list[dict[str, Any]]:
    """A face-up hand as one row per suit (bridge style), suits in display order."""
    ordered = display_order(cards, look.rank_order)
    return [
        {"s": _SUIT_SYMBOLS[suit], "k": _SUIT_KEYS[suit], "cards": [str(card) for card in ordered if card.suit == suit]}
        for suit in DISPLAY_SUITS
        if any(card.suit == suit for card in ordered)
    ]


def _seat(view: SeatView, table: TableSnapshot, scene: TableScene, look: TableLook) -> dict[str, Any]:
    in_tray = scene.hand is not None and scene.hand.seat == view.seat
    tags = []
    if view.to_play:
        tags.append({"k": "turn", "t": ui("table.to_play")})
    if view.dealer:
        tags.append({"k": "dealer", "t": ui("table.dealer")})
    down = view.cards is None
    count = _count_words(view.count)
    pile = _pile_words(view, not scene.hide_points)
    facts = [view.name, count + (f", {ui('table.face_down')}" if down and view.count else ""), pile]
    facts += [tag["t"] for tag in tags]
    return {
        "seat": view.seat,
        "area": COMPASS_AREAS[view.compass],
        "name": view.name,
        "label": ", ".join(facts),
        "count": view.count,
        "count_text": count,
        "pile": pile,
        "points": view.points,
        "tags": tags,
        "turn": view.to_play,
        "rows": None if down or in_tray else _rows(view.cards or (), look),
        "in_tray": in_tray,
        "pick": ui("table.pick_seat", seat=view.name) if scene.seat_pick else "",
        "exchange": _exchange(view, table, in_tray),
    }


def _exchange(view: SeatView, table: TableSnapshot, in_tray: bool = False) -> list[dict[str, Any]]:
    """This hand's pass as the viewer may know it: the cards passed and received, with whom.  The
    hand played from the tray shows its received cards marked among its own, so not here again."""
    lines = []
    if view.passed is not None and view.passed_to is not None:
        lines.append({"t": ui("table.passed", seat=table.seats[view.passed_to].name), "cards": list(view.passed)})
    if view.received is not None and view.received_from is not None and not in_tray:
        lines.append(
            {"t": ui("table.received", seat=table.seats[view.received_from].name), "cards": list(view.received)}
        )
    return lines


def _plays(plays: Iterable[Play]) -> list[dict[str, Any]]:
    return [{"seat": play.seat, "card": play.card} for play in plays]


def _trick(trick: TrickView | None, table: TableSnapshot) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {
        "number": trick.number,
        "leader": trick.leader,
        "plays": _plays(trick.plays),
        "winning": trick.winning,
        "label": ui("table.trick", number=trick.number, total=table.badges.tricks_total),
    }


def _last(trick: TrickView | None, table: TableSnapshot) -> dict[str, Any] | None:
    if trick is None or trick.winner is None:
        return None
    winner = table.seats[trick.winner].name
    return {
        "plays": _plays(trick.plays),
        "winner": trick.winner,
        "leader": trick.leader,
        "caption": ui("table.last_caption", number=trick.number, seat=winner, points=points_words(trick.points or 0)),
    }


def _badges(table: TableSnapshot) -> list[dict[str, Any]]:
    facts = table.badges
    direction = message(f"describe.direction.{facts.pass_direction}")
    if facts.pass_direction == "hold":
        passing = message("option.pass_cycle.hold")
    elif facts.phase == "pass":
        passing = ui("table.pass_now", count=facts.pass_count, direction=direction)
    else:
        passing = ui("table.pass_done", direction=direction)
    if facts.phase == "over":
        trick = ui("table.hand_over", total=facts.tricks_total)
    elif facts.phase == "pass":
        trick = ui("table.trick_pass", total=facts.tricks_total)
    else:
        trick = ui("table.trick", number=facts.trick_number, total=facts.tricks_total)
    # During the play the trick's number is written above the trick itself: no badge says it again.
    trick_badge = {"id": "trick", "g": "#", "t": trick, "on": False, "red": False, "h": ui("table.help_trick")}
    return [
        {"id": "pass", "g": "⇄", "t": passing, "on": False, "red": False, "h": ui("table.help_pass")},
        *([] if facts.phase == "play" else [trick_badge]),
        {
            "id": "hearts",
            "g": "♥",
            "t": ui("table.hearts_yes") if facts.hearts_broken else ui("table.hearts_no"),
            "on": facts.hearts_broken,
            "red": True,
            "h": ui("table.help_hearts"),
        },
        {
            "id": "queen",
            "g": "♠",
            "t": ui("table.queen_yes") if facts.queen_fallen else ui("table.queen_no"),
            "on": facts.queen_fallen,
            "red": False,
            "h": ui("table.help_queen"),
        },
        {
            "id": "points",
            "g": "Σ",
            "t": ui("table.points", taken=facts.points_taken, total=facts.points_available),
            "on": False,
            "red": False,
            "h": ui("table.help_points"),
        },
    ]


def _shown_badges(table: TableSnapshot, scene: TableScene) -> list[dict[str, Any]]:
    """The badges, less those that would answer the question asked (the pass, hearts broken, the points)."""
    hidden = ({"pass", "hearts"} if scene.conceal else set()) | ({"points"} if scene.hide_points else set())
    return [badge for badge in _badges(table) if badge["id"] not in hidden]


def _hand(control: HandControl, table: TableSnapshot, look: TableLook) -> dict[str, Any]:
    view = table.seats[control.seat]
    cards = display_order(view.cards or (), look.rank_order)
    label = control.label or (ui("table.your_hand") if control.seat == 0 else ui("table.seat_hand", seat=view.name))
    received = view.received if view.received_from is not None else None
    chosen: list[str] = []
    if control.mode == "select":
        top = control.need if control.need is not None else len(cards)
        chosen = [
            ui("table.chosen_of", chosen=count, need=control.need)
            if control.need is not None
            else ui("table.chosen", chosen=count)
            for count in range(top + 1)
        ]
    return {
        "seat": control.seat,
        "label": label,
        "mode": control.mode,
        "need": control.need,
        "confirm": control.confirm,
        "status": control.status,
        "chosen": chosen,
        "cards": [
            {
                "c": str(card),
                "ok": control.playable is None or str(card) in control.playable,
                "why": control.reasons.get(str(card), ""),
                "sel": str(card) in control.selected,
                "mark": control.marked.get(str(card), ""),
                "v": control.verdicts.get(str(card), ""),
                "got": received is not None and str(card) in received,
            }
            for card in cards
        ],
    }


def _event(event: TableEvent, table: TableSnapshot, conceal: bool) -> dict[str, Any]:
    name = table.seats[event.seat].name
    if event.kind == "play":
        assert event.card is not None
        return {
            "t": "play",
            "seat": event.seat,
            "card": event.card,
            "winning": None if conceal else event.winning,
            "say": ui("table.says_played", seat=name, card=Card.parse(event.card).name),
        }
    total = table.badges.tricks_total
    following = event.trick + 1
    return {
        "t": "gather",
        "seat": event.seat,
        "points": event.points,
        "say": ui("table.says_won", seat=name, points=points_words(event.points)),
        "next": ui("table.trick", number=following + 1, total=total) if following < total else "",
    }


def _start(before: HandState, table: TableSnapshot, scene: TableScene) -> dict[str, Any]:
    """The parts of the table as they were at ``before``: the trick, the piles, the hand sizes."""
    earlier = table_snapshot(before, face_up=scene.face_up, last_trick=False)
    trick = earlier.trick.plays if earlier.trick is not None else ()
    number = earlier.badges.trick_number
    return {
        "label": ui("table.trick", number=number, total=earlier.badges.tricks_total)
        if earlier.badges.phase == "play"
        else "",
        "trick": _plays(trick),
        "winning": earlier.trick.winning if earlier.trick is not None and not scene.conceal else None,
        "piles": [_pile_words(view, not scene.hide_points) for view in earlier.seats],
        "counts": [view.count for view in earlier.seats],
        "count_texts": [_count_words(view.count) for view in earlier.seats],
    }


def _faces(data: Mapping[str, Any]) -> dict[str, list[str]]:
    """The face of every card the payload shows, and of no other: a face-down hand stays
    out of what the browser receives."""
    cards: set[str] = set()
    for seat in data["seats"]:
        cards.update(card for row in seat["rows"] or () for card in row["cards"])
        cards.update(card for line in seat["exchange"] for card in line["cards"])
    plays = [
        *(data["trick"] or {}).get("plays", ()),
        *(data["last"] or {}).get("plays", ()),
        *(data["start"] or {}).get("trick", ()),
    ]
    cards.update(play["card"] for play in plays)
    cards.update(event["card"] for event in data["events"] if event["t"] == "play")
    if data["hand"] is not None:
        cards.update(card["c"] for card in data["hand"]["cards"])
    return {code: _face(Card.parse(code)) for code in sorted(cards)}


#: The words the table's script shows as they are (catalogue keys under ``table.``).
TABLE_WORDS: Final = (
    "last_trick",
    "back_to_trick",
    "led",
    "winning",
    "wins",
    "trick_empty",
    "hand_empty",
    "facts",
    "marked",
    "verdict_right",
    "verdict_wrong",
    "verdict_missed",
    "verdict_suggested",
    "received_mark",
    "speed",
    "speed_short",
)


def _words() -> dict[str, str]:
    return {key: ui(f"table.{key}") for key in TABLE_WORDS}


def table_payload(scene: TableScene, look: TableLook = TableLook(), key: str = "") -> dict[str, Any]:
    """The component's ``data`` for ``scene`` (JSON-ready)."""
    state = scene.state
    face_up = scene.face_up
    if scene.hand is not None and face_up != "all":  # the hand the learner acts on is always face up
        face_up = [*([] if face_up == "none" else face_up), scene.hand.seat]
    table = table_snapshot(state, face_up=face_up, highlight=scene.highlight, last_trick=scene.last_trick)
    if scene.conceal:
        table = concealed(table)
    events: tuple[TableEvent, ...] = ()
    start = None
    if scene.before is not None:
        events = table_events(scene.before, state)
        if events:
            start = _start(scene.before, table, scene)
    data: dict[str, Any] = {
        "key": key,
        "scene": scene_key(state),
        "from": scene_key(scene.before) if events and scene.before is not None else None,
        "events": [_event(event, table, scene.conceal) for event in events],
        "start": start,
        "delay": look.delay,
        "hold": look.hold,
        "speed": look.speed,
        # How fast the others play: offered where the table plays changes out (not where it jumps).
        "speeds": [{"v": speed, "t": ui(f"table.speed_{speed}")} for speed in SPEEDS]
        if scene.motion == "watch"
        else None,
        "four": look.four_colour,
        "players": table.players,
        "title": scene.title or ui("table.heading"),
        "prompt": scene.prompt,
        "status": scene.status,
        "badges": _shown_badges(table, scene),
        "seats": [_seat(view, table, scene, look) for view in table.seats],
        "trick": _trick(table.trick, table),
        "last": _last(table.last_trick, table),
        "open_last": scene.open_last and table.last_trick is not None,
        "idle": ui("table.trick_waiting")
        if table.badges.phase == "pass"
        else (ui("table.trick_over") if table.badges.phase == "over" else ""),
        "marks": list(table.highlight),
        "hand": _hand(scene.hand, table, look) if scene.hand is not None else None,
        "words": _words(),
    }
    data["faces"] = _faces(data)
    return data


__all__ = [
    "CARD_VERDICTS",
    "COMPASS_AREAS",
    "SPEEDS",
    "SPEED_DELAYS",
    "SPEED_HOLDS",
    "TABLE_WORDS",
    "CardVerdict",
    "HandControl",
    "HandMode",
    "Motion",
    "Speed",
    "TableLook",
    "TableScene",
    "play_control",
    "select_control",
    "table_payload",
]
