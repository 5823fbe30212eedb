"""Gobierno & Prestigio's priority and stack (rule 120): run a scripted step, citing each rule.

The rules the engine applies, their wording and their citations are data
(glossary/<game>/triggers.yaml, `engine: priority-stack`); this module reads them and a scenario
(docs/scenarios.md), then runs the loop of rule 120:

- whenever a player would receive priority, state-based actions first, then the triggered
  abilities that are waiting go on the stack (120.6), then that player receives priority;
- the player with priority acts (and keeps priority, 120.4.c) or passes (the next player in
  turn order receives priority, 120.4.d);
- when all players have passed in succession, the top of the stack resolves (120.5, last in,
  first out: 120.7) and the active player receives priority (120.4.b); with an empty stack the
  step ends (120.5).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judge.core import yamldata
from judge.core.errors import BadData, UsageProblem
from judge.core.yamldata import Located, LocatedList
from judge.rules import citing, data, timing
from judge.rules.citing import EntrySource
from judge.rules.runs import StackEvent, StackRun
from judge.rules.scenario import MAX_PLAYERS
from judge.rules.timing import Framework, did_you_mean
from judge.rules.triggers import RuleDef, parse_rules

SCENARIO_KEYS = ("game", "lang", "players", "active", "at", "script", "triggers", "state_based")
PLAY_TYPES = ("mandate", "order")
CONDITIONS = ("start", "played", "resolved", "state")
# A runaway script (a trigger condition met again and again) stops here rather than hanging.
MAX_EVENTS = 1000


@dataclass(frozen=True)
class Rules:
    """The engine's data for one game: its rules by name, labels, and the command step."""

    game: str
    langs: tuple[str, ...]
    labels: dict[str, dict[str, str]] = field(hash=False)
    rules: dict[str, RuleDef] = field(hash=False)
    command_steps: tuple[str, ...]


@dataclass(frozen=True)
class Action:
    """What a player does the next time they hold priority."""

    kind: str  # pass | mandate | order | ability | special
    name: str | None
    line: int


@dataclass(frozen=True)
class Trigger:
    """A triggered ability, and the condition that triggers it: the step beginning, or an
    object played, resolved, or a state-based action performed."""

    name: str
    controller: str
    on: str
    of: str | None
    line: int


@dataclass(frozen=True)
class StateAction:
    id: str
    text: str
    on: str
    of: str | None
    line: int


@dataclass(frozen=True)
class Scenario:
    game: str
    lang: str | None
    players: tuple[str, ...]
    active: str
    at: str
    script: dict[str, tuple[Action, ...]] = field(hash=False)
    triggers: tuple[Trigger, ...]
    state_based: tuple[StateAction, ...]
    where: str


# -- the engine's data -------------------------------------------------------------------

@lru_cache(maxsize=4)
def load_rules(path: Path) -> Rules:
    data = yamldata.load(path)
    game = citing.data_game(data, "gp")
    labels = citing.word_labels(data, citing.str_list(data, "langs"))
    langs = tuple(labels)
    return Rules(game, langs, labels, parse_rules(data, langs), citing.str_list(data, "command_steps"))


# -- the scenario --------------------------------------------------------------------------

def load_scenario(data: Located, fw: Framework) -> Scenario:
    """A scenario file's mapping as read (judge.core.yamldata), or BadData with its file and line."""
    unknown = [k for k in data if k not in SCENARIO_KEYS]
    if unknown:
        raise data.fail(unknown[0], f"{unknown[0]}: unknown key.{did_you_mean(unknown[0], list(SCENARIO_KEYS))}")
    players = citing.str_list(data, "players")
    if len(players) < 2 or len(set(players)) != len(players):
        raise data.fail("players", "players: two or more different names, in turn order")
    if len(players) > MAX_PLAYERS:
        raise data.fail("players", f"players: {len(players)} given; judge step takes at most {MAX_PLAYERS}")
    active = data.get("active", players[0])
    if active not in players:
        raise data.fail("active", f"active: {active!r} is not one of the players ({', '.join(players)})")
    at = data.get("at")
    if not isinstance(at, str) or at not in fw.ids():
        raise data.fail("at", f"at: the framework step or window where priority is given (quoted), "
                              f"one of: {', '.join(fw.ids())}")
    lang = data.get("lang")
    if lang is not None and lang not in fw.langs:
        raise data.fail("lang", f"lang: one of {', '.join(fw.langs)}")
    script = _script(data, players)
    triggers = tuple(_trigger(raw, data, line, players) for raw, line in _items(data, "triggers"))
    state_based = tuple(_state_action(raw, data, line) for raw, line in _items(data, "state_based"))
    _check_names(data, script, triggers, state_based)
    return Scenario(str(data.get("game", fw.game)), lang, players, str(active), at, script, triggers,
                    state_based, data.where)


def _items(data: Located, key: str) -> Iterator[tuple[object, int]]:
    value = data.get(key)
    if value is None:
        return iter(())
    if not isinstance(value, LocatedList):
        raise data.fail(key, f"{key}: a list")
    return zip(value, value.lines)


def _script(data: Located, players: tuple[str, ...]) -> dict[str, tuple[Action, ...]]:
    raw = data.get("script", Located())  # no script: every player passes
    if not isinstance(raw, Located):
        raise data.fail("script", "script: for each player, the list of what they do each time they hold "
                                  "priority (pass, {play: NAME, type: mandate|order}, {activate: NAME}, {special: NAME})")
    for name in raw:
        if name not in players:
            raise raw.fail(name, f"{name}: not one of the players ({', '.join(players)})")
    script = {}
    for player in players:
        actions = raw.get(player)
        if actions is not None and not isinstance(actions, LocatedList):
            raise raw.fail(player, f"{player}: a list of actions")
        script[player] = tuple(_action(a, raw, line) for a, line in zip(actions or (), getattr(actions, "lines", ())))
    return script


def _action(raw: object, owner: Located, line: int) -> Action:
    if raw == "pass":
        return Action("pass", None, line)
    if isinstance(raw, Located) and len(raw) == 1 and isinstance(next(iter(raw.values())), str):
        verb, name = next(iter(raw.items()))
        if verb in ("activate", "special"):
            return Action("ability" if verb == "activate" else "special", name, line)
    if isinstance(raw, Located) and set(raw) == {"play", "type"} and isinstance(raw["play"], str):
        if raw["type"] not in PLAY_TYPES:
            raise raw.fail("type", f"type: {' or '.join(PLAY_TYPES)} (an order that is not a mandate)")
        return Action(str(raw["type"]), str(raw["play"]), line)
    raise BadData(owner.where, line, f"{raw!r}: an action is pass, {{play: NAME, type: mandate|order}}, "
                                     "{activate: NAME} or {special: NAME}")


def _condition(raw: Located) -> tuple[str, str | None]:
    on, of = raw.get("when"), raw.get("of")
    if on not in CONDITIONS:
        raise raw.fail("when", f"when: one of {', '.join(CONDITIONS)}")
    if on != "start" and not isinstance(of, str):
        raise raw.fail("when", f"of: the name of what is {on} (when: {on} needs of:)")
    return str(on), of if on != "start" else None


def _trigger(raw: object, data: Located, line: int, players: tuple[str, ...]) -> Trigger:
    if not isinstance(raw, Located) or not isinstance(raw.get("ability"), str) or set(raw) - {"ability", "controller", "when", "of"}:
        raise BadData(data.where, line, "triggers: each is {ability: NAME, controller: PLAYER, when: start|played|resolved|state, of: NAME}")
    if raw.get("controller") not in players:
        raise raw.fail("controller", f"controller: one of the players ({', '.join(players)})")
    on, of = _condition(raw)
    return Trigger(str(raw["ability"]), str(raw["controller"]), on, of, line)


def _state_action(raw: object, data: Located, line: int) -> StateAction:
    if not isinstance(raw, Located) or not all(isinstance(raw.get(k), str) for k in ("id", "text")) \
            or set(raw) - {"id", "text", "when", "of"}:
        raise BadData(data.where, line, "state_based: each is {id: NAME, text: WHAT HAPPENS, when: start|played|resolved|state, of: NAME}")
    on, of = _condition(raw)
    return StateAction(str(raw["id"]), str(raw["text"]), on, of, line)


def _check_names(data: Located, script: dict[str, tuple[Action, ...]], triggers: tuple[Trigger, ...],
                 state_based: tuple[StateAction, ...]) -> None:
    """Every condition names something the scenario plays, activates, triggers or performs."""
    objects = {a.name for acts in script.values() for a in acts if a.name and a.kind != "special"}
    objects |= {t.name for t in triggers}
    sba_ids = {s.id for s in state_based}
    conditions: list[Trigger | StateAction] = [*triggers, *state_based]
    for cond in conditions:
        known = sba_ids if cond.on == "state" else objects
        if cond.of is not None and cond.of not in known:
            what = "a state_based id" if cond.on == "state" else "played, activated or triggered in this scenario"
            raise BadData(data.where, cond.line, f"of: {cond.of!r} is not {what}.{did_you_mean(cond.of, sorted(known))}")


# -- the run ---------------------------------------------------------------------------------

@dataclass
class _Object:
    name: str
    controller: str
    kind: str  # mandate | order | ability | triggered


@dataclass
class _State:
    """The step being run: what the engine needs between events."""

    sc: Scenario
    rules: Rules
    source: EntrySource
    lang: str
    fw: Framework
    stack: list[_Object] = field(default_factory=list)
    waiting: list[Trigger] = field(default_factory=list)  # triggered, not yet on the stack
    done_sba: set[str] = field(default_factory=set)
    log: list[StackEvent] = field(default_factory=list)
    resolved: list[str] = field(default_factory=list)
    cursor: dict[str, int] = field(default_factory=dict)

    def say(self, rule: str, player: str | None = None, obj: str | None = None, event: str | None = None,
            **extra: str) -> None:
        if len(self.log) >= MAX_EVENTS:
            raise UsageProblem(f"{self.sc.where}: the step does not end after {MAX_EVENTS} events")
        ruling = self.rules.rules.get(rule)
        if ruling is None:
            raise BadData(self.rules.game + "/triggers.yaml", None, f"rules: {rule} is missing")
        text = ruling.text[self.lang].format(player=player, object=obj, **extra)
        cites = citing.resolve(ruling.cites, self.rules.game, self.lang, self.source)
        self.log.append(StackEvent(len(self.log) + 1, event or rule, rule, player, obj, text, ruling.open,
                                   tuple(o.name for o in self.stack), cites))

    def next_action(self, player: str) -> Action:
        """The player's next scripted action; once the script runs out, they pass."""
        i = self.cursor.get(player, 0)
        actions = self.sc.script[player]
        self.cursor[player] = i + 1
        return actions[i] if i < len(actions) else Action("pass", None, 0)


def run(sc: Scenario, rules: Rules, fw: Framework, source: EntrySource, lang: str) -> StackRun:
    st = _State(sc, rules, source, lang, fw)
    title = _title(fw, sc.at, source, lang, rules.labels[lang]["after"])
    st.say("step-begins", at=sc.at, title=title)
    if not fw.item(sc.at).is_window and f"after-{sc.at}" not in fw.ids():
        st.say("no-printed-opportunity", event="note", at=sc.at)  # e.g. 3.1: the rules do not settle it
    _happens(st, "start", None)
    _give_priority(st, sc.active, "priority-to-active")
    holder, passes = sc.active, 0
    order = list(sc.players)
    while True:
        action = st.next_action(holder)
        if action.kind == "pass":
            st.say("pass", holder)
            passes += 1
            if passes < len(order):
                holder = order[(order.index(holder) + 1) % len(order)]
                _give_priority(st, holder, "priority-to-next")
                continue
            if not st.stack:
                st.say("step-ends", at=sc.at)
                break
            _resolve_top(st)
            holder, passes = sc.active, 0
            _give_priority(st, holder, "priority-after-resolution")
        elif action.kind == "special":
            st.say("special-action", holder, action.name)
            passes = 0
            _give_priority(st, holder, "priority-after-special")
        elif (why := _refusal(st, holder, action)) is not None:
            st.say("order-refused", holder, action.name, event="refused", why=why)
        else:
            _put_on_stack(st, holder, action)
            passes = 0
            _give_priority(st, holder, "priority-kept")
    nxt = fw.next_after(sc.at, "joust")
    return StackRun(rules.game, lang, sc.players, sc.active, sc.at, title, tuple(st.log), tuple(st.resolved), nxt)


def _title(fw: Framework, at: str, source: EntrySource, lang: str, after: str) -> str:
    """A step's title; a window's names the step it follows: "OPORTUNIDAD … tras 2.1 Comienzo…"."""
    item = fw.item(at)
    if not item.is_window:
        return timing.title(fw, item, source, lang)
    step = fw.item(at.removeprefix("after-"))
    return f"{timing.title(fw, item, source, lang)} {after} {step.id} {timing.title(fw, step, source, lang)}"


def _refusal(st: _State, player: str, action: Action) -> str | None:
    """Why an order that is not a mandate cannot be played now (120.2.b), or None."""
    if action.kind != "order":
        return None
    labels = st.rules.labels[st.lang]
    reasons = []
    if player != st.sc.active:
        reasons.append(labels["not-active"])
    elif st.sc.at not in st.rules.command_steps:
        reasons.append(labels["not-command-step"])
    if st.stack:
        reasons.append(labels["stack-not-empty"])
    return "; ".join(reasons) or None


def _put_on_stack(st: _State, player: str, action: Action) -> None:
    assert action.name is not None
    under = st.stack[-1].name if st.stack else None
    st.stack.append(_Object(action.name, player, action.kind))
    rule = {"mandate": "play-mandate", "order": "play-order", "ability": "activate"}[action.kind]
    st.say(rule, player, action.name, event="activate" if action.kind == "ability" else "play")
    if under is not None:
        st.say("in-response", player, action.name, event="response", under=under)
    _happens(st, "played", action.name)


def _resolve_top(st: _State) -> None:
    top = st.stack.pop()  # the event's stack is the stack after it: the top has left it
    st.say("resolve", top.controller, top.name)
    st.resolved.append(top.name)
    _happens(st, "resolved", top.name)


def _happens(st: _State, on: str, of: str | None) -> None:
    """An event: the abilities it triggers wait for the next time a player would receive
    priority (120.3.a); the state-based actions it makes apply are noted for then too."""
    for trig in st.sc.triggers:
        if trig.on == on and trig.of == of:
            st.say("triggered", trig.controller, trig.name)
            st.waiting.append(trig)


def _give_priority(st: _State, player: str, rule: str) -> None:
    """120.6: state-based actions, then the waiting triggered abilities onto the stack,
    repeated until neither happens; then the player receives priority."""
    while True:
        sba = [s for s in st.sc.state_based if s.id not in st.done_sba and _condition_met(st, s)]
        for action in sba:
            st.done_sba.add(action.id)
            st.say("state-based", obj=action.text)
            _happens(st, "state", action.id)
        if not sba and not st.waiting:
            break
        if not sba:
            _stack_waiting(st)
    st.say(rule, player, event="priority")


def _condition_met(st: _State, action: StateAction) -> bool:
    if action.on == "start":
        return True
    if action.on == "resolved":
        return action.of in st.resolved
    if action.on == "played":
        return any(e.object == action.of and e.event in ("play", "activate") for e in st.log)
    return action.of in st.done_sba


def _stack_waiting(st: _State) -> None:
    """The waiting abilities go on the stack: each player orders their own (101.4.b); several
    players' at once are put on in turn order from the active player (101.4), which the rules
    do not settle for the stack (the engine says so)."""
    order = list(st.sc.players)
    start = order.index(st.sc.active)
    turn = order[start:] + order[:start]
    controllers = [p for p in turn if any(t.controller == p for t in st.waiting)]
    if len(controllers) > 1:
        st.say("players-triggers-order", event="note")
    for player in controllers:
        mine = [t for t in st.waiting if t.controller == player]
        if len(mine) > 1:
            st.say("own-triggers-order", player, event="note")
        for trig in mine:
            st.stack.append(_Object(trig.name, player, "triggered"))
            st.say("trigger-to-stack", player, trig.name)
    st.waiting.clear()


# -- the entry point for `judge step` -------------------------------------------------------------

def run_scenario(scenario: Located | None, game: str, lang: str | None) -> tuple[StackRun, dict[str, str]]:
    """The `priority-stack` step engine (judge/rules/registry.py): a scenario file's mapping in,
    the run and the labels of its language out."""
    if scenario is None:
        raise UsageProblem(f'game "{game}": `judge step` needs a scenario file (docs/scenarios.md)')
    fw = data.framework(game)
    rules = data.engine_data(game)
    if not isinstance(rules, Rules):
        raise UsageProblem(f'game "{game}" is not stepped by the priority stack')
    sc = load_scenario(scenario, fw)
    out_lang = lang or sc.lang or fw.langs[0]
    if out_lang not in fw.langs:
        raise UsageProblem(f'the rules of "{game}" are printed in {", ".join(fw.langs)} only, not {out_lang}')
    result = run(sc, rules, fw, data.loaded_glossary(), out_lang)
    return result, rules.labels[out_lang]
