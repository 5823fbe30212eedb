"""An entry's body: its numbered blocks and its problems (docs/entry-format.md)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from judge.core.model import ICONS, Block, BlockKind

_BULLET = re.compile(r"^(?P<indent> *)(?P<marker>-) (?P<text>.*)$")
_ROMAN = r"(?=[IVXLCDM])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})"
_NUMBERED = re.compile(rf"^(?P<indent> *)(?P<marker>(?:\d+|{_ROMAN})\.) (?P<text>.*)$")
# An unescaped [word] that is not a link text: `\[perioda\]` is printed brackets, fine.
_PLACEHOLDER = re.compile(r"(?<!\\)\[([^\W\d_][\w-]*)\](?!\()")
_HTML = re.compile(r"<!--|</?[A-Za-z][A-Za-z0-9-]*(?=[\s/>]|$)")
_ITEMS: tuple[tuple[BlockKind, re.Pattern[str]], ...] = (("bullet", _BULLET), ("numbered", _NUMBERED))


@dataclass
class _Draft:
    kind: BlockKind
    line: int
    depth: int = 0
    marker: str = ""
    lines: list[str] = field(default_factory=list)


def parse_blocks(lines: Sequence[str], first_line: int) -> tuple[Block, ...]:
    """Number the blocks of a body whose first line is file line `first_line`."""
    drafts: list[_Draft] = []
    current: _Draft | None = None
    for offset, raw in enumerate(lines):
        current = _take_line(raw.rstrip(), first_line + offset, current, drafts)
    return tuple(
        Block(n, d.kind, "\n".join(d.lines), d.depth, d.line, d.marker)
        for n, d in enumerate(drafts, start=1)
    )


def _take_line(line: str, number: int, current: _Draft | None, drafts: list[_Draft]) -> _Draft | None:
    """Add one line to the current block or start a new one; return the block now open."""
    if not line.strip():
        return None
    item = _list_item(line, number)
    if item is not None:
        drafts.append(item)
        return item
    is_table = line.lstrip().startswith("|")
    if current is not None and (current.kind == "table") == is_table:
        # A line after a list item without a blank line continues it (Markdown's lazy
        # continuation), so the block numbers match what the site renders.
        current.lines.append(line.strip())
        return current
    fresh = _Draft("table" if is_table else "paragraph", number, lines=[line.strip()])
    drafts.append(fresh)
    return fresh


def _list_item(line: str, number: int) -> _Draft | None:
    for kind, pattern in _ITEMS:
        match = pattern.match(line)
        if match:
            depth = len(match["indent"]) // 2
            return _Draft(kind, number, depth, match["marker"], [match["text"].strip()])
    return None


def body_problems(lines: Sequence[str], first_line: int) -> list[tuple[int, str, str]]:
    """(line, check, message) for every unknown icon placeholder (check `icons`) and every
    piece of raw HTML (check `validation`)."""
    found: list[tuple[int, str, str]] = []
    if not any(line.strip() for line in lines):
        return [(first_line, "validation", "body: empty")]
    for offset, line in enumerate(lines):
        found.extend((first_line + offset, check, message) for check, message in _line_problems(line))
    return found


def placeholders(text: str) -> list[str]:
    """The `[lowercase-word]` placeholders of a text, in order, known icons or not."""
    return [word for word in _PLACEHOLDER.findall(text) if word == word.lower()]


def _line_problems(line: str) -> list[tuple[str, str]]:
    messages = [
        ("icons", f'body: unknown icon "[{word}]"; write printed brackets as \\[{word}\\]')
        for word in placeholders(line)
        if word not in ICONS
    ]
    html = _HTML.search(line)
    if html:
        messages.append(("validation", f'body: raw HTML is not allowed ("{html.group(0)}")'))
    return messages
