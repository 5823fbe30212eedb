"""What lookups hand to a reader: an entry with its links, a concept in both languages, one
numbered rule. The listing of a game (`judge list`) is in judge.glossary.listing: `judge show`
does not create its types."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.core.model import Block, Cite, Entry, Kind


@dataclass(frozen=True)
class Link:
    """A see-also target as shown to a reader: its id and its term (in `lang`, when found)."""

    id: str
    term: str
    lang: str | None


@dataclass(frozen=True)
class EntryView:
    """An entry with what a reader needs around it: its see-also terms and redirect target."""

    entry: Entry
    links: tuple[Link, ...]
    target: EntryView | None


@dataclass(frozen=True)
class Concept:
    """One id of one game in the requested languages (None where it has no entry)."""

    game: str
    id: str
    views: dict[str, EntryView | None] = field(hash=False)
    target: Concept | None = None


@dataclass(frozen=True)
class RuleView:
    """One numbered rule of a rule group (gp's "120.4.a"): the block printed with that number,
    its sub-rules and the unnumbered blocks that belong to them (an "Ejemplo:"), and its cite."""

    entry: Entry
    rule: str
    blocks: tuple[Block, ...]
    cite: Cite
