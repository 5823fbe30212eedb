"""A game's data for the rules core: the loaded glossary (the cited entries), its round
(framework.yaml) and its triggering-condition catalogue (triggers.yaml)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from judge import glossary
from judge.core import paths
from judge.core.errors import UsageProblem
from judge.core.model import DEFAULT_GAME
from judge.glossary import Glossary
from judge.rules import registry, timing, triggers
from judge.rules.timing import Framework
from judge.rules.triggers import Catalogue


@lru_cache(maxsize=4)
def _glossary(root: Path) -> Glossary:
    return glossary.load(root)


def loaded_glossary() -> Glossary:
    """The glossary every engine cites, loaded once per process."""
    return _glossary(paths.glossary_root())


def framework_data(game: str | None) -> tuple[Glossary, Framework]:
    """The glossary and the round of a game, whatever engine steps its situations."""
    game = game or DEFAULT_GAME
    fw_path = timing.framework_path(game, paths.glossary_root())
    if not fw_path.is_file():
        raise UsageProblem(f'game "{game}" has no timing data (framework.yaml)')
    return loaded_glossary(), timing.load(fw_path)


def sequence_data(game: str | None) -> tuple[Glossary, Framework, Catalogue]:
    """The glossary, round and triggering-condition catalogue of a game stepped by the
    sequence engine; a clear usage error for a game with another engine or no data."""
    game = game or DEFAULT_GAME
    engine = registry.engine_of(game)
    if engine != registry.TRIGGER_SEQUENCE:
        raise UsageProblem(f'game "{game}" has no triggering-condition catalogue (its engine is {engine}): '
                           f"use judge step with a scenario file (docs/scenarios.md), or judge search")
    tr_path = triggers.triggers_path(game, paths.glossary_root())
    if not tr_path.is_file():
        raise UsageProblem(f'game "{game}" has no timing data (framework.yaml and triggers.yaml)')
    source, fw = framework_data(game)
    return source, fw, triggers.load(tr_path)
