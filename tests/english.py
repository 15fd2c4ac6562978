"""Finding English left in a page rendered in Ukrainian or Russian (the sweep of issue 14).

Every text an AppTest run shows (titles, Markdown, alerts, captions, widget labels and options,
tabs, expanders, metrics) is gathered; HTML tags, code spans, links and the names that stay as they
are (presets, sites, card notation) are removed; what is left must hold no Latin word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any, Final

from streamlit.testing.v1 import AppTest

#: Names that stay as they are in every language (presets, programs, sites, people).
_NAME_WORDS: Final = """
english omnibus black maria pink lady rickety kate spot hearts pagat openspiel microsoft windows hardwood trickster
cards gnome wikipedia board game arena jack eleven pure chips sun moon bga github sqlite postgresql
john mcleod com org net http https www streamlit csv json html toml png svg deepmind gnome-hearts linux
markdown lady phn
"""
NAMES: Final = frozenset(_NAME_WORDS.split())
#: Names of several words, taken out before the words are looked at.
PHRASES: Final = (
    "Windows for Workgroups",
    "Black Lady",
    "Board Game Arena",
    "Trickster Cards",
    "shooting the sun",
    "shooting the moon",
    "The Microsoft Hearts Network",
    "Hearts Online",
    "Windows Vista",
)
_CODE: Final = re.compile(r"`[^`]*`")
_LINKS: Final = re.compile(r"\]\([^)]*\)|https?://\S+|:material/[a-z_]+:|:[a-z-]+\[|\?[a-z_]+=\S*")
_WORD: Final = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


#: Elements whose ``value`` is what they show (a widget's value is its state, not a text).
_SHOWN_VALUES: Final = frozenset(
    {"markdown", "title", "header", "subheader", "caption", "alert", "exception", "text", "latex", "toast", "metric"}
)


def _texts(node: Any) -> Iterator[str]:
    shows_value = getattr(node, "type", "") in _SHOWN_VALUES
    names = ("label", "body", "help", "placeholder") + (("value",) if shows_value else ())
    for name in names:
        value = getattr(node, name, None)
        if isinstance(value, str):
            yield value
    for name in ("options",):
        values = getattr(node, name, None)
        if isinstance(values, (list, tuple)):
            yield from (str(item) for item in values)
    for child in getattr(node, "children", {}).values() if isinstance(getattr(node, "children", None), dict) else ():
        yield from _texts(child)


def shown_texts(at: AppTest) -> list[str]:
    """Every text the run shows, main area and sidebar."""
    return [*_texts(at.main), *_texts(at.sidebar)]


class _Words(HTMLParser):
    """The text of an HTML fragment (no tags, no attributes, no styles, no code)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = self._style or tag in ("style", "script", "code")

    def handle_endtag(self, tag: str) -> None:
        self._style = self._style and tag not in ("style", "script", "code")

    def handle_data(self, data: str) -> None:
        if not self._style:
            self.parts.append(data)


def plain_words(text: str) -> str:
    """A shown text without HTML, code spans, links, icons and multi-word names."""
    parser = _Words()
    parser.feed(text)
    plain = _LINKS.sub(" ", _CODE.sub(" ", " ".join(parser.parts)))
    for phrase in PHRASES:
        plain = plain.replace(phrase, " ")
    return plain


def english_words(text: str) -> list[str]:
    """The Latin words of a shown text that are not names."""
    return [word for word in _WORD.findall(plain_words(text)) if word.lower().strip("-'") not in NAMES]


def english_left(at: AppTest) -> list[str]:
    """Latin words left in what the run shows, once names, notation, code and links are taken out."""
    return [word for text in shown_texts(at) for word in english_words(text)]
