"""Benchmark: the question bank's scores (judge.rules.ask.bank_scores) on every question of the ask
sets, against a whole answer to the same questions in the same run (the scores' share of it);
the process is warm (the compiled catalogue loaded), so this is the time a question costs, not
a cold start (tests/bench/ask_bench.py, coldstart_bench.py).

Run: python tests/bench/ask_bank_bench.py [--runs N]
Prints medians of N runs (per question, in ms) and their ratio; nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import yaml

from judge.rules import api, data
from judge.rules import ask as asking

ASK = Path(__file__).resolve().parent.parent / "ask"
T = TypeVar("T")


def questions() -> list[tuple[str, str]]:
    """(question, language) of every ask set (not second.yaml, which has no questions of its own)."""
    return [(q["q"], q["lang"]) for path in sorted(ASK.glob("*.yaml")) if path.name != "second.yaml"
            for q in yaml.safe_load(path.read_text("utf-8"))["questions"] if "lang" in q]


def per_question(run: Callable[[T], object], items: Sequence[T]) -> float:
    start = time.perf_counter()
    for item in items:
        run(item)
    return (time.perf_counter() - start) / len(items) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    asked = questions()
    source, framework, catalogue = data.sequence_data(None)
    prepared = []
    for text, lang in asked:
        known, vocab = api._ask_data(catalogue.game, lang)
        if known.bank is not None:
            prepared.append((asking.bank_terms(asking.question_of(asking.check_question(text), lang, known, vocab).toks),
                             known.bank))
    scored, answers = [], []
    for _ in range(runs):  # alternated, so both see the same load
        scored.append(per_question(lambda p: asking.bank_scores(p[0], p[1]), prepared))
        answers.append(per_question(lambda q: api.ask(q[0], q[1], None), asked))
    bank_ms, answer = statistics.median(scored), statistics.median(answers)
    print(f"{len(asked)} questions, medians of {runs} runs, per question:")
    print(f"  the bank's scores: {bank_ms:.3f} ms")
    print(f"  a whole answer (api.ask): {answer:.3f} ms")
    print(f"  the scores' share: {bank_ms / answer:.1%}")


if __name__ == "__main__":
    main()
