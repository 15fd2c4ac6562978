"""The session's state, typed: what a page keeps between runs is one frozen object under one key.

Streamlit's ``st.session_state`` holds two kinds of values: each widget's value, under the widget's
key, and whatever the app keeps from one run to the next.  Hearts Academy keeps the second kind as
a few typed, frozen dataclasses (subclasses of :class:`PageState`), each under one session key
named after its class: a page's view state (the Practice page's
:class:`~hearts_ui.views.practice.view.PracticeView`: the hint rung, the review and its frame...),
the session's copies of what it read from the progress database (:class:`StoredCopy`), the
language and the learner.  A page reads its object with :func:`get` and replaces it with
:func:`put` or :func:`update` (a :func:`dataclasses.replace`), never through string keys.

Widget keys are made here too (:func:`widget_key`, or a page state's :meth:`PageState.widget_key`
with the page's prefix), so every key the app puts in the session starts with :data:`PREFIX` and
is spelt in this module only (``tests/test_page_state.py`` keeps it so).  A widget whose value
belongs to one position (a hand's turn, a lesson's step, a puzzle) has that position in its key:
when the position changes the page draws the widget under a new key, and Streamlit forgets the old
key's value at the end of the run (a widget not drawn in a run is dropped:
``SessionState._remove_stale_widgets``).  So no page lists keys to forget.

Nothing callable is kept in the session: widget callbacks go to Streamlit with their ``args``, and
the card table's to the component (``tests/app/test_session_state.py`` runs every page and looks).

This is the only module that touches ``st.session_state``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class ExampleView(PageState):
...     WIDGETS = "ex"
...     frame: int = 0
>>> session_key(ExampleView)
'ha_ExampleView'
>>> ExampleView.widget_key("hint", 2)
'ha_ex_hint_2'
>>> widget_key("look", "speed")
'ha_look_speed'
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Final, TypeVar

import streamlit as st

#: The start of every key the app puts in the session (its objects' and its widgets').
PREFIX: Final = "ha_"

#: Every :class:`PageState` class by name: two classes may not share a session key.
_KINDS: dict[str, type[PageState]] = {}


class PageState:
    """Base of the objects a session keeps: frozen dataclasses whose fields all have defaults (the
    object a page starts from), each kept under :func:`session_key` of its class."""

    #: The short name that starts the page's widget keys (``"pr"``: ``ha_pr_undo``); empty for none.
    WIDGETS: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        known = _KINDS.get(cls.__name__)
        if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            raise TypeError(
                f"{cls.__qualname__} would share the session key of {known.__module__}.{known.__qualname__}"
            )
        _KINDS[cls.__name__] = cls  # a module reloaded by Streamlit's watcher defines its class again

    @classmethod
    def widget_key(cls, *parts: object) -> str:
        """The key of one of the page's widgets (or keyed containers): :data:`PREFIX`, the page's
        :attr:`WIDGETS` and ``parts``, joined by ``_``."""
        return widget_key(*((cls.WIDGETS,) if cls.WIDGETS else ()), *parts)


class StoredCopy(PageState):
    """A copy of what the session read from the progress database (a learner's progress, game or
    settings): :func:`forget_stored_copies` drops every one, so the pages read the database again."""


S = TypeVar("S", bound=PageState)


def session_key(kind: type[PageState]) -> str:
    """The session key an object of ``kind`` is kept under."""
    return f"{PREFIX}{kind.__name__}"


def peek(kind: type[S]) -> S | None:
    """The session's object of ``kind``, or None when it keeps none."""
    value = st.session_state.get(session_key(kind))
    return value if isinstance(value, kind) else None


def get(kind: type[S]) -> S:
    """The session's object of ``kind`` (the default one, ``kind()``, until one is kept)."""
    value = peek(kind)
    return value if value is not None else kind()


def put(value: PageState) -> None:
    """Keep ``value`` as the session's object of its class (replacing the one kept before)."""
    st.session_state[session_key(type(value))] = value


def update(kind: type[S], **changes: Any) -> S:
    """Keep the session's object of ``kind`` with ``changes`` made (:func:`dataclasses.replace`);
    returns it."""
    value: S = dataclasses.replace(get(kind), **changes)  # type: ignore[type-var]
    put(value)
    return value


def forget(kind: type[PageState]) -> None:
    """Drop the session's object of ``kind``: the next :func:`get` starts from the default again."""
    st.session_state.pop(session_key(kind), None)


def forget_stored_copies() -> None:
    """Drop every :class:`StoredCopy` the session keeps (after an import or a deletion, or when the
    learner changes), so each page reads the database again."""
    stored = [key for key, value in st.session_state.items() if isinstance(value, StoredCopy)]
    for key in stored:
        del st.session_state[key]


# -- widgets ---------------------------------------------------------------------------------------


def widget_key(*parts: object) -> str:
    """The key of a widget (or a keyed container): :data:`PREFIX` and ``parts``, joined by ``_``."""
    return PREFIX + "_".join(str(part) for part in parts)


def widget_value(key: str, default: Any = None) -> Any:
    """The value of the widget under ``key`` (in a callback: its new value), or ``default``."""
    return st.session_state.get(key, default)


def has_widget_value(key: str) -> bool:
    """Whether the widget under ``key`` has a value (it was drawn in the last run, or given one)."""
    return key in st.session_state


def set_widget_value(key: str, value: Any) -> None:
    """Give the widget under ``key`` a value, in a callback or before the widget is drawn in this run."""
    st.session_state[key] = value


def seed_widget(key: str, value: Any) -> None:
    """Give the widget under ``key`` its first value (from the page's state), unless it has one."""
    if key not in st.session_state:
        st.session_state[key] = value


__all__ = [
    "PREFIX",
    "PageState",
    "StoredCopy",
    "forget",
    "forget_stored_copies",
    "get",
    "has_widget_value",
    "peek",
    "put",
    "seed_widget",
    "session_key",
    "set_widget_value",
    "update",
    "widget_key",
    "widget_value",
]
