"""Search quality on the real glossary: tests/search_queries.yaml, per language (not timed)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge import search
from judge.errors import NoHits

ROOT = Path(__file__).resolve().parent.parent
QUERIES = yaml.safe_load((ROOT / "tests" / "search_queries.yaml").read_text("utf-8"))


def ranked_ids(handle: search.Handle, query: str) -> list[str]:
    try:
        return [hit.id for hit in search.search(query, root=ROOT / "glossary", handle=handle).hits]
    except NoHits:
        return []


def test_the_query_file_covers_what_the_issue_asks() -> None:
    by_lang = {lang: [q for q in QUERIES if q["lang"] == lang] for lang in ("es", "cs")}
    assert all(len(queries) >= 40 for queries in by_lang.values())
    kinds = {q["kind"] for q in QUERIES}
    assert {"exact", "unaccented", "inflected", "alias", "body", "two-word", "typo"} <= kinds
    assert sum(q["kind"] == "typo" for q in QUERIES) >= 10
    for query in QUERIES:
        assert (ROOT / "glossary" / "agot2" / query["lang"] / f"{query['id']}.md").is_file(), query


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_mrr_and_recall_on_the_real_glossary(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUDGE_GLOSSARY", raising=False)
    queries = [q for q in QUERIES if q["lang"] == lang]
    handle = search.open_index(ROOT / "glossary")
    try:
        ranked = [ranked_ids(handle, q["q"]) for q in queries]
    finally:
        handle.close()
    mrr, recall = search.mrr_and_recall(ranked, [q["id"] for q in queries])
    misses = [(q["q"], q["id"], ids[:5]) for q, ids in zip(queries, ranked) if q["id"] not in ids[:5]]
    assert mrr >= 0.9, misses
    assert recall >= 0.95, misses
