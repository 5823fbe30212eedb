"""Text analysis shared by the CLI search, the site search and the translator checks.

One function turns text into index terms the same way everywhere: NFC, lower case, words,
stop words dropped, Snowball stems folded to ASCII. Czech stems depend on the accents
(`hráči` stems to `hráč`, unaccented `hraci` to `hrak`), so a word whose stem differs when
folded first yields both forms: a query typed without accents still meets the accented text.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

import snowballstemmer

from judge.core.text import fold, nfc

_WORD = re.compile(r"\w+", re.UNICODE)
_LANGUAGES = {"es": "spanish", "cs": "czech"}
# Function words only: content words of the rules (no, sin, más, nelze) stay searchable.
_STOP_WORDS = {
    "es": frozenset(
        "a al como con de del el en es esa ese esta este la las lo los o para por que se su sus "
        "un una uno y".split()
    ),
    "cs": frozenset(
        "a aby do i je jako k ke na o od po pro s se si ta tak te to u v ve z za".split()
    ),
}


def stop_words(lang: str) -> frozenset[str]:
    """The function words `terms` drops in `lang` (es or cs); the site's search drops the same."""
    return _STOP_WORDS[lang]


def words(text: str) -> list[str]:
    """The words of `text`, NFC and lower-cased, in order."""
    return _WORD.findall(nfc(text).lower())


@lru_cache(maxsize=65536)
def stems(word: str, lang: str) -> tuple[str, ...]:
    """The folded stem of one lower-case word; two when folding first changes the stem."""
    stemmer = _stemmer(lang)
    stem = stemmer.stemWord(word)
    stem_then_fold = fold(stem)
    folded = fold(word)
    # Most words have no accent: the same word gives the same stem (half the stemming time).
    fold_then_stem = stem if folded == word else stemmer.stemWord(folded)
    if stem_then_fold == fold_then_stem:
        return (stem_then_fold,)
    return (stem_then_fold, fold_then_stem)


def terms(text: str, lang: str, keep_stop_words: bool = False) -> list[str]:
    """Index terms of `text` in `lang` (es or cs), in order, variants of a word side by side."""
    stop = frozenset() if keep_stop_words else _STOP_WORDS[lang]
    return [s for w in words(text) if w not in stop for s in stems(w, lang)]


@lru_cache(maxsize=None)
def _stemmer(lang: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(_LANGUAGES[lang])


def stemmer_id() -> str:
    """Which stemmers `stems` uses: PyStemmer's C module when installed (snowballstemmer hands
    it out), else snowballstemmer's pure Python; the search index is keyed by it."""
    module = sys.modules[type(_stemmer("es")).__module__]
    where = Path(module.__file__ or module.__name__)
    size = where.stat().st_size if where.is_file() else 0
    return f"{module.__name__} {where.name} {size}"
