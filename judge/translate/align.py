"""Paragraph alignment of a concept's Spanish and Czech entries, and the word-translation table
it uses, learned from the glossary's own aligned paragraphs.

The Czech rulebook is a later version: it inserts paragraphs (captions, "see Appendix II"),
splits others, and a few entries differ in shape. Entries of the same shape pair their blocks
by position; the others are aligned by dynamic programming (Gale & Church's moves 1-1, 1-0,
0-1, 1-2, 2-1) scored by length and by how many content words find a translation across.
The translation table is a Dice coefficient of co-occurrence over the paragraph pairs of
same-shape entries and the term base's names (Smadja et al. 1996 use the same measure for
bilingual collocations): no model to download, and it learns this glossary's own vocabulary.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

from judge.core.model import Block
from judge.core.text import fold
from judge.search.analysis import stems, stop_words, words

_LETTERS = re.compile(r"^[^\W\d_]{3,}$")
_ICON = re.compile(r"\[[a-z]+\]")


def content_words(text: str, lang: str, extra_stop: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(word, stem) of each content word of `text`, in order: no function word, no number, no icon."""
    stop = stop_words(lang) | extra_stop
    found = []
    for word in words(_ICON.sub(" ", text)):
        if word not in stop and _LETTERS.match(word):
            # Czech negates by prefix (nevyhraje, neprohrál): the modality check reads negation,
            # this table pairs the verb.
            bare = word[2:] if lang == "cs" and word.startswith("ne") and len(word) > 5 else word
            found.append((word, stems(bare, lang)[0]))
    return found


@dataclass
class Lexicon:
    """Spanish stem → Czech stems it translates to (and the reverse), with their Dice coefficient."""

    dice: dict[tuple[str, str], float] = field(default_factory=dict)
    extra_stop: dict[str, frozenset[str]] = field(default_factory=dict)
    partners: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    together: dict[tuple[str, str], int] = field(default_factory=dict)  # paragraph pairs each kept pair shares
    trained_on: int = 0  # paragraph pairs it was learned from
    # (text, lang) → words(text, lang): aligning asks for the same paragraphs' words again and
    # again (each cell of the table in `align`); callers only read the list.
    _words: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def learn(cls, pairs: Iterable[tuple[str, str]], min_pairs: int, min_dice: float,
              extra_stop: dict[str, frozenset[str]]) -> Lexicon:
        together: Counter[tuple[str, str]] = Counter()
        es_count: Counter[str] = Counter()
        cs_count: Counter[str] = Counter()
        lexicon = cls(extra_stop=extra_stop)
        for es_text, cs_text in pairs:
            lexicon.trained_on += 1
            es = {s for _, s in lexicon.words(es_text, "es")}
            cs = {s for _, s in lexicon.words(cs_text, "cs")}
            es_count.update(es)
            cs_count.update(cs)
            together.update(product(es, cs))
        for (es_stem, cs_stem), n in together.items():
            score = 2 * n / (es_count[es_stem] + cs_count[cs_stem])
            if n >= min_pairs and score >= min_dice:
                lexicon.dice[(es_stem, cs_stem)] = score
                lexicon.together[(es_stem, cs_stem)] = n
                lexicon.partners.setdefault(("es", es_stem), set()).add(cs_stem)
                lexicon.partners.setdefault(("cs", cs_stem), set()).add(es_stem)
        return lexicon

    def words(self, text: str, lang: str) -> list[tuple[str, str]]:
        found = self._words.get((text, lang))
        if found is None:
            found = self._words[(text, lang)] = content_words(text, lang, self.extra_stop.get(lang, frozenset()))
        return found

    def translated(self, own: Sequence[tuple[str, str]], lang: str, other: Sequence[tuple[str, str]]) -> list[bool]:
        """For each of `own` words (in `lang`): does it find a translation among `other`'s words?
        Names and cognates (Stark, duplicado/duplikát) count by their first four folded letters,
        longer ones also by their first three consonants (tabla/tabulce)."""
        stems_there = {s for _, s in other}
        prefixes = {k[:4] for k in (_skeleton(w) for w, _ in other) if len(k) >= 4}
        consonants = {k[:3] for k in (_consonants(w) for w, _ in other) if len(k) >= 3}
        return [bool(self.partners.get((lang, s), set()) & stems_there) or (len(w) >= 4 and _skeleton(w)[:4] in prefixes)
                or (len(w) >= 5 and len(_consonants(w)) >= 3 and _consonants(w)[:3] in consonants)
                for w, s in own]

    def sure(self, stem: str, lang: str, min_dice: float, min_pairs: int) -> str | None:
        """The translation of a stem the table is sure of, or None: each is the other's best
        partner (competitive linking, Melamed 2000), with at least this Dice coefficient in at
        least this many paragraph pairs. A word that has one is translated that way nearly every
        time, so a counterpart with neither it nor a cognate has dropped or changed the word."""
        best = self._best(stem, lang)
        other = "cs" if lang == "es" else "es"
        if best is None or self._best(best, other) != stem:
            return None
        key = (stem, best) if lang == "es" else (best, stem)
        return best if self.dice[key] >= min_dice and self.together[key] >= min_pairs else None

    def _best(self, stem: str, lang: str) -> str | None:
        scored = [(self.dice[(stem, o) if lang == "es" else (o, stem)], o) for o in self.partners.get((lang, stem), ())]
        return max(scored)[1] if scored else None

    def coverage(self, text: str, lang: str, other_text: str) -> tuple[int, int]:
        """(translated content words, content words) of `text` against `other_text`."""
        own = self.words(text, lang)
        return sum(self.translated(own, lang, self.words(other_text, "cs" if lang == "es" else "es"))), len(own)


@lru_cache(maxsize=65536)  # a paragraph's words are compared with its neighbours' many times
def _skeleton(word: str) -> str:
    return fold(word).replace("k", "c").replace("v", "b").replace("z", "s")


_VOWELS = re.compile(r"[aeiouy]")


@lru_cache(maxsize=65536)
def _consonants(word: str) -> str:
    return _VOWELS.sub("", _skeleton(word))


# -- aligning paragraphs ----------------------------------------------------------------

# A group: the Spanish blocks and the Czech blocks that say the same thing (one side may be empty).
Group = tuple[tuple[Block, ...], tuple[Block, ...]]
_MOVES = ((1, 1), (1, 0), (0, 1), (1, 2), (2, 1))
_SKIP = 1.2    # a paragraph in one language only
_MERGE = 1.5   # one paragraph printed as two
_SHAPE = 1.5   # a bullet paired with a paragraph (or another depth)


def shape(block: Block) -> str:
    return f"{block.kind}:{block.depth}"


def align(es: Sequence[Block], cs: Sequence[Block], lexicon: Lexicon) -> list[Group]:
    """The paragraphs of two entries in order, paired; a group may have no block on one side."""
    if [shape(b) for b in es] == [shape(b) for b in cs]:
        return [((a,), (b,)) for a, b in zip(es, cs)]
    n, m = len(es), len(cs)
    best: dict[tuple[int, int], tuple[float, tuple[int, int]]] = {(0, 0): (0.0, (0, 0))}
    for i in range(n + 1):
        for j in range(m + 1):
            options = [(best[(i - a, j - b)][0] + _cost(es[i - a:i], cs[j - b:j], lexicon), (a, b))
                       for a, b in _MOVES if (i, j) != (0, 0) and i >= a and j >= b and (i - a, j - b) in best]
            if options:
                best[(i, j)] = min(options)
    groups: list[Group] = []
    i, j = n, m
    while (i, j) != (0, 0):
        a, b = best[(i, j)][1]
        groups.append((tuple(es[i - a:i]), tuple(cs[j - b:j])))
        i, j = i - a, j - b
    return groups[::-1]


def _cost(es: Sequence[Block], cs: Sequence[Block], lexicon: Lexicon) -> float:
    """Gale & Church's cost, with block shapes: lengths far apart, or a bullet paired with a
    paragraph, cost more; a paragraph in one language only costs _SKIP. One paragraph printed as
    two must be translated by both: a block of the two whose words mostly find nothing across
    is an insertion, not half of a split."""
    if not es or not cs:
        return _SKIP
    es_len, cs_len = sum(len(b.text) for b in es), sum(len(b.text) for b in cs)
    cost = 2 * abs(math.log((cs_len + 20) / (es_len + 20)))
    cost += sum(_SHAPE for a, b in product(es, cs) if shape(a) != shape(b) and not _continues(a, b, es, cs))
    if len(es) + len(cs) > 2:
        one, many, lang = (es, cs, "cs") if len(es) == 1 else (cs, es, "es")
        cost += _MERGE + sum(_SKIP for b in many if _share(lexicon.coverage(b.text, lang, one[0].text)) < 0.5)
    return cost


def _continues(a: Block, b: Block, es: Sequence[Block], cs: Sequence[Block]) -> bool:
    """A plain paragraph right after a bullet, in a group of one block against two, continues
    that bullet (one list item printed as two blocks): its shape is not a mismatch."""
    many = es if len(es) > 1 else cs
    return len(many) == 2 and many[0].kind == "bullet" and many[1].kind == "paragraph" and \
        (a is many[1] or b is many[1])


def _share(counts: tuple[int, int]) -> float:
    return counts[0] / counts[1] if counts[1] else 1.0
