"""What `judge list` hands to a reader: a row per concept of a game, and the totals."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.core.model import Kind


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
