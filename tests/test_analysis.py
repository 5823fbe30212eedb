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


def test_pystemmer_stems_every_glossary_word_as_snowballstemmer_does() -> None:
    """PyStemmer (C) is a dependency because its stems are snowballstemmer's pure-Python ones
    on every word of the glossary, as printed and folded; the analyzer uses it when installed."""
    import snowballstemmer
    import Stemmer
    from snowballstemmer.czech_stemmer import CzechStemmer
    from snowballstemmer.spanish_stemmer import SpanishStemmer

    from judge import glossary
    from judge.core.text import fold
    from judge.search.analysis import stemmer_id

    assert snowballstemmer.stemmer is Stemmer.Stemmer and stemmer_id().startswith("Stemmer ")
    pure = {"es": SpanishStemmer(), "cs": CzechStemmer()}
    fast = {"es": Stemmer.Stemmer("spanish"), "cs": Stemmer.Stemmer("czech")}
    vocabulary: dict[str, set[str]] = {"es": set(), "cs": set()}
    for entry in glossary.load().entries:
        for word in words(" ".join([entry.term, *entry.aliases, *(block.text for block in entry.blocks)])):
            vocabulary[entry.lang].update((word, fold(word)))
    assert len(vocabulary["es"]) > 3000 and len(vocabulary["cs"]) > 3000
    for lang, every in vocabulary.items():
        differ = [w for w in sorted(every) if fast[lang].stemWord(w) != pure[lang].stemWord(w)]
        assert differ == [], lang
