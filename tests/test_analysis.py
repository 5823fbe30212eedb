"""The shared analyzer: accents, inflection and stop words (judge/search/analysis.py)."""

from __future__ import annotations

import pytest

from judge.search.analysis import stop_words, terms, words


@pytest.mark.parametrize(
    ("lang", "typed", "printed"),
    [
        ("cs", "vyzva", "výzva"),      # accents folded
        ("cs", "výzvy", "výzvě"),      # Czech case endings share a stem
        ("cs", "hraci", "hráči"),      # unaccented inflected Czech: folding first meets it
        ("es", "reaccion", "reacciones"),
        ("es", "retos", "reto"),
    ],
)
def test_typed_forms_share_a_term_with_the_printed_form(lang: str, typed: str, printed: str) -> None:
    assert set(terms(typed, lang)) & set(terms(printed, lang))


def test_stop_words_are_dropped_unless_asked_for() -> None:
    assert terms("la ventana de reacción", "es") == ["ventan", "reaccion"]
    assert terms("la ventana", "es", keep_stop_words=True) == ["la", "ventan"]


@pytest.mark.parametrize(("lang", "text"), [("es", "la ventana de reacción"), ("cs", "okno a reakce na výzvu")])
def test_stop_words_are_the_words_terms_drops(lang: str, text: str) -> None:
    """The public list (read by the site's search index) is exactly what `terms` leaves out."""
    kept = [w for w in words(text) if w not in stop_words(lang)]
    assert terms(" ".join(kept), lang) == terms(text, lang)
    assert terms(" ".join(w for w in words(text) if w in stop_words(lang)), lang) == []
    assert isinstance(stop_words(lang), frozenset)


def test_a_word_whose_stem_depends_on_accents_yields_both_stems_side_by_side() -> None:
    assert terms("hráči", "cs") == ["hrac", "hrak"]
