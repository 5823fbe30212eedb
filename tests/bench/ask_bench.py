"""Benchmark: a cold `judge ask` (a new process, as a judge runs it) against the floor of a bare
`python -c 'import click, yaml'`, alternated so both see the same load; medians and their ratio.

Run: python tests/bench/ask_bench.py [--runs N]
Prints figures only; timings are not asserted anywhere (they depend on the machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
QUESTIONS = ("¿quién decide el orden de dos reacciones obligadas?", "kdy můžu zrušit událost?")
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # keep the .pyc files


def seconds(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, cwd=ROOT, env=ENV)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    judge = str(Path(sys.executable).parent / "judge")
    floor = [sys.executable, "-c", "import click, yaml"]
    seconds([judge, "ask", QUESTIONS[0]])  # warm the caches a first run fills (compiled glossary)
    asks, floors = [], []
    for i in range(runs):
        floors.append(seconds(floor))
        asks.append(seconds([judge, "ask", QUESTIONS[i % 2]]))
    ask, base = statistics.median(asks), statistics.median(floors)
    print(f"cold judge ask: median {ask * 1000:.0f} ms over {runs} runs")
    print(f"python -c 'import click, yaml': median {base * 1000:.0f} ms")
    print(f"ratio: {ask / base:.1f}x")


if __name__ == "__main__":
    main()
