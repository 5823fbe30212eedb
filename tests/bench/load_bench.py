"""Benchmark: loading and validating the glossary, and a cold `judge show`, as medians.

Run: python tests/bench/load_bench.py [--runs N]
Prints figures only; timings are not asserted anywhere (they depend on the machine).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from benchtime import median_seconds

from judge import glossary

ROOT = Path(__file__).resolve().parent.parent.parent


def command(*args: str) -> None:
    subprocess.run([sys.executable, *args], check=True, capture_output=True, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    root = ROOT / "glossary"
    files = sum(1 for _ in root.glob("*/*/*.md"))
    load = median_seconds(lambda: glossary.validate(root), runs)
    bare = median_seconds(lambda: command("-c", "import judge"), runs)
    show = median_seconds(lambda: command("-m", "judge", "show", "triggering-condition"), runs)
    print(f"glossary files                     {files}")
    print(f"load + validate (median of {runs})     {load * 1000:7.1f} ms")
    print(f"python -c 'import judge'           {bare * 1000:7.1f} ms")
    print(f"judge show (cold process)          {show * 1000:7.1f} ms  ({show / bare:.1f}x bare import)")


if __name__ == "__main__":
    main()
