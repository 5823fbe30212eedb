"""Find the concept a user names: by id, term or alias first, by full-text search only when
that finds nothing, so whoosh is imported (some 150 ms) only for the queries that need it."""

from __future__ import annotations

from judge.errors import EntryNotFound
from judge.glossary import Glossary
from judge.models import Concept


def concept(loaded: Glossary, query: str, game: str | None, langs: tuple[str, ...]) -> Concept:
    """The concept `query` names, as `judge show` accepts it (docs/cli.md)."""
    try:
        return loaded.concept(query, game, langs)
    except EntryNotFound as error:
        if error.available:
            raise
    from judge import search

    return search.concept(loaded, query, game, langs)
