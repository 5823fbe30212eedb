"""The agot2 engine: a scenario stepped through the triggering-condition sequence
(*Condición de activación* / *Spouštěcí podmínky*) of the game's triggers.yaml
(`judge.rules.triggers`), as documented rule by rule in docs/evaluation-order.md.

Windows are stepped by the pure function `next_state(state, choice) -> state`; who uses what is
decided by a `Decide` function: the scenario's script, or a judge's prompt (`judge step -i`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from judge.core.errors import BadData
from judge.core.model import Cite
from judge.rules import citing
from judge.rules.citing import EntrySource
from judge.rules.model import (
    AbilityUse,
    CiteRef,
    FrameworkRun,
    Note,
    Opportunity,
    SequenceItem,
    StepResult,
)
from judge.rules.scenario import MAX_DEPTH, Ability, Scenario
from judge.rules.timing import Framework
from judge.rules.triggers import KINDS, Catalogue, TriggerDef

# -- windows as pure state transitions ----------------------------------------------------

@dataclass(frozen=True)
class Pending:
    """An ability that may still be used in this window; `passes`: opportunities its
    controller lets go by first (a player who passed may act again: pass ¶2)."""

    index: int
    player: str
    passes: int


@dataclass(frozen=True)
class WindowState:
    order: tuple[str, ...]          # player order from the first player (first-player ¶3)
    turn: int = 0
    passes: int = 0                 # consecutive passes so far
    pending: tuple[Pending, ...] = ()
    log: tuple[Opportunity, ...] = ()

    @property
    def player(self) -> str:
        return self.order[self.turn % len(self.order)]

    @property
    def closed(self) -> bool:
        """Closed once every player has passed consecutively (triggering-condition ¶7, ¶10)."""
        return self.passes >= len(self.order)

    def options(self) -> tuple[Pending, ...]:
        return tuple(p for p in self.pending if p.player == self.player)


def next_state(state: WindowState, choice: Pending | None, label: str = "") -> WindowState:
    """One opportunity: the player passes (`choice` None) or uses `choice`; either way the
    opportunity passes to the next player in player order. Each other pending ability of the
    player counts one opportunity gone by (its `passes`)."""
    pending = tuple(replace(p, passes=p.passes - 1) if p.player == state.player and p.passes > 0 else p
                    for p in state.pending if p != choice)
    if choice is None:
        return replace(state, turn=state.turn + 1, passes=state.passes + 1, pending=pending,
                       log=(*state.log, Opportunity(state.player, "pass")))
    return replace(state, turn=state.turn + 1, passes=0, pending=pending,
                   log=(*state.log, Opportunity(state.player, label)))


Decide = Callable[[WindowState, str, tuple[Ability, ...]], "Pending | None"]


def scripted(state: WindowState, window: str, abilities: tuple[Ability, ...]) -> Pending | None:
    """The scenario's script: a player uses their first pending ability whose passes are spent."""
    return next((p for p in state.options() if p.passes == 0), None)


# -- the sequence -------------------------------------------------------------------------

@dataclass
class _Run:
    """The mutable bookkeeping of one stepping; the results it returns are frozen."""

    scenario: Scenario
    catalogue: Catalogue
    framework: Framework
    source: EntrySource
    decide: Decide
    lang: str
    first: str

    @property
    def order(self) -> tuple[str, ...]:
        players = self.scenario.players
        i = players.index(self.first)
        return players[i:] + players[:i]

    def cites(self, refs: tuple[CiteRef, ...]) -> tuple[Cite, ...]:
        return citing.resolve(refs, self.catalogue.game, self.lang, self.source)

    def note(self, rule: str) -> Note:
        r = self.catalogue.rules[rule]
        return Note(rule, r.text[self.lang], r.open, self.cites(r.cites))

    def label(self, key: str) -> str:
        return self.catalogue.labels[self.lang][key]


def step(scenario: Scenario, catalogue: Catalogue, framework: Framework, source: EntrySource,
         decide: Decide = scripted) -> StepResult:
    """Step `scenario` through the framework step or window it is `at` and its trigger."""
    run = _Run(scenario, catalogue, framework, source, decide, scenario.lang, scenario.first_player)
    framework_runs: list[FrameworkRun] = []
    item = framework.item(scenario.at) if scenario.at else None
    if item is not None and item.is_window:
        framework_runs.append(_action_window(run, item.id, item.kind))
    if scenario.at == "1.3":
        framework_runs += _reveal_plots(run)
    if scenario.at == "4.2.5":
        framework_runs += _keywords(run)
    if scenario.trigger is None:
        return StepResult(catalogue.game, run.lang, None, None, 0, None, run.first, scenario.players, scenario.at,
                          (), tuple(framework_runs), (), _next(scenario, framework), ())
    if not scenario.arises:
        framework_runs.append(_no_condition(run, scenario.trigger))
        tdef = catalogue.trigger(scenario.trigger)
        return StepResult(catalogue.game, run.lang, tdef.id, tdef.title[run.lang], 0, None, run.first,
                          scenario.players, scenario.at, (), tuple(framework_runs), (), _next(scenario, framework),
                          run.cites(tdef.cites))
    inner = _sequence(run, scenario.trigger, scenario.occurrences, 0, [scenario.trigger], scenario.shared_with)
    return replace(inner, framework=tuple(framework_runs), at=scenario.at, next=_next(scenario, framework))


def _next(scenario: Scenario, framework: Framework) -> str | None:
    return framework.next_after(scenario.at, scenario.format) if scenario.at else None


def _sequence(run: _Run, trigger_id: str, occurrences: int, depth: int, chain: list[str],
              shared_with: tuple[str, ...] = ()) -> StepResult:
    """`occurrences` conditions of `trigger_id`, plus those of `shared_with` made by the same
    occurrence: they all share one sequence of windows (triggering-condition ¶2)."""
    if depth > MAX_DEPTH:
        raise BadData(run.scenario.where, None,
                      f"creates: nested sequences deeper than {MAX_DEPTH} ({' → '.join(chain)}); the Rules "
                      f"Reference sets no limit (nested-ability-sequences ¶3) but this one never ends")
    tdef = run.catalogue.trigger(trigger_id)
    # Every ability whose condition this is, at any depth: each copy once per condition
    # (interrupts ¶7, reactions ¶7), so a new condition of the same kind can trigger it again.
    kinds = [trigger_id] * occurrences + list(shared_with)
    mine = tuple(i for i, a in enumerate(run.scenario.abilities)
                 if (a.on or run.scenario.trigger) in kinds
                 and a.type in ("interrupt", "forced-interrupt", "reaction", "forced-reaction"))
    seq = _Sequence(run, tdef, kinds, depth, chain)
    items = seq.walk(mine)
    outcome = seq.outcome()
    others = [run.catalogue.trigger(t) for t in shared_with]
    title = " + ".join([tdef.title[run.lang], *(t.title[run.lang] for t in others)])
    cites = run.cites(tuple(c for t in (tdef, *others) for c in t.cites))
    return StepResult(run.catalogue.game, run.lang, trigger_id, title, occurrences, outcome,
                      run.first, run.scenario.players, None, tuple(seq.status), (), tuple(items), None,
                      cites, tuple(shared_with))


class _Sequence:
    """One condition's seven steps. `status[k]` is the k-th occurrence: imminent, cancelled,
    replaced (saved: no longer imminent), occurred."""

    def __init__(self, run: _Run, tdef: TriggerDef, kinds: list[str], depth: int, chain: list[str]) -> None:
        self.run, self.tdef, self.depth, self.chain = run, tdef, depth, chain
        self.kinds = kinds  # the trigger of each condition
        self.status = ["imminent"] * len(kinds)
        self.replacement: Ability | None = None
        self.saved = False
        self.save_told = False

    def stopped(self) -> bool:
        return all(s in ("cancelled", "replaced") for s in self.status)

    def outcome(self) -> str:
        if "cancelled" in self.status:
            return "cancelled"
        if self.replacement is not None or "replaced" in self.status and "occurred" not in self.status:
            return "replaced"
        return "occurred"

    def walk(self, mine: tuple[int, ...]) -> list[SequenceItem]:
        abilities = self.run.scenario.abilities

        def pick(pred: Callable[[Ability], bool]) -> tuple[int, ...]:
            return tuple(i for i in mine if pred(abilities[i]))

        cancels = pick(lambda a: a.effect == "cancel")
        forced_would = pick(lambda a: a.type == "forced-interrupt" and a.would and a.effect != "cancel")
        would = pick(lambda a: a.type == "interrupt" and a.would and a.effect != "cancel")
        forced_int = pick(lambda a: a.type == "forced-interrupt" and not a.would)
        optional_int = pick(lambda a: a.type == "interrupt" and not a.would and a.effect != "cancel")
        forced_react = pick(lambda a: a.type == "forced-reaction")
        reactions = pick(lambda a: a.type == "reaction")

        items = [self._item(1, [], (), self._shared())]
        # 2: cancels first (cancel ¶1), then "would" interrupts (would ¶2).
        uses: list[AbilityUse] = []
        log: list[Opportunity] = []
        notes: list[Note] = []
        if cancels:
            notes.append(self.run.note("cancel-first"))
            u, lg = self._window(cancels, "would-interrupts")
            uses += u
            log += lg
        if forced_would and not self.stopped():
            notes += [self.run.note("open-forced-would"), self.run.note("forced-before-optional")]
            uses += self._forced(forced_would)
        if not self.stopped():
            u, lg = self._window(would, "would-interrupts")
            uses += u
            log += lg
        if cancels or would:
            notes.insert(0, self.run.note("open-would-procedure"))
        if self.stopped() and "cancelled" in self.status:
            notes += [self.run.note("cancel-stops"), self.run.note("cancel-still-counts")]
            if "event-played" in self.kinds:
                notes.append(self.run.note("cancelled-event-discarded"))
        uses += self._unused(cancels + forced_would + would, uses)
        items.append(self._item(2, uses, tuple(log), notes + self._save_notes(), first=True))
        # 3: forced interrupts, in the order the first player chooses.
        items.append(self._forced_item(3, forced_int))
        # 4: the interrupt window.
        items.append(self._window_item(4, optional_int))
        # 5: the condition occurs (resolved by the most recent replacement, if any).
        if not self.stopped():
            self.status = ["occurred" if s == "imminent" else s for s in self.status]
            notes5 = [self.run.note("replacement-occurs")] if self.replacement else []
            items.append(self._item(5, [], (), notes5))
        else:
            items.append(self._item(5, [], (), [], done=False))
        # 6 and 7: forced reactions, then the reaction window.
        items.append(self._forced_item(6, forced_react))
        items.append(self._window_item(7, reactions))
        return items

    # -- pieces --------------------------------------------------------------------------

    def _shared(self) -> list[Note]:
        notes = [self.run.note("shared-windows")] if len(self.status) > 1 else []
        if self.depth == 0 and self.run.scenario.at == "4.2.3":
            notes.insert(0, self.run.note("bonuses-simultaneous"))
        if self.depth > 0:
            notes.append(self.run.note("nested-first-player"))
        return notes

    def _shared_copies(self, uses: list[AbilityUse]) -> list[Note]:
        """Several conditions share the window and an ability named none of them: not settled."""
        if len(self.status) > 1 and any(u.used and u.occurrence is None for u in uses):
            return [self.run.note("open-shared-copies")]
        return []

    def _save_notes(self) -> list[Note]:
        """Said once, in the step where the save (an altered condition) happened."""
        if not self.saved or self.save_told:
            return []
        self.save_told = True
        notes = [self.run.note("altered-not-imminent")]
        if "character-killed" in self.kinds and self.run.scenario.at == "4.2.4" and self.depth == 0:
            notes.append(self.run.note("saved-still-chosen"))
        return notes

    def _item(self, n: int, uses: list[AbilityUse], log: tuple[Opportunity, ...], notes: list[Note],
              first: bool = False, ordered: bool = False, done: bool = True) -> SequenceItem:
        seq = self.run.catalogue.sequence[n - 1]
        if any(u.nested for u in uses):
            notes = [*notes, self.run.note("nested-lifo")]
        return SequenceItem(n, seq.kind, self.run.label(seq.kind), done,
                            self.run.first if first and done else None,
                            self.run.first if ordered and done else None,
                            tuple(uses), log, tuple(notes), self.run.cites(seq.cites))

    def _forced_item(self, n: int, indexes: tuple[int, ...]) -> SequenceItem:
        if self.stopped() or (n == 6 and "occurred" not in self.status):
            return self._item(n, self._unused(indexes, []), (), [], done=False)
        notes = [self.run.note("forced-before-optional")] if indexes else []
        if len(indexes) > 1:
            notes += [self.run.note("forced-order"), self.run.note("forced-resolve-fully")]
        uses = self._forced(indexes)
        return self._item(n, uses, (), notes + self._shared_copies(uses) + self._save_notes(), ordered=True)

    def _window_item(self, n: int, indexes: tuple[int, ...]) -> SequenceItem:
        if self.stopped() or (n == 7 and "occurred" not in self.status):
            return self._item(n, self._unused(indexes, []), (), [], done=False)
        uses, log = self._window(indexes, KINDS[n - 1])
        notes = [self.run.note("first-player-first")]
        if any(o.action == "pass" and any(later.player == o.player and later.action != "pass"
                                            for later in log[k + 1:]) for k, o in enumerate(log)):
            notes.append(self.run.note("passed-may-act-again"))
        if indexes:
            notes.append(self.run.note("once-per-copy"))
        if sum(u.used for u in uses) > 1:
            notes.append(self.run.note("resolve-fully"))
        notes += self._shared_copies(uses)
        uses += self._unused(indexes, uses)
        return self._item(n, uses, tuple(log), notes + self._save_notes(), first=True)

    def _candidates(self, ability: Ability, wanted: str) -> list[int]:
        """The conditions this ability can refer to that are in the `wanted` state."""
        on = ability.on or self.run.scenario.trigger
        ks = [ability.target - 1] if ability.target is not None else range(len(self.kinds))
        return [k for k in ks if k < len(self.kinds) and self.kinds[k] == on and self.status[k] == wanted]

    def _eligible(self, ability: Ability) -> bool:
        wanted = "occurred" if ability.type in ("reaction", "forced-reaction") else "imminent"
        return bool(self._candidates(ability, wanted))

    def _forced(self, indexes: tuple[int, ...]) -> list[AbilityUse]:
        uses = []
        for i in indexes:
            if self.stopped():
                break
            if self._eligible(self.run.scenario.abilities[i]):
                uses.append(self._resolve(i))
        return uses

    def _window(self, indexes: tuple[int, ...], window: str) -> tuple[list[AbilityUse], list[Opportunity]]:
        abilities = self.run.scenario.abilities
        state = WindowState(self.run.order, pending=tuple(Pending(i, abilities[i].controller, abilities[i].passes)
                                                          for i in indexes))
        uses: list[AbilityUse] = []
        while not state.closed and not self.stopped():
            state = replace(state, pending=tuple(p for p in state.pending if self._eligible(abilities[p.index])))
            choice = self.run.decide(state, window, abilities)
            state = next_state(state, choice, abilities[choice.index].card if choice else "")
            if choice is not None:
                uses.append(self._resolve(choice.index))
        return uses, list(state.log)

    def _unused(self, indexes: tuple[int, ...], uses: list[AbilityUse]) -> list[AbilityUse]:
        used = {(u.card, u.controller, u.type) for u in uses}
        out = []
        for i in indexes:
            a = self.run.scenario.abilities[i]
            if (a.card, a.controller, a.type) not in used:
                out.append(AbilityUse(a.card, a.controller, a.type, a.effect, False, a.target))
        return out

    def _resolve(self, i: int) -> AbilityUse:
        """The ability resolves fully, including any nested sequence it creates, before anything
        else happens (reactions-and-interrupts ¶2, nested-ability-sequences ¶2–¶3)."""
        a = self.run.scenario.abilities[i]
        occurrence = a.target
        new_condition = a.creates
        if a.effect == "cancel":
            self.status = ["cancelled"] * len(self.status)
        elif a.effect == "save":
            k = a.target - 1 if a.target else self._candidates(a, "imminent")[0]
            self.status[k] = "replaced"
            occurrence = k + 1
            self.saved = True
            new_condition = a.creates or self.run.catalogue.trigger(self.kinds[k]).saved_as
        elif a.effect == "replace":
            self.replacement = a  # the most recent replacement wins (replacement-effects ¶2)
        nested: tuple[StepResult, ...] = ()
        if new_condition is not None:
            nested = (_sequence(self.run, new_condition, 1, self.depth + 1, [*self.chain, new_condition]),)
        return AbilityUse(a.card, a.controller, a.type, a.effect, True, occurrence, nested)


# -- framework steps that resolve abilities themselves -------------------------------------

def _action_window(run: _Run, window_id: str, kind: str) -> FrameworkRun:
    """Players alternate from the first player, each action resolving fully (action-windows
    ¶1–¶2); in the marshaling window only the active player marshals (marshaling-action-window ¶2)."""
    abilities = run.scenario.abilities
    indexes = tuple(i for i, a in enumerate(abilities) if a.type in ("action", "marshal") and a.on is None)
    state = WindowState(run.order, pending=tuple(Pending(i, abilities[i].controller, abilities[i].passes)
                                                 for i in indexes))
    uses: list[AbilityUse] = []
    while not state.closed:
        choice = run.decide(state, kind, abilities)
        state = next_state(state, choice, abilities[choice.index].card if choice else "")
        if choice is not None:
            a = abilities[choice.index]
            nested = (_sequence(run, a.creates, 1, 1, [a.creates]),) if a.creates else ()
            uses.append(AbilityUse(a.card, a.controller, a.type, a.effect, True, None, nested))
    used = {u.card for u in uses}
    uses += [AbilityUse(abilities[i].card, abilities[i].controller, abilities[i].type, abilities[i].effect, False)
             for i in indexes if abilities[i].card not in used]
    rules = ["marshal-active-only"] if kind == "special-action-window" else ["action-window"]
    rules += ["first-player-first"]
    if any(u.nested for u in uses):
        rules.append("nested-lifo")
    title = run.framework.labels[run.lang][kind]
    return FrameworkRun(window_id, kind, title, run.first, None, tuple(uses), state.log,
                        tuple(run.note(r) for r in rules),
                        citing.resolve(run.framework.item(window_id).cites, run.catalogue.game, run.lang, run.source))


def _no_condition(run: _Run, trigger_id: str) -> FrameworkRun:
    """The condition does not arise (a dominance tie, a challenge nobody wins): no sequence
    opens, so no ability that refers to it can be used."""
    tdef = run.catalogue.trigger(trigger_id)
    abilities = run.scenario.abilities
    uses = tuple(AbilityUse(a.card, a.controller, a.type, a.effect, False) for a in abilities
                 if (a.on or run.scenario.trigger) == trigger_id)
    return FrameworkRun(run.scenario.at or "—", "no-condition", tdef.title[run.lang], None, None, uses, (),
                        (run.note("no-condition"),), run.cites(tdef.cites))


def _reveal_plots(run: _Run) -> list[FrameworkRun]:
    """1.3: I initiative, II first player (the previous one until now: first-player ¶1),
    III when-revealed abilities in the order the (new) first player chooses."""
    item = run.framework.item("1.3")
    subs = {s.id: s for s in item.substeps}
    game = run.catalogue.game
    runs = [FrameworkRun("1.3 I", "substep", subs["I"].title[run.lang], None, None, (), (), (),
                         citing.resolve(subs["I"].cites, game, run.lang, run.source))]
    previous = run.first
    run.first = run.scenario.new_first_player or previous
    runs.append(FrameworkRun("1.3 II", "first-player", subs["II"].title[run.lang], run.first, None, (), (),
                             (run.note("first-player-kept"),),
                             citing.resolve(subs["II"].cites, game, run.lang, run.source), previous))
    abilities = run.scenario.abilities
    uses = []
    for a in abilities:
        if a.type == "when-revealed":
            nested = (_sequence(run, a.creates, 1, 1, [a.creates]),) if a.creates else ()
            uses.append(AbilityUse(a.card, a.controller, a.type, a.effect, True, None, nested))
    notes = [run.note("when-revealed-order")]
    if len(uses) > 1:
        notes.append(run.note("forced-order"))
    if any(u.nested for u in uses):
        notes.append(run.note("nested-lifo"))
    runs.append(FrameworkRun("1.3 III", "substep", subs["III"].title[run.lang], None, run.first, tuple(uses), (),
                             tuple(notes), citing.resolve(subs["III"].cites, game, run.lang, run.source)))
    return runs


def _keywords(run: _Run) -> list[FrameworkRun]:
    """4.2.5: the first player picks a keyword type; every instance of it resolves at once,
    so one nested sequence with shared windows per type (challenge-keywords ¶1)."""
    abilities = run.scenario.abilities
    groups: dict[str, list[Ability]] = {}
    for a in abilities:
        if a.type == "keyword":
            groups.setdefault(str(a.keyword), []).append(a)
    runs = []
    for keyword, members in groups.items():
        creates = next((a.creates for a in members if a.creates), None)
        nested = (_sequence(run, creates, len(members), 1, [creates]),) if creates else ()
        uses = [AbilityUse(a.card, a.controller, a.type, a.effect, True, None, nested if k == 0 else ())
                for k, a in enumerate(members)]
        notes = [run.note("keywords-by-type")] + ([run.note("nested-lifo")] if nested else [])
        runs.append(FrameworkRun("4.2.5", "keyword-group", keyword, None, run.first, tuple(uses), (),
                                 tuple(notes), citing.resolve(run.framework.item("4.2.5").cites, run.catalogue.game,
                                                              run.lang, run.source)))
    return runs

