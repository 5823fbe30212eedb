"""The timing charts of the site, as data: the round and the triggering-condition sequence.

The round is the judge's framework (glossary/<game>/framework.yaml, walked by judge.timing as
`judge timeline --melee` does): the same items in the same order, its windows, loops and
melee-only steps, each box linking to the glossary entry that rules it. The colour code is
Appendix I's (`appendix-i` ¶1): framework steps brown, action windows red, melee-only steps
yellow, loops grey.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from judge.rules import timing
from judge.search.analysis import terms
from judge.glossary import Glossary
from judge.core.model import DEFAULT_GAME, Cite
from judge.rules.timelines import Substep, TimelineItem

ItemKind = Literal["phase", "step", "action-window", "special-action-window"]

_SENTENCE = re.compile(r"(?<=[.!?])\s")

# Entry ids the sequence chart is built from (the concepts, not their text).
ACTION_WINDOWS = "action-windows"
TRIGGERING_CONDITION = "triggering-condition"


@dataclass(frozen=True)
class RoundItem:
    """One box of the round chart, in order.

    `id` is the framework step number ("4.2.1"), the phase number for a phase header, or for a
    window the step it follows; `entry` is the glossary entry the box links to (None when the
    language lacks it); `loop` the framework item a loop goes back to ("3.2", "after-4.1");
    `depth` is 1 inside a step with sub-steps (4.2: the challenge).
    """

    kind: ItemKind
    id: str | None
    title: str
    phase: str
    entry: str | None
    melee_only: bool = False
    loop: str | None = None
    depth: int = 0
    substeps: tuple[Substep, ...] = ()
    cites: tuple[Cite, ...] = ()  # the rules the framework names for the box (the printed card shows them)


@dataclass(frozen=True)
class SequenceItem:
    """One step of the triggering-condition sequence: its number, text and whether it is a window."""

    n: int
    para: int
    text: str
    window: bool


def step_key(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


def round_items(glossary: Glossary, lang: str, game: str = DEFAULT_GAME) -> list[RoundItem]:
    """The round in order: phase headers, then the framework's steps and windows as
    `judge timeline --melee` walks them. A game without framework.yaml has no chart ([])."""
    path = timing.framework_path(game, glossary.root)
    if not path.is_file():
        return []
    fw = timing.load(path)
    line = timing.timeline(fw, glossary, lang, "melee")
    parents = {i.id.rsplit(".", 1)[0] for i in line.items if i.id and i.id.count(".") > 1}
    items: list[RoundItem] = []
    for item in line.items:
        phase = str(item.phase)
        if not items or items[-1].phase != phase:
            entry = _in(glossary, game, lang, fw.phase_entries.get(item.phase))
            items.append(RoundItem("phase", phase, item.phase_title, phase, entry))
        items.append(_round_item(glossary, fw, item, lang, parents))
    return items


def _round_item(glossary: Glossary, fw: timing.Framework, item: TimelineItem, lang: str,
                parents: set[str]) -> RoundItem:
    data = fw.item(item.window or item.id or "")
    if item.window:
        after = item.window.removeprefix("after-")
        # A window after a step with sub-steps (4.2, the challenge is initiated) opens inside
        # it, before the first sub-step.
        depth = after.count(".") - 1 + (after in parents)
        entry = _in(glossary, fw.game, lang, data.cites[0].id if data.cites else None)
        return RoundItem(item.kind, after, item.title, str(item.phase), entry, depth=depth,  # type: ignore[arg-type]
                         cites=item.cites)
    assert item.id is not None
    return RoundItem(
        "step", item.id, item.title, str(item.phase), _in(glossary, fw.game, lang, data.entry),
        melee_only=item.melee_only, loop=item.loop.to if item.loop else None,
        depth=item.id.count(".") - 1, substeps=item.substeps, cites=item.cites,
    )


def _in(glossary: Glossary, game: str, lang: str, entry_id: str | None) -> str | None:
    """`entry_id` when `lang` has that entry (a link to a missing page would be a "not
    translated" page, not the rule)."""
    return entry_id if entry_id and glossary.get(game, lang, entry_id) else None


def trigger_sequence(glossary: Glossary, lang: str, game: str = DEFAULT_GAME) -> list[SequenceItem]:
    """The numbered steps of the triggering-condition entry, each marked when it opens a window."""
    entry = glossary.get(game, lang, TRIGGERING_CONDITION)
    if entry is None:
        return []
    head = _window_head(glossary, game, lang)
    numbered = [b for b in entry.blocks if b.kind == "numbered" and b.marker[:-1].isdigit()]
    return [
        SequenceItem(int(b.marker[:-1]), b.n, b.text, head is not None and head in terms(b.text, lang))
        for b in numbered
    ]


def first_sentence(text: str) -> str:
    return _SENTENCE.split(text.strip(), maxsplit=1)[0]


def _window_head(glossary: Glossary, game: str, lang: str) -> str | None:
    """The head noun of the action-windows term (ventana, okno), as an index term."""
    entry = glossary.get(game, lang, ACTION_WINDOWS)
    found = terms(entry.term, lang) if entry else []
    return found[0] if found else None
