"""Echoing what a user typed or linked back to them, safely.

Whatever comes from outside (a URL parameter, a pasted deal, a search) is shortened before it is
put in a message (an echo over :data:`ECHO_LIMIT` characters is cut with an ellipsis, so a 100 kB
link is never written back whole), and escaped before the message is shown as Markdown, so a
``[link](//evil)``, an image, an emoji code or a backtick in it shows as the characters typed.

>>> shorten("x" * 100)[-3:], len(shorten("x" * 100))
('xx…', 80)
>>> print(escape_markdown("[Claim](//evil.example) ![px](//e/p.png)"))
\\[Claim\\]\\(\\/\\/evil\\.example\\) \\!\\[px\\]\\(\\/\\/e\\/p\\.png\\)
>>> print(escape_markdown("`code` :red[x] $x$"))
\\`code\\` \\:red\\[x\\] \\$x\\$
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


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis when longer."""
    line = _SPACES.sub(" ", str(text)).strip()
    return line if len(line) <= limit else line[: limit - 1] + "…"


def escape_markdown(text: str) -> str:
    """``text`` with every Markdown-active character escaped, so it shows exactly as written."""
    return _PUNCTUATION.sub(r"\\\1", _SPACES.sub(" ", str(text)))


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """A user's text, shortened and escaped, ready to go in a Markdown message."""
    return escape_markdown(shorten(text, limit))


__all__ = ["ECHO_LIMIT", "echo", "escape_markdown", "shorten"]
