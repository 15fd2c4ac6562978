"""The frame every page shares: page config, style, sidebar navigation.

Streamlit discovers ``pages/*.py`` itself (see STYLE.md: with a ``pages/``
folder an ``st.navigation`` frame in ``app.py`` is skipped on a deep link), so
each page calls :func:`page_frame` first and is complete on its own, whether it
is opened from the home page or straight from a URL on a fresh server.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from . import page_state
from .language import language_selector, link_params, resolve_language, session_language
from .texts import ui, unknown_language
from .widgets.card_table import look_settings
from .widgets.chips import CHIP_CSS, prose

#: The pages that exist, in navigation order: (script path relative to app.py, label key, icon).
PAGES: Final = (
    ("app.py", "nav.home", ":material/home:"),
    ("pages/2_Lessons.py", "nav.lessons", ":material/school:"),
    ("pages/3_Puzzles.py", "nav.puzzles", ":material/extension:"),
    ("pages/4_Practice.py", "nav.practice", ":material/playing_cards:"),
    ("pages/10_Review.py", "nav.review", ":material/event_repeat:"),
    ("pages/11_Daily_deal.py", "nav.daily", ":material/today:"),
    ("pages/5_Variant_Lab.py", "nav.lab", ":material/science:"),
    ("pages/9_Analysis.py", "nav.analysis", ":material/troubleshoot:"),
    ("pages/1_Rule_Book.py", "nav.rulebook", ":material/menu_book:"),
    ("pages/6_Sources.py", "nav.sources", ":material/library_books:"),
    ("pages/7_Glossary.py", "nav.glossary", ":material/dictionary:"),
    ("pages/12_Class.py", "nav.classes", ":material/groups:"),
    ("pages/8_Saved_progress.py", "nav.account", ":material/cloud_done:"),
)

#: Parts being built, named by their ``nav.<item>`` label (and ``home.<item>`` on the home page);
#: the sidebar and the home page list them only while there are some.
COMING_SOON: Final[tuple[str, ...]] = ()

_STYLE: Final = """
<style>
.ha-calendar { border-collapse: separate; border-spacing: 4px; font-size: 0.85rem; }
.ha-calendar th { font-weight: 500; color: #6b6b6b; text-align: center; padding: 0 4px; }
.ha-calendar td { width: 2rem; height: 1.6rem; text-align: center; border-radius: 6px; background: #f1ece4; }
.ha-calendar .ha-day-met { background: #2e7352; color: #fff; }
.ha-calendar .ha-day-frozen { background: #cfe3f5; color: #1f5fa8; }
.ha-calendar .ha-day-today { outline: 2px solid #b3261e; background: #fff; }
.ha-calendar .ha-day-future, .ha-calendar .ha-day-none { background: transparent; }
/* Hearts Academy: a wide page whose lines stay readable, and readable tables. */
[data-testid="stMainBlockContainer"] { max-width: 68rem; margin-left: auto; margin-right: auto; }
/* Streamlit's default 6rem above the page pushes a table's hand below the fold at 768 px high. */
[data-testid="stMainBlockContainer"] { padding-top: 2.75rem; padding-bottom: 2rem; }
.ha-settings { width: 100%; border-collapse: collapse; font-size: 0.95rem; line-height: 1.45; }
.ha-settings th { text-align: left; font-weight: 600; padding: 0.5rem 0.6rem;
  border-bottom: 2px solid rgba(128, 128, 128, 0.45); }
.ha-settings td { vertical-align: top; padding: 0.55rem 0.6rem;
  border-bottom: 1px solid rgba(128, 128, 128, 0.22); }
.ha-settings td.ha-label { width: 30%; }
.ha-settings td.ha-label code { font-size: 0.8rem; }
.ha-settings .ha-rule { display: block; font-size: 0.8rem; opacity: 0.75; margin-top: 0.15rem; }
.ha-settings tr.ha-changed td { background: rgba(179, 38, 30, 0.07); }
.ha-settings tr.ha-changed td:first-child { box-shadow: inset 4px 0 0 #b3261e; }
.ha-settings tr.ha-changed td.ha-value { font-weight: 600; }
/* The analysis board's values: illegal cards quiet, the best starred in words too. */
.ha-values tr.ha-illegal td { opacity: 0.62; font-size: 0.85rem; }
.ha-values .ha-best { font-size: 0.8rem; font-weight: 600; color: #8a5a00; white-space: nowrap; }
@media (max-width: 640px) {
  .ha-settings thead { display: none; }
  .ha-settings tr { display: block; border-bottom: 1px solid rgba(128, 128, 128, 0.3); padding: 0.35rem 0; }
  .ha-settings td { display: block; border: none; padding: 0.2rem 0.6rem; }
  .ha-settings td.ha-label { width: auto; }
  .ha-settings td[data-label]::before { content: attr(data-label) ": "; font-weight: 400; opacity: 0.75; }
}
.ha-flag { display: inline-block; font-size: 0.75rem; font-weight: 600; padding: 0 0.4rem;
  margin-left: 0.3rem; border-radius: 0.5rem; border: 1px solid #b3261e; color: #b3261e; white-space: nowrap; }
.ha-cards { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.25rem 0 0.5rem 0; }
.ha-card { display: inline-flex; flex-direction: column; align-items: center; min-width: 3.2rem;
  padding: 0.35rem 0.45rem; border-radius: 0.45rem; border: 1px solid rgba(128, 128, 128, 0.45);
  background: rgba(255, 255, 255, 0.85); color: #1f1f1f; }
.ha-card .ha-face { font-size: 1.15rem; font-weight: 700; line-height: 1.2; }
.ha-card.ha-red .ha-face { color: #c0262d; }
.ha-card .ha-pts { font-size: 0.8rem; }
.ha-card.ha-bonus { border-style: dashed; }
.ha-card.ha-out { opacity: 0.5; text-decoration: line-through; }
/* The lesson map: the lesson to take next stands out. */
[class*="st-key-ha_lesson_"][class*="_next"] {
  border: 2px solid #b3261e !important; box-shadow: 0 0 0 3px rgba(179, 38, 30, 0.12); }
/* A lesson step's one line: the lesson and the step, as headings set small. */
.ha-where { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.6rem; }
.ha-where h1, .ha-where h2 { font-size: 1rem !important; line-height: 1.4 !important; margin: 0 !important;
  padding: 0 !important; }
.ha-where h1 { font-weight: 700 !important; }
.ha-where h2 { font-weight: 400 !important; }
.ha-where h1 + .ha-where-meta { font-size: 0.9rem; opacity: 0.75; }
/* On a phone, a lesson's way on stays at the bottom of the screen, as Duolingo's "Continue" does. */
@media (max-width: 640px) {
  .st-key-ha_way_on_free .st-key-ha_steps_row { position: fixed; left: 0; right: 0; bottom: 0; z-index: 20;
    background: #fffdf8; padding: 0.5rem 1rem 0.7rem; justify-content: flex-end;
    box-shadow: 0 -0.4rem 0.8rem -0.5rem rgba(0, 0, 0, 0.3); }
  /* Room under the page for the bar, so it never covers the last words. */
  [data-testid="stMainBlockContainer"]:has(.st-key-ha_way_on_free) { padding-bottom: 5rem; }
  /* A question's Check while it waits, and a walkthrough's cards while some are left, are pinned the same way. */
  .st-key-ha_cards_left .st-key-ha_frame_row { position: fixed; left: 0; right: 0; bottom: 0; z-index: 20;
    background: #fffdf8; padding: 0.5rem 1rem 0.7rem; justify-content: flex-end;
    box-shadow: 0 -0.4rem 0.8rem -0.5rem rgba(0, 0, 0, 0.3); }
  [data-testid="stMainBlockContainer"]:has(.st-key-ha_cards_left) { padding-bottom: 5rem; }
  .st-key-ha_check_bar_waiting { position: fixed; left: 0; right: 0; bottom: 0; z-index: 20;
    background: #fffdf8; padding: 0.5rem 1rem 0.7rem; align-items: flex-end;
    box-shadow: 0 -0.4rem 0.8rem -0.5rem rgba(0, 0, 0, 0.3); }
  [data-testid="stMainBlockContainer"]:has(.st-key-ha_check_bar_waiting) { padding-bottom: 5rem; }
}
/* A Markdown table (the hint's numbers) scrolls inside its box when the box is narrower than the
   table, instead of running out of it and hiding its last columns.  Our own tables (with a class)
   keep their width and their phone layout. */
[data-testid="stMarkdownContainer"] table:not([class]) { display: block; max-width: 100%; overflow-x: auto; }
/* In a hint's box the numbers' table is set compact, so that its six columns fit a side column. */
[data-testid="stAlertContainer"] [data-testid="stMarkdownContainer"] table { font-size: 0.82rem; }
[data-testid="stAlertContainer"] [data-testid="stMarkdownContainer"] :is(th, td) { padding: 0.25rem 0.3rem; }
/* The prompt beside a card table: on a phone the table shows it above the felt instead. */
@media (max-width: 640px) { [class*="st-key-ha_wide_prompt"] { display: none; } }
</style>
"""


#: The file types of the app's uploaders (``accept`` of the file input): the progress file, and a deal or
#: a study in PHN text.  Each gets its limit line in the learner's words.
_UPLOAD_TYPES: Final = (("json", ("JSON",)), ("phn", ("PHN", "TXT")))


def _css_text(text: str) -> str:
    """``text`` as a CSS string (for ``content:``)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def uploader_words(language: str) -> str:
    """CSS that writes Streamlit's file uploader's button and limit line in ``language``: Streamlit draws
    them in English only ("Upload", "5MB per file • JSON"), with no option to change them.  The English
    text is set to size 0 and ours is drawn after it; empty for English, which stays Streamlit's own."""
    if language == "en":
        return ""
    size = st.get_option("server.maxUploadSize")
    button = '[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p'
    limit = '[data-testid="stFileUploaderDropzoneInstructions"] span'
    rules = [
        f"{button}, {limit} {{ font-size: 0; }}",
        f"{button}::after {{ content: {_css_text(ui('common.upload_button', language))}; font-size: 0.875rem; }}",
    ]
    for extension, names in _UPLOAD_TYPES:
        words = ui("common.upload_limit", language, size=size, types=", ".join(names))
        rules.append(
            f'[data-testid="stFileUploaderDropzone"]:has(input[accept*=".{extension}"]) {limit}::after '
            f"{{ content: {_css_text(words)}; font-size: 0.875rem; }}"
        )
    return "\n".join(rules) + "\n"


#: The container of the prompt beside a card table (the style above hides it on a phone).
WIDE_PROMPT_KEY: Final = page_state.widget_key("wide_prompt")


def wide_prompt(text: str) -> None:
    """The question of a step or puzzle beside its table, on a wide window (a phone shows it above the table)."""
    with st.container(key=WIDE_PROMPT_KEY):
        st.markdown(prose(f"**{text}**"), unsafe_allow_html=True)


def sidebar() -> None:
    """The labelled navigation (Streamlit's own page list is hidden in config.toml)."""
    with st.sidebar:
        st.markdown(f"### :red[♥] {ui('app.name')}")
        for path, label_key, icon in PAGES:
            st.page_link(path, label=ui(label_key), icon=icon, query_params=link_params())
        st.divider()
        language_selector()
        look_settings()
        if COMING_SOON:
            st.divider()
            names = "  \n".join(ui(f"nav.{item}") for item in COMING_SOON)
            st.caption(f"**{ui('nav.coming_heading')}**  \n{names}")


#: The longest URL parameter (name or value) a page reads; the longest share code is far shorter.
MAX_QUERY_PARAM: Final = 1_000


def refuse_long_query_params() -> None:
    """Drop every URL parameter longer than :data:`MAX_QUERY_PARAM`, before any page parses it, and
    say so in a short message that does not repeat it (a 100 kB link would otherwise be parsed and
    echoed, freezing the tab)."""
    too_long = [
        name
        for name in st.query_params
        if len(name) > MAX_QUERY_PARAM or any(len(value) > MAX_QUERY_PARAM for value in st.query_params.get_all(name))
    ]
    for name in too_long:
        del st.query_params[name]
    if too_long:
        st.warning(ui("common.link_too_long", limit=MAX_QUERY_PARAM), icon=":material/link_off:")


def page_frame(title: str) -> None:
    """Everything a page needs before its body: config, the URL's checks and language, style, sidebar."""
    st.set_page_config(
        page_title=f"{title} · {ui('app.name')}",
        page_icon="♥️",
        layout="wide",
        initial_sidebar_state="auto",
    )
    refuse_long_query_params()
    unknown = resolve_language()
    if unknown is not None:
        st.warning(unknown_language(unknown), icon=":material/translate:")
    st.html(_STYLE.replace("</style>", CHIP_CSS + uploader_words(session_language()) + "</style>"))
    sidebar()
