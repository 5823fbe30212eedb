"""Translator checks that compare what the two languages *say*, paragraph by paragraph.

Each check reads an aligned paragraph group (judge.translate.align) through a vocabulary kept
as data in meaning.yaml: how many (quantities), may/must/cannot (modality), which page
(page-references), what an extraction left where an icon was (icon-gaps), which language a
paragraph is in (language), which words find no translation across (unaligned), and which of
two confusable concepts each language names (confusions, reported by key-terms). A finding is
reported on the Czech entry at the paragraph's line (on the Spanish entry when the paragraph
exists in Spanish only) and quotes both texts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from judge.core import compiled
from judge.core.model import LANGS, Block, Entry
from judge.core.text import nfc
from judge.translate.align import Group, Lexicon
from judge.translate.termbase import Matcher


@dataclass(frozen=True)
class Finding:
    """A check's finding before it becomes a Problem: on which entry, at which line, saying what."""

    check: str
    entry: Entry
    line: int
    message: str


@dataclass(frozen=True)
class Classes:
    """Named classes of phrases per language, matched in order, each match consuming its words."""

    patterns: dict[str, dict[str, re.Pattern[str]]]
    conflicts: tuple[tuple[str, str], ...]
    required: tuple[str, ...]
    answered_by: dict[str, tuple[str, ...]]

    def find(self, text: str, lang: str) -> dict[str, str]:
        """class → the first phrase of `text` said in that class."""
        return {name: phrases[0] for name, phrases in self.every(text, lang).items()}

    def every(self, text: str, lang: str) -> dict[str, list[str]]:
        """class → every phrase of `text` said in that class, in order."""
        text = nfc(text)
        found: dict[str, list[str]] = {}
        for name, by_lang in self.patterns.items():
            phrases = [m.group(0) for m in by_lang[lang].finditer(text)]
            if phrases:
                found[name] = phrases
                text = by_lang[lang].sub(lambda m: " " * len(m.group(0)), text)
        return found


def _classes(data: dict[str, Any]) -> Classes:
    patterns = {name: {lang: _words(by_lang[lang]) for lang in LANGS} for name, by_lang in data["classes"].items()
                if by_lang is not None}  # a class set to null is switched off (a variant of the bench)
    return Classes(patterns, tuple((a, b) for a, b in data.get("conflicts", [])), tuple(data.get("required", [])),
                   {str(k): tuple(v) for k, v in data.get("answered_by", {}).items()})


def _words(alternatives: list[str]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])(?:" + "|".join(alternatives) + r")(?![\w-])", re.IGNORECASE)


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, Any]:
    """judge/translate/meaning.yaml."""
    raw: dict[str, Any] = yaml.safe_load(resources.files("judge.translate").joinpath("meaning.yaml").read_text("utf-8"))
    return raw


@lru_cache(maxsize=1)
def quantity_classes() -> Classes:
    return _classes(vocabulary()["quantities"])


@lru_cache(maxsize=1)
def modal_classes() -> Classes:
    return _classes(vocabulary()["modality"])


# -- where a finding goes ----------------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    """One aligned group of a concept: its Spanish and Czech blocks (either may be empty)."""

    es_entry: Entry
    cs_entry: Entry
    es: tuple[Block, ...]
    cs: tuple[Block, ...]

    def text(self, lang: str) -> str:
        return "\n".join(b.text for b in (self.es if lang == "es" else self.cs))

    def label(self, lang: str) -> str:
        blocks = self.es if lang == "es" else self.cs
        return "¶" + "+".join(str(b.n) for b in blocks) if blocks else "(none)"

    def at(self, check: str, message: str) -> Finding:
        """On the Czech paragraph, or the Spanish one when Czech has none."""
        if self.cs:
            return Finding(check, self.cs_entry, self.cs[0].line, f"{self.label('cs')}: {message}")
        return Finding(check, self.es_entry, self.es[0].line, f"{self.label('es')}: {message}")


def units(es: Entry, cs: Entry, groups: Sequence[Group]) -> list[Unit]:
    return [Unit(es, cs, a, b) for a, b in groups]


def _quotes(text: str, phrases: Sequence[str]) -> str:
    """Each phrase, in order, as _quote gives it: a repeated phrase quotes its next occurrence."""
    flat, after, found = " ".join(text.split()), 0, []
    for phrase in phrases:
        match = re.compile(r"(?<!\w)" + re.escape(" ".join(phrase.split())) + r"(?!\w)", re.IGNORECASE).search(flat, after)
        after = match.end() if match else after
        found.append(_quote(text, phrase, match.start() if match else -1))
    return ", ".join(found)


def _quote(text: str, phrase: str, at: int = -1) -> str:
    """The phrase with a few words around it, on one line, cut at word boundaries; `at`, where it
    starts in the text with its spaces flattened (else its first occurrence)."""
    flat = " ".join(text.split())
    at = at if at >= 0 else flat.lower().find(" ".join(phrase.split()).lower())
    if at < 0:
        return f"“{phrase}”"
    start = flat.rfind(" ", 0, at - 12) + 1 if at > 12 else 0
    end = flat.find(" ", at + len(phrase) + 12)
    end = len(flat) if end < 0 else end
    return "“" + ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "") + "”"


# -- quantities and modality --------------------------------------------------------------

def _compare(check: str, classes: Classes, unit: Unit, es_text: str, cs_text: str, required: bool = True,
             counted: bool = False) -> Iterator[Finding]:
    """Conflicting classes: one language says a where the other says b and not a; `counted`, one
    says a more often and the other b more often ("todas las fichas … para ambos jugadores" /
    "všechny žetony … všech hráčů": both became all though each text also says all)."""
    es_all, cs_all = classes.every(es_text, "es"), classes.every(cs_text, "cs")
    es, cs = {k: v[0] for k, v in es_all.items()}, {k: v[0] for k, v in cs_all.items()}
    for one, other in classes.conflicts:
        for a, b in ((one, other), (other, one)):
            if counted:
                more_a = len(es_all.get(a, [])) > len(cs_all.get(a, []))
                more_b = len(cs_all.get(b, [])) > len(es_all.get(b, []))
                hit = more_a and more_b
            else:
                hit = a in es and a not in cs and b in cs and b not in es
            if hit:
                said = (es_all[a], cs_all[b]) if counted else ([es[a]], [cs[b]])
                yield unit.at(check, f'es {unit.label("es")} says {a} ({_quotes(es_text, said[0])}) '
                                     f'where cs says {b} ({_quotes(cs_text, said[1])})')
    for name in classes.required if required else ():
        for lang, have, lack, text in (("es", es, cs, es_text), ("cs", cs, es, cs_text)):
            if name in have and name not in lack and _required(name, classes, lack):
                other = "cs" if lang == "es" else "es"
                message = f'{name} in {lang} only ({_quote(text, have[name])}); {other} {unit.label(other)} says ' \
                          f'{_summary(lack)}'
                yield unit.at(check, message)


def _required(name: str, classes: Classes, other: dict[str, str]) -> bool:
    """A required class said in one language only; a condition counts only when the other text
    states none at all (a paraphrase turns "si" into "jakmile", not into nothing)."""
    if name == "if":
        return "if" not in other and "when" not in other
    partners = {b for a, b in classes.conflicts if a == name} | {a for a, b in classes.conflicts if b == name}
    return not ((partners | set(classes.answered_by.get(name, ()))) & set(other))


def _summary(found: dict[str, str]) -> str:
    return ", ".join(f"{k} “{v}”" for k, v in found.items()) if found else "none of them"


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[¿¡„“«(\[*]*[^\W\d_])")


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text) if s.strip()]


def split_only(units: Sequence[Unit]) -> bool:
    """Do two bodies differ in paragraph breaks only? Every group has blocks in both languages:
    one block each, of one shape, or several in one language (a paragraph printed as two) with
    as many sentences as the other's."""
    return all(u.es and u.cs and (len(u.es) == len(u.cs) == 1 and u.es[0].kind == u.cs[0].kind and u.es[0].depth == u.cs[0].depth
                                  or len(u.es) != len(u.cs) and len(_sentences(u.text("es"))) == len(_sentences(u.text("cs"))))
               for u in units)


def quantities(unit: Unit) -> list[Finding]:
    if not unit.es or not unit.cs:
        return []
    return list(_compare("quantities", quantity_classes(), unit, unit.text("es"), unit.text("cs"), counted=True))


def modality(unit: Unit) -> list[Finding]:
    """Conflicts per sentence when both paragraphs have as many sentences, else per paragraph; a
    class said in one language only (a condition, "sometimes") per paragraph."""
    if not unit.es or not unit.cs:
        return []
    es, cs = _sentences(unit.text("es")), _sentences(unit.text("cs"))
    pairs = list(zip(es, cs)) if len(es) == len(cs) else [(unit.text("es"), unit.text("cs"))]
    found = [f for es_text, cs_text in pairs for f in _compare("modality", modal_classes(), unit, es_text, cs_text, False)]
    found += [f for f in _compare("modality", modal_classes(), unit, unit.text("es"), unit.text("cs"))
              if "only (" in f.message]
    return list({f.message: f for f in found}.values())


# -- page references ------------------------------------------------------------------------

def _places(text: str, lang: str) -> dict[str, str]:
    """Where a paragraph points: "page 8", "next page", "below", with the phrase that says it."""
    data = vocabulary()["page_references"]
    found: dict[str, str] = {}
    for pattern in data["pages"][lang]:
        for match in re.finditer(pattern, text, re.IGNORECASE):
            found[f"page {match.group(1)}"] = match.group(0)
    for phrase, place in data["places"][lang].items():
        if re.search(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", text, re.IGNORECASE):
            found[str(place)] = phrase
    return found


def page_references(unit: Unit) -> list[Finding]:
    if not unit.es or not unit.cs:
        return []
    es, cs = _places(unit.text("es"), "es"), _places(unit.text("cs"), "cs")
    if es and cs and set(es) != set(cs):
        return [unit.at("page-references", f'points to {", ".join(sorted(cs))} ({", ".join(_quote(unit.text("cs"), p) for p in cs.values())}) '
                                            f'where es {unit.label("es")} points to {", ".join(sorted(es))} '
                                            f'({", ".join(_quote(unit.text("es"), p) for p in es.values())})')]
    return []


# -- icon gaps ---------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _gap_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(g["pattern"]), str(g["what"])) for g in vocabulary()["icon_gaps"])


def icon_gaps(unit: Unit) -> list[Finding]:
    """What a lost icon leaves: a double space, a stray ♣, a space before a closing quote; and a
    table with fewer columns than its counterpart (an icon column dropped)."""
    found: list[Finding] = []
    for lang, blocks in (("es", unit.es), ("cs", unit.cs)):
        other = "cs" if lang == "es" else "es"
        for block in blocks:
            if block.kind == "table":
                continue
            for pattern, what in _gap_patterns():
                match = pattern.search(block.text)
                if match:
                    where = f"{lang} ¶{block.n}: {what} in {_quote(block.text, block.text[max(0, match.start() - 12):match.end() + 8])}"
                    counterpart = unit.text(other)
                    found.append(_on(unit, lang, block, f"{where}: an icon lost? ({other} {unit.label(other)}: "
                                                        f"{_quote(counterpart, counterpart[:40]) if counterpart else 'none'})"))
                    break
    es_tables = [b for b in unit.es if b.kind == "table"]
    cs_tables = [b for b in unit.cs if b.kind == "table"]
    for a, b in zip(es_tables, cs_tables):
        ca, cb = _columns(a.text), _columns(b.text)
        if ca != cb:
            found.append(unit.at("icon-gaps", f"table of {cb} columns ({_quote(b.text, b.text.splitlines()[0])}) where es "
                                              f"¶{a.n} has {ca} ({_quote(a.text, a.text.splitlines()[0])}): an icon column lost?"))
    return found


def _on(unit: Unit, lang: str, block: Block, message: str) -> Finding:
    entry = unit.es_entry if lang == "es" else unit.cs_entry
    return Finding("icon-gaps", entry, block.line, f"¶{block.n}: {message.split(': ', 1)[1]}")


def _columns(table: str) -> int:
    return table.splitlines()[0].strip().strip("|").count("|") + 1


# -- language ------------------------------------------------------------------------------------

_NAMES = {"es": "Spanish", "cs": "Czech", "sk": "Slovak"}


def detector_available() -> bool:
    return _detector() is not None


@lru_cache(maxsize=1)
def _detector() -> Any:
    """lingua's detector for the configured languages, or None when lingua is not installed."""
    try:
        from lingua import IsoCode639_1, LanguageDetectorBuilder
    except ImportError:
        return None
    codes = [getattr(IsoCode639_1, code.upper()) for code in vocabulary()["language"]["languages"]]
    return LanguageDetectorBuilder.from_iso_codes_639_1(*codes).with_low_accuracy_mode().build()


def confidence_values(text: str) -> dict[str, float]:
    """lingua's confidence per language (iso code) that `text` is in it, as it lists them; kept
    in the user cache between runs (save_confidences): the check asks it of every paragraph and
    sentence, and after an edit nearly all of them are the same texts (≈ 1 s of lingua)."""
    stored = _stored_confidences()
    found = stored.get(text)
    _ASKED.add(text)
    if found is None:
        found = stored[text] = {v.language.iso_code_639_1.name.lower(): v.value
                                for v in _detector().compute_language_confidence_values(text)}
        _GROWN.add(text)
    return found


_GROWN: set[str] = set()  # texts whose values this process added to the stored ones
_ASKED: set[str] = set()  # texts this process asked about
_KEPT_TEXTS = 50_000  # beyond it, save_confidences keeps only the texts this process asked about


def save_confidences() -> None:
    """Store the values this process worked out, with those it found stored (judge.core.compiled)."""
    key = _confidences_key()
    if not _GROWN or key is None:
        return
    stored = _stored_confidences()
    # edited paragraphs' old texts pile up: past _KEPT_TEXTS, the ones in use are kept
    compiled.store_table(_confidences_path(), key, {text: stored[text] for text in _GROWN}, _KEPT_TEXTS, _ASKED)
    _GROWN.clear()


@lru_cache(maxsize=1)
def _stored_confidences() -> dict[str, dict[str, float]]:
    return compiled.read_table(_confidences_path(), _confidences_key())


def _confidences_path() -> Path:
    return compiled.cache_dir() / "lingua-confidences.pickle"


def _confidences_key() -> str | None:
    """What lingua's answers depend on: its version and the languages it tells apart (judge's code
    is in every key)."""
    from importlib import metadata

    try:
        version = metadata.version("lingua-language-detector")
    except metadata.PackageNotFoundError:
        return None
    languages = vocabulary()["language"]["languages"]
    return compiled.files_key([], f"lingua {version} {languages} low accuracy")


_LETTER_WORD = re.compile(r"[^\W\d_]{2,}")
_MARKUP = re.compile(r"\[[a-z]+\]|[*_|#>]")


@dataclass(frozen=True)
class Vocabulary:
    """What a language's own text knows: `unknown(word)` is true of a word that neither its
    hunspell dictionary nor the project word list knows; `used` holds every word (lower case)
    of the language's paragraphs."""

    unknown: Callable[[str], bool]
    used: frozenset[str]


def language(entry: Entry, block: Block, known: Vocabulary | None = None) -> list[Finding]:
    """The paragraph, else each sentence of it, that reads as another language; else, given the
    language's vocabulary, the words of it that are another language's forms (Slovak ones in Czech)."""
    detector = _detector()
    if detector is None:
        return []
    settings = vocabulary()["language"]
    text = _MARKUP.sub(" ", block.text)
    for part in [text, *(_sentences(text) if len(_sentences(text)) > 1 else [])]:
        if len(_LETTER_WORD.findall(part)) < settings["min_words"]:
            continue
        values = confidence_values(part)
        best = max(values, key=lambda k: values[k])
        if best != entry.lang and values[best] >= settings["min_confidence"]:
            what = "" if part == text else f' sentence {_quote(part, part[:50])}'
            return [Finding("language", entry, block.line,
                            f"¶{block.n}:{what} reads as {_NAMES.get(best, best)} (lingua {values[best]:.2f}), "
                            f"not {_NAMES[entry.lang]}")]
    forms = settings.get("foreign_forms", {}).get(entry.lang)
    if known is None or not forms:
        return []
    found = _foreign_forms(text, forms, known)
    if not found:
        return []
    name = _NAMES.get(forms["language"], forms["language"])
    return [Finding("language", entry, block.line, f"¶{block.n}: {name} word forms in {_NAMES[entry.lang]}: "
                                                   + ", ".join(f"“{w}” ({why})" for w, why in found.items()))]


def _foreign_forms(text: str, forms: dict[str, Any], known: Vocabulary) -> dict[str, str]:
    """word → why it is the other language's form: a word the dictionary does not know that lingua
    reads as that language by itself, or whose ending, swapped for the own language's, is a word
    the text uses elsewhere (Slovak "zlaťákov", Czech "zlaťáků")."""
    found: dict[str, str] = {}
    for word, why in _candidates(text, forms, known.used).items():
        if known.unknown(word):
            found[word] = why
    return found


def foreign_candidates(text: str, lang: str, used: frozenset[str]) -> list[str]:
    """The words of a paragraph that read as another language's forms before the dictionary is
    asked: the only words whose spelling the language check needs a verdict on."""
    forms = vocabulary()["language"].get("foreign_forms", {}).get(lang)
    if not forms or _detector() is None:
        return []
    return list(_candidates(_MARKUP.sub(" ", text), forms, used))


def _candidates(text: str, forms: dict[str, Any], used: frozenset[str]) -> dict[str, str]:
    """word → why it may be the other language's form (names, capitalised, are left alone)."""
    found: dict[str, str] = {}
    for word in dict.fromkeys(_LETTER_WORD.findall(text)):
        if not word[0].isupper():
            why = _foreign_form(word, forms, used)
            if why:
                found[word] = why
    return found


def _foreign_form(word: str, forms: dict[str, Any], used: frozenset[str]) -> str | None:
    """Why a word reads as the other language's form, or None: its ending swapped for the own
    language's gives a word the text uses, or lingua reads the word alone as that language."""
    lower = word.lower()
    swapped = next((lower[:-len(a)] + b for a, b in forms["endings"] if lower.endswith(a)
                    and lower[:-len(a)] + b in used), None)
    if swapped:
        return f"for “{swapped}”"
    value = _word_confidence(word, forms["language"])
    if value >= forms["min_confidence"]:
        return f"lingua {value:.2f}"
    return None


@lru_cache(maxsize=65536)
def _word_confidence(word: str, lang: str) -> float:
    """lingua's confidence that a single word is in `lang`."""
    values = confidence_values(word)
    return float(values.get(lang, 0.0))


# -- unaligned ---------------------------------------------------------------------------------

_CLAUSE = re.compile(r"(?<=[.!?;:])\s+|\s*[()]\s*|,\s+")


def unaligned(units: Sequence[Unit], lexicon: Lexicon) -> list[Finding]:
    """Paragraphs with no counterpart (a run of them reported once), and clauses none of whose
    content words finds a translation in the counterpart paragraph."""
    found: list[Finding] = []
    if not any(u.es and u.cs for u in units):
        return found  # nothing aligned: the bodies differ in form (a table for a list), `structure` says so
    run: list[Unit] = []
    runs: list[list[Unit]] = []
    for unit in [*units, None]:
        side = None if unit is None else ("es" if not unit.cs else "cs" if not unit.es else None)
        if run and (side is None or side != ("es" if run[0].es else "cs")):
            runs.append(run)
            run = []
        if unit is not None and side is not None:
            run.append(unit)
        elif unit is not None and lexicon.trained_on >= vocabulary()["unaligned"]["min_corpus"]:
            found += _unaligned_clauses(unit, lexicon) or _dropped_words(unit, lexicon)
    moved = _moved(runs, lexicon)
    return found + [_no_counterpart(r) for i, r in enumerate(runs) if i not in moved]


def _run_text(run: Sequence[Unit]) -> tuple[str, str]:
    lang = "es" if run[0].es else "cs"
    return lang, "\n".join(u.text(lang) for u in run)


def _moved(runs: Sequence[Sequence[Unit]], lexicon: Lexicon) -> set[int]:
    """Runs printed elsewhere in the other language: a Spanish-only run and a Czech-only run of
    one concept that translate each other (captions the Czech book prints before a list and the
    Spanish after it). The aligner keeps the order, so it leaves both alone."""
    least = vocabulary()["unaligned"]["moved_min_share"]
    texts = [_run_text(r) for r in runs]
    moved: set[int] = set()
    for i, (lang, text) in enumerate(texts):
        for j, (other, other_text) in enumerate(texts):
            if lang == "es" and other == "cs" and i not in moved and j not in moved and \
                    _share(lexicon.coverage(text, lang, other_text)) >= least and \
                    _share(lexicon.coverage(other_text, other, text)) >= least:
                moved |= {i, j}
    return moved


def _share(counts: tuple[int, int]) -> float:
    return counts[0] / counts[1] if counts[1] else 0.0


def _no_counterpart(run: Sequence[Unit]) -> Finding:
    lang = "es" if run[0].es else "cs"
    other = "cs" if lang == "es" else "es"
    text = run[0].text(lang)
    span = run[0].label(lang) + (f"–{run[-1].label(lang)[1:]}" if len(run) > 1 else "")
    return run[0].at("unaligned", f"{lang} {span} {_quote(text, text[:60])} has no counterpart in {other}")


def _unaligned_clauses(unit: Unit, lexicon: Lexicon) -> list[Finding]:
    found: list[Finding] = []
    settings = vocabulary()["unaligned"]
    for lang in LANGS:
        other = "cs" if lang == "es" else "es"
        if len(unit.text(lang)) < settings["min_longer"] * len(unit.text(other)):
            continue
        other_words = lexicon.words(unit.text(other), other)
        for clause in _CLAUSE.split(unit.text(lang)):
            own = lexicon.words(clause, lang)
            if len(own) >= settings["min_words"] and not any(lexicon.translated(own, lang, other_words)):
                found.append(unit.at("unaligned", f'{lang} {_quote(clause, clause.strip())} finds no translation in '
                                                  f'{other} {unit.label(other)}'))
    return found


def _dropped_words(unit: Unit, lexicon: Lexicon) -> list[Finding]:
    """Content words the table is sure how to translate (`sure_words` in meaning.yaml) whose
    translation, and cognates, the counterpart paragraph lacks: a dropped word ("o capacidad"
    left out) or one changed into another concept. Only in close translations, most of whose
    words find their translation (in a paraphrase a word missing there says nothing); one
    finding per paragraph pair, naming the words."""
    settings = vocabulary()["unaligned"].get("sure_words")
    if not settings:
        return []
    found: list[Finding] = []
    for lang in LANGS:
        other = "cs" if lang == "es" else "es"
        own, there = lexicon.words(unit.text(lang), lang), lexicon.words(unit.text(other), other)
        translated_here = lexicon.translated(own, lang, there)
        if not own or sum(translated_here) < settings["min_coverage"] * len(own):
            continue  # a loose paraphrase: a word missing there says nothing
        dropped: dict[str, str] = {}
        for (word, stem), translated in zip(own, translated_here):
            sure = lexicon.sure(stem, lang, settings["min_dice"], settings["min_pairs"])
            if sure and not translated:
                dropped.setdefault(word, sure)
        if 0 < len(dropped) <= settings["max_words"]:
            words = ", ".join(f"“{w}” (elsewhere {t}…)" for w, t in dropped.items())
            found.append(unit.at("unaligned", f"{lang} {words} finds no translation in {other} {unit.label(other)}"))
    return found


# -- confusable concepts (reported by key-terms) ----------------------------------------------

@dataclass(frozen=True)
class Confusable:
    """Two concepts a translation may swap, each as one pattern per language."""

    names: tuple[str, str]
    patterns: tuple[dict[str, re.Pattern[str]], dict[str, re.Pattern[str]]]


def confusables(names_of: dict[tuple[str, str], list[str]]) -> list[Confusable]:
    """meaning.yaml's confusable pairs; `names_of[(lang, id)]` gives the term base's names."""
    found = []
    for pair in vocabulary()["confusables"]:
        concepts = []
        for concept in pair["concepts"]:
            by_lang = {}
            for lang in LANGS:
                alternatives = list(concept.get("words", {}).get(lang, []))
                alternatives += [_name_pattern(n) for i in concept.get("ids", []) for n in names_of.get((lang, i), [])]
                by_lang[lang] = _words(alternatives) if alternatives else re.compile(r"(?!)")
            concepts.append(by_lang)
        found.append(Confusable((str(pair["name"][0]), str(pair["name"][1])), (concepts[0], concepts[1])))
    return found


def _name_pattern(name: str) -> str:
    """A term as a pattern that lets each longer word inflect: "Fáze výzev" ~ "fázi výzev"."""
    parts = [re.escape(w[:max(3, len(w) - 2)]) + r"\w*" if len(w) >= 3 else re.escape(w) for w in re.findall(r"\w+", name)]
    return r"\W+".join(parts)


def _named(text: str, pair: Confusable, lang: str) -> dict[int, str]:
    """Which of the pair's concepts `text` names (0, 1), with the phrase; a longer name wins an
    overlap ("fase de Reto" is the phase, not a challenge)."""
    spans = [(m.start(), m.end(), k) for k in (0, 1) for m in pair.patterns[k][lang].finditer(text)]
    taken: list[tuple[int, int, int]] = []
    for start, end, k in sorted(spans, key=lambda s: s[0] - s[1]):
        if all(end <= a or start >= b for a, b, _ in taken):
            taken.append((start, end, k))
    return {k: text[a:b] for a, b, k in sorted(taken, reverse=True)}


_QUOTED = {"es": re.compile(r"[“«]([^”»]{1,40})[”»]"), "cs": re.compile(r"„([^“]{1,40})“")}


def confusions(unit: Unit, pairs: Sequence[Confusable]) -> list[Finding]:
    """One concept of a pair named in one language where the other names the other one. The
    words in quotation marks (the term a paragraph defines) are compared first."""
    if not unit.es or not unit.cs:
        return []
    found: list[Finding] = []
    es_text, cs_text = unit.text("es"), unit.text("cs")
    quoted = (" ".join(_QUOTED["es"].findall(es_text)), " ".join(_QUOTED["cs"].findall(cs_text)))
    for pair in pairs:
        for es_part, cs_part in (quoted, (es_text, cs_text)):
            es, cs = _named(es_part, pair, "es"), _named(cs_part, pair, "cs")
            hit = next(((a, b) for a, b in ((0, 1), (1, 0)) if a in es and a not in cs and b in cs and b not in es), None)
            if hit:
                a, b = hit
                found.append(unit.at("key-terms", f"names {pair.names[b]} ({_quote(cs_text, cs[b])}) where es "
                                                   f"{unit.label('es')} names {pair.names[a]} ({_quote(es_text, es[a])})"))
                break
    return found


def head_swap_words() -> int | None:
    """meaning.yaml's `head_swaps`: the fewest words of a name it reads, or None (off)."""
    settings = vocabulary().get("head_swaps")
    return int(settings["min_words"]) if settings else None


def head_swaps(unit: Unit, matchers: dict[str, Matcher], named: dict[str, set[str]], min_words: int | None) -> list[Finding]:
    """A concept one language names (`named`: the concepts each language's text names), printed
    in the other with the head word of another concept's name, for names of at least
    `min_words` words (None: none)."""
    if min_words is None or not unit.es or not unit.cs:
        return []
    texts = {lang: unit.text(lang) for lang in LANGS}
    found: list[Finding] = []
    for lang, other in (("es", "cs"), ("cs", "es")):
        meant = named[other] - named[lang] - {unit.es_entry.id}
        for swap in matchers[lang].head_swaps(texts[lang], meant, min_words):
            found.append(unit.at("key-terms", f"{lang} {unit.label(lang)} {_quote(texts[lang], swap.printed)} puts the head of "
                                              f"“{swap.other_name}” ({swap.other}) on “{swap.name}” ({swap.id}), "
                                              f"which {other} names"))
    return found
