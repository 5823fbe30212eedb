"""Measure the site's search in a real browser (Debian's chromium): query-side alternatives over
the same prebuilt index, on tests/site_queries.yaml and, once merged, the CLI's
tests/search_queries.yaml (a list of {query, lang, expected: id}).

Run: python tests/bench/search_measure.py [--site DIR] [--snowball-js FILE]

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


def queries() -> list[dict[str, str]]:
    found: list[dict[str, str]] = []
    for name in ("site_queries.yaml", "search_queries.yaml"):
        path = REPO / "tests" / name
        if path.is_file():
            found += [dict(q, source=name) for q in yaml.safe_load(path.read_text("utf-8"))]
    return found


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
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site_dir = args.site
        if site_dir is None:
            site_dir = Path(tmp) / "site"
            build_site(site_dir)
        items = queries()
        engines = [e for e in ENGINES if e != "snowball-js" or args.snowball_js]
        with serve_dir(site_dir) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            print(f"{len(items)} queries ({', '.join(sorted({q['source'] for q in items}))})")
            print(f"{'engine':12} {'lang':4} {'n':>3} {'top-1':>6} {'top-3':>6} {'MRR@20':>7}")
            for engine in engines:
                for lang in ("es", "cs", "all"):
                    chosen = [q for q in items if lang in ("all", q["lang"])]
                    ranks: list[int | None] = []
                    for part in ("es", "cs"):
                        mine = [q for q in chosen if q["lang"] == part]
                        if not mine:
                            continue
                        page = browser.new_page()
                        page.goto(f"{url}{part}/search/")
                        if engine == "snowball-js":
                            # Its UMD wrapper sets window.snowballFactory when there is no module system.
                            page.add_script_tag(content=args.snowball_js.read_text("utf-8"))
                        got = run(page, engine, part, mine)
                        if args.misses and lang == "all":
                            for q, rank in zip(mine, got):
                                if rank != 1:
                                    print(f"  miss {engine} {part} {q['query']!r} → expected {q['expected']} at {rank}")
                        ranks += got
                        page.close()
                    n = len(ranks)
                    top1 = sum(r == 1 for r in ranks) / n
                    top3 = sum(r is not None and r <= 3 for r in ranks) / n
                    mrr = sum(1 / r for r in ranks if r) / n
                    print(f"{engine:12} {lang:4} {n:3} {top1:6.1%} {top3:6.1%} {mrr:7.3f}")
            browser.close()


if __name__ == "__main__":
    main()
