"""The one stepper: first / back / next / last buttons over the positions of a sequence.

Lesson steps, walkthrough frames, puzzle lines, the practice review and the
Variant Lab's replay all step the same way.  The caller owns the position
(in the URL, or in its page's state) and says what a move does (``on_move``);
the widget only draws the buttons, with a help text for each and the button
that would not move disabled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal

import streamlit as st

from ..texts import ui

Unit = Literal["step", "card"]
#: The buttons, their icons, and the position each moves to from ``position`` in ``0..last``.
_BUTTONS: Final = (
    ("first", ":material/first_page:"),
    ("back", ":material/chevron_left:"),
    ("next", ":material/chevron_right:"),
    ("last", ":material/last_page:"),
)


def _target(name: str, position: int, last: int) -> int:
    return {"first": 0, "back": position - 1, "next": position + 1, "last": last}[name]


def stepper(prefix: str, position: int, last: int, on_move: Callable[[int], None], unit: Unit = "card") -> None:
    """Four buttons keyed ``<prefix>_first`` ... ``<prefix>_last``; a click calls
    ``on_move(target)``.  ``unit`` names what is stepped in the buttons' help."""
    row = st.container(horizontal=True, gap="small", key=f"{prefix}_row")  # one row on a phone too
    for name, icon in _BUTTONS:
        target = _target(name, position, last)
        # Over the cards of a hand, the main button says so: a walkthrough's steppers do not look alike.
        label = ui("stepper.next_card") if unit == "card" and name == "next" else ui(f"stepper.{name}")
        row.button(
            label,
            key=f"{prefix}_{name}",
            help=ui(f"stepper.{unit}_{name}"),
            icon=icon,
            on_click=on_move,
            args=(target,),
            disabled=not 0 <= target <= last or target == position,
            type="primary" if name == "next" else "secondary",
            width="stretch",
        )


def back_and_next(
    prefix: str,
    position: int,
    last: int,
    on_move: Callable[[int], None],
    unit: Unit = "card",
    *,
    primary: bool = True,
    keys: bool = False,
    next_label: str | None = None,
    back_label: str | None = None,
) -> None:
    """The quiet way of stepping: a small "Back" and one "Next" (``<prefix>_back``, ``<prefix>_next``),
    the only primary button when ``primary``; with ``keys`` the Left and Right arrow keys press them.
    ``next_label`` and ``back_label`` name them otherwise (a lesson's steps beside a stepper over cards)."""
    row = st.container(horizontal=True, gap="small", key=f"{prefix}_row", vertical_alignment="center")
    row.button(
        back_label or ui("stepper.back"),
        key=f"{prefix}_back",
        help=ui(f"stepper.{unit}_back"),
        icon=None if keys else ":material/chevron_left:",  # with a key, Streamlit shows its arrow instead
        on_click=on_move,
        args=(position - 1,),
        disabled=position <= 0,
        type="tertiary",
        shortcut="Left" if keys else None,
    )
    row.button(
        next_label or (ui("stepper.next_card") if unit == "card" else ui("stepper.next")),
        key=f"{prefix}_next",
        help=ui(f"stepper.{unit}_next"),
        icon=None if keys else ":material/chevron_right:",
        on_click=on_move,
        args=(position + 1,),
        disabled=position >= last,
        type="primary" if primary else "secondary",
        shortcut="Right" if keys else None,
    )


def counter(position: int, last: int) -> None:
    """ "Card 3 of 12" under a stepper over the cards of a hand."""
    st.markdown(f"**{ui('stepper.counter', number=position, count=last)}**")


__all__ = ["Unit", "back_and_next", "counter", "stepper"]
