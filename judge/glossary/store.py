"""Load and validate glossary/<game>/<lang>/<id>.md into one in-memory model.

`validate` collects every problem; `load` returns a Glossary or raises InvalidGlossary listing
every error, so nothing is ever half-loaded.
"""

from __future__ import annotations

import pickle
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.core import compiled, paths
from judge.core.errors import EntryNotFound, InvalidGlossary, UsageProblem
from judge.core.model import DEFAULT_GAME, LANGS, Entry, Problem
from judge.core.text import fold

if TYPE_CHECKING:
    from judge.glossary.listing import ConceptRow, Listing, ListingSummary
    from judge.glossary.views import Concept, EntryView, Link

# Parsing (judge.glossary.entryfile) and the reader's views (judge.glossary.views) are imported
# where they are used: a command that finds the glossary compiled parses nothing, and only
# show and list hand out views.

__all__ = ["Glossary", "load", "validate", "scan"]

_SUGGESTIONS = 5
_MIN_WORD = 4  # shorter words (de, la, se) would make every name "close"
# No name is longer than ~80 characters: a longer query is near none of them, and comparing it
# with each name (difflib) would take seconds.
_MAX_CLOSE = 120


def load(root: Path | None = None) -> Glossary:
    """The glossary at `root` (default: paths.glossary_root()); InvalidGlossary if it has errors.

    A valid glossary is kept compiled in the user's cache (judge.core.compiled) and read from
    there while no file of it changes; `validate` and `scan` (the checks) always parse."""
    root = root if root is not None else paths.glossary_root()
    key = compiled.files_key([root], "glossary")
    cache = compiled.path_for("glossary", root) if key else None
    if key and cache:
        stored = compiled.read(cache, key)
        if isinstance(stored, Glossary) and stored.root == root:
            return stored
    glossary, problems = validate(root)
    if glossary is None:
        raise InvalidGlossary(problems)
    if key and cache:
        compiled.write(cache, key, glossary)
    return glossary


def validate(root: Path | None = None) -> tuple[Glossary | None, list[Problem]]:
    """Every problem of the glossary, and the Glossary itself when none of them is an error."""
    glossary, problems = scan(root if root is not None else paths.glossary_root())
    has_errors = any(p.severity == "error" for p in problems)
    return (None if has_errors else glossary), problems


def scan(root: Path, game: str | None = None) -> tuple[Glossary, list[Problem]]:
    """Like validate, but always returns what did load (for reports on a broken glossary)."""
    from judge.glossary.entryfile import FileReport

    if not root.is_dir():
        report = FileReport(root, None)
        report.error(None, "glossary: folder not found")
        return Glossary(root, ()), report.problems
    entries: list[Entry] = []
    problems: list[Problem] = []
    for game_dir in _children(root):
        if game is None or game_dir.name == game:
            game_entries, game_problems = _scan_game(game_dir)
            entries += game_entries
            problems += game_problems
    return Glossary(root, entries), sorted(problems, key=_problem_order)


def known_games(root: Path) -> list[str]:
    """The game folders of the glossary, loaded or not."""
    return [p.name for p in _children(root)] if root.is_dir() else []


def _children(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def _scan_game(game_dir: Path) -> tuple[list[Entry], list[Problem]]:
    from judge.glossary.entryfile import FileReport

    entries: list[Entry] = []
    problems: list[Problem] = []
    claimed: set[str] = set()  # ids named by files, loaded or not: no cascade of unknown-id errors
    for lang_dir in _children(game_dir):
        if lang_dir.name not in LANGS:
            report = FileReport(lang_dir, None)
            report.error(None, f'lang: unknown language folder "{lang_dir.name}" (known: {", ".join(LANGS)})')
            problems += report.problems
            continue
        for path in sorted(lang_dir.iterdir()):
            entry, file_problems = _read_entry(path, game_dir.name, lang_dir.name)
            entries += [entry] if entry is not None else []
            claimed |= {path.stem} if path.suffix == ".md" else set()
            problems += file_problems
    entries, duplicates = _drop_duplicates(entries)
    references = _reference_problems(entries, claimed | {e.id for e in entries})
    return entries, problems + duplicates + references + _cycle_problems(entries)


def _read_entry(path: Path, game: str, lang: str) -> tuple[Entry | None, list[Problem]]:
    from judge.glossary.entryfile import FileReport, parse_file

    if path.name.startswith("."):
        return None, []
    report = FileReport(path, lang)
    if path.suffix != ".md" or not path.is_file():
        report.warning(None, "file: not an entry (entries are <id>.md); ignored")
        return None, report.problems
    try:
        data = path.read_bytes()
    except OSError as exc:
        report.error(None, f"file: cannot be read ({exc.strerror})")
        return None, report.problems
    return parse_file(data, path, game, lang)


def _drop_duplicates(entries: list[Entry]) -> tuple[list[Entry], list[Problem]]:
    """Keep one entry per (lang, id): the file named after the id, else the first by name."""
    groups: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in entries:
        groups[(entry.lang, entry.id)].append(entry)
    kept: list[Entry] = []
    problems: list[Problem] = []
    for group in groups.values():
        owner = next((e for e in group if e.path.stem == e.id), group[0])
        kept.append(owner)
        for other in (e for e in group if e is not owner):
            message = f'id: duplicate id "{other.id}" (also in {paths.display(owner.path)})'
            problems += _entry_problem(other, "id", message)
    return kept, problems


def _reference_problems(entries: list[Entry], ids: set[str]) -> list[Problem]:
    """see_also and redirect must name an id of the same game, in any of its languages."""
    problems: list[Problem] = []
    for entry in entries:
        targets = [("see_also", t) for t in entry.see_also]
        targets += [("redirect", entry.redirect)] if entry.kind == "redirect" and entry.redirect else []
        for key, target in targets:
            if target not in ids:
                problems += _entry_problem(entry, key, f'{key}: unknown id "{target}" (no such entry in {entry.game})')
    return problems


def _cycle_problems(entries: list[Entry]) -> list[Problem]:
    glossary = Glossary(Path(), entries)
    problems: list[Problem] = []
    for entry in entries:
        chain = glossary.redirect_chain(entry)
        if len(chain) > 1 and chain[-1] is entry:
            ids = " → ".join(e.id for e in chain)
            problems += _entry_problem(entry, "redirect", f"redirect: cycle {ids}")
    return problems


def _entry_problem(entry: Entry, key: str, message: str) -> list[Problem]:
    from judge.glossary.entryfile import FileReport

    report = FileReport(entry.path, entry.lang)
    report.error(entry.key_line(key), message)
    return report.problems


def _problem_order(problem: Problem) -> tuple[str, int]:
    return problem.file, problem.line or 0


class Glossary:
    """Every entry of every game and language, with lookup by id, term and alias.

    Pickled (the compiled glossary, the catalogue) as its name index and each entry pickled on
    its own: an unpickled glossary unpickles an entry when it is first asked for, so `judge
    show` reads the index and one concept, not 573 entries. `entries` unpickles them all."""

    def __init__(self, root: Path, entries: Iterable[Entry]) -> None:
        self.root = root
        ordered = tuple(sorted(entries, key=_entry_order))
        self._loaded: list[Entry | None] = list(ordered)
        self._all: tuple[Entry, ...] | None = ordered  # every entry, once all are unpickled
        self._blobs: tuple[bytes, ...] = ()
        self._keys = tuple((e.game, e.lang, e.id) for e in ordered)
        # (folded name, name, the entry's position) for every id, term and alias
        self._names = [(fold(name), name, i) for i, e in enumerate(ordered) for name in (e.id, e.term, *e.aliases)]
        self._by_key = {key: i for i, key in enumerate(self._keys)}

    def __getstate__(self) -> dict[str, object]:
        blobs = [pickle.dumps(self._entry(i), pickle.HIGHEST_PROTOCOL) for i in range(len(self._keys))]
        return {"root": self.root, "keys": self._keys, "names": self._names, "blobs": tuple(blobs)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.root = state["root"]
        self._keys = state["keys"]
        self._names = state["names"]
        self._blobs = state["blobs"]
        self._loaded = [None] * len(self._keys)
        self._all = None
        self._by_key = {key: i for i, key in enumerate(self._keys)}

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry, ordered by game (agot2 first), id and language."""
        if self._all is None:  # made once: callers walk it in loops
            self._all = tuple(self._entry(i) for i in range(len(self._keys)))
        return self._all

    def _entry(self, i: int) -> Entry:
        found = self._loaded[i]
        if found is None:
            found = self._loaded[i] = self._unpickled(i)
        return found

    def _unpickled(self, i: int) -> Entry:
        """Entry `i` from its pickle; a damaged one is parsed again from its glossary's files
        (InvalidGlossary when they are not there to parse, or no longer hold it)."""
        try:
            entry = pickle.loads(self._blobs[i])
        except Exception:  # noqa: BLE001 - a damaged part of the compiled glossary: parse instead
            entry = None
        if isinstance(entry, Entry) and (entry.game, entry.lang, entry.id) == self._keys[i]:
            return entry
        parsed, problems = validate(self.root)
        again = parsed.get(*self._keys[i]) if parsed is not None else None
        if again is None:
            raise InvalidGlossary(problems or [_damaged(self.root)])
        return again

    def __len__(self) -> int:
        return len(self._keys)

    def get(self, game: str, lang: str, entry_id: str) -> Entry | None:
        i = self._by_key.get((game, lang, entry_id))
        return None if i is None else self._entry(i)

    def games(self) -> list[str]:
        return sorted({key[0] for key in self._keys})

    def langs(self, game: str) -> list[str]:
        present = {key[1] for key in self._keys if key[0] == game}
        return [lang for lang in LANGS if lang in present]

    def ids(self, game: str) -> list[str]:
        return sorted({key[2] for key in self._keys if key[0] == game})

    def variants(self, game: str, entry_id: str) -> dict[str, Entry]:
        """The entries of one concept, by language (in LANGS order)."""
        found = ((lang, self.get(game, lang, entry_id)) for lang in LANGS)
        return {lang: entry for lang, entry in found if entry is not None}

    def require_game(self, game: str | None) -> None:
        """UsageProblem when `game` is given but the glossary has no such game."""
        games = self.games()
        if game is not None and games and game not in games:
            raise UsageProblem(f'unknown game "{game}" (known: {", ".join(games)})')

    def pick_game(self, game: str | None) -> str | None:
        """The game to work on: `game` if known, else agot2, else the first one (None if empty)."""
        self.require_game(game)
        games = self.games()
        if game is not None or not games:
            return game
        return DEFAULT_GAME if DEFAULT_GAME in games else games[0]

    # -- redirects ------------------------------------------------------------------------

    def redirect_chain(self, entry: Entry) -> list[Entry]:
        """entry, then each redirect target in turn; stops at a non-redirect, a gap or a repeat."""
        chain = [entry]
        while chain[-1].kind == "redirect" and chain[-1].redirect:
            target = self._counterpart(chain[-1].game, chain[-1].redirect, entry.lang)
            if target is None:
                break
            chain.append(target)
            if target in chain[:-1]:
                break
        return chain

    def resolve(self, entry: Entry) -> Entry | None:
        """The entry a redirect leads to (the entry itself if not a redirect); None on a cycle or gap."""
        chain = self.redirect_chain(entry)
        last = chain[-1]
        if last.kind == "redirect" or last in chain[:-1]:
            return None
        return last

    def _counterpart(self, game: str, entry_id: str, lang: str) -> Entry | None:
        """The entry in `lang`, else in the first other language that has it."""
        variants = self.variants(game, entry_id)
        return variants.get(lang) or next(iter(variants.values()), None)

    # -- lookup ---------------------------------------------------------------------------

    def find(self, query: str, game: str | None = None, lang: str | None = None) -> list[Entry]:
        """Entries whose id, term or alias matches, ignoring case and accents: exact matches
        first, then names starting with the query, then names containing it."""
        return [self._entry(i) for _, i in self._ranked(query, game, lang)]

    def _ranked(self, query: str, game: str | None, lang: str | None, prefer: str | None = None) -> list[tuple[int, int]]:
        """(rank, entry position) of each matching entry, best first."""
        key = fold(query)
        best: dict[int, int] = {}
        for name, _, i in self._candidates(game, lang):
            rank = _match_rank(key, name)
            if key and rank is not None and rank < best.get(i, 3):
                best[i] = rank
        keys = self._keys
        return sorted(((rank, i) for i, rank in best.items()),
                      key=lambda item: (item[0], keys[item[1]][1] != prefer, _key_order(keys[item[1]])))

    def _candidates(self, game: str | None, lang: str | None) -> Iterator[tuple[str, str, int]]:
        keys = self._keys
        for folded, name, i in self._names:
            if (game is None or keys[i][0] == game) and (lang is None or keys[i][1] == lang):
                yield folded, name, i

    def suggest(self, query: str, game: str | None = None, lang: str | None = None) -> list[str]:
        """Names close to `query` for a "did you mean": names containing it (shortest first),
        then near spellings of a whole name or, for a one-word query, of one of its words."""
        key = fold(query)
        if not key:
            return []
        candidates = list(self._candidates(game, lang))
        partial = sorted((rank, len(name), name) for folded, name, _ in candidates
                         if (rank := _match_rank(key, folded)) is not None)
        close = _close_names(key, [(folded, name) for folded, name, _ in candidates]) if len(key) <= _MAX_CLOSE else []
        unique = dict.fromkeys([*(name for _, _, name in partial), *close])
        return list(unique)[:_SUGGESTIONS]

    def lookup(self, query: str, game: str | None = None, lang: str | None = None) -> Entry:
        """The one entry `query` names, preferring `lang`; EntryNotFound with suggestions if none.

        The query may be in any language: `judge show zrušit --lang es` finds the concept by its
        Czech term. A partial match is accepted only when the query matches no other concept,
        and, without `game`, only in the default game: a whole name finds its entry in any game,
        a piece of one does not cross into another game ("not" is not *not-enough-order-tokens*).
        """
        ranked = self._ranked(query, game, None, prefer=lang)
        if game is None:
            home = self.pick_game(None)
            ranked = [(rank, i) for rank, i in ranked if rank == 0 or self._keys[i][0] == home]
        if not ranked:
            raise EntryNotFound(query, self.suggest(query, game, None))
        concepts = {(self._keys[i][0], self._keys[i][2]) for _, i in ranked}
        if ranked[0][0] > 0 and len(concepts) > 1:
            raise EntryNotFound(query, self.suggest(query, game, None))
        return self._entry(ranked[0][1])

    def concept(self, query: str, game: str | None, langs: tuple[str, ...]) -> Concept:
        """The concept `query` names, as a view per requested language."""
        self.require_game(game)
        found = self.lookup(query, game, langs[0])
        variants = self.variants(found.game, found.id)
        if len(langs) == 1 and langs[0] not in variants:
            raise EntryNotFound(query, lang=langs[0], available=list(variants))
        return self._concept(found.game, found.id, langs)

    def _concept(self, game: str, entry_id: str, langs: tuple[str, ...]) -> Concept:
        from judge.glossary.views import Concept

        variants = self.variants(game, entry_id)
        views = {lang: self.view(variants[lang]) if lang in variants else None for lang in langs}
        # A redirect's target in every requested language, even where the redirect itself is
        # missing; targets are never redirects, so this recursion is one level deep.
        target_id = next((v.target.entry.id for v in views.values() if v and v.target), None)
        target = self._concept(game, target_id, langs) if target_id else None
        return Concept(game, entry_id, views, target)

    def view(self, entry: Entry) -> EntryView:
        """The entry with its see-also terms and, for a redirect, the view of its target."""
        from judge.glossary.views import EntryView

        links = tuple(self._link(entry, target) for target in entry.see_also)
        # resolve() never returns a redirect, so this recursion is one level deep.
        resolved = self.resolve(entry) if entry.kind == "redirect" else None
        return EntryView(entry, links, self.view(resolved) if resolved else None)

    def _link(self, entry: Entry, target_id: str) -> Link:
        from judge.glossary.views import Link

        target = self._counterpart(entry.game, target_id, entry.lang)
        return Link(target_id, target.term, target.lang) if target else Link(target_id, target_id, None)

    # -- listing --------------------------------------------------------------------------

    def listing(self, game: str | None, lang: str = "all", kind: str | None = None) -> Listing:
        """One row per concept of `game`, filtered by language presence and kind."""
        from judge.glossary.listing import Listing

        rows = [self._row(game, entry_id) for entry_id in self.ids(game)] if game else []
        rows = [r for r in rows if (lang == "all" or r.terms.get(lang)) and (kind is None or r.kind == kind)]
        return Listing(game, tuple(rows), _summary(rows))

    def _row(self, game: str, entry_id: str) -> ConceptRow:
        from judge.glossary.listing import ConceptRow

        variants = self.variants(game, entry_id)
        first = next(iter(variants.values()))
        terms = {lang: variants[lang].term if lang in variants else None for lang in LANGS}
        return ConceptRow(entry_id, first.kind, terms)


def _summary(rows: list[ConceptRow]) -> ListingSummary:
    from judge.glossary.listing import KindCount, ListingSummary

    es_only = [r for r in rows if r.terms["es"] and not r.terms["cs"]]
    cs_only = [r for r in rows if r.terms["cs"] and not r.terms["es"]]
    both = [r for r in rows if r.terms["es"] and r.terms["cs"]]
    per_kind: dict[str, KindCount] = {}
    for kind in sorted({r.kind for r in rows}):
        per_kind[kind] = KindCount(
            both=sum(r.kind == kind for r in both),
            es_only=sum(r.kind == kind for r in es_only),
            cs_only=sum(r.kind == kind for r in cs_only),
        )
    return ListingSummary(len(rows), len(both), len(es_only), len(cs_only), per_kind)


def _close_names(key: str, names: list[tuple[str, str]]) -> list[str]:
    """Display names whose folded form (or, for a one-word key, one of whose words) is near `key`."""
    import difflib  # only for a name that matches nothing: not at every start

    whole: dict[str, str] = {}
    words: dict[str, str] = {}
    for folded, name in names:
        whole.setdefault(folded, name)
        for word in folded.split():
            if len(word) >= _MIN_WORD and " " not in key:
                words.setdefault(word, name)
    found = [whole[m] for m in difflib.get_close_matches(key, list(whole), _SUGGESTIONS, 0.6)]
    found += [words[m] for m in difflib.get_close_matches(key, list(words), _SUGGESTIONS, 0.8)]
    return found


def _match_rank(key: str, name: str) -> int | None:
    if name == key:
        return 0
    if name.startswith(key):
        return 1
    # Within a name, only from the start of a word: "reacion" (a typo of reacción) is not the
    # middle of "creacion de mazos".
    return 2 if f" {key}" in f" {name}" else None


def _entry_order(entry: Entry) -> tuple[bool, str, str, int]:
    return _key_order((entry.game, entry.lang, entry.id))


def _key_order(key: tuple[str, str, str]) -> tuple[bool, str, str, int]:
    game, lang, entry_id = key
    return game != DEFAULT_GAME, game, entry_id, LANGS.index(lang)


def _damaged(root: Path) -> Problem:
    return Problem("glossary", "error", None, None, paths.display(root),
                   None, "glossary: the compiled glossary is damaged and its files cannot be parsed")


def in_document_order(entries: Iterable[Entry]) -> list[Entry]:
    """Entries as their rulebook prints them: by source file and line; entries without a source
    (a redirect added for a form people type) last, by id."""
    return sorted(entries, key=lambda e: (e.source is None, e.source.doc if e.source else "",
                                          e.source.line if e.source else 0, e.id))
