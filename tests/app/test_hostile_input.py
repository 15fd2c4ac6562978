"""Hostile input through AppTest: every URL parameter of every page and every text box, fuzzed
(hypothesis): no exception, no echo of the input that Markdown could read as a link, an image, code
or a colour, and no echo longer than the limit (an ellipsis cuts it)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from hearts_core.words.echo import ECHO_LIMIT, escape_markdown, shorten
from hearts_ui.frame import MAX_QUERY_PARAM
from hearts_ui.texts import ui
from hearts_ui.views.rulebook.page import SEARCH_KEY

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60
#: Every page's URL parameters.
PARAMETERS = {
    "pages/1_Rule_Book.py": ("preset",),
    "pages/2_Lessons.py": ("lesson", "step"),
    "pages/3_Puzzles.py": ("puzzle", "theme"),
    "pages/5_Variant_Lab.py": ("a", "b"),
}
MARKDOWN = "[]()!`*_:$<>#|~\\"
HOSTILE = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=60),
    st.text(alphabet="ab.=,:-_ " + MARKDOWN, min_size=1, max_size=3_000),
    st.sampled_from(
        [
            "[Claim your prize](//evil.example/phish) ![px](//evil.example/pixel.png)",
            "`x` :red[boom] $x^2$ <script>alert(1)</script>",
            "a=" + "9" * 5_000,
            "standard~target_score=999999999",
            "x" * 30_000,
        ]
    ),
)


def _shown(at: AppTest) -> list[str]:
    """Every text the page shows as Markdown (messages, captions, Markdown blocks)."""
    elements = [*at.markdown, *at.caption, *at.warning, *at.error, *at.info, *at.success]
    return [str(element.value) for element in elements]


def _no_raw_echo(texts: list[str], typed: str, before: Sequence[str] = ()) -> None:
    """The typed text is never shown as typed where Markdown could act on it, nor over the limit.
    ``before``: what the page showed before the text was typed (a fragment the page shows anyway, such
    as a table's ``|---|``, is not an echo)."""
    own = "\n".join(before)
    risky = any(char in MARKDOWN for char in typed) and typed.strip() not in own
    for shown in texts:
        for start in range(0, max(len(typed) - ECHO_LIMIT, 0) + 1, 50):
            piece = typed[start : start + ECHO_LIMIT + 1]
            assert len(piece) <= ECHO_LIMIT or piece not in shown, "an echo longer than the limit"
        if risky and len(typed.strip()) >= 4:
            # The escaped echo holds the typed text after its first backslash: only other occurrences count.
            rest = shown.replace(escape_markdown(shorten(typed)), "")
            assert typed.strip() not in rest, f"unescaped echo of {typed[:60]!r}"


def _run(page: str, params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    at.switch_page(page)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [item.value for item in at.exception]
    return at


@functools.cache
def _plain_page(page: str) -> tuple[str, ...]:
    """What ``page`` shows with no URL parameter (a fragment it shows anyway is no echo)."""
    return tuple(_shown(_run(page, {})))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), HOSTILE)
def test_any_url_parameter_of_any_page(data: st.DataObject, value: str) -> None:
    page = data.draw(st.sampled_from(sorted(PARAMETERS)))
    name = data.draw(st.sampled_from(PARAMETERS[page]))
    at = _run(page, {name: value})
    texts = _shown(at)
    _no_raw_echo(texts, value, _plain_page(page))
    if len(value) > MAX_QUERY_PARAM:
        assert ui("common.link_too_long", limit=MAX_QUERY_PARAM) in texts


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HOSTILE)
def test_any_search_in_the_rule_book(value: str) -> None:
    at = _run("pages/1_Rule_Book.py", {})
    before = _shown(at)
    at.text_input(key=SEARCH_KEY).set_value(value[:100]).run()
    assert not at.exception
    _no_raw_echo(_shown(at), value[:100], before)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HOSTILE)
def test_any_pasted_deal_in_the_variant_lab(value: str) -> None:
    at = _run("pages/5_Variant_Lab.py", {})
    at.radio(key="ha_lab_mode").set_value("paste").run()
    before = _shown(at)
    at.text_area(key="ha_lab_paste").set_value(value[:5_000]).run()
    at.button(key="ha_lab_deal_paste").click().run()
    assert not at.exception
    _no_raw_echo(_shown(at), value[:5_000], before)


def test_the_injection_link_of_the_report_renders_no_link() -> None:
    link = "[Claim your prize](//evil.example/phish) ![px](//evil.example/pixel.png)"
    at = _run("pages/5_Variant_Lab.py", {"a": link})
    errors = [error.value for error in at.error]
    assert errors and all("](//evil" not in error for error in errors)
    assert any("\\[Claim your prize\\]" in error for error in errors)


def test_an_absurd_ruleset_in_a_shared_link_is_refused() -> None:
    at = _run("pages/5_Variant_Lab.py", {"a": "standard~target_score=999999999"})
    shown = [error.value.replace("\\", "") for error in at.error]  # as the browser shows it
    assert any("target_score" in text and "from 0 to 1000" in text for text in shown)
