"""Code words that must never reach a learner's eyes (issue 24, item 8): identifiers in snake_case,
seats by number ("seat 0", "Seat 1"), Python's None, True and False, and catalogue keys
("lab.stat.moon_rate").  Shared by the AppTest sweeps (every lesson step and puzzle) and the
browser sweep (every page, in every language, as the learner sees it).

Links, addresses and file names are taken out first: they are not words a learner reads as text.

>>> code_words("The rules say must_break_hearts; Seat 0 passes: None, to lab.stat.moon_rate.")
['must_break_hearts', 'Seat 0', 'None', 'lab.stat.moon_rate']
>>> code_words("Target: None"), code_words("None points"), code_words("queen breaks hearts = False")
(['None'], ['None'], ['False'])
>>> code_words("None of the cards: see pagat.com or variant-lab-hands.csv, e.g. South. Cards removed: None: none.")
[]
>>> code_words("None")
[]
"""

from __future__ import annotations

import re
from typing import Final

#: An identifier with an underscore: a field, an option or a key as the code spells it.
SNAKE_CASE: Final = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
#: A seat named by its number, in any of the languages (the table names seats by compass).
SEAT_NUMBER: Final = re.compile(r"\b(?:seats?|місц[еяі]|мест[оа])\s+\d", re.IGNORECASE)
#: Python's and JavaScript's values printed as they are: None, True or False as a value (after a
#: colon or an equals sign, or before a lowercase word: "Moon: None", "None points"), NaN, null.
#: The English words stay words: "None of them", an answer "None", "Cards removed: None: the full deck".
CODE_VALUES: Final = re.compile(
    r"(?<=[:=] )(?:None|True|False)\b(?!: [a-z])"
    r"|\b(?:None|True|False)(?= (?!of\b)[a-z])"
    r"|\b(?:NaN|nan|null|undefined)\b"
)
#: A catalogue key or a dotted attribute: two or more dotted parts of letters and underscores.
DOTTED_KEY: Final = re.compile(r"(?<![\w.-])[a-z_]{2,}(?:\.[a-z_][a-z0-9_]+)+(?![\w-])")
#: The last parts of names that are addresses or files, not keys (pagat.com, hands.csv).
NOT_KEYS: Final = frozenset(("com", "org", "net", "io", "csv", "json", "html", "md", "toml", "png", "svg", "pdf"))
#: Links and addresses, taken out before the words are looked at.
LINKS: Final = re.compile(r"https?://\S+|www\.\S+|\S+@\S+|\?[a-z_]+=\S*")

PATTERNS: Final = (SNAKE_CASE, SEAT_NUMBER, CODE_VALUES)


def code_words(text: str) -> list[str]:
    """The code words in ``text``, in the order they appear."""
    plain = LINKS.sub(" ", text)
    found = [(match.start(), match.group()) for pattern in PATTERNS for match in pattern.finditer(plain)]
    found += [
        (match.start(), match.group())
        for match in DOTTED_KEY.finditer(plain)
        if match.group().rsplit(".", 1)[-1] not in NOT_KEYS
    ]
    return [word for _, word in sorted(found)]


__all__ = ["code_words"]
