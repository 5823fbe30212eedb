"""The types every product shares: an entry of the glossary, its blocks, a citation, a finding,
and the vocabularies they use (languages, kinds, icons). Frozen dataclasses; no I/O here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, get_args

Kind = Literal["entry", "redirect", "step", "section"]
BlockKind = Literal["paragraph", "bullet", "numbered", "table"]
Severity = Literal["error", "warning"]

KINDS: tuple[Kind, ...] = get_args(Kind)
# A block that starts with its rule number, "120.4.a. El jugador activo…" (gp's numbered rules).
RULE_NUMBER = re.compile(r"^(?P<rule>\d+(?:\.(?:\d+|[a-z]))+)\.\s")
LANGS: tuple[str, ...] = ("es", "cs")
DEFAULT_GAME = "agot2"

# docs/entry-format.md "Icons": every other [lowercase-word] in a body is an error.
ICONS: frozenset[str] = frozenset({
    "military", "intrigue", "power",
    "stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell", "targaryen",
    "thenightswatch",
    "unique",
    "shadow",  # the Shadow badge of the 1st edition (agot1)
})

# The front-matter keys of docs/entry-format.md; any other key is a warning.
ENTRY_KEYS: tuple[str, ...] = (
    "id", "term", "aliases", "see_also", "kind", "redirect", "step", "number", "source", "corrections",
    "status", "origin",
)
# A translation made here rather than printed (`judge translate import`): a draft until a
# reviewer sets reviewed. A printed text has no status.
Status = Literal["draft", "reviewed"]
STATUSES: tuple[Status, ...] = get_args(Status)


@dataclass(frozen=True)
class Source:
    """Where the entry's text is printed: a seed file and its line span."""

    doc: str
    line: int
    end: int | None = None


@dataclass(frozen=True)
class Correction:
    """One fix of extraction damage: the text as printed (`was`) and as stored (`now`)."""

    was: str
    now: str
    line: int | None = None
    why: str | None = None


@dataclass(frozen=True)
class Origin:
    """Where an imported translation came from: the exchange file, its format, the import date."""

    file: str
    format: str
    imported: str


@dataclass(frozen=True)
class Block:
    """One numbered block of a body; `n` is what a citation (*term ¶n*) points at.

    `text` is the block's Markdown without its list marker; `line` is its line in the file;
    `depth` is the list nesting (0 for top-level items, paragraphs and tables); `marker` is
    "-" for bullets, "3." or "IV." for numbered items, "" otherwise.
    """

    n: int
    kind: BlockKind
    text: str
    depth: int
    line: int
    marker: str


@dataclass(frozen=True)
class Entry:
    """One glossary file: a concept (`game`, `id`) in one language."""

    game: str
    lang: str
    id: str
    term: str
    aliases: tuple[str, ...]
    see_also: tuple[str, ...]
    kind: Kind
    redirect: str | None
    step: str | None
    source: Source | None
    corrections: tuple[Correction, ...]
    blocks: tuple[Block, ...]
    path: Path
    body_line: int
    # The number printed before the heading (a rule group "120", a section "3"), if any.
    number: str | None = None
    status: Status | None = None
    origin: Origin | None = None
    # (key, line) for each front-matter key, so later checks can point at the right line.
    key_lines: tuple[tuple[str, int], ...] = field(default=(), repr=False, compare=False)

    # Pickled (the compiled glossary) with its path as text, and unpickled so: the path is made
    # a Path when first read. Every command unpickles 573 entries, and a Path costs as much to
    # make as the rest of an entry; most commands never read one.
    def __getstate__(self) -> dict[str, object]:
        state = {name: value for name, value in self.__dict__.items() if name != "_path_text"}
        return {**state, "path": str(self.path)}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self.__dict__["_path_text"] = self.__dict__.pop("path")

    if not TYPE_CHECKING:  # `path` only: mypy would take any unknown attribute for a Path
        def __getattr__(self, name: str) -> Path:
            if name != "path" or "_path_text" not in self.__dict__:
                raise AttributeError(name)
            path = self.__dict__["path"] = Path(self.__dict__.pop("_path_text"))
            return path

    def key_line(self, key: str) -> int:
        """The file line of a front-matter key, or line 1 when the key is absent."""
        return dict(self.key_lines).get(key, 1)

    def cite(self, para: int) -> Cite:
        return Cite(self.game, self.id, self.lang, self.term, para, self.rule_of(para))

    def rule_of(self, para: int) -> str | None:
        """The rule number printed at the start of block `para` ("120.4.a"), in a numbered
        rule group only (gp's rules print their number before each block); an unnumbered block
        (an "Ejemplo:", a second paragraph) belongs to the rule printed before it."""
        if self.number is None or not 1 <= para <= len(self.blocks):
            return None
        for block in reversed(self.blocks[:para]):
            if match := RULE_NUMBER.match(block.text):
                return match["rule"]
        return None


@dataclass(frozen=True)
class Problem:
    """One finding about the glossary; `message` starts with the field it is about."""

    check: str
    severity: Severity
    id: str | None
    lang: str | None
    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class Cite:
    """A citation of one block: *term ¶para* of `game`/`id` in `lang`."""

    game: str
    id: str
    lang: str
    term: str
    para: int
    rule: str | None = None  # the printed rule number of the block (gp: "120.4.a"), if any
