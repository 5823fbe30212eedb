"""`judge step` of the trigger sequence: the condition stepped through its seven steps and the
framework steps before it, each ability as it resolved. No I/O here."""

from __future__ import annotations

from dataclasses import dataclass

from judge.core.model import Cite
from judge.rules.model import Lang, Note


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
    ability: int | None = None       # its position in the scenario (1, 2, ...): each copy's identity
    reason: Note | None = None       # why it was not used (or what cut it short), with its cites
    cancelled: bool = False          # used, but its initiation was cancelled (cancel ¶3)


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
