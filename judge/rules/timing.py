"""The round's framework (Appendix I): load framework.yaml, walk it as a timeline.

The order of phases, steps, windows and loops is data (glossary/<game>/framework.yaml); this
module only reads it, validates it (`file:line: message`) and walks it for a format of play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from judge.core import paths, yamldata
from judge.core.errors import BadData, UnknownName, UsageProblem
from judge.core.model import LANGS
from judge.core.yamldata import Located, LocatedList
from judge.rules import citing
from judge.rules.citing import EntrySource
from judge.rules.model import CiteRef

if TYPE_CHECKING:
    from judge.rules.timelines import Timeline

WINDOW_KINDS = ("action-window", "special-action-window")  # the default; a framework may name its own
_NUMBER = re.compile(r"^\d+(\.\d+)*\.?\s+")


@dataclass(frozen=True)
class FwSubstep:
    """A sub-step of a framework step as framework.yaml writes it."""

    id: str
    title: dict[str, str] = field(hash=False)
    cites: tuple[CiteRef, ...]
    creates: tuple[str, ...]


@dataclass(frozen=True)
class FwLoop:
    """A framework step's loop back (`always`: not only while the round repeats it)."""

    to: str
    always: bool
    cites: tuple[CiteRef, ...]


@dataclass(frozen=True)
class FwItem:
    """One box of the chart: a framework step, or an action window after a step."""

    kind: str
    id: str
    entry: str | None
    phase: int
    melee: bool
    creates: tuple[str, ...]
    substeps: tuple[FwSubstep, ...]
    loop: FwLoop | None
    cites: tuple[CiteRef, ...]
    line: int
    title: dict[str, str] = field(hash=False, default_factory=dict)  # printed title, where not the entry's term

    @property
    def is_window(self) -> bool:
        return self.kind != "step"


@dataclass(frozen=True)
class Framework:
    """A game's round as framework.yaml writes it: its phases, boxes and labels per language."""

    game: str
    path: str
    labels: dict[str, dict[str, str]] = field(hash=False)
    phases: dict[int, dict[str, str]] = field(hash=False)
    items: tuple[FwItem, ...]
    phase_entries: dict[int, str] = field(hash=False, default_factory=dict)  # phase → its entry id
    # Phases whose rules print no number (n is only their place in the chart), and notes per phase.
    unnumbered: frozenset[int] = frozenset()
    phase_notes: dict[int, dict[str, str]] = field(hash=False, default_factory=dict)
    langs: tuple[str, ...] = LANGS  # the languages the game's rules are printed in

    def ids(self) -> list[str]:
        return [item.id for item in self.items]

    def item(self, item_id: str) -> FwItem:
        for item in self.items:
            if item.id == item_id:
                return item
        raise UnknownName("framework step or window", item_id, suggest(item_id, self.ids()))

    def walk(self, fmt: str) -> list[FwItem]:
        """The items of a round in `fmt`: melee-only steps are skipped in joust (select-titles ¶1)."""
        return [item for item in self.items if fmt == "melee" or not item.melee]

    def next_after(self, item_id: str, fmt: str) -> str | None:
        """The item that follows `item_id` in the chart (a loop's target is told by the item)."""
        items = self.walk(fmt)
        current = next((item for item in items if item.id == item_id), None)
        if current and current.loop and current.loop.always:
            return current.loop.to
        ids = [item.id for item in items]
        if item_id not in ids:
            return None
        index = ids.index(item_id)
        return ids[index + 1] if index + 1 < len(ids) else ids[0]


def suggest(name: str, names: list[str]) -> list[str]:
    import difflib

    close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
    return close or [n for n in names if n.startswith(name[:3])][:3]


def did_you_mean(name: str, names: list[str]) -> str:
    """` Did you mean: a, b?` or nothing when no name is close."""
    close = suggest(name, names)
    return f" Did you mean: {', '.join(close)}?" if close else ""


def framework_path(game: str, root: Path | None = None) -> Path:
    return (root or paths.glossary_root()) / game / "framework.yaml"


@lru_cache(maxsize=8)
def load(path: Path) -> Framework:
    data = yamldata.load(path)
    game = citing.data_game(data, "agot2")
    labels = citing.word_labels(data, citing.str_list(data, "langs"))
    langs = tuple(labels)
    window_cites = _window_cites(data, citing.str_list(data, "window_kinds") or WINDOW_KINDS)
    phases: dict[int, dict[str, str]] = {}
    phase_entries: dict[int, str] = {}
    unnumbered: set[int] = set()
    notes: dict[int, dict[str, str]] = {}
    items: list[FwItem] = []
    raw_phases = data.get("phases")
    if not isinstance(raw_phases, LocatedList) or not raw_phases:
        raise data.fail("phases", "phases: a list of phases, each with n, title and items")
    for phase in raw_phases:
        if not isinstance(phase, Located) or not isinstance(phase.get("n"), int):
            raise BadData(data.where, raw_phases.line, "phases: each phase needs a number n")
        n = int(phase["n"])
        phases[n] = citing.text_map(phase, "title", langs=langs)
        if phase.get("numbered", True) is False:
            unnumbered.add(n)
        if "note" in phase:
            notes[n] = citing.text_map(phase, "note", langs=langs)
        if "entry" in phase:
            if not isinstance(phase["entry"], str):
                raise phase.fail("entry", "entry: the id of the phase's glossary entry")
            phase_entries[n] = str(phase["entry"])
        raw_items = phase.get("items")
        if not isinstance(raw_items, LocatedList):
            raise phase.fail("items", "items: a list of steps and windows")
        for raw in raw_items:
            items.append(_item(raw, n, window_cites, data.where, langs))
    ids = [item.id for item in items]
    for item in items:
        if ids.count(item.id) > 1:
            raise BadData(data.where, item.line, f"{item.id}: appears twice in the framework")
        if item.loop and item.loop.to not in ids:
            raise BadData(data.where, item.line, f"loop: unknown target {item.loop.to!r}")
    return Framework(game, data.where, labels, phases, tuple(items), phase_entries, frozenset(unnumbered), notes,
                     langs)


def _window_cites(data: Located, kinds: tuple[str, ...]) -> dict[str, tuple[CiteRef, ...]]:
    """The cites of each kind of window (`window_kinds:`, default the card game's action
    windows); none for a framework without windows."""
    raw = data.get("window_cites")
    if raw is None:
        return {}
    if not isinstance(raw, Located) or set(raw) != set(kinds):
        raise data.fail("window_cites", f"window_cites: cites for {' and '.join(kinds)}")
    return {kind: citing.parse_cites(raw, kind) for kind in kinds}


def _item(raw: object, phase: int, window_cites: dict[str, tuple[CiteRef, ...]], where: str,
          langs: tuple[str, ...]) -> FwItem:
    if not isinstance(raw, Located):
        raise BadData(where, None, f"phase {phase}: an item is a mapping with step: or window:")
    creates = citing.str_list(raw, "creates")
    if "window" in raw:
        kind, after = raw.get("window"), raw.get("after")
        if not window_cites:
            raise raw.fail("window", "window: the framework has no window_cites for its windows")
        if kind not in window_cites or not isinstance(after, str):
            raise raw.fail("window", f"window: one of {', '.join(window_cites)}, with after: STEP")
        # A window's own cites (the outline line that prints it) follow its kind's rules.
        return FwItem(str(kind), f"after-{after}", None, phase, False, creates, (), None,
                      (*window_cites[str(kind)], *citing.parse_cites(raw, "cites")), raw.line)
    step, entry = raw.get("step"), raw.get("entry")
    if not isinstance(step, str) or not isinstance(entry, str):
        if isinstance(step, str) and "entry" not in raw and "title" in raw:
            return _titled_step(raw, step, phase, creates, langs)
        raise raw.fail(None, "a framework step needs step: \"N.N\" and entry: ID (or title: and cites:)")
    substeps = tuple(_substep(s) for s in raw.get("substeps", []))
    loop = None
    if "loop" in raw:
        raw_loop = raw["loop"]
        if not isinstance(raw_loop, Located) or not isinstance(raw_loop.get("to"), str):
            raise raw.fail("loop", "loop: a mapping with to: STEP_OR_WINDOW and cites")
        loop = FwLoop(str(raw_loop["to"]), bool(raw_loop.get("always", False)),
                      citing.parse_cites(raw_loop, "cites"))
    para = raw.get("para", 1)  # the block of its entry that prints the step (an outline's bullet)
    if not isinstance(para, int) or isinstance(para, bool):
        raise raw.fail("para", "para: the block number of the step's entry that prints it")
    cites = (citing.step_cite(entry, raw.where, raw.line, para), *citing.parse_cites(raw, "cites"))
    return FwItem("step", step, entry, phase, bool(raw.get("melee", False)), creates, substeps, loop,
                  cites, raw.line, citing.text_map(raw, "title", required=False, langs=langs))


def _titled_step(raw: Located, step: str, phase: int, creates: tuple[str, ...], langs: tuple[str, ...]) -> FwItem:
    """A step that no glossary entry is about (rules that print no step list): its title is
    given, and its cites say which paragraphs rule it."""
    cites = citing.parse_cites(raw, "cites")
    if not cites:
        raise raw.fail("title", "a step with a title and no entry needs cites: the paragraphs that rule it")
    return FwItem("step", step, None, phase, bool(raw.get("melee", False)), creates, (), None, cites, raw.line,
                  citing.text_map(raw, "title", langs=langs))


def _substep(raw: object) -> FwSubstep:
    if not isinstance(raw, Located) or not isinstance(raw.get("id"), str):
        raise BadData("framework.yaml", None, "substeps: each needs an id (I, II, III)")
    return FwSubstep(str(raw["id"]), citing.text_map(raw, "title"), citing.parse_cites(raw, "cites"),
                     citing.str_list(raw, "creates"))


def timeline(fw: Framework, source: EntrySource, lang: str, fmt: str, phase: int | None = None) -> Timeline:
    """The round as the chart shows it, in `lang`, for `fmt` (joust skips 1.4 and 7.4)."""
    from judge.rules.timelines import Loop, Substep, Timeline, TimelineItem  # timeline's types only

    if lang not in fw.langs:
        raise UsageProblem(f'the rules of "{fw.game}" are printed in {", ".join(fw.langs)} only, not {lang}')
    if phase is not None and phase not in fw.phases:
        raise UnknownName("phase", str(phase), [str(n) for n in fw.phases])
    items = []
    for item in fw.walk(fmt):
        if phase is not None and item.phase != phase:
            continue
        items.append(TimelineItem(
            kind=item.kind,
            id=None if item.is_window else item.id,
            window=item.id if item.is_window else None,
            title=title(fw, item, source, lang),
            phase=item.phase,
            phase_title=fw.phases[item.phase][lang],
            phase_numbered=item.phase not in fw.unnumbered,
            phase_note=fw.phase_notes.get(item.phase, {}).get(lang),
            melee_only=item.melee,
            creates=item.creates,
            substeps=tuple(Substep(s.id, s.title[lang], s.creates, citing.resolve(s.cites, fw.game, lang, source))
                           for s in item.substeps),
            loop=Loop(item.loop.to, citing.resolve(item.loop.cites, fw.game, lang, source)) if item.loop else None,
            cites=citing.resolve(item.cites, fw.game, lang, source),
        ))
    return Timeline(fw.game, fmt, lang, tuple(items))


def title(fw: Framework, item: FwItem, source: EntrySource, lang: str) -> str:
    """A step's title is its entry's term without the number; a window's is its label."""
    if item.is_window:
        return fw.labels[lang][item.kind]
    if item.title:
        return item.title[lang]
    assert item.entry is not None
    entry = source.get(fw.game, lang, item.entry) or next(
        (e for other in LANGS if (e := source.get(fw.game, other, item.entry))), None)
    return _NUMBER.sub("", entry.term) if entry else item.entry
