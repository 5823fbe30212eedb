"""Import the Gobierno & Prestigio comprehensive rules seed into glossary/gp/es/ (a one-off tool).

The plan tools/gp/es.yaml holds the human decisions (which printed line starts which entry, its
id, its corrections); the mechanics are those of tools/import_agot2.py, imported from there. What
differs: a rule group's heading "120. Orden de juego y prioridades" gives the entry's `number`
and its term (the plan's `numbered_headings: true`), and there are no "see also" lines. tests/test_coverage.py proves the result.

Usage: python tools/import_gp.py [--seeds DIR] [--out DIR]
After the import the glossary is the source of truth: edit entries, not this script.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from import_agot2 import import_lang, parse_args  # noqa: E402

GAME = "gp"


def main() -> None:
    args = parse_args(__doc__, GAME)
    print(f"es: {import_lang('es', args.seeds, args.out, GAME)} entries")


if __name__ == "__main__":
    main()
