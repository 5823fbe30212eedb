"""`judge ask`: questions in Spanish and Czech (with and without accents) → the expected
triggering condition, framework step and window. Accuracy is measured over the whole set and
every question is listed, so a regression names the question that broke."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import glossary
from judge.core.model import Cite
from judge.rules import ask, triggers
from judge.rules.api import guess_lang

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
CATALOGUE = triggers.load(triggers.triggers_path("agot2", GLOSSARY))

# (question, lang, trigger, step, window)
QUESTIONS = [
    ("¿Cuándo puedo usar una reacción después de que gane un reto?", "es", "challenge-won", "4.2.2", "reaction-window"),
    ("cuando un personaje vaya a morir, ¿puedo salvarlo?", "es", "character-killed", "4.2.4", "would-interrupts"),
    ("¿En qué momento se usa una interrupción cuando muere un personaje?", "es", "character-killed", "4.2.4", "interrupt-window"),
    ("despues de que pierdas un reto", "es", "challenge-lost", "4.2.2", "reaction-window"),
    ("¿Quién elige al jugador inicial?", "es", "first-player-chosen", "1.3", "reaction-window"),
    ("reacciones después de que muestres una carta de trama", "es", "plots-revealed", "1.3", "reaction-window"),
    ("¿puedo anular un evento que juega mi rival?", "es", "event-played", None, "reaction-window"),
    ("cuando se juega un evento, ¿se puede anular?", "es", "event-played", None, "interrupt-window"),
    ("después de que ganes la dominación", "es", "dominance-won", "5.2", "reaction-window"),
    ("¿qué pasa si hay empate en la dominación?", "es", "dominance-won", "5.2", "reaction-window"),
    ("reaccion obligada al robar cartas", "es", "cards-drawn", "2.2", "forced-reactions"),
    ("se me acaban las cartas del mazo en la fase de robo", "es", "player-eliminated", "2.2", "reaction-window"),
    ("al final de la ronda expiran los efectos", "es", "round-ends", "7.5", "reaction-window"),
    ("después de que recluten un personaje", "es", "card-marshaled", "after-3.2", "reaction-window"),
    ("¿cuándo se resuelve el pillaje?", "es", "cards-discarded-from-deck", "4.2.5", "reaction-window"),
    ("interrupción obligada cuando un personaje abandone el juego", "es", "card-leaves-play", "7.4", "forced-interrupts"),
    ("Kdy můžu použít reakci poté, co vyhraješ výzvu?", "cs", "challenge-won", "4.2.2", "reaction-window"),
    ("kdyz by mela byt postava zabita, muzu ji zachranit?", "cs", "character-killed", "4.2.4", "would-interrupts"),
    ("poté, co prohraješ výzvu", "cs", "challenge-lost", "4.2.2", "reaction-window"),
    ("kdo určí prvního hráče?", "cs", "first-player-chosen", "1.3", "reaction-window"),
    ("reakce poté, co odhalíš kartu plánu", "cs", "plots-revealed", "1.3", "reaction-window"),
    ("můžu zrušit událost, kterou zahraje soupeř?", "cs", "event-played", None, "reaction-window"),
    ("poté, co vyhraješ nadvládu", "cs", "dominance-won", "5.2", "reaction-window"),
    ("povinná reakce poté, co si dobereš karty", "cs", "cards-drawn", "2.2", "forced-reactions"),
    ("hráči došly karty v balíčku", "cs", "player-eliminated", "2.2", "reaction-window"),
    ("efekt trvá do konce kola", "cs", "round-ends", "7.5", "reaction-window"),
    ("poté, co vyložíš postavu", "cs", "card-marshaled", "after-3.2", "reaction-window"),
    ("kdy se vyhodnotí věhlas?", "cs", "power-gained", "4.2.3", "reaction-window"),
    ("přerušení když je postava zabita", "cs", "character-killed", "4.2.4", "interrupt-window"),
    ("povinné přerušení když by karta měla opustit hru", "cs", "card-leaves-play", "7.4", "would-interrupts"),
    ("nebránená výzva a moc", "cs", "challenge-unopposed", "4.2.2", "reaction-window"),
    ("poté, co zahájíš výzvu", "cs", "challenge-initiated", "4.2", "reaction-window"),
    ("když je zahrána událost, lze ji zrušit?", "cs", "event-played", None, "interrupt-window"),
    ("poté, co ziskas moc za vyhru", "cs", "power-gained", "4.2.3", "reaction-window"),
    ("despues de que inicies un reto", "es", "challenge-initiated", "4.2", "reaction-window"),
    ("cuando un jugador traslade poder con la conquista de poder", "es", "power-moved", "4.2.4", "interrupt-window"),
]
IDS = [q for q, *_ in QUESTIONS]


@pytest.mark.parametrize("question,lang,trigger,step,window", QUESTIONS, ids=IDS)
def test_question(question: str, lang: str, trigger: str, step: str | None, window: str) -> None:
    result = ask.answer(question, lang, CATALOGUE, LOADED)
    best = result.matches[0]
    assert (best.trigger, best.step, best.window) == (trigger, step, window)


def test_set_size_and_accuracy() -> None:
    """At least 30 questions, half of them Czech; all of them answered right."""
    assert len(QUESTIONS) >= 30
    assert sum(lang == "cs" for _, lang, *_ in QUESTIONS) >= len(QUESTIONS) // 2
    right = sum(ask.answer(q, lang, CATALOGUE, LOADED).matches[0].trigger == t for q, lang, t, *_ in QUESTIONS)
    assert right / len(QUESTIONS) == 1.0


@pytest.mark.parametrize("question,lang", [(q, lang) for q, lang, *_ in QUESTIONS], ids=IDS)
def test_language_is_guessed(question: str, lang: str) -> None:
    assert guess_lang(question) == lang


def test_answer_cites_the_trigger_then_the_step_of_the_sequence() -> None:
    """Se gana un reto: the trigger's cites, then Condición de activación ¶10 (the reaction window)."""
    result = ask.answer("después de que ganes un reto", "es", CATALOGUE, LOADED)
    assert [(c.id, c.para) for c in result.cites] == [
        ("determine-challenge-winner", 4), ("reactions-and-interrupts", 3), ("winning-a-challenge", 1),
        ("triggering-condition", 10), ("reactions", 4),
    ]


def test_extra_cites_come_after_and_without_duplicates() -> None:
    """The search index (issue 3) can add its citations; the engine's own come first."""
    extra = (Cite("agot2", "pass", "es", "Pasar", 2), Cite("agot2", "reactions", "es", "Reacciones", 4))
    result = ask.answer("después de que ganes un reto", "es", CATALOGUE, LOADED, extra_cites=extra)
    assert [(c.id, c.para) for c in result.cites][-2:] == [("reactions", 4), ("pass", 2)]


def test_no_match_has_no_answer() -> None:
    result = ask.answer("¿de qué color es el cielo?", "es", CATALOGUE, LOADED)
    assert (result.matches, result.answer) == ((), None)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("kdo začíná v okně reakcí?", "cs"),   # "začíná" alone is not "Kolo začíná"
        ("¿quién gana?", "es"),                # "gana" alone is not "Se gana un reto"
    ],
)
def test_one_shared_word_matches_no_trigger(question: str, lang: str) -> None:
    assert ask.answer(question, lang, CATALOGUE, LOADED).matches == ()


def test_a_word_with_two_stems_counts_once() -> None:
    """`začíná` has two folded stems (judge.analysis); a two-word phrase still needs both words."""
    trigger = next(t for t in CATALOGUE.triggers if t.id == "round-begins")
    assert ask.score(set(analysis_terms("začíná")), trigger, "cs") == (0.0, "")
    assert ask.score(set(analysis_terms("kolo začíná")), trigger, "cs")[0] > 1


def analysis_terms(text: str) -> list[str]:
    from judge.search.analysis import terms

    return terms(text, "cs")
