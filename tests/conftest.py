"""Shared fixtures: a CliRunner with separate stderr, and the fixture glossary."""

from __future__ import annotations

import fnmatch
import inspect
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import settings

import goldenkit

# No timed assertions: hypothesis' default 200 ms deadline fails on a loaded machine.
settings.register_profile("judge", deadline=None)
settings.load_profile("judge")

TESTS = Path(__file__).resolve().parent
ALLOWED_SKIPS = TESTS / "allowed_skips.yaml"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--regen-golden", action="store_true",
                     help="Rewrite each golden file whose output changed, and fail the run (tests/goldenkit.py).")
    parser.addoption("--strict-skips", action="store_true",
                     help="Fail the run on any skip not listed in tests/allowed_skips.yaml (CI: .ci/run).")


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("JUDGE_REGEN_GOLDEN"):
        raise pytest.UsageError("JUDGE_REGEN_GOLDEN is not read any more (it made golden tests pass by "
                                "construction): use --regen-golden, which fails the run after writing")
    goldenkit.regenerate = bool(config.getoption("--regen-golden"))
    config.addinivalue_line("markers", "data_check: one check per data item over one cached call "
                                       "(counted apart from the behaviour tests)")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if session.config.getoption("--regen-golden"):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if session.config.getoption("--strict-skips") and _unexpected_skips(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _allowed_skips() -> list[dict[str, str]]:
    allowed: list[dict[str, str]] = yaml.safe_load(ALLOWED_SKIPS.read_text("utf-8")) or []
    for item in allowed:
        assert item.get("test") and item.get("reason"), f"{ALLOWED_SKIPS}: each skip needs test: and reason:"
    return allowed


def _unexpected_skips(config: pytest.Config) -> list[str]:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    patterns = [item["test"] for item in _allowed_skips()]
    return [report.nodeid for report in skipped if not any(fnmatch.fnmatch(report.nodeid, p) for p in patterns)]


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """The counts that mean something: behaviour tests and data checks apart; unexpected skips."""
    passed = terminalreporter.stats.get("passed", [])
    data = sum(1 for report in passed if "data_check" in report.keywords)
    terminalreporter.write_line(f"{len(passed) - data} behaviour tests + {data} data checks passed")
    if goldenkit.rewritten or config.getoption("--regen-golden"):
        terminalreporter.write_line(f"--regen-golden: {len(goldenkit.rewritten)} golden files rewritten; review "
                                    "`git diff tests/golden`, then run again without the option (this run fails)")
    if config.getoption("--strict-skips"):
        unexpected = _unexpected_skips(config)
        terminalreporter.write_line(f"{len(unexpected)} unexpected skips (allowed: {ALLOWED_SKIPS.name})")
        for nodeid in unexpected:
            terminalreporter.write_line(f"  unexpected skip: {nodeid}")
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
