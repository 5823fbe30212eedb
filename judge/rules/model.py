"""The rules core's results: the citations every result carries (here), the round of a game
(judge.rules.timelines), a stepped triggering condition (judge.rules.stepped), an answer to a
question (judge.rules.answers), and the other engines' runs (judge.rules.runs: gp's stack,
agot1's Shadows). No I/O here.

Each result type lives with the command that makes it: creating a frozen dataclass costs about
0.5 ms at import, so `judge timeline` does not create the 13 types of the other results, nor
`judge step` the 4 of the timeline.
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
