"""The rules core's entry points (the CLI's and the browser's): the timeline of a game, a
scenario stepped through the triggering-condition sequence, a question answered; each result
is handed back with the labels of its language."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.core import yamldata
from judge.rules import catalogue, data, timing

if TYPE_CHECKING:
    from judge.core.yamldata import Located
    from judge.rules import ask as asking
    from judge.rules.answers import Answer
    from judge.rules.timelines import Timeline
    from judge.rules.scenario import Scenario
    from judge.rules.sequence import Decide
    from judge.rules.stepped import StepResult
    from judge.rules.timing import Framework
    from judge.rules.triggers import Catalogue

# The scenario and the sequence engine are imported by the functions that step one (and ask's
# analyzer by `ask`): `judge timeline` loads neither.


def labels(framework: Framework, catalogue: Catalogue, lang: str) -> dict[str, str]:
    return {**framework.labels[lang], **catalogue.labels[lang]}


def timeline(game: str | None, lang: str, melee: bool, phase: int | None) -> tuple[Timeline, dict[str, str]]:
    """The round of any game: its framework and its labels are all a timeline needs."""
    source, fw = data.framework_data(game)
    return timing.timeline(fw, source, lang, "melee" if melee else "joust", phase), fw.labels[lang]


def load_scenario(path: Path | None, options: dict[str, Any], abilities: tuple[str, ...]) -> Scenario:
    """A scenario from a file, from options, or a file with options overriding its keys."""
    return scenario_of(yamldata.load(path) if path is not None else None, options, abilities)


def scenario_of(data: Located | None, options: dict[str, Any], abilities: tuple[str, ...]) -> Scenario:
    """A scenario from a file's mapping as read (judge.core.yamldata), from options, or the
    mapping with options overriding its keys."""
    from judge.rules import scenario

    parsed = tuple(scenario.parse_ability_option(text) for text in abilities)
    if data is not None:
        loaded = scenario.from_mapping(data, options)
        if parsed:
            loaded = replace(loaded, abilities=loaded.abilities + parsed)
        return loaded
    return scenario.from_options(options, parsed)


def step(situation: Scenario, decide: Decide | None = None) -> tuple[StepResult, dict[str, str]]:
    """The situation stepped through the trigger sequence; `decide` chooses at each opportunity
    (default: as the scenario scripts it, sequence.scripted)."""
    from judge.rules import scenario, sequence

    source, fw, cat = data.sequence_data(situation.game)
    scenario.check(situation, cat.ids(), fw, cat.flags(), cat.keyword_triggers())
    return sequence.step(situation, cat, fw, source, decide or sequence.scripted), labels(fw, cat, situation.lang)


def window_labels(game: str | None, lang: str) -> dict[str, str]:
    _, fw, cat = data.sequence_data(game)
    return labels(fw, cat, lang)


def trigger_rows(game: str | None, lang: str) -> list[tuple[str, str, str]]:
    _, _, cat = data.sequence_data(game)
    return [(t.id, ", ".join(t.steps), t.title[lang]) for t in cat.triggers]


def question_lang(question: str, lang: str) -> str:
    """The language to answer in: the one given, or the question's own for "auto"."""
    return guess_lang(question) if lang == "auto" else lang


def ask(question: str, lang: str, game: str | None) -> tuple[Answer, dict[str, str]]:
    """The answer to a judge's question, from the game's data and glossary alone (no search
    index: the browser runs this too)."""
    from judge.rules import ask as asking  # the analyzer (a stemmer) only for questions

    source, fw, cat = data.sequence_data(game)
    text = asking.check_question(question)
    lang = question_lang(text, lang)
    known, vocab = _ask_data(cat.game, lang)
    words = {f"ask-{key}": value for key, value in vocab.labels[lang].items()}
    return asking.answer(text, lang, known, vocab, fw, cat, source), {**labels(fw, cat, lang), **words}


@lru_cache(maxsize=8)
def _ask_data(game: str, lang: str) -> tuple[asking.Knowledge, asking.Vocabulary]:
    from judge.rules import ask as asking

    vocab = data.ask_vocabulary(game)
    known = data.ask_knowledge(game, lang)  # built once into the compiled catalogue
    if known is None:
        source, fw, cat = data.sequence_data(game)
        known = catalogue.ask_knowledge(source, fw, cat, vocab, lang, data.ask_bank(game, lang))
    return known, vocab


_CZECH_LETTERS = set("ěščřžýůťďň")
_SPANISH_MARKS = set("¿¡ñ")
_CZECH_WORDS = {"kdy", "poté", "pote", "když", "kdyz", "pokud", "muzu", "mohu", "kola", "hrac", "hráč", "vyzvu",
                "výzvu", "lze", "jak", "kdo", "co", "by", "nebo", "ale", "jsem", "jsou", "ktery", "který"}
_SPANISH_WORDS = {"cuando", "después", "despues", "puedo", "qué", "quién", "pero", "yo", "son"}


def guess_lang(text: str) -> str:
    """Spanish for ¿ ¡ ñ, Czech for a letter only Czech uses; else the language whose common
    and function words (the analyzer's stop words) the question has more of, a word both
    languages use counting for neither (Spanish on a tie). Unaccented Czech has only its
    function words to tell it by: "plati to hned od vylozeni, nebo az…"."""
    from judge.search.analysis import stop_words, words

    lowered = text.lower()
    if _SPANISH_MARKS & set(lowered):
        return "es"
    if _CZECH_LETTERS & set(lowered):
        return "cs"
    czech_words = _CZECH_WORDS | stop_words("cs")
    spanish_words = _SPANISH_WORDS | stop_words("es")
    said = words(lowered)
    czech = sum(w in czech_words and w not in spanish_words for w in said)
    spanish = sum(w in spanish_words and w not in czech_words for w in said)
    return "cs" if czech > spanish else "es"
