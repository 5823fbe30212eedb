"""`judge translate import`: a translated XLIFF/PO file back into the glossary as draft entries.

The file is checked unit by unit against the current Spanish before anything is written: a
unit whose source differs (the Spanish changed since the export), a missing, extra, repeated
or unknown unit, an icon dropped or invented, a target that would change the entry's block
structure or not load. Any of these refuses the whole file, listing every problem as
`file:unit: message`. Otherwise each entry whose units are all translated is written as
`glossary/<game>/<lang>/<id>.md` with `status: draft` and its `origin`; the others are reported
as unfinished. The writes are all or nothing.
"""

from __future__ import annotations

import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import yaml

from judge import glossary as glossary_module
from judge.core import paths
from judge.core.errors import JudgeError
from judge.core.model import LANGS, Block, Entry
from judge.core.text import nfc
from judge.glossary import Glossary
from judge.glossary.body import placeholders
from judge.glossary.entryfile import parse_file
from judge.translate.exchange import files
from judge.translate.exchange import units as model
from judge.translate.exchange.units import SOURCE_LANG, TERM_PART, Unit
from judge.translate.exchange.writing import write_all

MAX_BYTES = 20_000_000  # a whole rulebook exports to < 1 MB
DRAFT = "draft"


class ImportRefused(JudgeError):
    """The file does not match the current Spanish: every problem, nothing written (exit 2)."""

    exit_code = 2

    def __init__(self, file: str, problems: Iterable[str]) -> None:
        self.file = file
        self.problems = tuple(problems)
        noun = "problem" if len(self.problems) == 1 else "problems"
        lines = [f"{file}: not imported, nothing written ({len(self.problems)} {noun}):", *self.problems]
        super().__init__("\n".join(lines))


@dataclass(frozen=True)
class Unfinished:
    """An entry left out because some of its units have no finished translation."""

    id: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class ImportReport:
    file: str
    format: str
    game: str
    lang: str
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    unfinished: tuple[Unfinished, ...]
    dry_run: bool = False


@dataclass
class _Problems:
    file: str
    found: list[str] = field(default_factory=list)

    def add(self, unit: str | None, message: str) -> None:
        self.found.append(f"{self.file}:{_shown(unit)}: {message}" if unit else f"{self.file}: {message}")

    def raise_any(self) -> None:
        if self.found:
            raise ImportRefused(self.file, self.found)


def _shown(unit: str) -> str:
    """A unit id as it can stand in a one-line message (a hostile id may hold anything)."""
    return _clip(unit, 60)


def import_file(path: Path, root: Path | None = None, game: str | None = None, today: date | None = None,
                dry_run: bool = False) -> ImportReport:
    """Check `path` against the glossary at `root` and write its finished entries as drafts.
    `game` names the game when the file does not (a PO header a tool dropped)."""
    name = paths.display(path)
    problems = _Problems(name)
    data = _read_bytes(path, problems)
    try:
        read = files.read(path.name, data)
    except files.ExchangeFormatError as exc:
        raise ImportRefused(name, [f"{name}: {exc}"]) from None
    glossary = glossary_module.load(root)
    game, lang = _header(read, glossary, game, problems)
    expected = {u.id: u for u in model.export(glossary, game, lang).units}
    finished = _check_units(read.units, expected, game, problems)
    problems.raise_any()
    origin = {"file": path.name, "format": read.format, "imported": (today or date.today()).isoformat()}
    writes, unchanged, unfinished = _entries(glossary, game, lang, expected, finished, origin, problems)
    problems.raise_any()
    if not dry_run:
        write_all(writes)
    return ImportReport(name, read.format, game, lang, tuple(paths.display(p) for p in writes),
                        tuple(unchanged), tuple(unfinished), dry_run)


def _read_bytes(path: Path, problems: _Problems) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            problems.add(None, f"too large ({size} bytes; an export is well under {MAX_BYTES})")
            problems.raise_any()
        return path.read_bytes()
    except OSError as exc:
        raise ImportRefused(problems.file, [f"{problems.file}: cannot be read ({exc.strerror})"]) from None


def _header(read: files.ExchangeFile, glossary: Glossary, game: str | None, problems: _Problems) -> tuple[str, str]:
    """The game and target language the file declares; refused when they are not ours."""
    targets = [lang for lang in LANGS if lang != SOURCE_LANG]
    games = glossary.games()
    source, target = _language(read.source_lang), _language(read.target_lang)
    if source not in (None, SOURCE_LANG):
        problems.add(None, f'source language "{read.source_lang}": exports are from {SOURCE_LANG}')
    if target not in targets:
        problems.add(None, f'target language "{read.target_lang or ""}": not one of {", ".join(targets)}')
    if game is not None and read.game not in (None, game):
        problems.add(None, f'the file is for game "{read.game}", not {game}')
    chosen = game or read.game
    if chosen is None:
        problems.add(None, "no game named in the file (PO header X-Judge-Game, XLIFF <file original>): give --game")
    elif chosen not in games:
        problems.add(None, f'game "{chosen}": not a game of the glossary ({", ".join(games)})')
    problems.raise_any()
    return str(chosen), str(target)


def _language(code: str | None) -> str | None:
    """cs for cs, cs-CZ, cs_CZ (CAT tools write a region)."""
    return code.replace("_", "-").split("-")[0].lower() if code else None


def _check_units(units: Iterable[files.ReadUnit], expected: dict[str, Unit], game: str,
                 problems: _Problems) -> dict[str, str]:
    """Every unit against the current Spanish; the finished targets by unit id."""
    seen: set[str] = set()
    finished: dict[str, str] = {}
    for unit in units:
        if unit.id in seen:
            problems.add(unit.id, "unit repeated")
            continue
        seen.add(unit.id)
        now = expected.get(unit.id)
        if now is None:
            problems.add(unit.id or "(no id)", _unknown(unit.id, expected, game))
            continue
        if not model.same_text(unit.source, now.source):
            now_words, file_words = _difference(now.source, unit.source)
            problems.add(unit.id, f'source changed since the export: es now reads "{now_words}", '
                                  f'the file has "{file_words}"')
            continue
        for message in unit.problems:
            problems.add(unit.id, message)
        if unit.target is not None and not unit.problems and _clean(unit.id, unit.target, problems):
            if _icons_match(unit.id, now.source, unit.target, problems):
                finished[unit.id] = nfc(unit.target)
    # An entry the file has at all must have all its units (one the file lacks entirely is
    # simply not translated in it: the Spanish may have gained it after the export).
    entries = {expected[u].entry_id for u in seen if u in expected}
    for unit_id, wanted in expected.items():
        if wanted.entry_id in entries and unit_id not in seen:
            problems.add(unit_id, f"missing unit: es {wanted.entry_id} has it (export again)")
    return finished


def _clean(unit_id: str, target: str, problems: _Problems) -> bool:
    """No control characters (a tab or a line break is spacing)."""
    bad = sorted({c for c in target if unicodedata.category(c) == "Cc" and c not in "\t\n\r"})
    if bad:
        problems.add(unit_id, "control character " + ", ".join(f"U+{ord(c):04X}" for c in bad) + " in the target")
    return not bad


def _unknown(unit_id: str, expected: dict[str, Unit], game: str) -> str:
    split = model.split_unit_id(unit_id)
    if split is None:
        return 'not a unit id (expected "<entry id>#<block number>" or "<entry id>#term")'
    entry_id, part = split
    blocks = [u for u in expected.values() if u.entry_id == entry_id and u.part != TERM_PART]
    if not blocks:
        return f'unknown id "{entry_id}" (no es entry in {game})'
    return f"extra unit: {entry_id} has {len(blocks)} block{'s' if len(blocks) != 1 else ''} in es"


def _icons_match(unit_id: str, source: str, target: str, problems: _Problems) -> bool:
    want, have = Counter(placeholders(source)), Counter(placeholders(target))
    for icon, count in sorted((want - have).items()):
        problems.add(unit_id, f"placeholder [{icon}] dropped" + (f" ({count}×)" if count > 1 else ""))
    for icon, count in sorted((have - want).items()):
        problems.add(unit_id, f"placeholder [{icon}] invented (not in the source)" + (f" ({count}×)" if count > 1 else ""))
    return want == have


def _difference(now: str, old: str, before: int = 3, shown: int = 8) -> tuple[str, str]:
    """Both texts from a few words before the first word where they differ."""
    a, b = now.split(), old.split()
    first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    start = max(0, first - before)

    def window(words: list[str]) -> str:
        part = " ".join(words[start:start + shown])
        return _clip(("…" if start else "") + part + ("…" if start + shown < len(words) else ""), 80)

    return window(a), window(b)


def _clip(text: str, width: int = 50) -> str:
    flat = model.printable(" ".join(text.split()))
    return flat if len(flat) <= width else flat[: width - 1] + "…"


# -- building the entries -------------------------------------------------------------------

def _entries(glossary: Glossary, game: str, lang: str, expected: dict[str, Unit], finished: dict[str, str],
             origin: dict[str, str], problems: _Problems) -> tuple[dict[Path, bytes], list[str], list[Unfinished]]:
    by_entry: dict[str, list[Unit]] = defaultdict(list)
    for unit in expected.values():
        by_entry[unit.entry_id].append(unit)
    writes: dict[Path, bytes] = {}
    unchanged: list[str] = []
    unfinished: list[Unfinished] = []
    for entry_id, units in by_entry.items():
        missing = tuple(u.id for u in units if u.id not in finished)
        if missing:
            unfinished.append(Unfinished(entry_id, missing))
            continue
        source = glossary.get(game, SOURCE_LANG, entry_id)
        assert source is not None  # every expected unit comes from an es entry
        current = glossary.get(game, lang, entry_id)
        term = " ".join(finished[model.unit_id(entry_id, TERM_PART)].split())
        texts = [finished[u.id] for u in units if u.part != TERM_PART]
        if current is not None and _same_translation(current, term, texts):
            unchanged.append(entry_id)
            continue
        path = glossary.root / game / lang / f"{entry_id}.md"
        data = draft_file(source, current, term, texts, origin)
        if _loads(data, path, game, lang, source, problems):
            writes[path] = data
    return writes, unchanged, unfinished


def _same_translation(current: Entry, term: str, texts: list[str]) -> bool:
    return current.term == term and len(current.blocks) == len(texts) and all(
        model.same_text(model.flat(b), t) for b, t in zip(current.blocks, texts))


def draft_file(source: Entry, current: Entry | None, term: str, texts: list[str], origin: dict[str, str]) -> bytes:
    """The translated entry: the Spanish entry's keys and block layout (list markers, nesting,
    blank lines) with the translated term and blocks, `status: draft` and its origin."""
    meta: dict[str, object] = {"id": source.id, "term": term}
    if current is not None and current.aliases:
        meta["aliases"] = list(current.aliases)
    if source.see_also:
        meta["see_also"] = list(source.see_also)
    meta["kind"] = source.kind
    for key in ("redirect", "step", "number"):
        value = getattr(source, key)
        if value is not None:
            meta[key] = value
    meta["status"] = DRAFT
    meta["origin"] = origin
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, default_flow_style=None, width=10_000)
    return f"---\n{front}---\n{_body(source, texts)}".encode("utf-8")


def _body(source: Entry, texts: list[str]) -> str:
    lines = source.path.read_text("utf-8").split("\n")
    out: list[str] = []
    blocks = source.blocks
    for index, (block, text) in enumerate(zip(blocks, texts)):
        first = lines[block.line - 1]
        indent = first[: len(first) - len(first.lstrip())]
        out += _block_lines(block, text, indent)
        if index + 1 < len(blocks):
            end = block.line + len(block.text.split("\n")) - 1
            out += [""] * (blocks[index + 1].line - end - 1)
    return "\n".join(out) + "\n"


def _block_lines(block: Block, text: str, indent: str) -> list[str]:
    if block.kind == "table":
        return [f"{indent}{line.strip()}" for line in text.split("\n") if line.strip()]
    one_line = " ".join(text.split())
    return [f"{indent}{block.marker} {one_line}" if block.marker else f"{indent}{one_line}"]


def _loads(data: bytes, path: Path, game: str, lang: str, source: Entry, problems: _Problems) -> bool:
    """The new file must load without errors and keep the Spanish block structure."""
    entry, found = parse_file(data, path, game, lang)
    errors = [p for p in found if p.severity == "error"]
    for problem in errors:
        problems.add(_unit_at(entry, source, problem.line), problem.message)
    if entry is None or errors:
        return False
    shapes = [(b.kind, b.depth) for b in entry.blocks], [(b.kind, b.depth) for b in source.blocks]
    if shapes[0] != shapes[1]:
        first = next((n for n, (a, b) in enumerate(zip(*shapes), 1) if a != b), min(len(shapes[0]), len(shapes[1])) + 1)
        problems.add(model.unit_id(source.id, str(first)),
                     "the translation changes the block structure (a line that starts like a list item, "
                     "a numbered step or a table row?)")
        return False
    return True


def _unit_at(entry: Entry | None, source: Entry, line: int | None) -> str:
    """The unit a line of the generated file belongs to (the term for the front matter)."""
    if entry is None or line is None or line < entry.body_line:
        return model.unit_id(source.id, TERM_PART)
    numbers = [b.n for b in entry.blocks if b.line <= line]
    return model.unit_id(source.id, str(numbers[-1] if numbers else 1))
