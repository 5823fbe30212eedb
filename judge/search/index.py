"""Full-text search over the glossary: the Whoosh index, its cache, and ranked hits.

The only module that imports whoosh (so it can be replaced). Documents, one per entry and
language plus one per body block:

| field | holds |
| --- | --- |
| `doctype` | `entry`, `block` or `vocabulary` |
| `key` | `game/lang/id`: an entry, or the entry a block belongs to |
| `game`, `lang`, `step` | filters, and the step number (`4.2.1`) as a name |
| `name` | folded exact names (term, its parts, aliases, id, and the names of redirects to it) |
| `term_es` … `body_cs` | an entry's text per language, analysed by `judge.search.analysis` (phrases) |
| `block_es`, `block_cs` | a block's terms: their statistics score the blocks (BM25) |
| `spell_es`, `spell_cs` | the folded words of a language (one vocabulary document each): typos |
| stored | `id`, `kind`, `title`, `blocks` (¶, text, length, where each term is), `counterpart`, `words` (vocabulary) |

Ranking: BM25F over term (×4), aliases (×3) and body (×1), an exact name ×12, multiplied by
COORD ** (share of the query's words matched). A word no language knows is replaced by the
words of the vocabulary one or two edits away (×0.5). Both languages are searched at once,
each with its own analyzer on its own fields. A query of words (no prefix, no phrase) is scored
in Python from its terms' postings exactly as whoosh scores it (_top: the same floats, order and
matched terms, without whoosh's matcher tree and collector); prefixes and phrases go to whoosh.

The ¶ a hit cites is its block that the query's terms score best under the same BM25 as a
search of the `block_*` field, computed in Python from the terms each block stored with its
entry (`blocks`): no second search. The words its snippet marks are those stored places too.

A redirect is not a document of its own: its term and aliases are indexed as aliases of the
entry it leads to, so `fase de reto` ranks *4.1 Empieza la fase de Reto* first.

The index is cached under the user's cache directory, keyed by a hash of the glossary files and
of the analyzer, built in a temporary folder and swapped in by renaming (readers never see half
an index), under a file lock so two builders cannot interleave.
"""

from __future__ import annotations

import functools
import hashlib
import heapq
import json
import math
import os
import re
import shutil
import sys
import tempfile
import time
import types
import zlib
from bisect import bisect_right
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any



def _import_whoosh_reading() -> None:
    """whoosh.reading takes `cached_property` from the package of that name, for one plain
    property; that package imports asyncio (≈30 ms, an eighth of a cold `judge search`). The
    standard library's functools.cached_property (the same caching) stands in while
    whoosh.reading is imported, and only then: any later importer gets the real package."""
    if "whoosh.reading" in sys.modules or "cached_property" in sys.modules:
        return
    stand_in = types.ModuleType("cached_property")
    stand_in.cached_property = functools.cached_property  # type: ignore[attr-defined]
    sys.modules["cached_property"] = stand_in
    try:
        import whoosh.reading  # noqa: F401
    finally:
        if sys.modules.get("cached_property") is stand_in:
            del sys.modules["cached_property"]


_import_whoosh_reading()

from whoosh import index as whoosh_index  # noqa: E402
from whoosh.codec.whoosh3 import W3Codec
from whoosh.analysis import Filter, RegexTokenizer, Token
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.index import Index
from whoosh.query import And, Prefix, Query, Sequence, Term
from whoosh.query import Or as _WhooshOr
from whoosh.reading import IndexReader, TermInfo, TermNotFound
from whoosh.scoring import BM25F, bm25
from whoosh.searching import Searcher
from whoosh.util.numeric import byte_to_length, length_to_byte

from judge import glossary
from judge.core import compiled, paths
from judge.core.errors import EntryNotFound, JudgeError, NoHits, UsageProblem, shorten
from judge.core.model import LANGS, Entry
from judge.core.text import fold, nfc
from judge.search import analysis
from judge.search.model import Counterpart, Hit, IndexInfo, SearchResult

if TYPE_CHECKING:
    from judge.glossary.views import Concept

try:  # POSIX; elsewhere builders are not serialised (the rename still keeps readers safe)
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

# Part of the cache key, with the source of this module and of judge/search/analysis.py.
INDEX_VERSION = "3"  # 2: blocks stored with their entry, with their terms; 3: and their places
DEFAULT_LIMIT = 10
MAX_WORDS = 32  # a pasted page is searched by its first words, not refused
# A prefix shorter than this (`a*`) would expand to most of the vocabulary (seconds per query):
# it is searched as a word. A word longer than MAX_TYPO_WORD is no typo of a rules word, and
# correcting it would compare it with the whole vocabulary.
MIN_PREFIX = 3
MAX_TYPO_WORD = 30
MAX_STEPS = 4
SNIPPET_CHARS = 160

# Weights of a query word per field; an exact name (the whole query is a term or alias) wins.
BOOST = {"name": 12.0, "term": 4.0, "aliases": 3.0, "body": 1.0}
FUZZY_WEIGHT = 0.5   # a typo-corrected word counts half
PREFIX_WEIGHT = 0.8
# `judge show` takes the top hit only when it is clearly ahead of the next concept, and NAMED:
# every content word of the query matched, one of them in a name (_Builder.evidence).
UNAMBIGUOUS_RATIO = 1.5
NO_EVIDENCE, EVERY_WORD, NAMED = 0, 1, 2
# Ranking looks at this many candidates before coordination reorders them.
CANDIDATES = 40
# Coordination: the score is multiplied by COORD ** (share of query words matched), so an entry
# with more of the words ranks first and BM25 orders entries with the same share (Lucene's
# coord, made steep: measured on tests/search_queries.yaml, 2 → 0.96/0.93 MRR, 16 → 0.99/0.96).
COORD = 16.0

_QUERY_TOKEN = re.compile(r'"([^"]*)"|(\w+)(\*?)')
_STEP = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w])")  # a framework step: 4.2.1
_WORD_SPAN = re.compile(r"\w+")
_MARKDOWN = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>])|[*_`]")


class IndexUnavailable(JudgeError):
    """The index can be neither opened nor built (exit 2)."""


class Or(_WhooshOr):
    """Or as a tree of union matchers. whoosh's default for small indexes preloads an array
    over every document for each Or: ten times slower for our nested queries."""

    matcher_type = _WhooshOr.DEFAULT_MATCHER


# -- analysis inside whoosh ---------------------------------------------------------------

class JudgeFilter(Filter):
    """Turns each word token into its `judge.search.analysis` terms (stop words dropped, folded
    Snowball stems; two terms at the same position when the stem depends on the accents).

    A class with a plain attribute, not StemFilter(stemfn=...): the schema must pickle.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JudgeFilter) and other.lang == self.lang

    def __hash__(self) -> int:
        return hash(("JudgeFilter", self.lang))

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        # Positions count kept words only, so "pila de muertos" is a phrase of two (as
        # StopFilter(renumber=True) does); both variants of a word share its position.
        position = 0
        for token in tokens:
            kept = _terms(token.text, self.lang)
            for term in kept:
                token.text = term
                if token.positions:
                    token.pos = position
                yield token
            position += bool(kept)


@lru_cache(maxsize=1 << 16)
def _terms(word: str, lang: str) -> tuple[str, ...]:
    return tuple(analysis.terms(word, lang))


def _analyzer(lang: str) -> Any:
    return RegexTokenizer(r"\w+") | JudgeFilter(lang)


def _schema() -> Schema:
    fields: dict[str, Any] = {
        # Indexed only what filters need; the rest is stored (each indexed field costs build time).
        "doctype": ID(), "key": ID(stored=True), "game": ID(stored=True), "lang": ID(stored=True),
        "id": STORED(), "kind": STORED(), "step": ID(stored=True),
        "name": KEYWORD(commas=True, lowercase=False),
        **{f"spell_{lang}": KEYWORD() for lang in LANGS},
        "title": STORED(), "words": STORED(), "blocks": STORED(),
        "counterpart": STORED(),
    }
    for lang in LANGS:
        for part in ("term", "aliases", "body"):
            fields[f"{part}_{lang}"] = TEXT(analyzer=_analyzer(lang), phrase=True)
        # Blocks have their own field, so ranking entries never walks the blocks' postings.
        fields[f"block_{lang}"] = TEXT(analyzer=_analyzer(lang), phrase=False)
    return Schema(**fields)


# -- documents ------------------------------------------------------------------------------

def _names(*texts: str) -> list[str]:
    """Folded exact names: the text, its parts split at `/` `,` `(`, and without a step number."""
    names: list[str] = []
    for text in texts:
        for part in [text, *re.split(r"[/,(]", text), re.sub(r"^[\d.]+\s*", "", text)]:
            folded = fold(part.replace(")", " "))
            if folded and folded not in names:
                names.append(folded)
    return names


def _documents(loaded: glossary.Glossary) -> Iterator[list[dict[str, Any]]]:
    """The documents of the index, a list per entry (empty for a redirect), for a progress bar."""
    redirected: dict[tuple[str, str, str], list[Entry]] = {}
    for entry in loaded.entries:
        target = loaded.resolve(entry) if entry.kind == "redirect" else None
        if target is not None:
            redirected.setdefault((target.game, target.lang, target.id), []).append(entry)
    for entry in loaded.entries:
        if entry.kind == "redirect" and loaded.resolve(entry) is not None:
            yield []
        else:
            yield list(_entry_documents(loaded, entry, redirected.get((entry.game, entry.lang, entry.id), [])))


def _entry_documents(loaded: glossary.Glossary, entry: Entry, redirects: list[Entry]) -> Iterator[dict[str, Any]]:
    key = f"{entry.game}/{entry.lang}/{entry.id}"
    other = next((e for lang, e in loaded.variants(entry.game, entry.id).items() if lang != entry.lang), None)
    alias_texts = [*entry.aliases, *(name for r in redirects for name in (r.term, *r.aliases))]
    # A redirect in the other language (its target lacks this one) is still a name of the target.
    aliases_by_lang: dict[str, list[str]] = {lang: [] for lang in LANGS}
    aliases_by_lang[entry.lang] += list(entry.aliases)
    for r in redirects:
        aliases_by_lang[r.lang] += [r.term, *r.aliases]
    names = _names(entry.term, *alias_texts, entry.id)
    texts = [_plain(b.text) for b in entry.blocks]
    body = "\n".join(texts)
    analysed = [_block_words(text, entry.lang) for text in texts]
    document: dict[str, Any] = {
        "doctype": "entry", "key": key, "game": entry.game, "lang": entry.lang, "id": entry.id,
        "kind": entry.kind, "step": entry.step or "", "title": entry.term,
        "name": ",".join(n.replace(",", " ") for n in names),
        "words": " ".join([entry.term, *alias_texts, body]),
        "counterpart": (other.lang, other.term) if other else None,
        "blocks": tuple((block.n, text, _stored_length(len(terms)), places)
                        for block, text, (terms, places) in zip(entry.blocks, texts, analysed)),
        f"term_{entry.lang}": entry.term,
        f"body_{entry.lang}": body,
    }
    for lang, texts in aliases_by_lang.items():
        if texts:
            document[f"aliases_{lang}"] = "\n".join(texts)
    yield document
    for terms, _ in analysed:
        # Already analysed: whoosh indexes a list as it is (the same postings and lengths).
        yield {"doctype": "block", "key": key, f"block_{entry.lang}": terms}


Places = dict[str, tuple[int, ...]]  # per term, the (start, end) of each word that makes it, flat


def _block_words(text: str, lang: str) -> tuple[list[str], Places]:
    """A block's terms as the `block_*` field's analyzer makes them (each `\\w+` word's
    `_terms`, in order), and where in `text` each term's words are: a term's frequency is its
    number of places, and a snippet marks the places of the query's terms."""
    terms: list[str] = []
    places: dict[str, list[int]] = {}
    for match in _WORD_SPAN.finditer(text):
        for term in _terms(match.group(), lang):
            terms.append(term)
            places.setdefault(term, []).extend(match.span())
    return terms, {term: tuple(spans) for term, spans in places.items()}


def _stored_length(terms: int) -> int:
    """A field length as whoosh stores it (one byte: rounded)."""
    return int(byte_to_length(length_to_byte(terms)))


def _plain(markdown: str) -> str:
    """Block text as read: Markdown escapes and emphasis marks removed, lines joined, a table's
    rows as `cell, cell; cell, cell`."""
    lines = markdown.split("\n")
    if lines and lines[0].lstrip().startswith("|"):
        rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
        lines = [", ".join(row) for row in rows if not all(set(c) <= set("-: ") for c in row)]
        markdown = "; ".join(lines)
    return " ".join(_MARKDOWN.sub(r"\1", markdown).split())


# -- the cache ------------------------------------------------------------------------------

def cache_dir() -> Path:
    """Where indexes live: the per-user cache directory (platformdirs', worked out without
    importing it on Linux: judge.core.compiled.user_cache)."""
    return compiled.user_cache() / "index"


def glossary_key(root: Path) -> str:
    """A hash of every glossary file (names and bytes) and of the code that makes the index
    (this module, the analyzer and its stemmers), so any change to either means a rebuild.

    Hashing 2.5 MB on every search is most of its up-to-date check, so the hash is kept in
    the compiled cache under the files' stat key (judge.core.compiled: path, size, mtime,
    ctime, inode), and computed again only when a file changed."""
    salt = f"index {INDEX_VERSION} {analysis.stemmer_id()}"
    stat_key = compiled.files_key([root], salt) if root.is_dir() else None
    known = compiled.read(compiled.path_for("index-key", root), stat_key) if stat_key else None
    if isinstance(known, str):
        return known
    key = _content_key(root)
    if stat_key:
        compiled.write(compiled.path_for("index-key", root), stat_key, key)
    return key


def _content_key(root: Path) -> str:
    digest = hashlib.sha256(f"judge-index {INDEX_VERSION}\n{analysis.stemmer_id()}\n".encode())
    for module in (analysis.__file__, __file__):
        digest.update(Path(module).read_bytes())
    # A missing folder must not share the key of an empty one: it is an error, not no entries.
    digest.update(b"glossary\n" if root.is_dir() else b"no glossary\n")
    if root.is_dir():
        for path in sorted(root.rglob("*")):
            if path.is_file() and not any(p.startswith(".") for p in path.relative_to(root).parts):
                digest.update(path.relative_to(root).as_posix().encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


@dataclass
class Handle:
    """An open index and where it came from; `note` says why it is not in the usual place."""

    index: Index
    key: str
    location: Path | None
    note: str | None = None
    _searcher: Searcher | None = field(default=None, repr=False)
    _docs: dict[tuple[str, str], frozenset[int]] = field(default_factory=dict, repr=False)
    _games_checked: set[tuple[Path, str | None]] = field(default_factory=set, repr=False)
    # Per scored field, the length of each document read so far (BM25 reads it per posting).
    _lengths: dict[str, dict[int, int]] = field(default_factory=dict, repr=False)

    def searcher(self) -> Searcher:
        if self._searcher is None:
            self._searcher = self.index.searcher()
        return self._searcher

    def docs(self, field_name: str, value: str) -> frozenset[int]:
        """The documents with `value` in `field_name` (cached: filters are sets, not queries)."""
        key = (field_name, value)
        if key not in self._docs:
            self._docs[key] = frozenset(self.searcher().docs_for_query(Term(field_name, value)))
        return self._docs[key]

    def check_game(self, root: Path, game: str | None) -> None:
        """_check_game, once per game for the life of this handle (a query on an open index)."""
        if (root, game) not in self._games_checked:
            _check_game(root, game)
            self._games_checked.add((root, game))

    def close(self) -> None:
        self._docs.clear()
        self._games_checked.clear()
        self._lengths.clear()
        if self._searcher is not None:
            self._searcher.close()
            self._searcher = None


ProgressFn = Callable[[int], None]


def open_index(root: Path | None = None, force: bool = False, progress: ProgressFn | None = None,
               on_length: Callable[[int], None] | None = None,
               on_note: Callable[[str], None] | None = None) -> Handle:
    """The up-to-date index of the glossary at `root`, built (or rebuilt) when needed.

    `force` rebuilds even an up-to-date index. `on_length(n)` is told the number of entries
    before a build, `progress(k)` after each k of them. A cache directory that cannot be written
    falls back to a temporary directory, then to memory, and `on_note` is told so.
    """
    handle = _open_index(root, force, progress, on_length)
    if handle.note and on_note is not None:
        on_note(handle.note)
    return handle


def _open_index(root: Path | None, force: bool, progress: ProgressFn | None,
                on_length: Callable[[int], None] | None) -> Handle:
    root = root if root is not None else paths.glossary_root()
    key = glossary_key(root)
    note = None
    for cache in _cache_candidates():
        try:
            cache.mkdir(parents=True, exist_ok=True)
            if not os.access(cache, os.W_OK | os.X_OK):
                raise PermissionError(f"{cache} is not writable")
            handle = _open_or_build(cache, key, root, force, progress, on_length)
            handle.note = note + f"using {cache}" if note else None
            return handle
        except OSError as error:
            reason = error.strerror or str(error)
            note = (note or "") + f"the index cache {cache} is not writable ({reason}); "
    # No writable directory: an index in memory, rebuilt by every process.
    index = _build(_MemoryStorage(), root, progress, on_length)
    return Handle(index, key, None, (note or "") + "the index is kept in memory")


class _MemoryStorage(RamStorage):
    """RAM storage whose scratch space is RAM too (whoosh's own uses the temporary folder)."""

    def temp_storage(self, name: str | None = None) -> RamStorage:
        return RamStorage()


def _cache_candidates() -> Iterator[Path]:
    """The user cache, then a temporary folder: asked for only when the user cache fails
    (finding the temporary folder writes and removes a probe file, ≈0.3 ms of each search)."""
    yield cache_dir()
    uid = os.getuid() if hasattr(os, "getuid") else "user"
    yield Path(tempfile.gettempdir()) / f"judge-{uid}" / "index"


def _open_or_build(cache: Path, key: str, root: Path, force: bool, progress: ProgressFn | None,
                   on_length: Callable[[int], None] | None) -> Handle:
    if not force:
        handle = _open_current(cache, key)
        if handle is not None:
            return handle
    with _lock(cache):
        # Another process may have built it while we waited for the lock.
        handle = None if force else _open_current(cache, key)
        if handle is None:
            _build_and_swap(cache, key, root, progress, on_length)
            handle = _open_current(cache, key)
    if handle is None:
        raise IndexUnavailable(f"the index built in {cache} cannot be opened")
    return handle


def _open_current(cache: Path, key: str) -> Handle | None:
    """The index CURRENT points at, if it is for `key` and whole; None means build one.

    A reader may race a builder that swaps CURRENT and removes an old folder: it re-reads
    CURRENT and tries again.
    """
    for _ in range(3):
        try:
            current = json.loads((cache / "CURRENT").read_text("utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(current, dict) or current.get("key") != key:
            return None
        location = cache / str(current.get("dir", ""))
        try:
            if not _whole(location, key):
                return None
            index = whoosh_index.open_dir(str(location))
            return Handle(index, key, location)
        except FileNotFoundError:
            continue
        except Exception:  # noqa: BLE001 - any failure to open a cached index means: rebuild it
            return None
    return None


def _whole(location: Path, key: str) -> bool:
    """The folder holds the files its MANIFEST lists, with their checksums: a truncated or
    overwritten file is caught here, before whoosh reads it. Files whose size, mtime and inode
    are those recorded at the build are not read again (a 4 MB checksum per search)."""
    manifest = json.loads((location / "MANIFEST").read_text("utf-8"))
    if manifest.get("key") != key:
        return False
    files: dict[str, int] = manifest.get("files", {})
    stats: dict[str, list[int]] = manifest.get("stats", {})
    return bool(files) and all(stats.get(name) == _stat(location / name) or _checksum(location / name) == crc
                               for name, crc in files.items())


def _checksum(path: Path) -> int:
    return zlib.crc32(path.read_bytes())


def _stat(path: Path) -> list[int]:
    info = path.stat()
    return [info.st_size, info.st_mtime_ns, info.st_ino]


@contextmanager
def _lock(cache: Path) -> Iterator[None]:
    with open(cache / "LOCK", "a+b") as handle:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _build_and_swap(cache: Path, key: str, root: Path, progress: ProgressFn | None,
                    on_length: Callable[[int], None] | None) -> None:
    """Build in a temporary folder beside the old index, then point CURRENT at it (a rename)."""
    building = Path(tempfile.mkdtemp(prefix="build-", dir=cache))
    try:
        # Built in memory, then saved: whoosh's writer stats a file per posting it writes.
        memory = _MemoryStorage()
        _build(memory, root, progress, on_length).close()
        for name in memory.list():
            (building / name).write_bytes(memory.files[name])
        made = [p for p in building.iterdir() if p.is_file() and not p.name.endswith(".lock")]
        files = {p.name: _checksum(p) for p in made}
        stats = {p.name: _stat(p) for p in made}
        (building / "MANIFEST").write_text(json.dumps({"key": key, "files": files, "stats": stats}), "utf-8")
        final = cache / f"{key}-{time.time_ns()}"
        building.rename(final)
        pointer = cache / f"CURRENT.{os.getpid()}"
        pointer.write_text(json.dumps({"key": key, "dir": final.name}), "utf-8")
        os.replace(pointer, cache / "CURRENT")
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    _remove_old(cache, keep={final.name})


def _remove_old(cache: Path, keep: set[str]) -> None:
    """Old index folders, except the newest previous one (a reader may still be using it),
    and builds a crashed builder left behind (called under the lock: no build is running)."""
    folders = [p for p in cache.iterdir() if p.is_dir() and p.name not in keep]
    for folder in (p for p in folders if p.name.startswith("build-")):
        shutil.rmtree(folder, ignore_errors=True)
    previous = sorted((p for p in folders if not p.name.startswith("build-")),
                      key=lambda p: p.stat().st_mtime, reverse=True)
    for folder in previous[1:]:
        shutil.rmtree(folder, ignore_errors=True)


def _build(storage: Any, root: Path, progress: ProgressFn | None,
           on_length: Callable[[int], None] | None) -> Index:
    loaded = glossary.load(root)
    if on_length is not None:
        on_length(len(loaded.entries))
    storage.create()
    index = storage.create_index(_schema())
    # Posting blocks left uncompressed: a quarter of the build's time for a 25% larger index.
    writer = index.writer(codec=W3Codec(compression=0))
    try:
        vocabulary: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
        seen: dict[str, set[str]] = {lang: set() for lang in LANGS}  # words folded already
        for documents in _documents(loaded):
            for document in documents:
                words = document.pop("words", None)
                if words:
                    known, done = vocabulary[document["lang"]], seen[document["lang"]]
                    for word in dict.fromkeys(analysis.words(words)):
                        if word not in done:
                            done.add(word)
                            known.setdefault(fold(word), word)
                writer.add_document(**document)
            if progress is not None:
                progress(1)
        for lang, words in vocabulary.items():
            # One document per language holds its vocabulary: typo correction and "did you mean".
            writer.add_document(doctype="vocabulary", lang=lang, words=words, **{f"spell_{lang}": " ".join(words)})
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    return index


def build(root: Path | None = None, progress: ProgressFn | None = None,
          on_length: Callable[[int], None] | None = None,
          on_note: Callable[[str], None] | None = None) -> IndexInfo:
    """Force a fresh build of the index (`judge build --index`) and describe it."""
    start = time.perf_counter()
    handle = open_index(root, True, progress, on_length, on_note)
    try:
        with handle.index.searcher() as searcher:
            entries = searcher.doc_frequency("doctype", "entry")
            documents = searcher.doc_count()
    finally:
        handle.close()
    return IndexInfo(handle.location, handle.key, documents, entries, round(time.perf_counter() - start, 3))


# -- queries --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Parsed:
    """A user query: plain words, prefixes (`reac*`) and quoted phrases; the rest is literal."""

    words: tuple[str, ...]
    prefixes: tuple[str, ...]
    phrases: tuple[tuple[str, ...], ...]
    steps: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.words or self.prefixes or self.phrases)

    def all_words(self) -> list[str]:
        return [*self.words, *self.prefixes, *(w for p in self.phrases for w in p)]


def parse(query: str) -> Parsed:
    """Words, `word*` prefixes and "quoted phrases". Operators and punctuation (AND, field:,
    ^, ~, parentheses, a lone `*`) are not syntax here: they are ignored or searched as words.
    An unbalanced quote is ignored, so `"reto` searches the word."""
    text = nfc(query)[:5000]
    if text.count('"') % 2:
        index = text.rfind('"')
        text = text[:index] + " " + text[index + 1:]
    words: list[str] = []
    prefixes: list[str] = []
    phrases: list[tuple[str, ...]] = []
    budget = MAX_WORDS
    for match in _QUERY_TOKEN.finditer(text):
        phrase, word, star = match.groups()
        if word is not None and (word.lower() in words or word.lower() in prefixes):
            continue  # a repeated word adds nothing but time
        if phrase is not None:
            found = tuple(analysis.words(phrase))[:budget]
            if len(found) > 1:
                phrases.append(found)
            else:
                words += found
            budget -= len(found)
        elif star and len(word) >= MIN_PREFIX:
            prefixes.append(word.lower())
            budget -= 1
        else:
            words.append(word.lower())
            budget -= 1
        if budget <= 0:
            break
    steps = tuple(dict.fromkeys(m.group() for m in _STEP.finditer(text)))[:MAX_STEPS]
    return Parsed(tuple(words), tuple(prefixes), tuple(phrases), steps)


TermInfos = dict[tuple[str, str], TermInfo | None]  # (field, term) → its statistics, None: absent


class _Builder:
    """Builds the whoosh query for one language and remembers its terms (for snippets)."""

    def __init__(self, reader: IndexReader, lang: str, fuzzy: bool = True, infos: TermInfos | None = None) -> None:
        self.reader = reader
        self.lang = lang
        self.fuzzy = fuzzy
        self.typos: set[str] = set()  # words unknown in every language: corrected
        self.terms: set[str] = set()
        self.covers: list[frozenset[tuple[str, bytes]]] = []  # per query word: its (field, term)s
        self.content: list[bool] = []  # per query word: not a stop word of this language
        # (field, term) in the index: asked once; kept for scoring (its frequency, no new look-up).
        self.infos: TermInfos = {} if infos is None else infos

    def fields(self) -> list[tuple[str, float]]:
        return [(f"{part}_{self.lang}", BOOST[part]) for part in ("term", "aliases", "body")]

    def has(self, name: str, term: str) -> bool:
        return _term_info(self.reader, name, term, self.infos) is not None

    def known(self, term: str) -> bool:
        return any(self.has(name, term) for name, _ in self.fields())

    def knows(self, word: str) -> bool:
        return any(self.known(s) for s in _terms(word, self.lang))

    def variants(self, word: str) -> list[tuple[str, float]]:
        """The index terms a word stands for: its stems, or near spellings of an unknown stem."""
        stems = _terms(word, self.lang)
        found = [(s, 1.0) for s in stems if self.known(s)]
        if found or not self.fuzzy or word not in self.typos:
            return found
        # A typo is corrected on the word, not the stem: a misspelt ending changes the stem.
        folded = fold(word)
        if not 4 <= len(folded) <= MAX_TYPO_WORD:
            return []
        distance = 1 if len(folded) < 7 else 2
        near: dict[str, float] = {}
        for spelling in self.reader.terms_within(f"spell_{self.lang}", folded, distance, prefix=1):
            for stem in analysis.terms(spelling, self.lang):
                if self.known(stem):
                    near[stem] = FUZZY_WEIGHT
        return list(near.items())

    def word(self, word: str) -> Query | None:
        variants = self.variants(word)
        self.terms |= {v for v, _ in variants}
        self.covers.append(frozenset((name, t.encode()) for name, _ in self.fields() for t, _ in variants))
        self.content.append(bool(_terms(word, self.lang)))
        # A term only in some fields gets clauses there only (an absent term costs a lookup).
        clauses = [Term(name, term, boost=boost * weight)
                   for name, boost in self.fields() for term, weight in variants if self.has(name, term)]
        return Or(clauses) if clauses else None

    def prefix(self, word: str) -> Query | None:
        clauses: list[Query] = [Prefix(name, fold(word), boost=boost * PREFIX_WEIGHT) for name, boost in self.fields()]
        stem_clause = self.word(word)
        expanded = {(name, t) for name, _ in self.fields() for t in self._expand(name, fold(word))}
        self.terms |= {t for _, t in expanded}
        self.covers[-1] |= {(name, t.encode()) for name, t in expanded}
        return Or(clauses + ([stem_clause] if stem_clause else []))

    def _expand(self, name: str, prefix: str) -> list[str]:
        return [t.decode("utf-8") if isinstance(t, bytes) else t
                for t in self.reader.expand_prefix(name, prefix)][:50]

    def phrase(self, words: tuple[str, ...]) -> Query | None:
        """All words in order in one field (a stop word matches nothing, so it is skipped)."""
        slots = [self.variants(w) for w in words]
        slots = [s for s in slots if s]
        if not slots:
            return None
        for slot in slots:
            self.terms |= {t for t, _ in slot}
        per_field = [Sequence([Or([Term(name, t) for t, _ in slot]) for slot in slots], boost=boost)
                     for name, boost in self.fields()]
        return Or(per_field)

    def coverage(self, matched: set[tuple[str, bytes]]) -> float:
        """The share of the query's loose words (not phrases) that a document matched."""
        if not self.covers:
            return 1.0
        return sum(not cover.isdisjoint(matched) for cover in self.covers) / len(self.covers)

    def evidence(self, matched: set[tuple[str, bytes]]) -> int:
        """How much a document is evidence for `judge show`: 2 when it matches every content
        word of the query (a stop word counts neither way; a typo counts once corrected) and
        one of them in a name (term, alias, the whole name, a step number); 1 when it matches
        every word, in its body only; 0 otherwise ("xyzzy-no-such-thing" matches *No puede*
        by "no" alone)."""
        words = [cover for cover, content in zip(self.covers, self.content) if content]
        if not all(not cover.isdisjoint(matched) for cover in words):
            return NO_EVIDENCE
        named = any(name.startswith(("term_", "aliases_")) or name in ("name", "step") for name, _ in matched)
        return NAMED if named else EVERY_WORD

    def query(self, parsed: Parsed) -> Query | None:
        optional = [q for q in [*(self.word(w) for w in parsed.words),
                                *(self.prefix(p) for p in parsed.prefixes)] if q is not None]
        required = [q for q in (self.phrase(p) for p in parsed.phrases) if q is not None]
        if len(required) < len(parsed.phrases):
            return None
        loose = [Or(optional)] if len(optional) > 1 else optional
        if required:
            return And(required + loose)
        return loose[0] if loose else None


def search(query: str, game: str | None = None, lang: str = "all", limit: int = DEFAULT_LIMIT,
           root: Path | None = None, handle: Handle | None = None, fuzzy: bool = True,
           on_note: Callable[[str], None] | None = None,
           on_build: Callable[[int], None] | None = None) -> SearchResult:
    """Ranked hits for `query` in `lang` (es, cs or all: both ranked together).

    UsageProblem (exit 2) for a query with no words or an unknown game; NoHits (exit 1) with
    "did you mean" suggestions from the index's vocabulary when nothing matches. `on_build(n)`
    is told when the index has to be built first (n entries).
    """
    found = _search(query, game, lang, limit, root, handle, fuzzy, on_note, on_build)
    return SearchResult(query, lang, tuple(hit for hit, _ in found))


def _search(query: str, game: str | None, lang: str, limit: int, root: Path | None, handle: Handle | None,
            fuzzy: bool, on_note: Callable[[str], None] | None = None,
            on_build: Callable[[int], None] | None = None) -> list[tuple[Hit, int]]:
    """`search`'s hits, each with how much it is evidence for `judge show` (_Builder.evidence)."""
    parsed = parse(query)
    if not query.strip():
        raise UsageProblem("empty query: give a term or some words to search for")
    if parsed.empty:
        raise UsageProblem(f'the query "{shorten(query)}" has no words to search for')
    root = root if root is not None else paths.glossary_root()
    own = handle is None
    if handle is None:
        _check_game(root, game)
        handle = open_index(root, on_note=on_note, on_length=on_build)
    else:
        handle.check_game(root, game)
    try:
        hits = _run(handle, parsed, query, game, lang, limit, fuzzy)
    except Exception:  # noqa: BLE001 - a cached index that fails while read is rebuilt once
        if not own or handle.location is None:
            raise
        handle.close()
        handle = open_index(root, force=True)
        hits = _run(handle, parsed, query, game, lang, limit, fuzzy)
    finally:
        if own:
            handle.close()
    if not hits:
        raise NoHits(query, _did_you_mean(root, parsed))
    return hits


def _check_game(root: Path, game: str | None) -> None:
    games = glossary.known_games(root)
    if game is not None and games and game not in games:
        raise UsageProblem(f'unknown game "{game}" (known: {", ".join(games)})')


def _run(handle: Handle, parsed: Parsed, query: str, game: str | None, lang: str, limit: int,
         fuzzy: bool) -> list[tuple[Hit, int]]:
    searcher = handle.searcher()
    reader = searcher.reader()
    langs = LANGS if lang == "all" else (lang,)
    infos: TermInfos = {}
    builders = {code: _Builder(reader, code, fuzzy, infos) for code in langs}
    # A word known in one language is not a typo in the other (Czech words are not Spanish).
    plain = [*parsed.words, *(w for phrase in parsed.phrases for w in phrase)]
    typos = {w for w in plain if not any(b.knows(w) for b in builders.values())}
    for builder in builders.values():
        builder.typos = typos
    per_lang = [(code, builders[code].query(parsed)) for code in langs]
    # Text fields are per language (term_es only exists in Spanish documents): no lang clause.
    clauses: list[Query] = [q for _, q in per_lang if q is not None]
    names = [fold(" ".join(parsed.all_words()))]
    if parsed.words and not parsed.prefixes and not parsed.phrases:
        clauses.append(Term("name", names[0], boost=BOOST["name"]))
    # "4.2.1" names a framework step (the step entry in each language).
    clauses += [Term("step", step, boost=BOOST["name"]) for step in parsed.steps]
    if not clauses:
        return []
    allowed = handle.docs("doctype", "entry")
    if game:
        allowed &= handle.docs("game", game)
    if lang != "all":
        allowed &= handle.docs("lang", lang)
    candidates = _top(searcher, Or(clauses), allowed, max(CANDIDATES, limit), handle._lengths, infos)
    # Coordination (COORD): BM25 alone sums per word, so a common word in a boosted field would
    # beat an entry with every word. For one word the factor is the same for all.
    # A document's language is known from the filter sets: only the hits shown are read.
    rescored = []
    for docnum, score, matched in candidates:
        builder = next(b for code, b in builders.items() if docnum in handle.docs("lang", code))
        rescored.append((docnum, score * COORD ** builder.coverage(matched), builder.evidence(matched)))
    found = sorted(rescored, key=lambda item: -item[1])[:limit]
    hits = []
    for docnum, score, evidence in found:
        fields = searcher.stored_fields(docnum)
        builder = builders[fields["lang"]]
        blocks = fields.get("blocks", ())
        # No block with a query term: the first block, where no word is marked.
        text, para, places = _best_block(searcher, builder, blocks) or (blocks[0][1] if blocks else "", None, {})
        snippet, marks = _snippet(text, places)
        other = fields.get("counterpart")
        hits.append((Hit(fields["game"], fields["id"], fields["lang"], fields["title"], round(score, 3),
                        snippet, para if para is not None else (1 if text else None),
                        Counterpart(*other) if other else None, marks), evidence))
    return hits


Candidate = tuple[int, float, set[tuple[str, bytes]]]  # docnum, score, (field, term)s matched


def _top(searcher: Searcher, query: Query, allowed: frozenset[int], limit: int,
         lengths: dict[str, dict[int, int]], infos: TermInfos | None = None) -> list[Candidate]:
    """The `limit` best allowed documents for `query`, each with its score and the terms it
    matched: what `searcher.search(query, filter=allowed, limit=limit, terms=True)` returns.

    A query of Or and Term nodes (every query without a prefix or a phrase) is scored here from
    its terms' postings, as whoosh scores it: BM25F per term times its boost, summed in the
    order whoosh's tree of union matchers sums them (the same floats), best score first and
    the lower document number first on a tie. That skips whoosh's matcher tree and collector,
    half of a warm query's time. Any other query is whoosh's to run. `infos` holds the terms
    looked up already (_Builder.has)."""
    leaves: list[tuple[tuple[str, bytes], dict[int, float]]] = []
    scored = None
    if type(searcher.weighting) is BM25F and not searcher.weighting._field_B and searcher.is_atomic():
        scored = _scores(searcher, query, allowed, lengths, leaves, {} if infos is None else infos)
    if scored is None:
        results = searcher.search(query, filter=set(allowed), limit=limit, terms=True)
        return [(result.docnum, result.score, set(result.matched_terms())) for result in results]
    best = heapq.nsmallest(limit, scored[1].items(), key=lambda item: (-item[1], item[0]))
    return [(docnum, score, {term for term, found in leaves if docnum in found}) for docnum, score in best]


def _term_info(reader: IndexReader, name: str, term: str, infos: TermInfos) -> TermInfo | None:
    """A term's statistics in a field (None: not in the index), looked up once per query (a
    look-up in whoosh's term table takes ≈20 µs: the builder and the scoring share it)."""
    if (name, term) not in infos:
        try:
            infos[name, term] = reader.term_info(name, term)
        except TermNotFound:
            infos[name, term] = None
    return infos[name, term]


Scores = tuple[int, dict[int, float]]  # whoosh's size estimate of a query, and its scores


def _scores(searcher: Searcher, query: Query, allowed: frozenset[int], lengths: dict[str, dict[int, int]],
            leaves: list[tuple[tuple[str, bytes], dict[int, float]]], infos: TermInfos) -> Scores | None:
    """The score of each allowed document `query` matches, None for a node other than Or and
    Term. An Or of several queries sums them as whoosh's DefaultOr does: a Huffman tree of
    union matchers over their size estimates (whoosh.util.make_weighted_tree), where a node's
    score is its left side's plus its right side's."""
    if type(query) is Term:
        return _term_scores(searcher, query, allowed, lengths, leaves, infos)
    if type(query) is not Or:
        return None
    parts = []
    for sub in query.subqueries:
        part = _scores(searcher, sub, allowed, lengths, leaves, infos)
        if part is None:
            return None
        parts.append(part)
    if len(parts) <= 1:  # whoosh matches a lone subquery by itself, without the Or's boost
        return parts[0] if parts else (0, {})
    estimate = min(sum(size for size, _ in parts), searcher.reader().doc_count())
    parts.sort(key=lambda part: part[0])  # stable, as whoosh's sort of (size, matcher) is
    while len(parts) > 1:
        (size_a, a), (size_b, b) = parts[0], parts[1]
        del parts[:2]
        size = size_a + size_b
        parts.insert(bisect_right(parts, size, key=lambda part: part[0]), (size, _union(a, b)))
    merged = parts[0][1]
    if query.boost != 1.0:
        merged = {docnum: score * query.boost for docnum, score in merged.items()}
    return estimate, merged


def _union(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    """A union matcher's scores: a's plus b's where both match (in that order: the same float)."""
    if not b:
        return a
    if not a:
        return b
    merged = dict(a)
    for docnum, score in b.items():
        known = merged.get(docnum)
        merged[docnum] = score if known is None else known + score
    return merged


def _term_scores(searcher: Searcher, term: Term, allowed: frozenset[int], lengths: dict[str, dict[int, int]],
                 leaves: list[tuple[tuple[str, bytes], dict[int, float]]], infos: TermInfos) -> Scores:
    """A Term's scores as whoosh's matcher gives them: BM25F of the term's weight and the
    document's field length (the weight itself in a field without lengths), times the boost."""
    schema = searcher.schema
    if term.fieldname not in schema:
        return 0, {}
    kind = schema[term.fieldname]
    try:
        text = kind.to_bytes(term.text)
    except ValueError:
        return 0, {}
    reader = searcher.reader()
    name = term.fieldname
    info = _term_info(reader, name, term.text, infos)  # says it is there, and its frequency
    if info is None:
        return 0, {}
    frequency = info.doc_frequency()
    postings = reader.postings(name, text)
    found: dict[int, float] = {}
    if kind.scorable:
        # whoosh's idf (WeightingModel.idf), from the frequency in hand instead of a look-up.
        idf = math.log(searcher.doc_count_all() / (frequency + 1)) + 1
        average = searcher.avg_field_length(name) or 1
        b, k1 = searcher.weighting.B, searcher.weighting.K1
        known = lengths.setdefault(name, {})
        while postings.is_active():
            docnum = postings.id()
            if docnum in allowed:
                length = known.get(docnum)
                if length is None:
                    length = known[docnum] = searcher.doc_field_length(docnum, name, 1)
                found[docnum] = bm25(idf, postings.weight(), length, average, b, k1)
            postings.next()
    else:
        while postings.is_active():
            if postings.id() in allowed:
                found[postings.id()] = postings.weight()
            postings.next()
    if term.boost != 1.0:
        found = {docnum: score * term.boost for docnum, score in found.items()}
    leaves.append(((name, text), found))
    return frequency, found


def _best_block(searcher: Searcher, builder: _Builder, blocks: Any) -> tuple[str, int, Places] | None:
    """The entry's block that the query's terms score best: its text, number and the places
    of the query's terms in it. BM25 as a search of Or(terms) on the `block_*` field scores it (the same idf,
    average length and stored length), the first block on a tie; None when no block has any
    of the terms."""
    name = f"block_{builder.lang}"
    weighting = searcher.weighting
    average = searcher.avg_field_length(name) or 1
    best, best_score = None, 0.0
    terms = sorted(builder.terms)
    for para, text, length, places in blocks:
        score = sum(bm25(searcher.idf(name, term), float(len(places[term]) // 2), length, average,
                         weighting.B, weighting.K1)
                    for term in terms if term in places)
        if score > best_score:
            best, best_score = (text, para, {term: places[term] for term in builder.terms & places.keys()}), score
    return best


def _snippet(text: str, places: Places) -> tuple[str, tuple[tuple[int, int], ...]]:
    """About SNIPPET_CHARS of `text` where most of its matching words are (the beginning
    when it has as many), with the spans to mark: the words at `places` (the query's terms'
    places in `text`, stored with the block; a word making two of the terms is marked once)."""
    spans = sorted({(flat[i], flat[i + 1]) for flat in places.values() for i in range(0, len(flat), 2)})
    starts = [0] + [text.rfind(" ", 0, max(0, a - 40)) + 1 for a, _ in spans]
    start = max(starts, key=lambda s: sum(s <= a and b <= s + SNIPPET_CHARS - 2 for a, b in spans))
    end = min(len(text), start + SNIPPET_CHARS)
    if end < len(text):
        cut = text.rfind(" ", start, end)
        end = cut if cut > start else end
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - start
    marks = tuple((a + shift, b + shift) for a, b in spans if a >= start and b <= end)
    return prefix + text[start:end] + suffix, marks


def _did_you_mean(root: Path, parsed: Parsed) -> list[str]:
    """Words of the index's vocabulary close to the query's words (accents and case ignored)."""
    import difflib  # only when nothing matched

    try:
        handle = open_index(root)
    except (JudgeError, OSError):
        return []
    try:
        by_fold: dict[str, str] = {}
        for document in handle.searcher().documents(doctype="vocabulary"):
            for folded, word in document["words"].items():
                by_fold.setdefault(folded, word)
    finally:
        handle.close()
    words = [fold(w) for w in parsed.all_words() if len(w) <= MAX_TYPO_WORD]
    options = [difflib.get_close_matches(w, list(by_fold), 3, 0.7) for w in words]
    suggestions: list[str] = []
    if len(words) > 1 and any(options):
        suggestions.append(" ".join(by_fold[o[0]] if o else w for w, o in zip(words, options)))
    suggestions += [by_fold[o] for opts in options for o in opts]
    return list(dict.fromkeys(suggestions))[:5]


# -- `judge show` accepts what search accepts --------------------------------------------

def concept(loaded: glossary.Glossary, query: str, game: str | None, langs: tuple[str, ...]) -> Concept:
    """`judge show`'s fallback when no id, term or alias is `query`: the top search hit of the
    game asked for (default agot2, never another game), if it is real evidence (every content
    word matched, one of them in a name: _Builder.evidence) and clearly ahead
    (UNAMBIGUOUS_RATIO) of the next concept. Otherwise EntryNotFound (exit 1), suggesting the
    hits that match every word. The caller says that this is a search result."""
    game = loaded.pick_game(game)
    try:
        return loaded.concept(query, game, langs)
    except EntryNotFound as error:
        if error.available:
            raise
        names = error.suggestions
    hits = _concept_hits(loaded.root, query, game)
    ahead = len(hits) == 1 or (len(hits) > 1 and hits[0][0].score >= UNAMBIGUOUS_RATIO * hits[1][0].score)
    if not (hits and hits[0][1] == NAMED and ahead):
        raise EntryNotFound(query, names or [hit.term for hit, evidence in hits[:3] if evidence >= EVERY_WORD])
    return loaded.concept(hits[0][0].id, hits[0][0].game, langs)


def _concept_hits(root: Path, query: str, game: str | None) -> list[tuple[Hit, int]]:
    """The best hit of each concept with its evidence, best first (a concept is one id in every
    language)."""
    try:
        hits = _search(query, game, "all", DEFAULT_LIMIT, root, None, True)
    except JudgeError:
        return []
    best: dict[tuple[str, str], tuple[Hit, int]] = {}
    for hit, evidence in hits:
        best.setdefault((hit.game, hit.id), (hit, evidence))
    return list(best.values())


def mrr_and_recall(ranked: list[list[str]], expected: list[str], depth: int = 10, recall_at: int = 5) -> tuple[float, float]:
    """Mean reciprocal rank within `depth`, and the share found within `recall_at` (for tests)."""
    reciprocal = [next((1 / (i + 1) for i, got in enumerate(ids[:depth]) if got == want), 0.0)
                  for ids, want in zip(ranked, expected)]
    recall = [want in ids[:recall_at] for ids, want in zip(ranked, expected)]
    count = max(len(expected), 1)
    return math.fsum(reciprocal) / count, sum(recall) / count
