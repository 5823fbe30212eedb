"""What the translator checks compare: a concept's Spanish and Czech entries, block by block.

Blocks are paired by position only when both bodies have the same shape (the same kinds and
depths in the same order). Otherwise a per-block comparison would pair a paragraph with the
wrong one (the Czech rulebook is a later version and inserts paragraphs), so the block checks
(numbers, icons, key terms) compare the two bodies as a whole, reported once on the Czech
entry's body, and the structure check reports the difference in shape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from judge.core import labels
from judge.core.model import Block, Entry
from judge.glossary import Glossary
from judge.glossary.body import placeholders
from judge.search.analysis import words

# 4.2.3, 1.1. — a framework step number (kept as written, without the final dot).
_STEP = re.compile(r"(?<![\d.,])\d+(?:\.\d+)+(?!\d|[.,]\d)")
_DIGITS = re.compile(r"(?<![\w.,])\d+(?:[.,]\d{3})*(?!\w|[.,]\d)")
# 90º, 90°: the degree and ordinal signs count as letters for \w; they end a number.
_DEGREE = re.compile(r"(?<=\d)[º°ª]")


@dataclass(frozen=True)
class Vocabulary:
    """judge/translate/checks.yaml for one language."""

    numbers: dict[str, int]
    weak_numbers: dict[str, int]
    ignore_numbers: tuple[re.Pattern[str], ...]
    function_words: frozenset[str]
    quotes: tuple[tuple[str, str], ...]
    see_also_label: str
    reference: re.Pattern[str]


@lru_cache(maxsize=1)
def vocabularies() -> dict[str, Vocabulary]:
    raw: dict[str, Any] = yaml.safe_load(resources.files("judge.translate").joinpath("checks.yaml").read_text("utf-8"))
    found: dict[str, Vocabulary] = {}
    for lang, data in raw.items():
        found[lang] = Vocabulary(
            numbers={str(k): int(v) for k, v in data["numbers"].items()},
            weak_numbers={str(k): int(v) for k, v in data["weak_numbers"].items()},
            ignore_numbers=tuple(re.compile(p, re.I) for p in data["ignore_numbers"]),
            function_words=frozenset(_words(data["function_words"], lang)),
            quotes=tuple((str(a), str(b)) for a, b in data["quotes"]),
            see_also_label=labels.all_labels()[lang]["see_also"],
            reference=re.compile(str(data["reference"])),
        )
    return found


def _words(values: list[object], lang: str) -> list[str]:
    """The list as strings; a YAML boolean (an unquoted `no`) would silently become "False"."""
    bad = [v for v in values if not isinstance(v, str)]
    if bad:
        raise ValueError(f"judge/translate/checks.yaml: {lang}: quote {bad} (YAML reads them as non-strings)")
    return [str(v) for v in values]


@dataclass(frozen=True)
class Pair:
    """One concept in both languages, with its blocks paired (empty when the shapes differ)."""

    es: Entry
    cs: Entry
    blocks: tuple[tuple[Block, Block], ...]

    @property
    def aligned(self) -> bool:
        return [shape(b) for b in self.es.blocks] == [shape(b) for b in self.cs.blocks]

    def units(self) -> list[tuple[str, str, int, str]]:
        """(es text, cs text, cs line, label) to compare: each block pair, or both whole bodies."""
        if self.aligned:
            return [(a.text, b.text, b.line, f"¶{b.n}") for a, b in self.blocks]
        es_text = "\n".join(b.text for b in self.es.blocks)
        cs_text = "\n".join(b.text for b in self.cs.blocks)
        return [(es_text, cs_text, self.cs.body_line, "body")]


def pairs(glossary: Glossary, game: str) -> list[Pair]:
    """Every concept of `game` that has a Spanish and a Czech entry."""
    found = []
    for entry_id in glossary.ids(game):
        variants = glossary.variants(game, entry_id)
        if "es" in variants and "cs" in variants:
            es, cs = variants["es"], variants["cs"]
            found.append(Pair(es, cs, align(es.blocks, cs.blocks)))
    return found


def shape(block: Block) -> str:
    return f"{block.kind}:{block.depth}"


def align(left: tuple[Block, ...], right: tuple[Block, ...]) -> tuple[tuple[Block, Block], ...]:
    if [shape(b) for b in left] == [shape(b) for b in right]:
        return tuple(zip(left, right))
    return ()


# -- what a block says ------------------------------------------------------------------

@dataclass(frozen=True)
class Numbers:
    """The numbers of a block: step numbers as written, other values from digits and words."""

    steps: frozenset[str]
    values: frozenset[int]
    weak: frozenset[int]

    def lacks(self, other: Numbers) -> list[str]:
        """What `other` says that this text does not (a weak word answers a value)."""
        values = other.values - self.values - self.weak
        return sorted(other.steps - self.steps) + [str(v) for v in sorted(values)]

    def describe(self) -> str:
        items = sorted(self.steps) + [str(v) for v in sorted(self.values)]
        return ", ".join(items) if items else "none"


def numbers(text: str, lang: str) -> Numbers:
    vocabulary = vocabularies()[lang]
    for pattern in vocabulary.ignore_numbers:
        text = pattern.sub(" ", text)
    steps = frozenset(m.group(0).rstrip(".") for m in _STEP.finditer(text))
    rest = _DEGREE.sub(" ", _STEP.sub(" ", text))
    values = {int(re.sub(r"[.,]", "", m.group(0))) for m in _DIGITS.finditer(rest)}
    said = words(rest)
    values |= {vocabulary.numbers[w] for w in said if w in vocabulary.numbers}
    weak = {vocabulary.weak_numbers[w] for w in said if w in vocabulary.weak_numbers}
    return Numbers(steps, frozenset(values), frozenset(weak))


def icons(text: str) -> list[str]:
    """The icon placeholders of a block, in order ([military], [unique], …)."""
    return sorted(placeholders(text))


def language_votes(text: str) -> dict[str, int]:
    """How many words of `text` are function words of one language only (es, cs)."""
    vocab = vocabularies()
    shared = vocab["es"].function_words & vocab["cs"].function_words
    said = words(text)
    return {lang: sum(w in v.function_words and w not in shared for w in said) for lang, v in vocab.items()}
