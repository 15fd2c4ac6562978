"""A teacher's class, as values: the join code, the recovery code, a learner's display name, and the
limit on join attempts (issue 30).  Pure: the codes take their randomness from a ``random.Random`` the
caller passes (``secrets.SystemRandom()`` in the app), and nothing here touches a database.

A join code is short enough to read out in a classroom and type on a phone, and unguessable: 8 letters
and digits of Crockford's base 32 (no I, L, O or U to misread), 40 random bits, with the server refusing
more than :data:`JOIN_ATTEMPTS` wrong codes from one learner in :data:`JOIN_WINDOW`, so guessing one of
a million classes' codes would take longer than the codes live.

>>> import random
>>> code = new_join_code(random.Random(7))
>>> len(code), normalize_code(code.lower().replace("0", "o")) == code
(8, True)
>>> display_name("  Mia   K. ")
'Mia K.'
"""

from __future__ import annotations

import hashlib
import random
import unicodedata
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Final

#: Crockford's base 32: digits and letters without I, L, O and U.
ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Letters a learner may type for another that looks the same.
_LOOKALIKES: Final = str.maketrans({"I": "1", "L": "1", "O": "0"})
JOIN_CODE_LENGTH: Final = 8
RECOVERY_CODE_LENGTH: Final = 16
#: At most this many wrong join codes from one learner in :data:`JOIN_WINDOW`.
JOIN_ATTEMPTS: Final = 10
JOIN_WINDOW: Final = timedelta(minutes=10)
#: A display name: 1 to this many characters, letters, digits, spaces and a few marks.
DISPLAY_NAME_MAX: Final = 40
CLASS_NAME_MAX: Final = 80
_NAME_MARKS: Final = frozenset(" .-'’_")


class ClassInputError(ValueError):
    """A name or code a teacher or learner typed that cannot be used; ``code`` says why
    (``name_empty``, ``name_long``, ``name_characters``, ``code_shape``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _code(rng: random.Random, length: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(length))


def new_join_code(rng: random.Random) -> str:
    """A new join code: 8 characters of :data:`ALPHABET` (40 random bits)."""
    return _code(rng, JOIN_CODE_LENGTH)


def new_recovery_code(rng: random.Random) -> str:
    """A new recovery code (80 random bits), shown to the teacher once, in groups of four.

    >>> new_recovery_code(random.Random(1)).count("-")
    3
    """
    raw = _code(rng, RECOVERY_CODE_LENGTH)
    return "-".join(raw[index : index + 4] for index in range(0, RECOVERY_CODE_LENGTH, 4))


def normalize_code(text: str) -> str:
    """A typed code as stored: upper case, spaces and dashes gone, look-alikes read as digits.

    >>> normalize_code(" 7k3m-q9 xz ")
    '7K3MQ9XZ'
    """
    return "".join(character for character in text.upper() if character not in " -").translate(_LOOKALIKES)


def is_code_shaped(code: str, length: int = JOIN_CODE_LENGTH) -> bool:
    """Whether a normalized code could be one (the length and the alphabet)."""
    return len(code) == length and all(character in ALPHABET for character in code)


def code_digest(code: str) -> str:
    """What the database keeps of a recovery code: its SHA-256 (the code itself is shown once)."""
    return hashlib.sha256(normalize_code(code).encode()).hexdigest()


def _clean(text: str, limit: int) -> str:
    cleaned = " ".join(unicodedata.normalize("NFC", text).split())
    if not cleaned:
        raise ClassInputError("name_empty")
    if len(cleaned) > limit:
        raise ClassInputError("name_long")
    return cleaned


def display_name(text: str) -> str:
    """A learner's name in a class, as typed, tidied: letters (any script), digits, spaces and
    ``. - ' ’ _``; 1 to 40 characters.  Never a real name asked for: whatever the learner picks.

    >>> display_name("<b>me</b>")
    Traceback (most recent call last):
    ...
    hearts_core.learner.classes.ClassInputError: name_characters
    """
    cleaned = _clean(text, DISPLAY_NAME_MAX)
    if not all(character.isalnum() or character in _NAME_MARKS for character in cleaned):
        raise ClassInputError("name_characters")
    return cleaned


def class_name(text: str) -> str:
    """A class's name as the teacher typed it, tidied (any printable text, 1 to 80 characters).

    >>> class_name("  Year 7   Hearts club ")
    'Year 7 Hearts club'
    """
    cleaned = _clean(text, CLASS_NAME_MAX)
    if any(unicodedata.category(character).startswith("C") for character in cleaned):
        raise ClassInputError("name_characters")
    return cleaned


def may_try_a_code(wrong_attempts: Sequence[datetime], now: datetime) -> bool:
    """Whether a learner with these wrong join codes behind them may try another now.

    >>> from datetime import UTC
    >>> now = datetime(2027, 1, 1, 12, tzinfo=UTC)
    >>> may_try_a_code([now - timedelta(minutes=1)] * 9, now), may_try_a_code([now] * 10, now)
    (True, False)
    >>> may_try_a_code([now - timedelta(minutes=11)] * 50, now)
    True
    """
    recent = [moment for moment in wrong_attempts if now - moment < JOIN_WINDOW]
    return len(recent) < JOIN_ATTEMPTS


__all__ = [
    "ALPHABET",
    "CLASS_NAME_MAX",
    "DISPLAY_NAME_MAX",
    "JOIN_ATTEMPTS",
    "JOIN_CODE_LENGTH",
    "JOIN_WINDOW",
    "ClassInputError",
    "class_name",
    "code_digest",
    "display_name",
    "is_code_shaped",
    "may_try_a_code",
    "new_join_code",
    "new_recovery_code",
    "normalize_code",
]
