"""A game's data for the rules core: the loaded glossary (the cited entries), its round
(framework.yaml) and its engine's data (triggers.yaml) — from the compiled catalogue when there
is one (judge/rules/catalogue.py), else parsed from the files."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from judge import glossary
from judge.core import paths
from judge.core.errors import UsageProblem
from judge.core.model import DEFAULT_GAME
from judge.glossary import Glossary
from judge.rules import catalogue, registry, timing
from judge.rules.catalogue import GameData
from judge.rules.timing import Framework

if TYPE_CHECKING:
    from judge.rules.ask import Bank, Knowledge, Vocabulary
    from judge.rules.triggers import Catalogue


@lru_cache(maxsize=4)
def _glossary(root: Path) -> Glossary:
    return glossary.load(root)


def _game(game: str) -> GameData | None:
    found = catalogue.current(paths.glossary_root())
    return found.game(game) if found is not None else None


def loaded_glossary() -> Glossary:
    """The glossary every engine cites, loaded once per process."""
    found = catalogue.current(paths.glossary_root())
    return found.glossary if found is not None else _glossary(paths.glossary_root())


def engine_of(game: str) -> str:
    """The engine that steps the game's situations (registry.engine_of, from the catalogue)."""
    compiled = _game(game)
    return compiled.engine if compiled is not None else registry.engine_of(game, paths.glossary_root())


def framework(game: str) -> Framework:
    """The round of a game; a usage error for a game without framework.yaml."""
    compiled = _game(game)
    if compiled is not None and compiled.framework is not None:
        return compiled.framework
    fw_path = timing.framework_path(game, paths.glossary_root())
    if not fw_path.is_file():
        raise UsageProblem(f'game "{game}" has no timing data (framework.yaml)')
    return timing.load(fw_path)


def engine_data(game: str) -> object:
    """The data of the game's engine (its triggers.yaml, parsed by that engine)."""
    from judge.rules import triggers

    compiled = _game(game)
    found = compiled.engine_data() if compiled is not None else None
    if found is not None:
        return found
    path = triggers.triggers_path(game, paths.glossary_root())
    if not path.is_file():
        raise UsageProblem(f'game "{game}" has no timing data (framework.yaml and triggers.yaml)')
    return registry.data_loader(engine_of(game))(path)


def ask_vocabulary(game: str) -> Vocabulary:
    """The words `judge ask` reads the game's questions with (its ask.yaml)."""
    compiled = _game(game)
    found = compiled.ask_vocabulary() if compiled is not None else None
    if found is not None:
        return found
    from judge.rules import ask

    return ask.vocabulary_for(game, paths.glossary_root())


def ask_bank(game: str, lang: str) -> Bank | None:
    """The bank of the questions each paragraph answers, which `judge ask`'s ranking weighs
    (the game's asked.yaml, built into the compiled catalogue, else read or taken from its own
    cache); None without one."""
    compiled = _game(game)
    found = compiled.ask_bank(lang) if compiled is not None else None
    if found is not None:
        return found
    from judge.rules import ask

    root = paths.glossary_root()
    path = ask.asked_path(game, root)
    if not path.is_file():
        return None
    return catalogue.question_banks(path).get(lang)


def ask_knowledge(game: str, lang: str) -> Knowledge | None:
    """The paragraph index `judge ask` retrieves over, from the compiled catalogue; None
    without one (the caller builds it: catalogue.ask_knowledge)."""
    compiled = _game(game)
    return compiled.ask_knowledge(lang) if compiled is not None else None


def framework_data(game: str | None) -> tuple[Glossary, Framework]:
    """The glossary and the round of a game, whatever engine steps its situations."""
    fw = framework(game or DEFAULT_GAME)
    return loaded_glossary(), fw


def sequence_data(game: str | None) -> tuple[Glossary, Framework, Catalogue]:
    """The glossary, round and triggering-condition catalogue of a game stepped by the
    sequence engine; a clear usage error for a game with another engine or no data."""
    from judge.rules import triggers
    from judge.rules.triggers import Catalogue

    game = game or DEFAULT_GAME
    engine = engine_of(game)
    if engine != registry.TRIGGER_SEQUENCE:
        raise UsageProblem(f'game "{game}" has no triggering-condition catalogue (its engine is {engine}): '
                           f"use judge step with a scenario file (docs/scenarios.md), or judge search")
    compiled = _game(game)
    if (compiled is None or compiled.data is None) and not triggers.triggers_path(game, paths.glossary_root()).is_file():
        raise UsageProblem(f'game "{game}" has no timing data (framework.yaml and triggers.yaml)')
    source, fw = framework_data(game)
    cat = engine_data(game)
    if not isinstance(cat, Catalogue):
        raise UsageProblem(f'game "{game}" has no triggering-condition catalogue')
    return source, fw, cat
