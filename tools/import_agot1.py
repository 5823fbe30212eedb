"""Import the Shadows addendum (1st edition card game) into glossary/agot1/es/ (a one-off tool).

The plan tools/agot1/es.yaml holds the human decisions (entry start lines and ids, corrections
of extraction damage with their reasons); the mechanics are those of tools/import_agot2.py.
tests/test_coverage.py proves the result against the seed line by line.

Usage: python tools/import_agot1.py [--seeds DIR] [--out DIR]
After the import the glossary is the source of truth: edit entries, not this script.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from import_agot2 import import_lang, parse_args  # noqa: E402

GAME = "agot1"


def main() -> None:
    args = parse_args(__doc__, GAME)
    print(f"es: {import_lang('es', args.seeds, args.out, GAME)} entries")


if __name__ == "__main__":
    main()
