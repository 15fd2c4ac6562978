"""The message catalogue: every sentence the engine can say, by key and language.

Texts live in ``hearts_core/locales/<language>.toml`` (English now; Ukrainian
and Russian are planned), so logic returns codes and parameters and this
module turns them into words.

>>> message("pass.count", seat=1, count=2, needed=3)
'Seat 1 chose 2 cards to pass; pass exactly 3.'
>>> has_message("rule.V3.title")
True
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, Final

from ..engine.cards import Card
from ..engine.reasons import Explanation

DEFAULT_LANGUAGE: Final = "en"


@cache
def catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """All messages of a language, flattened to dotted keys (``reason.hand_over``)."""
    text = resources.files("hearts_core.words").joinpath(f"locales/{language}.toml").read_text(encoding="utf-8")
    return flatten_toml(text)


def flatten_toml(text: str) -> dict[str, str]:
    """A TOML catalogue as ``{dotted.key: text}`` (shared with the interface's own catalogue)."""
    flat: dict[str, str] = {}
    _flatten(tomllib.loads(text), "", flat)
    return flat


def fill(template: str | None, key: str, params: dict[str, Any]) -> str:
    """``template`` with ``params`` filled in; the key itself when there is no template,
    and the bare template when a parameter is missing, so a gap shows up as text."""
    if template is None:
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def _flatten(node: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for key, value in node.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, path + ".", out)
        else:
            out[path] = str(value)


def has_message(key: str, language: str = DEFAULT_LANGUAGE) -> bool:
    """Whether the catalogue has ``key``."""
    return key in catalogue(language)


def message(key: str, language: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The text for ``key`` with ``params`` filled in.

    A missing key falls back to English, then to the key itself, so a gap in a
    translation shows up as text rather than as an error.
    """
    return fill(catalogue(language).get(key) or catalogue(DEFAULT_LANGUAGE).get(key), key, params)


def narrate(explanation: Explanation, seat: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A legal play told in the third person, for walkthroughs: "West follows suit with 9C."

    Falls back to the second-person explanation for a reason with no narration.
    """
    key = f"narrate.{explanation.reason.value}"
    if not has_message(key, language):
        return explain_text(explanation, language)
    params = {**explanation.params, "card": explanation.card, "seat": seat}
    return message(key, language, **params)


def explain_text(explanation: Explanation, language: str = DEFAULT_LANGUAGE) -> str:
    """An :class:`Explanation` as sentences: the reason, then any variant notes."""
    card = Card.parse(explanation.card)
    params = {
        "card": explanation.card,
        "card_name": card.name,
        **explanation.params,
    }
    for name in ("first_trick",):
        if name in params:
            params[f"{name}_label"] = message(f"option.{name}.{params[name]}", language)
    parts = [message(f"reason.{explanation.reason.value}", language, **params)]
    parts += [message(f"note.{note}", language, **params) for note in explanation.notes]
    return " ".join(parts)
