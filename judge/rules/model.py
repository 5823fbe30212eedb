"""The rules core's results: the framework of a round, a stepped triggering condition, an
answer to a question, and the other engines' runs (gp's stack, agot1's Shadows). No I/O here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from judge.core.model import Cite

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
class Evidence:
    """One paragraph behind an answer, ranked: `source` says what brought it (a named rule,
    a sequence step, a condition, a framework step, an idea of the question, or its words)."""

    cite: Cite
    score: float
    source: str
    text: str


@dataclass(frozen=True)
class Answer:
    """`judge ask`: what the question asks (`kinds`), the verdict (yes | no | open) where it
    asks one, the framework step and window, who acts or decides first, the step after, the
    paragraphs that justify it (`evidence`, the justifying one first; `cites` the same cites),
    the conditions of the catalogue it meets and a `judge step` scenario of the situation."""

    question: str
    lang: Lang
    matches: tuple[AskMatch, ...]
    answer: str | None
    cites: tuple[Cite, ...]
    kinds: tuple[str, ...] = ()
    verdict: str | None = None
    step: str | None = None
    window: str | None = None
    who: str | None = None
    next: str | None = None
    evidence: tuple[Evidence, ...] = ()
    scenario: str | None = None


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
