"""The languages the app speaks, declared once: everything that lists languages reads this registry.

A :class:`Language` holds what the code needs of a language: its code (the ``?lang=`` value and the
name of its catalogue and translation files), its name in its own words (the language picker shows
it), its CLDR locale (Babel's plural rules and numbers), the letters of its alphabet in dictionary
order (sorting, and the test sweep that looks for English left on a page), the letters its players
write for the jack, queen, king and ace, and whether it is the original the content is written in
(English) or a translation of it.

>>> list(LANGUAGES)
['en', 'uk', 'ru']
>>> LANGUAGES.translated, LANGUAGES.original.code
(('uk', 'ru'), 'en')
>>> LANGUAGES["uk"].name, LANGUAGES["uk"].card_letters
('Українська', 'ВДКТ')

Adding a language is adding one entry here; the tests then ask for its catalogues
(``hearts_core/words/locales/<code>.toml``, ``hearts_ui/locales/<code>.toml``) and its content
translations (``lessons/locales/<code>/``), and fail until they exist (``tests/test_languages.py``
shows it with a pretend language).  The registry is a constant: a test that needs another one makes
it with :meth:`Languages.adding`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final


class LanguageError(ValueError):
    """A registry that cannot be right: a code twice, no original or two, letters missing."""


@dataclass(frozen=True)
class Language:
    """One language the app speaks.

    ``card_letters`` are the rank letters of the jack, queen, king and ace as its players write them
    (the ten is written 10 everywhere); card input accepts every registered language's letters.
    """

    code: str
    name: str
    locale: str
    alphabet: str
    card_letters: str
    #: The language the content is written in (English); every other language is a translation of it.
    original: bool = False

    def __post_init__(self) -> None:
        if len(self.card_letters) != 4 or len(set(self.card_letters)) != 4:
            raise LanguageError(f"{self.code}: give four different letters for J, Q, K and A")
        if not self.alphabet or self.alphabet != self.alphabet.lower():
            raise LanguageError(f"{self.code}: give the alphabet's lower-case letters in dictionary order")


@dataclass(frozen=True)
class Languages(Mapping[str, Language]):
    """The registry: each language by its code, in the order the picker lists them, the original first.

    >>> LANGUAGES.adding(Language("xx", "X", "en", "abc", "JQKA", original=True))
    Traceback (most recent call last):
    ...
    hearts_core.words.languages.LanguageError: exactly one language is the original, not 2
    """

    languages: tuple[Language, ...]

    def __post_init__(self) -> None:
        codes = [language.code for language in self.languages]
        twice = sorted({code for code in codes if codes.count(code) > 1})
        if twice:
            raise LanguageError(f"registered twice: {', '.join(twice)}")
        originals = [language for language in self.languages if language.original]
        if len(originals) != 1:
            raise LanguageError(f"exactly one language is the original, not {len(originals)}")

    def __getitem__(self, code: str) -> Language:
        for language in self.languages:
            if language.code == code:
                return language
        raise KeyError(code)

    def __iter__(self) -> Iterator[str]:
        return (language.code for language in self.languages)

    def __len__(self) -> int:
        return len(self.languages)

    @property
    def original(self) -> Language:
        """The language the content is written in, and the one shown where a text is missing."""
        return next(language for language in self.languages if language.original)

    @property
    def translated(self) -> tuple[str, ...]:
        """The codes of the languages the content is translated into."""
        return tuple(language.code for language in self.languages if not language.original)

    def adding(self, language: Language) -> Languages:
        """This registry with one more language (a new registry: this one does not change)."""
        return Languages((*self.languages, language))


#: Every language the app speaks.
LANGUAGES: Final = Languages(
    (
        Language("en", "English", "en", "abcdefghijklmnopqrstuvwxyz", "JQKA", original=True),
        Language("uk", "Українська", "uk", "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя", "ВДКТ"),
        Language("ru", "Русский", "ru", "абвгдеёжзийклмнопрстуфхцчшщъыьэюя", "ВДКТ"),
    )
)
#: The language shown when none is chosen, and where a text is missing: the original.
DEFAULT_LANGUAGE: Final = LANGUAGES.original.code


def locale_of(code: str) -> str:
    """The CLDR locale Babel uses for a language code (the code itself when the registry lacks it).

    >>> locale_of("uk")
    'uk'
    """
    language = LANGUAGES.get(code)
    return language.locale if language is not None else code


__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "Language", "LanguageError", "Languages", "locale_of"]
