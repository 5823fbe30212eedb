"""The catalogue of a game's triggers.yaml: the seven steps of the triggering-condition
sequence, the named rules applied while stepping them (with their cites) and the triggering
conditions. `judge.rules.sequence` steps a scenario through it; gp and agot1 read their named
rules with `parse_rules`. The sequence, rule by rule, is documented in docs/evaluation-order.md:

1 imminent → 2 "would" interrupts (cancels first; a cancel stops everything, a save makes a new
condition imminent) → 3 forced interrupts (first player orders) → 4 interrupt window → 5 occurs
→ 6 forced reactions (first player orders) → 7 reaction window. A condition created while an
ability resolves opens a nested sequence that completes first (LIFO).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judge.core import paths, yamldata
from judge.core.errors import BadData, UnknownName
from judge.core.model import LANGS
from judge.core.yamldata import Located, LocatedList
from judge.rules import citing
from judge.rules.model import CiteRef
from judge.rules.timing import suggest

KINDS = ("imminent", "would-interrupts", "forced-interrupts", "interrupt-window", "occurs",
         "forced-reactions", "reaction-window")


@dataclass(frozen=True)
class TriggerDef:
    """A triggering condition of triggers.yaml: its steps, what may be done to it, its phrases
    and cites."""

    id: str
    title: dict[str, str] = field(hash=False)
    steps: tuple[str, ...]
    melee: bool
    cancellable: bool
    saveable: bool
    saved_as: str | None
    cites: tuple[CiteRef, ...]
    phrases: dict[str, tuple[str, ...]] = field(hash=False)
    line: int


@dataclass(frozen=True)
class SeqDef:
    """One of the seven steps of the triggering-condition sequence, with its cites."""

    n: int
    kind: str
    cites: tuple[CiteRef, ...]


@dataclass(frozen=True)
class RuleDef:
    """A named rule the engine applies (`open`: the Rules Reference does not decide it)."""

    name: str
    open: bool
    text: dict[str, str] = field(hash=False)
    cites: tuple[CiteRef, ...]


@dataclass(frozen=True)
class KeywordDef:
    """A keyword a scenario can name: `trigger` the condition it resolves on (None: 4.2.5)."""

    id: str
    trigger: str | None
    once_per_challenge: bool


@dataclass(frozen=True)
class Catalogue:
    """A game's triggers.yaml: the sequence, the named rules, the conditions and keywords."""

    game: str
    path: str
    labels: dict[str, dict[str, str]] = field(hash=False)
    sequence: tuple[SeqDef, ...]
    rules: dict[str, RuleDef] = field(hash=False)
    triggers: tuple[TriggerDef, ...]
    keywords: dict[str, KeywordDef] = field(hash=False, default_factory=dict)

    def keyword_triggers(self) -> dict[str, str | None]:
        return {k.id: k.trigger for k in self.keywords.values()}

    def ids(self) -> list[str]:
        return [t.id for t in self.triggers]

    def trigger(self, trigger_id: str) -> TriggerDef:
        for t in self.triggers:
            if t.id == trigger_id:
                return t
        raise UnknownName("trigger", trigger_id, suggest(trigger_id, self.ids()))

    def flags(self) -> dict[str, tuple[bool, bool]]:
        return {t.id: (t.cancellable, t.saveable) for t in self.triggers}


def triggers_path(game: str, root: Path | None = None) -> Path:
    return (root or paths.glossary_root()) / game / "triggers.yaml"


# -- loading ------------------------------------------------------------------------------

def parse_rules(data: Located, langs: tuple[str, ...] = LANGS) -> dict[str, RuleDef]:
    """The `rules:` of an engine's data: name → {text per language, cites, open}."""
    raw_rules = data.get("rules")
    if not isinstance(raw_rules, Located):
        raise data.fail("rules", "rules: a mapping of rule name to {text, cites}")
    rules = {}
    for name, raw in raw_rules.items():
        if not isinstance(raw, Located):
            raise raw_rules.fail(name, f"{name}: a rule is {{text, cites, open}}")
        rules[name] = RuleDef(name, bool(raw.get("open", False)), citing.text_map(raw, "text", langs=langs),
                              citing.parse_cites(raw, "cites"))
    return rules


@lru_cache(maxsize=8)
def load(path: Path) -> Catalogue:
    data = yamldata.load(path)
    game = citing.data_game(data, "agot2")
    labels = citing.word_labels(data, LANGS)
    raw_seq = data.get("sequence")
    if not isinstance(raw_seq, LocatedList) or [s.get("kind") for s in raw_seq] != list(KINDS):
        raise data.fail("sequence", f"sequence: the seven steps in order: {', '.join(KINDS)}")
    sequence = tuple(SeqDef(int(s["n"]), str(s["kind"]), citing.parse_cites(s, "cites")) for s in raw_seq)
    rules = parse_rules(data)
    raw_triggers = data.get("triggers")
    if not isinstance(raw_triggers, LocatedList):
        raise data.fail("triggers", "triggers: a list of triggering conditions")
    triggers = tuple(_trigger(raw, data.where) for raw in raw_triggers)
    ids = [t.id for t in triggers]
    for t in triggers:
        if ids.count(t.id) > 1:
            raise BadData(data.where, t.line, f"id: {t.id} appears twice")
        if t.saved_as is not None and t.saved_as not in ids:
            raise BadData(data.where, t.line, f"saved_as: unknown trigger {t.saved_as!r}")
    keywords = _keywords_of(data, ids)
    return Catalogue(game, data.where, labels, sequence, rules, triggers, keywords)


def _keywords_of(data: Located, ids: list[str]) -> dict[str, KeywordDef]:
    raw = data.get("keywords", {})
    if not isinstance(raw, dict):
        raise data.fail("keywords", "keywords: a mapping of keyword (a glossary id) to {trigger, once_per_challenge}")
    out = {}
    for name, spec in raw.items():
        if not isinstance(spec, dict) or not set(spec) <= {"trigger", "once_per_challenge"}:
            raise data.fail("keywords", f"keywords: {name}: {{trigger, once_per_challenge}}")
        trigger = spec.get("trigger")
        if trigger is not None and trigger not in ids:
            raise data.fail("keywords", f"keywords: {name}: unknown trigger {trigger!r}")
        out[str(name)] = KeywordDef(str(name), trigger, bool(spec.get("once_per_challenge", False)))
    return out


def _trigger(raw: object, where: str) -> TriggerDef:
    if not isinstance(raw, Located) or not isinstance(raw.get("id"), str):
        raise BadData(where, getattr(raw, "line", None), "triggers: each needs an id")
    phrases = raw.get("phrases")
    if not isinstance(phrases, Located):
        raise raw.fail("phrases", "phrases: phrases per language for `judge ask`")
    return TriggerDef(
        id=str(raw["id"]), title=citing.text_map(raw, "title"), steps=citing.str_list(raw, "steps"),
        melee=bool(raw.get("melee", False)), cancellable=bool(raw.get("cancellable", False)),
        saveable=bool(raw.get("saveable", False)), saved_as=raw.get("saved_as"),
        cites=citing.parse_cites(raw, "cites"),
        phrases={lang: citing.str_list(phrases, lang) for lang in LANGS}, line=raw.line,
    )


