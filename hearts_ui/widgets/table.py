"""The card table drawn as HTML and CSS: seats around a felt, the trick in the middle.

:func:`table_html` turns a :class:`~hearts_core.engine.table.TableSnapshot` into one
self-contained block of HTML with its own ``<style>`` (every class starts with
``hat-``, every rule is scoped under ``.hat-root``), with no SVG and no
JavaScript, so it survives ``st.html``'s sanitiser.  :func:`render_table` is
the thin Streamlit call.

Accessibility: every card is ``role="img"`` with its name as ``aria-label``;
a face-down hand is one image labelled like "West: 11 cards, face down"; the
seat to play, the dealer and highlighted cards are marked with words and
shapes as well as colour.

>>> from hearts_core import HandState, Ruleset
>>> from hearts_core.engine.table import table_snapshot
>>> state = HandState.from_hands(Ruleset(pass_cycle=["hold"]), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
... ]).play("2C")
>>> page = table_html(table_snapshot(state, face_up=[0]))
>>> 'aria-label="ace of clubs"' in page, 'aria-label="West: 13 cards, face down"' in page
(True, True)
>>> "<svg" in page or "<script" in page
False
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import Final

from hearts_core.engine.cards import Card
from hearts_core.engine.describe import points_words
from hearts_core.engine.table import Play, SeatView, TableSnapshot, TrickView
from hearts_core.words.catalogue import message

from ..texts import ui

#: Every class name of the table starts with this prefix.
PREFIX: Final = "hat"

_RED_SUITS: Final = frozenset({1, 2})  # diamonds, hearts
_SUIT_SYMBOLS: Final = "♣♦♥♠"

#: Grid areas for each player count (seat 0 at the bottom, play going clockwise),
#: and the area of each seat.
_LAYOUTS: Final[dict[int, tuple[str, str, tuple[str, ...]]]] = {
    2: ('"n" "c" "s"', "minmax(0, 1fr)", ("s", "n")),
    3: ('"w e" "c c" "s s"', "minmax(0, 1fr) minmax(0, 1fr)", ("s", "w", "e")),
    4: ('"n n n" "w c e" "s s s"', "minmax(0, 1fr) minmax(0, 1.2fr) minmax(0, 1fr)", ("s", "w", "n", "e")),
    5: (
        '"nw nw ne ne" "w c c e" "s s s s"',
        "minmax(0, 1fr) minmax(0, 0.75fr) minmax(0, 0.75fr) minmax(0, 1fr)",
        ("s", "w", "nw", "ne", "e"),
    ),
    6: (
        '"nw n ne" "sw c se" "s s s"',
        "minmax(0, 1fr) minmax(0, 1.7fr) minmax(0, 1fr)",
        ("s", "sw", "nw", "n", "ne", "se"),
    ),
}

#: The table's styles (every rule scoped under ``.hat-root``), and the narrow-table rules that
#: come after the layout rules so that they override them.
_CSS: Final = Path(__file__).with_name("table.css").read_text(encoding="utf-8")

_NARROW_CSS: Final = Path(__file__).with_name("table_narrow.css").read_text(encoding="utf-8")


def _layout_css(players: int) -> str:
    areas, columns, seat_areas = _LAYOUTS[players]
    rules = [f".hat-n{players} .hat-felt {{ grid-template-areas: {areas}; grid-template-columns: {columns}; }}"]
    rules += [f".hat-n{players} .hat-seat-{seat} {{ grid-area: {area}; }}" for seat, area in enumerate(seat_areas)]
    return "\n".join(rules)


def _plural(count: int, one: str, many: str) -> str:
    """``one`` for a count of 1, else ``many`` (both written out, so the key check sees them)."""
    return one if count == 1 else many


def card_html(card: str, highlight: bool = False, mini: bool = False) -> str:
    """One card face: rank and suit symbol in the corner (always both), ``role="img"`` named.

    >>> card_html("QS")  # doctest: +ELLIPSIS
    '<span class="hat-card" role="img" aria-label="queen of spades">...'
    """
    parsed = Card.parse(card)
    rank = parsed.symbol[:-1]
    suit = _SUIT_SYMBOLS[parsed.suit]
    classes = ["hat-card"]
    if parsed.suit in _RED_SUITS:
        classes.append("hat-red")
    if mini:
        classes.append("hat-mini")
    label = parsed.name
    if highlight:
        classes.append("hat-hl")
        label = f"{label}, {ui('table.marked')}"
    return (
        f'<span class="{" ".join(classes)}" role="img" aria-label="{escape(label)}">'
        f'<span class="hat-idx" aria-hidden="true"><span>{rank}</span><span class="hat-s">{suit}</span></span>'
        f'<span class="hat-pip" aria-hidden="true">{suit}</span></span>'
    )


def _hand_html(view: SeatView, table: TableSnapshot) -> str:
    name = view.name
    if view.cards is None:
        if not view.count:
            return f'<p class="hat-none">{escape(ui("table.hand_empty", seat=name))}</p>'
        backs = '<span class="hat-back"></span>' * view.count
        n = view.count
        label = _plural(n, ui("table.hand_down_one", seat=name), ui("table.hand_down", seat=name, count=n))
        count = _plural(n, ui("table.count_down_one"), ui("table.count_down", count=n))
        return (
            f'<div class="hat-down" role="img" aria-label="{escape(label)}">'
            f'<span class="hat-backs">{backs}</span><span class="hat-count" aria-hidden="true">{escape(count)}</span>'
            "</div>"
        )
    if not view.cards:
        return f'<p class="hat-none">{escape(ui("table.hand_empty", seat=name))}</p>'
    suits: dict[int, list[str]] = {}
    for card in view.cards:
        suits.setdefault(Card.parse(card).suit, []).append(card_html(card, card in table.highlight))
    groups = "".join(f'<span class="hat-suit">{"".join(cards)}</span>' for _, cards in sorted(suits.items()))
    n = view.count
    label = _plural(n, ui("table.hand_up_one", seat=name), ui("table.hand_up", seat=name, count=n))
    return f'<div class="hat-hand" role="group" aria-label="{escape(label)}">{groups}</div>'


def chip_html(card: str, highlight: bool = False) -> str:
    """A card as a small inline text chip (``10♥``), ``role="img"`` named: for the pass lines.

    >>> chip_html("TH")
    '<span class="hat-chip hat-red" role="img" aria-label="ten of hearts">10♥</span>'
    """
    parsed = Card.parse(card)
    classes = "hat-chip" + (" hat-red" if parsed.suit in _RED_SUITS else "") + (" hat-hl" if highlight else "")
    label = parsed.name + (f", {ui('table.marked')}" if highlight else "")
    return f'<span class="{classes}" role="img" aria-label="{escape(label)}">{parsed.symbol}</span>'


def _pass_line(text: str, cards: Iterable[str]) -> str:
    chips = "".join(chip_html(card) for card in cards)  # history: never highlighted
    label = f'<span class="hat-pass-label">{escape(text)}</span>'
    return f'<p class="hat-pass">{label}<span class="hat-chips">{chips}</span></p>'


def _seat_html(view: SeatView, table: TableSnapshot, level: int) -> str:
    classes = ["hat-seat", f"hat-seat-{view.seat}"]
    if view.seat == 0:
        classes.append("hat-at-s")
    if _LAYOUTS[table.players][2][view.seat] in ("s", "n"):
        classes.append("hat-mid")
    if view.to_play:
        classes.append("hat-turn")
    tags = ""
    if view.to_play:
        tags += f'<span class="hat-tag hat-tag-turn">▶ {escape(ui("table.to_play"))}</span>'
    if view.dealer:
        tags += f'<span class="hat-tag hat-tag-dealer">{escape(ui("table.dealer"))}</span>'
    tricks = _plural(view.tricks, ui("table.tricks_one"), ui("table.tricks", count=view.tricks))
    points = points_words(view.points)
    stats = f"{escape(tricks)} · {escape(points)}"
    parts = [
        f'<div class="{" ".join(classes)}">',
        f'<div class="hat-head"><h{level} class="hat-name">{escape(view.name)}</h{level}>{tags}</div>',
        f'<p class="hat-stats">{stats}</p>',
        _hand_html(view, table),
    ]
    if view.passed is not None and view.passed_to is not None:
        parts.append(_pass_line(ui("table.passed", seat=table.seats[view.passed_to].name), view.passed))
    if view.received is not None and view.received_from is not None:
        giver = table.seats[view.received_from].name
        parts.append(_pass_line(ui("table.received", seat=giver), view.received))
    parts.append("</div>")
    return "".join(parts)


def _play_html(play: Play, trick: TrickView, table: TableSnapshot) -> str:
    notes = []
    if play.seat == trick.leader:
        notes.append(ui("table.led"))
    if trick.winning == play.seat and len(trick.plays) > 1:
        notes.append(ui("table.winning"))
    note = f'<span class="hat-note">{escape(", ".join(notes))}</span>' if notes else ""
    name = escape(table.seats[play.seat].name)
    return (
        f'<li class="hat-play"><span class="hat-who">{name}<span class="hat-sr">:</span>{note}</span>'
        f"{card_html(play.card, play.card in table.highlight)}</li>"
    )


def _trick_html(trick: TrickView, table: TableSnapshot, level: int) -> str:
    items = [_play_html(play, trick, table) for play in trick.plays]
    for offset in range(len(trick.plays), table.players):
        seat = (trick.leader + offset) % table.players
        next_up = seat == table.to_play
        note = f'<span class="hat-note">{escape(ui("table.to_play"))}</span>' if next_up else ""
        items.append(
            f'<li class="hat-play hat-slot{" hat-next" if next_up else ""}">'
            f'<span class="hat-who">{escape(table.seats[seat].name)}{note}</span>'
            '<span class="hat-empty" aria-hidden="true"></span></li>'
        )
    heading = escape(ui("table.trick_heading", number=trick.number))
    return f'<h{level} class="hat-trick-head">{heading}</h{level}><ol class="hat-trick">{"".join(items)}</ol>'


def _last_html(trick: TrickView, table: TableSnapshot, level: int) -> str:
    items = []
    for play in trick.plays:
        won = " hat-won" if play.seat == trick.winner else ""
        items.append(
            f'<li class="hat-lp{won}"><span class="hat-who">{escape(table.seats[play.seat].name)}'
            f'<span class="hat-sr">:</span></span>{card_html(play.card, play.card in table.highlight, mini=True)}</li>'
        )
    winner = table.seats[trick.winner].name if trick.winner is not None else ""
    heading = escape(ui("table.last_heading", number=trick.number))
    points = trick.points or 0
    said = points_words(points)
    sub = escape(ui("table.last_won", seat=winner) + " · " + said)
    return (
        f'<div class="hat-last"><h{level} class="hat-last-head">{heading}'
        f'<span class="hat-sr">, </span><span class="hat-last-sub">{sub}</span></h{level}>'
        f'<ol>{"".join(items)}</ol></div>'
    )


def _center_html(table: TableSnapshot, level: int) -> str:
    parts = ['<div class="hat-center">']
    if table.trick is not None:
        parts.append(_trick_html(table.trick, table, level))
    elif table.badges.phase == "pass":
        parts.append(f'<p class="hat-idle">{escape(ui("table.trick_waiting"))}</p>')
    else:
        parts.append(f'<p class="hat-idle">{escape(ui("table.trick_over"))}</p>')
    if table.last_trick is not None:
        parts.append(_last_html(table.last_trick, table, min(level + 1, 6)))
    parts.append("</div>")
    return "".join(parts)


def _badges_html(table: TableSnapshot) -> str:
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
    badges = [
        ("", "⇄", passing, False),
        ("", "#", trick, False),
        ("hat-red", "♥", ui("table.hearts_yes") if facts.hearts_broken else ui("table.hearts_no"), facts.hearts_broken),
        ("", "♠", ui("table.queen_yes") if facts.queen_fallen else ui("table.queen_no"), facts.queen_fallen),
        ("", "Σ", ui("table.points", taken=facts.points_taken, total=facts.points_available), False),
    ]
    items = "".join(
        f'<li class="hat-badge{" hat-on" if on else ""}">'
        f'<span class="hat-glyph {glyph_class}" aria-hidden="true">{glyph}</span>{escape(text)}</li>'
        for glyph_class, glyph, text, on in badges
    )
    return f'<ul class="hat-badges" aria-label="{escape(ui("table.facts"))}">{items}</ul>'


def table_html(table: TableSnapshot, heading_level: int = 3) -> str:
    """The whole table as one HTML string (with its scoped ``<style>``), for ``st.html``.

    ``heading_level`` is the level of the table's heading (the caption, or a
    heading for screen readers only); seats and the trick use the next level.
    """
    if table.players not in _LAYOUTS:
        raise ValueError(f"no table layout for {table.players} players; choose 2 to 6")
    level = min(max(heading_level, 1), 5)
    title_class = "hat-title" if table.caption else "hat-sr"
    title = table.caption or ui("table.heading")
    seats = "".join(_seat_html(view, table, level + 1) for view in table.seats)
    label = escape(ui("table.label", players=table.players))
    return (
        f"<style>{_CSS}{_layout_css(table.players)}{_NARROW_CSS}</style>"
        f'<section class="hat-root hat-n{table.players}" aria-label="{label}">'
        f'<h{level} class="{title_class}">{escape(title)}</h{level}>'
        f"{_badges_html(table)}"
        f'<div class="hat-felt">{seats}{_center_html(table, level + 1)}</div>'
        "</section>"
    )


def render_table(table: TableSnapshot, heading_level: int = 3) -> None:
    """Draw the table on the page (``st.html``; imported lazily so this module stays pure)."""
    import streamlit as st

    st.html(table_html(table, heading_level))


__all__ = ["PREFIX", "card_html", "chip_html", "render_table", "table_html"]
