"""The term base: every concept's term and aliases per language, as printed and as stems.

Built from the glossary itself (each entry's `term` and `aliases`), it serves `judge terms`
(CSV and TBX for CAT tools) and the key-terms and term-consistency checks, which find where a
block mentions a concept by matching stem sequences (judge.analysis, so Czech case endings
count: `výzvy`, `výzvě` and `výzva` are one term).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from judge.core.model import LANGS, Entry
from judge.glossary import Glossary
from judge.search.analysis import stems, words

# "5.1 Empieza la fase de Dominación", "1.1. Fáze plánování začíná": the step number is not
# part of the name a body uses.
_STEP_PREFIX = re.compile(r"^\s*[\dIVX]+(?:\.\d+)*\.?\s+")
# A name with a parenthesis or a colon ("Oro (símbolo)", "X:") is matched without it.
_QUALIFIER = re.compile(r"\s*\([^)]*\)\s*$|\s*:.*$")
# Stop words inside a name are dropped when matching ("fase de Dominación" ~ "fase Dominación"),
# but a name made of stop words alone matches nothing.
_MATCH_STOP = {"es": frozenset("a al de del el en la las lo los o por que se su un una y".split()),
               "cs": frozenset("a do k ke na o s se v ve z za".split())}


@dataclass(frozen=True)
class TermEntry:
    """One concept of the term base: its names (term first, then aliases) per language."""

    game: str
    id: str
    kind: str
    names: dict[str, tuple[str, ...]] = field(hash=False)


@dataclass(frozen=True)
class TermBase:
    game: str | None
    entries: tuple[TermEntry, ...]


def build(glossary: Glossary, game: str | None) -> TermBase:
    """The term base of one game: one row per concept, in id order."""
    rows: list[TermEntry] = []
    if game is None:
        return TermBase(game, ())
    for entry_id in glossary.ids(game):
        variants = glossary.variants(game, entry_id)
        first = next(iter(variants.values()))
        names = {lang: (e.term, *e.aliases) for lang, e in variants.items()}
        rows.append(TermEntry(game, entry_id, first.kind, names))
    return TermBase(game, tuple(rows))


def block_stems(text: str, lang: str) -> tuple[frozenset[str], ...]:
    """One set per word: the word's stems (one, or two when folding changes a Czech stem)."""
    stop = _MATCH_STOP[lang]
    return tuple(frozenset(stems(w, lang)) for w in words(text) if w not in stop)


def strip_name(name: str) -> str:
    """The name without a step number prefix or a trailing qualifier."""
    return _QUALIFIER.sub("", _STEP_PREFIX.sub("", name))


def name_keys(name: str, lang: str) -> tuple[str, ...]:
    """The stem sequence a name is matched by (first stem of each word); () if unusable."""
    bare = strip_name(name)
    stop = _MATCH_STOP[lang]
    return tuple(stems(w, lang)[0] for w in words(bare) if w not in stop)


@dataclass(frozen=True)
class Mention:
    """A concept named in a text: which id, by which name, at which word position."""

    id: str
    name: str
    start: int
    end: int


@dataclass(frozen=True)
class HeadSwap:
    """A name of concept `id` printed with the head word of concept `other`'s name."""

    id: str
    name: str
    printed: str
    other: str
    other_name: str


@dataclass
class Matcher:
    """Finds the concepts a text names: longest names first, no overlapping mentions."""

    lang: str
    names: list[tuple[tuple[str, ...], str, str]] = field(default_factory=list)
    _first_key_index: dict[str, list[int]] | None = field(default=None, repr=False)

    @classmethod
    def for_entries(cls, entries: Iterable[Entry], lang: str) -> Matcher:
        matcher = cls(lang)
        for entry in entries:
            if entry.lang != lang or entry.kind == "section":
                continue
            for name in (entry.term, *entry.aliases):
                keys = name_keys(name, lang)
                if keys and not all(k.isdigit() for k in keys):
                    matcher.names.append((keys, name, entry.id))
        matcher.names.sort(key=lambda item: -len(item[0]))
        return matcher

    def mentions(self, text: str) -> list[Mention]:
        tokens = block_stems(text, self.lang)
        # Candidates in the order the greedy choice takes them: longest name first, then the
        # names' list order, then position; a name is only tried where its first stem occurs.
        candidates: list[tuple[int, int, int]] = []
        for start, token in enumerate(tokens):
            for index in sorted({i for stem in token for i in self._by_first_key().get(stem, ())}):
                keys = self.names[index][0]
                size = len(keys)
                if start + size <= len(tokens) and all(keys[i] in tokens[start + i] for i in range(size)):
                    candidates.append((-size, index, start))
        taken = [False] * len(tokens)
        found: list[Mention] = []
        for negative_size, index, start in sorted(candidates):
            end = start - negative_size
            if not any(taken[start:end]):
                _, name, entry_id = self.names[index]
                found.append(Mention(entry_id, name, start, end))
                taken[start:end] = [True] * (end - start)
        return sorted(found, key=lambda m: m.start)

    def head_swaps(self, text: str, meant: Iterable[str], min_words: int) -> list[HeadSwap]:
        """Names of the `meant` concepts (at least `min_words` words) printed with their first
        word swapped for the first word of another concept's name ("balíček použitých plánů"
        for "hromádka použitých plánů": the plot deck's head on the used pile's words)."""
        printed = [w for w in words(text) if w not in _MATCH_STOP[self.lang]]
        tokens = block_stems(text, self.lang)
        heads = self._by_first_key()
        found: list[HeadSwap] = []
        for keys, name, entry_id in self.names:
            if entry_id not in meant or len(keys) < min_words:
                continue
            for start in range(len(tokens) - len(keys) + 1):
                head, rest = tokens[start], tokens[start + 1:start + len(keys)]
                if head & set(keys) or not all(k in t for k, t in zip(keys[1:], rest)):
                    continue
                # the other concept whose name shares most words with the printed one
                window = set().union(*tokens[start:start + len(keys)])
                others = sorted((-len(window & set(self.names[i][0])), self.names[i][2], self.names[i][1])
                                for stem in head for i in heads.get(stem, ()) if self.names[i][2] != entry_id)
                if others:
                    _, other, other_name = others[0]
                    printed_name = " ".join(printed[start:start + len(keys)])
                    found.append(HeadSwap(entry_id, name, printed_name, other, other_name))
        return found

    def _by_first_key(self) -> dict[str, list[int]]:
        """Positions in `names` by the name's first stem (built once, names do not change after)."""
        if self._first_key_index is None:
            index: dict[str, list[int]] = {}
            for position, (keys, _, _) in enumerate(self.names):
                index.setdefault(keys[0], []).append(position)
            self._first_key_index = index
        return self._first_key_index


def langs_of(row: TermEntry) -> list[str]:
    return [lang for lang in LANGS if lang in row.names]
