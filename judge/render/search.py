"""Text and JSON of `judge search`: ranked hits with their marked snippets."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import click

from judge.render import (
    DEFAULT_WIDTH,
    to_json,
    wrap,
)
from judge.search.model import Hit, SearchResult

if TYPE_CHECKING:
    pass


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
    lines = wrap(hit.snippet, width, indent, indent) if hit.snippet else []
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
