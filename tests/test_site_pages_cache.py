"""The generated pages kept in the user cache (judge.site.hooks.stored_pages): taken from it
only when nothing they are made from changed, made again when stale or corrupt, and always
the pages generated_pages makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.core import compiled
from judge.glossary import load
from judge.site import hooks


@pytest.fixture
def cached(broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A writable glossary and a cache of its own (files trusted at once); counts the pages made."""
    monkeypatch.setattr(compiled, "TRUST_SECONDS", 0.0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    made: list[int] = []
    generate = hooks.generated_pages
    monkeypatch.setattr(hooks, "generated_pages", lambda *a, **k: (made.append(1), generate(*a, **k))[1])
    return made


def fresh(root: Path) -> dict[str, str]:
    return hooks.generated_pages(load(root), pdfs=False, built="v · 2026-01-01", status_later=True)


def test_unchanged_inputs_take_the_pages_from_the_cache(cached: list[int], broken: Path) -> None:
    first = hooks.stored_pages(load(broken), pdfs=False, built="v · 2026-01-01")
    again = hooks.stored_pages(load(broken), pdfs=False, built="v · 2026-01-01")
    assert len(cached) == 1  # made once, then read
    assert first == again == fresh(broken)


def test_an_edited_entry_or_another_stamp_makes_them_again(cached: list[int], broken: Path) -> None:
    before = hooks.stored_pages(load(broken), pdfs=False, built="v · 2026-01-01")
    entry = broken / "agot2" / "es" / "cancel.md"
    entry.write_text(entry.read_text("utf-8").replace("Algunas capacidades", "Ciertas capacidades", 1), "utf-8")
    after = hooks.stored_pages(load(broken), pdfs=False, built="v · 2026-01-01")
    assert after != before and after == fresh(broken)
    hooks.stored_pages(load(broken), pdfs=True, built="v · 2026-01-01")
    hooks.stored_pages(load(broken), pdfs=False, built="v · 2026-01-02")
    assert len(cached) == 4 + 1


def test_a_corrupt_cache_makes_them_again(cached: list[int], broken: Path) -> None:
    glossary = load(broken)
    made = hooks.stored_pages(glossary, pdfs=False, built="v")
    stored = compiled.path_for("site-pages", glossary.root)
    stored.write_bytes(stored.read_bytes()[: len(stored.read_bytes()) // 2])
    assert hooks.stored_pages(glossary, pdfs=False, built="v") == made
    assert len(cached) == 2
    hooks.stored_pages(glossary, pdfs=False, built="v")
    assert len(cached) == 2  # stored again, whole
