"""Message catalogues: every sentence, by key and language, kept out of the logic.

A catalogue is a folder of TOML files, one per language (``en.toml``), whose
tables flatten to dotted keys (``[reason] hand_over = "..."`` is
``reason.hand_over``).  Logic returns codes and parameters; :func:`message`
(the engine's words) and :class:`Catalogue` (any other set of texts, such as
the interface's) turn them into sentences.  This module is the bottom layer of
``hearts_core``: it imports nothing else from it.

>>> message("pass.count", seat=1, count=2, needed=3)
'Seat 1 chose 2 cards to pass; pass exactly 3.'
>>> has_message("rule.V3.title")
True

A key the catalogue lacks is a bug.  Under ``HEARTS_STRICT_MESSAGES=1`` (the
test suite sets it) it raises :class:`MissingMessageError`; otherwise it is
logged and the key itself is shown, so a learner never meets a traceback for
a gap in the words.
"""

from __future__ import annotations

import logging
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

DEFAULT_LANGUAGE: Final = "en"
STRICT_VARIABLE: Final = "HEARTS_STRICT_MESSAGES"

_log = logging.getLogger(__name__)


class MissingMessageError(KeyError):
    """A key (or a template parameter) that the catalogue does not have."""


def strict() -> bool:
    """Whether a missing key or parameter raises (``HEARTS_STRICT_MESSAGES=1``)."""
    return os.environ.get(STRICT_VARIABLE, "") not in ("", "0")


def flatten_toml(text: str) -> dict[str, str]:
    """A TOML catalogue as ``{dotted.key: text}``."""
    flat: dict[str, str] = {}
    _flatten(tomllib.loads(text), "", flat)
    return flat


def _flatten(node: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for key, value in node.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
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
    _loaded: dict[str, dict[str, str]] = field(default_factory=dict, compare=False, repr=False)

    def texts(self, language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
        """Every text of ``language``, by dotted key (a missing language file gives none)."""
        texts = self._loaded.get(language)
        if texts is None:
            path = self.folder / f"{language}.toml"
            texts = flatten_toml(path.read_text(encoding="utf-8")) if path.exists() else {}
            self._loaded[language] = texts
        return texts

    def has(self, key: str, language: str = DEFAULT_LANGUAGE) -> bool:
        """Whether ``language`` has ``key``."""
        return key in self.texts(language)

    def text(self, key: str, language: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
        """The text for ``key`` in ``language`` (English when that language lacks it),
        with ``params`` filled in."""
        template = self.texts(language).get(key)
        if template is None:
            template = self.texts(DEFAULT_LANGUAGE).get(key)
        if template is None:
            if strict():
                raise MissingMessageError(f"no text {key!r} in the {self.name} catalogue")
            _log.warning("no text %r in the %s catalogue", key, self.name)
            return key
        return fill(template, key, params)


#: The engine's words: rules, options, reasons, hints, content messages.
ENGINE: Final = Catalogue(Path(__file__).with_name("locales"), "engine")


def catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """All engine messages of a language, flattened to dotted keys (``reason.hand_over``)."""
    return ENGINE.texts(language)


def has_message(key: str, language: str = DEFAULT_LANGUAGE) -> bool:
    """Whether the engine catalogue has ``key``."""
    return ENGINE.has(key, language)


def message(key: str, language: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The engine's text for ``key`` with ``params`` filled in."""
    return ENGINE.text(key, language, **params)


__all__ = [
    "DEFAULT_LANGUAGE", "ENGINE", "Catalogue", "MissingMessageError", "catalogue", "fill", "flatten_toml",
    "has_message", "message", "strict",
]
