"""Import the board game rulebook seed into glossary/agot-board/es/ (a one-off developer tool).

The plan beside this script (tools/agot-board/es.yaml) holds the human decisions: which printed
line starts which entry under which id, which extraction damage is corrected and why, which
printed lines are tables. The mechanics are those of tools/import_agot2.py, imported from it;
what differs here is the shape of the seed: Markdown headings (`## 2. La fase de Planificación`)
give the term and the printed number, and a heading inside an entry (a worked example the page
layout printed inside a rule's text) is kept as a plain paragraph, its first block.
tests/test_coverage.py proves the result against the seed line by line.

Usage: python tools/import_agot_board.py [--seeds DIR] [--out DIR]
After the import the glossary is the source of truth: edit entries, not this script.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from import_agot2 import (  # noqa: E402
    ROOT, Draft, apply_corrections, auto_aliases, front_matter, load_plan, spans, to_markdown,
)

GAME = "agot-board"
HEADING_MARKS = re.compile(r"^\s*#+\s+")
NUMBERED_HEADING = re.compile(r"^(\d+)\.\s+(.+)$")


def unmark_headings(draft: Draft) -> None:
    """Heading marks are layout, not text: the entry's own heading becomes its term (and number),
    a heading inside the entry a paragraph."""
    draft.lines = [(n, HEADING_MARKS.sub("", text)) for n, text in draft.lines]
    if draft.heading:
        found = NUMBERED_HEADING.match(draft.lines[0][1].strip())
        if found:
            draft.number, term = found.groups()
            draft.lines[0] = (draft.lines[0][0], term)


def import_lang(lang: str, seeds: Path, out: Path) -> int:
    plan = load_plan(lang, GAME)
    seed = (seeds / plan["doc"]).read_text("utf-8").split("\n")
    drafts = spans(plan, len(seed))
    markup = {m["text"]: m["md"] for m in plan.get("markup", [])}
    folder = out / lang
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.md"):
        old.unlink()
    for d in drafts:
        apply_corrections(d, seed, plan.get("corrections", []))
        unmark_headings(d)
        body = to_markdown(d, lang, markup)
        automatic = auto_aliases(d.term) if d.auto_aliases else []
        d.aliases = list(dict.fromkeys(automatic + d.aliases))
        text = front_matter(d, plan["doc"], seed) + body
        (folder / f"{d.id}.md").write_text(unicodedata.normalize("NFC", text), "utf-8")
    return len(drafts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    parser.add_argument("--out", type=Path, default=ROOT / "glossary" / GAME)
    args = parser.parse_args()
    print(f"es: {import_lang('es', args.seeds, args.out)} entries")


if __name__ == "__main__":
    main()
