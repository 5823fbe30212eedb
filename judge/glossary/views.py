"""What lookups hand to a reader: an entry with its links, a concept in both languages, the
listing of a game, one numbered rule."""

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
class ConceptRow:
    """A line of `judge list`: one id with its kind and its term per language."""

    id: str
    kind: Kind
    terms: dict[str, str | None] = field(hash=False)


@dataclass(frozen=True)
class KindCount:
    """Concepts of one kind in both languages or in one only."""

    both: int = 0
    es_only: int = 0
    cs_only: int = 0


@dataclass(frozen=True)
class ListingSummary:
    """The totals under `judge list`: concepts, in which languages, per kind."""

    concepts: int
    in_both: int
    only_es: int
    only_cs: int
    per_kind: dict[str, KindCount] = field(hash=False)


@dataclass(frozen=True)
class Listing:
    """`judge list`: a row per concept of a game, and the totals."""

    game: str | None
    concepts: tuple[ConceptRow, ...]
    summary: ListingSummary


@dataclass(frozen=True)
class RuleView:
    """One numbered rule of a rule group (gp's "120.4.a"): the block printed with that number,
    its sub-rules and the unnumbered blocks that belong to them (an "Ejemplo:"), and its cite."""

    entry: Entry
    rule: str
    blocks: tuple[Block, ...]
    cite: Cite
