"""Measure the site's search in a real browser (Debian's chromium): query-side alternatives over
the same prebuilt index, on tests/site_queries.yaml ({query, lang, expected}) and on the CLI's
tests/search_queries.yaml ({q, lang, id, kind}), each file in its own table. The `cli` row is
`judge search` (Whoosh, both languages, as by default) on the same queries, for comparison.

Run: python tests/bench/search_measure.py [--site DIR] [--snowball-js FILE] [--misses] [--file NAME]

Engines (how a typed word becomes index terms; scoring is the same):
  judge        shipped: the index's map of folded word forms → terms, else the longest index
               term the word starts with, plus terms starting with the last word (typing)
  forms-only   the map alone, no fallback
  snowball-js  a JavaScript Snowball port on the query side (npm `snowball-stemmers`, given
               with --snowball-js): stem(fold(word)) and fold(stem(word)), as the analyzer does
  fold-only    folding without stemming: the folded word must equal an index term
Material's own search (lunr) is not measured again: shared/NOTES.md found it has no Czech and
no accent folding.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from sitekit import CHROMIUM, CHROMIUM_ARGS, REPO, build_site, serve_dir  # noqa: E402

ENGINES = {
    "judge": None,
    "forms-only": """(index) => { index.wordTerms = function (word) {
        return (this.data.forms[fold(word)] || []).map(t => [t, 1]); }; }""",
    "fold-only": """(index) => { const pos = new Map(index.data.terms.map((t, i) => [t, i]));
        index.wordTerms = function (word) { const t = pos.get(fold(word)); return t === undefined ? [] : [[t, 1]]; }; }""",
    "snowball-js": """(index) => { const pos = new Map(index.data.terms.map((t, i) => [t, i]));
        const stemmer = snowballFactory.newStemmer(index.data.lang === "cs" ? "czech" : "spanish");
        index.wordTerms = function (word) {
          const forms = new Set([fold(stemmer.stem(word)), stemmer.stem(fold(word))]);
          return [...forms].filter(f => pos.has(f)).map(f => [pos.get(f), 1]); }; }""",
}
FOLD = "() => { window.fold = t => t.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase(); }"


QUERY_FILES = ("site_queries.yaml", "search_queries.yaml")


def queries(name: str) -> list[dict[str, str]]:
    """The queries of tests/<name> as {query, lang, expected, kind}, whichever shape the file has."""
    path = REPO / "tests" / name
    if not path.is_file():
        return []
    return [{"query": q.get("query", q.get("q")), "lang": q["lang"], "expected": q.get("expected", q.get("id")),
             "kind": q.get("kind", ""), "source": name} for q in yaml.safe_load(path.read_text("utf-8"))]


def cli_ranks(items: list[dict[str, str]]) -> list[int | None]:
    """`judge search QUERY` (both languages, the default) on the real glossary: rank of the expected id."""
    from judge.core.errors import NoHits
    from judge.search import index as search

    handle = search.open_index(REPO / "glossary")
    ranks: list[int | None] = []
    try:
        for q in items:
            try:
                ids = [hit.id for hit in search.search(q["query"], root=REPO / "glossary", handle=handle, limit=20).hits]
            except NoHits:
                ids = []
            ids = list(dict.fromkeys(ids))
            ranks.append(ids.index(q["expected"]) + 1 if q["expected"] in ids else None)
    finally:
        handle.close()
    return ranks


def line(engine: str, lang: str, ranks: list[int | None]) -> str:
    n = len(ranks)
    top1 = sum(r == 1 for r in ranks) / n
    top3 = sum(r is not None and r <= 3 for r in ranks) / n
    mrr = sum(1 / r for r in ranks if r) / n
    return f"{engine:12} {lang:4} {n:3} {top1:6.1%} {top3:6.1%} {mrr:7.3f}"


def run(page: Any, engine: str, lang: str, items: list[dict[str, str]]) -> list[int | None]:
    """The rank (1-based) of the expected entry for each query, None if not in the top 20."""
    page.evaluate(FOLD)
    patch = ENGINES[engine]
    if patch:
        page.evaluate(f"window.judgeIndex().then({patch})")
    urls = page.evaluate("qs => Promise.all(qs.map(q => window.judgeSearch(q).then(h => h.map(x => x.url))))",
                         [q["query"] for q in items])
    ranks: list[int | None] = []
    for q, hits in zip(items, urls):
        wanted = f"agot2/{q['expected']}/"
        ranks.append(hits.index(wanted) + 1 if wanted in hits else None)
    return ranks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a built site (default: build one in a temporary folder)")
    parser.add_argument("--snowball-js", type=Path, help="snowball-stemmers.js (npm pack snowball-stemmers)")
    parser.add_argument("--misses", action="store_true", help="list the queries each engine gets wrong")
    parser.add_argument("--file", choices=QUERY_FILES, help="one query file (default: each in turn)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site_dir = args.site
        if site_dir is None:
            site_dir = Path(tmp) / "site"
            build_site(site_dir)
        files = [args.file] if args.file else list(QUERY_FILES)
        engines = [e for e in ENGINES if e != "snowball-js" or args.snowball_js]
        with serve_dir(site_dir) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for name in files:
                items = queries(name)
                if not items:
                    continue
                print(f"\n{name}: {len(items)} queries")
                print(f"{'engine':12} {'lang':4} {'n':>3} {'top-1':>6} {'top-3':>6} {'MRR@20':>7}")
                for engine in engines:
                    by_lang: dict[str, list[int | None]] = {}
                    for part in ("es", "cs"):
                        mine = [q for q in items if q["lang"] == part]
                        page = browser.new_page()
                        page.goto(f"{url}{part}/search/")
                        if engine == "snowball-js":
                            # Its UMD wrapper sets window.snowballFactory when there is no module system.
                            page.add_script_tag(content=args.snowball_js.read_text("utf-8"))
                        by_lang[part] = run(page, engine, part, mine)
                        page.close()
                        if args.misses:
                            for q, rank in zip(mine, by_lang[part]):
                                if rank != 1:
                                    print(f"  miss {engine} {part} {q['kind']:10} {q['query']!r} → {q['expected']} at {rank}")
                    for lang in ("es", "cs", "all"):
                        print(line(engine, lang, by_lang["es"] + by_lang["cs"] if lang == "all" else by_lang[lang]))
                cli = {part: cli_ranks([q for q in items if q["lang"] == part]) for part in ("es", "cs")}
                if args.misses:
                    for part in ("es", "cs"):
                        for q, rank in zip([q for q in items if q["lang"] == part], cli[part]):
                            if rank != 1:
                                print(f"  miss cli {part} {q['kind']:10} {q['query']!r} → {q['expected']} at {rank}")
                for lang in ("es", "cs", "all"):
                    print(line("cli", lang, cli["es"] + cli["cs"] if lang == "all" else cli[lang]))
            browser.close()


if __name__ == "__main__":
    main()
