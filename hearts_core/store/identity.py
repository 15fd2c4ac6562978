"""A learner's browser token: made at random, signed by the server, kept by the browser in a cookie.

The token is the secret (192 random bits); the database knows a learner only by the token's
SHA-256, and the server accepts only tokens it signed itself (an HMAC with a key every server reads
from the database), so a made-up cookie never becomes a learner.

>>> key = "k" * 43
>>> cookie = signed(new_token(), key)
>>> token = verified(cookie, key)
>>> token is not None and signed(token, key) == cookie
True
>>> verified(cookie, "another key") is None, verified("not-a-cookie", key) is None
(True, True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import Final

_TOKEN: Final = re.compile(r"^[A-Za-z0-9_-]{32}$")
_SIGNATURE: Final = re.compile(r"^[A-Za-z0-9_-]{43}$")


def new_token() -> str:
    """A new learner token: 24 random bytes, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


def new_key() -> str:
    """A new signing key (256 random bits)."""
    return secrets.token_urlsafe(32)


def _signature(token: str, key: str) -> str:
    digest = hmac.new(key.encode(), token.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def signed(token: str, key: str) -> str:
    """The cookie value for ``token``: the token and its signature."""
    return f"{token}.{_signature(token, key)}"


def verified(cookie: str | None, key: str) -> str | None:
    """The token in a cookie the server signed with ``key``; None for anything else."""
    if not cookie or cookie.count(".") != 1:
        return None
    token, signature = cookie.split(".")
    if not _TOKEN.match(token) or not _SIGNATURE.match(signature):
        return None
    return token if hmac.compare_digest(signature, _signature(token, key)) else None


def learner_key(token: str) -> str:
    """The learner's key in the database: the token's SHA-256 (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


__all__ = ["learner_key", "new_key", "new_token", "signed", "verified"]
