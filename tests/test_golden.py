"""Golden files: tests/golden/<case>.yaml gives the arguments, <case>.txt or .json the stdout.

Regenerate deliberately with `python -m pytest --regen-golden tests/test_golden.py` (it fails
the run after writing), then review the diff (tests/goldenkit.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import goldenkit
from judge.cli import cli

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = sorted(GOLDEN.glob("*.yaml"))


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_golden(case: Path, runner: CliRunner, glossary_env: Path) -> None:
    spec = yaml.safe_load(case.read_text("utf-8"))
    result = runner.invoke(cli, spec["args"], catch_exceptions=False)
    expected = case.with_suffix(".json" if "json" in spec["args"] else ".txt")
    assert result.exit_code == spec.get("exit_code", 0)
    assert result.stderr == spec.get("stderr", "")
    goldenkit.check(expected, result.stdout)
