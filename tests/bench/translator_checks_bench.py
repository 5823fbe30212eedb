"""Benchmark: how well `judge check` finds the reviewer's list of real es/cs discrepancies, and
the same figures for translate-toolkit's pofilter (numbers, sentencecount, musttranslatewords)
on the same paragraphs exported as PO.

Run: python tests/bench/translator_checks_bench.py [--sample 40] [--pofilter] [--items FILE] [--misses]
Prints: recall at the right paragraph per split (dev, dev2, dev3, held-out) and kind, the share of
bilingual agot2 entries with any warning (and per check), and a seeded random sample of findings
to judge by hand. --items scores another list of the same form; --misses lists the development
items no finding points at.
A finding counts for an item when it is on the item's entry at the line of its paragraph, in
either language; whole-body findings ("body: …") and spelling do not count.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml

from judge.core.model import Problem
from judge.glossary import scan
from judge.translate import checks
from judge.translate.align import align

ROOT = Path(__file__).resolve().parent.parent.parent
GLOSSARY = ROOT / "glossary"
ITEMS_FILE = ROOT / "tests/translate/discrepancies.yaml"
SPLITS = ("dev", "dev2", "dev3", "held-out")
MEANING = {"quantities", "modality", "page-references", "unaligned", "language", "icon-gaps", "key-terms"}


def recall(problems: list[Problem], label: str, items: list[dict[str, Any]], misses: bool = False) -> None:
    glossary, _ = scan(GLOSSARY, "agot2")
    at: dict[tuple[str, str, int], list[Problem]] = defaultdict(list)
    for p in problems:
        if p.check != "spelling" and not p.message.startswith("body"):
            at[(p.id or "", p.lang or "", p.line or 0)].append(p)
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    missed = []
    for item in items:
        hit = False
        for lang in ("es", "cs"):
            entry = glossary.get("agot2", lang, item["id"])
            if item[lang] and entry is not None:
                hit = hit or bool(at[(item["id"], lang, entry.blocks[item[lang] - 1].line)])
        for key in (item["split"], f"{item['split']}:{item['kind']}"):
            rows[key][0] += 1
            rows[key][1] += hit
        if not hit and item["split"] != "held-out":
            missed.append(item)
    print(f"== {label}: recall at the right paragraph")
    for split in SPLITS:
        if split not in rows:
            print(f"  {split:22} (no items with split: {split} in the list)")
        for key in sorted(k for k in rows if k.split(":")[0] == split):
            n, hit = rows[key]
            print(f"  {key:22} {hit:3}/{n:<3} {100 * hit / n:5.1f}%")
    bilingual = {i for i in glossary.ids("agot2") if len(glossary.variants("agot2", i)) == 2}
    warned = {p.id for p in problems if p.id in bilingual}
    print(f"  bilingual entries with any warning: {len(warned)}/{len(bilingual)} ({100 * len(warned) / len(bilingual):.1f}%)")
    by_check: dict[str, set[str]] = defaultdict(set)
    for p in problems:
        if p.id in bilingual:
            by_check[p.check].add(p.id or "")
    for check, ids in sorted(by_check.items(), key=lambda kv: -len(kv[1])):
        alone = ids - {p.id for p in problems if p.check != check}
        print(f"    {check:22} {len(ids):3} entries ({len(alone)} by this check alone)")
    listed = {i["id"] for i in items} & bilingual
    print(f"  bilingual entries with a listed discrepancy: {len(listed)}/{len(bilingual)} "
          f"({100 * len(listed) / len(bilingual):.1f}%); warned but not listed: {len(warned - listed)}")
    if misses:
        for item in missed:
            print(f"  missed {item['split']}:{item['kind']} {item['id']} es¶{item['es']} cs¶{item['cs']}: {item.get('note', '')}")


def sample(problems: list[Problem], size: int, label: str) -> None:
    chosen = random.Random(15).sample(problems, min(size, len(problems)))
    print(f"== {label}: {len(chosen)} of {len(problems)} findings, seed 15")
    for p in sorted(chosen, key=lambda p: (p.id or "", p.line or 0)):
        print(f"  {p.file}:{p.line}: {p.check}: {p.message}")


def pofilter(size: int, items: list[dict[str, Any]]) -> None:
    """Export the aligned paragraph groups as PO (msgctxt id#n, Spanish msgid, Czech msgstr) and
    run pofilter's numbers, sentencecount and musttranslatewords (the Spanish one-word terms)."""
    from translate.storage import po

    glossary, _ = scan(GLOSSARY, "agot2")
    context = checks.Context(glossary, "agot2")
    store, where = po.pofile(), {}
    for pair in context.pairs:
        for es, cs in align(pair.es.blocks, pair.cs.blocks, context.lexicon):
            if es and cs:
                unit = store.addsourceunit("\n\n".join(b.text for b in es))
                unit.target = "\n\n".join(b.text for b in cs)
                unit.setcontext(f"{pair.es.id}#{cs[0].n}")
                where[f"{pair.es.id}#{cs[0].n}"] = (pair.cs, cs[0])
    terms = sorted({n for e in glossary.entries if e.lang == "es" for n in (e.term, *e.aliases) if len(n.split()) == 1})
    with tempfile.TemporaryDirectory() as tmp:
        source, failed, words = Path(tmp, "agot2.po"), Path(tmp, "failed.po"), Path(tmp, "terms.txt")
        source.write_bytes(bytes(store))
        words.write_text("\n".join(terms) + "\n", "utf-8")
        subprocess.run([str(Path(sys.executable).parent / "pofilter"), "--nofuzzy", "-t", "numbers", "-t", "sentencecount",
                        "-t", "musttranslatewords", f"--musttranslatefile={words}", str(source), str(failed)],
                       check=True, capture_output=True)
        problems = []
        for unit in po.pofile(failed.read_bytes()).units:
            if unit.isheader():
                continue
            entry, block = where[unit.getcontext()]
            for note in unit.getnotes("translator").splitlines():
                if note.startswith("(pofilter)"):
                    test = note.split()[1].rstrip(":")
                    problems.append(Problem(f"pofilter-{test}", "warning", entry.id, "cs", f"glossary/agot2/cs/{entry.id}.md",
                                            block.line, f"¶{block.n}: {note}"))
    print(f"pofilter: {len(store.units)} units, {len(problems)} findings")
    recall(problems, "pofilter", items)
    sample(problems, size, "pofilter")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--pofilter", action="store_true", help="also the pofilter baseline (needs translate-toolkit)")
    parser.add_argument("--items", type=Path, default=ITEMS_FILE, help="the list of discrepancies to score")
    parser.add_argument("--misses", action="store_true", help="list the development items no finding points at")
    options = parser.parse_args()
    items: list[dict[str, Any]] = yaml.safe_load(options.items.read_text("utf-8"))
    report = checks.run_checks(GLOSSARY, "agot2")
    problems = list(report.problems)
    recall(problems, "judge check", items, options.misses)
    sample([p for p in problems if p.check in MEANING], options.sample, "judge check, meaning findings")
    if options.pofilter:
        pofilter(options.sample, items)


if __name__ == "__main__":
    main()
