"""`judge timeline`'s result: the round of a game in one format and language, box by box
(made by judge.rules.timing.timeline). No I/O here."""

from __future__ import annotations

from dataclasses import dataclass

from judge.core.model import Cite
from judge.rules.model import Lang


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

