"""The checks every language of the registry must pass, as functions of the language's code.

The tests run them over ``LANGUAGES.translated`` (so a language added to the registry is checked
as soon as it is there), and ``tests/test_languages.py`` runs them for a pretend language to show
that each one demands that language's files and texts.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel import Locale

from hearts_core.content.translations import (
    TranslationError,
    content_files,
    read_localized,
    translation_path,
    untranslated,
)
from hearts_core.words.catalogue import Catalogue, Plural, Text
from hearts_core.words.languages import DEFAULT_LANGUAGE, LANGUAGES, Languages

LESSONS_DIR = Path(__file__).resolve().parents[1] / "lessons"


def placeholders(text: Text) -> set[str]:
    """The names a text fills in (every form's, for a plural text)."""
    texts = text.forms.values() if isinstance(text, Plural) else [text]
    return {
        match.group(1)
        for value in texts
        for match in re.finditer(r"\{([A-Za-z_][A-Za-z_0-9]*)(?:![rs])?(?::[^}]*)?\}", value)
    }


def plural_forms(language: str, languages: Languages = LANGUAGES) -> set[str]:
    """The CLDR plural categories of a language of ``languages`` (Babel's rules for its locale)."""
    return set(Locale.parse(languages[language].locale).plural_form.tags) | {"other"}


def catalogue_problems(catalogue: Catalogue, language: str, languages: Languages = LANGUAGES) -> list[str]:
    """What the language's file of ``catalogue`` lacks or gets wrong against the English one: keys
    missing or extra, other placeholders, plural texts without exactly the language's forms (the
    language is one of ``languages``, the registry by default)."""
    english, translated = catalogue.texts(DEFAULT_LANGUAGE), catalogue.texts(language)
    where = f"{catalogue.name} {language}"
    problems = [f"{where}: no text {key!r}" for key in sorted(set(english) - set(translated))]
    problems += [f"{where}: {key!r} is not in English" for key in sorted(set(translated) - set(english))]
    forms = plural_forms(language, languages)
    for key, text in sorted(translated.items()):
        if key in english and placeholders(text) != placeholders(english[key]):
            problems.append(f"{where}: {key!r} fills in other names than the English")
        if isinstance(text, Plural) and set(text.forms) != forms:
            problems.append(f"{where}: {key!r} needs the forms {sorted(forms)}")
    return problems


def content_problems(language: str, files: list[Path] | None = None) -> list[str]:
    """What the language's content translations lack or get wrong: a file missing, a translation
    that does not match its English file, a text left in English."""
    problems = []
    for path in files if files is not None else content_files():
        name = str(path.relative_to(LESSONS_DIR))
        if not translation_path(path, language).exists():
            problems.append(f"locales/{language}/{name}: missing")
            continue
        try:
            read_localized(path, language)  # raises on a missing or stray text, other cards, other placeholders
        except TranslationError as error:
            problems.append(str(error))
            continue
        problems += [f"locales/{language}/{name}: still in English: {text}" for text in untranslated(path, language)]
    return problems


__all__ = ["catalogue_problems", "content_problems", "placeholders", "plural_forms"]
