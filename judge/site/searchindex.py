"""The site's search index, one per language, built with the CLI's analyzer (judge.analysis).

The browser cannot run our Snowball stemmers exactly (the npm port of the Czech stemmer gives
other stems: `hráči` → `hrák`, ours `hráč`), so the index carries the analysis with it: a map
from every folded word form of the language's text to its index terms. docs/assets/judge.js
folds the typed word, looks it up, and for a form the text never uses falls back to the longest
index term the word starts with (or, while typing, the terms that start with it).

Shape (compact, read by judge.js):
  {"lang", "stop": [stop words], "games": {game: the rulebook's title in lang},
   "docs": [{"u": url, "g": game, "t": term, "a": [aliases], "s": snippet, "k": [its term's index terms]}],
   "terms": [index term, ...], "postings": [[doc, weight, para, doc, weight, para, ...], ...],
   "forms": {folded word: [term number, ...]}}
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from judge.search.analysis import stems, stop_words, terms, words
from judge.glossary import Glossary
from judge.core.model import Entry
from judge.core.text import fold

# Where a term is found counts for more in the term than in an alias, and in either than in
# the body (a body weight is tf / (tf + K), so repeats help but saturate); every weight is
# multiplied by the term's idf.
TERM_WEIGHT = 4.0
ALIAS_WEIGHT = 2.5
K = 1.2
SNIPPET = 160


@dataclass(frozen=True)
class Doc:
    """One searchable page: an entry with the terms of the redirects that lead to it."""

    url: str
    term: str
    aliases: tuple[str, ...]
    blocks: tuple[tuple[int, str], ...]
    game: str = ""

    @property
    def snippet(self) -> str:
        text = self.blocks[0][1] if self.blocks else ""
        return text if len(text) <= SNIPPET else text[:SNIPPET].rsplit(" ", 1)[0] + " …"


def documents(glossary: Glossary, game: str, lang: str, url: Callable[[Entry], str]) -> list[Doc]:
    """The entries of `lang` (not redirects), each with its redirects' terms as aliases."""
    entries = [e for e in glossary.entries if e.game == game and e.lang == lang]
    redirected: dict[str, list[str]] = defaultdict(list)
    for entry in entries:
        target = glossary.resolve(entry) if entry.kind == "redirect" else None
        if target is not None and target.lang == lang:
            redirected[target.id] += [entry.term, *entry.aliases]
    return [
        Doc(url(e), e.term, (*e.aliases, *redirected[e.id]), tuple((b.n, plain(b.text)) for b in e.blocks), e.game)
        for e in entries if e.kind != "redirect"
    ]


def plain(text: str) -> str:
    """Block Markdown as plain text for snippets: markers and escapes dropped."""
    return " ".join(text.replace("\\[", "[").replace("\\]", "]").replace("**", "").split())


def build(docs: Sequence[Doc], lang: str, games: dict[str, str] | None = None) -> dict[str, Any]:
    """The index of `docs` in `lang` as JSON-ready data; `games`: each game's title, shown
    beside a hit when the index holds several games."""
    stop = stop_words(lang)
    forms: dict[str, set[str]] = defaultdict(set)
    names: list[list[set[str]]] = []  # per doc: its term's terms, then each alias's
    bodies: list[Counter[str]] = []
    first_para: dict[tuple[str, int], int] = {}
    for number, doc in enumerate(docs):
        names.append([set(_analyse(name, lang, stop, forms)) for name in (doc.term, *doc.aliases)])
        body: Counter[str] = Counter()
        for para, text in doc.blocks:
            for term in _analyse(text, lang, stop, forms):
                body[term] += 1
                first_para.setdefault((term, number), para)
        bodies.append(body)
    df: Counter[str] = Counter()
    for number in range(len(docs)):
        df.update(set(bodies[number]).union(*names[number]))
    idf = {term: math.log(1 + len(docs) / count) for term, count in df.items()}
    weights: dict[str, dict[int, float]] = defaultdict(dict)
    for number in range(len(docs)):
        for term, weight in _name_weights(names[number], idf).items():
            weights[term][number] = weight * idf[term]
        for term, tf in bodies[number].items():
            weights[term][number] = weights[term].get(number, 0.0) + tf / (tf + K) * idf[term]
    vocabulary = sorted(weights)
    position = {term: i for i, term in enumerate(vocabulary)}
    postings = []
    for term in vocabulary:
        flat: list[float | int] = []
        for number, weight in sorted(weights[term].items()):
            flat += [number, round(weight, 3), first_para.get((term, number), 0)]
        postings.append(flat)
    return {
        "lang": lang,
        "stop": sorted(stop),
        "games": games or {},
        "docs": [{"u": d.url, "g": d.game, "t": d.term, "a": list(d.aliases), "s": d.snippet,
                  "k": sorted({position[t] for t in terms(d.term, lang)})}
                 for d in docs],
        "terms": vocabulary,
        "postings": postings,
        "forms": {form: sorted(position[t] for t in found if t in position)
                  for form, found in sorted(forms.items())},
    }


def _name_weights(names: list[set[str]], idf: dict[str, float]) -> dict[str, float]:
    """A term's weight in the entry's term (first) or an alias: its share of the name's
    information (idf), so `výzv` counts for more in "Fáze výzev" (fáze is in thirty titles)
    than in "Ikony výzev"."""
    found: dict[str, float] = {}
    for i, name in enumerate(names):
        total = sum(idf[t] for t in name) or 1.0
        for term in name:
            share = (TERM_WEIGHT if i == 0 else ALIAS_WEIGHT) * (0.5 + idf[term] / total)
            found[term] = max(found.get(term, 0.0), share)
    return found


def _analyse(text: str, lang: str, stop: frozenset[str], forms: dict[str, set[str]]) -> list[str]:
    """judge.search.analysis.terms, recording for each word's folded form the terms it yields.

    A folded form collects the stems of every accented spelling that folds to it and of the
    folded spelling itself, so `vyzvy` typed without accents meets `výzvy`.
    """
    found: list[str] = []
    for word in words(text):
        if word in stop:
            continue
        word_terms = stems(word, lang)
        key = fold(word)
        forms[key].update(word_terms)
        forms[key].update(stems(key, lang))
        found += word_terms
    return found
