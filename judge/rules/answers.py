"""`judge ask`: the answer to a question, its matches and the paragraphs behind it. No I/O here."""

from __future__ import annotations

from dataclasses import dataclass

from judge.core.model import Cite
from judge.rules.model import Lang


@dataclass(frozen=True)
class AskMatch:
    """A triggering condition of the catalogue that the question meets, and how well."""

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
    the conditions of the catalogue it meets and a `judge step` scenario of the situation.
    `verdict_from` and `stance` say what the verdict rests on and what that says, also where the
    verdict is not said (None: the evidence does not decide it; the answer points to the cites).
    `certainty` says how far the first paragraph stands above the second (clear | close; None
    when the rules do not speak of the question): a close call quotes both."""

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
    verdict_from: str | None = None   # open | rule:NAME | paragraph: what the verdict rests on
    stance: str | None = None         # open | denies | allows | states: what that says
    certainty: str | None = None      # clear | close: the second paragraph scores far below the first, or not
