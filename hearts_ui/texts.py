"""The interface's own words: headings, labels and the home page.

The engine's sentences (rules, options, presets, reasons) come from
:func:`hearts_core.messages.message`; the words that only the Streamlit
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

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Final

DEFAULT_LANGUAGE: Final = "en"
_LOCALES: Final = Path(__file__).with_name("locales")


@cache
def ui_catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """Every interface text of a language, flattened to dotted keys."""
    data = tomllib.loads((_LOCALES / f"{language}.toml").read_text(encoding="utf-8"))
    flat: dict[str, str] = {}

    def walk(node: dict[str, Any], prefix: str) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            else:
                flat[f"{prefix}{key}"] = str(value)

    walk(data, "")
    return flat


def ui(key: str, language: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The interface text for ``key`` with ``params`` filled in (the key itself if missing)."""
    template = ui_catalogue(language).get(key) or ui_catalogue(DEFAULT_LANGUAGE).get(key)
    if template is None:
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def has_ui(key: str, language: str = DEFAULT_LANGUAGE) -> bool:
    """Whether the interface catalogue has ``key``."""
    return key in ui_catalogue(language)
