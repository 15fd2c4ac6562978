"""How the fields of a content table are declared: once, with everything the loaders need to know.

A :class:`Field` says what the value of one key must look like (its shape), whether a table must
have the key, and whether the value is words a translation gives (a text, a table of texts, a
question's choices, a term's spellings).  A :class:`Fields` is the declaration of one kind of table:
a lesson step's kind and a puzzle's kind declare theirs on their class (``FIELDS``), the other tables
in :mod:`.shapes`.  From it follow the keys the table may hold (others are refused), the shape check
run before anything reads the table, the keys it needs, and the texts of a translation file
(:mod:`.translations`).  A field at fault is a :class:`~.schema.FieldError` naming it; the loaders add
the file and the step or puzzle.

>>> fields = Fields.of({"title": Field(TEXT, "text", required=True), "at": Field(WHOLE)})
>>> fields.required, fields.words("text")
(('title',), ('title',))
>>> fields.check({"title": "A", "at": True})
Traceback (most recent call last):
...
hearts_core.content.schema.FieldError: at: must be a whole number

This small layer stands where pydantic or msgspec could: their models would need a validator per
field to keep the loaders' messages (which name the field and say what it needs in the project's own
words), and would add a dependency for what fits in this module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from .schema import FieldError

#: A shape: what the value must be, in words for the message, and the test of it.
Shape = tuple[str, Callable[[Any], bool]]
#: How a field's words are translated: a text; a table of texts, each under its own key (captions,
#: feedback); a question's choices (as many, in order: they become labels); a term's spellings (any
#: number).
Words = Literal["text", "table", "choices", "forms"]


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


@dataclass(frozen=True)
class Field:
    """One key of a content table: the ``shape`` its value must have (None: the code that reads it
    checks it), how its ``words`` are translated (None: it holds no words to translate), and whether
    the table must have it."""

    shape: Shape | None = None
    words: Words | None = None
    required: bool = False


@dataclass(frozen=True)
class Fields(Mapping[str, Field]):
    """The fields of one kind of table, by key, in the order the file format lists them."""

    entries: tuple[tuple[str, Field], ...]

    @classmethod
    def of(cls, fields: Mapping[str, Field]) -> Fields:
        """The fields of a mapping from keys to :class:`Field`, in its order."""
        return cls(tuple(fields.items()))

    def __getitem__(self, key: str) -> Field:
        for name, field in self.entries:
            if name == key:
                return field
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def extend(self, more: Mapping[str, Field], *, requiring: Iterable[str] = ()) -> Fields:
        """These fields and ``more`` (a kind's own, after the common ones), with the keys named in
        ``requiring`` made required (a common field this kind needs)."""
        needed = set(requiring)
        unknown = needed - set(self) - set(more)
        if unknown:
            raise KeyError(f"cannot require undeclared fields {sorted(unknown)}")
        fields = {**dict(self.entries), **more}
        return Fields.of(
            {
                name: dataclasses.replace(field, required=True) if name in needed else field
                for name, field in fields.items()
            }
        )

    def only(self, *keys: str) -> dict[str, Field]:
        """The fields named, for another kind that takes them too (a variant puzzle's inner question)."""
        return {key: self[key] for key in keys}

    @property
    def required(self) -> tuple[str, ...]:
        """The keys a table of this kind must have, in declaration order."""
        return tuple(name for name, field in self.entries if field.required)

    def words(self, *kinds: Words) -> tuple[str, ...]:
        """The keys whose words are translated as one of ``kinds``, in declaration order."""
        return tuple(name for name, field in self.entries if field.words in kinds)

    @property
    def shapes(self) -> dict[str, Shape]:
        """The shape of every field that has one."""
        return {name: field.shape for name, field in self.entries if field.shape is not None}

    def check(self, raw: Mapping[str, Any]) -> None:
        """Raise :class:`FieldError` for the first field of ``raw`` (in file order) of the wrong shape."""
        check_shapes(raw, self.shapes)


def union(tables: Iterable[Fields]) -> Fields:
    """Every field of several kinds of table (what a step of any kind may hold, checked before its kind
    is known); a key must be declared alike in each, and none is required.

    >>> union([Fields.of({"at": Field(WHOLE)}), Fields.of({"at": Field(TEXT)})])
    Traceback (most recent call last):
    ...
    ValueError: field 'at' is declared in two ways
    """
    found: dict[str, Field] = {}
    for table in tables:
        for name, field in table.items():
            plain = dataclasses.replace(field, required=False)
            if found.setdefault(name, plain) != plain:
                raise ValueError(f"field {name!r} is declared in two ways")
    return Fields.of(found)


def check_shapes(raw: Mapping[str, Any], shapes: Mapping[str, Shape]) -> None:
    """Raise :class:`FieldError` for the first field of ``raw`` (in file order) whose value has the
    wrong shape; fields ``shapes`` does not know are left to the caller's check of unknown keys."""
    for name, value in raw.items():
        shape = shapes.get(name)
        if shape is not None and not shape[1](value):
            raise FieldError(str(name), f"must be {shape[0]}")


__all__ = [
    "ANSWER",
    "FLAG",
    "RULES",
    "SHOW",
    "TABLE",
    "TABLES",
    "TEXT",
    "TEXTS",
    "TEXT_OR_TEXTS",
    "WHOLE",
    "WHOLES",
    "Field",
    "Fields",
    "Shape",
    "Words",
    "check_shapes",
    "union",
]
