"""Message catalogues: every sentence, by key and language, kept out of the logic.

A catalogue is a folder of TOML files, one per language (``en.toml``), whose
tables flatten to dotted keys (``[reason] hand_over = "..."`` is
``reason.hand_over``).  Logic returns codes and parameters; :func:`message`
(the engine's words) and :class:`Catalogue` (any other set of texts, such as
the interface's) turn them into sentences.  This module is the bottom layer of
``hearts_core``: it imports nothing else from it.

>>> message("pass.count", seat="West", count=2, needed=3)
'West chose 2 cards to pass; pass exactly 3.'
>>> has_message("rule.V3.title")
True

A text whose words agree with a number is a table of CLDR plural forms (Ukrainian and Russian
need ``one``, ``few``, ``many`` and ``other``; English ``one`` and ``other``), chosen by the
parameter ``count`` or the one named by ``by``, through Babel's plural rules:

>>> plural = Plural({"one": "{count} очко", "few": "{count} очки", "many": "{count} очок",
...                  "other": "{count} очка"})
>>> [plural.choose("uk", {"count": n}).format(count=n) for n in (1, 2, 5, 11, 21, 22, 25, 111)]
['1 очко', '2 очки', '5 очок', '11 очок', '21 очко', '22 очки', '25 очок', '111 очок']

A key the catalogue lacks is a bug.  Under ``HEARTS_STRICT_MESSAGES=1`` (the
test suite sets it) it raises :class:`MissingMessageError`; otherwise it is
logged and the key itself is shown, so a learner never meets a traceback for
a gap in the words.
"""

from __future__ import annotations

import logging
import os
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent, get_decimal_symbol

from .languages import DEFAULT_LANGUAGE, LANGUAGES, locale_of

#: The language of the words being made now: set by the interface for each page run (a context
#: variable, so each session's thread has its own); functions given no language use it.
_LANGUAGE: ContextVar[str] = ContextVar("hearts_language", default=DEFAULT_LANGUAGE)
STRICT_VARIABLE: Final = "HEARTS_STRICT_MESSAGES"

_log = logging.getLogger(__name__)


class MissingMessageError(KeyError):
    """A key (or a template parameter) that the catalogue does not have."""


def strict() -> bool:
    """Whether a missing key or parameter raises (``HEARTS_STRICT_MESSAGES=1``)."""
    return os.environ.get(STRICT_VARIABLE, "") not in ("", "0")


#: The CLDR plural categories a plural text may name.
PLURAL_FORMS: Final = ("zero", "one", "two", "few", "many", "other")


def current_language() -> str:
    """The language texts are made in when no language is given."""
    return _LANGUAGE.get()


def set_language(language: str) -> None:
    """Make ``language`` the current one in this context (an unknown language counts as English)."""
    _LANGUAGE.set(language if language in LANGUAGES else DEFAULT_LANGUAGE)


@contextmanager
def language_scope(language: str) -> Iterator[None]:
    """Make texts in ``language`` inside the block.

    >>> with language_scope("uk"):
    ...     current_language()
    'uk'
    >>> current_language()
    'en'
    """
    token = _LANGUAGE.set(language if language in LANGUAGES else DEFAULT_LANGUAGE)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


@dataclass(frozen=True)
class Plural:
    """A text in several plural forms (CLDR categories), chosen by the number in parameter ``by``."""

    forms: Mapping[str, str]
    by: str = "count"

    def choose(self, language: str, params: Mapping[str, Any]) -> str:
        """The form for the number in ``params[by]`` under ``language``'s plural rule."""
        number = _number(params.get(self.by))
        if number is not None:
            category = Locale.parse(locale_of(language)).plural_form(abs(number))
            if category in self.forms:
                return self.forms[category]
        return self.forms["other"]

    def __str__(self) -> str:
        return self.forms["other"]

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.forms.items())), self.by))


def _number(value: Any) -> int | float | None:
    """A number, also when written as text with a sign ("−6", "+3")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip().replace("−", "-").replace("+", ""))
        except ValueError:
            return None
    return None


#: A catalogue's text: a template, or a template in plural forms.
Text = str | Plural


def _is_plural(value: Mapping[str, Any]) -> bool:
    return "other" in value and set(value) <= {*PLURAL_FORMS, "by"}


def flatten_toml(text: str) -> dict[str, Text]:
    """A TOML catalogue as ``{dotted.key: text}``."""
    flat: dict[str, Text] = {}
    _flatten(tomllib.loads(text), "", flat)
    return flat


def _flatten(node: dict[str, Any], prefix: str, out: dict[str, Text]) -> None:
    for key, value in node.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and _is_plural(value):
            out[path] = Plural(
                {form: str(text) for form, text in value.items() if form != "by"}, str(value.get("by", "count"))
            )
        elif isinstance(value, dict):
            _flatten(value, path + ".", out)
        else:
            out[path] = str(value)


def fill(template: str, key: str, params: dict[str, Any]) -> str:
    """``template`` with ``params`` filled in.  A missing parameter raises in strict
    mode, else the bare template is shown so the gap is visible."""
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError) as error:
        if strict():
            raise MissingMessageError(f"{key}: the template needs {error}") from None
        _log.warning("message %s: cannot fill %r: %s", key, template, error)
        return template


@dataclass(frozen=True)
class Catalogue:
    """The texts in one folder of ``<language>.toml`` files, loaded once per language.

    ``name`` says which catalogue a missing key belongs to in error messages.
    """

    folder: Path
    name: str
    _loaded: dict[str, dict[str, Text]] = field(default_factory=dict, compare=False, repr=False)

    def texts(self, language: str | None = None) -> dict[str, Text]:
        """Every text of ``language`` (the current one by default), by dotted key (a missing
        language file gives none)."""
        language = language or current_language()
        texts = self._loaded.get(language)
        if texts is None:
            path = self.folder / f"{language}.toml"
            texts = flatten_toml(path.read_text(encoding="utf-8")) if path.exists() else {}
            self._loaded[language] = texts
        return texts

    def has(self, key: str, language: str | None = None) -> bool:
        """Whether ``language`` has ``key``."""
        return key in self.texts(language)

    def text(self, key: str, language: str | None = None, /, **params: Any) -> str:
        """The text for ``key`` in ``language`` (the current one by default; English when that
        language lacks it), with ``params`` filled in."""
        language = language or current_language()
        template = self.texts(language).get(key)
        if template is None:
            language = DEFAULT_LANGUAGE
            template = self.texts(language).get(key)
        if template is None:
            if strict():
                raise MissingMessageError(f"no text {key!r} in the {self.name} catalogue")
            _log.warning("no text %r in the %s catalogue", key, self.name)
            return key
        if isinstance(template, Plural):
            template = template.choose(language, params)
        return fill(template, key, params)


#: The engine's words: rules, options, reasons, hints, content messages.
ENGINE: Final = Catalogue(Path(__file__).with_name("locales"), "engine")


def catalogue(language: str | None = None) -> dict[str, Text]:
    """All engine messages of a language, flattened to dotted keys (``reason.hand_over``)."""
    return ENGINE.texts(language)


def has_message(key: str, language: str | None = None) -> bool:
    """Whether the engine catalogue has ``key``."""
    return ENGINE.has(key, language)


def decimal(
    value: float, digits: int = 1, language: str | None = None, *, signed: bool = False, trim: bool = False
) -> str:
    """``value`` with ``digits`` decimals, as the language writes it (``signed``: always with its sign;
    ``trim``: without trailing zeros).

    >>> decimal(2.66, 1, "en"), decimal(2.66, 1, "uk"), decimal(0.5, 3, "ru", signed=True, trim=True)
    ('2.7', '2,7', '+0,5')
    """
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("+0", "-0", ""):
        text = "0"
    return text.replace(".", get_decimal_symbol(locale_of(language or current_language())))


def whole(value: int, language: str | None = None) -> str:
    """A count as the language writes it, thousands grouped.

    >>> whole(1000, "en"), whole(1000, "uk") == "1\xa0000", whole(400, "ru")
    ('1,000', True, '400')
    """
    return format_decimal(value, locale=locale_of(language or current_language()))


def percent(value: float, language: str | None = None, *, exact: bool = False) -> str:
    """A share as a whole percentage, as the language writes it (``exact``: with every decimal the
    value has, so round it first).

    >>> percent(0.456, "en"), percent(0.456, "uk"), percent(0.456, "ru")
    ('46%', '46%', '46\xa0%')
    >>> percent(0.012, "en", exact=True), percent(0.012, "uk", exact=True)
    ('1.2%', '1,2%')
    """
    return format_percent(value, locale=locale_of(language or current_language()), decimal_quantization=not exact)


def listing(items: list[str], language: str | None = None) -> str:
    """Items joined as the language writes a list.

    >>> listing(["a", "b"], "en"), listing(["a", "b"], "uk"), listing(["a", "b", "c"], "ru")
    ('a and b', 'a і b', 'a, b и c')
    """
    return format_list(items, locale=locale_of(language or current_language()))


def alphabetical(text: str, language: str | None = None) -> tuple[int, ...]:
    """A key that sorts words as the language's dictionaries do, by the letters of its alphabet in the
    registry (Python's own order puts і, ї, є and ґ after я), other characters after its letters.

    >>> sorted(["ігри", "їжак", "гра", "ґава", "я"], key=lambda word: alphabetical(word, "uk"))
    ['гра', 'ґава', 'ігри', 'їжак', 'я']
    """
    known = LANGUAGES.get(language or current_language())
    letters = known.alphabet if known is not None else ""
    return tuple(letters.index(char) if char in letters else len(letters) + ord(char) for char in text.lower())


def message(key: str, language: str | None = None, /, **params: Any) -> str:
    """The engine's text for ``key`` with ``params`` filled in."""
    return ENGINE.text(key, language, **params)


__all__ = [
    "DEFAULT_LANGUAGE",
    "ENGINE",
    "LANGUAGES",
    "PLURAL_FORMS",
    "Catalogue",
    "MissingMessageError",
    "Plural",
    "Text",
    "alphabetical",
    "catalogue",
    "current_language",
    "decimal",
    "fill",
    "flatten_toml",
    "has_message",
    "language_scope",
    "listing",
    "message",
    "percent",
    "set_language",
    "strict",
]
