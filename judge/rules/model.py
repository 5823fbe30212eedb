"""The rules core's results: the framework of a round (here, with the citations every result
carries), a stepped triggering condition (judge.rules.stepped), an answer to a question
(judge.rules.answers), and the other engines' runs (judge.rules.runs: gp's stack, agot1's
Shadows). No I/O here.

Each result type lives with the command that makes it: creating a frozen dataclass costs about
0.5 ms at import, so `judge timeline` does not create the 13 types of the other results.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from judge.core.model import Cite


Lang = str
SequenceKind = Literal[
    "imminent", "would-interrupts", "forced-interrupts", "interrupt-window", "occurs",
    "forced-reactions", "reaction-window",
]
Outcome = Literal["occurred", "cancelled", "replaced"]




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
class TimelineItem:
    """One box of `judge timeline`: a framework step or an action window, in its phase, with its
    sub-steps, its loop back and its cites."""

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
    """A numbered part of a framework step (1.3 I-III), with the conditions it creates."""

    id: str
    title: str
    creates: tuple[str, ...]
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class Loop:
    """Where the round goes back to after a step (3.3 to 3.2), and the rule that says so."""

    to: str
    cites: tuple[Cite, ...]


@dataclass(frozen=True)
class Timeline:
    """`judge timeline`: the round of a game in one format and language, box by box."""

    game: str
    format: str
    lang: Lang
    items: tuple[TimelineItem, ...]

