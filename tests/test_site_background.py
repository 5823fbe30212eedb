"""What the site build runs beside MkDocs (judge/site/background.py): the same status page as
made in turn, from another process."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.core import compiled
from judge.glossary import load
from judge.site import background, hooks

@pytest.fixture
def cached(broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable glossary, a cache folder of its own, files trusted at once (the tests do not wait)."""
    monkeypatch.setattr(compiled, "TRUST_SECONDS", 0.0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return broken


def test_the_status_page_made_in_another_process_is_the_one_made_in_turn(glossary_env: Path) -> None:
    glossary = load(glossary_env)
    job = background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS)
    made = job.markdown()
    assert made == hooks.status_page(glossary, glossary.games())
    assert made.startswith("# ") and "judge check --skip spelling" in made


def test_the_generated_status_page_waits_for_its_job_only_when_asked(glossary_env: Path) -> None:
    glossary = load(glossary_env)
    assert hooks.generated_pages(glossary, status_later=True)["translate/status.md"] == background.STATUS_MARK
    assert hooks.generated_pages(glossary)["translate/status.md"] == hooks.status_page(glossary, glossary.games())


def test_a_cancelled_job_stops_its_process(cached: Path) -> None:
    glossary = load(cached)
    job = background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS)
    assert job._pool is not None
    job.cancel()
    assert job._pool._processes in (None, {}) or not any(p.is_alive() for p in job._pool._processes.values())



def test_an_unchanged_glossary_takes_the_status_page_from_the_cache(cached: Path) -> None:
    glossary = load(cached)
    first = background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS)
    assert not first.from_cache
    made = first.markdown()
    again = background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS)
    assert again.from_cache and again.markdown() == made == hooks.status_page(glossary, glossary.games())


def test_an_edited_entry_makes_the_status_page_again(cached: Path) -> None:
    glossary = load(cached)
    background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS).markdown()
    entry = next(cached.glob("agot2/cs/*.md"))
    text = entry.read_text("utf-8")
    entry.write_text(text.replace("\n\n", "\n\n1 2 3 4 5\n\n", 1), "utf-8")  # same page, other findings
    edited = load(cached)
    job = background.StatusJob(edited, edited.games(), hooks.BUILD_SKIPS)
    assert not job.from_cache
    assert job.markdown() == hooks.status_page(edited, edited.games())


def test_other_skips_are_another_key(cached: Path) -> None:
    glossary = load(cached)
    background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS).markdown()
    other = {**hooks.BUILD_SKIPS, "language": "test"}
    assert not background.StatusJob(glossary, glossary.games(), other).from_cache


def test_a_corrupt_cache_makes_the_status_page_again(cached: Path) -> None:
    glossary = load(cached)
    made = background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS).markdown()
    stored = compiled.path_for("status", glossary.root)
    stored.write_bytes(stored.read_bytes()[:-40] + b"\x00" * 40)
    job = background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS)
    assert not job.from_cache and job.markdown() == made
    assert background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS).from_cache  # stored again
