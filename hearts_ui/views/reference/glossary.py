"""The Glossary page: every word of the game, what it means, and what the sources call it."""

from __future__ import annotations

import streamlit as st

from hearts_core.content.glossary import Glossary, GlossaryError, Term, load_glossary
from hearts_core.content.sources import SOURCE_LANGUAGES
from hearts_core.words.catalogue import alphabetical, listing
from hearts_core.words.languages import LANGUAGES

from ... import page_state
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


def _words(term: Term, translated: dict[str, dict[str, str]]) -> str:
    """What the sources call the term in their languages, or, where no source has a word, the word this
    course chose in each language it is translated into (the term of that language's glossary)."""
    ours = {language: translated[language].get(term.id, "") for language in LANGUAGES.translated}
    if not term.sources_words and all(ours.values()):
        said = [ui(f"glossary.course_word_{language}", word=word) for language, word in ours.items()]
        return ui("glossary.course_all", words=listing(said, session_language()))
    words = []
    for language in dict.fromkeys([*SOURCE_LANGUAGES, *LANGUAGES.translated]):
        if language in term.sources_words:
            words.append(ui(f"glossary.{language}", words=term.sources_words[language]))
        elif ours.get(language):
            words.append(ui(f"glossary.course_{language}", words=ours[language]))
    return " · ".join(words) if words else ui("glossary.no_word")


def render_glossary() -> None:
    """The whole page: the terms in the language's alphabetical order."""
    st.title(ui("nav.glossary"))
    st.markdown(ui("glossary.intro"))
    language = session_language()
    found, problem = glossary(language)
    if found is None:
        st.warning(ui("glossary.problem", problem=problem), icon=":material/warning:")
        return
    translated = {
        other: {term.id: term.term for term in (glossary(other)[0] or Glossary(())).terms}
        for other in LANGUAGES.translated
    }
    for term in sorted(found.terms, key=lambda item: alphabetical(item.term, language)):
        with st.container(border=True, key=page_state.widget_key("term", term.id)):
            st.markdown(f"**{term.term}**", help=None)
            st.markdown(prose(term.definition), unsafe_allow_html=True)
            st.caption(_words(term, translated))
