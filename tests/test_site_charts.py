"""The timing charts' data (judge.site.round_items from framework.yaml, judge.sitecharts.trigger_sequence)
and the site search index, from the real glossary and the fixture."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import load
from judge.glossary import Glossary
from judge.rules import timing
from judge.site.charts import RoundItem, trigger_sequence
from judge.site.hooks import round_items
from judge.site.searchindex import build, documents

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "glossary"


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load()


def flat(items: list[RoundItem]) -> list[tuple[str, str | None]]:
    return [(i.kind, i.id) for i in items]


# The round as Appendix I of the Rules Reference draws it (melee included), written out here and
# not taken from judge.rules.timing, which the chart itself walks: kind, step (a window: the
# step it follows), melee-only, loop target.
ROUND = [
    ("step", "1.1", False, None), ("step", "1.2", False, None), ("step", "1.3", False, None),
    ("step", "1.4", True, None), ("action-window", "1.4", False, None), ("step", "1.5", False, None),
    ("step", "2.1", False, None), ("step", "2.2", False, None), ("action-window", "2.2", False, None),
    ("step", "2.3", False, None),
    ("step", "3.1", False, None), ("step", "3.2", False, None), ("special-action-window", "3.2", False, None),
    ("step", "3.3", False, "3.2"), ("step", "3.4", False, None),
    ("step", "4.1", False, None), ("action-window", "4.1", False, None), ("step", "4.2", False, None),
    ("action-window", "4.2", False, None), ("step", "4.2.1", False, None), ("action-window", "4.2.1", False, None),
    ("step", "4.2.2", False, None), ("step", "4.2.3", False, None), ("step", "4.2.4", False, None),
    ("step", "4.2.5", False, None), ("step", "4.2.6", False, "after-4.1"), ("step", "4.3", False, "after-4.1"),
    ("step", "4.4", False, None),
    ("step", "5.1", False, None), ("step", "5.2", False, None), ("action-window", "5.2", False, None),
    ("step", "5.3", False, None),
    ("step", "6.1", False, None), ("step", "6.2", False, None), ("action-window", "6.2", False, None),
    ("step", "6.3", False, None),
    ("step", "7.1", False, None), ("step", "7.2", False, None), ("step", "7.3", False, None),
    ("step", "7.4", True, None), ("action-window", "7.4", False, None), ("step", "7.5", False, "1.1"),
]
PHASES = {
    "es": ["Fase de Trama", "Fase de Robo", "Fase de Reclutamiento", "Fase de Reto", "Fase de Dominación",
           "Fase de Puesta en pie", "Fase de Impuestos"],
    "cs": ["Fáze plánování", "Fáze dobírání karet", "Fáze vykládání", "Fáze výzev", "Fáze nadvlády",
           "Fáze zvednutí", "Fáze zdanění"],
}
TITLES = {  # as the Rules Reference prints them (step entries' terms without their numbers)
    "es": {"1.1": "Empieza la fase de Trama", "4.2.1": "El jugador defensor declara a los defensores",
           "7.5": "Termina la fase de Impuestos", "window": "Ventana de acción",
           "special": "Ventana de acción especial de la fase de Reclutamiento"},
    "cs": {"1.1": "Fáze plánování začíná", "4.2.1": "Bránící se hráč vyhlásí obránce", "7.5": "Fáze zdanění končí",
           "window": "Okno akcí", "special": "Zvláštní okno akcí fáze vykládání"},
}


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_round_chart_is_the_round_of_appendix_i(glossary: Glossary, lang: str) -> None:
    """The boxes in Appendix I's order, with windows, melee-only steps and loops; steps,
    windows and phases titled as printed."""
    items = round_items(glossary, lang)
    assert [(i.kind, i.id, i.melee_only, i.loop) for i in items if i.kind != "phase"] == ROUND
    steps = {i.id: i.title for i in items if i.kind == "step"}
    assert [steps["1.1"], steps["4.2.1"], steps["7.5"]] == [TITLES[lang][n] for n in ("1.1", "4.2.1", "7.5")]
    assert all(i.title and not i.title[0].isdigit() for i in items if i.kind == "step")
    assert {i.title for i in items if i.kind == "action-window"} == {TITLES[lang]["window"]}
    assert {i.title for i in items if i.kind == "special-action-window"} == {TITLES[lang]["special"]}
    assert [(i.id, i.title) for i in items if i.kind == "phase"] == list(zip("1234567", PHASES[lang]))
    # Each phase header comes right before its first box.
    assert [items[n + 1].phase for n, i in enumerate(items) if i.kind == "phase"] == list("1234567")


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_round_chart_links_every_box_to_its_entry(glossary: Glossary, lang: str) -> None:
    fw = timing.load(timing.framework_path("agot2", glossary.root))
    items = round_items(glossary, lang)
    steps = {i.id: i.entry for i in items if i.kind == "step"}
    assert steps == {f.id: f.entry for f in fw.items if not f.is_window}
    assert all(glossary.get("agot2", lang, e) for e in steps.values() if e)
    windows = {(i.kind, i.entry) for i in items if i.kind.endswith("window")}
    assert windows == {("action-window", "action-windows"), ("special-action-window", "marshaling-action-window")}
    assert [i.entry for i in items if i.kind == "phase"] == [fw.phase_entries[n] for n in sorted(fw.phase_entries)]


def test_round_chart_nesting_and_substeps(glossary: Glossary) -> None:
    items = round_items(glossary, "cs")
    # Inside the challenge: the window after 4.2 opens before 4.2.1.
    assert [(i.kind, i.id, i.depth) for i in items if i.id and i.id.startswith("4.2")][:3] == [
        ("step", "4.2", 0), ("action-window", "4.2", 1), ("step", "4.2.1", 1)]
    reveal = next(i for i in items if i.id == "1.3")
    fw = timing.load(timing.framework_path("agot2", glossary.root))
    assert [(s.id, s.title) for s in reveal.substeps] == [(s.id, s.title["cs"]) for s in fw.item("1.3").substeps]
    assert [c.para for s in reveal.substeps for c in s.cites[:1]] == [4, 5, 7]


def test_fixture_without_framework_has_no_round_chart() -> None:
    assert round_items(load(FIXTURE), "es") == []


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_trigger_sequence_seven_steps_windows_at_4_and_7(glossary: Glossary, lang: str) -> None:
    sequence = trigger_sequence(glossary, lang)
    assert [(s.n, s.para, s.window) for s in sequence] == [
        (1, 4, False), (2, 5, False), (3, 6, False), (4, 7, True), (5, 8, False), (6, 9, False), (7, 10, True)]


def test_search_index_shape_and_redirects(glossary: Glossary) -> None:
    docs = documents(glossary, "agot2", "es", lambda e: f"agot2/{e.id}/")
    index = build(docs, "es")
    urls = [d["u"] for d in index["docs"]]
    assert "agot2/cancel/" in urls
    redirects = [e for e in glossary.entries if e.lang == "es" and e.kind == "redirect"]
    assert not set(f"agot2/{e.id}/" for e in redirects) & set(urls)
    # A redirect's term is an alias of its target, so searching it finds the target.
    redirect = redirects[0]
    target = glossary.resolve(redirect)
    assert target is not None
    assert redirect.term in index["docs"][urls.index(f"agot2/{target.id}/")]["a"]
    assert len(index["postings"]) == len(index["terms"])
    reaccion = [index["terms"][t] for t in index["forms"]["reaccion"]]
    assert reaccion == ["reaccion"]


def test_block_markdown_is_safe_and_offline() -> None:
    from judge.site.pages import markdown_html

    assert markdown_html("Un reto [military] o [power].", "../") == (
        '<p>Un reto <img class="judge-icon" src="../assets/icons/military.svg" alt="[military]" '
        'title="Militar / Vojenská"> o <img class="judge-icon" src="../assets/icons/power.svg" '
        'alt="[power]" title="Poder / Mocenská">.</p>')
    assert markdown_html("Ver ![mapa](http://example.com/a.png) y [x](javascript:alert(1)).", "") == (
        '<p>Ver mapa y <a href="#">x</a>.</p>')
    assert markdown_html("Texto impreso \\[entre corchetes\\].", "") == "<p>Texto impreso [entre corchetes].</p>"
