"""Coverage of the seeds: every printed line is in exactly one entry, and nothing else is.

The seeds are the ones named by the import plans, tools/<game>/<lang>.yaml (`doc`, `lang`, and
optionally `see_also`: the label of the printed "see also" lines). For each seed file, every non-empty line is owned by exactly one entry (its `source` span) or by
one exclusion of tests/coverage_exclusions.yaml, each with its reason. Within an entry, every
printed line, after the entry's recorded corrections, is found in the entry (heading in the term,
"see also" lines as the `see_also` ids, the rest in the body), and every body block is found in
the printed text: nothing dropped, nothing duplicated, nothing added.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from judge import glossary
from judge.core.model import Entry
from judge.core.text import fold

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("JUDGE_SEEDS", ROOT.parent / "shared" / "seeds"))
EXCLUSIONS: dict[str, list[dict[str, object]]] = yaml.safe_load(
    (Path(__file__).parent / "coverage_exclusions.yaml").read_text("utf-8")
)


def _plans() -> dict[str, dict[str, str]]:
    """doc → {game, lang, see_also} from every import plan."""
    plans = {}
    for path in sorted((ROOT / "tools").glob("*/*.yaml")):
        plan = yaml.safe_load(path.read_text("utf-8"))
        if isinstance(plan, dict) and "doc" in plan:
            plans[plan["doc"]] = {"game": path.parent.name, "lang": plan["lang"], "see_also": plan.get("see_also", "")}
    return plans


PLANS = _plans()
DOCS = {doc: plan["lang"] for doc, plan in PLANS.items()}
BULLET = re.compile(r"^(?:- )?[•✦❖♦]\s*|^- ")
TABLE_RULE = re.compile(r"^[\s|:-]+$")
HEADING = re.compile(r"^#+\s+")  # Markdown heading marks left by an extraction

pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"seed files not found in {SEEDS}")


def norm(text: str) -> str:
    """Compare text as printed: no bullet glyphs, heading marks, table pipes, escapes or spacing differences."""
    text = unicodedata.normalize("NFC", text)
    text = HEADING.sub("", BULLET.sub("", text.strip()))
    text = text.replace("\\[", "[").replace("\\]", "]").replace("|", " ")
    return " ".join(text.split())



@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    return list(glossary.load(ROOT / "glossary").entries)


def corrected_span(entry: Entry, seed: list[str]) -> list[str]:
    """The entry's printed lines with its corrections applied, as the importer applied them."""
    assert entry.source is not None and entry.source.end is not None
    lines = seed[entry.source.line - 1:entry.source.end]
    numbers = list(range(entry.source.line, entry.source.end + 1))
    for c in entry.corrections:
        assert c.line is not None and c.line in numbers, f"{entry.path}: correction line {c.line} outside the span"
        i = numbers.index(c.line)
        rest = "\n".join(lines[i:])
        assert c.was in rest, f"{entry.path}: correction {c.was!r} is not in the printed text at line {c.line}"
        new = rest.replace(c.was, c.now, 1).split("\n")
        removed = len(lines) - i - len(new)
        lines = lines[:i] + new
        numbers = numbers[:i + 1] + numbers[i + 1 + removed:]
    return lines


def entry_lines(entry: Entry) -> list[str]:
    """The entry as printed lines: term, then each block (numbered items keep their marker)."""
    out = [f"{entry.number}. {entry.term}" if entry.number else entry.term]
    for block in entry.blocks:
        for line in block.text.split("\n"):
            out.append(f"{block.marker} {line}" if block.kind == "numbered" else line)
    return out


def printed_names(entry: Entry) -> set[str]:
    bare = re.sub(r"\s*\([^)]*\)\s*$|:\s*X$", "", entry.term)
    names = {entry.term, bare, *entry.aliases, *re.split(r", |/| nebo ", bare)}
    return {fold(n) for n in names if n.strip()}


def see_also_matches(line: str, entry: Entry, by_id: dict[str, Entry]) -> bool:
    """The printed names, removed longest first, leave only separators: same set, nothing left."""
    rest = fold(line.split(":", 1)[1]).replace("/ ", "/")
    names = sorted({(n, i) for i in entry.see_also if i in by_id for n in printed_names(by_id[i])},
                   key=lambda pair: -len(pair[0]))
    found = set()
    for name, target in names:
        pattern = re.compile(r"(^|[,;.]\s*)" + re.escape(name) + r"(?=\s*[,;.]|\s*$)")
        if pattern.search(rest):
            rest = pattern.sub(r"\1", rest, count=1)
            found.add(target)
    return found == set(entry.see_also) and not rest.strip(" ,;.")


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_every_printed_line_is_in_exactly_one_entry(doc: str, entries: list[Entry]) -> None:
    seed = (SEEDS / doc).read_text("utf-8").split("\n")
    owners: dict[int, list[str]] = defaultdict(list)
    mine = [e for e in entries if e.source is not None and e.source.doc == doc]
    for e in mine:
        assert e.source is not None and e.source.end is not None, f"{e.path}: source.end missing"
        for n in range(e.source.line, e.source.end + 1):
            owners[n].append(f"{e.lang}/{e.id}")
    excluded = 0
    for x in EXCLUSIONS[doc]:
        for n in range(int(x["from"]), int(x["to"]) + 1):  # type: ignore[call-overload]
            owners[n].append(f"excluded: {x['why']}")
            excluded += bool(n <= len(seed) and seed[n - 1].strip())
    printed = [n for n, line in enumerate(seed, 1) if line.strip()]
    dropped = [n for n in printed if not owners[n]]
    doubled = [(n, owners[n]) for n in printed if len(owners[n]) > 1]
    covered = len(printed) - excluded - len(dropped)
    percent = 100 * covered / (len(printed) - excluded)
    print(f"\n{doc} ({DOCS[doc]}): {covered}/{len(printed) - excluded} printed lines in entries "
          f"= {percent:.1f}% ({excluded} lines excluded, {len(mine)} entries)")
    assert not dropped, f"lines in no entry: {dropped}"
    assert not doubled, f"lines in several entries: {doubled}"
    assert percent == 100.0


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_entries_hold_their_printed_text_and_nothing_else(doc: str, entries: list[Entry]) -> None:
    seed = (SEEDS / doc).read_text("utf-8").split("\n")
    lang, game, see_also = DOCS[doc], PLANS[doc]["game"], PLANS[doc]["see_also"]
    by_id = {e.id: e for e in entries if e.lang == lang and e.game == game}
    problems = []
    for e in (e for e in entries if e.source is not None and e.source.doc == doc):
        span = corrected_span(e, seed)
        text = norm(" ".join(entry_lines(e)))
        printed = norm(" ".join(span))
        for line in filter(str.strip, span):
            if see_also and line.strip().startswith(see_also):
                if not see_also_matches(line, e, by_id):
                    problems.append(f"{e.path}: see also {line.strip()!r} != {list(e.see_also)}")
            elif norm(line) not in text:
                problems.append(f"{e.path}: printed line not in the entry: {line.strip()[:80]!r}")
        for block in e.blocks:
            kept = " ".join(line for line in block.text.split("\n") if not TABLE_RULE.match(line))
            if norm(kept) not in printed:
                problems.append(f"{e.path}: ¶{block.n} is not printed text: {block.text[:80]!r}")
    assert not problems, "\n".join(problems)
