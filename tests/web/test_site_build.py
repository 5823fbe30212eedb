"""The built site without a browser: offline, strict, generated pages, and bad input."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from sitekit import REPO, build_site

from judge import load
from judge.cli import cli
from judge.core.errors import InvalidGlossary
from judge.core import compiled
from judge.site import cards as sitecards
from judge.site import hooks, passthrough
from judge.site.hooks import SiteError, build
from judge.translate import checks

FIXTURE_GLOSSARY = REPO / "tests" / "fixtures" / "glossary"
# Every absolute URL in the built HTML, CSS and JS.
URL = re.compile(r"""https?://[a-z0-9.-]+\.[a-z]{2,}[^\s"'`<>)]*""", re.I)
# Hosts that are named but never fetched: XML namespaces, licence notices in Material's CSS and
# JS, and GitHub's API, which Material calls only for a `repo_url` (the site has none). The
# browser tests check the other half: no request leaves localhost.
NAMED_NOT_FETCHED = {"www.w3.org", "fontawesome.com", "clipboardjs.com", "api.github.com"}


def hosts(site: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in site.rglob("*"):
        if path.suffix in (".html", ".css", ".js") and path.is_file():
            for url in URL.findall(path.read_text("utf-8", errors="replace")):
                found.setdefault(url.split("/")[2].lower(), set()).add(str(path.relative_to(site)))
    return found


def test_no_url_outside_but_names_never_fetched(built_site: Path) -> None:
    outside = {host: files for host, files in hosts(built_site).items() if host not in NAMED_NOT_FETCHED}
    assert outside == {}


def test_no_fonts_or_scripts_from_a_cdn(built_site: Path) -> None:
    html = (built_site / "es" / "agot2" / "cancel" / "index.html").read_text("utf-8")
    assert "fonts.googleapis" not in html and "fonts.gstatic" not in html
    assert re.findall(r"""<(?:script|link)[^>]+(?:src|href)="https?://""", html) == []


def test_the_served_standard_library_holds_what_runs_and_no_source_nothing_imports(built_site: Path) -> None:
    # Pyodide's zip ships every source of the standard library; the site serves the modules the
    # engine or Pyodide's boot imports as bytecode and leaves the other sources out but a few
    # kept families (the browser suite, tests/web/test_resolver.py, runs the engine on it)
    import zipfile

    from judge.site import runtime

    with zipfile.ZipFile(built_site / "assets" / "pyodide" / runtime.STDLIB) as served:
        names = set(served.namelist())
    sources = sorted(n for n in names if n.endswith(".py"))
    assert [n for n in sources if not n.startswith(runtime.STDLIB_SOURCES_KEPT)] == []
    assert {"json/__init__.pyc", "encodings/utf_8.pyc", "zipfile/__init__.pyc", "_pyodide/__init__.pyc"} <= names
    files = {n for n in names if not n.endswith("/")}
    assert not any(n.startswith(("xml/", "http/", "email/mime/", "encodings/cp1252")) for n in files)


def test_every_entry_has_a_page_in_both_languages(built_site: Path) -> None:
    glossary = load()
    for entry_id in glossary.ids("agot2"):
        for lang in ("es", "cs"):
            assert (built_site / lang / "agot2" / entry_id / "index.html").is_file(), (lang, entry_id)
        assert (built_site / "translate" / "agot2" / entry_id / "index.html").is_file()


def test_search_index_per_language(built_site: Path) -> None:
    for lang in ("es", "cs"):
        index = json.loads((built_site / lang / "search-index.json").read_text("utf-8"))
        assert index["lang"] == lang
        urls = [d["u"] for d in index["docs"]]
        assert "agot2/triggering-condition/" in urls
        # Folded forms lead to the analyzer's terms: the query side needs no stemmer.
        form = "vyzvy" if lang == "cs" else "reaccion"
        assert index["forms"][form], form
    cs = json.loads((built_site / "cs" / "search-index.json").read_text("utf-8"))
    assert [cs["terms"][t] for t in cs["forms"]["vyzvy"]] == ["vyzv"]


def test_generated_pages_are_not_in_docs() -> None:
    generated = [p for p in (REPO / "docs").rglob("*.md") if "agot2" in p.parts or "timing" in p.parts]
    assert generated == []


@pytest.fixture
def fixture_glossary(tmp_path: Path) -> Path:
    root = tmp_path / "glossary"
    shutil.copytree(FIXTURE_GLOSSARY, root)
    return root


def test_fixture_glossary_builds(tmp_path: Path, fixture_glossary: Path) -> None:
    build_site(tmp_path / "site", fixture_glossary)
    page = (tmp_path / "site" / "cs" / "agot2" / "cancel-interrupts" / "index.html").read_text("utf-8")
    assert 'data-missing="cs"' in page and "Toto heslo zatím není přeloženo do češtiny." in page


def test_raw_html_entry_is_refused(tmp_path: Path, fixture_glossary: Path) -> None:
    entry = fixture_glossary / "agot2" / "es" / "cancel.md"
    entry.write_text(entry.read_text("utf-8") + "\n<script>alert(1)</script>\n", "utf-8")
    with pytest.raises(InvalidGlossary, match=r'cancel\.md:\d+: body: raw HTML is not allowed \("<script"\)'):
        build_site(tmp_path / "site", fixture_glossary)
    assert not (tmp_path / "site" / "es" / "agot2" / "cancel" / "index.html").exists()


def test_broken_see_also_fails_the_build(tmp_path: Path, fixture_glossary: Path) -> None:
    entry = fixture_glossary / "agot2" / "cs" / "cancel.md"
    entry.write_text(entry.read_text("utf-8").replace("see_also: [", "see_also: [no-such-entry, "), "utf-8")
    with pytest.raises(InvalidGlossary, match=r'see_also: unknown id "no-such-entry"'):
        build_site(tmp_path / "site", fixture_glossary)


def test_broken_see_also_fails_mkdocs_build_strict(tmp_path: Path, fixture_glossary: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`mkdocs build --strict` straight from mkdocs.yml stops on it too (the hook's on_config)."""
    entry = fixture_glossary / "agot2" / "cs" / "cancel.md"
    entry.write_text(entry.read_text("utf-8").replace("see_also: [", "see_also: [no-such-entry, "), "utf-8")
    monkeypatch.setenv("JUDGE_GLOSSARY", str(fixture_glossary))
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(REPO / "mkdocs.yml"),
                             "-d", str(tmp_path / "site")], capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert 'see_also: unknown id "no-such-entry"' in result.stderr


def test_broken_link_in_a_hand_written_page_fails_strict(tmp_path: Path, fixture_glossary: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for folder in ("docs", "overrides"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    (tmp_path / "docs" / "es" / "judge.md").write_text("# Guía\n\n[roto](no-such-page.md)\n", "utf-8")
    config = (REPO / "mkdocs.yml").read_text("utf-8").replace("- judge/site/hooks.py", f"- {REPO / 'judge' / 'site' / 'hooks.py'}")
    (tmp_path / "mkdocs.yml").write_text(config, "utf-8")
    monkeypatch.setenv("JUDGE_GLOSSARY", str(fixture_glossary))
    with pytest.raises(SiteError, match=r"(?s)no-such-page\.md.*Aborted with 1 warnings in strict mode"):
        build(tmp_path / "site", strict=True, config=tmp_path / "mkdocs.yml")


def test_build_command(tmp_path: Path, fixture_glossary: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_GLOSSARY", str(fixture_glossary))
    runner = CliRunner()
    result = runner.invoke(cli, ["build", "--site", "--site-dir", str(tmp_path / "out"), "--format", "json"],
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)["site"]
    assert data["dir"] == str(tmp_path / "out") and data["pages"] > 20 and data["bytes"] > 0
    assert (tmp_path / "out" / "es" / "agot2" / "cancel" / "index.html").is_file()


def test_build_without_target_builds_the_index_and_the_site(tmp_path: Path, fixture_glossary: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_GLOSSARY", str(fixture_glossary))
    result = CliRunner().invoke(cli, ["build", "--site-dir", str(tmp_path / "out"), "--format", "json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["index"]["entries"] == 8  # the fixture's concepts and languages, redirects folded in
    assert data["site"]["dir"] == str(tmp_path / "out")
    assert (tmp_path / "out" / "cs" / "agot2" / "cancel" / "index.html").is_file()


def test_build_site_only_builds_no_index(tmp_path: Path, fixture_glossary: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_GLOSSARY", str(fixture_glossary))
    result = CliRunner().invoke(cli, ["build", "--site", "--site-dir", str(tmp_path / "out"), "--format", "json"],
                                catch_exceptions=False)
    assert json.loads(result.stdout)["index"] is None


def test_build_command_reports_a_broken_glossary(tmp_path: Path, fixture_glossary: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    entry = fixture_glossary / "agot2" / "es" / "cancel.md"
    entry.write_text(entry.read_text("utf-8") + "\n<b>bold</b>\n", "utf-8")
    monkeypatch.setenv("JUDGE_GLOSSARY", str(fixture_glossary))
    result = CliRunner().invoke(cli, ["build", "--site", "--site-dir", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: the glossary has 1 error:\n")
    assert 'body: raw HTML is not allowed ("<b")' in result.stderr
    assert "Traceback" not in result.stderr


def test_translation_status_page_lists_an_injected_finding(tmp_path: Path, fixture_glossary: Path) -> None:
    """translate/status/ is `judge check` (spelling left out at build time, and said so) grouped
    by entry: an injected double space in the Czech *Zrušit* is listed under its entry, with
    links to both language pages and the side-by-side view, and counted in its check's row."""
    cancel = fixture_glossary / "agot2" / "cs" / "cancel.md"
    # a double space after a bracket (between two letters it is where an icon was: icon-gaps)
    cancel.write_text(cancel.read_text("utf-8").replace("(obvykle", "(  obvykle", 1), "utf-8")
    # the fixture copies the books' real most/many discrepancy (quantities): mended here
    icons = fixture_glossary / "agot2" / "cs" / "challenge-icons.md"
    icons.write_text(icons.read_text("utf-8").replace("na mnoha kartách", "na většině karet"), "utf-8")
    build_site(tmp_path / "site", fixture_glossary)
    page = (tmp_path / "site" / "translate" / "status" / "index.html").read_text("utf-8")
    report = checks.run_checks(fixture_glossary, "agot2", skip=["spelling"])
    assert [(p.id, p.lang, p.check) for p in report.problems] == [
        ("cancel", "cs", "typography"), ("cancel-interrupts", "es", "missing-counterpart")]
    sections = re.findall(r'<h4 data-entry="([^"]+)" data-game="agot2" id="e-agot2-\1">(.*?)</h4>(.*?)</ul>', page, re.S)
    assert [(i, head) for i, head, _ in sections] == [
        ("cancel", "Anular ⇄ Zrušit"), ("cancel-interrupts", "Interrupciones de anulación ⇄ —")]
    body = dict((i, rest) for i, _, rest in sections)
    assert re.findall(r'<a href="([^"]+)">', body["cancel"]) == [
        "../../es/agot2/cancel/", "../../cs/agot2/cancel/", "../agot2/cancel/"]
    assert re.findall(r'<li class="judge-status-(\w+)" data-check="([^"]+)" data-lang="([^"]+)">.*?'
                      r'"judge-status-message">([^<]+)</span> <code class="judge-status-where">([^<]+)</code></li>',
                      body["cancel"]) == [("warning", "typography", "cs", "¶1: double space", f"{cancel}:8")]
    row = re.search(r"<td><code>typography</code></td>\s*<td>warning</td>\s*<td>[^<]*</td>\s*"
                    r"<td>(\d+)</td>\s*<td>(\d+)</td>\s*<td>(\d+)</td>", page)
    assert row is not None and row.groups() == ("0", "1", "1")
    assert 'data-skipped="spelling"' in page
    coverage = re.search(r"<code>agot2</code></td>\s*" + r"<td>(\d+)</td>\s*" * 4 + r"<td>([^<]+)</td>", page)
    assert coverage is not None and coverage.groups() == ("5", "5", "4", "4", "80 %")


@pytest.mark.parametrize("game", load().games())
def test_every_game_has_a_section_in_each_language(built_site: Path, game: str) -> None:
    """Each game's home in every language (a language without the game: its "not translated
    yet" page), and a page per entry in each language the game has."""
    glossary = load()
    for lang in ("es", "cs"):
        home = (built_site / lang / game / "index.html").read_text("utf-8")
        assert (f'data-missing="{lang}"' in home) == (lang not in glossary.langs(game)), (lang, game)
    for entry_id in glossary.ids(game):
        for lang in glossary.langs(game):
            assert (built_site / lang / game / entry_id / "index.html").is_file(), (lang, entry_id)


def test_a_game_whose_framework_timing_cannot_walk_still_builds(tmp_path: Path, fixture_glossary: Path) -> None:
    shutil.copytree(REPO / "tests" / "fixtures" / "games" / "mini", fixture_glossary / "mini")
    (fixture_glossary / "mini" / "framework.yaml").write_text("game: mini\nphases: [not, a, framework]\n", "utf-8")
    build_site(tmp_path / "site", fixture_glossary)
    assert (tmp_path / "site" / "es" / "mini" / "players" / "index.html").is_file()
    assert not (tmp_path / "site" / "es" / "mini" / "timing").exists()
    assert "Tato pravidla zatím nejsou přeložena do češtiny." in (tmp_path / "site" / "cs" / "mini" / "index.html").read_text("utf-8")


def test_the_cards_printed_during_the_build_leave_no_copy_behind(built_site: Path) -> None:
    """judge.site.cards.Printer prints each card from a copy beside its page, removed once printed."""
    assert list(built_site.rglob(".print-*")) == []
    assert sorted(p.name for p in built_site.rglob("timing-card-*.pdf"))


def _files(site: Path) -> dict[str, bytes]:
    """Every file of a built site but the PDFs (they carry their print date) and the build stamp."""
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*"))
            if p.is_file() and p.suffix != ".pdf" and p.name != hooks.STAMP}


def test_html_blocks_set_aside_from_markdown_build_the_same_site(tmp_path: Path, fixture_glossary: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """judge.site.passthrough keeps the generated pages' HTML blocks out of MkDocs' Markdown:
    the site is byte for byte the one rendered through it, anchors checked the same."""
    monkeypatch.setattr(sitecards, "pdf_renderer", lambda: (None, "not printed in this test"))
    # Both builds read the glossary from the compiled cache: the Resolver's catalogue.pickle
    # (and sw.js, which hashes it) has other bytes, the same value, when it is freshly parsed.
    monkeypatch.setattr(compiled, "TRUST_SECONDS", 0.0)
    set_aside: list[int] = []
    hide = passthrough.hide
    monkeypatch.setattr(passthrough, "hide", lambda text: (done := hide(text), set_aside.append(len(done[1])))[0])
    build_site(tmp_path / "through", fixture_glossary)
    assert sum(set_aside) > len(set_aside) > 20  # the generated pages' blocks did skip Markdown
    calls = len(set_aside)
    monkeypatch.setattr(passthrough, "ENABLED", False)
    build_site(tmp_path / "markdown", fixture_glossary)
    assert len(set_aside) == calls  # and in this build they went through Markdown
    through, rendered = _files(tmp_path / "through"), _files(tmp_path / "markdown")
    assert through.keys() == rendered.keys()
    assert [name for name in through if through[name] != rendered[name]] == []
