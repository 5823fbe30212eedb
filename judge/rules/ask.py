"""`judge ask`: a question in Spanish or Czech → the triggering condition, its framework step and
window, a short answer built from the data, and citations.

Matching uses the shared analyzer (judge.search.analysis.terms: folded Snowball stems), so inflected
and unaccented forms meet the phrases of triggers.yaml. `answer(..., extra_cites=...)` takes
citations found elsewhere (e.g. the search index) and appends them after the engine's own.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge.core.model import Cite
from judge.rules import citing
from judge.rules.citing import EntrySource
from judge.rules.model import Answer, AskMatch
from judge.rules.triggers import Catalogue, TriggerDef
from judge.search.analysis import terms, words

LIMIT = 3
# Windows a question can be about, most specific first: "would" beats a bare "when".
_WINDOW_ORDER = ("would-interrupts", "forced-interrupts", "forced-reactions", "reaction-window", "interrupt-window")
_STEP_OF_WINDOW = {"would-interrupts": 2, "forced-interrupts": 3, "interrupt-window": 4,
                   "forced-reactions": 6, "reaction-window": 7}


def window_of(question: str, lang: str, catalogue: Catalogue) -> str:
    """The window a question asks about, from its cue words; reactions when nothing says otherwise."""
    # An interrogative "¿cuándo…?" asks *when*; only the conjunction "cuando" names an interrupt.
    asked = " ".join(w for w in question.split() if w.strip("¿?¡!,.").lower() not in catalogue.interrogatives[lang])
    folded = " " + " ".join(terms(asked, lang, keep_stop_words=True)) + " "
    for window in _WINDOW_ORDER:
        for cue in catalogue.cues.get(window, {}).get(lang, ()):
            if " " + " ".join(terms(cue, lang, keep_stop_words=True)) + " " in folded:
                return window
    return "reaction-window"


def score(question_terms: set[str], trigger: TriggerDef, lang: str) -> tuple[float, str]:
    """The share of a phrase's words found in the question, for the trigger's best phrase.

    A word counts as found when any of its stems is in the question (a Czech word may have two,
    see judge.analysis), so a word is never counted twice."""
    best, best_phrase = 0.0, ""
    for phrase in (*trigger.phrases[lang], trigger.title[lang]):
        wanted = [set(stems) for stems in (terms(word, lang) for word in words(phrase)) if stems]
        if not wanted:
            continue
        hits = sum(bool(stems & question_terms) for stems in wanted)
        # one shared word (začíná, gana) is not evidence: a phrase must meet two of its words
        if hits < min(2, len(wanted)):
            continue
        # a longer phrase fully found is stronger evidence than a short one
        value = round(hits / len(wanted) + 0.01 * hits, 3)
        if value > best:
            best, best_phrase = value, phrase
    return best, best_phrase


def answer(question: str, lang: str, catalogue: Catalogue, source: EntrySource,
           extra_cites: Iterable[Cite] = ()) -> Answer:
    question_terms = set(terms(question, lang))
    window = window_of(question, lang, catalogue)
    scored = []
    for trigger in catalogue.triggers:
        value, phrase = score(question_terms, trigger, lang)
        if value >= 0.5:
            scored.append((value, trigger, phrase))
    scored.sort(key=lambda item: -item[0])
    matches = tuple(AskMatch(t.id, t.title[lang], t.steps[0] if t.steps else None, window, v, p)
                    for v, t, p in scored[:LIMIT])
    if not matches:
        return Answer(question, lang, (), None, tuple(extra_cites))
    best = scored[0][1]
    labels = catalogue.labels[lang]
    step = ", ".join(best.steps) if best.steps else labels["any-step"]
    n = _STEP_OF_WINDOW[window]
    window_text = f"{n}. {labels[window]}"
    text = labels["answer"].format(title=best.title[lang], step=step, window=window_text, how=labels[f"how-{window}"])
    sequence_cites = catalogue.sequence[n - 1].cites
    cites = [*citing.resolve(best.cites, catalogue.game, lang, source),
             *citing.resolve(sequence_cites, catalogue.game, lang, source)]
    for cite in extra_cites:
        if cite not in cites:
            cites.append(cite)
    return Answer(question, lang, matches, text, tuple(cites))
