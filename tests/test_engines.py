"""Which engine steps a game: the `engine:` line of its triggers.yaml, read without parsing the file."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.rules import registry

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("text", "engine"), [
    ("game: gp\nengine: priority-stack\nlabels: {}\n", "priority-stack"),
    ('engine: "combat"   # the board game\n', "combat"),
    ("engine: 'shadows'\n", "shadows"),
    ("game: agot2\nsequence: []\n", registry.TRIGGER_SEQUENCE),
    ("rules:\n  x:\n    engine: combat\n", registry.TRIGGER_SEQUENCE),  # not top-level
])
def test_engine_line(tmp_path: Path, text: str, engine: str) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "triggers.yaml").write_text(text, "utf-8")
    assert registry.engine_of("g", tmp_path) == engine


def test_missing_file_is_the_trigger_sequence(tmp_path: Path) -> None:
    assert registry.engine_of("nowhere", tmp_path) == registry.TRIGGER_SEQUENCE


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "glossary").iterdir() if p.is_dir()))
def test_the_line_agrees_with_the_yaml(game: str) -> None:
    """For every shipped game, the quick read gives what a full YAML parse gives."""
    data = yaml.safe_load((ROOT / "glossary" / game / "triggers.yaml").read_text("utf-8"))
    assert registry.engine_of(game, ROOT / "glossary") == data.get("engine", registry.TRIGGER_SEQUENCE)
    assert registry.engine_of(game, ROOT / "glossary") in {registry.TRIGGER_SEQUENCE, *registry.STEP_ENGINES}
