"""A learner's browser token: made at random, signed by the server, kept by the browser in a cookie.

The token is the secret (192 random bits); the database knows a learner only by the token's
SHA-256, and the server accepts only tokens it signed itself (an HMAC with a key every server reads
from the database), so a made-up cookie never becomes a learner.

The cookie also carries the moment it expires, under the signature: the server refuses it after
that moment whatever the browser does, so a copied cookie stops working a year after it was issued
(the server issues a fresh one on every page a learner opens).  The server may accept several keys
at once: after a key rotation the previous key's cookies still verify, and are re-signed with the
new key on the learner's next page.

>>> keys = ("k" * 43,)
>>> cookie = signed(new_token(), keys[0], expires=2_000_000_000)
>>> token = verified(cookie, keys, now=1_900_000_000)
>>> token is not None and signed(token, keys[0], expires=2_000_000_000) == cookie
True
>>> verified(cookie, keys, now=2_000_000_001) is None   # expired on the server
True
>>> verified(cookie, ("another key",), now=1_900_000_000) is None, verified("not-a-cookie", keys, now=0) is None
(True, True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from typing import Final

_TOKEN: Final = re.compile(r"^[A-Za-z0-9_-]{32}$")
_EXPIRES: Final = re.compile(r"^[1-9][0-9]{0,11}$")
_SIGNATURE: Final = re.compile(r"^[A-Za-z0-9_-]{43}$")
#: How long a cookie the server issues is good for, in seconds (a year): the browser's Max-Age, and
#: the server's own limit on the cookie's value.
COOKIE_LIFETIME: Final = 365 * 24 * 3600


def new_token() -> str:
    """A new learner token: 24 random bytes, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


def new_key() -> str:
    """A new signing key (256 random bits)."""
    return secrets.token_urlsafe(32)


def _signature(message: str, key: str) -> str:
    digest = hmac.new(key.encode(), message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def signed(token: str, key: str, expires: int) -> str:
    """The cookie value for ``token``, good until ``expires`` (Unix seconds): the token, the moment,
    and their signature."""
    message = f"{token}.{expires}"
    return f"{message}.{_signature(message, key)}"


def _signed_by_one_of(message: str, signature: str, keys: Sequence[str]) -> bool:
    return any(hmac.compare_digest(signature, _signature(message, key)) for key in keys)


def verified(cookie: str | None, keys: Sequence[str], now: float, legacy: bool = False) -> str | None:
    """The token in a cookie signed with one of ``keys`` that has not expired at ``now``; None for
    anything else.  With ``legacy``, a cookie of the first format (the token and its signature, no
    expiry: issued before the server kept lifetimes) is accepted too.

    >>> key = "k" * 43
    >>> token = new_token()
    >>> old = f"{token}.{_signature(token, key)}"
    >>> verified(old, [key], now=0) is None, verified(old, [key], now=0, legacy=True) == token
    (True, True)
    """
    if not cookie or len(cookie) > 100:
        return None
    parts = cookie.split(".")
    if len(parts) == 3:
        token, expires, signature = parts
        if not (_TOKEN.match(token) and _EXPIRES.match(expires) and _SIGNATURE.match(signature)):
            return None
        if int(expires) <= now or not _signed_by_one_of(f"{token}.{expires}", signature, keys):
            return None
        return token
    if len(parts) == 2 and legacy:
        token, signature = parts
        if _TOKEN.match(token) and _SIGNATURE.match(signature) and _signed_by_one_of(token, signature, keys):
            return token
    return None


def learner_key(token: str) -> str:
    """The learner's key in the database: the token's SHA-256 (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


__all__ = ["COOKIE_LIFETIME", "learner_key", "new_key", "new_token", "signed", "verified"]
