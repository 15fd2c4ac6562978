"""Lessons, puzzles, the glossary and the sources' quotes in Ukrainian and Russian: every content file
has its translation, every text of it translated, with the same cards in notation and the same
placeholders (the loader refuses anything else), the whole course loading in each language with no
problem, and the words written one way (the engine's compound seat names, the Ukrainian apostrophe)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from hearts_core.content.glossary import load_glossary
from hearts_core.content.lessons import LESSONS_DIR, QuestionStep, load_curriculum
from hearts_core.content.puzzles import PUZZLES_DIR, translate_library
from hearts_core.content.rulebook import RULES
from hearts_core.content.sources import SOURCES, quotes_from
from hearts_core.content.translations import (
    TranslationError,
    content_files,
    localize,
    read_localized,
    translation_path,
)
from hearts_core.words.catalogue import message
from hearts_core.words.languages import LANGUAGES
from tests.helpers import puzzle_library
from tests.language_checks import content_problems

ROOT = Path(__file__).resolve().parents[2]
FILES = content_files()
LIBRARY = puzzle_library()


@pytest.mark.parametrize("language", LANGUAGES.translated)
@pytest.mark.parametrize("path", FILES, ids=lambda path: str(path.relative_to(LESSONS_DIR)))
def test_every_content_file_is_translated_and_matches_its_english(path: Path, language: str) -> None:
    assert content_problems(language, [path]) == []


@pytest.mark.parametrize("language", LANGUAGES.translated)
def test_the_course_loads_in_the_language_with_no_problem(language: str) -> None:
    english, translated = load_curriculum(LESSONS_DIR), load_curriculum(LESSONS_DIR, language)
    assert translated.problems == ()
    assert [lesson.id for lesson in translated.ordered()] == [lesson.id for lesson in english.ordered()]
    for lesson in translated.ordered():
        original = english.lessons[lesson.id]
        assert lesson.title != original.title, lesson.id
        assert [step.kind for step in lesson.steps] == [step.kind for step in original.steps]
    library = translate_library(LIBRARY, PUZZLES_DIR, language)
    assert library.problems == ()
    assert {puzzle.id: puzzle.solution for puzzle in library.puzzles.values()} == {
        puzzle.id: puzzle.solution for puzzle in LIBRARY.puzzles.values()
    }  # only the words change
    glossary = load_glossary(language=language)
    assert [term.id for term in glossary.terms] == [term.id for term in load_glossary().terms]
    quotes = quotes_from(read_localized(LESSONS_DIR / "sources.toml", language), {rule.id for rule in RULES}, language)
    assert quotes and all(
        bool(quote.translation) == (SOURCES[quote.source].language != language) for quote in quotes
    )  # no translation of a quote into its own language


@pytest.mark.parametrize("language", LANGUAGES.translated)
def test_a_question_keeps_its_english_choices_and_shows_the_translated_ones(language: str) -> None:
    lesson = load_curriculum(LESSONS_DIR, language).lessons["table"]
    question = next(step for step in lesson.steps if isinstance(step, QuestionStep) and step.ask == "trick_winner")
    assert "West" in question.choices  # the engine matches its answer against these
    west = message("seat.west", language)
    assert question.label("West") == west
    assert question.judge(lesson, question.right_answer(lesson)).correct


def test_a_translation_with_a_missing_card_or_a_stray_text_is_refused() -> None:
    english = tomllib.loads((LESSONS_DIR / "01_table.toml").read_text(encoding="utf-8"))
    own = tomllib.loads(translation_path(LESSONS_DIR / "01_table.toml", "uk").read_text(encoding="utf-8"))
    localize(english, own, "lesson", "uk", "01_table.toml")
    follow = next(step for step in own["steps"].values() if "3D" in step.get("prompt", ""))
    with pytest.raises(TranslationError, match="cards in notation differ"):
        localize(
            english,
            _with(own, follow, "prompt", follow["prompt"].replace("3D", "три бубни")),
            "lesson",
            "uk",
            "01_table.toml",
        )
    with pytest.raises(TranslationError, match="does not have: stray"):
        localize(english, {**own, "stray": "?"}, "lesson", "uk", "01_table.toml")


def _with(own: dict[str, Any], step: dict[str, Any], key: str, value: str) -> dict[str, Any]:
    steps = {number: ({**item, key: value} if item is step else item) for number, item in own["steps"].items()}
    return {**own, "steps": steps}


#: Texts in each language: the catalogues and every content translation.
def _texts(language: str) -> dict[str, str]:
    files = [
        ROOT / "hearts_ui" / "locales" / f"{language}.toml",
        ROOT / "hearts_core" / "words" / "locales" / f"{language}.toml",
        *sorted((LESSONS_DIR / "locales" / language).rglob("*.toml")),
    ]
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in files}


@pytest.mark.parametrize(
    ("language", "wrong"),
    [
        ("uk", r"\b(Північн|Південн)\w* (схід|сход|захід|заход)"),
        ("ru", r"\b(Северо|Юго)-(восток|запад)"),
    ],
)
def test_compound_seats_are_written_as_the_table_writes_them(language: str, wrong: str) -> None:
    found = {name: re.findall(wrong, text) for name, text in _texts(language).items() if re.search(wrong, text)}
    assert found == {}


def test_ukrainian_apostrophe_is_the_typographic_one() -> None:
    found = {
        name: re.findall(r"\w'\w", text)
        for name, text in _texts("uk").items()
        if re.search(r"[а-яіїєґ]'[а-яіїєґ]", text, re.IGNORECASE)
    }
    assert found == {}
