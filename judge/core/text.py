"""Text normalisation shared by lookup and (later) search."""

from __future__ import annotations

import re
import unicodedata

_SEPARATORS = re.compile(r"[\s\-_]+")


def nfc(text: str) -> str:
    """NFC: decomposed text breaks even exact matches (shared/NOTES.md), so store composed."""
    return unicodedata.normalize("NFC", text)


def fold(text: str) -> str:
    """Case- and accent-insensitive key: `Condición-de activación` → `condicion de activacion`.

    Hyphens count as spaces so an id (`triggering-condition`) folds like its words.
    """
    if text.isascii():  # nothing to decompose (most words): the same key, without the walk
        bare = text
    else:
        decomposed = unicodedata.normalize("NFD", text)
        bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SEPARATORS.sub(" ", bare.casefold()).strip()
