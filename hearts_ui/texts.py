"""The interface's own words: headings, labels and the home page.

The engine's sentences (rules, options, presets, reasons) come from
:func:`hearts_core.words.catalogue.message`; the words that only the Streamlit
interface says live in ``hearts_ui/locales/<language>.toml`` and are read
here, so pages hold no prose.  The language is the session's (:mod:`hearts_ui.language`) unless one is given.

>>> ui("rulebook.title")
'The Rule Book'
>>> ui("stepper.counter", number=3, count=52)
'Card 3 of 52 (0: before the first card)'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from hearts_core.words.catalogue import DEFAULT_LANGUAGE, Catalogue, Text, set_language
from hearts_core.words.echo import echo
from hearts_core.words.languages import LANGUAGES

from .language import session_language

#: The words only the interface says.
INTERFACE: Final = Catalogue(Path(__file__).with_name("locales"), "interface")


def ui_catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, Text]:
    """Every interface text of a language, flattened to dotted keys."""
    return INTERFACE.texts(language)


def ui(key: str, language: str | None = None, /, **params: Any) -> str:
    """The interface text for ``key`` in ``language`` (the session's by default) with ``params`` filled in;
    the engine's sentences made after it follow the same language."""
    if language is None:
        language = session_language()
        set_language(language)
    return INTERFACE.text(key, language, **params)


def has_ui(key: str, language: str | None = None) -> bool:
    """Whether the interface catalogue has ``key``."""
    return INTERFACE.has(key, language)


def unknown_language(name: str) -> str:
    """What a page says when ``?lang=`` names a language the app does not speak: in every language it
    does, since the reader's is unknown.

    >>> unknown_language("xx").split(" · ")[0]
    'Unknown language “xx”: showing English.'
    """
    return " · ".join(ui("language.unknown", code, name=echo(name)) for code in LANGUAGES)
