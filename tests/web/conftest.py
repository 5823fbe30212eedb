"""Fixtures for the site tests: the real site built once per session, served on localhost,
and Debian's chromium driven by Playwright, with every request recorded."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sitekit import CHROMIUM, CHROMIUM_ARGS, REPO, build_site, serve_dir

FIXTURES = REPO / "tests" / "fixtures"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site_dir = tmp_path_factory.mktemp("site") / "site"
    build_site(site_dir)
    return site_dir


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    with serve_dir(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def multigame_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture glossary with the Spanish-only game `mini` beside agot2, built and served:
    the pages of a game with no Czech at all, before the real glossary has one."""
    root = tmp_path_factory.mktemp("multigame") / "glossary"
    shutil.copytree(FIXTURES / "glossary", root)
    shutil.copytree(FIXTURES / "games" / "mini", root / "mini")
    site_dir = root.parent / "site"
    build_site(site_dir, root)
    with serve_dir(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs it (apt-get install -y chromium)")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Requests(list[str]):
    """Every URL the browser asked for during one test."""

    def outside(self, base: str) -> list[str]:
        return [u for u in self if not u.startswith((base, "data:", "blob:", "about:"))]


@pytest.fixture
def requests() -> Requests:
    return Requests()


@pytest.fixture
def page(browser: Any, site_url: str, requests: Requests) -> Iterator[Any]:
    """A desktop-sized page; after the test, no request may have left localhost."""
    yield from _page(browser, site_url, requests)


@pytest.fixture
def multigame_page(browser: Any, multigame_site_url: str, requests: Requests) -> Iterator[Any]:
    """`page` on the fixture site with the Spanish-only game."""
    yield from _page(browser, multigame_site_url, requests)


def _page(browser: Any, base: str, requests: Requests) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", lambda request: requests.append(request.url))
    opened = context.new_page()
    yield opened
    context.close()
    assert requests.outside(base) == []


@pytest.fixture(scope="session")
def screenshots() -> Path:
    folder = Path(os.environ.get("JUDGE_SCREENSHOTS", Path(__file__).resolve().parents[2] / "build" / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
