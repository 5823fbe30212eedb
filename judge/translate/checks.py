"""Translator checks: is every concept in every language, and do the languages agree?

Each check is a function `(Context) -> list[Problem]` registered in CHECKS with its id, severity
and one-line explanation (shown by `judge check --help` and docs/cli.md). `run_checks` runs
validation and then the selected checks, and never raises for a broken glossary: its problems
are the report. Findings that compare the two languages are reported on the Czech entry (the
translation), at the line of the block concerned, naming the Spanish block.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from judge.core import paths
from judge.core.errors import UsageProblem
from judge.core.model import LANGS, Block, Entry, Problem, Severity
from judge.core.text import fold
from judge.glossary import Glossary, in_document_order, known_games, scan
from judge.glossary.entryfile import FileReport
from judge.search.analysis import terms
from judge.translate import compare, meaning, spelling
from judge.translate.align import Lexicon, align
from judge.translate.compare import Pair
from judge.translate.meaning import Finding, Unit
from judge.translate.termbase import Matcher, name_keys, strip_name


@dataclass
class Context:
    """What the checks of one game share, computed once on first use."""

    glossary: Glossary
    game: str
    skipped: dict[str, str] = field(default_factory=dict)  # check id → why it did not run

    @cached_property
    def pairs(self) -> list[Pair]:
        return compare.pairs(self.glossary, self.game)

    @cached_property
    def entries(self) -> list[Entry]:
        return [e for e in self.glossary.entries if e.game == self.game]

    @cached_property
    def foreign(self) -> list[Foreign]:
        """Text in the other language: untranslated reports it, spelling skips it."""
        return _foreign(self)

    @cached_property
    def matchers(self) -> dict[str, Matcher]:
        return {lang: Matcher.for_entries(self.entries, lang) for lang in LANGS}

    @cached_property
    def speller(self) -> tuple[spelling.Checker | None, str]:
        """The spelling checker, or None and why it cannot run."""
        return spelling.checker(self.glossary.root / self.game, self.entries)

    @cached_property
    def lexicon(self) -> Lexicon:
        """The Spanish↔Czech word table, learned from this game's same-shape paragraph pairs and
        the term base's names (judge.translate.align)."""
        settings = meaning.vocabulary()["unaligned"]
        corpus = [(a.text, b.text) for pair in self.pairs for a, b in pair.blocks]
        corpus += [(es, cs) for pair in self.pairs for es in (pair.es.term, *pair.es.aliases)
                   for cs in (pair.cs.term, *pair.cs.aliases)]
        function_words = {lang: v.function_words for lang, v in compare.vocabularies().items()}
        return Lexicon.learn(corpus, settings["min_pairs"], settings["min_dice"], function_words)

    @cached_property
    def units(self) -> list[list[Unit]]:
        """Each concept's paragraphs in aligned groups, also where the two bodies differ in shape."""
        return [meaning.units(p.es, p.cs, align(p.es.blocks, p.cs.blocks, self.lexicon)) for p in self.pairs]

    def paragraphs(self) -> list[tuple[Unit, str, str, int, str]]:
        """(group, es text, cs text, cs line, label) of every group with a paragraph in both languages."""
        return [(u, u.text("es"), u.text("cs"), u.cs[0].line, u.label("cs"))
                for concept in self.units for u in concept if u.es and u.cs]


@dataclass(frozen=True)
class Foreign:
    """An untranslated finding: the problem, and the text of block `n` it is about."""

    problem: Problem
    lang: str
    id: str
    n: int
    text: str


@dataclass(frozen=True)
class Check:
    """A check of the registry; `severity` is the worst it reports (its comparisons are warnings)."""

    id: str
    severity: Severity
    explanation: str
    run: Callable[[Context], list[Problem]] | None  # None: reported while loading (validation)


@dataclass(frozen=True)
class BacklogItem:
    """An entry still to translate: its id, its term (and printed number) where it exists, and
    its file there, to open beside the new one."""

    id: str
    term: str
    number: str | None
    file: str


@dataclass(frozen=True)
class Backlog:
    """A language a game is being translated into here (no entry yet, or only imported ones, which
    carry a `status`): one summary rather than a missing-counterpart warning per entry, with the
    entries still to translate in the rulebook's order (`entries` counts them), and the drafts
    to review (`judge translate import` writes them; a reviewer sets `status: reviewed`)."""

    game: str
    lang: str
    entries: int
    missing: tuple[BacklogItem, ...]
    drafts: tuple[BacklogItem, ...] = ()


@dataclass(frozen=True)
class Summary:
    by_severity: dict[str, int] = field(hash=False)
    by_check: dict[str, int] = field(hash=False)
    entries: dict[str, int] = field(hash=False)
    skipped: dict[str, str] = field(hash=False, default_factory=dict)
    backlog: tuple[Backlog, ...] = ()


@dataclass(frozen=True)
class Report:
    game: str | None
    problems: tuple[Problem, ...]
    summary: Summary

    @property
    def exit_code(self) -> int:
        """1 when any problem is an error (DESIGN.md: `check` exits 1 on problems it reports)."""
        return 1 if self.summary.by_severity["error"] else 0

    def strict_exit_code(self) -> int:
        """`--strict`: warnings fail too."""
        return 1 if self.problems else 0

    def by_entry(self) -> dict[str, dict[str, tuple[Problem, ...]]]:
        """The report per entry, for the site's Translation status page: id → lang → problems."""
        found: dict[str, dict[str, list[Problem]]] = defaultdict(lambda: defaultdict(list))
        for problem in self.problems:
            found[problem.id or ""][problem.lang or ""].append(problem)
        return {i: {lang: tuple(ps) for lang, ps in langs.items()} for i, langs in found.items()}


def run_checks(
    glossary_root: Path | None = None,
    game: str | None = None,
    only: Iterable[str] = (),
    skip: Iterable[str] = (),
    lang: str | None = None,
) -> Report:
    """Validate the glossary (one game, or all) and run the selected translator checks on it."""
    root = glossary_root if glossary_root is not None else paths.glossary_root()
    if game is not None and game not in known_games(root):
        raise UsageProblem(f'unknown game "{game}" (known: {", ".join(known_games(root))})')
    selected = select(only, skip)
    glossary, problems = scan(root, game)
    skipped: dict[str, str] = {}
    backlogs: list[Backlog] = []
    for each_game in glossary.games():
        context = Context(glossary, each_game)
        for check in CHECKS:
            if check.id in selected and check.run is not None:
                problems += check.run(context)
        skipped.update(context.skipped)
        backlogs += backlog(context) if "missing-counterpart" in selected else []
    kept = [p for p in problems if p.check in selected and (lang is None or p.lang == lang)]
    ordered = tuple(sorted(kept, key=_grouping))
    wanted = tuple(b for b in backlogs if lang is None or b.lang == lang)
    return Report(game, ordered, replace(_summary(glossary, ordered, skipped), backlog=wanted))


def select(only: Iterable[str], skip: Iterable[str]) -> set[str]:
    """The check ids to run; UsageProblem with a "did you mean" for an unknown id."""
    known = [c.id for c in CHECKS]
    chosen, skipped = list(only), list(skip)
    for name in chosen + skipped:
        if name not in known:
            close = difflib.get_close_matches(name, known, 3, 0.5)
            hint = f" Did you mean: {', '.join(close)}?" if close else f" (known: {', '.join(known)})"
            raise UsageProblem(f'unknown check "{name}".{hint}')
    return set(chosen or known) - set(skipped)


# -- the checks -------------------------------------------------------------------------

def backlog(context: Context) -> list[Backlog]:
    """Each language the game is being translated into: what is left to translate, in the order
    the rulebook prints it (the order to translate in), and the drafts to review. A printed
    translation (agot2's Czech) has no backlog: missing-counterpart reports what it lacks; its
    imported drafts are still counted."""
    have = context.glossary.langs(context.game)
    if not have:
        return []
    source = in_document_order(e for e in context.entries if e.lang == have[0])
    found: list[Backlog] = []
    for lang in (lang for lang in LANGS if lang != have[0]):
        entries = {e.id: e for e in context.entries if e.lang == lang}
        missing = [_item(e) for e in source if e.id not in entries] if lang in _translating(context) else []
        drafts = [_item(d) for e in source if (d := entries.get(e.id)) is not None and d.status == "draft"]
        if missing or drafts:
            found.append(Backlog(context.game, lang, len(missing), tuple(missing), tuple(drafts)))
    return found


def _item(entry: Entry) -> BacklogItem:
    return BacklogItem(entry.id, entry.term, entry.number, paths.display(entry.path))


def _translating(context: Context) -> set[str]:
    """The languages of the game with no printed entry: none yet, or only imported translations."""
    printed = {e.lang for e in context.entries if e.status is None}
    return set(LANGS) - printed


def missing_counterpart(context: Context) -> list[Problem]:
    """An id present in one language of the game but not in another (DESIGN.md: valid, reported)."""
    glossary, game = context.glossary, context.game
    # A language being translated here has its backlog instead of a warning per entry.
    langs = [lang for lang in glossary.langs(game) if lang not in _translating(context)]
    problems: list[Problem] = []
    for entry_id in glossary.ids(game):
        variants = glossary.variants(game, entry_id)
        missing = [lang for lang in langs if lang not in variants]
        for entry in variants.values() if missing else ():
            message = f'no {", ".join(missing)} entry with id "{entry_id}"'
            problems.append(_problem("missing-counterpart", entry, entry.key_line("id"), message))
    return problems


def see_also_differs(context: Context) -> list[Problem]:
    """The same concept should cross-reference the same ids in every language.

    A target that has no entry in the lacking language is not counted: it cannot be linked
    there, and missing-counterpart (or validation, for an unknown id) already reports it.
    """
    glossary, game = context.glossary, context.game
    problems: list[Problem] = []
    for entry_id in glossary.ids(game):
        variants = glossary.variants(game, entry_id)
        for entry in variants.values():
            for other in variants.values():
                lacking = [t for t in other.see_also
                           if t not in entry.see_also and glossary.get(game, entry.lang, t) is not None]
                if lacking:
                    message = f"see_also: lacks {', '.join(lacking)} (present in {other.lang})"
                    problems.append(_problem("see-also-differs", entry, entry.key_line("see_also"), message))
    return problems


_MIN_WORDS_UNTRANSLATED = 3
_MIN_VOTES = 3


def untranslated(context: Context) -> list[Problem]:
    """A Czech block equal to its Spanish one, or a block or sentence that reads as the other language."""
    return [found.problem for found in context.foreign]


# A sentence ends at . ! ? : ; before a capital, an opening quote or bracket, or ¿ ¡.
_SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+(?=[¿¡„“«(\[*]*[^\W\d_])")


def _foreign(context: Context) -> list[Foreign]:
    found: list[Foreign] = []
    copied: set[tuple[str, int]] = set()
    for pair in context.pairs:
        for es, cs in pair.blocks:
            if " ".join(es.text.split()) == " ".join(cs.text.split()) and _letter_words(cs.text) >= _MIN_WORDS_UNTRANSLATED:
                copied.add((pair.cs.id, cs.n))
                problem = _problem("untranslated", pair.cs, cs.line, f"¶{cs.n}: same text as es ¶{es.n} (not translated?)")
                found.append(Foreign(problem, "cs", pair.cs.id, cs.n, cs.text))
    for entry in context.entries:
        if entry.lang == "cs":
            blocks = [b for b in entry.blocks if (entry.id, b.n) not in copied]
        else:
            blocks = list(entry.blocks)
        for block in blocks:
            found += _other_language(entry, block)
    return found


def _other_language(entry: Entry, block: Block) -> list[Foreign]:
    """The block if it reads as the other language, else each sentence of it that does."""
    other = "cs" if entry.lang == "es" else "es"
    if _reads_as(block.text, entry.lang, other):
        return [_foreign_finding(entry, block, other, block.text, f"¶{block.n}:")]
    sentences = _SENTENCE_END.split(block.text)
    return [_foreign_finding(entry, block, other, text, f'¶{block.n}: sentence "{_clip(text)}"')
            for text in sentences if len(sentences) > 1 and _reads_as(text, entry.lang, other)]


def _foreign_finding(entry: Entry, block: Block, other: str, text: str, what: str) -> Foreign:
    votes = compare.language_votes(text)
    message = f"{what} reads as {other} ({votes[other]} {other} function words, {votes[entry.lang]} {entry.lang})"
    return Foreign(_problem("untranslated", entry, block.line, message), entry.lang, entry.id, block.n, text)


def _reads_as(text: str, own: str, other: str) -> bool:
    votes = compare.language_votes(text)
    return votes[other] >= _MIN_VOTES and votes[other] > 2 * votes[own]


def _clip(text: str, width: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def references(context: Context) -> list[Problem]:
    """A body's "Ver “X”" / "Viz „X“" must name an entry of its language, the same concept in
    both languages; a see-also label in a body is a see_also left in the text."""
    names = _names_by_lang(context.entries)
    problems: list[Problem] = []
    named: dict[str, dict[str, set[str]]] = defaultdict(dict)
    labels = [v.see_also_label for v in compare.vocabularies().values()]
    for entry in context.entries:
        vocabulary = compare.vocabularies()[entry.lang]
        for block in entry.blocks:
            if any(block.text.startswith(label) for label in labels):
                message = f"¶{block.n}: a see-also line in the body (put its ids in see_also)"
                problems.append(_problem("references", entry, block.line, message))
            for match in vocabulary.reference.finditer(block.text):
                name = match.group("name")
                ids = names.get((entry.lang, fold(name))) or names.get((entry.lang, fold(strip_name(name))))
                if not ids:
                    message = f'¶{block.n}: "{name}" names no {entry.lang} entry (term or alias)'
                    problems.append(_problem("references", entry, block.line, message))
                else:
                    named[entry.id].setdefault(entry.lang, set()).update(ids)
    for entry_id, by_lang in named.items():
        if len(by_lang) == len(LANGS) and not set.intersection(*by_lang.values()):
            cs = context.glossary.get(context.game, "cs", entry_id)
            if cs is not None:
                message = f"body: refers to {', '.join(sorted(by_lang['cs']))} (es: {', '.join(sorted(by_lang['es']))})"
                problems.append(_problem("references", cs, cs.body_line, message))
    return problems


def _names_by_lang(entries: Iterable[Entry]) -> dict[tuple[str, str], set[str]]:
    """(lang, folded name) → ids, for every term and alias, with and without a step number."""
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for entry in entries:
        for name in (entry.term, *entry.aliases):
            found[(entry.lang, fold(name))].add(entry.id)
            found[(entry.lang, fold(strip_name(name)))].add(entry.id)
    return found


def numbers(context: Context) -> list[Problem]:
    """Digits, step numbers (4.2.3) and number words (dos/dva) must match between the languages."""
    problems: list[Problem] = []
    for unit, es_text, cs_text, line, label in context.paragraphs():
        if True:
            es, cs = compare.numbers(es_text, "es"), compare.numbers(cs_text, "cs")
            lacking, extra = cs.lacks(es), es.lacks(cs)
            if lacking or extra:
                parts = ([f"lacks {', '.join(lacking)} (in es)"] if lacking else [])
                parts += [f"has {', '.join(extra)} (not in es)"] if extra else []
                problems.append(_problem("numbers", unit.cs_entry, line, f"{label}: {'; '.join(parts)}"))
    return problems


def structure(context: Context) -> list[Problem]:
    """The same number of blocks, list items and numbered steps, with the same markers and step.
    Not reported: a paragraph one language prints as two, its sentences all there (a break only)."""
    problems: list[Problem] = []
    for n, pair in enumerate(context.pairs):
        es, cs = pair.es, pair.cs
        if es.step != cs.step:
            problems.append(_problem("structure", cs, cs.key_line("step"), f"step: {cs.step} (es: {es.step})"))
        if not pair.aligned and meaning.split_only(context.units[n]):
            continue
        if not pair.aligned:
            message = f"body: {_shape(cs.blocks)} (es: {_shape(es.blocks)})"
            if _shape(cs.blocks) == _shape(es.blocks):
                n, a, b = next((n, a, b) for n, (a, b) in enumerate(zip(es.blocks, cs.blocks), 1)
                               if compare.shape(a) != compare.shape(b))
                message = f"¶{n}: {_kind(b)} (es: {_kind(a)})"
            problems.append(_problem("structure", cs, cs.body_line, message))
            continue
        for a, b in pair.blocks:
            if a.kind == "numbered" and _marker_value(a.marker) != _marker_value(b.marker):
                problems.append(_problem("structure", cs, b.line, f"¶{b.n}: numbered {b.marker} (es: {a.marker})"))
    return problems


def icons(context: Context) -> list[Problem]:
    """The same icon placeholders ([military], [unique], …) in both languages (unknown ones are errors when loading)."""
    problems: list[Problem] = []
    for unit, es_text, cs_text, line, label in context.paragraphs():
        es, cs = Counter(compare.icons(es_text)), Counter(compare.icons(cs_text))
        if es != cs:
            lacking, extra = _icon_list(es - cs), _icon_list(cs - es)
            parts = ([f"lacks {lacking} (in es)"] if lacking else [])
            parts += [f"has {extra} (not in es)"] if extra else []
            problems.append(_problem("icons", unit.cs_entry, line, f"{label}: {'; '.join(parts)}"))
    return problems


def _icon_list(icons: Counter[str]) -> str:
    return " ".join(f"[{icon}]" + (f"×{n}" if n > 1 else "") for icon, n in sorted(icons.items()))


def key_terms(context: Context) -> list[Problem]:
    """Where the Spanish names one concept, the Czech must not name a sibling concept instead.

    Siblings are concepts whose names share their head word in both languages (the phases:
    *fase de Dominación* / *fáze nadvlády*, *fase de Reto* / *fáze výzev*) without one name
    containing the other (*modificadores* is not a sibling of *modificadores a la Reserva*).
    Measured on the real glossary, the looser rule "every Spanish mention needs the Czech
    term" flagged mostly paraphrases, so it is not reported.

    Beyond siblings, meaning.yaml's `confusables` name concept pairs a translation swaps in
    either direction (owner/controller, initiate/resolve, target/choose, step/turn, plot
    card/initiative card, challenge/challenges phase), from the term base's names and word lists.
    And, when meaning.yaml's `head_swaps` is set, a concept one language names and the other
    prints with another concept's head word (*balíček použitých plánů*, the plot deck's head on
    *hromádka použitých plánů*, the used pile).
    """
    es_matcher, cs_matcher = context.matchers["es"], context.matchers["cs"]
    keys = {lang: _keys_by_id(context.entries, lang) for lang in LANGS}
    term_of = {(e.lang, e.id): e.term for e in context.entries}
    names_of = {(e.lang, e.id): [strip_name(n) for n in (e.term, *e.aliases)] for e in context.entries}
    confusable = meaning.confusables(names_of)
    swap_words = meaning.head_swap_words()
    problems: list[Problem] = []
    for unit, es_text, cs_text, line, label in context.paragraphs():
        in_es = {m.id for m in es_matcher.mentions(es_text)}
        in_cs = {m.id for m in cs_matcher.mentions(cs_text)}
        for meant in sorted(in_es - in_cs):
            for named in sorted(in_cs - in_es):
                if meant != unit.es_entry.id and _siblings(keys, meant, named):
                    message = (f'{label}: names "{term_of.get(("cs", named), named)}" ({named}) where es names '
                               f'"{term_of.get(("es", meant), meant)}" ({meant}, cs "{term_of.get(("cs", meant), meant)}")')
                    problems.append(_problem("key-terms", unit.cs_entry, line, message))
        problems += _problems(meaning.confusions(unit, confusable))
        problems += _problems(meaning.head_swaps(unit, context.matchers, {"es": in_es, "cs": in_cs}, swap_words))
    return problems


def _keys_by_id(entries: Iterable[Entry], lang: str) -> dict[str, list[tuple[str, ...]]]:
    found: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    for entry in entries:
        if entry.lang == lang:
            found[entry.id] += [k for k in (name_keys(n, lang) for n in (entry.term, *entry.aliases)) if k]
    return found


def _siblings(keys: dict[str, dict[str, list[tuple[str, ...]]]], one: str, other: str) -> bool:
    for lang in LANGS:
        a, b = keys[lang].get(one, []), keys[lang].get(other, [])
        if not {k[0] for k in a} & {k[0] for k in b}:
            return False
        if any(set(x) <= set(y) or set(y) <= set(x) for x in a for y in b):
            return False
    return True


_REPEATED = re.compile(r"\b([^\W\d_]+)\s+\1\b", re.IGNORECASE)
_SPACE_BEFORE = re.compile(r"(?<=\S) +[,.;:!?)\]»”](?!\.)")
# Between two letters a double space is where an icon was lost: icon-gaps reports it.
_DOUBLE_SPACE = re.compile(r"(?<=\S)(?<![^\W\d_]) {2,}(?=\S)|(?<=\S) {2,}(?=\S)(?![^\W\d_])")
_STRONG = re.compile(r"(?<!\\)\*\*")
_EMPHASIS = re.compile(r"(?<![\\\w*])[*_](?=\S)|(?<=\S)(?<!\\)[*_](?![\w*])")
_BRACKETS = {")": "(", "]": "["}
# List markers "a)" "B)" (the board game and G&P enumerate so: "de dos formas: a) … o b) …"): one
# of the first letters closed by ")" between spaces. Not a bracket; "Apéndice I)" and "final de X)"
# close real ones, so I and X are not markers.
_LIST_MARKER = re.compile(r"(?:^|(?<=\s))[a-hA-H]\)(?=\s)")


def typography(context: Context) -> list[Problem]:
    """Unbalanced ** _ * ( [ and quotes, double spaces, a space before punctuation, repeated words."""
    problems: list[Problem] = []
    for entry in context.entries:
        quotes = compare.vocabularies()[entry.lang].quotes
        for block in entry.blocks:
            for message in _typography(block.text, block.kind == "table", quotes):
                problems.append(_problem("typography", entry, block.line, f"¶{block.n}: {message}"))
    return problems


def _typography(text: str, table: bool, quotes: tuple[tuple[str, str], ...]) -> list[str]:
    found: list[str] = []
    strong = len(_STRONG.findall(text))
    if strong % 2:
        found.append(f"unbalanced ** ({strong})")
    single = len(_EMPHASIS.findall(_STRONG.sub("", text)))
    if single % 2:
        found.append(f"unbalanced * or _ emphasis ({single})")
    bracket = _unbalanced_bracket(_LIST_MARKER.sub("", re.sub(r"\\[\[\]()]", "", text)))
    if bracket:
        found.append(f"unbalanced {bracket}")
    for opening, closing in quotes:
        if opening != closing and text.count(opening) != text.count(closing):
            found.append(f"unbalanced quotes {opening}{closing} ({text.count(opening)} {opening}, {text.count(closing)} {closing})")
    if not table and _DOUBLE_SPACE.search(text):
        found.append("double space")
    before = _SPACE_BEFORE.search(text) if not table else None
    if before:
        found.append(f'space before "{before.group(0).strip()}"')
    repeated = _REPEATED.search(text)
    if repeated:
        found.append(f'repeated word "{repeated.group(0)}"')
    return found


def _unbalanced_bracket(text: str) -> str | None:
    stack: list[str] = []
    for char in text:
        if char in "([":
            stack.append(char)
        elif char in _BRACKETS:
            if not stack or stack.pop() != _BRACKETS[char]:
                return f'"{char}"'
    return f'"{stack[-1]}"' if stack else None


def spelling_check(context: Context) -> list[Problem]:
    """Words hunspell-es / hunspell-cs do not know, less the project word list and the term base."""
    checker, notice = context.speller
    if checker is None:
        context.skipped["spelling"] = notice
        return []
    foreign: dict[tuple[str, str, int], list[str]] = defaultdict(list)
    for found in context.foreign:
        foreign[(found.lang, found.id, found.n)].append(found.text)
    problems: list[Problem] = []
    for entry in context.entries:
        for block in entry.blocks:
            text = block.text
            for other_language in foreign.get((entry.lang, entry.id, block.n), []):
                text = text.replace(other_language, " ")  # reported by untranslated
            unknown = checker.unknown(text, entry.lang)
            if unknown:
                message = f"¶{block.n}: unknown word{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}"
                problems.append(_problem("spelling", entry, block.line, message))
    return problems


def term_consistency(context: Context) -> list[Problem]:
    """One Spanish term, one Czech term: the same name in one language must not stand for
    concepts whose names in the other language differ (and the reverse)."""
    problems: list[Problem] = []
    by_name: dict[tuple[str, tuple[str, ...]], list[Entry]] = defaultdict(list)
    for entry in context.entries:
        if entry.kind in ("step", "section"):
            continue  # step and section headings are sentences, not terms
        for name in dict.fromkeys(k for k in (_whole_name(n, entry.lang) for n in (entry.term, *entry.aliases)) if k):
            by_name[(entry.lang, name)].append(entry)
    for (lang, _), entries in sorted(by_name.items()):
        other = "cs" if lang == "es" else "es"
        if len({e.id for e in entries}) < 2:
            continue
        rendered = {e.id: context.glossary.get(context.game, other, e.id) for e in entries}
        renderings = {_whole_name(c.term, other) for c in rendered.values() if c is not None}
        if len(renderings) < 2 or any(_redirects_to(e, entries) for e in entries):
            continue
        first, *rest = sorted(entries, key=lambda e: e.id)
        others = [f'{e.id} ("{c.term}")' for e in rest if (c := rendered[e.id]) is not None]
        own = rendered[first.id]
        message = (f'term: "{first.term}" names {first.id} ("{own.term if own else "—"}" in {other}) and also '
                   f'{", ".join(others)}: one {lang} name, different {other} terms')
        problems.append(_problem("term-consistency", first, first.key_line("term"), message))
    return problems


def _whole_name(name: str, lang: str) -> tuple[str, ...]:
    """A name as stems, stop words kept: *en lugar de* (instead) is not *Lugar* (location)."""
    return tuple(terms(strip_name(name), lang, keep_stop_words=True))


def _redirects_to(entry: Entry, group: list[Entry]) -> bool:
    """A redirect naming its target by the target's name is the same concept, not a clash."""
    return entry.kind == "redirect" and any(entry.redirect == other.id for other in group)


def _problems(findings: Iterable[Finding]) -> list[Problem]:
    return [_problem(f.check, f.entry, f.line, f.message) for f in findings]


def quantities(context: Context) -> list[Problem]:
    """both/all, most/many/some, N or more, at most N: said differently in an aligned paragraph pair."""
    return _problems(f for concept in context.units for u in concept for f in meaning.quantities(u))


def modality(context: Context) -> list[Problem]:
    """may/must/cannot read per sentence, a condition or a "sometimes" said in one language only."""
    return _problems(f for concept in context.units for u in concept for f in meaning.modality(u))


def page_references(context: Context) -> list[Problem]:
    """A page or place both languages point to, and it differs."""
    return _problems(f for concept in context.units for u in concept for f in meaning.page_references(u))


def icon_gaps(context: Context) -> list[Problem]:
    """Where an icon was lost: a double space, a stray ♣, a space before a closing quote, a missing table column."""
    return _problems(f for concept in context.units for u in concept for f in meaning.icon_gaps(u))


def unaligned(context: Context) -> list[Problem]:
    """A paragraph with no counterpart, or a clause whose words find no translation across."""
    return _problems(f for concept in context.units for f in meaning.unaligned(concept, context.lexicon))


def language(context: Context) -> list[Problem]:
    """A paragraph or sentence that lingua reads as another language (Slovak, Spanish, Czech), and
    word forms of another language that hunspell does not know (meaning.yaml's `foreign_forms`)."""
    if not meaning.detector_available():
        context.skipped["language"] = "lingua is not installed (pip install -e '.[langid]')"
        return []
    copied = {(f.lang, f.id, f.n) for f in context.foreign}
    known = _vocabularies(context)
    found = _problems(f for e in context.entries for b in e.blocks if (e.lang, e.id, b.n) not in copied
                      for f in meaning.language(e, b, known.get(e.lang)))
    meaning.save_confidences()
    return found


def _vocabularies(context: Context) -> dict[str, meaning.Vocabulary]:
    """Per language, the words hunspell and the word list know and the words the paragraphs use;
    none when hunspell is not installed (then only paragraphs and sentences are read)."""
    checker, _ = context.speller
    if checker is None:
        return {}
    used = {lang: frozenset(w.lower() for e in context.entries if e.lang == lang for b in e.blocks
                            for w in re.findall(r"[^\W\d_]+", b.text)) for lang in LANGS}
    # Only the few words that read as another language's forms need the dictionary's verdict:
    # asking for them alone spares loading the whole Czech dictionary (≈ 8 s) when spelling is skipped.
    unknown = {lang: checker.unknown_forms((w for e in context.entries if e.lang == lang for b in e.blocks
                                            for w in meaning.foreign_candidates(b.text, lang, used[lang])), lang)
               for lang in LANGS}
    return {lang: meaning.Vocabulary(unknown[lang].__contains__, used[lang]) for lang in LANGS}


CHECKS: tuple[Check, ...] = (
    Check("validation", "error", "files that do not load: YAML, required keys, ids, kinds, raw HTML, unknown see-also ids (unknown keys: warning)", None),
    Check("missing-counterpart", "warning", "an entry in one language only", missing_counterpart),
    Check("untranslated", "warning", "a Czech block equal to the Spanish one, or a block or sentence that reads as the other language", untranslated),
    Check("see-also-differs", "warning", "see_also lists that differ between the languages", see_also_differs),
    Check("references", "warning", "a Ver “X” / Viz „X“ in a body that names no entry, or another concept than the other language", references),
    Check("numbers", "warning", "digits, step numbers (4.2.3) and number words (dos/dva) that differ between the languages", numbers),
    Check("structure", "warning", "a different number or shape of blocks, list items or numbered steps, or a different step", structure),
    Check("icons", "error", "unknown icon placeholders (error), icons in one language and not the other (warning)", icons),
    Check("key-terms", "warning", "the Czech names a sibling or confusable concept where the Spanish names another (owner/controller)", key_terms),
    Check("typography", "warning", "unbalanced ** _ ( [ or quotes, double spaces, space before punctuation, repeated words", typography),
    Check("spelling", "warning", "words unknown to hunspell-es/-cs and the word list (skipped when not installed)", spelling_check),
    Check("term-consistency", "warning", "one term standing for concepts that the other language names differently", term_consistency),
    Check("quantities", "warning", "both/all, most/many, N or more, at most N said differently in a paragraph pair", quantities),
    Check("modality", "warning", "may/must/cannot that differ in a sentence pair, or a condition in one language only", modality),
    Check("page-references", "warning", "page or place references that differ where both languages print one", page_references),
    Check("unaligned", "warning", "a paragraph with no counterpart, or a clause whose words find no translation", unaligned),
    Check("language", "warning", "a paragraph, sentence or word form that reads as another language, Slovak included (lingua)", language),
    Check("icon-gaps", "warning", "a double space, stray ♣ or missing table column where an icon was lost", icon_gaps),
)


def _problem(check: str, entry: Entry, line: int, message: str) -> Problem:
    """A warning: what the checks find is for a translator to judge. Errors (a file that does
    not load, an unknown icon) come from loading, reported under `validation` or `icons`."""
    report = FileReport(entry.path, entry.lang, check)
    report.warning(line, message)
    return report.problems[0]


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def _marker_value(marker: str) -> int:
    """3. → 3, IV. → 4: Czech numbers some steps I. II. III. where Spanish prints 1. 2. 3."""
    bare = marker.rstrip(".")
    if bare.isdigit():
        return int(bare)
    values = [_ROMAN[c] for c in bare]
    return sum(-v if v < nxt else v for v, nxt in zip(values, [*values[1:], 0]))


def _kind(block: Block) -> str:
    return f"{block.kind} at depth {block.depth}" if block.depth else block.kind


def _letter_words(text: str) -> int:
    return len(re.findall(r"[^\W\d_]{2,}", text))


def _shape(blocks: tuple[Block, ...]) -> str:
    counts = Counter(b.kind for b in blocks)
    parts = [f"{n} {kind}" for kind, n in sorted(counts.items())]
    return f"{len(blocks)} block{'' if len(blocks) == 1 else 's'} ({', '.join(parts)})"


def _grouping(problem: Problem) -> tuple[str, int, str, int]:
    """Problems of one concept together, languages in LANGS order, each file's in line order."""
    lang = LANGS.index(problem.lang) if problem.lang in LANGS else len(LANGS)
    return problem.id or "", lang, problem.file, problem.line or 0


def _summary(glossary: Glossary, problems: tuple[Problem, ...], skipped: dict[str, str]) -> Summary:
    severities = Counter(p.severity for p in problems)
    per_lang = Counter(e.lang for e in glossary.entries)
    return Summary(
        by_severity={"error": severities["error"], "warning": severities["warning"]},
        by_check=dict(sorted(Counter(p.check for p in problems).items())),
        entries={lang: per_lang[lang] for lang in LANGS},
        skipped=skipped,
    )
