"""The interface's own words: headings, labels and the home page.

The engine's sentences (rules, options, presets, reasons) come from
:func:`hearts_core.words.catalogue.message`; the words that only the Streamlit
interface says live in ``hearts_ui/locales/<language>.toml`` and are read
here, so pages hold no prose.  Pure Python: no Streamlit import.

>>> ui("rulebook.title")
'The Rule Book'
>>> ui("value.pass_count", count=3)
'3 cards'
>>> ui("no.such.key")
'no.such.key'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Final

from hearts_core.words.catalogue import fill, flatten_toml

DEFAULT_LANGUAGE: Final = "en"
_LOCALES: Final = Path(__file__).with_name("locales")


@cache
def ui_catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """Every interface text of a language, flattened to dotted keys."""
    return flatten_toml((_LOCALES / f"{language}.toml").read_text(encoding="utf-8"))


def ui(key: str, language: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The interface text for ``key`` with ``params`` filled in (the key itself if missing)."""
    return fill(ui_catalogue(language).get(key) or ui_catalogue(DEFAULT_LANGUAGE).get(key), key, params)


def has_ui(key: str, language: str = DEFAULT_LANGUAGE) -> bool:
    """Whether the interface catalogue has ``key``."""
    return key in ui_catalogue(language)
