"""Benchmark: our Whoosh index against an SQLite FTS5 baseline, same documents and queries.

Run: python tests/bench/search_bench.py [--runs N]
Prints medians over N runs (timings are not asserted anywhere: they depend on the machine).

- quality: MRR@10 and recall@5 per game and language over tests/search_queries.yaml; both
  engines search both languages of the query's game at once, as `judge search --game G` does.
- FTS5 baseline: one row per entry document of our index (term, aliases with redirect names,
  body), `unicode61 remove_diacritics 2`, query words OR-ed (`"w"`, `"p"*` for prefixes, phrases
  quoted), ranked by bm25 with the same column weights as ours (term 4, aliases 3, body 1).
- full build: glossary load + index written (ours: in the cache, swapped in; FTS5: a file).
- up-to-date check: hash the glossary and open the index, as every `judge search` does.
- warm query: one open index, every query of the file, p50 and p95 of single queries.
- cold `judge search`: a new process per run, against bare `python -c "import judge"`.
- analysis variants: the same queries on indexes built with fold-after-stem only,
  fold-before-stem only, both (the shipped analyzer), and without typo correction.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
GLOSSARY = ROOT / "glossary"
CACHE = tempfile.mkdtemp(prefix="judge-bench-")
atexit.register(shutil.rmtree, CACHE, True)
os.environ["XDG_CACHE_HOME"] = CACHE  # before judge computes any cache path
os.environ.pop("JUDGE_GLOSSARY", None)

from benchtime import median_seconds  # noqa: E402

from judge import glossary
from judge.core.errors import JudgeError  # noqa: E402
from judge.core.model import LANGS  # noqa: E402
from judge.core.text import fold  # noqa: E402
from judge.search import analysis
from judge.search import index as search  # noqa: E402

QUERIES: list[dict[str, str]] = yaml.safe_load((ROOT / "tests" / "search_queries.yaml").read_text("utf-8"))
Ranker = Callable[[str, str], list[str]]  # (query, game) → ranked ids
GROUPS = sorted({(q.get("game", "agot2"), q["lang"]) for q in QUERIES}, key=lambda g: (g[0] != "agot2", g))


def latencies(rank: Ranker, rounds: int) -> tuple[float, float]:
    for query in QUERIES:  # warm up
        rank(query["q"], query.get("game", "agot2"))
    timings = []
    for _ in range(rounds):
        for query in QUERIES:
            start = time.perf_counter()
            rank(query["q"], query.get("game", "agot2"))
            timings.append(time.perf_counter() - start)
    cuts = statistics.quantiles(timings, n=20)
    return statistics.median(timings), cuts[18]


def quality(rank: Ranker) -> dict[str, tuple[float, float]]:
    scores = {}
    for game, lang in GROUPS:
        queries = [q for q in QUERIES if q["lang"] == lang and q.get("game", "agot2") == game]
        scores[f"{game} {lang}"] = search.mrr_and_recall([rank(q["q"], game) for q in queries],
                                                        [q["id"] for q in queries])
    return scores


# -- ours -----------------------------------------------------------------------------------

def clear_caches() -> None:
    analysis.stems.cache_clear()
    search._terms.cache_clear()


def ours_build() -> None:
    clear_caches()
    search.build(GLOSSARY)


def ours_check() -> None:
    search.open_index(GLOSSARY).close()


def ours_ranker(handle: search.Handle, fuzzy: bool = True) -> Ranker:
    def rank(query: str, game: str) -> list[str]:
        try:
            return [h.id for h in search.search(query, game, root=GLOSSARY, handle=handle, fuzzy=fuzzy).hits]
        except JudgeError:
            return []
    return rank


# -- the FTS5 baseline ----------------------------------------------------------------------

def fts_rows() -> list[tuple[str, str, str, str, str, str]]:
    rows = []
    for documents in search._documents(glossary.load(GLOSSARY)):
        for doc in documents:
            if doc["doctype"] == "entry":
                lang = doc["lang"]
                aliases = "\n".join(doc.get(f"aliases_{code}", "") for code in LANGS)
                rows.append((doc["game"], doc["id"], lang, doc[f"term_{lang}"], aliases, doc.get(f"body_{lang}", "")))
    return rows


def fts_build(path: Path) -> None:
    path.unlink(missing_ok=True)
    rows = fts_rows()
    db = sqlite3.connect(path)
    db.execute("CREATE VIRTUAL TABLE docs USING fts5(game UNINDEXED, id UNINDEXED, lang UNINDEXED, term, aliases, body, "
               "tokenize = 'unicode61 remove_diacritics 2')")
    db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()


def fts_check(path: Path) -> None:
    search.glossary_key(GLOSSARY)
    db = sqlite3.connect(path)
    db.execute("SELECT count(*) FROM docs").fetchone()
    db.close()


def fts_query(query: str) -> str | None:
    parsed = search.parse(query)
    words = [f'"{fold(w)}"' for w in parsed.words] + [f'"{fold(p)}"*' for p in parsed.prefixes]
    phrases = ['"' + " ".join(fold(w) for w in p) + '"' for p in parsed.phrases]
    loose = " OR ".join(words)
    parts = phrases + ([f"({loose})"] if loose else [])
    return " AND ".join(parts) or None


def fts_ranker(db: sqlite3.Connection) -> Ranker:
    def rank(query: str, game: str) -> list[str]:
        match = fts_query(query)
        if match is None:
            return []
        sql = "SELECT id FROM docs WHERE docs MATCH ? AND game = ? ORDER BY bm25(docs, 0, 0, 0, 4.0, 3.0, 1.0) LIMIT 10"
        return [row[0] for row in db.execute(sql, (match, game))]
    return rank


# -- analysis variants ----------------------------------------------------------------------

def stem_then_fold(word: str, lang: str) -> tuple[str, ...]:
    return (fold(analysis._stemmer(lang).stemWord(word)),)


def fold_then_stem(word: str, lang: str) -> tuple[str, ...]:
    return (analysis._stemmer(lang).stemWord(fold(word)),)


def variant_quality(stems: Callable[[str, str], tuple[str, ...]] | None, fuzzy: bool = True) -> dict[str, tuple[float, float]]:
    shipped = analysis.stems
    if stems is not None:
        analysis.stems = stems  # type: ignore[assignment]
    search._terms.cache_clear()
    try:
        index = search._build(search._MemoryStorage(), GLOSSARY, None, None)
        handle = search.Handle(index, "variant", None)
        try:
            return quality(ours_ranker(handle, fuzzy))
        finally:
            handle.close()
    finally:
        analysis.stems = shipped
        search._terms.cache_clear()


# -- cold processes -------------------------------------------------------------------------

def command(*args: str) -> None:
    subprocess.run([sys.executable, *args], check=True, capture_output=True, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs per timing (median)")
    runs = parser.parse_args().runs
    fts_path = Path(CACHE) / "fts.sqlite"

    ours_b = median_seconds(ours_build, runs)
    fts_b = median_seconds(lambda: fts_build(fts_path), runs)
    # CPU time of this process: what the build costs on a machine shared with other work.
    ours_cpu = median_seconds(ours_build, runs, time.process_time)
    fts_cpu = median_seconds(lambda: fts_build(fts_path), runs, time.process_time)
    ours_c = median_seconds(ours_check, runs * 4)
    fts_c = median_seconds(lambda: fts_check(fts_path), runs * 4)

    handle = search.open_index(GLOSSARY)
    db = sqlite3.connect(fts_path)
    ours_q, fts_q = quality(ours_ranker(handle)), quality(fts_ranker(db))
    ours_l = latencies(ours_ranker(handle), max(runs // 2, 1))
    fts_l = latencies(fts_ranker(db), max(runs // 2, 1))
    handle.close()
    db.close()

    bare = median_seconds(lambda: command("-c", "import judge"), runs)
    cold = median_seconds(lambda: command("-m", "judge", "search", "reaccion obligada"), runs)

    rows: list[tuple[str, str, str]] = []
    for game, lang in GROUPS:
        key, count = f"{game} {lang}", sum(q["lang"] == lang and q.get("game", "agot2") == game for q in QUERIES)
        rows.append((f"MRR@10 {key} ({count} queries)", f"{ours_q[key][0]:.3f}", f"{fts_q[key][0]:.3f}"))
        rows.append((f"recall@5 {key}", f"{ours_q[key][1]:.3f}", f"{fts_q[key][1]:.3f}"))
    rows += [
        ("full build (load + index)", f"{ours_b * 1000:.0f} ms", f"{fts_b * 1000:.0f} ms"),
        ("full build, CPU time", f"{ours_cpu * 1000:.0f} ms", f"{fts_cpu * 1000:.0f} ms"),
        ("up-to-date check (hash + open)", f"{ours_c * 1000:.1f} ms", f"{fts_c * 1000:.1f} ms"),
        ("warm query p50", f"{ours_l[0] * 1000:.2f} ms", f"{fts_l[0] * 1000:.2f} ms"),
        ("warm query p95", f"{ours_l[1] * 1000:.2f} ms", f"{fts_l[1] * 1000:.2f} ms"),
        ("cold `judge search` process", f"{cold * 1000:.0f} ms ({cold / bare:.1f}x bare)", "—"),
        ("bare `python -c 'import judge'`", f"{bare * 1000:.0f} ms", "—"),
    ]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"search benchmark: {len(QUERIES)} queries, medians of {runs} runs, "
          f"{os.cpu_count()} CPUs, load average {load:.1f} at the end\n")
    print(f"{'':34} {'judge (whoosh)':>24}  {'sqlite fts5 baseline':>20}")
    for name, ours, baseline in rows:
        print(f"{name:34} {ours:>24}  {baseline:>20}")

    print("\nanalysis variants (MRR@10 / recall@5)")
    variants: list[tuple[str, Callable[[str, str], tuple[str, ...]] | None, bool]] = [
        ("stem, then fold", stem_then_fold, True),
        ("fold, then stem", fold_then_stem, True),
        ("both stems (shipped)", None, True),
        ("both stems, no typo correction", None, False),
    ]
    for name, stems, fuzzy in variants:
        scores = variant_quality(stems, fuzzy)
        cells = "  ".join(f"{lang} {mrr:.3f} / {recall:.3f}" for lang, (mrr, recall) in scores.items())
        print(f"  {name:32} {cells}")


if __name__ == "__main__":
    main()
