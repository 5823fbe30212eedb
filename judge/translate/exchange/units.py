"""The translation exchange's model: a game's Spanish blocks as translation units for CAT tools.

One unit per block (`<id>#<n>`, the Spanish block as source, the existing translation as
target where the two entries have the same shape) and one for the entry's heading
(`<id>#term`). Icons are the only inline codes: a unit's text is split into plain text and
icon placeholders (`[military]`), which the formats write as protected codes. Markdown emphasis
and escaped brackets stay as text: the translator keeps them, the checks report them unbalanced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.core.model import ICONS, Block, Entry
from judge.glossary import Glossary, in_document_order
from judge.translate import compare

SOURCE_LANG = "es"
TERM_PART = "term"
_ICON = re.compile(r"(?<!\\)\[(" + "|".join(sorted(ICONS)) + r")\](?!\()")
_UNIT_ID = re.compile(r"^(?P<entry>[a-z0-9]+(?:-[a-z0-9]+)*)#(?P<part>term|[1-9]\d{0,3})$")


@dataclass(frozen=True)
class Icon:
    """A protected inline code: the icon placeholder `[name]`, never translatable text."""

    name: str

    @property
    def code(self) -> str:
        return f"[{self.name}]"


Segment = str | Icon


@dataclass(frozen=True)
class Unit:
    """One translation unit: where it comes from, its Spanish source and its target (if any)."""

    id: str
    entry_id: str
    part: str  # TERM_PART or the block number
    source: str
    target: str | None
    term: str
    location: str
    table: bool = False

    @property
    def icons(self) -> list[str]:
        return icon_codes(self.source)

    def note(self) -> str:
        """What a translator sees beside the text: the entry, where it is, which codes to keep."""
        lines = [f"{self.term} ({self.entry_id})" + ("" if self.part == TERM_PART else f" ¶{self.part}")
                 + f" · {self.location}"]
        if self.icons:
            lines.append("Icons (keep them): " + " ".join(self.icons))
        if self.table:
            lines.append("A Markdown table: keep one line per row and the | separators.")
        return "\n".join(lines)


@dataclass(frozen=True)
class Export:
    game: str
    source_lang: str
    target_lang: str
    units: tuple[Unit, ...]


def unit_id(entry_id: str, part: str) -> str:
    return f"{entry_id}#{part}"


def split_unit_id(value: str) -> tuple[str, str] | None:
    """("shadow-cards", "3") for "shadow-cards#3"; None when it is not a unit id."""
    match = _UNIT_ID.match(value)
    return (match["entry"], match["part"]) if match else None


def segments(text: str) -> list[Segment]:
    """Text and icons in order: "Las cartas [shadow] también" → ["Las cartas ", Icon("shadow"), " también"]."""
    found: list[Segment] = []
    position = 0
    for match in _ICON.finditer(text):
        if match.start() > position:
            found.append(text[position:match.start()])
        found.append(Icon(match[1]))
        position = match.end()
    if position < len(text):
        found.append(text[position:])
    return found


def icon_codes(text: str) -> list[str]:
    return [part.code for part in segments(text) if isinstance(part, Icon)]


def flat(block: Block) -> str:
    """A block as one unit's text: a paragraph or list item on one line (the file's line breaks
    are only wrapping), a table row per line."""
    if block.kind == "table":
        return "\n".join(" ".join(line.split()) for line in block.text.split("\n"))
    return " ".join(block.text.split())


def printable(text: str) -> str:
    """Control and other unprintable characters as escapes, so a message stays one clean line
    (a hostile file may hold anything)."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def same_text(a: str, b: str) -> bool:
    """Equal but for spacing (CAT tools and XML writers may re-space a segment)."""
    return a.split() == b.split()


def export(glossary: Glossary, game: str, target_lang: str) -> Export:
    """Every Spanish entry of `game` as units, in the rulebook's order."""
    sources = [e for e in glossary.entries if e.game == game and e.lang == SOURCE_LANG]
    units: list[Unit] = []
    for entry in in_document_order(sources):
        units += entry_units(entry, glossary.get(game, target_lang, entry.id))
    return Export(game, SOURCE_LANG, target_lang, tuple(units))


def entry_units(source: Entry, target: Entry | None) -> list[Unit]:
    """The term unit, then one unit per block; targets only where the shapes match (a block
    paired with the wrong one would mislead the translator)."""
    # The file as the repository names it, wherever the command runs.
    where = f"glossary/{source.game}/{source.lang}/{source.path.name}"
    aligned = target is not None and compare.align(source.blocks, target.blocks)
    units = [Unit(unit_id(source.id, TERM_PART), source.id, TERM_PART, source.term,
                  target.term if target is not None else None, source.term, f"{where}:{source.key_line('term')}")]
    for index, block in enumerate(source.blocks):
        translated = flat(target.blocks[index]) if aligned and target is not None else None
        if translated is not None and sorted(icon_codes(translated)) != sorted(icon_codes(block.text)):
            translated = None  # offered as a target, it would be refused on import: left to translate
        units.append(Unit(unit_id(source.id, str(block.n)), source.id, str(block.n), flat(block), translated,
                          source.term, f"{where}:{block.line}", block.kind == "table"))
    return units


@dataclass(frozen=True)
class MemoryPair:
    """One aligned Spanish–Czech block of a game that has both, for the translation memory."""

    source: str
    target: str
    note: str


def memory(glossary: Glossary, game: str) -> list[MemoryPair]:
    """Every es–cs block pair of the entries whose two languages have the same shape, once.
    Drafts are left out: the memory proposes reviewed or printed wording only."""
    seen: set[tuple[str, str]] = set()
    found: list[MemoryPair] = []
    for pair in compare.pairs(glossary, game):
        if pair.cs.status == "draft":
            continue
        for es, cs in pair.blocks:
            key = (flat(es), flat(cs))
            if key not in seen and all(key):
                seen.add(key)
                found.append(MemoryPair(key[0], key[1], f"{game}/{pair.es.id} ¶{es.n}"))
    return found

