"""The Sources page: the four documents the rule book comes from, and the references beyond them.

For each source: its title in its own language, its language, what kind of
document it is, the rules that come from it (linking to the Rule Book), and
its own words on the rules where sources disagree, with a translation.
"""

from __future__ import annotations

import tomllib
from typing import Final

import streamlit as st

from hearts_core.content.lessons import LESSONS_DIR
from hearts_core.content.rulebook import RULES
from hearts_core.content.sources import PRIMARY_SOURCES, REFERENCES, Quote, QuoteError, Source, quotes_from
from hearts_core.content.translations import TranslationError, read_localized
from hearts_core.engine.describe import capitalised
from hearts_core.words.catalogue import message

from ... import page_state
from ...language import link_params, session_language
from ...texts import ui

QUOTES_FILE: Final = LESSONS_DIR / "sources.toml"


@st.cache_resource(show_spinner=False)
def quotes(language: str) -> tuple[tuple[Quote, ...], str | None]:
    """The sources' own words with their translations into ``language`` (immutable, shared), or none and
    the problem with the file."""
    try:
        data = read_localized(QUOTES_FILE, language)
        return quotes_from(data, {entry.id for entry in RULES}, language), None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, QuoteError, TranslationError) as error:
        return (), str(error)


def _rules_from(source: Source) -> list[str]:
    return [entry.id for entry in RULES if source.id in entry.sources]


def _source(source: Source, said: tuple[Quote, ...]) -> None:
    title = capitalised(message(f"source.{source.id}.title"))
    with st.container(border=True, key=page_state.widget_key("source", source.id)):
        st.subheader(title, anchor=source.id)
        st.markdown(ui("sources.meta", original=source.original_title, kind=message(f"source.{source.id}.kind")))
        rules = _rules_from(source)
        if rules:
            st.markdown(
                f"**{ui('sources.rules_heading')}** "
                + " · ".join(message(f"rule.{rule_id}.title") for rule_id in rules)
            )
        for quote in said:
            st.markdown(f"**{message(f'rule.{quote.rule}.title')}**")
            st.markdown("> " + quote.original.replace("\n", "\n> "))
            if quote.translation:  # none for a quote in the learner's own language
                st.caption(ui("sources.translation", text=quote.translation))


def render_sources() -> None:
    """The whole page."""
    st.title(ui("nav.sources"))
    st.markdown(ui("sources.intro"))
    found, problem = quotes(session_language())
    if problem is not None:
        st.warning(ui("sources.quotes_problem", problem=problem), icon=":material/warning:")
    for source in PRIMARY_SOURCES:
        _source(source, tuple(quote for quote in found if quote.source == source.id))
    st.header(ui("sources.references_heading"))
    st.markdown(ui("sources.references_intro"))
    for source in REFERENCES:
        rules = " · ".join(message(f"rule.{rule_id}.title") for rule_id in _rules_from(source))
        st.markdown(
            f"- **{capitalised(message(f'source.{source.id}.title'))}**: "
            f"{message(f'source.{source.id}.kind')}" + (f" ({rules})" if rules else "")
        )
    st.page_link(
        "pages/1_Rule_Book.py",
        label=ui("common.open_rulebook"),
        icon=":material/menu_book:",
        query_params=link_params(),
    )
