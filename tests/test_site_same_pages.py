"""The benchmarks' same-pages floor (tests/bench/same_pages.py) holds the site's own pages: the
same pages, Markdown and nav, and once built the same article in every page but the cards
(whose template is the site's own). No timing here."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from sitekit import REPO, build_site

from judge.site import cards as sitecards
from judge.site.hooks import config_file

sys.path.insert(0, str(REPO / "tests" / "bench"))
import same_pages  # noqa: E402

ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
SPACE = re.compile(r"\s+")


def articles(site: Path) -> dict[str, str]:
    """Each page's article, white space folded (the site's blank-line pass changes only that)."""
    return {p.relative_to(site).as_posix(): SPACE.sub(" ", "".join(ARTICLE.findall(p.read_text("utf-8"))))
            for p in site.rglob("index.html")}


def test_the_floor_builds_the_sites_own_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    glossary = tmp_path / "glossary"
    shutil.copytree(REPO / "tests" / "fixtures" / "glossary", glossary)
    monkeypatch.setenv("JUDGE_GLOSSARY", str(glossary))
    monkeypatch.setattr(sitecards, "pdf_renderer", lambda: (None, "not printed in this test"))
    config, ours, floor = same_pages.same_pages_material(tmp_path / "same", config_file())
    assert ours == floor and ours["pages"] > 20 and ours["nav_links"] > 10
    text = (tmp_path / "same" / "mkdocs.yml").read_text("utf-8")
    assert "hooks" not in text and "custom_dir" not in text and "extra_css" not in text

    build_site(tmp_path / "ours", glossary)
    same_pages.mkdocs_only(config, tmp_path / "floor")
    mine, bare = articles(tmp_path / "ours"), articles(tmp_path / "floor")
    assert mine.keys() == bare.keys() and len(mine) == ours["pages"]
    assert [page for page in mine if mine[page] != bare[page] and not page.endswith("timing/card/index.html")] == []
    assert sum(1 for page in mine if "<h1" in mine[page] and mine[page] == bare[page]) > 20
