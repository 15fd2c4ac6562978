"""Cards in running text: one small chip per card, rank and suit symbol in the suit's colour.

One implementation for every page (the table's pass lines, puzzle tricks, the
Rule Book's penalty cards).  A chip is an ``role="img"`` element named for
screen readers ("ten of hearts"); the colour is never the only sign of the
suit, the symbol always is.  The styles are in :data:`CHIP_CSS`, included once
by the page frame.

>>> chip_html("TH")
'<span class="ha-chip ha-red" role="img" aria-label="ten of hearts">10♥</span>'
>>> chip_html("QS", note="13")
'<span class="ha-chip ha-noted" role="img" aria-label="queen of spades: 13"><b>Q♠</b><small>13</small></span>'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Final

from hearts_core.engine.cards import DIAMONDS, HEARTS, Card, CardLike, split_cards

from ..texts import ui

RED_SUITS: Final = frozenset({DIAMONDS, HEARTS})

CHIP_CSS: Final = """
.ha-chip { display: inline-flex; align-items: baseline; gap: 0.2rem; min-width: 2.1rem; justify-content: center;
  font-weight: 700; line-height: 1.35; padding: 0 0.3rem; margin: 0 0.08rem; border-radius: 0.3rem;
  background: #fffdf8; color: #1f1f1f; border: 1px solid #b9b1a3; white-space: nowrap; }
.ha-chip.ha-red { color: #c0262d; }
.ha-chip.ha-marked { outline: 2px solid #f2c14e; }
.ha-chip.ha-marked::after { content: "★"; font-size: 0.6rem; color: #8a5a00; }
.ha-chip.ha-bonus { border-style: dashed; }
.ha-chip.ha-noted { flex-direction: column; align-items: center; gap: 0; padding: 0.2rem 0.4rem; }
.ha-chip small { font-weight: 400; font-size: 0.78rem; color: #262322; }
.ha-chips { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.25rem 0 0.5rem 0; }
"""


def chip_html(card: CardLike, *, marked: bool = False, note: str = "", bonus: bool = False) -> str:
    """One card as a chip; ``note`` is a small line under it (its points)."""
    parsed = Card.parse(card)
    label = f"{parsed.name}: {note}" if note else parsed.name
    return labelled_chip_html(parsed.symbol, label, red=parsed.suit in RED_SUITS, note=note, marked=marked, bonus=bonus)


def labelled_chip_html(
    face: str, label: str, *, red: bool, note: str = "", marked: bool = False, bonus: bool = False
) -> str:
    """A chip with any face, such as "♥ ×12" for a group of hearts, and its spoken label."""
    classes = ["ha-chip"] + (["ha-red"] if red else []) + (["ha-marked"] if marked else [])
    classes += (["ha-bonus"] if bonus else []) + (["ha-noted"] if note else [])
    if marked:
        label = f"{label}, {ui('table.marked')}"
    body = f"<b>{escape(face)}</b><small>{escape(note)}</small>" if note else escape(face)
    return f'<span class="{" ".join(classes)}" role="img" aria-label="{escape(label)}">{body}</span>'


def chips_html(cards: Iterable[CardLike], marked: Iterable[CardLike] = ()) -> str:
    """Several cards as chips, side by side (``marked`` ones outlined and starred)."""
    marks = {str(Card.parse(card)) for card in marked}
    return "".join(chip_html(card, marked=str(Card.parse(card)) in marks) for card in cards)


def prose(text: str) -> str:
    """Markdown with every card it names drawn as a chip (for ``st.markdown(..., unsafe_allow_html=True)``).
    Only for the project's own texts (lessons, puzzles, the engine's words): a learner's input is escaped
    elsewhere, never passed here.

    >>> prose("Lead the 2C.")
    'Lead the <span class="ha-chip" role="img" aria-label="two of clubs">2♣</span>.'
    """
    return "".join(part if isinstance(part, str) else chip_html(part) for part in split_cards(text))


def prose_plain(text: str) -> str:
    """Markdown with every card as its rank and suit symbol in the suit's colour, where a chip cannot
    go (alerts, button and radio labels).

    >>> prose_plain("Not the QH or the 10S.")
    'Not the :red[Q♥] or the 10♠.'
    """
    return "".join(part if isinstance(part, str) else _coloured(part) for part in split_cards(text))


def symbols(text: str) -> str:
    """Plain text with every card as a learner reads it (Q♠, 10♥): for the card table's own lines.

    >>> symbols("You hold 2D, 5D and QD.")
    'You hold 2♦, 5♦ and Q♦.'
    """
    return "".join(part if isinstance(part, str) else part.symbol for part in split_cards(text))


def _coloured(card: Card) -> str:
    return f":red[{card.symbol}]" if card.suit in RED_SUITS else card.symbol


__all__ = ["CHIP_CSS", "RED_SUITS", "chip_html", "chips_html", "labelled_chip_html", "prose", "prose_plain", "symbols"]
