"""Echoing what a user typed or linked back to them, safely.

Whatever comes from outside (a URL parameter, a pasted deal, a search) is shortened before it is
put in a message (an echo over :data:`ECHO_LIMIT` characters is cut with an ellipsis, so a 100 kB
link is never written back whole), and escaped before the message is shown as Markdown, so a
``[link](//evil)``, an image, an emoji code or a backtick in it shows as the characters typed.
A bare ``https://...``, ``www.example.org`` or ``someone@example.org`` would still become a link
(Markdown finds those in the text after resolving the escapes): an invisible word joiner (U+2060)
inside ``://``, after ``www`` and before ``@`` keeps it plain text, looking exactly as typed.

>>> shorten("x" * 100)[-3:], len(shorten("x" * 100))
('xx…', 80)
>>> print(escape_markdown("[Claim](//evil.example) ![px](//e/p.png)"))
\\[Claim\\]\\(\\/\\/evil\\.example\\) \\!\\[px\\]\\(\\/\\/e\\/p\\.png\\)
>>> print(escape_markdown("`code` :red[x] $x$"))
\\`code\\` \\:red\\[x\\] \\$x\\$
>>> print(escape_markdown("https://evil.example www.evil.example a@evil.example").replace(JOINER, "+"))
https\\:+\\/\\/evil\\.example www+\\.evil\\.example a+\\@evil\\.example
"""

from __future__ import annotations

import re
from typing import Final

#: The longest echo of a user's text, in characters.
ECHO_LIMIT: Final = 80
#: Every ASCII punctuation character: CommonMark lets a backslash escape each one, and Streamlit's
#: Markdown gives meaning to many (links, images, code, emphasis, ``:colour[...]``, ``$maths$``).
_PUNCTUATION: Final = re.compile(r"""([!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])""")
_SPACES: Final = re.compile(r"\s+")
#: U+2060 WORD JOINER: shows as nothing, and is no character a Markdown autolink may contain.
JOINER: Final = "\u2060"
#: Where an autolink literal (GFM: a ``http://`` or ``https://`` URL, a ``www.`` domain, an email
#: address) would start: inside ``://``, between ``www`` and its dot, before ``@``.
_AUTOLINK: Final = re.compile(r"(?<=:)(?=//)|(?<=www)(?=\.)|(?=@)", re.IGNORECASE)


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis when longer."""
    line = _SPACES.sub(" ", str(text)).strip()
    return line if len(line) <= limit else line[: limit - 1] + "…"


def escape_markdown(text: str) -> str:
    """``text`` with every Markdown-active character escaped and every autolink broken, so it shows
    exactly as written and links nowhere."""
    unlinked = _AUTOLINK.sub(JOINER, _SPACES.sub(" ", str(text)))
    return _PUNCTUATION.sub(r"\\\1", unlinked)


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """A user's text, shortened and escaped, ready to go in a Markdown message."""
    return escape_markdown(shorten(text, limit))


__all__ = ["ECHO_LIMIT", "JOINER", "echo", "escape_markdown", "shorten"]
