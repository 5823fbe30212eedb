"""Spelling with Debian's hunspell dictionaries, read by spylls (pure Python, optional).

Known words are the dictionary's, the project word list's (glossary/<game>/spelling.yaml: names,
abbreviations and game words per language) and every word of the glossary's own terms and
aliases. A word whose stem is the stem of a known project word is known too, so one listed
form covers its Czech cases (`Baratheon` covers `Baratheonů`).
"""

from __future__ import annotations

import gc
import os
import re
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import yaml

from judge.core import compiled
from judge.core.model import Entry
from judge.search.analysis import stems, words


def dictionary_dir() -> Path:
    """JUDGE_HUNSPELL_DIR if set, else where Debian's hunspell-* packages put dictionaries."""
    return Path(os.environ.get("JUDGE_HUNSPELL_DIR", "/usr/share/hunspell"))

DICTIONARIES = {"es": "es_ES", "cs": "cs_CZ"}
WORD_LIST = "spelling.yaml"

# Letters only; a word followed by a dot may be an abbreviation (např., tzn.), kept with its dot.
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?\.?")
_PLACEHOLDER = re.compile(r"\\?\[[^\]]*\]")


class _Dictionary(Protocol):
    def lookup(self, word: str) -> bool: ...


_LOADED: dict[Path, _Dictionary] = {}


@lru_cache(maxsize=None)
def _dictionary(base: Path) -> _Dictionary | None:
    """The hunspell dictionary at `base` (.aff/.dic), loaded once per process (2–8 s)."""
    if not base.with_suffix(".dic").is_file():
        return None
    from spylls.hunspell import Dictionary

    # spylls leaves the .aff/.dic files to the garbage collector: close them here, quietly,
    # rather than as a ResourceWarning at some later, unrelated moment.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        loaded: _Dictionary = Dictionary.from_files(str(base))
        gc.collect()
    _LOADED[base] = loaded
    return loaded


def _dictionary_for(base: Path, asked: Iterable[str]) -> _Dictionary | None:
    """A dictionary that answers these words as the whole one at `base` does, holding only the
    .dic lines whose stem its lookup of them consults: the whole one when already loaded, else
    the .aff and those lines (≈ 0.7 s where the whole Czech one takes ≈ 8 s).

    Hunspell's lookup strips every affix the .aff allows from the word and asks the word list for
    each stem so found; which stems it asks depends on the .aff alone (no compounding rule here:
    otherwise the whole dictionary is loaded). A first lookup against an empty word list records
    them. (One difference, spylls' own: its whole dictionary also accepts any capital letter alone,
    "K", through a lower-case index built from single letters; this one does not.)"""
    if base in _LOADED or not base.with_suffix(".dic").is_file():
        return _dictionary(base)
    from spylls.hunspell import Dictionary, readers
    from spylls.hunspell.data.dic import Dic
    from spylls.hunspell.readers.file_reader import FileReader

    asked_stems: set[str] = set()

    class Recording(Dic):
        def homonyms(self, stem: str, *, ignorecase: bool = False) -> list[Any]:
            asked_stems.add(stem.lower())
            return []

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        aff, context = readers.read_aff(FileReader(str(base.with_suffix(".aff"))))
        gc.collect()
    if aff.COMPOUNDFLAG or aff.COMPOUNDRULE or aff.COMPOUNDBEGIN:
        return _dictionary(base)
    recording = Dictionary(aff, Recording(words=[]))
    for word in asked:
        recording.lookup(word)
    with open(base.with_suffix(".dic"), encoding=context.encoding, errors="surrogateescape") as dic_file:
        lines = [line.strip() for line in dic_file.read().splitlines()[1:] if _stem(line.strip()).lower() in asked_stems]
    dic = readers.read_dic(_Lines(lines), aff=aff, context=context)
    found: _Dictionary = Dictionary(aff, dic)
    return found


def _stem(line: str) -> str:
    """The stem of a .dic line ("stem/flags data"); a stem holding an escaped slash is kept whole."""
    stem = line.partition("/")[0]
    if not any(c in stem for c in "\t \\"):
        return stem  # nearly every line: a plain stem before its flags
    return re.split(r"(?<!\\)/|\t| [a-z][a-z]:", line, maxsplit=1)[0].replace("\\/", "/")


class _Lines:
    """.dic lines as spylls' readers give them: (number, line), the count line left out."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return iter(enumerate(self.lines, start=2))


def missing() -> str | None:
    """Why spelling cannot run here, or None when it can."""
    try:
        import spylls.hunspell  # noqa: F401
    except ImportError:
        return "spelling: skipped (the Python package spylls is not installed: pip install 'judge[spelling]')"
    folder = dictionary_dir()
    absent = [f"hunspell-{lang} ({folder / name}.dic)" for lang, name in DICTIONARIES.items()
              if not (folder / name).with_suffix(".dic").is_file()]
    if absent:
        return f"spelling: skipped (dictionary not installed: {', '.join(absent)})"
    return None


@dataclass
class Checker:
    """Finds the unknown words of a text in one language; remembers every answer."""

    known: dict[str, frozenset[str]]
    known_stems: dict[str, frozenset[str]]

    def unknown(self, text: str, lang: str) -> list[str]:
        found: list[str] = []
        for word in _WORD.findall(_PLACEHOLDER.sub(" ", text)):
            if not self._knows(word, lang) and word.rstrip(".") not in found:
                found.append(word.rstrip("."))
        return found

    def unknown_forms(self, candidates: Iterable[str], lang: str) -> frozenset[str]:
        """Of `candidates`, the very forms that neither the word list nor the dictionary knows (no
        stemming: a form of another language may share a stem with a known word). Only these words
        are looked up, in a dictionary holding just what their lookup needs (_dictionary_for): the
        language check needs a verdict on a few words, not the whole dictionary loaded."""
        asked = sorted({w for w in candidates if w.lower() not in self.known[lang]})
        if not asked:
            return frozenset()
        base = dictionary_dir() / DICTIONARIES[lang]
        where, key = _answers_file(base)
        answers: dict[str, bool] = compiled.read_table(where, key)
        new = [w for w in asked if w not in answers]
        if new:
            dictionary = _dictionary_for(base, new)
            if dictionary is None:
                return frozenset()
            answers.update((w, bool(dictionary.lookup(w))) for w in new)
            if key is not None:
                compiled.write(where, key, answers)
        return frozenset(w for w in asked if not answers[w])

    def _knows(self, word: str, lang: str) -> bool:
        bare = word.rstrip(".")
        if bare.isupper() or len(bare) < 2:
            return True  # FUE, II, IV: abbreviations and Roman numerals
        if word.lower() in self.known[lang] or bare.lower() in self.known[lang]:
            return True
        if set(stems(bare.lower(), lang)) & self.known_stems[lang]:
            return True
        return _lookup(bare, lang)


def _answers_file(base: Path) -> tuple[Path, str | None]:
    """Where the dictionary at `base`'s answers to unknown_forms are kept (judge.core.compiled),
    under the key of its .aff and .dic and spylls' version: the same few words are asked at
    every check run, and an answer needs the .aff parsed and the .dic read (≈ 1 s for Czech)."""
    from importlib import metadata

    try:
        salt = f"hunspell answers, spylls {metadata.version('spylls')}"
    except metadata.PackageNotFoundError:
        salt = "hunspell answers"
    files = [base.with_suffix(".aff"), base.with_suffix(".dic")]
    return compiled.path_for("hunspell-answers", base), compiled.files_key([f for f in files if f.exists()], salt)


@lru_cache(maxsize=65536)
def _lookup(word: str, lang: str) -> bool:
    dictionary = _dictionary(dictionary_dir() / DICTIONARIES[lang])
    return dictionary is None or bool(dictionary.lookup(word))


def checker(game_dir: Path, entries: Iterable[Entry]) -> tuple[Checker | None, str]:
    """A Checker for a game, or None and the notice saying why spelling is skipped."""
    why = missing()
    if why is not None:
        return None, why
    listed = _word_list(game_dir / WORD_LIST)
    known: dict[str, set[str]] = {lang: {w.lower() for w in listed.get(lang, [])} for lang in DICTIONARIES}
    project_stems: dict[str, set[str]] = {lang: set() for lang in DICTIONARIES}
    for lang, listed_words in listed.items():
        for word in listed_words:
            project_stems[lang].update(s for w in words(word) for s in stems(w, lang))
    for entry in entries:
        for name in (entry.term, *entry.aliases):
            for word in words(name):
                known[entry.lang].add(word)
                project_stems[entry.lang].update(stems(word, entry.lang))
    return Checker({k: frozenset(v) for k, v in known.items()},
                   {k: frozenset(v) for k, v in project_stems.items()}), ""


def _word_list(path: Path) -> dict[str, list[str]]:
    if not path.is_file():
        return {}
    data: Any = yaml.safe_load(path.read_text("utf-8")) or {}
    return {str(lang): [str(w) for w in found or []] for lang, found in data.items()}
