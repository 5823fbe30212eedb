"""Which engine steps a game's situations for `judge step`.

A game's triggers.yaml names its engine on a top-level line `engine: NAME`; without it the game
uses the card game's seven-step triggering-condition sequence (judge/triggers.py). The other
engines (a priority stack, a combat procedure, turns of opportunities) register themselves in
`STEP_ENGINES`: each takes the scenario file (or None), the game, the output language and the
format, and returns the rendered result.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

import yaml

from judge import paths
from judge.models import DEFAULT_GAME

TRIGGER_SEQUENCE = "trigger-sequence"


class StepEngine(Protocol):
    def __call__(self, scenario: Path | None, game: str, lang: str | None, fmt: str, width: int) -> str: ...


def _shadows(scenario: Path | None, game: str, lang: str | None, fmt: str, width: int) -> str:
    from judge import shadows  # imported when used: most runs step the trigger sequence

    return shadows.run(scenario, game, lang, fmt, width)


def _priority_stack(scenario: Path | None, game: str, lang: str | None, fmt: str, width: int) -> str:
    from judge import priority  # imported when used: the card game never needs it

    return priority.step(scenario, game, lang, fmt, width)


def _combat(scenario: Path | None, game: str, lang: str | None, fmt: str, width: int) -> str:
    """The board game's combat sequence (judge/combat.py), imported only when used."""
    from judge import judging, render

    return render.combat_result(judging.combat(scenario, game, lang), fmt, width)


# engine name (triggers.yaml `engine:`) → its step function; the trigger sequence is not here.
STEP_ENGINES: dict[str, StepEngine] = {"priority-stack": _priority_stack, "shadows": _shadows, "combat": _combat}


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
    try:
        data = yaml.safe_load(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    return data.get(key) if isinstance(data, dict) else None
