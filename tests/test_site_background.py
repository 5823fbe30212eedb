"""What the site build runs beside MkDocs (judge/site/background.py): the same status page as
made in turn, from another process."""

from __future__ import annotations

from pathlib import Path

from judge.glossary import load
from judge.site import background, hooks


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


def test_a_cancelled_job_stops_its_process(glossary_env: Path) -> None:
    glossary = load(glossary_env)
    job = background.StatusJob(glossary, glossary.games(), hooks.BUILD_SKIPS)
    job.cancel()
    assert job._pool._processes in (None, {}) or not any(p.is_alive() for p in job._pool._processes.values())
