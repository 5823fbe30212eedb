"""Golden files: tests/golden/<case>.yaml gives the arguments, <case>.txt or .json the stdout.

Regenerate deliberately with `JUDGE_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py`,
then review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import cli

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = sorted(GOLDEN.glob("*.yaml"))
REGENERATE = os.environ.get("JUDGE_REGEN_GOLDEN") == "1"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_golden(case: Path, runner: CliRunner, glossary_env: Path) -> None:
    spec = yaml.safe_load(case.read_text("utf-8"))
    result = runner.invoke(cli, spec["args"], catch_exceptions=False)
    expected = case.with_suffix(".json" if "json" in spec["args"] else ".txt")
    if REGENERATE:
        expected.write_text(result.stdout, "utf-8")
    assert result.exit_code == spec.get("exit_code", 0)
    assert result.stderr == spec.get("stderr", "")
    assert result.stdout == expected.read_text("utf-8")
