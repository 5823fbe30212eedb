"""The data model: frozen dataclasses and the vocabularies they use. No I/O here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args

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
)


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
    # (key, line) for each front-matter key, so later checks can point at the right line.
    key_lines: tuple[tuple[str, int], ...] = field(default=(), repr=False, compare=False)

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


@dataclass(frozen=True)
class Link:
    """A see-also target as shown to a reader: its id and its term (in `lang`, when found)."""

    id: str
    term: str
    lang: str | None


@dataclass(frozen=True)
class EntryView:
    """An entry with what a reader needs around it: its see-also terms and redirect target."""

    entry: Entry
    links: tuple[Link, ...]
    target: EntryView | None


@dataclass(frozen=True)
class Concept:
    """One id of one game in the requested languages (None where it has no entry)."""

    game: str
    id: str
    views: dict[str, EntryView | None] = field(hash=False)
    target: Concept | None = None


@dataclass(frozen=True)
class ConceptRow:
    """A line of `judge list`: one id with its kind and its term per language."""

    id: str
    kind: Kind
    terms: dict[str, str | None] = field(hash=False)


@dataclass(frozen=True)
class KindCount:
    both: int = 0
    es_only: int = 0
    cs_only: int = 0


@dataclass(frozen=True)
class ListingSummary:
    concepts: int
    in_both: int
    only_es: int
    only_cs: int
    per_kind: dict[str, KindCount] = field(hash=False)


@dataclass(frozen=True)
class Listing:
    game: str | None
    concepts: tuple[ConceptRow, ...]
    summary: ListingSummary


# -- the timing engine (framework.yaml, triggers.yaml, scenarios) ------------------------

Lang = str
AbilityType = Literal[
    "action", "marshal", "interrupt", "reaction", "forced-interrupt", "forced-reaction",
    "when-revealed", "keyword",
]
ABILITY_TYPES: tuple[AbilityType, ...] = get_args(AbilityType)
Effect = Literal["none", "cancel", "save", "replace"]
EFFECTS: tuple[Effect, ...] = get_args(Effect)
SequenceKind = Literal[
    "imminent", "would-interrupts", "forced-interrupts", "interrupt-window", "occurs",
    "forced-reactions", "reaction-window",
]
Outcome = Literal["occurred", "cancelled", "replaced"]
FORMATS_OF_PLAY: tuple[str, ...] = ("joust", "melee")


@dataclass(frozen=True)
class CiteRef:
    """A citation as the data files write it: an entry, its block per language, and the
    words of that block that justify citing it (checked by the tests)."""

    id: str
    paras: tuple[tuple[Lang, int], ...]
    words: tuple[tuple[Lang, tuple[str, ...]], ...]
    file: str
    line: int

    def para(self, lang: Lang) -> int | None:
        return dict(self.paras).get(lang)


@dataclass(frozen=True)
class Note:
    """A rule applied (or a choice the Rules Reference leaves open), with its citations."""

    rule: str
    text: str
    open: bool
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class Opportunity:
    """One player's turn in a window: `pass`, or the card whose ability they used."""

    player: str
    action: str


@dataclass(frozen=True)
class AbilityUse:
    """An ability as it resolved (or did not) in one step of a sequence."""

    card: str
    controller: str
    type: str
    effect: str
    used: bool
    occurrence: int | None = None
    nested: tuple[StepResult, ...] = ()


@dataclass(frozen=True)
class SequenceItem:
    """One of the seven steps of the triggering-condition sequence, as it happened."""

    n: int
    kind: str
    title: str
    done: bool
    first: str | None
    ordered_by: str | None
    abilities: tuple[AbilityUse, ...]
    opportunities: tuple[Opportunity, ...]
    notes: tuple[Note, ...]
    cites: tuple[Cite, ...]

    @property
    def nested(self) -> tuple[StepResult, ...]:
        return tuple(n for a in self.abilities for n in a.nested)


@dataclass(frozen=True)
class FrameworkRun:
    """What the framework step itself does before any sequence: 1.3 III, 4.2.5, a window."""

    step: str
    kind: str
    title: str
    first: str | None
    ordered_by: str | None
    abilities: tuple[AbilityUse, ...]
    opportunities: tuple[Opportunity, ...]
    notes: tuple[Note, ...]
    cites: tuple[Cite, ...]
    previous_first: str | None = None


@dataclass(frozen=True)
class StepResult:
    """`judge step`: a triggering condition stepped through the sequence (or a window)."""

    game: str
    lang: Lang
    trigger: str | None
    title: str | None
    occurrences: int
    outcome: str | None
    first_player: str
    players: tuple[str, ...]
    at: str | None
    conditions: tuple[str, ...]
    framework: tuple[FrameworkRun, ...]
    sequence: tuple[SequenceItem, ...]
    next: str | None
    cites: tuple[Cite, ...]
    shared_with: tuple[str, ...] = ()


@dataclass(frozen=True)
class TimelineItem:
    kind: str
    id: str | None
    window: str | None
    title: str
    phase: int
    phase_title: str
    melee_only: bool
    creates: tuple[str, ...]
    substeps: tuple[Substep, ...]
    loop: Loop | None
    cites: tuple[Cite, ...]
    phase_numbered: bool = True  # False: the rules print no number for the phase
    phase_note: str | None = None


@dataclass(frozen=True)
class Substep:
    id: str
    title: str
    creates: tuple[str, ...]
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class Loop:
    to: str
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class Timeline:
    game: str
    format: str
    lang: Lang
    items: tuple[TimelineItem, ...]


@dataclass(frozen=True)
class AskMatch:
    trigger: str
    title: str
    step: str | None
    window: str
    score: float
    phrase: str


@dataclass(frozen=True)
class Answer:
    question: str
    lang: Lang
    matches: tuple[AskMatch, ...]
    answer: str | None
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class SiteBuild:
    """What `judge build --site` made: the folder, its pages (index.html files), files and bytes."""

    site_dir: Path
    pages: int
    files: int
    bytes: int
@dataclass(frozen=True)
class Counterpart:
    """The same concept's term in the other language (same game and id)."""

    lang: str
    term: str


@dataclass(frozen=True)
class Hit:
    """One ranked search result: an entry in one language, its best-matching block and a snippet.

    `marks` are the (start, end) spans of `snippet` that matched the query, for highlighting.
    """

    game: str
    id: str
    lang: str
    term: str
    score: float
    snippet: str
    para: int | None
    counterpart: Counterpart | None
    marks: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class SearchResult:
    """`judge search`: the query, the language asked for (es, cs or all) and the ranked hits."""

    query: str
    lang: str
    hits: tuple[Hit, ...]


@dataclass(frozen=True)
class IndexInfo:
    """A built search index: where it is (None: in memory), its key and its size."""

    path: Path | None
    key: str
    documents: int
    entries: int
    seconds: float


@dataclass(frozen=True)
class StackEvent:
    """One line of a priority-and-stack run (gp rule 120): who did what, the stack after it
    (bottom first), the rule applied (`open`: the rules text does not decide) and its cites."""

    n: int
    event: str  # step-begins | priority | play | activate | response | special-action | refused | pass |
                # resolve | triggered | trigger-to-stack | state-based | note | step-ends
    rule: str
    player: str | None
    object: str | None
    text: str
    open: bool
    stack: tuple[str, ...]
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class StackRun:
    """A step run through priority and the stack: the log, what resolved in order, the next item."""

    game: str
    lang: str
    players: tuple[str, ...]
    active: str
    at: str
    title: str
    log: tuple[StackEvent, ...]
    resolved: tuple[str, ...]
    next: str | None


@dataclass(frozen=True)
class RuleView:
    """One numbered rule of a rule group (gp's "120.4.a"): the block printed with that number,
    its sub-rules and the unnumbered blocks that belong to them (an "Ejemplo:"), and its cite."""

    entry: Entry
    rule: str
    blocks: tuple[Block, ...]
    cite: Cite


@dataclass(frozen=True)
class ShadowsTurn:
    """One player's Shadows opportunity (agot1): the card they bring out (None: none), what
    became of it (`outcome`: brought-out | passed | cannot | undecided | no-cards), the gold paid
    and the rules applied, in order."""

    player: str
    card: str | None
    card_type: str | None
    outcome: str
    paid: int | None
    gold_before: int
    gold_after: int
    enters: str | None  # standing | attached | duplicate | discarded | event
    attached_to: str | None
    responses: tuple[tuple[str, str], ...]  # (card, controller), resolved before the next card
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class ShadowsStage:
    """One step of the framework's «Cualquier fase» (out, begin, rest) with what it decided."""

    step: str
    title: str
    cites: tuple[Cite, ...]
    notes: tuple[Note, ...]
    turns: tuple[ShadowsTurn, ...] = ()


@dataclass(frozen=True)
class ShadowsResult:
    """`judge step` on an agot1 scenario: the beginning of a phase stepped through the Shadows
    opportunity, then the other beginning effects and the rest of the phase."""

    game: str
    lang: str
    phase: str
    marshalling: bool
    players: tuple[str, ...]
    first_player: str
    order: tuple[str, ...]
    stages: tuple[ShadowsStage, ...]
    printed_costs: tuple[Note, ...]
