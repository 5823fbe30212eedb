"""Which engine steps a game's situations for `judge step`.

A game's triggers.yaml names its engine on a top-level line `engine: NAME`; without it the game
uses the card game's seven-step triggering-condition sequence (judge/rules/sequence.py). The
other engines — a priority stack (gp), a combat procedure (agot-board), turns of opportunities
(agot1) — are listed in `STEP_ENGINES` by the module that runs them; each module's
`run_scenario(scenario, game, lang)` takes the scenario file's mapping (read once, by
judge.service) and returns its result and the labels of its output language, and
`judge.render` formats it. The registry imports an engine only when it is used, and never
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
from judge.core.yamldata import Located

TRIGGER_SEQUENCE = "trigger-sequence"


class ScenarioRunner(Protocol):
    def __call__(self, scenario: Located | None, game: str, lang: str | None) -> tuple[Any, dict[str, str]]: ...


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


# A game is a folder name of the glossary: anything else (a path, a megabyte) is not looked up.
_GAME_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


def scenario_game(scenario: Located | None, game: str | None) -> str:
    """The game a step is about: --game, else the scenario file's `game:` (its mapping as read
    by judge.core.yamldata), else the default."""
    if game:
        return game
    if scenario is None:
        return DEFAULT_GAME
    found = scenario.get("game")
    if found is None:
        return DEFAULT_GAME
    if not isinstance(found, str) or not _GAME_NAME.match(found):
        raise scenario.fail("game", "game: the name of a game of the glossary, e.g. agot2")
    return found
