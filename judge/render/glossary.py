"""Text and JSON of the glossary's lookups: `judge show` (one language or both side by side),
`judge list`, and a numbered rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, fields
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

import click

from judge.core.model import Block, Entry
from judge.glossary.views import Concept, EntryView, RuleView
from judge.render import (
    DEFAULT_WIDTH,
    GUTTER,
    LABELS,
    cite_dict,
    cite_text,
    json_data,
    table,
    to_json,
    unescape,
    wrap,
    wrap_all,
)

if TYPE_CHECKING:
    from judge.glossary.listing import Listing


def entry_dict(entry: Entry) -> dict[str, Any]:
    """The entry's fields as JSON data (without the internal key_lines)."""
    return {f.name: json_data(getattr(entry, f.name)) for f in fields(entry) if f.name != "key_lines"}


def view_dict(view: EntryView) -> dict[str, Any]:
    links = [asdict(link) for link in view.links]
    target = view_dict(view.target) if view.target else None
    return {**entry_dict(view.entry), "links": links, "target": target}


def show(concept: Concept | RuleView, fmt: str, width: int = DEFAULT_WIDTH, color: bool = False) -> str:
    """One language: the entry. Several (`--lang both`): columns aligned by block number."""
    if isinstance(concept, RuleView):
        return rule_view(concept, fmt, width)
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
    heading = f"{entry.number}. {entry.term}" if entry.number else entry.term  # as printed
    term = click.style(heading, bold=True) if color else heading
    lines = [term, *wrap_all(_meta(view), width), ""]
    lines += _blocks(entry.blocks, width, tables_fit=False)
    lines += ["", *wrap_all(_footer(view), width)]
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
        return wrap(" ".join(text.split("\n")), width, prefix, indent)
    rows = text.split("\n")
    if not tables_fit:
        return [prefix + rows[0], *(indent + row for row in rows[1:])]
    return [line for n, row in enumerate(rows) for line in wrap(row, width, prefix if n == 0 else indent, indent)]


def _side_by_side(concept: Concept, width: int) -> list[str]:
    column = max((width - len(GUTTER)) // 2, 10)
    sides = list(concept.views.values())
    blank = _pair([[""] for _ in sides], column)
    lines = _pair([_header(lang, view, column) for lang, view in concept.views.items()], column)
    lines.append("─┼─".join(["─" * column] * len(sides)))
    for n in range(1, max((len(v.entry.blocks) for v in sides if v), default=0) + 1):
        cells = [block_lines(v.entry.blocks[n - 1], column) if v and n <= len(v.entry.blocks) else [] for v in sides]
        lines += _pair(cells, column) + blank
    lines += _pair([wrap_all(_footer(v), column) if v else [] for v in sides], column)
    if concept.target:
        lines += ["", *_side_by_side(concept.target, width)]
    return lines


def _header(lang: str, view: EntryView | None, column: int) -> list[str]:
    if view is None:
        return [LABELS[lang]["missing"]]
    return wrap(view.entry.term, column) + wrap_all(_meta(view), column)


def _pair(cells: Sequence[list[str]], column: int) -> list[str]:
    rows = zip_longest(*cells, fillvalue="")
    return [GUTTER.join(cell.ljust(column) for cell in row).rstrip() for row in rows]


def listing(result: Listing, fmt: str) -> str:
    """Text: one aligned line per concept (id, kind, es term, cs term); JSON: the whole Listing."""
    if fmt == "json":
        return to_json(asdict(result))
    rows = [[c.id, c.kind, *(term or "—" for term in c.terms.values())] for c in result.concepts]
    return "".join(line + "\n" for line in table(rows))




def rule_view(view: RuleView, fmt: str, width: int = DEFAULT_WIDTH) -> str:
    """`judge show gp:120.4.a`: the rule's blocks under its group's heading, then its cite."""
    entry = view.entry
    if fmt == "json":
        return to_json({"game": entry.game, "id": entry.id, "lang": entry.lang, "term": entry.term,
                        "number": entry.number, "rule": view.rule,
                        "blocks": [{"n": b.n, "rule": entry.rule_of(b.n), "text": b.text} for b in view.blocks],
                        "cite": cite_dict(view.cite)})
    lines = [f"{view.rule} — {entry.number}. {entry.term}", f"{entry.game}/{entry.id}", ""]
    lines += _blocks(view.blocks, width, tables_fit=False)
    lines += [""] + wrap(f"§ {cite_text(view.cite)}", width, "", "  ")
    return "\n".join(lines) + "\n"
