"""Search results: hits with their counterparts, and what an index build made."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Counterpart:
    """The same concept's term in the other language (same game and id)."""

    lang: str
    term: str


@dataclass(frozen=True)
class Hit:
    """One ranked search result: an entry in one language, its best-matching block and a snippet.

    `marks` are the (start, end) spans of `snippet` that matched the query, for highlighting.
    """

    game: str
    id: str
    lang: str
    term: str
    score: float
    snippet: str
    para: int | None
    counterpart: Counterpart | None
    marks: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class SearchResult:
    """`judge search`: the query, the language asked for (es, cs or all) and the ranked hits."""

    query: str
    lang: str
    hits: tuple[Hit, ...]


@dataclass(frozen=True)
class IndexInfo:
    """A built search index: where it is (None: in memory), its key and its size."""

    path: Path | None
    key: str
    documents: int
    entries: int
    seconds: float
