"""The sources the rule book draws on, by the project's own source ids.

Four documents (Ukrainian and Russian) are the rule book's primary sources;
a few well-known references (pagat.com, OpenSpiel, ...) attest the variants
beyond them.  Code, content and the interface cite a source by its id here;
learners see its short title and kind, from the message catalogue
(``source.<id>.title``, ``source.<id>.kind``), never a number.

>>> source("uk_rules_site").language, source("ru_wiki").primary
('uk', True)
>>> [item.id for item in PRIMARY_SOURCES]
['uk_rules_site', 'ru_online_site', 'ru_encyclopedia', 'ru_wiki']
>>> SOURCE_LANGUAGES
('uk', 'ru')
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..words.languages import DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Source:
    """A source: its id, the title in its own language, the language (a code of the language
    registry, :data:`hearts_core.words.languages.LANGUAGES`), and whether it is one of the four
    primary documents."""

    id: str
    original_title: str
    language: str
    primary: bool = False


PRIMARY_SOURCES: Final = (
    Source("uk_rules_site", "Черви: правила гри", "uk", primary=True),
    Source("ru_online_site", "Играйте в Черви онлайн", "ru", primary=True),
    Source("ru_encyclopedia", "Червы: игра, где взятки — это плохо", "ru", primary=True),
    Source("ru_wiki", "Червы", "ru", primary=True),
)
REFERENCES: Final = (
    Source("pagat", "pagat.com: Hearts", "en"),
    Source("openspiel", "OpenSpiel: hearts", "en"),
    Source("trickster", "Trickster Cards: Hearts", "en"),
    Source("hardwood", "Hardwood Hearts", "en"),
    Source("board_game_arena", "Board Game Arena: Hearts", "en"),
    Source("gnome_hearts", "gnome-hearts", "en"),
    Source("wikipedia", "Wikipedia: Hearts (card game)", "en"),
    Source("microsoft", "Microsoft Hearts", "en"),
)
SOURCES: Final = {item.id: item for item in PRIMARY_SOURCES + REFERENCES}
#: The languages of the primary sources, whose words for a term the glossary gives.
SOURCE_LANGUAGES: Final = tuple(dict.fromkeys(item.language for item in PRIMARY_SOURCES))
#: Not a source: the rule book's own choice where the sources are silent.
ASSUMPTION: Final = "assumption"


@dataclass(frozen=True)
class Quote:
    """The exact words of a source on a rule (``original``, in the source's language) and their translation
    into the learner's language ("" when the learner reads the source's own language)."""

    source: str
    rule: str
    original: str
    translation: str


class QuoteError(ValueError):
    """A quotes file that does not load: names the quote and the field."""


def parse_quotes(text: str, rule_ids: set[str] | frozenset[str]) -> tuple[Quote, ...]:
    """The quotes of ``sources.toml``; each names a primary source and a rule of the rule book."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise QuoteError(f"sources.toml is not valid TOML: {error}") from None
    return quotes_from(data, rule_ids)


def quotes_from(
    data: Mapping[str, Any], rule_ids: set[str] | frozenset[str], language: str = DEFAULT_LANGUAGE
) -> tuple[Quote, ...]:
    """The quotes of ``sources.toml``'s data, their translations in ``language`` (read with the
    translation laid over); a quote in the learner's own language has no translation ("")."""
    quotes = []
    for number, raw in enumerate(data.get("quotes", []), start=1):
        if not isinstance(raw, dict) or set(raw) != {"source", "rule", "original", "translation"}:
            raise QuoteError(f"sources.toml, quote {number}: give exactly source, rule, original and translation")
        if raw["source"] not in {item.id for item in PRIMARY_SOURCES}:
            raise QuoteError(f"sources.toml, quote {number}: {raw['source']!r} is not one of the four sources")
        if raw["rule"] not in rule_ids:
            raise QuoteError(f"sources.toml, quote {number}: no rule {raw['rule']!r} in the rule book")
        if not all(isinstance(raw[name], str) and raw[name].strip() for name in ("original", "translation")):
            raise QuoteError(f"sources.toml, quote {number}: the original and its translation are text")
        own_language = SOURCES[raw["source"]].language == language
        quotes.append(
            Quote(
                raw["source"], raw["rule"], raw["original"].strip(), "" if own_language else raw["translation"].strip()
            )
        )
    return tuple(quotes)


def source(source_id: str) -> Source:
    """The source with this id (``KeyError`` for an unknown one)."""
    return SOURCES[source_id]


def is_citation(name: str) -> bool:
    """Whether ``name`` may stand in a list of sources: a source id, or the assumption marker."""
    return name in SOURCES or name == ASSUMPTION


__all__ = [
    "ASSUMPTION",
    "PRIMARY_SOURCES",
    "REFERENCES",
    "SOURCES",
    "SOURCE_LANGUAGES",
    "Quote",
    "QuoteError",
    "Source",
    "is_citation",
    "parse_quotes",
    "quotes_from",
    "source",
]
