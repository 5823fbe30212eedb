"""The judge's entry points for the CLI: load the glossary and the engine's data of a game,
run the timeline, a step or a question, and hand back the result with its language's labels."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge import ask as asking
from judge import engines, glossary, paths, scenario, timing, triggers
from judge.errors import NoHits, UsageProblem
from judge.glossary import Glossary
from judge.models import DEFAULT_GAME, Answer, Cite, StepResult, Timeline
from judge.scenario import Ability, Scenario
from judge.timing import Framework
from judge.triggers import Catalogue, Decide


@lru_cache(maxsize=4)
def _glossary(root: Path) -> Glossary:
    return glossary.load(root)


def _data(game: str | None) -> tuple[Glossary, Framework, Catalogue]:
    game = game or DEFAULT_GAME
    engine = engines.engine_of(game)
    if engine != engines.TRIGGER_SEQUENCE:
        raise UsageProblem(f'game "{game}" has no triggering-condition catalogue (its engine is {engine}): '
                           f"use judge step with a scenario file (docs/scenarios.md), or judge search")
    tr_path = triggers.triggers_path(game, paths.glossary_root())
    if not tr_path.is_file():
        raise UsageProblem(f'game "{game}" has no timing data (framework.yaml and triggers.yaml)')
    source, fw = framework_data(game)
    return source, fw, triggers.load(tr_path)


def framework_data(game: str | None) -> tuple[Glossary, Framework]:
    """The glossary and the round of a game, whatever engine steps its situations."""
    game = game or DEFAULT_GAME
    root = paths.glossary_root()
    fw_path = timing.framework_path(game, root)
    if not fw_path.is_file():
        raise UsageProblem(f'game "{game}" has no timing data (framework.yaml)')
    return _glossary(root), timing.load(fw_path)


def labels(framework: Framework, catalogue: Catalogue, lang: str) -> dict[str, str]:
    return {**framework.labels[lang], **catalogue.labels[lang]}


def timeline(game: str | None, lang: str, melee: bool, phase: int | None) -> tuple[Timeline, dict[str, str]]:
    """The round of any game: its framework and its labels are all a timeline needs."""
    source, fw = framework_data(game)
    return timing.timeline(fw, source, lang, "melee" if melee else "joust", phase), fw.labels[lang]


def load_scenario(path: Path | None, options: dict[str, Any], abilities: tuple[str, ...]) -> Scenario:
    """A scenario from a file, from options, or a file with options overriding its keys."""
    parsed = tuple(scenario.parse_ability_option(text) for text in abilities)
    if path is not None:
        loaded = scenario.from_file(path, options)
        if parsed:
            loaded = replace(loaded, abilities=loaded.abilities + parsed)
        return loaded
    return scenario.from_options(options, parsed)


def step(situation: Scenario, decide: Decide = triggers.scripted) -> tuple[StepResult, dict[str, str]]:
    source, fw, cat = _data(situation.game)
    scenario.check(situation, cat.ids(), fw, cat.flags())
    return triggers.step(situation, cat, fw, source, decide), labels(fw, cat, situation.lang)


def window_labels(game: str | None, lang: str) -> dict[str, str]:
    _, fw, cat = _data(game)
    return labels(fw, cat, lang)


def trigger_rows(game: str | None, lang: str) -> list[tuple[str, str, str]]:
    _, _, cat = _data(game)
    return [(t.id, ", ".join(t.steps), t.title[lang]) for t in cat.triggers]


# The search index adds the paragraphs that best match the question's own words, after the
# engine's citations: at most this many, each scoring at least this share of the best one.
SEARCH_CITES = 3
SEARCH_CITE_SHARE = 0.25


def ask(question: str, lang: str, game: str | None, extra_cites: tuple[Cite, ...] = ()) -> tuple[Answer, dict[str, str]]:
    source, fw, cat = _data(game)
    if lang == "auto":
        lang = guess_lang(question)
    cites = extra_cites + search_cites(question, lang, game or DEFAULT_GAME)
    return asking.answer(question, lang, cat, source, cites), labels(fw, cat, lang)


def search_cites(question: str, lang: str, game: str) -> tuple[Cite, ...]:
    """The best-matching paragraphs of the question in its language, from the search index.

    They supplement the engine's answer, so a question the search cannot use (no words left,
    nothing found) simply adds none."""
    from judge import search  # whoosh is imported only when a command needs it

    try:
        result = search.search(question, game, lang, SEARCH_CITES, fuzzy=False)  # no guessed words
    except (NoHits, UsageProblem):
        return ()
    best = max((hit.score for hit in result.hits), default=0.0)
    return tuple(Cite(hit.game, hit.id, hit.lang, hit.term, hit.para or 1)
                 for hit in result.hits if hit.score >= SEARCH_CITE_SHARE * best)


_CZECH_LETTERS = set("ěščřžýůťďň")
_SPANISH_MARKS = set("¿¡ñ")
_CZECH_WORDS = {"kdy", "poté", "pote", "když", "kdyz", "pokud", "muzu", "mohu", "do", "na", "je", "se", "co",
                "by", "kola", "hrac", "hráč", "vyzvu", "výzvu", "lze", "jak", "kdo"}
_SPANISH_WORDS = {"de", "la", "el", "que", "los", "las", "un", "una", "del", "se", "por", "cuando", "después",
                  "despues", "puedo", "qué", "quién", "en", "al"}


def guess_lang(text: str) -> str:
    """Spanish for ¿ ¡ ñ, Czech for a letter only Czech uses; else the language whose common
    words the question has more of (Spanish on a tie)."""
    lowered = text.lower()
    if _SPANISH_MARKS & set(lowered):
        return "es"
    if _CZECH_LETTERS & set(lowered):
        return "cs"
    words = lowered.replace("?", " ").replace(",", " ").split()
    czech = sum(w in _CZECH_WORDS for w in words)
    spanish = sum(w in _SPANISH_WORDS for w in words)
    return "cs" if czech > spanish else "es"


def combat(path: Path | None, game: str, lang: str | None) -> Any:
    """A board game combat scenario stepped through the combat sequence (judge/combat.py)."""
    from judge import combat as combats

    if path is None:
        raise UsageProblem(f'game "{game}" steps a combat: give its scenario file (docs/scenarios.md)')
    root = paths.glossary_root()
    data = combats.load_data(combats.data_path(game, root))
    fw = timing.load(timing.framework_path(game, root))
    return combats.run(combats.from_file(path, data, lang), data, fw, _glossary(root))
