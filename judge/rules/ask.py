"""`judge ask`: a judge's question in Spanish or Czech → what it asks (when, which window, who,
yes/no, what if), the framework step and window, who acts or decides first, a verdict where
one is asked and the evidence decides it (ask.yaml `verdicts`), and the paragraphs that justify
the answer, the justifying one first.

Everything the answer says comes from the data: the glossary's paragraphs, framework.yaml (the
steps and their entries, the action windows), triggers.yaml (the seven sequence steps, the named
rules, the catalogue of conditions). ask.yaml, beside them, holds only the words a question is
read with: question words per kind, window cues read with their negation and scope, words of
ideas, who-phrases, verdict words and the answer's labels, and the ranking weights and the
verdicts said, both chosen by tests/ask/crossval.py. asked.yaml holds the question bank: the
questions each paragraph answers, in players' words.

Retrieval runs here, over the loaded glossary, with the project's analyzer (judge.search.analysis:
folded Snowball stems), so the same code answers in the browser, where there is no whoosh:
BM25 over the paragraphs of the question's language, plus what the named parts of the data
that the question meets (rules, sequence steps, conditions, steps) cite, the ideas its cue
words name, where the paragraph stands in its entry and how well the bank's questions written
for it, pooled, meet the question (FEATURES), weighed by ask.yaml's `ranking`, fitted on
tests/ask/dev.yaml … dev15.yaml by tests/ask/crossval.py, which also prints the
leave-one-set-out figures that predict a fresh set.
"""

from __future__ import annotations

import heapq
import math
import re
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from judge.core import paths, yamldata
from judge.core.errors import BadData, UsageProblem
from judge.core.model import Cite, Entry
from judge.core.text import fold as _fold_text
from judge.core.yamldata import Located, LocatedList
from judge.rules import citing
from judge.rules.citing import EntrySource
from judge.rules.answers import Answer, AskMatch, Evidence
from judge.rules.timing import Framework
from judge.rules.triggers import Catalogue
from judge.search.analysis import stems, stop_words, words

LANGS = ("es", "cs")
MAX_CHARS = 1000  # a judge's question is a few sentences; a pasted page is not a question
KINDS = ("when", "window", "who", "yesno", "whatif")
SEQUENCE_WINDOWS = ("would-interrupts", "forced-interrupts", "interrupt-window", "forced-reactions",
                    "reaction-window")
EVIDENCE = 5
# What a verdict rests on and what that says (see _decide): ask.yaml's `verdicts: give` lists
# those whose verdict is said.
VERDICT_KEYS = ("open", "rule-denies", "rule-allows", "rule-states", "paragraph-denies", "paragraph-allows",
                "paragraph-states")
# BM25's k1 and b, and what a word of the same family counts (`loose`); how the paragraphs are
# ranked is ask.yaml's `ranking` (see FEATURES).
WEIGHTS = {"k1": 1.2, "b": 0.75, "loose": 0.6}
UNITS_KEPT = 4      # named parts of the data whose cites count
UNIT_MIN = 0.5      # share of a part's words (weighted by rarity) the question must meet
OPEN_MIN = 0.6      # an open rule met this well: the Rules Reference does not decide
RULING_MISMATCH = 0.5  # a rule whose condition is negated where the question's is not, or the reverse
STEP_NEAR = 0.84    # the paragraph ranked second this near the first gives the step the first lacks
AGREED_TOP = 3      # this many best paragraphs agreeing on a step give it, before a quoted condition's
PREFIXED_MIN = 5    # letters a word keeps once its prefix is taken off, to join a family
SAID_TOGETHER = 5   # tokens within which a condition's words are one phrase, not two remarks
ABILITY_REACH = 8   # tokens after an ability's label ("Interrupción obligada:") that are its condition
MOMENT_REACH = 5    # tokens after "después de" / "před" within which the step it sets a window against is named
MIN_SCORE = 4.5     # the best paragraph's own score below which the rules do not speak of it
TOLD = 0.8          # BM25 share of a word said only in the situation told, not in a sentence ending in ?
_STEP_NUMBER = re.compile(r"\b(\d\.\d(?:\.\d)?)\b")
_SENTENCE = re.compile(r"(?<=[.;:])\s+")
_QUESTION_SENTENCE = re.compile(r"(?<=[?.!])\s+")  # a question's sentences, each with its end mark
_SPLIT = re.compile(r"(\s+|[?¿!¡.,;:()«»“”\"—–])")
_PUNCT = re.compile(r"[?¿!¡.,;:()«»“”\"—–-]")
_NUMBER_PREFIX = re.compile(r"^[\d.]+\s*")
_QUOTES = frozenset("«»“”\"")
_QUOTED = re.compile(r"[\'\"«“„‘]([^\'\"«»“”„‘’]{6,})[\'\"»”“’]")  # a quoted ability text
# A printed ability's effect: what follows its condition's comma ("Reacción: después de que ganes un
# reto, roba 1 carta"), not Czech "poté, co", whose comma is inside the condition.
_EFFECT = re.compile(r",(?!\s*co\b).*", re.DOTALL)

Phrases = dict[str, tuple[str, ...]]
Stems = tuple[frozenset[str], ...]


# -- the vocabulary (ask.yaml) --------------------------------------------------------------

@dataclass(frozen=True)
class Vocabulary:
    game: str
    kinds: dict[str, Phrases] = field(hash=False)
    negations: Phrases = field(hash=False)
    negation_words: dict[str, frozenset[str]] = field(hash=False)  # `negations`, folded: what _negated reads
    clause_breaks: Phrases = field(hash=False)
    windows: tuple[tuple[str, Phrases], ...]
    concepts: tuple[tuple[str, Phrases], ...]
    who: tuple[tuple[str, Phrases], ...]
    verdict: dict[str, Phrases] = field(hash=False)
    labels: dict[str, dict[str, str]] = field(hash=False)
    undecided: tuple[tuple[str, tuple[Phrases, ...]], ...] = ()  # open rule → groups of words, all said
    prefixes: Phrases = field(hash=False, default_factory=dict)  # verb prefixes that join a word family
    and_words: Phrases = field(hash=False, default_factory=dict)  # "and": a clause of its own
    idea_rules: dict[str, tuple[str, ...]] = field(hash=False, default_factory=dict)  # idea → rules it names
    idea_unless: dict[str, Phrases] = field(hash=False, default_factory=dict)  # idea → words that are not it
    ranking: dict[str, float] = field(hash=False, default_factory=dict)  # feature → weight (see FEATURES)
    verdicts_given: frozenset[str] = frozenset(VERDICT_KEYS)  # basis-stance whose verdict is said (see _decide)
    places: Phrases = field(hash=False, default_factory=dict)  # words before a cue that name a window as a place
    references: Phrases = field(hash=False, default_factory=dict)  # words before a cue that make it a point in time
    articles: Phrases = field(hash=False, default_factory=dict)  # allowed between a reference word and its cue
    referred: str | None = None  # the window of a question whose only cues are points in time
    who_next: Phrases = field(hash=False, default_factory=dict)  # words that ask who comes next, not who starts
    phase_phrases: Phrases = field(hash=False, default_factory=dict)  # a phase named only so ("fase de robo")
    durations: Phrases = field(hash=False, default_factory=dict)  # a lasting effect's end: not a moment
    jargon: dict[str, tuple[tuple[str, str], ...]] = field(hash=False, default_factory=dict)  # (English form, rules' words)
    close: float = 1.0  # the second paragraph scoring this share of the first's or more: a close call
    moments: dict[str, Phrases] = field(hash=False, default_factory=dict)  # before/after: see _moment_window


def vocabulary_path(game: str, root: Path | None = None) -> Path:
    return (root or paths.glossary_root()) / game / "ask.yaml"


def load_vocabulary(path: Path) -> Vocabulary:
    """ask.yaml, validated (`file:line: message` on a malformed part)."""
    data = yamldata.load(path)

    def mapping(owner: Located, key: str) -> Located:
        value = owner.get(key)
        if not isinstance(value, Located):
            raise owner.fail(key, f"{key}: a mapping")
        return value

    def per_lang(owner: Located) -> Phrases:
        return {lang: citing.str_list(owner, lang) for lang in LANGS}

    def named(key: str) -> tuple[tuple[str, Phrases], ...]:
        raw = data.get(key)
        if not isinstance(raw, LocatedList) or not all(isinstance(r, Located) and isinstance(r.get("name"), str)
                                                       for r in raw):
            raise data.fail(key, f"{key}: a list of {{name, es, cs}}")
        return tuple((str(r["name"]), per_lang(r)) for r in raw)

    kinds = mapping(data, "kinds")
    missing = [k for k in KINDS if k not in kinds]
    if missing:
        raise kinds.fail(None, f"kinds: {', '.join(missing)} missing (one entry per kind: {', '.join(KINDS)})")
    verdict = mapping(data, "verdict")
    windows = named("windows")
    unknown = [w for w, _ in windows if w not in (*SEQUENCE_WINDOWS, "occurs", "action-window")]
    if unknown:
        raise data.fail("windows", f"windows: unknown window {unknown[0]!r}")
    labels = citing.word_labels(data, LANGS)
    raw_open = data.get("undecided", [])
    if not isinstance(raw_open, LocatedList) or not all(
            isinstance(r, Located) and isinstance(r.get("rule"), str) and isinstance(r.get("all"), LocatedList)
            and all(isinstance(g, Located) for g in r["all"]) for r in raw_open):
        raise data.fail("undecided", "undecided: a list of {rule, all: [{es, cs}, ...]}")
    undecided = tuple((str(r["rule"]), tuple(per_lang(g) for g in r["all"])) for r in raw_open)
    references = mapping(data, "window_references")
    negations = per_lang(mapping(data, "negations"))
    return Vocabulary(
        game=citing.data_game(data, "agot2"),
        kinds={k: per_lang(mapping(kinds, k)) for k in KINDS},
        negations=negations,
        negation_words={lang: frozenset(fold(w) for w in negations[lang]) for lang in LANGS},
        clause_breaks=per_lang(mapping(data, "clause_breaks")),
        windows=windows, concepts=named("concepts"), who=named("who"),
        verdict={k: per_lang(mapping(verdict, k)) for k in ("deny", "not_denials", "allow", "only", "more")},
        labels=labels, undecided=undecided, idea_rules=_idea_rules(data),
        idea_unless={str(r["name"]): per_lang(r["unless"]) for r in data["concepts"]
                     if isinstance(r, Located) and isinstance(r.get("unless"), Located)},
        prefixes={lang: tuple(fold(p) for p in citing.str_list(mapping(data, "prefixes"), lang)) for lang in LANGS},
        and_words={lang: tuple(fold(w) for w in citing.str_list(mapping(data, "and_words"), lang)) for lang in LANGS},
        ranking=_ranking(mapping(data, "ranking")),
        verdicts_given=_given(mapping(data, "verdicts")),
        places=per_lang(mapping(data, "window_places")),
        references=per_lang(references), articles=per_lang(mapping(references, "articles")),
        referred=_referred(references, windows),
        who_next=per_lang(mapping(data, "who_next")),
        phase_phrases=per_lang(mapping(data, "phase_phrases")),
        durations=per_lang(mapping(data, "durations")),
        jargon=_jargon(data),
        close=_close(data),
        moments={which: per_lang(mapping(mapping(data, "moments"), which)) for which in ("before", "after")},
    )


def _close(data: Located) -> float:
    """ask.yaml's `certainty: close:`, a share between 0 and 1 (1, never close, when absent)."""
    raw = data.get("certainty")
    if raw is None:
        return 1.0
    if not isinstance(raw, Located) or not isinstance(raw.get("close"), (int, float)) \
            or isinstance(raw.get("close"), bool) or not 0 < raw["close"] <= 1:
        raise data.fail("certainty", "certainty: close: the second paragraph's share of the first's score, "
                                     "a number above 0 and at most 1")
    return float(raw["close"])


def _jargon(data: Located) -> dict[str, tuple[tuple[str, str], ...]]:
    """ask.yaml's `jargon`: per language, each English form (folded) with the rules' words it is."""
    raw = data.get("jargon", [])
    if not isinstance(raw, LocatedList) or not all(isinstance(r, Located) and r.get("en") for r in raw):
        raise data.fail("jargon", "jargon: a list of {en: [forms], es: words, cs: words}")
    out: dict[str, list[tuple[str, str]]] = {lang: [] for lang in LANGS}
    for r in raw:
        for lang in LANGS:
            said = r.get(lang)
            if said is not None and not isinstance(said, str):
                raise r.fail(lang, f"jargon: {lang}: the Rules Reference's words, as text")
            if said:
                out[lang] += [(fold(form), said) for form in citing.str_list(r, "en")]
    return {lang: tuple(forms) for lang, forms in out.items()}


def _referred(raw: Located, windows: tuple[tuple[str, Phrases], ...]) -> str:
    """`window_references: window:`, one of the windows."""
    window = raw.get("window")
    if window not in {w for w, _ in windows}:
        raise raw.fail("window", f"window_references: window: one of the windows, not {window!r}")
    return str(window)


def _given(raw: Located) -> frozenset[str]:
    """ask.yaml's `verdicts: give:`, each one of VERDICT_KEYS."""
    given = citing.str_list(raw, "give")
    unknown = [k for k in given if k not in VERDICT_KEYS]
    if unknown:
        raise raw.fail("give", f"verdicts: give: unknown {unknown[0]!r} (one of {', '.join(VERDICT_KEYS)})")
    return frozenset(given)


def _ranking(raw: Located) -> dict[str, float]:
    """ask.yaml's `ranking: weights:`, one number per feature of FEATURES."""
    weights = raw.get("weights")
    if not isinstance(weights, Located):
        raise raw.fail("weights", "ranking: weights: a mapping of feature → number")
    unknown = [k for k in weights if k not in FEATURES]
    if unknown:
        raise weights.fail(unknown[0], f"ranking: unknown feature {unknown[0]!r} (one of {', '.join(FEATURES)})")
    if not all(isinstance(weights[k], (int, float)) for k in weights):
        raise raw.fail("weights", "ranking: weights: numbers")
    return {str(k): float(weights[k]) for k in weights}


def _idea_rules(data: Located) -> dict[str, tuple[str, ...]]:
    """The named rules of triggers.yaml each concept points to (`rules:`, optional)."""
    out = {}
    for raw in data.get("concepts") or []:
        if isinstance(raw, Located) and raw.get("rules") is not None:
            out[str(raw["name"])] = citing.str_list(raw, "rules")
    return out


# -- words ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Token:
    word: str                  # folded
    stems: frozenset[str]
    brk: bool                  # a clause starts here (after punctuation, or a conjunction)
    end: bool = False          # a sentence ends after it (? ! .)


@lru_cache(maxsize=65536)
def fold(word: str) -> str:
    return _fold_text(word)


def tokens(text: str, lang: str, breaks: frozenset[str] = frozenset()) -> tuple[Token, ...]:
    out: list[Token] = []
    brk = True
    for chunk in _SPLIT.split(text.lower()):
        if not chunk or chunk.isspace():
            continue
        if _PUNCT.fullmatch(chunk):
            brk = brk or chunk not in _QUOTES  # «vaya a» is quoted inside its clause
            if chunk in "?!." and out and not out[-1].end:
                out[-1] = replace(out[-1], end=True)
            continue
        for word in words(chunk):
            folded = fold(word)
            is_break = folded in breaks
            out.append(Token(folded, frozenset(stems(word, lang)), brk or is_break))
            brk = is_break
    return tuple(out)


@lru_cache(maxsize=4096)
def phrase_stems(phrase: str, lang: str) -> Stems:
    """What a phrase meets: its words by their stems (povinné reakce, povinných reakcí), but a
    phrase with a short word by its folded words as written: once stemmed, "mělo by" (would)
    is "by měl" (should) and "vaya a" is any "va a"."""
    found = words(phrase)
    if len(found) > 1 and any(len(w) <= 2 for w in found):
        return tuple(frozenset({fold(w)}) for w in found)
    return tuple(frozenset(stems(w, lang)) for w in found)


def find(seq: Sequence[Token], phrase: Stems) -> list[int]:
    """Where the phrase's words meet consecutive tokens."""
    n = len(phrase)
    if not n:
        return []
    head = phrase[0]
    return [i for i in range(len(seq) - n + 1)
            if (head & seq[i].stems or seq[i].word in head)
            and all(phrase[j] & seq[i + j].stems or seq[i + j].word in phrase[j] for j in range(1, n))]


def says(seq: Sequence[Token], phrases: Iterable[Stems]) -> bool:
    return any(find(seq, p) for p in phrases)


def analyzed(text: str, lang: str) -> list[str]:
    stop = stop_words(lang)
    return [s for w in words(text) if w not in stop for s in stems(w, lang)]


def loose(a: str, b: str, prefixes: tuple[str, ...] = ()) -> bool:
    """Two stems of one word family the stemmer leaves apart (Czech zrusil / zrusen), also when
    one is the other with a prefix of `prefixes` (kontroluj / zkontroluj), what is left of it
    at least PREFIXED_MIN letters (vyhrat is not hrat)."""
    if _shared_start(a, b):
        return True
    return any(_shared_start(x, b) for x in _bare(a, prefixes)) or any(_shared_start(x, a) for x in _bare(b, prefixes))


@lru_cache(maxsize=65536)
def _bare(word: str, prefixes: tuple[str, ...]) -> tuple[str, ...]:
    """The word without each prefix it starts with, where enough of it is left."""
    return tuple(word[len(p):] for p in prefixes if word.startswith(p) and len(word) - len(p) >= PREFIXED_MIN)


def _shared_start(a: str, b: str) -> bool:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n >= 4 and n >= min(len(a), len(b)) - 2


# -- the questions each paragraph answers (asked.yaml) ------------------------------------------

BANK_NAMED = 5    # the bank's best paragraphs for a question: `asked` is what brought them
BANK_MAX_BYTES = 8_000_000  # the project's own bank: thousands of questions, over a scenario's 1 MB
TRIGRAM = "~"     # marks a letter trigram among a bank question's terms, apart from the stems


@dataclass(frozen=True)
class Bank:
    """The questions each paragraph answers, in one language, as players put them at the table
    (glossary/<game>/asked.yaml), pooled by the paragraph they were written for into one text
    each and scored by BM25 (`bank_scores`). A question put in the words of some of them ("lo
    giro", "kdo hraje první") is likely decided by their paragraph, which need not say those
    words; pooled, a question like none of them still meets the words of several. Kept as
    postings, not vectors: `postings[term]` is flat, paragraph number then the number of its
    questions that say the term, for each paragraph that has one; `norms` is BM25's length term
    of each paragraph's pooled text, k1 · (1 − b + b · length / mean length)."""

    idf: dict[str, float] = field(hash=False)
    postings: dict[str, Sequence[int]] = field(hash=False)
    norms: tuple[float, ...]
    refs: tuple[tuple[str, int], ...]


Asked = tuple[str, str, str, int]  # a bank question: its words, language, entry id, paragraph


def asked_path(game: str, root: Path | None = None) -> Path:
    return (root or paths.glossary_root()) / game / "asked.yaml"


def load_asked(path: Path) -> tuple[Asked, ...]:
    """asked.yaml: the questions each paragraph answers, `{lang, id, para, q}` each, validated
    (`file:line: message`; tests/test_ask.py checks that the paragraphs exist)."""
    data = yamldata.load(path, max_bytes=BANK_MAX_BYTES)
    raw = data.get("questions")
    if not isinstance(raw, LocatedList):
        raise data.fail("questions", "questions: a list of {lang, id, para, q}")
    out = []
    for item, line in zip(raw, raw.lines):
        if not (isinstance(item, Located) and item.get("lang") in LANGS and isinstance(item.get("id"), str)
                and type(item.get("para")) is int and isinstance(item.get("q"), str) and item["q"].strip()):
            raise BadData(data.where, line,
                          f"each question is {{lang ({', '.join(LANGS)}), id (entry), para (number), q (text)}}")
        out.append((str(item["q"]), str(item["lang"]), str(item["id"]), int(item["para"])))
    return tuple(out)


def bank(asked: Iterable[Asked], lang: str) -> Bank:
    """The bank of the questions `asked` in `lang`, each by its bank_terms, pooled by paragraph."""
    pooled: dict[tuple[str, int], Counter[str]] = {}
    for text, in_lang, entry, para in asked:
        if in_lang == lang:
            pooled.setdefault((entry, para), Counter()).update(bank_terms(tokens(text, lang)))
    refs = tuple(pooled)
    postings: dict[str, list[int]] = {}
    for n, ref in enumerate(refs):
        for term, count in pooled[ref].items():
            postings.setdefault(term, []).extend((n, count))
    idf = _idf({t: len(found) // 2 for t, found in postings.items()}, len(refs))
    lengths = [sum(pooled[ref].values()) for ref in refs]
    mean = sum(lengths) / (len(lengths) or 1)
    norms = tuple(_length_norm(length, mean) for length in lengths)
    largest = max((n for found in postings.values() for n in found), default=0)
    kind = "H" if largest < 1 << 16 else "I"  # two bytes a number while they fit
    return Bank(idf, {t: array(kind, found) for t, found in postings.items()}, norms, refs)


def bank_terms(toks: Sequence[Token]) -> frozenset[str]:
    """What a question is matched to the bank's by: every stem it says, question words and
    function words too (how a question is put is part of what it asks: "kdo" and "quién"
    questions are decided by other paragraphs than "kdy" and "cuándo" ones), and the letter
    trigrams of each word as folded ("#pas", "pas", "aso", "so#"), which meet a misspelt,
    unaccented or otherwise inflected word where its stem does not (Czech above all). Chosen on
    the development sets in round 10, when the five most alike bank questions voted: the first
    vote was the justifying paragraph for 395 of 768 questions with the content stems, 438 with
    these (tests/ask/crossval.py)."""
    found = {s for t in toks for s in t.stems}
    for t in toks:
        word = f"#{t.word}#"
        found.update(TRIGRAM + word[i:i + 3] for i in range(max(1, len(word) - 2)))
    return frozenset(found)


def _idf(df: Mapping[str, int], n: int) -> dict[str, float]:
    """BM25's rarity of each term said by `df[term]` of `n` texts (paragraphs, or pooled questions)."""
    n = n or 1
    return {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}


def _length_norm(length: int, mean: float) -> float:
    """BM25's length term of a text (a paragraph, or a paragraph's pooled bank questions)."""
    k1, b = WEIGHTS["k1"], WEIGHTS["b"]
    return k1 * (1 - b + b * length / mean)


def bank_scores(query: Iterable[str], found: Bank) -> dict[tuple[str, int], float]:
    """Each paragraph's BM25 for `query` (a question's bank_terms, each counted once) over the
    bank's questions written for it, pooled."""
    k1 = WEIGHTS["k1"]
    score = [0.0] * len(found.refs)  # a list, not a dict: a common trigram's postings are long
    norms = found.norms
    for term in set(query):
        posting = found.postings.get(term)
        if posting:
            lift = found.idf[term] * (k1 + 1)
            for n, count in zip(posting[::2], posting[1::2]):
                score[n] += lift * count / (count + norms[n])
    return {found.refs[n]: s for n, s in enumerate(score) if s}


# -- what the project knows, in one language --------------------------------------------------

@dataclass(frozen=True)
class Paragraph:
    id: str
    para: int
    term: str
    step: str | None
    text: str
    tf: dict[str, int] = field(hash=False)
    length: int
    toks: tuple[Token, ...]
    who: str | None
    pairs: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True)
class Unit:
    """A named part of the data: a rule, a sequence step, a condition's phrase, a step."""

    kind: str            # rule | sequence | trigger | step
    name: str
    phrase: str
    terms: frozenset[str]
    lang: str
    cites: tuple[tuple[str, int], ...]
    steps: tuple[str, ...] = ()
    window: str | None = None
    open: bool = False
    negated: bool | None = None  # a rule's condition (before its colon) negated, None without one

    @property
    def words(self) -> tuple[frozenset[str], ...]:
        """The unit's words, each as its stems (a Czech word may have two)."""
        found = (frozenset(stems(w, self.lang)) & self.terms for w in words(self.phrase))
        return tuple(word for word in found if word)


@dataclass(frozen=True)
class Knowledge:
    game: str
    lang: str
    paragraphs: tuple[Paragraph, ...]
    idf: dict[str, float] = field(hash=False)
    avglen: float
    units: tuple[Unit, ...]
    window_of_cite: dict[tuple[str, int], str] = field(hash=False)
    step_of_window_cite: dict[tuple[str, int], str] = field(hash=False)
    phase_terms: dict[int, frozenset[str]] = field(hash=False)
    step_phase: dict[str, int] = field(hash=False)
    window_after: dict[str, str] = field(hash=False)
    phase_window: dict[int, tuple[str, str]] = field(hash=False)
    windows_in_phase: dict[int, int] = field(hash=False, default_factory=dict)
    window_before: dict[str, str] = field(hash=False, default_factory=dict)  # step → the last action window before it in its phase
    step_of_cite: dict[tuple[str, int], str] = field(hash=False, default_factory=dict)
    window_rules: dict[str, frozenset[tuple[str, int]]] = field(hash=False, default_factory=dict)
    window_who: dict[str, str] = field(hash=False, default_factory=dict)  # who starts a window, see _window_who
    prefixes: tuple[str, ...] = ()
    heads: dict[str, tuple[str, ...]] = field(hash=False, default_factory=dict)  # see _heads
    bank: Bank | None = None  # the questions each paragraph answers (asked.yaml), in this language
    # ask.yaml `phase_phrases`: each phrase, and the stems of its last word, which name its phase only in it
    phase_phrases: tuple[tuple[Stems, frozenset[str]], ...] = ()

    def family(self, term: str) -> list[str]:
        """The stems of the paragraphs of `term`'s word family, but not `term` (see `loose`)."""
        near = {d for x in (term, *_bare(term, self.prefixes)) for d in self.heads.get(x[:4], ())}
        return [d for d in near if d != term and loose(term, d, self.prefixes)]


def knowledge(source: Iterable[Entry], framework: Framework, catalogue: Catalogue, vocab: Vocabulary,
              lang: str, bank: Bank | None = None) -> Knowledge:
    """Everything `ask` retrieves over, for one game and language, with the bank of the
    questions each paragraph answers (asked.yaml)."""
    game = catalogue.game
    paragraphs = tuple(_paragraphs(source, game, lang, vocab))
    df: Counter[str] = Counter()
    for p in paragraphs:
        df.update(p.tf)
    idf = _idf(df, len(paragraphs))
    avglen = sum(p.length for p in paragraphs) / (len(paragraphs) or 1)
    units: list[Unit] = []
    window_of_cite: dict[tuple[str, int], str] = {}
    for name, rule in catalogue.rules.items():
        units.append(Unit("rule", name, rule.text[lang], frozenset(analyzed(rule.text[lang], lang)), lang,
                          _refs(rule.cites, lang), open=rule.open,
                          negated=_condition_negated(rule.text[lang], vocab, lang)))
    for seq in catalogue.sequence:
        label = catalogue.labels[lang][seq.kind]
        units.append(Unit("sequence", seq.kind, label, frozenset(analyzed(label, lang)), lang, _refs(seq.cites, lang),
                          window=seq.kind))
        for ref in _refs(seq.cites, lang):
            window_of_cite.setdefault(ref, seq.kind)
    for trig in catalogue.triggers:
        for phrase in (*trig.phrases[lang], trig.title[lang]):
            units.append(Unit("trigger", trig.id, phrase, frozenset(analyzed(phrase, lang)), lang, _refs(trig.cites, lang),
                              steps=trig.steps))
    titles = {num: frozenset(analyzed(title[lang], lang)) for num, title in framework.phases.items()}
    common = frozenset.intersection(*titles.values()) if titles else frozenset()
    windows = Counter(item.kind for item in framework.items if item.is_window)
    step_of_window_cite: dict[tuple[str, int], str] = {}
    step_phase: dict[str, int] = {}
    window_after: dict[str, str] = {}
    phase_window: dict[int, tuple[str, str]] = {}
    entries = {(e.id): e for e in source if e.game == game and e.lang == lang}
    for item in framework.items:
        if item.is_window:
            after = item.id.removeprefix("after-")
            window_after[after] = item.kind
            phase_window.setdefault(item.phase, (item.kind, after))
            for ref in _refs(item.cites, lang):
                window_of_cite.setdefault(ref, item.kind)
                if windows[item.kind] == 1:  # the one special window: its entry names its step
                    step_of_window_cite[ref] = after
            continue
        step_phase[item.id] = item.phase
        entry = entries.get(item.entry or "")
        if entry is not None:
            own = frozenset(analyzed(_NUMBER_PREFIX.sub("", entry.term), lang)) - titles.get(item.phase, frozenset())
            units.append(Unit("step", item.id, entry.term, own, lang, ((entry.id, 1),), steps=(item.id,)))
    rules = _window_rules(window_of_cite)
    return Knowledge(game, lang, paragraphs, idf, avglen, tuple(units), window_of_cite, step_of_window_cite,
                     {num: terms - common for num, terms in titles.items()}, step_phase, window_after, phase_window,
                     dict(Counter(item.phase for item in framework.items if item.is_window)), _window_before(framework),
                     _step_of_cite(framework, catalogue, paragraphs, lang), rules, _window_who(rules, paragraphs),
                     vocab.prefixes[lang], _heads(idf, vocab.prefixes[lang]),
                     bank, tuple((phrase_stems(p, lang), frozenset(stems(words(p)[-1], lang)))
                                 for p in vocab.phase_phrases[lang]))


def _heads(terms: Iterable[str], prefixes: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Terms by their first four letters, and by those of each form without a prefix: `loose`
    only joins terms that share them, so a question's word is compared with these alone."""
    out: dict[str, list[str]] = {}
    for term in terms:
        for form in {term, *_bare(term, prefixes)}:
            out.setdefault(form[:4], []).append(term)
    return {head: tuple(found) for head, found in out.items()}


def _window_before(framework: Framework) -> dict[str, str]:
    """Each step's last action window before it in its phase, by the step that window follows
    (4.2.1: the window after 4.2; 4.2.3: the window after 4.2.1)."""
    out: dict[str, str] = {}
    last: tuple[int, str] | None = None
    for item in framework.items:
        if item.is_window:
            if item.kind == "action-window":
                last = (item.phase, item.id.removeprefix("after-"))
        elif last is not None and last[0] == item.phase:
            out[item.id] = last[1]
    return out


def _window_rules(window_of_cite: dict[tuple[str, int], str]) -> dict[str, frozenset[tuple[str, int]]]:
    """The paragraphs that rule each window or sequence step (what the data cites for it)."""
    out: dict[str, set[tuple[str, int]]] = {}
    for ref, window in window_of_cite.items():
        out.setdefault(window, set()).add(ref)
    return {window: frozenset(refs) for window, refs in out.items()}


def _window_who(rules: dict[str, frozenset[tuple[str, int]]], paragraphs: Sequence[Paragraph]) -> dict[str, str]:
    """Who acts first in each window, as the first (by entry and number) of the paragraphs that
    rule it and name someone says (framework.yaml's window cites, the sequence's steps): the
    answer's who for a question whose paragraphs name no one (a who-question's five best,
    another's justifying one): "tiene una reacción obligada y yo una normal, ¿puedo reaccionar
    yo antes?" is in the forced reactions, whose order the first player decides."""
    named = {(p.id, p.para): p.who for p in paragraphs if p.who}
    return {window: named[ref] for window, refs in rules.items()
            if (ref := min((r for r in refs if r in named), default=None))}


def _step_of_cite(framework: Framework, catalogue: Catalogue, paragraphs: Sequence[Paragraph],
                  lang: str) -> dict[tuple[str, int], str]:
    """The framework step a paragraph belongs to, as the data cites it: a step's own cites and
    its substeps'; the one step of a condition that cites it (military-claim ¶1: 4.2.4); a
    named rule whose cites name one such step lends it to its other cites (the keywords: 4.2.5);
    and the other paragraphs of an entry whose cited paragraphs all agree on one step, but not a
    paragraph that a sequence step or a rule of no step cites (first-player ¶4: any time), nor
    a keyword's that resolves on a condition of its own (bestow).
    Paragraphs the data ties to no step, or to several, have none."""
    found: dict[tuple[str, int], set[str]] = {}

    def add(refs: Iterable[tuple[str, int]], step: str) -> None:
        for ref in refs:
            found.setdefault(ref, set()).add(step)

    for item in framework.items:
        if not item.is_window:
            add(_refs(item.cites, lang), item.id)
            for sub in item.substeps:
                add(_refs(sub.cites, lang), item.id)
    for trig in catalogue.triggers:
        steps = {s.removeprefix("after-") for s in trig.steps}
        if len(steps) == 1:
            add(_refs(trig.cites, lang), steps.pop())
    own = {(p.id, p.para): p.step for p in paragraphs if p.step}
    for ref, step in own.items():
        add([ref], step)
    single = {ref: next(iter(steps)) for ref, steps in found.items() if len(steps) == 1}
    general = {ref for seq in catalogue.sequence for ref in _refs(seq.cites, lang)}  # any time
    # a keyword that resolves on its condition (bestow) is at that condition's step, not 4.2.5
    on_condition = {k.id for k in catalogue.keywords.values() if k.trigger is not None}
    general |= {(p.id, p.para) for p in paragraphs if p.id in on_condition}
    rules = [_refs(rule.cites, lang) for rule in catalogue.rules.values()]
    lent = [{single[r] for r in refs if r in single} for refs in rules]
    general |= {ref for refs, steps in zip(rules, lent) if not steps for ref in refs}
    for refs, steps in zip(rules, lent):
        if len(steps) == 1:
            for ref in refs:
                if ref not in general:
                    single.setdefault(ref, next(iter(steps)))
    by_entry: dict[str, set[str]] = {}
    for (entry_id, _), steps in found.items():
        by_entry.setdefault(entry_id, set()).update(steps)
    for p in paragraphs:
        steps = by_entry.get(p.id, set())
        if len(steps) == 1 and (p.id, p.para) not in general:
            single.setdefault((p.id, p.para), next(iter(steps)))
    return single


def _paragraphs(source: Iterable[Entry], game: str, lang: str, vocab: Vocabulary) -> Iterable[Paragraph]:
    for entry in source:
        if entry.game != game or entry.lang != lang or entry.kind == "redirect":
            continue
        head = analyzed(_NUMBER_PREFIX.sub("", entry.term), lang)
        stop = stop_words(lang)
        for block in entry.blocks:
            toks = tokens(block.text, lang)
            terms = [s for t in toks if t.word not in stop for s in t.stems] + head
            yield Paragraph(entry.id, block.n, entry.term, entry.step, block.text, dict(Counter(terms)), len(terms),
                            toks, _who(toks, vocab, lang), _pairs([t for t in toks if t.word not in stop]))


def _pairs(toks: Sequence[Token]) -> frozenset[tuple[str, str]]:
    """Adjacent content words, by stem: "dejan de participar" meets its own paragraph."""
    return frozenset((a, b) for x, y in zip(toks, toks[1:]) for a in x.stems for b in y.stems)


def _refs(cites: Iterable[citing.CiteRef], lang: str) -> tuple[tuple[str, int], ...]:
    return tuple((c.id, dict(c.paras)[lang]) for c in cites if lang in dict(c.paras))


def _who(toks: Sequence[Token], vocab: Vocabulary, lang: str) -> str | None:
    """Who a paragraph names as acting or deciding first: the first who-phrase it says."""
    for name, phrases in vocab.who:
        if says(toks, (phrase_stems(p, lang) for p in phrases[lang])):
            return name
    return None


def _who_next(who: str | None, toks: Sequence[Token], best: Sequence[Paragraph], vocab: Vocabulary,
              lang: str) -> str | None:
    """Player order, where the question asks who comes next ("el jugador inicial pasa, ¿a quién
    le toca?") and one of the best paragraphs says that play goes on in player order; the first
    player that paragraph names is who starts, which the question already knows."""
    if who != "first-player" or not says(toks, (phrase_stems(p, lang) for p in vocab.who_next[lang])):
        return who
    order = next((phrases[lang] for name, phrases in vocab.who if name == "player-order"), ())
    goes_on = any(says(p.toks, (phrase_stems(w, lang) for w in order)) for p in best)
    return "player-order" if goes_on else who


# -- reading a question -----------------------------------------------------------------------

def check_question(question: str) -> str:
    """The question, stripped; a clear usage error for one that cannot be a question."""
    text = question.strip()
    if not text:
        raise UsageProblem("the question is empty: ask it in Spanish or Czech, e.g. "
                           "judge ask \"¿cuándo puedo usar una reacción?\"")
    if len(text) > MAX_CHARS:
        raise UsageProblem(f"the question is {len(text)} characters long; ask one question of at most "
                           f"{MAX_CHARS} characters")
    if not words(text):
        raise UsageProblem("the question has no words, only punctuation or symbols")
    return text


@dataclass(frozen=True)
class Reading:
    kinds: tuple[str, ...]
    asked: frozenset[int]          # tokens that are question words, not content
    cue: str | None                # the window the question's words name
    ideas: tuple[str, ...]         # the ideas (windows, concepts) its words name
    asking: frozenset[int] = frozenset()  # tokens of the sentences that ask (see _asking_tokens)
    cue_asked: bool = False        # the cue is said in a sentence that asks


def read(toks: Sequence[Token], vocab: Vocabulary, lang: str) -> Reading:
    found: list[str] = []
    asked: set[int] = set()
    wh: list[tuple[int, int]] = []  # (start, end) of each question word
    for kind in ("whatif", "window", "who", "when"):
        hits = _hits(toks, vocab.kinds[kind][lang], lang)
        if hits:
            found.append(kind)
            wh += [(i, i + n) for i, n in hits]
            asked |= {i + j for i, n in hits for j in range(n)}
    # A sentence with no question word asks for a verdict; so does one whose yes/no verb comes
    # before its question word ("¿el rival puede ver cuál he escogido?") or well after it
    # ("cuando anulan un efecto, ¿se pueden jugar más interrupciones?").
    yes = [i for i, _ in _hits(toks, vocab.kinds["yesno"][lang], lang)]
    sentences = _sentences(toks)
    for start, end in sentences:
        asks = [(a, b) for a, b in wh if start <= a < end]
        verbs = [i for i in yes if start <= i < end]
        if not asks or any(i < asks[0][0] or i > asks[0][1] + 1 for i in verbs):
            found.append("yesno")
        elif _and_clause_asks(toks, start, end, asks, vocab.and_words[lang]):
            found.append("yesno")
    cue, at = _cue(toks, vocab, lang)
    ideas = [cue] if cue else []
    for name, phrases in vocab.concepts:
        unless = {i + j for i, n in _hits(toks, vocab.idea_unless.get(name, {}).get(lang, ()), lang) for j in range(n)}
        if any(i not in asked and i not in unless for i, _ in _hits(toks, phrases[lang], lang)):
            ideas.append(name)
    asking = _asking_tokens(sentences, asked)
    return Reading(tuple(k for k in KINDS if k in found), frozenset(asked), cue, tuple(ideas), asking,
                   any(i in asking for i in at))


def _cue(toks: Sequence[Token], vocab: Vocabulary, lang: str) -> tuple[str | None, tuple[int, ...]]:
    """The window the question's words name: of the cues not negated, the first kind (ask.yaml
    `windows`, most specific first) said as an ability; a kind said only as a place ("en la
    ventana de acción") after those; a cue said as a point in time ("después de las
    reacciones", nor the cues within its words); a question whose only cues are such points of
    the triggering-condition sequence, `window_references`'s."""
    negs = vocab.negation_words[lang]
    place_hits = _hits(toks, vocab.places.get(lang, ()), lang)
    placed = {i + n for i, n in place_hits} | {i for i, _ in place_hits}
    ends = {i + n for i, n in _hits(toks, vocab.references.get(lang, ()), lang)}
    articles = frozenset(fold(w) for w in vocab.articles.get(lang, ()))

    def after_point(i: int) -> bool:  # "después de (las) …": word i is said as a point in time
        return i in ends or (i - 1 in ends and toks[i - 1].word in articles)

    # "después de la ventana de reacción": the place said as a point in time, so is its cue
    ends |= {i + n for i, n in place_hits if after_point(i)}
    said: list[tuple[bool, int, int]] = []  # (said only as a place, the kind's rank, where) of each cue read
    referred = False
    points: set[int] = set()  # the words of cues said as a point in time ("po povinných reakcích")
    hits = sorted((i, n, rank_) for rank_, (_, phrases) in enumerate(vocab.windows)
                  for i, n in _hits(toks, phrases[lang], lang))
    forced = [i for i, _, rank_ in hits if vocab.windows[rank_][0] == "forced-interrupts"]
    for i, n, rank_ in hits:
        if _negated(toks, i, negs):
            continue
        if vocab.windows[rank_][0] == "would-interrupts" and _in_ability(toks, i, forced):
            continue  # «Interrupción obligada: cuando vaya a …» is a forced interrupt, not a "would" one
        if after_point(i) or i in points:
            points.update(range(i, i + n))
            referred = referred or vocab.windows[rank_][0] in SEQUENCE_WINDOWS
            continue
        said.append((i in placed, rank_, i))
    if said:
        _, rank_, _ = min(said)
        return vocab.windows[rank_][0], tuple(i for _, r, i in said if r == rank_)
    return (vocab.referred if referred else None), ()


def _in_ability(toks: Sequence[Token], at: int, labels: Iterable[int]) -> bool:
    """Whether token `at` is in the condition of an ability whose label is at one of `labels`:
    within ABILITY_REACH tokens after it, in the same sentence."""
    return any(label < at <= label + ABILITY_REACH and not any(t.end for t in toks[label:at]) for label in labels)


def _asking_tokens(sentences: Sequence[tuple[int, int]], asked: Iterable[int]) -> frozenset[int]:
    """The tokens of the sentences that ask: the last, and any with a question word (a
    question typed without "?" still asks in its last sentence)."""
    words = set(asked)
    return frozenset(i for n, (start, end) in enumerate(sentences)
                     if n == len(sentences) - 1 or any(start <= w < end for w in words) for i in range(start, end))


def _and_clause_asks(toks: Sequence[Token], start: int, end: int, asks: list[tuple[int, int]],
                     ands: tuple[str, ...]) -> bool:
    """A clause joined by "and" after the question word, with no question word of its own, asks
    for a verdict ("¿cuándo se roban las cartas y las roban todos a la vez?")."""
    joins = [i for i in range(asks[0][1], end) if toks[i].word in ands and i > start]
    return bool(joins) and not any(a >= joins[-1] for a, _ in asks)


def _sentences(toks: Sequence[Token]) -> list[tuple[int, int]]:
    """Token spans of the question's sentences (they end at ? ! or .)."""
    spans, start = [], 0
    for i, t in enumerate(toks):
        if t.end and i + 1 > start:
            spans.append((start, i + 1))
            start = i + 1
    if start < len(toks):
        spans.append((start, len(toks)))
    return spans


def _hits(toks: Sequence[Token], phrases: Iterable[str], lang: str) -> list[tuple[int, int]]:
    out = []
    for phrase in phrases:
        ps = phrase_stems(phrase, lang)
        out += [(i, len(ps)) for i in find(toks, ps)]
    return out


def _negated(toks: Sequence[Token], at: int, negs: frozenset[str], reach: int = 4) -> bool:
    """A negation before `at` in its clause ("una interrupción que no dice «vaya a»")."""
    if toks[at].brk:
        return False
    for i in range(at - 1, max(-1, at - 1 - reach), -1):
        if toks[i].word in negs:
            return True
        if toks[i].brk:
            break
    return False


# -- ranking the paragraphs: features, and weights learned on the development sets --------------

# What a paragraph has for a question, each scaled so that the best paragraph's BM25 is 1:
# its words (`bm25`), the named parts of the data the question meets that cite it (per kind of
# part, by how well it is met, less for a later cite and a part met less well), the ideas it
# says, the rule an idea names, who it names (and whether it rules the window named), its
# framework step for a when-question, the question's adjacent word pairs it says, an open rule's
# cites, the share of the question's words (by rarity) it says (`cover`), how much of the
# question its entry's title says and how much its entry's paragraphs together say (`title`,
# `entry`, each against the entry that says most), whether it opens its entry (`first`) and
# whether its step is in the phase the question names (`phase`), the BM25 of the bank's
# questions written for it, pooled, against the best paragraph's (`asked`, see Bank), and,
# negative, the cites of a rule the question meets whose condition is negated where the
# question's is not, or the reverse (`contrary`: they rule the other case). ask.yaml's
# `ranking` weighs them.
FEATURES = ("bm25", "rule", "sequence", "trigger", "step", "idea", "idea-rule", "who", "who-window", "when",
            "pair", "undecided", "cover", "title", "entry", "first", "phase", "asked", "contrary")
ENTRY_NEAR = 0.3   # an entry whose best paragraph's BM25 is below this share of the best's adds nothing


@dataclass
class Features:
    """A question's features of every paragraph that has one (sparse), and what brought it."""

    size: int
    top: float
    values: dict[str, dict[int, float]]
    why: dict[int, str]
    undecided: str | None


def features(asked: Question, kept: list[tuple[float, Unit]], known: Knowledge, vocab: Vocabulary,
             catalogue: Catalogue, lang: str) -> Features:
    """The features of every paragraph that has one for the question (see FEATURES)."""
    toks, reading, query, scores, top = asked.toks, asked.reading, asked.query, asked.scores, asked.top
    values: dict[str, dict[int, float]] = {f: {} for f in FEATURES}
    why: dict[int, str] = {}

    def add(feature: str, i: int, value: float, source: str | None = None, override: bool = False) -> None:
        values[feature][i] = values[feature].get(i, 0.0) + value
        if source and (override or i not in why):
            why[i] = source

    values["bm25"] = {i: s / top for i, s in enumerate(scores) if s}
    index = {(p.id, p.para): i for i, p in enumerate(known.paragraphs)}
    asked_no = _denies(_unnamed(toks, vocab, lang), vocab, lang)
    for rank_, (cover, unit) in enumerate(kept):
        # "si la primera parte no se resuelve" meets then-attempted too, whose cites rule the other case
        contrary = unit.kind == "rule" and _mismatched(unit, asked_no)
        for j, ref in enumerate(unit.cites):
            if ref in index and contrary:
                add("contrary", index[ref], -cover / (1 + j) / (1 + rank_))
            elif ref in index:
                add(unit.kind, index[ref], cover / (1 + j) / (1 + rank_), f"{unit.kind}:{unit.name}")
    for idea in reading.ideas:
        table = vocab.windows if idea == reading.cue else vocab.concepts
        phrases = [phrase_stems(p, lang) for name, ph in table if name == idea for p in ph[lang]]
        for i, p in enumerate(known.paragraphs):
            if says(p.toks, phrases):
                add("idea", i, 1.0, f"idea:{idea}")
        for name in vocab.idea_rules.get(idea, ()):  # the rule the idea names: what it cites
            rule = catalogue.rules.get(name)
            for j, ref in enumerate(_refs(rule.cites, lang) if rule else ()):
                if ref in index:
                    add("idea-rule", index[ref], 1 / (1 + j), f"rule:{name}", override=True)
    if "who" in reading.kinds:
        ruled = known.window_rules.get(reading.cue or "", frozenset())
        for i, p in enumerate(known.paragraphs):
            if p.who:  # who acts first in the window the question names: what rules that window says
                add("who", i, 1.0)
                if (p.id, p.para) in ruled:
                    add("who-window", i, 1.0)
    if "when" in reading.kinds:  # a when-question is answered by a framework step
        for i, p in enumerate(known.paragraphs):
            if p.step:
                add("when", i, 1.0)
    stop = stop_words(lang)
    pairs = _pairs([t for i, t in enumerate(toks) if i not in reading.asked and t.word not in stop])
    if pairs:
        for i, p in enumerate(known.paragraphs):
            met = pairs & p.pairs
            if met:
                add("pair", i, len(met) / len(pairs))
    undecided = _undecided(toks, vocab, catalogue, lang)
    if undecided:  # the open rule's cites justify "the Rules Reference does not decide"
        for j, ref in enumerate(_refs(catalogue.rules[undecided].cites, lang)):
            if ref in index:
                add("undecided", index[ref], 1 / (1 + j), f"rule:{undecided}", override=True)
    _entry_features(values, query, scores, top, known, asked.phase)
    if known.bank is not None:  # the bank's BM25, as a share of the best paragraph's
        said = bank_scores(bank_terms(toks), known.bank)
        named = set(heapq.nsmallest(BANK_NAMED, said, key=lambda ref: (-said[ref], ref)))
        best = max(said.values(), default=0.0)
        for ref, score in said.items():
            if ref in index:
                add("asked", index[ref], score / best, "asked" if ref in named else None)
    return Features(len(scores), top, values, why, undecided)


def _entry_features(values: dict[str, dict[int, float]], query: Counter[str], scores: list[float], top: float,
                    known: Knowledge, phase: int | None) -> None:
    """`cover`, `title`, `entry`, `first` and `phase` (see FEATURES). A word of the question
    meets a word of its family (`loose`) at WEIGHTS["loose"]."""
    family = {t: [(t, 1.0)] + [(d, WEIGHTS["loose"]) for d in known.family(t)] for t in query}
    mass = sum(known.idf.get(t, 0.0) for t in query) or 1.0

    def said(terms: Iterable[str] | dict[str, int]) -> float:
        return sum(max((w * known.idf.get(d, 0.0) for d, w in family[t] if d in terms), default=0.0) for t in query)

    for i, s in enumerate(scores):
        if s:
            values["cover"][i] = said(known.paragraphs[i].tf) / mass
    entries = _entries(known)
    matched = {e: said(terms) for e, terms in entries.items()}
    best = max(matched.values(), default=0.0) or 1.0
    titles = {e: said(_title_terms(known.paragraphs[rows[0]].term, known.lang)) for e, rows in _rows(known).items()}
    title_best = max(titles.values(), default=0.0) or 1.0
    for i, p in enumerate(known.paragraphs):
        near = matched[p.id] / best
        if near < ENTRY_NEAR:
            continue
        values["entry"][i] = near
        if titles[p.id]:
            values["title"][i] = titles[p.id] / title_best
        if p.para == 1:
            values["first"][i] = 1.0
        step = p.step or known.step_of_cite.get((p.id, p.para))
        if phase is not None and step is not None and known.step_phase.get(step) == phase:
            values["phase"][i] = 1.0


_BY_ENTRY: dict[int, tuple[Knowledge, dict[str, frozenset[str]], dict[str, list[int]]]] = {}


def _rows(known: Knowledge) -> dict[str, list[int]]:
    """The paragraphs of each entry, by index (made once per index, in this process)."""
    return _entry_index(known)[1]


def _entries(known: Knowledge) -> dict[str, frozenset[str]]:
    """The words (stems) of each entry's paragraphs together."""
    return _entry_index(known)[0]


def _entry_index(known: Knowledge) -> tuple[dict[str, frozenset[str]], dict[str, list[int]]]:
    held = _BY_ENTRY.get(id(known))
    if held is None or held[0] is not known:
        rows: dict[str, list[int]] = {}
        for i, p in enumerate(known.paragraphs):
            rows.setdefault(p.id, []).append(i)
        terms = {e: frozenset(t for i in found for t in known.paragraphs[i].tf) for e, found in rows.items()}
        held = _BY_ENTRY[id(known)] = (known, terms, rows)
    return held[1], held[2]


@lru_cache(maxsize=4096)
def _title_terms(term: str, lang: str) -> frozenset[str]:
    return frozenset(analyzed(_NUMBER_PREFIX.sub("", term), lang))


def rank(found: Features, weights: dict[str, float]) -> list[float]:
    """Each paragraph's score: its features weighed (`weights`, ask.yaml's `ranking`)."""
    out: dict[int, float] = {}
    for feature, column in found.values.items():
        w = weights.get(feature, 0.0)
        if w:
            for i, v in column.items():
                out[i] = out.get(i, 0.0) + w * v
    return [out.get(i, 0.0) for i in range(found.size)]


# -- answering ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Question:
    """A question read: its tokens, what it asks, the phase it names (if one), its content words
    and their BM25 per paragraph, and the tokens that say a lasting effect's duration."""

    text: str
    toks: tuple[Token, ...]
    reading: Reading
    phase: int | None
    query: Counter[str] = field(hash=False)
    scores: list[float] = field(hash=False)
    lasting: frozenset[int] = frozenset()

    @property
    def top(self) -> float:
        return max(self.scores, default=0.0)


def question_of(text: str, lang: str, known: Knowledge, vocab: Vocabulary) -> Question:
    text = check_question(text)
    breaks = frozenset(fold(w) for w in vocab.clause_breaks[lang])
    written = tokens(text, lang, breaks)
    _check_language(written, known, vocab, lang)  # an English question is not made Spanish by its jargon
    toks = _rules_words(written, vocab.jargon.get(lang, ()), lang)
    reading = read(toks, vocab, lang)
    query = _content(toks, reading, lang)
    told = _told(text, query, vocab, lang)
    return Question(text, toks, reading, _phase(toks, known), query, _bm25(known, query, told),
                    _lasting(toks, vocab.durations[lang], lang))


def _rules_words(toks: tuple[Token, ...], jargon: Sequence[tuple[str, str]], lang: str) -> tuple[Token, ...]:
    """The question with each English table word ("FP", "kneelear"; ask.yaml `jargon`) read as
    the Rules Reference's words in its place ("jugador inicial", "arrodillar")."""
    out: list[Token] = []
    for tok in toks:
        said = next((words_ for form, words_ in jargon
                     if tok.word == form or (form.endswith("*") and tok.word.startswith(form[:-1]))), None)
        if said is None:
            out.append(tok)
            continue
        put = list(tokens(said, lang))
        put[0] = replace(put[0], brk=tok.brk)
        put[-1] = replace(put[-1], end=tok.end)
        out += put
    return tuple(out)


def _told(text: str, query: Counter[str], vocab: Vocabulary, lang: str) -> frozenset[str]:
    """The content words said only in the situation a question tells ("tengo un lugar … mi rival
    ataca …"), not in the sentences that ask ("¿puedo usarlo ahora?"); none when no sentence asks
    or every one does."""
    sentences = [s for s in _QUESTION_SENTENCE.split(text.strip()) if s.strip()]
    asking = [s for s in sentences if s.rstrip().endswith("?")]
    if not asking or len(asking) == len(sentences):
        return frozenset()
    jargon = vocab.jargon.get(lang, ())
    asked = {stem for s in asking for tok in _rules_words(tokens(s, lang), jargon, lang) for stem in tok.stems}
    return frozenset(word for word in query if word not in asked)


def _lasting(toks: Sequence[Token], durations: Sequence[str], lang: str) -> frozenset[int]:
    """The tokens of the question's durations (ask.yaml `durations`: "hasta el final de", "do konce")."""
    found: set[int] = set()
    for phrase in durations:
        said = phrase_stems(phrase, lang)
        for start in find(toks, said):
            found.update(range(start, start + len(said)))
    return frozenset(found)


def _content(toks: Sequence[Token], reading: Reading, lang: str) -> Counter[str]:
    """A question's content words (stems): not its question words, not function words."""
    stop = stop_words(lang)
    return Counter(s for i, t in enumerate(toks) if i not in reading.asked and t.word not in stop for s in t.stems)


def answer(question: str, lang: str, known: Knowledge, vocab: Vocabulary, framework: Framework,
           catalogue: Catalogue, source: EntrySource) -> Answer:
    asked = question_of(question, lang, known, vocab)
    question, reading, top = asked.text, asked.reading, asked.top
    if top < MIN_SCORE:  # a stray shared word ("color") is no answer: say so, show the closest
        scores = asked.scores
        order = sorted(range(len(scores)), key=lambda i: -scores[i])[:3] if top > 0 else []
        closest = tuple(Evidence(_cite(source, known.game, lang, known.paragraphs[i]), round(scores[i], 2), "words",
                                 known.paragraphs[i].text) for i in order)
        return Answer(question, lang, (), None, tuple(e.cite for e in closest), reading.kinds, evidence=closest)
    kept = _units(known, set(asked.query))
    found = features(asked, kept, known, vocab, catalogue, lang)
    undecided = found.undecided
    scores = rank(found, vocab.ranking)
    why = found.why
    order = sorted(range(len(scores)), key=lambda i: -scores[i])[:EVIDENCE]
    best = known.paragraphs[order[0]]
    nearly = len(order) > 1 and scores[order[1]] >= STEP_NEAR * scores[order[0]]
    near = known.paragraphs[order[1]] if nearly else None  # it lends its step to a first paragraph with none
    step = _step(asked, known, best, kept, near, [known.paragraphs[i] for i in order[:AGREED_TOP]])
    window, step = _window(reading.cue, known, best, kept, step, asked.phase, "who" in reading.kinds,
                           reading.cue_asked)
    if window == "action-window":
        step = _moment_window(asked, known, vocab, lang, step) or step
    if step is None:  # after the window: a step read so loosely does not rename it
        # with a phase named, the first of the evidence with a step in it; with none, the second's
        # only: "kdo začíná v okně reakcí?" is of no step, not of the fifth paragraph's (3.2)
        others = order[1:] if asked.phase is not None else order[1:2]
        step = next(filter(None, (_runner_up_step(known.paragraphs[i], known, asked.phase) for i in others)), None)
    verdict, basis, stance = _decide(asked, [known.paragraphs[i] for i in order], kept, undecided, known, vocab, lang)
    evidence = tuple(Evidence(_cite(source, known.game, lang, known.paragraphs[i]), round(scores[i] * top, 2),
                              why.get(i) or "words", known.paragraphs[i].text) for i in order)
    matches = tuple(AskMatch(u.name, _title(catalogue, u.name, lang), _trigger_step(u, step), window or "",
                             cover, u.phrase) for cover, u in kept if u.kind == "trigger")
    who = best.who  # what the justifying paragraph says of who acts or decides, asked or not
    if "who" in reading.kinds:  # a who-question: the first paragraph of the evidence that names who
        who = next((known.paragraphs[i].who for i in order if known.paragraphs[i].who), None)
        who = _who_next(who, asked.toks, [known.paragraphs[i] for i in order], vocab, lang)
    from_window = known.window_who.get(window or "") if who is None else None  # no paragraph named anyone: the window's rules do
    who = who or from_window
    told = f"how-{window}" in catalogue.labels[lang]  # the window's line already says who starts
    text = _text(vocab.labels[lang], catalogue.labels[lang], framework, source, lang, verdict, step, window,
                 None if from_window and told else who, withheld=basis is not None and verdict is None)
    scenario = _scenario(catalogue.game, lang, step, matches) if matches and \
        ({"whatif", "window", "when"} & set(reading.kinds)) else None
    certainty = "close" if len(order) > 1 and scores[order[1]] >= vocab.close * scores[order[0]] else "clear"
    return Answer(question, lang, matches, text, tuple(e.cite for e in evidence), reading.kinds, verdict, step,
                  window, who, _next(framework, step), evidence, scenario, basis, stance, certainty)


def _decide(asked: Question, evidence: list[Paragraph], kept: list[tuple[float, Unit]], undecided: str | None,
            known: Knowledge, vocab: Vocabulary, lang: str) -> tuple[str | None, str | None, str | None]:
    """The verdict, what it rests on and the stance of that (see _stance): an open rule met
    ("open", `open`); for a yes/no question, the named rule that cites the justifying paragraph
    and says the question best (`rule:NAME`), else the best sentence of the best paragraphs
    (`paragraph`). The verdict is said only where ask.yaml's `verdicts: give` lists the basis
    and stance ("rule-denies"…; since round 8 only "open": the others were no better than a
    constant answer on fresh held-out sets); then it is None and the answer says the verdict is
    in the paragraphs cited."""
    toks = asked.toks
    if undecided or any(u.open and cover >= OPEN_MIN for cover, u in kept):
        basis, stance = "open", "open"
    elif "yesno" not in asked.reading.kinds:
        return None, None, None  # only a choice the Rules Reference leaves open is said unasked
    else:
        ruling = _ruling(toks, evidence[0], known, vocab, lang)
        if ruling:
            basis, stance = f"rule:{ruling[1].name}", _stance(_consequence(ruling[1], lang), toks, vocab, lang)
        else:
            basis, stance = "paragraph", _verdict(toks, evidence, known, kept, vocab, lang)
    verdict = {"open": "open", "denies": "no"}.get(stance, "yes")
    key = "open" if stance == "open" else f"{basis.split(':')[0]}-{stance}"
    return (verdict if key in vocab.verdicts_given else None), basis, stance


def _undecided(toks: Sequence[Token], vocab: Vocabulary, catalogue: Catalogue, lang: str) -> str | None:
    """The open rule (one the Rules Reference does not decide) whose every group of words the
    question says, not negated ("povinné přerušení, bez «mělo by»" is no forced would-interrupt),
    if any."""
    negs = vocab.negation_words[lang]
    for name, groups in vocab.undecided:
        rule = catalogue.rules.get(name)
        if rule is not None and rule.open and all(any(not _negated(toks, i, negs) for i, _ in _hits(toks, g[lang], lang))
                                                  for g in groups):
            return name
    return None


def _check_language(toks: Sequence[Token], known: Knowledge, vocab: Vocabulary, lang: str) -> None:
    """A question more than three fifths of whose words neither the rules, the question words
    nor the function words of `lang` use is in another language: say so rather than answer
    from a stray word. (A colloquial question at the table has many words the rules never use,
    "hrajeme", "kamarada", "poslat": about half its words are known; an English question
    reaches a third at most, from words such as "a" or "event".)"""
    cues = {s for phrases in vocab.kinds.values() for p in phrases[lang] for stem in phrase_stems(p, lang) for s in stem}
    stop = stop_words(lang)
    met = sum(t.word in stop or bool(t.stems & (known.idf.keys() | cues)) for t in toks)
    if toks and met < len(toks) * 2 / 5:
        name = {"es": "Spanish", "cs": "Czech"}.get(lang, lang)
        raise UsageProblem(f"the question does not read as {name} (only {met} of its {len(toks)} words are "
                           f"known): ask in Spanish or Czech, or give --lang")


def _bm25(known: Knowledge, query: Counter[str], told: frozenset[str] = frozenset()) -> list[float]:
    """Each paragraph's BM25 for the question's words, a word said only in the situation told
    (`told`) weighing TOLD: the sentences that ask say what the question turns on."""
    k1 = WEIGHTS["k1"]
    family = {t: [(t, 1.0)] * (t in known.idf) + [(d, WEIGHTS["loose"]) for d in known.family(t)]
              for t in query}
    out = []
    for p in known.paragraphs:
        norm = _length_norm(p.length, known.avglen)
        total = 0.0
        for t in query:
            best = 0.0
            for d, w in family[t]:
                f = p.tf.get(d)
                if f:
                    best = max(best, w * known.idf[d] * f * (k1 + 1) / (f + norm))
            total += best * (TOLD if t in told else 1.0)
        out.append(total)
    return out


def _units(known: Knowledge, query: set[str]) -> list[tuple[float, Unit]]:
    """The named parts of the data the question meets best, one per part (best phrase)."""
    rarest = max(known.idf.values(), default=1.0)
    scored = []
    for unit in known.units:
        have = unit.terms & query
        met = sum(bool(word & query) for word in unit.words)  # a Czech word may have two stems
        if not unit.terms or met < (2 if unit.kind == "step" else min(2, len(unit.words))):
            continue  # one shared word (empieza, začíná) is no evidence of a step
        weight = {t: known.idf.get(t, rarest) for t in unit.terms | query}
        cover = sum(weight[t] for t in have) / sum(weight[t] for t in unit.terms)
        if unit.kind == "rule":  # a rule is a sentence: also how much of the question it says
            cover = (cover + sum(weight[t] for t in have) / sum(weight[t] for t in query)) / 2
        if cover >= UNIT_MIN:
            scored.append((round(cover, 3), unit))
    scored.sort(key=lambda s: -s[0])
    kept: list[tuple[float, Unit]] = []
    seen: set[tuple[str, str]] = set()
    for cover, unit in scored:
        if (unit.kind, unit.name) not in seen:
            seen.add((unit.kind, unit.name))
            kept.append((cover, unit))
    return kept[:UNITS_KEPT]


def _phase(toks: Sequence[Token], known: Knowledge) -> int | None:
    said = {s for t in toks for s in t.stems}
    for phrase, name in known.phase_phrases:  # "robo" (I draw, I steal) is the draw phase only in "fase de robo"
        if not find(toks, phrase):
            said -= name
    named = [n for n, terms in known.phase_terms.items() if terms and terms <= said]
    return named[0] if len(named) == 1 else None


def _step(asked: Question, known: Knowledge, best: Paragraph, kept: list[tuple[float, Unit]],
          near: Paragraph | None = None, leading: Sequence[Paragraph] = ()) -> str | None:
    """The framework step: one the question names; else, with a phase named, the step in it of a
    condition the question meets that every phase has ("al final de la fase de robo": 2.3,
    whatever the paragraph ranked first); else the step the AGREED_TOP best paragraphs (`leading`)
    all have as their own, in that phase (a question of claim quoting the reaction to the
    challenge won: 4.2.4, not 4.2.2); else the one step (in that phase) of the condition an
    ability the question quotes names ("una reacción «después de que declares un defensor»":
    4.2.1, not the example step of the general rule ranked first); else the justifying
    paragraph's own (as the data ties it) or one it names, when in the phase the question names
    (if any); else, the same, that of `near`, the paragraph ranked second when nearly as good (a
    definition ranked first has no step, the rule beside it has); else the one step, in that
    phase, of the conditions that cite the justifying paragraph; else the step, in that phase,
    of the condition the question meets best, or of any part of the data it meets; with no
    phase named, the paragraph's own. Never a step outside the phase named."""
    question, phase = asked.text, asked.phase
    for number in _STEP_NUMBER.findall(question):
        if number in known.step_phase:
            return str(number)
    every_phase = _every_phase_step(kept, known, phase, asked.toks, asked.lasting)
    if every_phase:
        return every_phase
    agreed = _agreed_step(leading, known, phase)
    if agreed:
        return agreed
    quoted = _quoted_step(question, known, phase)
    if quoted:
        return quoted
    own = _own_steps(best, known)
    for step in own + (_own_steps(near, known) if near else []):
        if phase is None or known.step_phase.get(step) == phase:
            return step
    ref = (best.id, best.para)  # a condition that cites the justifying paragraph: its step in the phase
    citing_it = {s.removeprefix("after-") for u in known.units if u.kind == "trigger" and ref in u.cites
                 for s in u.steps if phase is None or known.step_phase.get(s.removeprefix("after-")) == phase}
    if len(citing_it) == 1:
        return citing_it.pop()
    triggers = [u for _, u in kept if u.kind == "trigger"]
    if phase is not None and triggers:
        for step in triggers[0].steps:
            if known.step_phase.get(step) == phase:
                return step
    steps = [s.removeprefix("after-") for _, unit in kept for s in unit.steps]
    in_phase = [s for s in steps if phase is None or known.step_phase.get(s) == phase]
    if phase is not None and in_phase:  # a step of the phase named before the paragraph's own elsewhere
        return in_phase[0]
    if own and phase is None:
        return own[0]
    return in_phase[0] if in_phase else None  # none in the phase named: its window decides (_window)


def _agreed_step(leading: Sequence[Paragraph], known: Knowledge, phase: int | None) -> str | None:
    """The step every one of the best paragraphs has first among its own, in the phase named."""
    if len(leading) < AGREED_TOP:
        return None
    firsts = {next((s for s in _own_steps(p, known) if phase is None or known.step_phase.get(s) == phase), None)
              for p in leading[:AGREED_TOP]}
    return firsts.pop() if len(firsts) == 1 else None


def _own_steps(p: Paragraph, known: Knowledge) -> list[str]:
    """A paragraph's steps as the data ties it (its own, then that of the window or of the
    condition that cites it), then the steps it names."""
    own = [p.step] if p.step else []
    own += [known.step_of_window_cite[(p.id, p.para)]] if (p.id, p.para) in known.step_of_window_cite else []
    own += [known.step_of_cite[(p.id, p.para)]] if (p.id, p.para) in known.step_of_cite else []
    return own + [str(n) for n in _STEP_NUMBER.findall(p.text) if n in known.step_phase]


def _quoted_step(question: str, known: Knowledge, phase: int | None) -> str | None:
    """The step of the condition an ability the question quotes names, read without its effect
    (_condition; "una reacción «después de que pierdas un reto»": where a challenge is lost),
    when that condition happens at one step only (in the phase named, if any; for a condition
    every phase has, else in the phase the ability names: «al comienzo de la fase de
    Dominación» is 5.1)."""
    for quoted in _QUOTED.findall(question):
        text = _condition(quoted)
        met = next((u for _, u in _units(known, set(analyzed(text, known.lang))) if u.kind == "trigger"), None)
        steps = {s.removeprefix("after-") for s in met.steps} if met else set()
        named = _phase(tokens(text, known.lang), known) if phase is None and _in_every_phase(steps, known) else phase
        steps = {s for s in steps if named is None or known.step_phase.get(s) == named}
        if len(steps) == 1:
            return steps.pop()
    return None


def _condition(ability: str) -> str:
    """A quoted ability with a label, without its effect: the label and the condition, whose words
    alone name when it is used ("Reakce: poté, co skončí výzva, poklekni …" is not about kneeling).
    Quoted text without a label (a constant ability, "Durante la fase de …") is kept whole."""
    label, colon, rest = ability.partition(":")
    return label + colon + _EFFECT.sub("", rest) if colon else ability


def _runner_up_step(other: Paragraph, known: Knowledge, phase: int | None) -> str | None:
    """The step of a paragraph of the evidence after the first (as the data ties it), in the
    phase named if any: the step of a question whose first paragraph, a definition, has none,
    from the first of the others that has one."""
    step = other.step or known.step_of_cite.get((other.id, other.para))
    return step if step and (phase is None or known.step_phase.get(step) == phase) else None


def _moment_window(asked: Question, known: Knowledge, vocab: Vocabulary, lang: str, step: str | None) -> str | None:
    """The action window a sentence that asks sets against a step of the phase of the step read
    (ask.yaml `moments`), by the step that window follows: "¿hay hueco después de declarar
    defensores?" is the window after 4.2.1; "mohu ještě před vyhlášením obránců zahrát akci?" the
    last before 4.2.1, after 4.2. The step is the one a framework step or a condition names, all
    its words said within MOMENT_REACH tokens after the moment's word."""
    phase = known.step_phase.get(step or "")
    toks = asked.toks
    for which in ("before", "after"):
        for i, n in _hits(toks, vocab.moments[which][lang], lang):
            if i not in asked.reading.asking:
                continue
            said = {s for t in toks[i + n:i + n + MOMENT_REACH] for s in t.stems}
            named = next((steps for _, u in _units(known, said) if u.kind in ("step", "trigger")
                          and all(word & said for word in u.words)
                          for steps in [_steps_in(u, known, phase)] if len(steps) == 1), None)
            if named is None:
                continue
            (at,) = named
            found = known.window_before.get(at) if which == "before" else \
                (at if known.window_after.get(at) == "action-window" else None)
            if found:
                return found
    return None


def _steps_in(unit: Unit, known: Knowledge, phase: int | None) -> set[str]:
    """A part of the data's steps in the phase."""
    return {s.removeprefix("after-") for s in unit.steps if known.step_phase.get(s.removeprefix("after-")) == phase}


def _every_phase_step(kept: list[tuple[float, Unit]], known: Knowledge, phase: int | None,
                      toks: Sequence[Token], lasting: frozenset[int] = frozenset()) -> str | None:
    """The step in the phase named of the first condition the question meets that has a step in
    every phase (phase-begins, phase-ends), if any, its words said together (SAID_TOGETHER) and
    not as a lasting effect's duration (`lasting`): "fase de puesta en pie … ¿quién empieza?"
    does not say the phase begins, nor "+2 FUE hasta el final de la fase" that it ends."""
    if phase is None:
        return None
    for _, unit in kept:
        steps = [s.removeprefix("after-") for s in unit.steps]
        if unit.kind == "trigger" and _in_every_phase(steps, known) and _said_together(unit, toks, lasting):
            return next((s for s in steps if known.step_phase.get(s) == phase), None)
    return None


def _said_together(unit: Unit, toks: Sequence[Token], skipped: frozenset[int] = frozenset()) -> bool:
    """Whether every word of the unit's phrase is met within SAID_TOGETHER tokens of the question,
    by tokens not `skipped`."""
    where = [[i for i, t in enumerate(toks) if word & t.stems and i not in skipped] for word in unit.words]
    if not where or not all(where):
        return False
    return any(all(any(start <= i < start + SAID_TOGETHER for i in found) for found in where)
               for start in range(len(toks)))


def _in_every_phase(steps: Iterable[str], known: Knowledge) -> bool:
    """Whether a condition's steps fall in every phase (phase-begins, phase-ends)."""
    return {known.step_phase.get(s) for s in steps} >= set(known.step_phase.values())


def _window(cue: str | None, known: Knowledge, best: Paragraph, kept: list[tuple[float, Unit]],
            step: str | None, phase: int | None, asks_who: bool,
            cue_asked: bool = False) -> tuple[str | None, str | None]:
    """The window the question's words name, else the one the justifying paragraph rules (the
    marshaling phase's special window only when no other phase is named), else the sequence
    step the question meets. An action window is the one after the step; where none follows it,
    the window of the phase named when no step was read, or when the question asks who acts
    and the step is not the justifying paragraph's own ("¿quién empieza en la ventana de acción
    de la fase de robo?" is the window after 2.2). A question that only quotes an action
    ("«Acción: …»") keeps the step it was read at: 4.2.6 for a challenge that just ended. A
    question set in the marshaling phase that has no window yet is in that phase's special
    window (its only one, where cards are marshaled), after its step (3.2) if no step was read.
    An action window the question asks about (`cue_asked`) in a phase that has only one is that
    one, whatever step of the phase was read: "¿hay ventana de acción antes de robar?" is the
    window after 2.2, the draw phase's only one, not 2.1."""
    ruled = known.window_of_cite.get((best.id, best.para))
    phase_window = known.phase_window.get(phase, ("", ""))[0] if phase is not None else None
    window = cue
    if window is None or (window == "action-window" and ruled == "special-action-window"
                          and (phase is None or phase_window == ruled)):
        window = ruled or window
    if window is None:
        window = next((u.window for _, u in kept if u.window), None)
    if window in ("action-window", "special-action-window"):
        if step in known.window_after:
            window = known.window_after[step]
        elif phase in known.phase_window and (step is None or (asks_who and step != best.step)):
            window, step = known.phase_window[phase]  # the window of the phase named, not a guess's
        elif cue == window and cue_asked and known.windows_in_phase.get(known.step_phase.get(step or "", 0)) == 1:
            window, step = known.phase_window[known.step_phase[step or ""]]  # the phase's only window
    if window is None and phase is not None and phase_window == "special-action-window":
        window, after = known.phase_window[phase]
        step = step or after
    return window, step


def _verdict(toks: Sequence[Token], evidence: list[Paragraph], known: Knowledge, kept: list[tuple[float, Unit]],
             vocab: Vocabulary, lang: str) -> str:
    """The stance (see _stance) of the sentence of the best paragraphs that meets the question
    best (its rarest words); "open" when a rule the Rules Reference leaves open is met."""
    asked = {s for t in toks for s in t.stems}
    family = {t: [(t, 1.0)] + [(d, WEIGHTS["loose"]) for d in known.family(t)] for t in asked}

    def weight(sentence: Sequence[Token]) -> float:
        have = {s for t in sentence for s in t.stems}
        return sum(max((w * known.idf.get(d, 0.0) for d, w in family[q] if d in have), default=0.0) for q in asked)

    candidates = [(weight(s) * (1.0 if rank == 0 else 0.8), s)
                  for rank, p in enumerate(evidence[:3])
                  for s in (tokens(x, lang) for x in _SENTENCE.split(p.text))]
    sentence = max(candidates, key=lambda c: c[0])[1]
    return _stance(sentence, toks, vocab, lang)


def _polarity(sentence: Sequence[Token], toks: Sequence[Token], vocab: Vocabulary, lang: str) -> str:
    """"no" when the sentence denies (no, nelze, nesmí, ne-…) and does not allow, or limits to
    once what the question asks more often; else "yes"."""
    return "no" if _stance(sentence, toks, vocab, lang) == "denies" else "yes"


def _stance(sentence: Sequence[Token], toks: Sequence[Token], vocab: Vocabulary, lang: str) -> str:
    """What the sentence says of what the question asks: "denies" (a word of `deny` and none of
    `allow`, or `only` where the question asks `more`), "allows" (a word of `allow`), else
    "states" (it says neither: its yes is only the absence of a no)."""
    def has(seq: Sequence[Token], key: str) -> bool:
        return says(seq, (phrase_stems(w, lang) for w in vocab.verdict[key][lang]))

    sentence = _unnamed(sentence, vocab, lang)
    allows = _allows(sentence, vocab, lang)
    if (_denies(sentence, vocab, lang) and not allows) or (has(sentence, "only") and has(toks, "more")):
        return "denies"
    return "allows" if allows else "states"


def _allows(sentence: Sequence[Token], vocab: Vocabulary, lang: str) -> bool:
    """A word of `allow` not negated earlier in its clause: "no puede iniciarse", "ninguna
    capacidad que se refiera a ella puede iniciarse" deny, not allow."""
    negs = vocab.negation_words[lang]
    return any(not _negated(sentence, i, negs, reach=len(sentence))
               for w in vocab.verdict["allow"][lang] for i in find(sentence, phrase_stems(w, lang)))


def _unnamed(sentence: Sequence[Token], vocab: Vocabulary, lang: str) -> tuple[Token, ...]:
    """The sentence without the names that carry a negation ("no obligadas" names, not denies)."""
    names = [phrase_stems(w, lang) for w in vocab.verdict["not_denials"][lang]]
    named = {i + j for p in names for i in find(sentence, p) for j in range(len(p))}
    return tuple(t for i, t in enumerate(sentence) if i not in named)


def _denies(sentence: Sequence[Token], vocab: Vocabulary, lang: str) -> bool:
    return says(sentence, (phrase_stems(w, lang) for w in vocab.verdict["deny"][lang])) or \
        (lang == "cs" and any(_czech_negative(t.word) for t in sentence))


def _ruling(toks: Sequence[Token], best_paragraph: Paragraph, known: Knowledge, vocab: Vocabulary,
            lang: str) -> tuple[float, Unit] | None:
    """The named rule of triggers.yaml that decides a yes/no question: of the rules that cite
    the justifying paragraph, the one that says the question's words best (by rarity, a word of
    the same family counting `loose`), its condition negated as the question's is ("si la
    primera parte no se resuelve" meets then-not-attempted, not then-attempted)."""
    ref = (best_paragraph.id, best_paragraph.para)
    stop = stop_words(lang)
    asked = {s for t in _unnamed(toks, vocab, lang) if t.word not in stop for s in t.stems}
    asked_no = _denies(_unnamed(toks, vocab, lang), vocab, lang)
    rarest = max(known.idf.values(), default=1.0)
    best: tuple[float, Unit] | None = None
    for unit in known.units:
        if unit.kind != "rule" or unit.open or ref not in unit.cites or not unit.terms or not asked:
            continue
        met = {t for t in unit.terms if any(t == q or loose(t, q, vocab.prefixes[lang]) for q in asked)}
        said = {q for q in asked if any(t == q or loose(t, q, vocab.prefixes[lang]) for t in unit.terms)}
        weight = {t: known.idf.get(t, rarest) for t in unit.terms | asked}
        cover = (sum(weight[t] for t in met) / sum(weight[t] for t in unit.terms)
                 + sum(weight[q] for q in said) / sum(weight[q] for q in asked)) / 2
        if _mismatched(unit, asked_no):
            cover *= RULING_MISMATCH
        if best is None or cover > best[0]:
            best = (cover, unit)
    return best


def _condition_negated(text: str, vocab: Vocabulary, lang: str) -> bool | None:
    """Whether a rule's condition (its text before the colon) is negated; None without one."""
    if ":" not in text:
        return None
    return _denies(_unnamed(tokens(text.split(":")[0], lang), vocab, lang), vocab, lang)


def _mismatched(unit: Unit, asked_no: bool) -> bool:
    """Whether a rule's condition is negated where the question's is not, or the reverse."""
    return unit.negated is not None and unit.negated != asked_no


def _rule_verdict(unit: Unit, toks: Sequence[Token], vocab: Vocabulary, lang: str) -> str:
    """Yes or no as the rule says it: the polarity of its consequence (after the colon)."""
    return _polarity(_consequence(unit, lang), toks, vocab, lang)


def _consequence(unit: Unit, lang: str) -> tuple[Token, ...]:
    return tokens(unit.phrase.split(":", 1)[1] if ":" in unit.phrase else unit.phrase, lang)


def _czech_negative(word: str) -> bool:
    """A Czech word negated by its prefix (nelze, nepoužívají, nebude, nezmění), not nebo,
    nejvýše, něco, některý, než, nezávisle."""
    return word.startswith("ne") and len(word) >= 5 and word not in ("nebot", "nezli") and \
        not word.startswith(("nej", "nek", "neco", "nece", "nezavis"))


def _cite(source: EntrySource, game: str, lang: str, p: Paragraph) -> Cite:
    entry = source.get(game, lang, p.id)
    return entry.cite(p.para) if entry is not None else Cite(game, p.id, lang, p.term, p.para)


def _title(catalogue: Catalogue, trigger: str, lang: str) -> str:
    return next((t.title[lang] for t in catalogue.triggers if t.id == trigger), trigger)


def _trigger_step(unit: Unit, step: str | None) -> str | None:
    steps = [s.removeprefix("after-") for s in unit.steps]
    return step if step in steps else (steps[0] if steps else None)


def _next(framework: Framework, step: str | None) -> str | None:
    if step is None or step not in framework.ids():
        return None
    return framework.next_after(step, "melee")


def _text(words_: dict[str, str], seq_labels: dict[str, str], framework: Framework, source: EntrySource, lang: str,
          verdict: str | None, step: str | None, window: str | None, who: str | None, withheld: bool = False) -> str:
    """The answer in words: verdict (or that it is in the paragraphs cited), step and window,
    who, what happens next."""
    parts = []
    if verdict:
        parts.append(words_[verdict])
    elif withheld:
        parts.append(words_["withheld"])
    if step:
        parts.append(f"{words_['step']} {_item_title(framework, source, step, lang)}.")
    if window:
        line = f"{words_['window']}: {seq_labels.get(window) or framework.labels[lang].get(window, window)}"
        how = seq_labels.get(f"how-{window}")
        parts.append(f"{line}. {how}" if how else f"{line}.")
    if who:
        parts.append(f"{words_['who']}: {words_[who]}.")
    nxt = _next(framework, step)
    if nxt:
        parts.append(f"{words_['next']}: {_item_title(framework, source, nxt, lang)}.")
    return " ".join(parts) or words_["because"]


def _item_title(framework: Framework, source: EntrySource, item_id: str, lang: str) -> str:
    """"4.2.3 Se reciben las bonificaciones…", or a window with the step it follows."""
    item = framework.item(item_id)
    if item.is_window:
        return f"{framework.labels[lang].get(item.kind, item.kind)} ({item.id.removeprefix('after-')})"
    entry = source.get(framework.game, lang, item.entry or "")
    title = item.title.get(lang) or (entry.term if entry else "")
    return title if title.startswith(item.id) else f"{item.id} {title}".strip()


def _scenario(game: str, lang: str, step: str | None, matches: tuple[AskMatch, ...]) -> str:
    """The `judge step` scenario of the situation: the condition the question meets, at its step."""
    at = f'at: "{step}"\n' if step and step == matches[0].step else ""
    return (f"game: {game}\nformat: joust\nlang: {lang}\nplayers: [A, B]\nfirst_player: A\n{at}"
            f"trigger: {matches[0].trigger}\nabilities: []\n")


def vocabulary_for(game: str, root: Path | None = None) -> Vocabulary:
    path = vocabulary_path(game, root)
    if not path.is_file():
        raise BadData(str(path), None, "missing: the words `judge ask` reads questions with")
    return load_vocabulary(path)
