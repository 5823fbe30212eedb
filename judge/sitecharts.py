"""The timing charts of the site, as data: the round and the triggering-condition sequence.

Until the judge issue's glossary/<game>/framework.yaml lands, the round is read from the
glossary itself: the step entries (kind: step, ordered by `step`), the action windows where the
round diagram entry (`round-diagram`) draws them, and the colour code of Appendix I (`appendix-i`
¶1): framework steps brown, action windows red, melee-only steps yellow, loops grey. Everything
goes through `round_items`, so switching to framework.yaml changes this module only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from judge.analysis import terms
from judge.glossary import Glossary
from judge.models import DEFAULT_GAME, LANGS, Entry
from judge.text import fold

ItemKind = Literal["phase", "step", "action-window", "special-action-window"]

_STEP_NUMBER = re.compile(r"^(\d+(?:\.\d+)+)\.?(?:\s|$)")
_STEP_REF = re.compile(r"(?<![\d.])(\d+\.\d+(?:\.\d+)?)(?![\d]|\.\d)")
_PARENTHESIS = re.compile(r"\s*\(([^)]*)\)\s*$")
_SENTENCE = re.compile(r"(?<=[.!?])\s")

# Entry ids the charts are built from (the concepts, not their text).
ROUND_DIAGRAM = "round-diagram"
ACTION_WINDOWS = "action-windows"
SPECIAL_WINDOW = "marshaling-action-window"
MELEE = "melee"
TRIGGERING_CONDITION = "triggering-condition"


@dataclass(frozen=True)
class RoundItem:
    """One box of the round chart, in order.

    `id` is the framework step number ("4.2.1"), or the step a window follows; `entry` is the
    glossary entry the box links to (None when the language lacks it); `depth` is 1 for the
    challenge-resolution steps inside 4.2.
    """

    kind: ItemKind
    id: str | None
    title: str
    phase: str
    entry: str | None
    melee_only: bool = False
    loop: bool = False
    depth: int = 0
    substeps: tuple[str, ...] = ()


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
    """The round in order: phase headers, framework steps and the action windows between them."""
    steps = _steps(glossary, game)
    windows = _windows(glossary, game)
    melee_words = _melee_words(glossary, game)
    items: list[RoundItem] = []
    for number, variants in steps:
        entry = variants.get(lang) or next(iter(variants.values()))
        phase = number.split(".")[0]
        if not items or items[-1].phase != phase:
            items.append(_phase_item(glossary, game, lang, phase, steps))
        melee = any(_is_melee(e, melee_words) for e in variants.values())
        items.append(RoundItem(
            "step", number, _title(entry), phase, entry.id if entry.lang == lang else None,
            melee_only=melee, loop=_is_loop(entry, number), depth=len(number.split(".")) - 2,
            substeps=_substeps(entry),
        ))
        if number in windows:
            # A window after a step with sub-steps (4.2, the challenge is initiated) opens
            # inside it, before the first sub-step.
            inside = any(n.startswith(number + ".") for n, _ in steps)
            depth = len(number.split(".")) - 2 + inside
            items.append(_window_item(glossary, game, lang, windows[number], number, phase, depth))
    return items


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


def short_title(entry: Entry) -> str:
    """The step's term without its number and without a trailing parenthesis."""
    return _title(entry)


# -- steps ----------------------------------------------------------------------------------

def _steps(glossary: Glossary, game: str) -> list[tuple[str, dict[str, Entry]]]:
    numbers = {e.step: e.id for e in glossary.entries if e.game == game and e.kind == "step" and e.step}
    return [(n, glossary.variants(game, numbers[n])) for n in sorted(numbers, key=step_key)]


def _title(entry: Entry) -> str:
    """The printed term without its leading step number and melee note: "Se seleccionan los Títulos"."""
    title = _STEP_NUMBER.sub("", entry.term).strip()
    return _PARENTHESIS.sub("", title).strip() or entry.term


def _melee_words(glossary: Glossary, game: str) -> set[str]:
    """The folded names of the melee format in every language (Contienda, Bitva)."""
    return {fold(e.term) for e in glossary.variants(game, MELEE).values()}


def _is_melee(entry: Entry, melee_words: set[str]) -> bool:
    """A step printed with a note naming the melee format, e.g. "(pouze formát bitva)"."""
    note = _PARENTHESIS.search(entry.term)
    return note is not None and any(word in fold(note.group(1)).split() for word in melee_words)


def _is_loop(entry: Entry, number: str) -> bool:
    """Appendix I ¶1: a grey box may send play back to an earlier framework step, or on to a later
    one. So a loop is a step whose text names both an earlier step (not one it is part of) and a
    later step (not one of its own sub-steps)."""
    own = step_key(number)
    refs = {step_key(r) for b in entry.blocks for r in _STEP_REF.findall(b.text)}
    earlier = any(r < own and own[:len(r)] != r for r in refs)
    later = any(r > own and r[:len(own)] != own for r in refs)
    return earlier and later


def _substeps(entry: Entry) -> tuple[str, ...]:
    """Roman-numbered items of a step (1.3 I, II, III), as their first sentence."""
    return tuple(f"{b.marker} {first_sentence(b.text)}" for b in entry.blocks
                 if b.kind == "numbered" and not b.marker[:-1].isdigit())


def _phase_item(glossary: Glossary, game: str, lang: str, phase: str,
                steps: list[tuple[str, dict[str, Entry]]]) -> RoundItem:
    """The phase header: the entry named after the phase's first step ("plot-phase-begins" →
    "plot-phase")."""
    first = next(v for n, v in steps if n.split(".")[0] == phase)
    step_id = next(iter(first.values())).id
    phase_id = step_id.rsplit("-", 1)[0] if step_id.endswith("-begins") else None
    entry = glossary.get(game, lang, phase_id) if phase_id else None
    if entry is None and phase_id:
        entry = next(iter(glossary.variants(game, phase_id).values()), None)
    title = entry.term if entry else phase
    return RoundItem("phase", phase, title, phase, entry.id if entry and entry.lang == lang else None)


# -- windows --------------------------------------------------------------------------------

def _windows(glossary: Glossary, game: str) -> dict[str, ItemKind]:
    """Step number → the window drawn after it, read from the round diagram: an upper-case box
    label made of the words of the action-windows term is a window; with more words (ZVLÁŠTNÍ
    OKNO AKCÍ) it is the special marshaling window."""
    found: dict[str, ItemKind] = {}
    for lang in LANGS:
        diagram = glossary.get(game, lang, ROUND_DIAGRAM)
        label = glossary.get(game, lang, ACTION_WINDOWS)
        if diagram is None or label is None:
            continue
        label_terms = set(terms(label.term, lang))
        current: str | None = None
        for block in diagram.blocks:
            number = _STEP_NUMBER.match(block.text)
            if number:
                current = number.group(1)
                continue
            text_terms = set(terms(block.text, lang))
            is_label = block.text.upper() == block.text and label_terms <= text_terms
            if current and is_label:
                found[current] = "action-window" if text_terms == label_terms else "special-action-window"
    return found


def _window_item(glossary: Glossary, game: str, lang: str, kind: ItemKind, after: str, phase: str,
                 depth: int) -> RoundItem:
    entry_id = SPECIAL_WINDOW if kind == "special-action-window" else ACTION_WINDOWS
    entry = glossary.get(game, lang, entry_id)
    title = entry.term if entry else entry_id
    return RoundItem(kind, after, title, phase, entry.id if entry else None, depth=depth)


def _window_head(glossary: Glossary, game: str, lang: str) -> str | None:
    """The head noun of the action-windows term (ventana, okno), as an index term."""
    entry = glossary.get(game, lang, ACTION_WINDOWS)
    found = terms(entry.term, lang) if entry else []
    return found[0] if found else None
