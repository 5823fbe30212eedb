"""Several games in one glossary (issue 7), with the fixture's Spanish-only game `mini` beside
agot2: search over every game or one, `show`'s search fallback within --game, list and terms,
the Czech backlog of `judge check`, and the site's per-game pages (built without MkDocs here;
tests/web builds and browses them)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import load
from judge.cli import cli
from judge.site import hooks as site
from judge.site import pages as sitepages
from judge.translate import checks


def _run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.stderr
    return result.stdout


# -- search, show, list, terms --------------------------------------------------------------

def test_search_without_game_ranks_every_game_and_names_each_hits_game(runner: CliRunner, multigame: Path) -> None:
    data = json.loads(_run(runner, "search", "jugadores", "--format", "json"))
    assert {h["game"] for h in data["hits"]} == {"agot2", "mini"}
    first = data["hits"][0]
    # An entry without a counterpart: its hit says so rather than inventing one.
    assert (first["game"], first["id"], first["counterpart"]) == ("mini", "players", None)
    text = _run(runner, "search", "jugadores", "--limit", "2")
    assert text.splitlines()[0] == "1. Jugadores  mini/players ¶2 (es)"
    assert "agot2/triggering-condition" in text.splitlines()[3]


def test_search_game_filters_to_that_game(runner: CliRunner, multigame: Path) -> None:
    data = json.loads(_run(runner, "search", "jugadores", "--game", "mini", "--format", "json"))
    assert [(h["game"], h["id"]) for h in data["hits"]] == [("mini", "players"), ("mini", "golden-rules")]
    assert json.loads(_run(runner, "search", "jugadores", "--game", "agot2", "--format", "json"))["hits"][0]["game"] == "agot2"


def test_show_search_fallback_stays_within_the_game(runner: CliRunner, multigame: Path) -> None:
    """A misspelt name of mini's Jugadores: found with --game mini, as a search result; not with
    --game agot2, nor without --game (the default game, agot2): no crossing into another game."""
    result = runner.invoke(cli, ["show", "jugadres", "--game", "mini"], catch_exceptions=False)
    assert result.stdout.splitlines()[:2] == ["102. Jugadores", "mini/players"]
    assert result.stderr == 'Note: no entry is named "jugadres"; showing the best search result, mini/players\n'
    for args in (["--game", "agot2"], []):
        result = runner.invoke(cli, ["show", "jugadres", *args])
        assert (result.exit_code, result.stdout) == (1, "")
        assert result.stderr.startswith('Error: no entry "jugadres"')


def test_show_body_words_are_suggestions_not_an_answer(runner: CliRunner, multigame: Path) -> None:
    """Words only in a body are no name: `show` suggests the entry instead of showing it."""
    result = runner.invoke(cli, ["show", "persona que participa", "--game", "mini"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == 'Error: no entry "persona que participa". Did you mean: Jugadores?\n'


def test_list_and_terms_of_a_spanish_only_game(runner: CliRunner, multigame: Path) -> None:
    rows = json.loads(_run(runner, "list", "--game", "mini", "--format", "json"))
    assert [(c["id"], c["terms"]) for c in rows["concepts"]] == [
        ("active-player", {"es": "Jugador activo", "cs": None}),
        ("complete-rules", {"es": "Primera parte de las Reglas Completas", "cs": None}),
        ("golden-rules", {"es": "Reglas de Oro", "cs": None}),
        ("players", {"es": "Jugadores", "cs": None}),
    ]
    assert rows["summary"]["only_es"] == 4
    assert _run(runner, "terms", "--game", "mini").splitlines() == [
        "id,kind,es_term,es_aliases,cs_term,cs_aliases",
        "active-player,redirect,Jugador activo,,,",
        "complete-rules,section,Primera parte de las Reglas Completas,,,",
        "golden-rules,entry,Reglas de Oro,,,",
        "players,entry,Jugadores,jugador,,",
    ]


# -- judge check: the Czech backlog -----------------------------------------------------------

def test_check_spanish_only_game_reports_one_backlog_not_a_warning_per_entry(runner: CliRunner, multigame: Path) -> None:
    text = _run(runner, "check", "--game", "mini", "--skip", "spelling")
    assert text == (
        "mini: [backlog] cs: not translated yet, 4 entries to translate; in the rulebook's order: "
        "complete-rules, golden-rules, players, … (all 4: --format json)\n"
        "\n0 errors, 0 warnings in 4 entries (es 4, cs 0)\n")
    # Not started is not a finding: --strict passes.
    assert runner.invoke(cli, ["check", "--game", "mini", "--skip", "spelling", "--strict"]).exit_code == 0


def test_check_backlog_json_lists_every_entry_in_the_rulebooks_order(runner: CliRunner, multigame: Path) -> None:
    data = json.loads(_run(runner, "check", "--game", "mini", "--skip", "spelling", "--format", "json"))
    assert data["problems"] == []
    [backlog] = data["summary"]["backlog"]
    assert (backlog["game"], backlog["lang"], backlog["entries"]) == ("mini", "cs", 4)
    assert [(m["id"], m["number"], m["file"]) for m in backlog["missing"]] == [
        ("complete-rules", None, "glossary/mini/es/complete-rules.md"),
        ("golden-rules", "101", "glossary/mini/es/golden-rules.md"),
        ("players", "102", "glossary/mini/es/players.md"),
        ("active-player", None, "glossary/mini/es/active-player.md"),  # no source: last
    ]


def test_check_without_game_covers_every_game(multigame: Path) -> None:
    report = checks.run_checks(multigame, None, skip=["spelling"])
    assert [(b.game, b.lang) for b in report.summary.backlog] == [("mini", "cs")]
    assert ("cancel-interrupts", "missing-counterpart") in {(p.id, p.check) for p in report.problems}
    assert report.summary.entries == {"es": 9, "cs": 4}


def test_check_backlog_follows_lang_and_the_missing_counterpart_check(multigame: Path) -> None:
    assert checks.run_checks(multigame, "mini", lang="es").summary.backlog == ()
    assert checks.run_checks(multigame, "mini", skip=["missing-counterpart", "spelling"]).summary.backlog == ()
    assert len(checks.run_checks(multigame, "mini", only=["missing-counterpart"], lang="cs").summary.backlog) == 1


# -- the site's pages per game ----------------------------------------------------------------

@pytest.fixture
def pages(multigame: Path) -> dict[str, str]:
    return site.generated_pages(load(multigame))


def test_game_home_lists_entries_in_the_rulebooks_order_and_a_to_z(pages: dict[str, str]) -> None:
    home = pages["es/mini/index.md"]
    order = home[home.index("{ #in-order }"):home.index("{ #a-z }")]
    assert [line for line in order.splitlines() if line.startswith("- ")] == [
        "- [Primera parte de las Reglas Completas](complete-rules.md)",
        "- [101. Reglas de Oro](golden-rules.md)",
        "- [102. Jugadores](players.md)",
        "- [Jugador activo](active-player.md)",
    ]
    a_to_z = home[home.index("{ #a-z }"):]
    assert [line for line in a_to_z.splitlines() if line.startswith("- ")] == [
        "- [Jugador activo](active-player.md) → [Jugadores](players.md)",
        "- [102. Jugadores](players.md)",
        "- [Primera parte de las Reglas Completas](complete-rules.md)",
        "- [101. Reglas de Oro](golden-rules.md)",
    ]
    assert home.startswith("# mini\n")  # no title in judge/core/labels.yaml: the slug


def test_default_game_home_links_its_charts(pages: dict[str, str]) -> None:
    assert "- **[La ronda](../timing/round.md)**" in pages["es/agot2/index.md"].splitlines()
    assert pages["es/agot2/index.md"].startswith("# Juego de tronos: El juego de cartas (2.ª ed.) · Guía de referencia\n")


def test_entry_page_prints_the_rule_number_before_the_term(pages: dict[str, str]) -> None:
    assert pages["es/mini/players.md"].startswith("# 102. Jugadores\n")
    assert pages["es/agot2/cancel.md"].startswith("# Anular\n")


def test_untranslated_game_has_one_czech_page_linking_the_spanish(pages: dict[str, str]) -> None:
    assert not [src for src in pages if src.startswith("cs/mini/") and src != "cs/mini/index.md"]
    page = pages["cs/mini/index.md"]
    assert 'data-missing="cs" data-game="mini"' in page
    assert "Tato pravidla zatím nejsou přeložena do češtiny." in page
    assert '<a href="../../es/mini/" hreflang="es">' in page
    assert "- [102. Jugadores](../../es/mini/players.md)" in page.splitlines()
    # agot2 is translated: a concept missing in Czech keeps its own "not translated" entry page.
    assert "cs/agot2/cancel-interrupts.md" in pages


def test_search_index_per_language_holds_every_game(pages: dict[str, str]) -> None:
    es = json.loads(pages["es/search-index.json"])
    assert es["games"] == {"agot2": sitepages.game_title("agot2", "es"), "mini": "mini"}
    assert {d["u"]: d["g"] for d in es["docs"] if d["g"] == "mini"} == {
        "mini/complete-rules/": "mini", "mini/golden-rules/": "mini", "mini/players/": "mini"}  # not the redirect
    cs = json.loads(pages["cs/search-index.json"])
    assert {d["g"] for d in cs["docs"]} == {"agot2"}


def test_translator_coverage_per_game(pages: dict[str, str]) -> None:
    page = pages["translate/index.md"]
    rows = [line for line in page.splitlines() if line.startswith("| [") and "#game-" in line]
    assert rows == [
        f"| [{sitepages.game_title('agot2', 'es')}](#game-agot2) `agot2` | 5 | 5 | 4 | 4 | 80 % |",
        "| [mini](#game-mini) `mini` | 4 | 4 | 0 | 0 | 0 % |",
    ]
    assert "### Falta / Chybí: Čeština (4) { #missing-mini-cs }" in page
    assert "translate/mini/players.md" in pages


def test_navigation_has_a_section_per_game_in_each_language(multigame: Path, pages: dict[str, str]) -> None:
    nav = site.navigation(load(multigame), pages)
    es_items = nav[0]["Español"]
    sections = [item for item in es_items if isinstance(item, dict) and isinstance(next(iter(item.values())), list)]
    assert [next(iter(s.values()))[0] for s in sections] == ["es/agot2/index.md", "es/mini/index.md"]
    assert sections[1] == {"mini": ["es/mini/index.md"]}  # no framework.yaml: no chart
    cs_sections = [item for item in nav[1]["Čeština"] if isinstance(item, dict) and isinstance(next(iter(item.values())), list)]
    assert cs_sections[1] == {"mini": ["cs/mini/index.md"]}


def test_a_framework_timing_cannot_walk_leaves_the_game_without_a_chart(
        multigame: Path, caplog: pytest.LogCaptureFixture) -> None:
    (multigame / "mini" / "framework.yaml").write_text("game: mini\nphases: [not, a, framework]\n", "utf-8")
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.judge"):
        pages = site.generated_pages(load(multigame))
    assert "es/mini/timing/round.md" not in pages
    assert "es/mini/index.md" in pages
    # Said once (Czech has no mini entry, so no chart was tried there), at INFO: a warning would
    # fail the strict build.
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [(logging.INFO, (
        "judge: no round chart for mini (es): glossary/mini/framework.yaml:1: labels: "
        "a mapping of words per language (es, cs)"))]


def test_home_page_lists_every_game(multigame: Path) -> None:
    """Appended to the hand-written home page of each language at build time."""
    assert sitepages.games_list(load(multigame), "cs").splitlines()[1:] == [
        "## Pravidla { #games }", "",
        "- **[Hra o trůny: Karetní hra (2. edice) · Přehled pravidel](agot2/index.md)** · Hesla: 4",
        "- **[mini](mini/index.md)** · Tato pravidla zatím nejsou přeložena do češtiny.",
    ]
