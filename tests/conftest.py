"""Shared fixtures: a CliRunner with separate stderr, and the fixture glossary."""

from __future__ import annotations

import inspect
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import settings

# No timed assertions: hypothesis' default 200 ms deadline fails on a loaded machine.
settings.register_profile("judge", deadline=None)
settings.load_profile("judge")

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
FIXTURES = TESTS / "fixtures"
FIXTURE_GLOSSARY = FIXTURES / "glossary"


@pytest.fixture(autouse=True)
def index_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Search indexes go to a cache folder of the test session, never the user's own."""
    cache = tmp_path_factory.getbasetemp() / "xdg-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache


@pytest.fixture
def runner() -> CliRunner:
    # click < 8.2 mixes stderr into stdout unless told not to; 8.2+ always keeps both.
    options: dict[str, Any] = {}
    if "mix_stderr" in inspect.signature(CliRunner).parameters:
        options["mix_stderr"] = False
    return CliRunner(**options)


@pytest.fixture
def glossary_env(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point judge at the fixture glossary; run from tests/fixtures so paths read glossary/…"""
    monkeypatch.setenv("JUDGE_GLOSSARY", str(FIXTURE_GLOSSARY))
    monkeypatch.chdir(FIXTURES)
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return FIXTURE_GLOSSARY


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the fixture glossary at tmp_path/glossary, used as JUDGE_GLOSSARY."""
    root = tmp_path / "glossary"
    shutil.copytree(FIXTURE_GLOSSARY, root)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JUDGE_GLOSSARY", str(root))
    monkeypatch.delenv("COLUMNS", raising=False)
    return root


# A second game for the multi-game tests (issue 7): Spanish only, numbered rule groups
# (`number:`), its rulebook's order not alphabetical, a redirect without a source.
FIXTURE_GAMES = FIXTURES / "games"


@pytest.fixture
def multigame(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fixture glossary plus the Spanish-only game `mini`, at tmp_path/glossary, as JUDGE_GLOSSARY."""
    root = tmp_path / "glossary"
    shutil.copytree(FIXTURE_GLOSSARY, root)
    shutil.copytree(FIXTURE_GAMES / "mini", root / "mini")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JUDGE_GLOSSARY", str(root))
    monkeypatch.delenv("COLUMNS", raising=False)
    return root
