"""A URL parameter echoed in a page's message never becomes a link (issue 28, item 6).

Streamlit's Markdown turns a bare ``https://...``, ``www.example.org`` or ``someone@example.org`` in
plain text into a link (GFM's autolink literals, found in the text *after* backslash escapes are
resolved, so escaping the punctuation is not enough).  Every page that echoes a parameter does so
through :func:`hearts_core.words.echo.echo`; here each parameter gets a message made to look like the
app's own, with a link in it, and the Markdown every element holds is checked with the same rules the
browser's Markdown uses (``tests/browser/test_url_echo_browser.py`` looks at the real page).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.content.lessons import load_curriculum
from hearts_core.content.schema import LESSONS_DIR
from hearts_core.words.echo import JOINER, echo, escape_markdown
from tests.helpers import rendered

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60
#: What the report's attacker put in a link: the app's own voice, with somewhere to go.
BAIT = "Your progress was lost. Restore it at https://evil.example/restore or www.evil.example, help@evil.example"

#: GFM autolink literals as Streamlit's Markdown (mdast-util-gfm-autolink-literal, in the
#: StreamlitMarkdown bundle) finds them in a text node: a protocol or ``www.``, then a domain; an email.
_URL = re.compile(r"(https?://|www(?=\.))([-.\w]+)", re.IGNORECASE | re.ASCII)
_EMAIL = re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII)
#: Links Markdown's own syntax makes: ``[text](url)``, ``![alt](url)``, ``[text][ref]``, ``<scheme:...>``.
_UNESCAPED = r"(?<!\\)(?:\\\\)*"
_SYNTAX = re.compile(_UNESCAPED + r"(?:\]\(|\]\[|<[a-zA-Z][-+.a-zA-Z0-9]{1,31}:)")


def links(markdown: str) -> list[str]:
    """Every link the browser would draw for ``markdown``: its own link syntax, and the autolink
    literals of the text that shows (the escapes resolved, as the Markdown parser does before it
    looks for them).

    >>> links("see https://a.example/x and www.b.example, c@d.example")
    ['https://a.example', 'www.b.example', 'c@d.example']
    >>> links(escape_markdown("https://a.example [x](//y)"))
    []
    >>> links("[x](//y)")
    ['](']
    """
    text = rendered(markdown)
    found = [match.group(0) for match in _SYNTAX.finditer(markdown)]
    found += [match.group(0) for match in _URL.finditer(text) if "." in match.group(2)]
    found += [match.group(0) for match in _EMAIL.finditer(text)]
    return found


#: A lesson that exists, so ``?step=`` is read.
FIRST_LESSON = next(iter(load_curriculum(LESSONS_DIR).lessons))
#: (page, parameters): one case per URL parameter an app page echoes.
CASES = {
    "preset": ("pages/1_Rule_Book.py", {"preset": BAIT}),
    "a": ("pages/5_Variant_Lab.py", {"a": BAIT}),
    "b": ("pages/5_Variant_Lab.py", {"b": BAIT}),
    "lang": ("pages/6_Sources.py", {"lang": BAIT}),
    "lesson": ("pages/2_Lessons.py", {"lesson": BAIT}),
    "step": ("pages/2_Lessons.py", {"lesson": FIRST_LESSON, "step": BAIT}),
    "puzzle": ("pages/3_Puzzles.py", {"puzzle": BAIT}),
    "theme": ("pages/3_Puzzles.py", {"theme": BAIT}),
    "rules": ("pages/9_Analysis.py", {"rules": BAIT}),
    # The position's parser quotes the text up to a colon, lower-cased: a domain and an email get there.
    "position": ("pages/9_Analysis.py", {"position": "restore at www.evil.example help@evil.example"}),
}


def _shown(at: AppTest) -> list[str]:
    """The Markdown of every element that shows text: messages, Markdown blocks, captions."""
    elements = [*at.warning, *at.error, *at.info, *at.success, *at.markdown, *at.caption]
    return [str(element.value) for element in elements]


@pytest.mark.parametrize("parameter", sorted(CASES))
def test_a_url_in_a_parameter_is_echoed_as_text_not_a_link(parameter: str) -> None:
    page, params = CASES[parameter]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    at.switch_page(page)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [item.message for item in at.exception]
    messages = [text for text in _shown(at) if "evil" in rendered(text)]
    assert messages, f"?{parameter}= is not echoed on {page}: {_shown(at)}"
    for text in messages:
        assert links(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        BAIT,
        "HTTPS://EVIL.EXAMPLE/x",
        "http://evil.example",
        "WWW.evil.example/path",
        "(https://evil.example)",
        "x@evil.example.org",
        "https://www.evil.example",
        "<https://evil.example>",
        "[a](https://evil.example)",
    ],
)
def test_the_echo_of_any_link_holds_no_link(text: str) -> None:
    assert links(escape_markdown(text)) == []
    assert links(echo(text)) == []
    assert rendered(escape_markdown(text)).replace(JOINER, "") == text  # shows as typed
