"""The only place output is formatted: every command's text and JSON.

Each public function takes a domain result and returns the whole output, ending in a newline
(or empty for an empty text listing). JSON is built from the dataclasses, `ensure_ascii=False`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import asdict, fields
from itertools import groupby, zip_longest
from pathlib import Path
from typing import Any, Literal

import click

from judge.checks import Report
from judge.models import Block, Concept, Entry, EntryView, Hit, IndexInfo, Listing, Problem, SearchResult
from judge.paths import display

Format = Literal["text", "json"]
FORMATS: tuple[Format, ...] = ("text", "json")
DEFAULT_WIDTH = 80
MIN_WIDTH = 40
_GUTTER = " │ "

# Labels as each rulebook prints them ("Véase también:" / "Související hesla:").
LABELS: dict[str, dict[str, str]] = {
    "es": {"aliases": "Alias", "kind": "Tipo", "see_also": "Véase también", "source": "Fuente",
           "missing": "(sin entrada en español)", "separator": "; "},
    "cs": {"aliases": "Další tvary", "kind": "Druh", "see_also": "Související hesla", "source": "Zdroj",
           "missing": "(heslo v češtině chybí)", "separator": ", "},
}
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>])")


# -- environment ------------------------------------------------------------------------

def terminal_width() -> int:
    """COLUMNS if set, the terminal's width on a terminal, else 80 (pipes and tests)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        return max(int(columns), MIN_WIDTH)
    if sys.stdout.isatty():
        return max(shutil.get_terminal_size().columns, MIN_WIDTH)
    return DEFAULT_WIDTH


def use_color(fmt: str) -> bool:
    """Colour only in text mode, on a terminal, and never when NO_COLOR is set (no-color.org)."""
    return fmt == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")


# -- json -------------------------------------------------------------------------------

def to_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, default=_json_default) + "\n"


def _json_default(value: object) -> object:
    if isinstance(value, Path):
        return display(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def entry_dict(entry: Entry) -> dict[str, Any]:
    """The entry's fields as JSON data (without the internal key_lines)."""
    return {f.name: _data(getattr(entry, f.name)) for f in fields(entry) if f.name != "key_lines"}


def view_dict(view: EntryView) -> dict[str, Any]:
    links = [asdict(link) for link in view.links]
    target = view_dict(view.target) if view.target else None
    return {**entry_dict(view.entry), "links": links, "target": target}


def _data(value: object) -> object:
    if isinstance(value, tuple):
        return [_data(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return asdict(value)  # type: ignore[call-overload]
    return value


# -- show -------------------------------------------------------------------------------

def show(concept: Concept, fmt: str, width: int = DEFAULT_WIDTH, color: bool = False) -> str:
    """One language: the entry. Several (`--lang both`): columns aligned by block number."""
    if fmt == "json":
        return to_json(_concept_data(concept))
    views = list(concept.views.items())
    if len(views) == 1:
        view = views[0][1]
        return "\n".join(_entry_lines(view, width, color)) + "\n" if view else ""
    return "\n".join(_side_by_side(concept, width)) + "\n"


def _concept_data(concept: Concept) -> dict[str, Any]:
    if len(concept.views) == 1:
        view = next(iter(concept.views.values()))
        return view_dict(view) if view else {}
    entries = {lang: view_dict(view) if view else None for lang, view in concept.views.items()}
    return {"id": concept.id, "game": concept.game, "entries": entries}


def _entry_lines(view: EntryView, width: int, color: bool) -> list[str]:
    entry = view.entry
    term = click.style(entry.term, bold=True) if color else entry.term
    lines = [term, *_wrap_all(_meta(view), width), ""]
    lines += _blocks(entry.blocks, width, tables_fit=False)
    lines += ["", *_wrap_all(_footer(view), width)]
    if view.target:
        lines += ["", *_entry_lines(view.target, width, color)]
    return lines


def _meta(view: EntryView) -> list[str]:
    entry, labels = view.entry, LABELS[view.entry.lang]
    lines = [f"{labels['aliases']}: {', '.join(entry.aliases)}"] if entry.aliases else []
    kind: str = entry.kind
    if entry.kind == "redirect":
        kind += f" → {view.target.entry.term if view.target else entry.redirect}"
    if entry.kind == "step":
        kind += f" {entry.step}"
    return [f"{entry.game}/{entry.id}", *lines, f"{labels['kind']}: {kind}"]


def _footer(view: EntryView) -> list[str]:
    entry, labels = view.entry, LABELS[view.entry.lang]
    names = [link.term if link.lang in (entry.lang, None) else f"{link.term} ({link.lang})" for link in view.links]
    lines = [f"{labels['see_also']}: {labels['separator'].join(names)}"] if names else []
    if entry.source:
        span = f"-{entry.source.end}" if entry.source.end and entry.source.end != entry.source.line else ""
        lines.append(f"{labels['source']}: {entry.source.doc}:{entry.source.line}{span}")
    return lines


def _blocks(blocks: Sequence[Block], width: int, tables_fit: bool) -> list[str]:
    lines: list[str] = []
    for previous, block in zip([None, *blocks], blocks):
        if previous is not None and not (_is_item(previous) and _is_item(block)):
            lines.append("")  # a list's items stay together; paragraphs and tables stand apart
        lines += block_lines(block, width, tables_fit)
    return lines


def _is_item(block: Block) -> bool:
    return block.kind in ("bullet", "numbered")


def block_lines(block: Block, width: int, tables_fit: bool = True) -> list[str]:
    """`¶n` then the block, wrapped to `width`; list items keep their marker and nesting."""
    marker = f"{block.marker} " if block.marker else ""
    prefix = f"¶{block.n} " + "  " * block.depth + marker
    indent = " " * len(prefix)
    text = unescape(block.text)
    if block.kind != "table":
        return _wrap(" ".join(text.split("\n")), width, prefix, indent)
    rows = text.split("\n")
    if not tables_fit:
        return [prefix + rows[0], *(indent + row for row in rows[1:])]
    return [line for n, row in enumerate(rows) for line in _wrap(row, width, prefix if n == 0 else indent, indent)]


def unescape(text: str) -> str:
    """Markdown escapes as the reader sees them: `\\[perioda\\]` → `[perioda]`."""
    return _ESCAPE.sub(r"\1", text)


def _wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    wrapper = textwrap.TextWrapper(
        width=width, initial_indent=first, subsequent_indent=rest,
        break_on_hyphens=False, break_long_words=True,
    )
    return wrapper.wrap(text) or [first.rstrip()]


def _wrap_all(lines: Iterable[str], width: int) -> list[str]:
    return [wrapped for line in lines for wrapped in _wrap(line, width, "", "  ")]


def _side_by_side(concept: Concept, width: int) -> list[str]:
    column = max((width - len(_GUTTER)) // 2, 10)
    sides = list(concept.views.values())
    blank = _pair([[""] for _ in sides], column)
    lines = _pair([_header(lang, view, column) for lang, view in concept.views.items()], column)
    lines.append("─┼─".join(["─" * column] * len(sides)))
    for n in range(1, max((len(v.entry.blocks) for v in sides if v), default=0) + 1):
        cells = [block_lines(v.entry.blocks[n - 1], column) if v and n <= len(v.entry.blocks) else [] for v in sides]
        lines += _pair(cells, column) + blank
    lines += _pair([_wrap_all(_footer(v), column) if v else [] for v in sides], column)
    if concept.target:
        lines += ["", *_side_by_side(concept.target, width)]
    return lines


def _header(lang: str, view: EntryView | None, column: int) -> list[str]:
    if view is None:
        return [LABELS[lang]["missing"]]
    return _wrap(view.entry.term, column) + _wrap_all(_meta(view), column)


def _pair(cells: Sequence[list[str]], column: int) -> list[str]:
    rows = zip_longest(*cells, fillvalue="")
    return [_GUTTER.join(cell.ljust(column) for cell in row).rstrip() for row in rows]


# -- list -------------------------------------------------------------------------------

def listing(result: Listing, fmt: str) -> str:
    """Text: one aligned line per concept (id, kind, es term, cs term); JSON: the whole Listing."""
    if fmt == "json":
        return to_json(asdict(result))
    rows = [[c.id, c.kind, *(term or "—" for term in c.terms.values())] for c in result.concepts]
    return "".join(line + "\n" for line in _table(rows))


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(*rows)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]


# -- check ------------------------------------------------------------------------------

def report(result: Report, fmt: str, color: bool = False) -> str:
    """Text: problems grouped by entry, then one summary line. Nothing is said about what is fine."""
    if fmt == "json":
        return to_json(asdict(result))
    groups = ["".join(problem_line(p, color) + "\n" for p in group) for _, group in groupby(result.problems, _entry_of)]
    return "\n".join([*groups, summary_line(result) + "\n"])


def _entry_of(problem: Problem) -> str | None:
    return problem.id


def problem_line(problem: Problem, color: bool = False) -> str:
    where = problem.file if problem.line is None else f"{problem.file}:{problem.line}"
    severity = f"[{problem.severity}]"
    if color:
        severity = click.style(severity, fg="red" if problem.severity == "error" else "yellow")
    return f"{where}: {severity} {problem.check}: {problem.message}"


def summary_line(result: Report) -> str:
    entries = result.summary.entries
    per_lang = ", ".join(f"{lang} {n}" for lang, n in entries.items())
    counts = [_plural(result.summary.by_severity[s], s) for s in ("error", "warning")]
    return f"{', '.join(counts)} in {_plural(sum(entries.values()), 'entry', 'entries')} ({per_lang})"


def _plural(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# -- search -----------------------------------------------------------------------------

def hits(result: SearchResult, fmt: str, color: bool = False, width: int = DEFAULT_WIDTH) -> str:
    """Text: per hit, `n. term  game/id ¶para (lang)  ·  other-lang: counterpart`, then the
    snippet (matches in bold on a terminal). JSON: the shape of docs/cli.md (no `marks`)."""
    if fmt == "json":
        return to_json({"query": result.query, "lang": result.lang, "hits": [_hit_data(h) for h in result.hits]})
    blocks = []
    for n, hit in enumerate(result.hits, 1):
        term = click.style(hit.term, bold=True) if color else hit.term
        para = f" ¶{hit.para}" if hit.para else ""
        head = f"{n}. {term}  {hit.game}/{hit.id}{para} ({hit.lang})"
        if hit.counterpart:
            head += f"  ·  {hit.counterpart.lang}: {hit.counterpart.term}"
        indent = " " * (len(str(n)) + 2)
        blocks.append("\n".join([head, *_marked_lines(hit, width, indent, color)]))
    return "".join(block + "\n" for block in blocks)


def _hit_data(hit: Hit) -> dict[str, Any]:
    data = asdict(hit)
    del data["marks"]
    return data


def _marked_lines(hit: Hit, width: int, indent: str, color: bool) -> list[str]:
    """The snippet wrapped; on a terminal the matched words are bold (styled after wrapping,
    so escape codes never count towards the width)."""
    lines = _wrap(hit.snippet, width, indent, indent) if hit.snippet else []
    if not color:
        return lines
    styled, offset = [], 0
    for line in lines:
        body = line[len(indent):]
        start = hit.snippet.find(body, offset)
        end = start + len(body)
        pieces, cursor = [], start
        for a, b in hit.marks:
            if a >= cursor and b <= end:
                pieces += [hit.snippet[cursor:a], click.style(hit.snippet[a:b], bold=True, fg="yellow")]
                cursor = b
        styled.append(indent + "".join(pieces) + hit.snippet[cursor:end])
        offset = end
    return styled


# -- build ------------------------------------------------------------------------------

def built(targets: dict[str, IndexInfo | None], fmt: str) -> str:
    """What `judge build` made: one line per target (text), or {target: details|null} (JSON)."""
    if fmt == "json":
        return to_json({name: asdict(info) if info else None for name, info in targets.items()})
    lines = []
    index = targets.get("index")
    if index:
        where = display(index.path) if index.path else "memory"
        lines.append(f"index: {index.entries} entries, {index.documents} documents in {where} ({index.seconds:.1f} s)")
    return "".join(line + "\n" for line in lines)
