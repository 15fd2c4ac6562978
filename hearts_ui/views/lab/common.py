"""What the parts of the Variant Lab share: the two sides, their names and colours."""

from __future__ import annotations

from typing import Final

from ...texts import ui

PAGE: Final = "pages/5_Variant_Lab.py"
SIDES: Final = ("a", "b")
COLOURS: Final = {"a": "#b3261e", "b": "#1f5fa8"}


def side_name(side: str) -> str:
    """ "Ruleset A" or "Ruleset B"."""
    return ui("lab.ruleset_a") if side == "a" else ui("lab.ruleset_b")
