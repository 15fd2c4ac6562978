"""The message catalogues: one key per text, across the engine's and the interface's."""

from __future__ import annotations

from collections import defaultdict

from hearts_core.words.catalogue import catalogue
from hearts_ui.texts import ui_catalogue


def test_no_text_is_written_under_two_keys() -> None:
    keys: dict[str, list[str]] = defaultdict(list)
    for key, text in catalogue().items():
        keys[str(text)].append(f"engine {key}")
    for key, text in ui_catalogue().items():
        keys[str(text)].append(f"interface {key}")
    twice = {text: where for text, where in keys.items() if len(where) > 1}
    assert twice == {}, "the same text under several keys: use one key (or reword where the meaning differs)"
