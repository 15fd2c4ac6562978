"""Every content table's fields, in one place: the kinds' (declared on their classes) and the others'.

A lesson step's fields are declared on its kind's class (:mod:`.lesson_steps`), a puzzle's on its
kind's class (:mod:`.puzzle_kinds`); the tables that have no kinds (a lesson's top level, a section
of the catalogue, a puzzle theme, a glossary term) are declared here.  The loaders check each table
against its declaration before anything reads it, so a field of the wrong shape (``rule = 5``,
``sources = "000"``, ``deal = []``) is a :class:`~hearts_core.content.schema.FieldError` naming the
field and the shape it needs, instead of a ``TypeError`` deep in the code; the translation files
give the fields declared as words (:mod:`.translations`).

>>> LESSON_FIELDS.check({"title": "A", "steps": []})
>>> LESSON_FIELDS.check({"title": 5})
Traceback (most recent call last):
...
hearts_core.content.schema.FieldError: title: must be text
>>> LESSON_FIELDS.required, STEP_FIELDS.words("text")[:4]
(('id', 'title', 'goal'), ('title', 'text', 'nudge', 'hint'))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .fields import RULES, TABLE, TABLES, TEXT, TEXTS, Field, Fields, Shape, check_shapes
from .lesson_steps import STEP_FIELDS
from .puzzle_kinds import PUZZLE_FIELDS
from .sources import SOURCE_LANGUAGES

#: A lesson file's top level (its steps are declared by their kinds).
LESSON_FIELDS: Final = Fields.of(
    {
        "id": Field(TEXT, required=True),
        "title": Field(TEXT, "text", required=True),
        "goal": Field(TEXT, "text", required=True),
        "sources": Field(TEXTS),
        "themes": Field(TEXTS),
        "ideas": Field(TABLE, "table"),
        "rules": Field(RULES),
        "deals": Field(TABLE),
        "steps": Field(TABLES),
    }
)
#: A ``[[sections]]`` table of ``catalogue.toml``.
SECTION_FIELDS: Final = Fields.of({"id": Field(TEXT), "title": Field(TEXT, "text"), "lessons": Field(TEXTS)})
#: A ``[themes.<id>]`` table of ``puzzles/themes.toml``.
THEME_FIELDS: Final = Fields.of({"title": Field(TEXT, "text"), "description": Field(TEXT, "text")})
#: A ``[[terms]]`` table of ``glossary.toml``: the term, its spellings in the lessons, its definition,
#: and what the sources call it in their languages (the glossary's loader checks each value itself).
TERM_FIELDS: Final = Fields.of(
    {
        "id": Field(required=True),
        "term": Field(words="text", required=True),
        "forms": Field(words="forms"),
        "definition": Field(words="text", required=True),
        **{language: Field() for language in SOURCE_LANGUAGES},
    }
)
#: The shapes the puzzle loader checks: any kind's fields, and a theme's.
PUZZLE_SHAPES: Final[Mapping[str, Shape]] = PUZZLE_FIELDS.shapes
THEME_SHAPES: Final[Mapping[str, Shape]] = THEME_FIELDS.shapes

__all__ = [
    "LESSON_FIELDS",
    "PUZZLE_FIELDS",
    "PUZZLE_SHAPES",
    "SECTION_FIELDS",
    "STEP_FIELDS",
    "TERM_FIELDS",
    "THEME_FIELDS",
    "THEME_SHAPES",
    "check_shapes",
]
