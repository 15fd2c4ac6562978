"""The words layer: message catalogues by key and language (the bottom of ``hearts_core``)."""

from .catalogue import (
    DEFAULT_LANGUAGE,
    ENGINE,
    Catalogue,
    MissingMessageError,
    catalogue,
    has_message,
    message,
)

__all__ = ["DEFAULT_LANGUAGE", "ENGINE", "Catalogue", "MissingMessageError", "catalogue", "has_message", "message"]
