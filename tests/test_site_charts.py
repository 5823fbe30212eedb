"""The timing charts' data (judge.site.round_items, judge.sitecharts.trigger_sequence) and the
site search index, from the real glossary and the fixture."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import load
from judge.glossary import Glossary
from judge.site import round_items
from judge.sitecharts import RoundItem, trigger_sequence
from judge.siteindex import build, documents

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "glossary"


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load()


def flat(items: list[RoundItem]) -> list[tuple[str, str | None]]:
    return [(i.kind, i.id) for i in items]


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_round_windows_follow_the_round_diagram(glossary: Glossary, lang: str) -> None:
    items = round_items(glossary, lang)
    windows = [(i.kind, i.id) for i in items if i.kind.endswith("window")]
    assert windows == [
        ("action-window", "1.4"), ("action-window", "2.2"), ("special-action-window", "3.2"),
        ("action-window", "4.1"), ("action-window", "4.2"), ("action-window", "4.2.1"),
        ("action-window", "5.2"), ("action-window", "6.2"), ("action-window", "7.4"),
    ]


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_round_order_phases_steps_windows(glossary: Glossary, lang: str) -> None:
    items = round_items(glossary, lang)
    assert [i.id for i in items if i.kind == "phase"] == ["1", "2", "3", "4", "5", "6", "7"]
    assert flat(items)[flat(items).index(("step", "4.1")):flat(items).index(("step", "4.3")) + 1] == [
        ("step", "4.1"), ("action-window", "4.1"), ("step", "4.2"), ("action-window", "4.2"),
        ("step", "4.2.1"), ("action-window", "4.2.1"), ("step", "4.2.2"), ("step", "4.2.3"),
        ("step", "4.2.4"), ("step", "4.2.5"), ("step", "4.2.6"), ("step", "4.3"),
    ]
    # Inside the challenge: the window after 4.2 opens before 4.2.1.
    assert [(i.id, i.depth) for i in items if i.id and i.id.startswith("4.2")][:3] == [("4.2", 0), ("4.2", 1), ("4.2.1", 1)]


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_round_colour_code(glossary: Glossary, lang: str) -> None:
    items = round_items(glossary, lang)
    assert [i.id for i in items if i.melee_only] == ["1.4", "7.4"]
    assert [i.id for i in items if i.loop] == ["3.3", "4.3"]


def test_round_titles_and_links(glossary: Glossary) -> None:
    items = {(i.kind, i.id): i for i in round_items(glossary, "es")}
    assert items[("step", "1.4")].title == "Se seleccionan los Títulos"
    assert items[("step", "1.4")].entry == "select-titles"
    assert items[("phase", "1")].title == "Fase de Trama" and items[("phase", "1")].entry == "plot-phase"
    assert items[("special-action-window", "3.2")].entry == "marshaling-action-window"
    cs = {(i.kind, i.id): i for i in round_items(glossary, "cs")}
    assert cs[("step", "1.3")].substeps == (
        "I. Spočítejte iniciativu.", "II. Určete prvního hráče.", "III. Vyhodnoťte schopnosti „při odhalení“.")


def test_fixture_without_diagram_has_steps_only() -> None:
    items = round_items(load(FIXTURE), "es")
    assert flat(items) == [("phase", "4"), ("step", "4.2.2")]


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
    from judge.sitepages import markdown_html

    assert markdown_html("Un reto [military] o [power].", "../") == (
        '<p>Un reto <img class="judge-icon" src="../assets/icons/military.svg" alt="[military]" '
        'title="Militar / Vojenská"> o <img class="judge-icon" src="../assets/icons/power.svg" '
        'alt="[power]" title="Poder / Mocenská">.</p>')
    assert markdown_html("Ver ![mapa](http://example.com/a.png) y [x](javascript:alert(1)).", "") == (
        '<p>Ver mapa y <a href="#">x</a>.</p>')
    assert markdown_html("Texto impreso \\[entre corchetes\\].", "") == "<p>Texto impreso [entre corchetes].</p>"
