"""Which language this session speaks: the ``lang`` URL parameter (a contract), else the learner's
stored choice, else the browser's language, else English; kept in every link the app makes.  The
languages are those of the registry, :data:`hearts_core.words.languages.LANGUAGES`.

Every interface text (:func:`hearts_ui.texts.ui`) reads the session's language, and makes it the
engine's current language too (:func:`hearts_core.words.catalogue.set_language`), so the engine's
sentences follow in the same run, callbacks included.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, ParamSpec, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from hearts_core.words.catalogue import current_language, language_scope, set_language
from hearts_core.words.languages import DEFAULT_LANGUAGE, LANGUAGES

from . import page_state
from .storage import learner, store

T = TypeVar("T")
P = ParamSpec("P")
QUERY: Final = "lang"
#: The setting's name in the database.
SETTING: Final = "language"


@dataclass(frozen=True)
class LanguageChoice(page_state.PageState):
    """The language this session speaks (None until :func:`resolve_language` settles it)."""

    WIDGETS = "lang"

    code: str | None = None


#: The key of the sidebar's language selector.
PICKER_KEY: Final = LanguageChoice.widget_key("pick")


def session_language() -> str:
    """The session's language (English before it is resolved); outside a session (a bare import, a
    widget's format function called by a test harness), the engine's current language."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return current_language()
    language = page_state.get(LanguageChoice).code
    return language if language is not None and language in LANGUAGES else DEFAULT_LANGUAGE


def in_session_language(format_func: Callable[[T], str]) -> Callable[[T], str]:
    """``format_func`` bound to the session's language, for a widget's options: Streamlit may call it
    again outside the script run (AppTest does), where the session's language is not at hand."""
    language = session_language()

    def shown(value: T) -> str:
        with language_scope(language):
            return format_func(value)

    return shown


def speaking(callback: Callable[P, T]) -> Callable[P, T]:
    """``callback`` run in the session's language.  A widget's callback runs in a new script thread
    before the page sets the language, so the engine's sentences it makes (a parse error, a judge's
    reason) would be English until something calls :func:`hearts_ui.texts.ui`."""

    @functools.wraps(callback)
    def spoken(*args: P.args, **kwargs: P.kwargs) -> T:
        with language_scope(session_language()):
            return callback(*args, **kwargs)

    return spoken


def browser_language() -> str | None:
    """The browser's language, when the app speaks it (``uk-UA`` → ``uk``)."""
    try:
        locale = st.context.locale
    except AttributeError:
        return None
    code = str(locale or "").split("-")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def _stored_language() -> str | None:
    value = store().settings(learner()).get(SETTING)
    return value if value in LANGUAGES else None


def resolve_language() -> str | None:
    """Settle the session's language at the start of a page run; the ``?lang=`` value dropped because
    it names no language the app speaks, if any (the page says so: :func:`hearts_ui.texts.unknown_language`)."""
    requested = st.query_params.get(QUERY)
    unknown = None
    if requested is not None and requested not in LANGUAGES:
        del st.query_params[QUERY]
        unknown, requested = requested, None
    if requested is not None and requested != page_state.get(LanguageChoice).code:
        choose(requested)
    language = page_state.get(LanguageChoice).code
    if language is None or language not in LANGUAGES:
        language = _stored_language() or browser_language() or DEFAULT_LANGUAGE
        page_state.put(LanguageChoice(language))
    if st.query_params.get(QUERY) != language:
        st.query_params[QUERY] = language
    set_language(language)
    return unknown


def choose(language: str) -> None:
    """The learner picks a language: for this session, in the URL, and kept with their settings."""
    if language not in LANGUAGES:
        return
    page_state.put(LanguageChoice(language))
    st.query_params[QUERY] = language
    set_language(language)
    store().save_setting(learner(), SETTING, language)


def own_name(code: str) -> str:
    """A language in its own words, as the selector names it.

    >>> own_name("uk")
    'Українська'
    """
    return LANGUAGES[code].name


def language_selector() -> None:
    """The sidebar's language selector: every language of the registry, each named in its own words."""
    current = session_language()
    st.segmented_control(
        "🌐",
        list(LANGUAGES),
        format_func=own_name,
        key=PICKER_KEY,
        default=current,
        on_change=_picked,
        label_visibility="collapsed",
        width="stretch",
    )


def _picked() -> None:
    picked = page_state.widget_value(PICKER_KEY)
    if picked in LANGUAGES:
        choose(str(picked))
    else:  # clicking the selected one again unselects it: keep the language
        page_state.set_widget_value(PICKER_KEY, session_language())


def link_params(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The query parameters of a link the app makes: ``lang`` and any others."""
    return {QUERY: session_language(), **(extra or {})}


def clear_query_params() -> None:
    """Clear the URL's parameters, keeping the language."""
    st.query_params.clear()
    st.query_params[QUERY] = session_language()


__all__ = [
    "PICKER_KEY",
    "QUERY",
    "LanguageChoice",
    "browser_language",
    "choose",
    "clear_query_params",
    "in_session_language",
    "language_selector",
    "link_params",
    "own_name",
    "resolve_language",
    "session_language",
]
