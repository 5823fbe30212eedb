"""Import the Gobierno & Prestigio comprehensive rules seed into glossary/gp/es/ (a one-off tool).

The plan tools/gp/es.yaml holds the human decisions (which printed line starts which entry, its
id, its corrections); the mechanics are those of tools/import_agot2.py, imported from there. What
differs: a rule group's heading "120. Orden de juego y prioridades" gives the entry's `number`
and its term, and there are no "see also" lines. tests/test_coverage.py proves the result.

Usage: python tools/import_gp.py [--seeds DIR] [--out DIR]
After the import the glossary is the source of truth: edit entries, not this script.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import yaml

from import_agot2 import ROOT, Draft, apply_corrections, auto_aliases, front_matter, parse_args, spans, to_markdown

RULE_GROUP = re.compile(r"^(?P<number>\d+)\.\s+(?P<term>.+)$")


def load_plan() -> dict[str, Any]:
    plan: dict[str, Any] = yaml.safe_load((ROOT / "tools" / "gp" / "es.yaml").read_text("utf-8"))
    exclusions = yaml.safe_load((ROOT / "tests" / "coverage_exclusions.yaml").read_text("utf-8"))
    plan["exclude"] = exclusions.get(plan["doc"], [])
    return plan


def split_number(draft: Draft) -> None:
    """"120. Orden de juego y prioridades" → number "120", term "Orden de juego y prioridades"."""
    match = RULE_GROUP.match(draft.term)
    if match:
        draft.number, draft.term = match["number"], match["term"]


def import_es(seeds: Path, out: Path) -> int:
    plan = load_plan()
    seed = (seeds / plan["doc"]).read_text("utf-8").split("\n")
    drafts = spans(plan, len(seed))
    folder = out / "es"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.md"):
        old.unlink()
    for d in drafts:
        apply_corrections(d, seed, plan.get("corrections", []))
        body = to_markdown(d, "es", {})
        split_number(d)
        automatic = auto_aliases(d.term) if d.auto_aliases else []
        d.aliases = list(dict.fromkeys(automatic + d.aliases))
        text = front_matter(d, plan["doc"], seed) + body
        (folder / f"{d.id}.md").write_text(unicodedata.normalize("NFC", text), "utf-8")
    return len(drafts)


def main() -> None:
    args = parse_args(__doc__, "gp")
    print(f"es: {import_es(args.seeds, args.out)} entries")


if __name__ == "__main__":
    main()
