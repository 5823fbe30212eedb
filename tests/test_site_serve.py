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
    monkeypatch.setattr(hooks, "build", lambda site_dir, **options: builds.append(site_dir))
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


def fake_mkdocs(monkeypatch: pytest.MonkeyPatch, fail: bool = False) -> list[str]:
    """MkDocs' build replaced: writes one page (or fails half way); records each build."""
    import mkdocs.commands.build
    from mkdocs.exceptions import Abort

    builds: list[str] = []

    def build(config: Any) -> None:
        builds.append(config.site_dir)
        Path(config.site_dir).mkdir(parents=True, exist_ok=True)
        (Path(config.site_dir) / "index.html").write_text("<html></html>", "utf-8")
        if fail:
            raise Abort("half way")

    monkeypatch.setattr(mkdocs.commands.build, "build", build)
    return builds


def test_build_leaves_an_up_to_date_site_as_it_is_unless_forced(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builds = fake_mkdocs(monkeypatch)
    first = hooks.build()
    assert not first.current and len(builds) == 1
    again = hooks.build()
    assert again.current and len(builds) == 1
    assert (again.pages, again.files) == (first.pages, first.files) == (1, 1)
    assert not hooks.build(force=True).current and len(builds) == 2
    (project.parent / "docs" / "index.md").write_text("# Home again\n", "utf-8")
    assert not hooks.build().current and len(builds) == 3


def test_a_build_that_stops_half_way_leaves_no_stamp(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_mkdocs(monkeypatch)
    hooks.build()
    site = project.parent / "site"
    assert hooks.is_current(site, project)
    (project.parent / "docs" / "index.md").write_text("# Home again\n", "utf-8")
    fake_mkdocs(monkeypatch, fail=True)
    with pytest.raises(hooks.SiteError):
        hooks.build()
    assert not (site / hooks.STAMP).exists() and not hooks.is_current(site, project)
