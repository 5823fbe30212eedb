"""The only place output is formatted: every command's text and JSON, one module per product
(glossary, search, rules, translate); this module holds what they share and `judge build`'s
report.

Each public function takes a domain result and returns the whole output, ending in a newline
(or empty for an empty text listing). JSON is built from the dataclasses, `ensure_ascii=False`.
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from judge.core import labels
from judge.core.model import Cite
from judge.core.paths import display

if TYPE_CHECKING:  # annotations only: `judge build` alone needs them
    from judge.search.model import IndexInfo
    from judge.site.model import SiteBuild

Format = Literal["text", "json"]
FORMATS: tuple[Format, ...] = ("text", "json")
TERM_FORMATS: tuple[str, ...] = ("csv", "tbx")
DEFAULT_WIDTH = 80
MIN_WIDTH = 40
GUTTER = " │ "

# Interface strings per language (judge/core/labels.yaml, shared with the site).
LABELS: dict[str, dict[str, str]] = labels.all_labels()
ESCAPE_RE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>])")


# -- environment ------------------------------------------------------------------------

def terminal_width() -> int:
    """COLUMNS if set, the terminal's width on a terminal, else 80 (pipes and tests)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        return max(int(columns), MIN_WIDTH)
    if sys.stdout.isatty():
        try:  # os's, not shutil's: importing shutil costs a command's start several ms
            columns_now = os.get_terminal_size(sys.stdout.fileno()).columns
        except OSError:
            return DEFAULT_WIDTH
        # A terminal that reports no size (0, as a new pseudo-terminal does) gets the default,
        # as shutil.get_terminal_size gives it.
        return max(columns_now, MIN_WIDTH) if columns_now else DEFAULT_WIDTH
    return DEFAULT_WIDTH


def use_color(fmt: str) -> bool:
    """Colour only in text mode, on a terminal, and never when NO_COLOR is set (no-color.org)."""
    return fmt == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")


# -- json -------------------------------------------------------------------------------

def to_json(data: Any) -> str:
    import json  # --format json only: the text of every command's start does without it

    return json.dumps(data, ensure_ascii=False, indent=2, default=_json_default) + "\n"


def _json_default(value: object) -> object:
    if isinstance(value, Path):
        return display(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def json_data(value: object) -> object:
    if isinstance(value, tuple):
        return [json_data(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return asdict(value)  # type: ignore[call-overload]
    return value


def unescape(text: str) -> str:
    """Markdown escapes as the reader sees them: `\\[perioda\\]` → `[perioda]`."""
    return ESCAPE_RE.sub(r"\1", text)


# What TextWrapper turns into spaces before it wraps (its _munge_whitespace).
_RESHAPED_WHITESPACE = re.compile("[\t\n\x0b\x0c\r]")


def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    if (text and len(first) + len(text) <= width and not text[-1].isspace()
            and not _RESHAPED_WHITESPACE.search(text)):
        return [first + text]  # fits: what TextWrapper gives, without its cost (most of a step's text)
    wrapper = textwrap.TextWrapper(
        width=width, initial_indent=first, subsequent_indent=rest,
        break_on_hyphens=False, break_long_words=True,
    )
    return wrapper.wrap(text) or [first.rstrip()]


def wrap_all(lines: Iterable[str], width: int) -> list[str]:
    return [wrapped for line in lines for wrapped in wrap(line, width, "", "  ")]


def plural(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# -- the timing engine: timeline, step, ask ----------------------------------------------

def cite_text(cite: Cite) -> str:
    """*term ¶n*, as a ruling cites a block (*term ¶9 (120.4.a)* where the rule is numbered)."""
    return f"{cite.term} {para_text(cite)}"


def para_text(cite: Cite) -> str:
    return f"¶{cite.para} ({cite.rule})" if cite.rule else f"¶{cite.para}"


def cites_line(cites: Sequence[Cite]) -> str:
    """Cites of one entry share its term: `Ventanas de acción ¶1, ¶2; Pasar ¶2`."""
    groups: list[tuple[str, list[str]]] = []
    for cite in cites:
        if groups and groups[-1][0] == cite.term:
            groups[-1][1].append(para_text(cite))
        else:
            groups.append((cite.term, [para_text(cite)]))
    return "; ".join(f"{term} " + ", ".join(paras) for term, paras in groups)


def cite_dict(cite: Cite) -> dict[str, Any]:
    shape = {"game": cite.game, "id": cite.id, "lang": cite.lang, "term": cite.term, "para": cite.para}
    return shape | {"rule": cite.rule} if cite.rule else shape


def built(targets: dict[str, IndexInfo | SiteBuild | None], fmt: str) -> str:
    """What `judge build` made: one line per target (text), or {target: details|null} (JSON)."""
    from judge.search.model import IndexInfo
    from judge.site.model import SiteBuild

    if fmt == "json":
        return to_json({name: _built_data(info) for name, info in targets.items()})
    lines = []
    index = targets.get("index")
    if isinstance(index, IndexInfo):
        where = display(index.path) if index.path else "memory"
        lines.append(f"index: {index.entries} entries, {index.documents} documents in {where} ({index.seconds:.1f} s)")
    site = targets.get("site")
    if isinstance(site, SiteBuild):
        size = site.bytes / 1_000_000
        current = " (up to date: not built again)" if site.current else ""
        lines.append(f"site: {site.pages} pages, {site.files} files, {size:.1f} MB in {display(site.site_dir)}{current}")
    return "".join(line + "\n" for line in lines)


def _built_data(info: IndexInfo | SiteBuild | None) -> dict[str, Any] | None:
    from judge.site.model import SiteBuild

    if isinstance(info, SiteBuild):
        return {"dir": display(info.site_dir), "pages": info.pages, "files": info.files, "bytes": info.bytes}
    return asdict(info) if info else None


def table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(*rows)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
