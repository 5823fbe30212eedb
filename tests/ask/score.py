"""Score `judge ask`, or `judge search` top-1 as a baseline, on an evaluation set.

    .venv/bin/python tests/ask/score.py tests/ask/dev.yaml [--search] [--misses]

Runs the CLI in one process and reads its JSON. Each metric counts the questions that record
it: step (the answer's framework step; "any" = the answer names no fixed step), window, who,
verdict, and cite (the first paragraph the answer cites is the justifying one, or one of its
`also`). Rows: all, per language, per kind; then, for ask, how its clear answers and its close
calls fared (`certainty`). tests/ask/dev.yaml, dev2.yaml … dev39.yaml are tuned on;
tests/ask/heldout*.yaml (written by someone else) are scored once, at the end of a round.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from judge import glossary
from judge.cli import cli

METRICS = ("step", "window", "who", "verdict", "cite")
GROUPS = ("all", "es", "cs", "kind:when", "kind:window", "kind:who", "kind:yesno", "kind:whatif")
LOADED = glossary.load(Path(__file__).resolve().parent.parent.parent / "glossary")


def run(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(cli, [*args, "--format", "json"])
    try:
        data: dict[str, Any] = json.loads(result.output)
    except ValueError:
        return {}
    return data


def ask(runner: CliRunner, q: dict[str, Any]) -> dict[str, Any]:
    data = run(runner, "ask", q["q"], "--lang", q["lang"])
    top = (data.get("matches") or [{}])[0]
    cites = [e["cite"] for e in data.get("evidence", [])] or data.get("cites", [])
    return {"step": data["step"] if "step" in data else top.get("step"),
            "window": data["window"] if "window" in data else top.get("window"),
            "who": data.get("who"), "verdict": data.get("verdict"),
            "cite": (cites[0]["id"], cites[0]["para"]) if cites else None,
            "second": (cites[1]["id"], cites[1]["para"]) if len(cites) > 1 else None,
            "certainty": data.get("certainty")}


def search(runner: CliRunner, q: dict[str, Any]) -> dict[str, Any]:
    hits = run(runner, "search", q["q"], "--game", "agot2", "--lang", q["lang"], "--limit", "1").get("hits", [])
    if not hits:
        return {"step": None, "window": None, "who": None, "verdict": None, "cite": None}
    entry = LOADED.get("agot2", q["lang"], hits[0]["id"])
    return {"step": entry.step if entry else None, "window": None, "who": None, "verdict": None,
            "cite": (hits[0]["id"], hits[0]["para"])}


def marks(q: dict[str, Any], got: dict[str, Any]) -> dict[str, bool]:
    out = {}
    if "step" in q:
        want = None if q["step"] == "any" else q["step"]
        out["step"] = (None if got["step"] in (None, "any") else got["step"]) == want
    for key in ("window", "who", "verdict"):
        if key in q:
            out[key] = got[key] == q[key]
    out["cite"] = got["cite"] in justifying(q)
    return out


def justifying(q: dict[str, Any]) -> set[tuple[str, int]]:
    return {(q["cite"]["id"], q["cite"]["para"])} | {(a["id"], a["para"]) for a in q.get("also", [])}


def certainty_line(answered: Sequence[tuple[dict[str, Any], dict[str, Any]]]) -> str:
    """How the answers marked clear and close fared: the justifying paragraph first among the
    clear ones; first, and one of the two quoted, among the close calls."""
    clear = [(q, got) for q, got in answered if got.get("certainty") == "clear"]
    close = [(q, got) for q, got in answered if got.get("certainty") == "close"]

    def share(right: int, total: int) -> str:
        return f"{right} ({100 * right / total:.0f}%)" if total else "0"

    first = sum(got["cite"] in justifying(q) for q, got in clear)
    close_first = sum(got["cite"] in justifying(q) for q, got in close)
    either = sum(bool({got["cite"], got["second"]} & justifying(q)) for q, got in close)
    return (f"certainty: clear {len(clear)} of {len(answered)}, justifying paragraph first for "
            f"{share(first, len(clear))}; close {len(close)}, first for {share(close_first, len(close))}, "
            f"one of the two quoted for {share(either, len(close))}")


def main(argv: list[str]) -> int:
    path = Path(argv[0])
    questions = yaml.safe_load(path.read_text("utf-8"))["questions"]
    runner = CliRunner()
    answer = search if "--search" in argv else ask
    tally: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    answered: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for q in questions:
        got = answer(runner, q)
        answered.append((q, got))
        scored = marks(q, got)
        for metric, right in scored.items():
            for group in ("all", q["lang"], *(f"kind:{k}" for k in q["kind"])):
                tally[(group, metric)][0] += right
                tally[(group, metric)][1] += 1
        if "--misses" in argv and not all(scored.values()):
            print(q["id"], [m for m, ok in scored.items() if not ok], got, file=sys.stderr)
    print(f"{path.name}: {'judge search top-1' if answer is search else 'judge ask'}, {len(questions)} questions")
    table(tally, METRICS, GROUPS)
    if answer is ask:
        print(certainty_line(answered))
    return 0


def table(tally: dict[tuple[str, str], list[int]], metrics: Sequence[str], groups: Sequence[str],
          width: int = 14) -> None:
    """One row per group, one `right/total percent` cell per metric ("—" where none counts)."""
    print(f"{'':12}" + "".join(f"{m:>{width}}" for m in metrics))
    for group in groups:
        cells = []
        for metric in metrics:
            right, total = tally[(group, metric)]
            cells.append(f"{right}/{total} {100 * right / total:3.0f}%" if total else "—")
        print(f"{group:12}" + "".join(f"{c:>{width}}" for c in cells))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
