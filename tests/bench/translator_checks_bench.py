"""Benchmark: how well `judge check` finds the reviewer's list of real es/cs discrepancies, and
the same figures for translate-toolkit's pofilter (numbers, sentencecount, musttranslatewords)
on the same paragraphs exported as PO.

Run: python tests/bench/translator_checks_bench.py [--sample 40] [--seed 15] [--pofilter] [--items FILE] [--misses] [--crossval]
Prints: recall at the right paragraph per split (dev, dev2, dev3, dev4, dev5, held-out) and kind, the share of
bilingual agot2 entries with any warning (and per check), and a seeded random sample of findings
to judge by hand. --items scores another list of the same form; --misses lists the development
items no finding points at.
A finding counts for an item when it is on the item's entry at the line of its paragraph, in
either language; whole-body findings ("body: …") and spelling do not count. An item about an
entry printed in one language only (its other side null, no such entry) counts the
missing-counterpart finding on that entry.

--crossval scores each variant of tests/bench/translator_checks_variants.yaml (a change to
judge/translate/meaning.yaml, or none) on the development splits, then leaves one split
out at a time: the variant with most hits on the others (ties: the first listed) is scored on
the split left out. Only variants that warn on at most EXTRA_WARNED more bilingual entries than
the first may be chosen: recall bought by warning on every entry is not recall (the aim is at
most 25% of the entries warned). A change is worth keeping when it wins on the other splits and
also helps the one left out.
"""

from __future__ import annotations

import argparse
import copy
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
from judge.translate import checks, meaning
from judge.translate.align import align

ROOT = Path(__file__).resolve().parent.parent.parent
GLOSSARY = ROOT / "glossary"
ITEMS_FILE = ROOT / "tests/translate/discrepancies.yaml"
VARIANTS_FILE = Path(__file__).with_name("translator_checks_variants.yaml")
SPLITS = ("dev", "dev2", "dev3", "dev4", "dev5", "held-out")
DEV_SPLITS = ("dev", "dev2", "dev3", "dev4", "dev5")
EXTRA_WARNED = 5  # of 183 bilingual entries: a change may cost about 3 points of the warning share
MEANING = {"quantities", "modality", "page-references", "unaligned", "language", "icon-gaps", "key-terms"}


def hits(problems: list[Problem], items: list[dict[str, Any]]) -> list[bool]:
    """For each item: does a finding point at it (see the module's docstring)?"""
    glossary, _ = scan(GLOSSARY, "agot2")
    at: dict[tuple[str, str, int], list[Problem]] = defaultdict(list)
    one_language = {p.id for p in problems if p.check == "missing-counterpart"}
    for p in problems:
        if p.check != "spelling" and not p.message.startswith("body"):
            at[(p.id or "", p.lang or "", p.line or 0)].append(p)
    found = []
    for item in items:
        hit = False
        for lang in ("es", "cs"):
            entry = glossary.get("agot2", lang, item["id"])
            if item[lang] and entry is not None:
                hit = hit or bool(at[(item["id"], lang, entry.blocks[item[lang] - 1].line)])
        whole_entry = not (item["es"] and item["cs"]) and item["id"] in one_language
        found.append(hit or whole_entry)
    return found


def recall(problems: list[Problem], label: str, items: list[dict[str, Any]], misses: bool = False) -> None:
    glossary, _ = scan(GLOSSARY, "agot2")
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    missed = []
    for item, hit in zip(items, hits(problems, items)):
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
            n, found = rows[key]
            print(f"  {key:22} {found:3}/{n:<3} {100 * found / n:5.1f}%")
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


def sample(problems: list[Problem], size: int, label: str, seed: int = 15) -> None:
    chosen = random.Random(seed).sample(problems, min(size, len(problems)))
    print(f"== {label}: {len(chosen)} of {len(problems)} findings, seed {seed}")
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


def _merge(base: Any, patch: Any) -> Any:
    """`patch` merged into `base`: mappings key by key, anything else replaced."""
    if isinstance(base, dict) and isinstance(patch, dict):
        return {**base, **{k: _merge(base.get(k), v) for k, v in patch.items()}}
    return patch


def _use_vocabulary(data: dict[str, Any]) -> None:
    """Make the meaning checks read `data` instead of meaning.yaml (this process only)."""
    meaning.vocabulary = lambda: data  # type: ignore[assignment]
    for cached in (meaning.quantity_classes, meaning.modal_classes, meaning._gap_patterns):
        cached.cache_clear()


def crossval(items: list[dict[str, Any]]) -> None:
    """Each variant's hits per development split, then leave-one-split-out (module docstring)."""
    variants = yaml.safe_load(VARIANTS_FILE.read_text("utf-8"))
    original = copy.deepcopy(meaning.vocabulary())
    glossary, _ = scan(GLOSSARY, "agot2")
    bilingual = {i for i in glossary.ids("agot2") if len(glossary.variants("agot2", i)) == 2}
    kinds = sorted({i["kind"] for i in items})
    table: dict[str, dict[str, int]] = {}
    split_kinds: dict[str, dict[str, int]] = {}
    print("== crossval: hits per development split (and per kind, all development splits)")
    for variant in variants:
        _use_vocabulary(_merge(copy.deepcopy(original), variant.get("patch") or {}))
        problems = list(checks.run_checks(GLOSSARY, "agot2", skip=["spelling"]).problems)
        found = hits(problems, items)
        row = {split: sum(h for i, h in zip(items, found) if i["split"] == split) for split in DEV_SPLITS}
        row |= {kind: sum(h for i, h in zip(items, found) if i["kind"] == kind and i["split"] in DEV_SPLITS) for kind in kinds}
        by_kind = {f"{split}:{kind}": sum(h for i, h in zip(items, found) if i["kind"] == kind and i["split"] == split)
                   for split in DEV_SPLITS for kind in kinds}
        meaningful = [p for p in problems if p.check in MEANING]
        row["warned"] = len({p.id for p in problems if p.id in bilingual})
        row["meaning findings"] = len(meaningful)
        table[variant["name"]] = row
        split_kinds[variant["name"]] = by_kind
        print(f"  {variant['name'][:44]:44} " + " ".join(f"{k} {v}" for k, v in row.items()), flush=True)
    _use_vocabulary(original)
    sizes = {split: sum(i["split"] == split for i in items) for split in DEV_SPLITS}
    first = variants[0]["name"]
    capped = [name for name in table if table[name]["warned"] <= table[first]["warned"] + EXTRA_WARNED]
    for eligible, what in ((capped, f"warning on at most {EXTRA_WARNED} entries more than {first!r}"),
                           (list(table), "all, no warning cap: recall bought with warnings")):
        print(f"== crossval: leave one split out, chosen on the other splits among {len(eligible)} variants ({what}; "
              f"ties go to the first listed)")
        for left in DEV_SPLITS:
            others = [s for s in DEV_SPLITS if s != left]
            chosen = max(eligible, key=lambda name: sum(table[name][s] for s in others))
            print(f"  {left:5} left out: chosen {chosen!r} ({' + '.join(f'{table[chosen][s]}' for s in others)} on "
                  f"{'+'.join(others)}, {table[chosen]['warned']} entries warned); on {left}: {table[chosen][left]}/{sizes[left]} "
                  f"({100 * table[chosen][left] / sizes[left]:.1f}%), {first!r} {table[first][left]}/{sizes[left]}")
            of_kind = {kind: sum(i["split"] == left and i["kind"] == kind for i in items) for kind in kinds}
            print("        by kind (chosen / first): " + ", ".join(
                f"{kind} {split_kinds[chosen][f'{left}:{kind}']}/{split_kinds[first][f'{left}:{kind}']} of {n}"
                for kind, n in of_kind.items() if n))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=15, help="of the sample (a fresh one: another seed)")
    parser.add_argument("--pofilter", action="store_true", help="also the pofilter baseline (needs translate-toolkit)")
    parser.add_argument("--items", type=Path, default=ITEMS_FILE, help="the list of discrepancies to score")
    parser.add_argument("--misses", action="store_true", help="list the development items no finding points at")
    parser.add_argument("--crossval", action="store_true", help="only the variants' leave-one-split-out figures")
    options = parser.parse_args()
    items: list[dict[str, Any]] = yaml.safe_load(options.items.read_text("utf-8"))
    if options.crossval:
        crossval(items)
        return
    report = checks.run_checks(GLOSSARY, "agot2")
    problems = list(report.problems)
    recall(problems, "judge check", items, options.misses)
    sample([p for p in problems if p.check in MEANING], options.sample, "judge check, meaning findings", options.seed)
    if options.pofilter:
        pofilter(options.sample, items)


if __name__ == "__main__":
    main()
