"""Which engine steps a game's situations for `judge step`.

A game's triggers.yaml names its engine on a top-level line `engine: NAME`; without it the game
uses the card game's seven-step triggering-condition sequence (judge/rules/sequence.py). The
other engines — a priority stack (gp), a combat procedure (agot-board), turns of opportunities
(agot1) — are listed in `STEP_ENGINES` by the module that runs them; each module's
`run_scenario(path, game, lang)` returns its result and the labels of its output language,
and `judge.render` formats it. The registry imports an engine only when it is used, and never
the command layer.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from judge.core import paths
from judge.core.model import DEFAULT_GAME

TRIGGER_SEQUENCE = "trigger-sequence"


class ScenarioRunner(Protocol):
    def __call__(self, scenario: Path | None, game: str, lang: str | None) -> tuple[Any, dict[str, str]]: ...


# engine name (triggers.yaml `engine:`) → the module whose `run_scenario` steps it; the trigger
# sequence is not here (it also takes options instead of a file: judge.rules.api.step).
STEP_ENGINES: dict[str, str] = {
    "priority-stack": "judge.rules.priority",
    "shadows": "judge.rules.shadows",
    "combat": "judge.rules.combat",
}


# engine name → (module, function) parsing the game's triggers.yaml into that engine's data; the
# compiled catalogue (judge/rules/catalogue.py) holds each game's result.
ENGINE_DATA: dict[str, tuple[str, str]] = {
    TRIGGER_SEQUENCE: ("judge.rules.triggers", "load"),
    "priority-stack": ("judge.rules.priority", "load_rules"),
    "shadows": ("judge.rules.shadows", "load_rules"),
    "combat": ("judge.rules.combat", "load_data"),
}


def data_loader(engine: str) -> Callable[[Path], object]:
    """The parser of an engine's data file (triggers.yaml), its module imported now."""
    module, name = ENGINE_DATA[engine]
    load: Callable[[Path], object] = getattr(importlib.import_module(module), name)
    return load


def runner(engine: str) -> ScenarioRunner:
    """The engine's scenario runner, its module imported now (most runs need only one)."""
    run: ScenarioRunner = importlib.import_module(STEP_ENGINES[engine]).run_scenario
    return run


# `engine:` is read from its own top-level line: parsing the whole file here would cost as much
# as the engine's own load (0.2 s for the card game's catalogue) on every `judge step`.
_ENGINE_LINE = re.compile(r"""^engine:[ \t]*(['"]?)([\w-]+)\1[ \t]*(?:#.*)?$""", re.M)


def engine_of(game: str, root: Path | None = None) -> str:
    """The engine named by the game's triggers.yaml (the trigger sequence if none or unreadable:
    that path then reports the file's problem with its line)."""
    path = (root or paths.glossary_root()) / game / "triggers.yaml"
    try:
        found = _ENGINE_LINE.search(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError):
        return TRIGGER_SEQUENCE
    return found.group(2) if found else TRIGGER_SEQUENCE


def scenario_game(scenario: Path | None, game: str | None) -> str:
    """The game a step is about: --game, else the scenario file's `game:`, else the default."""
    if game:
        return game
    found = _top_level_key(scenario, "game") if scenario is not None else None
    return str(found) if isinstance(found, str) and found else DEFAULT_GAME


def _top_level_key(path: Path, key: str) -> object:
    import yaml  # a scenario file is YAML; the rules core itself runs without PyYAML

    try:
        data = yaml.safe_load(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    return data.get(key) if isinstance(data, dict) else None
