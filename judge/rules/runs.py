"""The other engines' runs: gp's priority and stack (rule 120), agot1's Shadows opportunity.
No I/O here."""

from __future__ import annotations

from dataclasses import dataclass

from judge.core.model import Cite
from judge.rules.model import Note


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
