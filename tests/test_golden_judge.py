"""Golden outputs of the judge (the timing engine) against the real glossary.

- tests/golden/judge/scenarios/<name>.yaml is stepped in es and cs, text and JSON:
  `judge step scenarios/<name>.yaml --lang L --format F` → <name>.<L>.txt / .json
- tests/golden/judge/cases/<case>.yaml gives other arguments (timeline, ask, bad input,
  interactive `input`) → cases/<case>.txt or .json, plus the expected exit code and stderr.
- The other games keep theirs in tests/golden/games/<game>/scenarios and .../cases, the same
  way; their scenarios run in the languages the game's glossary has (Spanish only, for now).

Regenerate deliberately with `python -m pytest --regen-golden tests/test_golden_judge.py` (it
fails the run after writing), then review the diff (tests/goldenkit.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import goldenkit
from judge.cli import cli

HERE = Path(__file__).resolve().parent / "golden" / "judge"
GAMES = Path(__file__).resolve().parent / "golden" / "games"
REPO = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((HERE / "scenarios").glob("*.yaml"))
CASES = sorted((HERE / "cases").glob("*.yaml"))
GAME_SCENARIOS = sorted(GAMES.glob("*/scenarios/*.yaml"))
GAME_CASES = sorted(GAMES.glob("*/cases/*.yaml"))
RUNS = [(s, lang, fmt) for s in SCENARIOS for lang in ("es", "cs") for fmt in ("text", "json")]


def _game_langs(game: str) -> list[str]:
    return [lang for lang in ("es", "cs") if (REPO / "glossary" / game / lang).is_dir()]


GAME_RUNS = [(s, lang, fmt) for s in GAME_SCENARIOS for lang in _game_langs(s.parent.parent.name)
             for fmt in ("text", "json")]


@pytest.fixture
def judge_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUDGE_GLOSSARY", raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.chdir(HERE)


@pytest.mark.parametrize("scenario,lang,fmt", RUNS, ids=[f"{s.stem}-{lang}-{fmt}" for s, lang, fmt in RUNS])
def test_scenario(scenario: Path, lang: str, fmt: str, runner: CliRunner, judge_env: None) -> None:
    args = ["step", f"scenarios/{scenario.name}", "--lang", lang, "--format", fmt]
    result = runner.invoke(cli, args, catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    goldenkit.check(HERE / f"{scenario.stem}.{lang}.{'json' if fmt == 'json' else 'txt'}", result.stdout)


@pytest.mark.parametrize("scenario,lang,fmt", GAME_RUNS,
                         ids=[f"{s.parent.parent.name}-{s.stem}-{lang}-{fmt}" for s, lang, fmt in GAME_RUNS])
def test_game_scenario(scenario: Path, lang: str, fmt: str, runner: CliRunner, judge_env: None) -> None:
    """Another game's scenario; paths are relative to its folder (tests/golden/games/<game>)."""
    args = ["step", str(scenario), "--lang", lang, "--format", fmt]
    result = runner.invoke(cli, args, catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    goldenkit.check(scenario.parent.parent / f"{scenario.stem}.{lang}.{'json' if fmt == 'json' else 'txt'}", result.stdout)


@pytest.mark.parametrize("case", CASES + GAME_CASES, ids=[f"{c.parent.parent.name}-{c.stem}" for c in CASES + GAME_CASES])
def test_case(case: Path, runner: CliRunner, judge_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case.parent.parent)
    spec = yaml.safe_load(case.read_text("utf-8"))
    result = runner.invoke(cli, spec["args"], input=spec.get("input"), catch_exceptions=False)
    assert result.exit_code == spec.get("exit_code", 0), result.stderr
    assert result.stderr == spec.get("stderr", "")
    goldenkit.check(case.with_suffix(".json" if "json" in spec["args"] else ".txt"), result.stdout)


def test_at_least_25_scenarios() -> None:
    assert len(SCENARIOS) >= 25
