"""Import the board game rulebook seed into glossary/agot-board/es/ (a one-off developer tool).

The plan beside this script (tools/agot-board/es.yaml) holds the human decisions: which printed
line starts which entry under which id, which extraction damage is corrected and why, which
printed lines are tables. The mechanics are those of tools/import_agot2.py, imported from it;
what differs here is the shape of the seed: Markdown headings (`## 2. La fase de Planificación`)
give the term and the printed number, and a heading inside an entry (a worked example the page
layout printed inside a rule's text) is kept as a plain paragraph, its first block (the
plan's `heading_marks: true` and `numbered_headings: true`).
tests/test_coverage.py proves the result against the seed line by line.

Usage: python tools/import_agot_board.py [--seeds DIR] [--out DIR]
After the import the glossary is the source of truth: edit entries, not this script.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from import_agot2 import import_lang, parse_args  # noqa: E402

GAME = "agot-board"


def main() -> None:
    args = parse_args(__doc__, GAME)
    print(f"es: {import_lang('es', args.seeds, args.out, GAME)} entries")


if __name__ == "__main__":
    main()
