"""The round's framework (Appendix I): load framework.yaml, walk it as a timeline.

The order of phases, steps, windows and loops is data (glossary/<game>/framework.yaml); this
module only reads it, validates it (`file:line: message`) and walks it for a format of play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judge import citing, paths, yamldata
from judge.citing import EntrySource
from judge.errors import BadData, UnknownName
from judge.models import LANGS, CiteRef, Loop, Substep, Timeline, TimelineItem
from judge.yamldata import Located, LocatedList

WINDOW_KINDS = ("action-window", "special-action-window")
_NUMBER = re.compile(r"^\d+(\.\d+)*\.?\s+")


@dataclass(frozen=True)
class FwSubstep:
    id: str
    title: dict[str, str] = field(hash=False)
    cites: tuple[CiteRef, ...]
    creates: tuple[str, ...]


@dataclass(frozen=True)
class FwLoop:
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
    title: dict[str, str] = field(hash=False, default_factory=dict)  # else the entry's term

    @property
    def is_window(self) -> bool:
        return self.kind in WINDOW_KINDS


@dataclass(frozen=True)
class Framework:
    game: str
    path: str
    labels: dict[str, dict[str, str]] = field(hash=False)
    phases: dict[int, dict[str, str]] = field(hash=False)
    items: tuple[FwItem, ...]
    phase_entries: dict[int, str] = field(hash=False, default_factory=dict)  # phase → its entry id

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
    game = data.get("game")
    if not isinstance(game, str):
        raise data.fail("game", "game: the game folder this framework belongs to, e.g. agot2")
    labels = _labels(data)
    window_cites = _window_cites(data)
    phases: dict[int, dict[str, str]] = {}
    phase_entries: dict[int, str] = {}
    items: list[FwItem] = []
    raw_phases = data.get("phases")
    if not isinstance(raw_phases, LocatedList) or not raw_phases:
        raise data.fail("phases", "phases: a list of phases, each with n, title and items")
    for phase in raw_phases:
        if not isinstance(phase, Located) or not isinstance(phase.get("n"), int):
            raise BadData(data.where, raw_phases.line, "phases: each phase needs a number n")
        n = int(phase["n"])
        phases[n] = citing.text_map(phase, "title")
        if "entry" in phase:
            if not isinstance(phase["entry"], str):
                raise phase.fail("entry", "entry: the id of the phase's glossary entry")
            phase_entries[n] = str(phase["entry"])
        raw_items = phase.get("items")
        if not isinstance(raw_items, LocatedList):
            raise phase.fail("items", "items: a list of steps and windows")
        for raw in raw_items:
            items.append(_item(raw, n, window_cites, data.where))
    ids = [item.id for item in items]
    for item in items:
        if ids.count(item.id) > 1:
            raise BadData(data.where, item.line, f"{item.id}: appears twice in the framework")
        if item.loop and item.loop.to not in ids:
            raise BadData(data.where, item.line, f"loop: unknown target {item.loop.to!r}")
    return Framework(game, data.where, labels, phases, tuple(items), phase_entries)


def _labels(data: Located) -> dict[str, dict[str, str]]:
    labels = data.get("labels")
    if not isinstance(labels, Located) or any(not isinstance(labels.get(lang), Located) for lang in LANGS):
        raise data.fail("labels", f"labels: a mapping of words per language ({', '.join(LANGS)})")
    return {lang: {str(k): str(v) for k, v in labels[lang].items()} for lang in LANGS}


def _window_cites(data: Located) -> dict[str, tuple[CiteRef, ...]]:
    raw = data.get("window_cites")
    if raw is None and not _has_windows(data):
        return {}  # a round without action windows (the board game) cites none
    if not isinstance(raw, Located) or set(raw) != set(WINDOW_KINDS):
        raise data.fail("window_cites", f"window_cites: cites for {' and '.join(WINDOW_KINDS)}")
    return {kind: citing.parse_cites(raw, kind) for kind in WINDOW_KINDS}


def _has_windows(data: Located) -> bool:
    phases = data.get("phases")
    return not isinstance(phases, list) or any(
        isinstance(item, dict) and "window" in item
        for phase in phases if isinstance(phase, dict) for item in phase.get("items") or [])


def _item(raw: object, phase: int, window_cites: dict[str, tuple[CiteRef, ...]], where: str) -> FwItem:
    if not isinstance(raw, Located):
        raise BadData(where, None, f"phase {phase}: an item is a mapping with step: or window:")
    creates = citing.str_list(raw, "creates")
    if "window" in raw:
        kind, after = raw.get("window"), raw.get("after")
        if kind not in WINDOW_KINDS or not isinstance(after, str):
            raise raw.fail("window", f"window: one of {', '.join(WINDOW_KINDS)}, with after: STEP")
        return FwItem(str(kind), f"after-{after}", None, phase, False, creates, (), None,
                      window_cites[str(kind)], raw.line)
    step, entry = raw.get("step"), raw.get("entry")
    if not isinstance(step, str) or not isinstance(entry, str):
        raise raw.fail(None, "a framework step needs step: \"N.N\" and entry: ID")
    substeps = tuple(_substep(s) for s in raw.get("substeps", []))
    loop = None
    if "loop" in raw:
        raw_loop = raw["loop"]
        if not isinstance(raw_loop, Located) or not isinstance(raw_loop.get("to"), str):
            raise raw.fail("loop", "loop: a mapping with to: STEP_OR_WINDOW and cites")
        loop = FwLoop(str(raw_loop["to"]), bool(raw_loop.get("always", False)),
                      citing.parse_cites(raw_loop, "cites"))
    cites = (citing.step_cite(entry, raw.where, raw.line), *citing.parse_cites(raw, "cites"))
    # A step several of which share one entry (the board game's Westeros phase) names itself.
    own_title = citing.text_map(raw, "title", required=False)
    return FwItem("step", step, entry, phase, bool(raw.get("melee", False)), creates, substeps, loop,
                  cites, raw.line, own_title)


def _substep(raw: object) -> FwSubstep:
    if not isinstance(raw, Located) or not isinstance(raw.get("id"), str):
        raise BadData("framework.yaml", None, "substeps: each needs an id (I, II, III)")
    return FwSubstep(str(raw["id"]), citing.text_map(raw, "title"), citing.parse_cites(raw, "cites"),
                     citing.str_list(raw, "creates"))


def timeline(fw: Framework, source: EntrySource, lang: str, fmt: str, phase: int | None = None) -> Timeline:
    """The round as the chart shows it, in `lang`, for `fmt` (joust skips 1.4 and 7.4)."""
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
