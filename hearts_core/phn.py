"""PHN, the Portable Hearts Notation: the public entry point of :mod:`hearts_core.records.phn`
(``docs/phn.md``), where the reader and writer live."""

from __future__ import annotations

from .records.phn import (
    DERIVED_TAGS,
    GLYPHS,
    TAG_ORDER,
    Note,
    PhnError,
    PhnHand,
    dumps_game,
    dumps_hand,
    dumps_tree,
    line_tree,
    loads_game,
    loads_hand,
    read_hand,
    rules_text,
    split_records,
)

__all__ = [
    "DERIVED_TAGS",
    "GLYPHS",
    "TAG_ORDER",
    "Note",
    "PhnError",
    "PhnHand",
    "dumps_game",
    "dumps_hand",
    "dumps_tree",
    "line_tree",
    "loads_game",
    "loads_hand",
    "read_hand",
    "rules_text",
    "split_records",
]
