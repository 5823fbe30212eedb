"""How often two careful annotators agree on what `judge ask` is scored against.

    .venv/bin/python tests/ask/agreement.py tests/ask/second.yaml [--ask]

tests/ask/second.yaml holds a second, independent annotation of questions of tests/ask/dev4.yaml
and dev5.yaml (ids `dev4-<id>`, `dev5-<id>`): the justifying paragraph (`cite`, with `also`),
the step and the verdict, written from the glossary by someone who saw neither the first
writer's answers nor `ask`'s. The figures use score.py's measure (a first paragraph counts
when it is the other's justifying one or one of its `also`), so they bound what a fair aim for
ask's "justifying paragraph first" can be. With --ask, ask's own answers are also scored
against the second annotator and against either annotator.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from score import ask, marks, table

HERE = Path(__file__).resolve().parent
SETS = ("dev4", "dev5")


def justifying(q: dict[str, Any]) -> set[tuple[str, int]]:
    return {(q["cite"]["id"], q["cite"]["para"])} | {(a["id"], a["para"]) for a in q.get("also") or []}


def first(q: dict[str, Any]) -> tuple[str, int]:
    return q["cite"]["id"], q["cite"]["para"]


def step_of(q: dict[str, Any]) -> str | None:
    return None if q.get("step") in (None, "any") else str(q["step"])


def first_writer() -> dict[str, dict[str, Any]]:
    return {f"{name}-{q['id']}": q for name in SETS
            for q in yaml.safe_load((HERE / f"{name}.yaml").read_text("utf-8"))["questions"]}


def compare(a: dict[str, Any], b: dict[str, Any]) -> dict[str, bool]:
    """One question: does each annotator's first paragraph fall in the other's justifying set,
    are the first paragraphs the same, and do step and verdict agree where both record one."""
    out = {"B first in A's": first(b) in justifying(a), "A first in B's": first(a) in justifying(b),
           "same first": first(a) == first(b)}
    if "step" in a and "step" in b:
        out["step"] = step_of(a) == step_of(b)
    if "verdict" in a and "verdict" in b:
        out["verdict"] = a["verdict"] == b["verdict"]
    return out


def main(argv: list[str]) -> int:
    firsts = first_writer()
    second = yaml.safe_load(Path(argv[0]).read_text("utf-8"))["questions"]
    tally: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    runner = CliRunner() if "--ask" in argv else None
    for b in second:
        a = firsts[b["id"]]
        b = {**b, "q": a["q"], "lang": a["lang"], "kind": a["kind"]}
        scored = compare(a, b)
        if runner:
            got = ask(runner, a)
            scored["ask vs A"] = marks(a, got)["cite"]
            scored["ask vs B"] = marks({**b, "cite": b["cite"], "also": b.get("also") or []}, got)["cite"]
            scored["ask vs either"] = got["cite"] in justifying(a) | justifying(b)
        for metric, right in scored.items():
            for group in ("all", a["lang"], b["id"].split("-")[0]):
                tally[(group, metric)][0] += right
                tally[(group, metric)][1] += 1
    metrics = list(dict.fromkeys(m for (_, m) in tally))
    print(f"{argv[0]}: {len(second)} questions annotated twice")
    table(tally, metrics, ["all", "es", "cs", *SETS], width=18)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
