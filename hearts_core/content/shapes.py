"""The shape of every field a lesson or puzzle file may hold, checked before anything reads it.

A field of the wrong shape (``rule = 5``, ``sources = "000"``, ``deal = []``) is reported as a
:class:`~hearts_core.content.schema.FieldError` naming the field and the shape it needs, instead of
surfacing as a ``TypeError`` deep in the code that reads it.

>>> check_shapes({"title": "A", "at": 3}, STEP_SHAPES)
>>> check_shapes({"at": True}, STEP_SHAPES)
Traceback (most recent call last):
...
hearts_core.content.schema.FieldError: at: must be a whole number
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from .schema import FieldError

Shape = tuple[str, Callable[[Any], bool]]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _wholes(value: Any) -> bool:
    return isinstance(value, list) and all(_whole(item) for item in value)


TEXT: Final[Shape] = ("text", lambda value: isinstance(value, str))
WHOLE: Final[Shape] = ("a whole number", _whole)
FLAG: Final[Shape] = ("true or false", lambda value: isinstance(value, bool))
TABLE: Final[Shape] = ("a table", lambda value: isinstance(value, Mapping))
TEXTS: Final[Shape] = ("a list of texts", _texts)
TEXT_OR_TEXTS: Final[Shape] = ("a text or a list of texts", lambda value: isinstance(value, str) or _texts(value))
WHOLES: Final[Shape] = ("a list of whole numbers", _wholes)
TABLES: Final[Shape] = (
    "a list of tables",
    lambda value: isinstance(value, list) and all(isinstance(item, Mapping) for item in value),
)
RULES: Final[Shape] = (
    "a table (preset and overrides) or a preset name",
    lambda value: isinstance(value, str | Mapping),
)
ANSWER: Final[Shape] = (
    "a text, a list of texts or a list of whole numbers",
    lambda value: isinstance(value, str) or _texts(value) or _wholes(value),
)
SHOW: Final[Shape] = (
    "a word (all, none, to_play) or a list of seats",
    lambda value: isinstance(value, str) or _wholes(value),
)

LESSON_SHAPES: Final[Mapping[str, Shape]] = {
    "id": TEXT,
    "title": TEXT,
    "goal": TEXT,
    "sources": TEXTS,
    "themes": TEXTS,
    "ideas": TABLE,
    "rules": RULES,
    "deals": TABLE,
    "steps": TABLES,
}
STEP_SHAPES: Final[Mapping[str, Shape]] = {
    "kind": TEXT,
    "title": TEXT,
    "rule": TEXT_OR_TEXTS,
    "text": TEXT,
    "deal": TEXT,
    "at": WHOLE,
    "idea": TEXT,
    "prompt": TEXT,
    "ask": TEXT,
    "choices": TEXTS,
    "choice_labels": TABLE,
    "nudge": TEXT,
    "hint": TEXT,
    "explanation": TEXT,
    "feedback": TABLE,
    "to": WHOLE,
    "captions": TABLE,
    "trick": WHOLE,
    "accept": TEXTS,
    "success": TEXT,
    "card": TEXT,
    "answer": ANSWER,
    "poor": TEXT,
    "highlight": TEXTS,
    "from": WHOLE,
    "dispute": WHOLE,
    "seat": WHOLE,
    "show": SHOW,
    "require": TEXTS,
    "forbid": TEXTS,
    "rules_b": RULES,
    "label_a": TEXT,
    "label_b": TEXT,
    "rules": RULES,
}
PUZZLE_SHAPES: Final[Mapping[str, Shape]] = {
    "id": TEXT,
    "kind": TEXT,
    "title": TEXT,
    "prompt": TEXT,
    "difficulty": WHOLE,
    "themes": TEXTS,
    "rules": RULES,
    "position": TEXT,
    "nudge": TEXT,
    "idea": TEXT,
    "explanation": TEXT,
    "answer": ANSWER,
    "answer_a": ANSWER,
    "totals": WHOLES,
    "require": TEXTS,
    "forbid": TEXTS,
    "feedback": TABLE,
    "objective": TEXT,
    "margin": WHOLE,
    "model": TEXT,
    "card": TEXT,
    "shooter": WHOLE,
    "argument": TEXT,
    "show": SHOW,
    "hidden": FLAG,
    "moon_choice": TEXT,
    "rules_b": RULES,
    "ask": TEXT,
}
SECTION_SHAPES: Final[Mapping[str, Shape]] = {"id": TEXT, "title": TEXT, "lessons": TEXTS}
THEME_SHAPES: Final[Mapping[str, Shape]] = {"title": TEXT, "description": TEXT}


def check_shapes(raw: Mapping[str, Any], shapes: Mapping[str, Shape]) -> None:
    """Raise :class:`FieldError` for the first field of ``raw`` (in file order) whose value has the
    wrong shape; fields ``shapes`` does not know are left to the caller's check of unknown keys."""
    for name, value in raw.items():
        shape = shapes.get(name)
        if shape is not None and not shape[1](value):
            raise FieldError(str(name), f"must be {shape[0]}")


__all__ = ["LESSON_SHAPES", "PUZZLE_SHAPES", "SECTION_SHAPES", "STEP_SHAPES", "THEME_SHAPES", "check_shapes"]
