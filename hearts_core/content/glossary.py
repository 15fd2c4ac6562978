"""The glossary: the words of the game, defined once, and where the lessons first use each one.

``lessons/glossary.toml`` lists the terms (a definition, the spellings a lesson
may use, the sources' words in their languages: the fields of
:data:`hearts_core.content.shapes.TERM_FIELDS`).  A term is defined in
the step of the curriculum that first uses it (lessons in order, a step's
title, prose, prompt and captions), so a learner meets each word with its
meaning the first time, and the Glossary page has them all.

>>> glossary = load_glossary(LESSONS_DIR / "glossary.toml")
>>> glossary.term("duck").definition.startswith("To play a card lower")
True
>>> [term.id for term in glossary.terms_in("Duck under the ace, or you must follow suit.")]
['suit', 'follow_suit', 'duck']
>>> glossary.term("trick").sources_words
{'uk': 'взятка', 'ru': 'взятка'}
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..words.catalogue import DEFAULT_LANGUAGE
from .lesson_steps import Step, WalkthroughStep
from .lessons import LESSONS_DIR, Lesson
from .schema import ContentError
from .shapes import TERM_FIELDS
from .sources import SOURCE_LANGUAGES
from .translations import TranslationError, read_localized


class GlossaryError(ContentError):
    """A glossary file that does not load: names the term and the field."""


@dataclass(frozen=True)
class Term:
    """One word of the game: how it is written, what it means, what the sources call it (by the language
    of the sources; a language whose sources have no word for it is left out)."""

    id: str
    term: str
    forms: tuple[str, ...]
    definition: str
    sources_words: Mapping[str, str] = field(default_factory=dict)

    @property
    def pattern(self) -> re.Pattern[str]:
        """Any of the term's forms as a whole word, in any case."""
        forms = sorted(self.forms, key=len, reverse=True)
        # Words of a form may be split by any white space (a line break in a lesson's prose).
        alternatives = "|".join(r"\s+".join(re.escape(word) for word in form.split()) for form in forms)
        return re.compile(r"(?<![\w-])(?:" + alternatives + r")(?![\w-])", re.IGNORECASE)


@dataclass(frozen=True)
class Glossary:
    """Every term, in the file's order."""

    terms: tuple[Term, ...]

    def term(self, term_id: str) -> Term:
        """The term with this id (``KeyError`` for an unknown one)."""
        for term in self.terms:
            if term.id == term_id:
                return term
        raise KeyError(f"no term {term_id!r} in the glossary")

    def terms_in(self, text: str) -> tuple[Term, ...]:
        """The terms ``text`` uses, in the order the glossary lists them."""
        return tuple(term for term in self.terms if term.pattern.search(text))


def _text_of(step: Step) -> str:
    """Everything a step says in words: title, prose, prompt and captions."""
    parts = [step.title, step.text, str(getattr(step, "prompt", ""))]
    if isinstance(step, WalkthroughStep):
        parts += list(step.captions.values())
    return "\n".join(part for part in parts if part)


def first_uses(lessons: Sequence[Lesson], glossary: Glossary) -> dict[tuple[str, int], tuple[Term, ...]]:
    """Where each term is first used in the curriculum: (lesson id, step index) -> the new terms."""
    defined: set[str] = set()
    found: dict[tuple[str, int], tuple[Term, ...]] = {}
    for lesson in lessons:
        for index, step in enumerate(lesson.steps):
            new = tuple(term for term in glossary.terms_in(_text_of(step)) if term.id not in defined)
            if new:
                found[(lesson.id, index)] = new
                defined.update(term.id for term in new)
    return found


def _term(raw: Any, number: int) -> Term:
    where = f"term {number}"
    if not isinstance(raw, Mapping):
        raise GlossaryError("glossary.toml", "each [[terms]] entry is a table", (where,))
    unknown = sorted(set(raw) - set(TERM_FIELDS))
    if unknown:
        raise GlossaryError("glossary.toml", f"unknown keys {unknown}", (where,), unknown[0])
    for name in TERM_FIELDS.required:
        if not isinstance(raw.get(name), str) or not raw[name].strip():
            raise GlossaryError("glossary.toml", "missing or empty", (where,), name)
    forms = raw.get("forms", [])
    if not isinstance(forms, list) or not forms or not all(isinstance(form, str) and form for form in forms):
        raise GlossaryError("glossary.toml", "list the spellings a lesson may use", (where,), "forms")
    sources_words = {language: str(raw[language]) for language in SOURCE_LANGUAGES if raw.get(language)}
    return Term(raw["id"], raw["term"], tuple(forms), raw["definition"].strip(), sources_words)


def parse_glossary(text: str) -> Glossary:
    """The glossary from its TOML text (``GlossaryError`` naming the term and field at fault)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GlossaryError("glossary.toml", f"not valid TOML: {error}") from None
    return glossary_from(data)


def glossary_from(data: Mapping[str, Any]) -> Glossary:
    """The glossary from its data (read, and in another language with the translation laid over)."""
    raw_terms = data.get("terms")
    if not isinstance(raw_terms, list) or not raw_terms:
        raise GlossaryError("glossary.toml", "list the terms as [[terms]] tables", (), "terms")
    terms = tuple(_term(raw, number) for number, raw in enumerate(raw_terms, start=1))
    _unique(term.id for term in terms)
    return Glossary(terms)


def _unique(ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for term_id in ids:
        if term_id in seen:
            raise GlossaryError("glossary.toml", f"the id {term_id!r} is used twice", (), "id")
        seen.add(term_id)


def load_glossary(path: Path = LESSONS_DIR / "glossary.toml", language: str = DEFAULT_LANGUAGE) -> Glossary:
    """Load and check the glossary file, its terms in ``language`` (a ``GlossaryError`` also for a missing
    or mismatched translation)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise GlossaryError(path.name, f"cannot be read: {error}") from None
    if language == DEFAULT_LANGUAGE:
        return parse_glossary(text)
    try:
        return glossary_from(read_localized(path, language, path.parent))
    except tomllib.TOMLDecodeError as error:
        raise GlossaryError(path.name, f"not valid TOML: {error}") from None
    except TranslationError as error:
        raise GlossaryError(error.file, error.detail) from None


__all__ = ["Glossary", "GlossaryError", "Term", "first_uses", "glossary_from", "load_glossary", "parse_glossary"]
