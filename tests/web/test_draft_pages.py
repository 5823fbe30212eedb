"""A draft translation in a real browser (issue 16): the page says "draft translation" where a
reader sees it first, and its link leads to the Spanish original."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from translate.storage import pypo

from judge.cli import cli
from sitekit import REPO, build_site, serve_dir

FIXTURES = REPO / "tests" / "fixtures"


@pytest.fixture(scope="module")
def draft_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture glossary with the game mini, its entry players translated through a PO file."""
    root = tmp_path_factory.mktemp("drafts") / "glossary"
    shutil.copytree(FIXTURES / "glossary", root)
    shutil.copytree(FIXTURES / "games" / "mini", root / "mini")
    po = root.parent / "mini.cs.po"
    runner = CliRunner()
    env = {"JUDGE_GLOSSARY": str(root)}
    runner.invoke(cli, ["translate", "export", "--game", "mini", "--to", "cs", "--format", "po", "-o", str(po)],
                  env=env, catch_exceptions=False)
    store = pypo.pofile.parsestring(po.read_bytes())
    czech = {"players#term": "Hráči", "players#1": "102.1. Hráčem je každý, kdo se účastní hry.",
             "players#2": "102.2. Ve hře dvou hráčů je soupeřem druhý hráč.",
             "players#3": "102.3. Ve hře více hráčů jsou soupeři všichni hráči protějších týmů."}
    for unit in store.units:
        if unit.getcontext() in czech:
            unit.target = czech[unit.getcontext()]
    po.write_bytes(bytes(store))
    result = runner.invoke(cli, ["translate", "import", str(po)], env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    build_site(root.parent / "site", root)
    with serve_dir(root.parent / "site") as url:
        yield url


def test_draft_page_is_marked_and_links_the_spanish(browser: Any, draft_site_url: str, screenshots: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    page.goto(draft_site_url + "cs/mini/players/")
    mark = page.locator(".judge-draft")
    assert mark.is_visible()
    assert mark.locator("strong").inner_text() == "Koncept překladu"
    # Above the text: the first thing under the heading.
    assert mark.bounding_box()["y"] < page.locator("#p1").bounding_box()["y"]
    page.screenshot(path=str(screenshots / "draft-cs-mini-players.png"))
    mark.locator("a").click()
    page.wait_for_load_state()
    assert page.url == draft_site_url + "es/mini/players/"
    assert page.locator("h1").inner_text() == "102. Jugadores"
    assert page.locator(".judge-draft").count() == 0
    context.close()
    assert [u for u in asked if not u.startswith((draft_site_url, "data:", "blob:"))] == []
