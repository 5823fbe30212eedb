"""Every file of the repository's glossary/ loads without errors (warnings are allowed)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from judge import glossary
from judge.core.model import Problem

ROOT = Path(__file__).resolve().parent.parent / "glossary"
FILES = sorted(ROOT.glob("*/*/*.md")) if ROOT.is_dir() else []


@lru_cache(maxsize=1)
def errors_by_file() -> dict[Path, list[Problem]]:
    found: dict[Path, list[Problem]] = {}
    for problem in glossary.validate(ROOT)[1]:
        if problem.severity == "error":
            found.setdefault(Path(problem.file).resolve(), []).append(problem)
    return found


@pytest.mark.skipif(not FILES, reason="the repository has no glossary files yet")
@pytest.mark.data_check
@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_glossary_file_loads_without_errors(path: Path) -> None:
    assert [str(p) for p in errors_by_file().get(path.resolve(), [])] == []


@pytest.mark.skipif(not FILES, reason="the repository has no glossary files yet")
def test_whole_glossary_loads_without_errors() -> None:
    loaded = glossary.load(ROOT)
    assert len(loaded.entries) == len(FILES)
