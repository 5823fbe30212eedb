"""Golden files: the expected output is read, never written, by a normal run.

`python -m pytest --regen-golden tests/test_golden*.py` rewrites each golden file whose output
changed, fails that test, and fails the run (conftest.py): a regenerated file is only accepted
after its diff is reviewed and a run without the option passes. The old JUDGE_REGEN_GOLDEN=1,
which wrote the file and then compared the output with itself, is refused (conftest.py, .ci/run).
"""

from __future__ import annotations

from pathlib import Path

import pytest

rewritten: list[Path] = []
regenerate = False  # set from the --regen-golden option by conftest.pytest_configure


def check(path: Path, actual: str) -> None:
    """`actual` must equal the golden file `path`; with --regen-golden, a differing file is
    rewritten and the test fails."""
    expected = path.read_text("utf-8") if path.is_file() else None
    if regenerate and actual != expected:
        path.write_text(actual, "utf-8")
        rewritten.append(path)
        pytest.fail(f"rewrote {path} (--regen-golden): review the diff, then run again without the option")
    assert expected is not None, f"{path} is missing: create it with --regen-golden and review it"
    assert actual == expected
