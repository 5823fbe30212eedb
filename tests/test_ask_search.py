"""`judge ask` adds the search index's best paragraphs after the engine's own citations."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.core import paths
from judge.core.model import Cite
from judge.rules import api
from judge.rules.model import Answer
from judge.search import index

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"


@pytest.fixture(autouse=True)
def real_glossary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_GLOSSARY", str(GLOSSARY))
    assert paths.glossary_root() == GLOSSARY


def ask_as_the_cli(question: str, lang: str) -> tuple[Answer, dict[str, str]]:
    """`judge ask`: the rules core's answer with the search index's paragraphs after its cites."""
    return api.ask(question, lang, None, index.search_cites(question, lang, "agot2"))


def test_search_adds_the_paragraph_of_the_printed_example_after_the_engines_cites() -> None:
    answer, _ = ask_as_the_cli("¿Cuándo puedo usar una reacción después de que gane un reto?", "es")
    example = Cite("agot2", "reactions-and-interrupts", "es", "Reacciones e interrupciones", 3)
    assert example in answer.cites  # "Reacción: después de que ganes un reto…" is its example
    assert answer.cites[0].id == "determine-challenge-winner"  # the engine's own cite comes first


def test_a_question_no_trigger_matches_still_gets_its_closest_paragraphs() -> None:
    answer, _ = ask_as_the_cli("kdo začíná v okně reakcí?", "cs")
    assert answer.matches == ()
    assert Cite("agot2", "reactions", "cs", "Reakce", 3) in answer.cites
    assert all(c.lang == "cs" for c in answer.cites)


def test_search_cites_are_limited_and_relevant() -> None:
    cites = index.search_cites("kdyz by mela byt postava zabita, muzu ji zachranit?", "cs", "agot2")
    assert [c.id for c in cites] == ["would", "save", "kill"]
    assert len(cites) <= index.SEARCH_CITES


def test_a_question_search_cannot_use_adds_no_cites() -> None:
    assert index.search_cites("¿?", "es", "agot2") == ()
