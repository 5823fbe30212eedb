"""`judge serve` after `judge build` serves the built site without building it again; any
change to an input (glossary, docs/, overrides/, mkdocs.yml) makes it build first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.core import compiled
from judge.site import hooks


@pytest.fixture
def project(broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout's site inputs: mkdocs.yml, docs/, overrides/ beside the glossary copy."""
    monkeypatch.setattr(compiled, "TRUST_SECONDS", 0.0)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", "utf-8")
    (tmp_path / "overrides").mkdir()
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"site_name: t\nsite_dir: {tmp_path / 'site'}\n", "utf-8")
    monkeypatch.setattr(hooks, "config_file", lambda: config)
    return config


class FakeServer:
    """MkDocs' LiveReloadServer without the socket: records what serve() asks of it."""

    made: list[FakeServer] = []

    def __init__(self, builder: Any, host: str, port: int, root: str) -> None:
        self.root, self.watched = root, []
        FakeServer.made.append(self)

    def watch(self, path: str) -> None:
        self.watched.append(path)

    def serve(self) -> None:
        pass

    def shutdown(self) -> None:
        pass


def serve_builds(project: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    import mkdocs.livereload

    builds: list[Path] = []
    monkeypatch.setattr(mkdocs.livereload, "LiveReloadServer", FakeServer)
    monkeypatch.setattr(hooks, "build", lambda site_dir: builds.append(site_dir))
    hooks.serve("127.0.0.1", 8000)
    return builds


def built(project: Path) -> Path:
    """A site as `judge build` leaves it: its files and the stamp of its inputs."""
    site = project.parent / "site"
    site.mkdir(exist_ok=True)
    (site / "index.html").write_text("<html></html>", "utf-8")
    hooks._stamp(site, hooks._inputs_key(project))
    return site


def test_serve_after_build_serves_the_built_site_without_building(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = built(project)
    assert hooks.is_current(site, project)
    assert serve_builds(project, monkeypatch) == []
    assert FakeServer.made[-1].root == str(site)
    assert {Path(p).name for p in FakeServer.made[-1].watched} == {"glossary", "mkdocs.yml", "docs", "overrides"}


@pytest.mark.parametrize("change", ["docs/index.md", "glossary/agot2/es/cancel.md", "mkdocs.yml", "overrides/main.html"])
def test_a_changed_input_makes_serve_build_first(project: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    site = built(project)
    path = project.parent / change
    path.write_text((path.read_text("utf-8") if path.exists() else "") + "\n", "utf-8")
    assert not hooks.is_current(site, project)
    assert serve_builds(project, monkeypatch) == [site]


def test_a_site_without_a_stamp_is_built(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = built(project)
    (site / hooks.STAMP).unlink()
    assert serve_builds(project, monkeypatch) == [site]
