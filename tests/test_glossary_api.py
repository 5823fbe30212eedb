"""The Glossary object: lookup, redirects, languages, suggestions."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import glossary
from judge.core import paths
from judge.core.errors import EntryNotFound
from judge.glossary import Glossary


@pytest.fixture
def loaded(glossary_env: Path) -> Glossary:
    return glossary.load()


def test_games_langs_ids(loaded: Glossary) -> None:
    assert loaded.games() == ["agot2"]
    assert loaded.langs("agot2") == ["es", "cs"]
    assert loaded.ids("agot2") == [
        "cancel", "cancel-interrupts", "challenge-icons", "determine-winner", "triggering-condition",
    ]
    assert [(e.lang, e.id) for e in loaded.entries][:3] == [("es", "cancel"), ("cs", "cancel"), ("es", "cancel-interrupts")]


def test_get(loaded: Glossary) -> None:
    entry = loaded.get("agot2", "cs", "cancel")
    assert entry is not None and entry.term == "Zrušit"
    assert loaded.get("agot2", "cs", "cancel-interrupts") is None


def test_find_is_case_and_accent_insensitive_with_exact_matches_first(loaded: Glossary) -> None:
    assert [(e.lang, e.id) for e in loaded.find("ZRUSIT")] == [("cs", "cancel")]
    assert [(e.lang, e.id) for e in loaded.find("anula")] == [
        ("es", "cancel"), ("es", "cancel-interrupts"),
    ]
    assert [(e.lang, e.id) for e in loaded.find("cancel", lang="es")] == [
        ("es", "cancel"), ("es", "cancel-interrupts"),
    ]
    assert loaded.find("") == []


def test_resolve_follows_redirects(loaded: Glossary) -> None:
    redirect = loaded.get("agot2", "es", "cancel-interrupts")
    assert redirect is not None
    target = loaded.resolve(redirect)
    assert target is not None and (target.lang, target.id) == ("es", "cancel")
    plain = loaded.get("agot2", "es", "cancel")
    assert plain is not None and loaded.resolve(plain) is plain


def test_suggest(loaded: Glossary) -> None:
    assert loaded.suggest("anulr") == ["Anular"]
    assert loaded.suggest("condicon de activacion") == ["Condición de activación", "condiciones de activación"]


def test_lookup_raises_with_suggestions(loaded: Glossary) -> None:
    with pytest.raises(EntryNotFound) as raised:
        loaded.lookup("spoustec podminky")
    assert raised.value.suggestions == ("Spouštěcí podmínky", "spouštěcí podmínka")
    assert raised.value.exit_code == 1


def test_cite(loaded: Glossary) -> None:
    entry = loaded.get("agot2", "es", "triggering-condition")
    assert entry is not None
    assert entry.cite(3).term == "Condición de activación"
    assert entry.blocks[2].text == "La condición de activación se vuelve inminente."


def test_glossary_root_prefers_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JUDGE_GLOSSARY", str(tmp_path))
    assert paths.glossary_root() == tmp_path
    monkeypatch.delenv("JUDGE_GLOSSARY")
    assert paths.glossary_root() in (paths.PACKAGE.parent / "glossary", paths.PACKAGE / "_glossary")
