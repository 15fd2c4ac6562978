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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Language = Literal["uk", "ru", "en"]


@dataclass(frozen=True)
class Source:
    """A source: its id, the title in its own language, the language, and whether
    it is one of the four primary documents."""

    id: str
    original_title: str
    language: Language
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
#: Not a source: the rule book's own choice where the sources are silent.
ASSUMPTION: Final = "assumption"


def source(source_id: str) -> Source:
    """The source with this id (``KeyError`` for an unknown one)."""
    return SOURCES[source_id]


def is_citation(name: str) -> bool:
    """Whether ``name`` may stand in a list of sources: a source id, or the assumption marker."""
    return name in SOURCES or name == ASSUMPTION


__all__ = ["ASSUMPTION", "PRIMARY_SOURCES", "REFERENCES", "SOURCES", "Language", "Source", "is_citation", "source"]
