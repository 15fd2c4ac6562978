"""The Glossary page: every word of the game, what it means, and what the sources call it."""

from __future__ import annotations

import streamlit as st

from hearts_core.content.glossary import Glossary, GlossaryError, load_glossary
from hearts_core.words.catalogue import alphabetical

from ...language import session_language
from ...texts import ui
from ...widgets.chips import prose


@st.cache_resource(show_spinner=False)
def glossary(language: str) -> tuple[Glossary | None, str | None]:
    """The glossary in ``language`` (immutable, shared), or the problem with its file."""
    try:
        return load_glossary(language=language), None
    except GlossaryError as error:
        return None, str(error)


def render_glossary() -> None:
    """The whole page: the terms in alphabetical order."""
    st.title(ui("nav.glossary"))
    st.markdown(ui("glossary.intro"))
    found, problem = glossary(session_language())
    if found is None:
        st.warning(ui("glossary.problem", problem=problem), icon=":material/warning:")
        return
    language = session_language()
    for term in sorted(found.terms, key=lambda item: alphabetical(item.term, language)):
        with st.container(border=True, key=f"ha_term_{term.id}"):
            st.markdown(f"**{term.term}**", help=None)
            st.markdown(prose(term.definition), unsafe_allow_html=True)
            words = [ui("glossary.uk", words=term.uk)] if term.uk else []
            words += [ui("glossary.ru", words=term.ru)] if term.ru else []
            st.caption(" · ".join(words) if words else ui("glossary.no_word"))
