"""The JSON of timeline, step and ask has the keys DESIGN.md and docs/cli.md promise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli

SCENARIO = Path(__file__).resolve().parent / "golden" / "judge" / "scenarios" / "military-claim-save.yaml"
CITE = {"game", "id", "lang", "term", "para"}


@pytest.fixture(autouse=True)
def real_glossary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUDGE_GLOSSARY", raising=False)


def run(runner: CliRunner, *args: str) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(cli, [*args, "--format", "json"], catch_exceptions=False)
    assert result.exit_code == 0
    data: dict = json.loads(result.stdout)  # type: ignore[type-arg]
    return data


def test_timeline_shape(runner: CliRunner) -> None:
    data = run(runner, "timeline", "--melee")
    assert set(data) == {"game", "format", "lang", "items"}
    assert {"kind", "id", "title", "phase", "cites", "substeps"} <= set(data["items"][0])
    assert {i["kind"] for i in data["items"]} == {"step", "action-window", "special-action-window"}
    assert [s["id"] for s in next(i for i in data["items"] if i["id"] == "1.3")["substeps"]] == ["I", "II", "III"]
    assert all(set(c) == CITE for i in data["items"] for c in i["cites"])


def test_step_shape(runner: CliRunner) -> None:
    data = run(runner, "step", str(SCENARIO))
    assert {"game", "lang", "trigger", "occurrences", "outcome", "sequence", "next"} <= set(data)
    assert data["outcome"] in ("occurred", "cancelled", "replaced")
    assert [s["n"] for s in data["sequence"]] == [1, 2, 3, 4, 5, 6, 7]
    for item in data["sequence"]:
        assert {"n", "kind", "first", "ordered_by", "abilities", "nested", "cites"} <= set(item)
        assert all(set(c) == CITE for c in item["cites"])
    nested = data["sequence"][1]["nested"][0]
    assert nested["from"] == "Escudo de Lannisport" and [s["n"] for s in nested["sequence"]] == [1, 2, 3, 4, 5, 6, 7]


def test_ask_shape(runner: CliRunner) -> None:
    data = run(runner, "ask", "después de que ganes un reto")
    assert {"question", "lang", "matches", "cites"} <= set(data)
    assert {"trigger", "step", "window", "score"} <= set(data["matches"][0])
    assert all(set(c) == CITE for c in data["cites"])
