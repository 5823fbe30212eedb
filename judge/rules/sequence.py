"""The agot2 engine: a scenario stepped through the triggering-condition sequence
(*Condición de activación* / *Spouštěcí podmínky*) of the game's triggers.yaml
(`judge.rules.triggers`), as documented rule by rule in docs/evaluation-order.md.

Windows are stepped by the pure function `next_state(state, choice) -> state`; who uses what is
decided by a `Decide` function: the scenario's script, or a judge's prompt (`judge step -i`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from judge.core.errors import BadData
from judge.core.model import Cite
from judge.rules import citing
from judge.rules.citing import EntrySource
from judge.rules.model import CiteRef, Note
from judge.rules.stepped import AbilityUse, FrameworkRun, Opportunity, SequenceItem, StepResult
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
    """A window being played: whose turn it is, the passes in a row, what is pending, what was
    done."""

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

# The ability types that answer a condition inside its sequence (a delayed effect waits on it).
SEQUENCE_TYPES = ("interrupt", "forced-interrupt", "reaction", "forced-reaction", "delayed")


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
    eliminated: list[str] = field(default_factory=list)
    uses: dict[int, int] = field(default_factory=dict)   # initiations of each ability (limits ¶1, ¶5)

    @property
    def order(self) -> tuple[str, ...]:
        players = tuple(p for p in self.scenario.players if p not in self.eliminated)
        i = players.index(self.first)
        return players[i:] + players[:i]

    def cites(self, refs: tuple[CiteRef, ...]) -> tuple[Cite, ...]:
        return citing.resolve(refs, self.catalogue.game, self.lang, self.source)

    def note(self, rule: str, entry: str | None = None) -> Note:
        """The rule as a note; `entry`: keep only its cites of that glossary entry, when it has any."""
        r = self.catalogue.rules[rule]
        refs = tuple(c for c in r.cites if c.id == entry)
        return Note(rule, r.text[self.lang], r.open, self.cites(refs or r.cites))

    def label(self, key: str) -> str:
        return self.catalogue.labels[self.lang][key]

    def limit_reached(self, i: int) -> str | None:
        """The rule that stops ability `i`, if its limit or maximum is reached: a limit counts
        each copy, a maximum every copy of the card, each player apart (limits ¶1, ¶3, ¶4)."""
        a = self.scenario.abilities[i]
        if a.limit is not None and a.used_before + self.uses.get(i, 0) >= a.limit:
            return "limit-reached"
        if a.maximum is not None:
            copies = sum(n for j, n in self.uses.items() if self.scenario.abilities[j].card == a.card
                         and self.scenario.abilities[j].controller == a.controller)
            if a.used_before + copies >= a.maximum:
                return "maximum-reached"
        return None

    def eliminate(self, player: str) -> list[Note]:
        """The player leaves the player order; a first player eliminated passes the token to the
        player on their left, the next in player order (first-player ¶5)."""
        if player in self.eliminated or len(self.order) < 2:
            return []
        notes = [self.note("player-eliminated")]
        if player == self.first:
            self.first = self.order[1]
            notes = [self.note("first-player-eliminated")]
        self.eliminated.append(player)
        return notes + [self.note("open-eliminated-abilities")]


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
        framework_runs.append(_no_condition(run))
        tdef = catalogue.trigger(scenario.trigger)
        return StepResult(catalogue.game, run.lang, tdef.id, tdef.title[run.lang], 0, None, run.first,
                          scenario.players, scenario.at, (), tuple(framework_runs), (), _next(scenario, framework),
                          run.cites(tdef.cites), scenario.shared_with)
    bars = _Bars(scenario.cannot_be_saved, scenario.cannot_be_cancelled, scenario.continuing)
    first = run.first  # the header tells who it was when the condition arose, even if eliminated since
    inner = _sequence(run, scenario.trigger, scenario.occurrences, 0, [scenario.trigger], scenario.shared_with,
                      cards=scenario.cards, bars=bars)
    return replace(inner, framework=tuple(framework_runs), at=scenario.at, next=_next(scenario, framework),
                   first_player=first)


def _next(scenario: Scenario, framework: Framework) -> str | None:
    return framework.next_after(scenario.at, scenario.format) if scenario.at else None


@dataclass(frozen=True)
class _Bars:
    """What the conditions of a sequence cannot be: saved (save ¶3), cancelled (card text,
    cannot ¶1), or saved without remedying a continuing condition (save ¶4)."""

    cannot_save: bool = False
    cannot_cancel: bool = False
    continuing: bool = False


def _sequence(run: _Run, trigger_id: str, occurrences: int, depth: int, chain: list[str],
              shared_with: tuple[str, ...] = (), initiation_of: int | None = None,
              cards: tuple[str, ...] = (), bars: _Bars = _Bars()) -> StepResult:
    """`occurrences` conditions of `trigger_id`, plus those of `shared_with` made by the same
    occurrence: they all share one sequence of windows (triggering-condition ¶2).
    `initiation_of`: the sequence is the initiation of that ability, answered only by the
    abilities that name it (`answers`)."""
    if depth > MAX_DEPTH:
        raise BadData(run.scenario.where, None,
                      f"creates: nested sequences deeper than {MAX_DEPTH} ({' → '.join(chain)}); the Rules "
                      f"Reference sets no limit (nested-ability-sequences ¶3) but this one never ends")
    tdef = run.catalogue.trigger(trigger_id)
    kinds = [trigger_id] * occurrences + list(shared_with)
    seq = _Sequence(run, tdef, kinds, depth, chain, initiation_of, cards, bars)
    items = seq.walk(_abilities_of(run, kinds, initiation_of))
    outcome = seq.outcome()
    others = [run.catalogue.trigger(t) for t in shared_with]
    title = " + ".join([tdef.title[run.lang], *(t.title[run.lang] for t in others)])
    cites = run.cites(tuple(c for t in (tdef, *others) for c in t.cites))
    return StepResult(run.catalogue.game, run.lang, trigger_id, title, occurrences, outcome,
                      run.first, run.scenario.players, None, tuple(seq.status), (), tuple(items), None,
                      cites, tuple(shared_with))


def _abilities_of(run: _Run, kinds: list[str], initiation_of: int | None) -> tuple[int, ...]:
    """Every ability whose condition this is, at any depth: each copy once per condition
    (interrupts ¶7, reactions ¶7), so a new condition of the same kind can trigger it again.
    An initiation is answered only by the abilities that name it."""
    scenario = run.scenario
    if initiation_of is not None:
        return tuple(i for i, a in enumerate(scenario.abilities) if a.answers == initiation_of + 1)
    keyword_on = run.catalogue.keyword_triggers()

    def answers(a: Ability) -> bool:
        if a.answers is not None:
            return False
        if a.type == "lasting":
            return a.until in kinds
        if a.type == "keyword":  # bestow: on its condition; the 4.2.5 keywords are not in a sequence
            on = keyword_on.get(str(a.keyword))
            return on is not None and (a.on or scenario.trigger) == on and on in kinds
        return a.type in SEQUENCE_TYPES and (a.on or scenario.trigger) in kinds

    return tuple(i for i, a in enumerate(scenario.abilities) if answers(a))


class _Sequence:
    """One condition's seven steps. `status[k]` is the k-th condition: imminent, cancelled,
    replaced (saved: no longer imminent), occurred."""

    def __init__(self, run: _Run, tdef: TriggerDef, kinds: list[str], depth: int, chain: list[str],
                 initiation_of: int | None, cards: tuple[str, ...], bars: _Bars) -> None:
        self.run, self.tdef, self.depth, self.chain = run, tdef, depth, chain
        self.kinds = kinds  # the trigger of each condition
        self.cards = cards  # the card each condition is about, when the scenario says
        self.bars = bars
        self.initiation_of = initiation_of
        self.status = ["imminent"] * len(kinds)
        self.replacements: dict[int, list[int]] = {}  # condition → replacements initiated against it, in order
        self.saved = False
        self.save_told = False
        self.extra: list[Note] = []  # rules applied while resolving, told in the step where they happened
        self.saved_with: set[int] = set()  # conditions ended by the save of another about the same card

    def stopped(self) -> bool:
        return all(s in ("cancelled", "replaced") for s in self.status)

    def outcome(self) -> str:
        if "cancelled" in self.status:
            return "cancelled"
        if self.replacements or "replaced" in self.status and "occurred" not in self.status:
            return "replaced"
        return "occurred"

    def walk(self, mine: tuple[int, ...]) -> list[SequenceItem]:
        abilities = self.run.scenario.abilities

        def pick(pred: Callable[[Ability], bool]) -> tuple[int, ...]:
            return tuple(i for i in mine if pred(abilities[i]))

        cancels = pick(lambda a: a.effect == "cancel" and a.type == "interrupt")
        forced_would = pick(lambda a: a.type == "forced-interrupt" and a.would and a.effect != "cancel")
        would = pick(lambda a: a.type == "interrupt" and a.would and a.effect != "cancel")
        forced_int = pick(lambda a: a.type == "forced-interrupt" and not a.would)
        optional_int = pick(lambda a: a.type == "interrupt" and not a.would and a.effect != "cancel")
        after = pick(lambda a: a.type in ("delayed", "keyword"))
        forced_react = pick(lambda a: a.type == "forced-reaction")
        reactions = pick(lambda a: a.type == "reaction")
        lasting = pick(lambda a: a.type == "lasting")

        expired = [self._use(i) for i in lasting]
        items = [self._item(1, expired, (), self._shared() + ([self.run.note("lasting-expires")] if expired else []))]
        # 2: cancels first (cancel ¶1), then "would" interrupts (would ¶2). Nothing is offered
        # when nobody has anything to use here.
        uses: list[AbilityUse] = []
        log: list[Opportunity] = []
        notes: list[Note] = []
        lead = self.run.first
        if cancels:
            notes.append(self.run.note("cancel-first"))
        if any(self._eligible(i) for i in cancels):
            u, lg = self._window(cancels, "would-interrupts")
            uses += u
            log += lg
        if forced_would and not self.stopped():
            notes += [self.run.note("open-forced-would"), self.run.note("forced-before-optional")]
            uses += self._forced(forced_would)
        if not self.stopped() and any(self._eligible(i) for i in would):
            u, lg = self._window(would, "would-interrupts")
            uses += u
            log += lg
        if cancels or would:
            notes.insert(0, self.run.note("open-would-procedure"))
        if self.stopped() and "cancelled" in self.status:
            notes += [self.run.note("cancel-stops"), self.run.note("cancel-still-counts")]
            if "event-played" in self.kinds:
                notes.append(self.run.note("cancelled-event-discarded"))
        uses += self._unused(cancels + forced_would + would, uses, closes=bool(log))
        items.append(self._item(2, uses, tuple(log), notes + self._save_notes(), first=True, lead=lead))
        # 3: forced interrupts, in the order the first player chooses.
        items.append(self._forced_item(3, forced_int))
        # 4: the interrupt window.
        items.append(self._window_item(4, optional_int))
        # 5: the condition occurs (each resolved by its most recent replacement, if any); then
        # what resolves at once, before any reaction: delayed effects, bestow.
        items.append(self._occurs(after))
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

    def _shared_copies(self, uses: list[AbilityUse], wanted: str) -> list[Note]:
        """An ability that named no condition, used where it could refer to several of them:
        not settled. One that can refer to only one condition leaves nothing open
        (triggering-condition ¶2, reactions ¶7)."""
        abilities = self.run.scenario.abilities
        if any(u.used and u.occurrence is None and u.ability is not None
               and len(self._candidates(abilities[u.ability - 1], wanted)) > 1 for u in uses):
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
              first: bool = False, ordered: bool = False, done: bool = True, lead: str | None = None) -> SequenceItem:
        """`lead`: the first player when the step began (a first player eliminated during it
        passes the token on only from then: first-player ¶5)."""
        seq = self.run.catalogue.sequence[n - 1]
        lead = lead or self.run.first
        notes = [*notes, *(x for x in self.extra if x not in notes)]
        self.extra = []
        if any(u.nested for u in uses):
            notes = [*notes, self.run.note("nested-lifo")]
        return SequenceItem(n, seq.kind, self.run.label(seq.kind), done,
                            lead if first and done else None,
                            lead if ordered and done else None,
                            tuple(uses), log, tuple(notes), self.run.cites(seq.cites))

    def _forced_item(self, n: int, indexes: tuple[int, ...]) -> SequenceItem:
        if self.stopped() or (n == 6 and "occurred" not in self.status):
            return self._item(n, self._unused(indexes, []), (), [], done=False)
        lead = self.run.first
        notes = [self.run.note("forced-before-optional")] if indexes else []
        if len(indexes) > 1:
            notes += [self.run.note("forced-order"), self.run.note("forced-resolve-fully")]
        uses = self._forced(indexes)
        wanted = "occurred" if n == 6 else "imminent"
        notes += self._shared_copies(uses, wanted)
        uses += self._unused(indexes, uses)
        return self._item(n, uses, (), notes + self._save_notes(), ordered=True, lead=lead)

    def _window_item(self, n: int, indexes: tuple[int, ...]) -> SequenceItem:
        if self.stopped() or (n == 7 and "occurred" not in self.status):
            return self._item(n, self._unused(indexes, []), (), [], done=False)
        lead = self.run.first
        uses, log = self._window(indexes, KINDS[n - 1])
        notes = [self.run.note("first-player-first")]
        if any(o.action == "pass" and any(later.player == o.player and later.action != "pass"
                                            for later in log[k + 1:]) for k, o in enumerate(log)):
            notes.append(self.run.note("passed-may-act-again"))
        if indexes:
            notes.append(self.run.note("once-per-copy"))
        if sum(u.used for u in uses) > 1:
            notes.append(self.run.note("resolve-fully"))
        notes += self._shared_copies(uses, "occurred" if n == 7 else "imminent")
        uses += self._unused(indexes, uses, closes=True)
        return self._item(n, uses, tuple(log), notes + self._save_notes(), first=True, lead=lead)

    def _occurs(self, after: tuple[int, ...]) -> SequenceItem:
        """Step 5: each condition occurs, or the most recent replacement initiated against it
        resolves instead (replacement-effects ¶1, ¶2: per condition); then delayed effects and
        bestow resolve at once, before any reaction (delayed-effects ¶2, bestow ¶1)."""
        if self.stopped():
            return self._item(5, self._unused(after, []), (), [], done=False)
        self.status = ["occurred" if s == "imminent" else s for s in self.status]
        lead = self.run.first
        uses: list[AbilityUse] = []
        notes: list[Note] = []
        for k, initiated in sorted(self.replacements.items()):
            if self.status[k] != "occurred":
                continue
            *older, latest = initiated
            uses += [self._use(j, occurrence=k + 1, reason=self.run.note("replacement-superseded"), used=False)
                     for j in older]
            uses.append(self._use(latest, occurrence=k + 1))
        if uses:
            notes.append(self.run.note("replacement-occurs"))
        if len(self.replacements) > 1:
            notes.append(self.run.note("replacement-per-condition"))
        abilities = self.run.scenario.abilities
        delayed = [i for i in after if abilities[i].type == "delayed"]
        bestow = [i for i in after if abilities[i].type == "keyword"]
        for i in after:
            if not self._eligible(i):
                continue
            if abilities[i].declined:
                uses.append(self._use(i, reason=self.run.note("keyword-declined", abilities[i].keyword), used=False))
            else:
                uses.append(self._resolve(i))
        if delayed:
            notes.append(self.run.note("delayed-after-occurs"))
        if len(delayed) > 1:
            notes.append(self.run.note("delayed-order"))
        if bestow:
            notes.append(self.run.note("bestow-before-reactions"))
        if delayed and bestow:
            notes.append(self.run.note("open-bestow-delayed"))
        uses += self._unused(after, uses)
        return self._item(5, uses, (), notes, ordered=len(delayed) > 1, lead=lead)

    def _candidates(self, ability: Ability, wanted: str) -> list[int]:
        """The conditions this ability can refer to that are in the `wanted` state."""
        if self.initiation_of is not None:
            return [k for k in range(len(self.kinds)) if self.status[k] == wanted]
        on = ability.until if ability.type == "lasting" else ability.on or self.run.scenario.trigger
        ks = [ability.target - 1] if ability.target is not None else range(len(self.kinds))
        return [k for k in ks if k < len(self.kinds) and self.kinds[k] == on and self.status[k] == wanted]

    def _wanted(self, ability: Ability) -> str:
        return "occurred" if ability.type in ("reaction", "forced-reaction", "delayed", "keyword") else "imminent"

    def _bar(self, i: int) -> Note | None:
        """Why ability `i` cannot be initiated whatever its condition's state, if it cannot."""
        a = self.run.scenario.abilities[i]
        if a.controller in self.run.eliminated:
            return self.run.note("player-eliminated")
        reached = self.run.limit_reached(i)
        if reached is not None:
            return self.run.note(reached)
        if a.until is not None and a.type != "lasting" and a.until in self.kinds:
            return self.run.note("lasting-fails")
        if a.effect == "cancel" and self.bars.cannot_cancel:
            return self.run.note("cannot-be-cancelled")
        if a.effect == "save":
            if self.bars.cannot_save:
                return self.run.note("cannot-be-saved")
            if self.bars.continuing and a.duplicate:
                return self.run.note("continuing-no-duplicate")
            if self.bars.continuing and not a.remedies:
                return self.run.note("continuing-not-remedied")
        return None

    def _eligible(self, i: int) -> bool:
        a = self.run.scenario.abilities[i]
        return self._bar(i) is None and bool(self._candidates(a, self._wanted(a)))

    def _why(self, i: int, closes: bool) -> Note | None:
        """Why ability `i` was not used: barred, its condition saved or cancelled, or the window
        closed while its controller still waited (`closes`)."""
        a = self.run.scenario.abilities[i]
        bar = self._bar(i)
        if bar is not None:
            return bar
        if self._candidates(a, self._wanted(a)):
            return self.run.note("window-closed") if closes else None
        states = {self.status[k] for k in self._candidates(a, "replaced") + self._candidates(a, "cancelled")}
        if "cancelled" in states:
            return self.run.note("cancel-stops")
        if "replaced" in states:
            through = set(self._candidates(a, "replaced")) & self.saved_with
            return self.run.note("saved-every-condition" if through else "condition-saved")
        return None

    def _forced(self, indexes: tuple[int, ...]) -> list[AbilityUse]:
        uses = []
        for i in indexes:
            if self.stopped():
                break
            if self._eligible(i):
                uses.append(self._resolve(i))
        return uses

    def _window(self, indexes: tuple[int, ...], window: str) -> tuple[list[AbilityUse], list[Opportunity]]:
        abilities = self.run.scenario.abilities
        state = WindowState(self.run.order, pending=tuple(Pending(i, abilities[i].controller, abilities[i].passes)
                                                          for i in indexes))
        uses: list[AbilityUse] = []
        while not state.closed and not self.stopped():
            state = replace(state, pending=tuple(p for p in state.pending if self._eligible(p.index)))
            choice = self.run.decide(state, window, abilities)
            actor = state.player
            state = next_state(state, choice, abilities[choice.index].card if choice else "")
            if choice is not None:
                uses.append(self._resolve(choice.index))
                state = self._after_elimination(state, actor)
        return uses, list(state.log)

    def _after_elimination(self, state: WindowState, actor: str) -> WindowState:
        """A player eliminated while the window is open leaves it: the next opportunity goes to
        the next remaining player after the one who acted (player-order ¶1)."""
        if state.order == self.run.order:
            return state
        old = state.order
        k = old.index(actor)
        nxt = next(p for p in (old[(k + j) % len(old)] for j in range(1, len(old) + 1)) if p in self.run.order)
        order = self.run.order
        return replace(state, order=order, turn=order.index(nxt),
                       pending=tuple(p for p in state.pending if p.player in order))

    def _use(self, i: int, occurrence: int | None = None, reason: Note | None = None, used: bool = True,
             nested: tuple[StepResult, ...] = (), cancelled: bool = False) -> AbilityUse:
        a = self.run.scenario.abilities[i]
        return AbilityUse(a.card, a.controller, a.type, a.effect, used, occurrence if occurrence else a.target,
                          nested, i + 1, reason, cancelled)

    def _unused(self, indexes: tuple[int, ...], uses: list[AbilityUse], closes: bool = False) -> list[AbilityUse]:
        """Every copy not used in this step, each by its position (not its name), with the reason."""
        listed = {u.ability for u in uses}
        return [self._use(i, reason=self._why(i, closes), used=False) for i in indexes if i + 1 not in listed]

    def _resolve(self, i: int) -> AbilityUse:
        """The ability resolves fully, including any nested sequence it creates, before anything
        else happens (reactions-and-interrupts ¶2, nested-ability-sequences ¶2–¶3): its cost,
        its initiation (where a cancel may answer it), its effect, then its "then" part."""
        a = self.run.scenario.abilities[i]
        abilities = self.run.scenario.abilities
        triggered = a.type not in ("delayed", "keyword", "lasting")  # delayed-effects ¶3
        if triggered:
            self.run.uses[i] = self.run.uses.get(i, 0) + 1  # counted even if cancelled (limits ¶5)
        nested: list[StepResult] = []
        if a.cost is not None:
            self.extra.append(self.run.note("cost-before-initiation"))
            nested.append(_sequence(self.run, a.cost, 1, self.depth + 1, [*self.chain, a.cost]))
        if triggered and any(b.answers == i + 1 for b in abilities):
            kind = "event-played" if a.event else "ability-initiated"
            self.extra.append(self.run.note("initiation-condition"))
            if self.tdef.cancellable:  # this sequence is itself an initiation: a cancel of a cancel
                self.extra.append(self.run.note("nested-no-limit"))
            initiation = _sequence(self.run, kind, 1, self.depth + 1, [*self.chain, kind], initiation_of=i,
                                   bars=_Bars(cannot_cancel=a.cannot_be_cancelled))
            nested.append(initiation)
            if initiation.outcome == "cancelled":
                if a.limit is not None or a.maximum is not None:
                    self.extra.append(self.run.note("limit-counts-cancelled"))
                return self._use(i, nested=tuple(nested), cancelled=True,
                                 reason=self.run.note("initiation-cancelled"))
        occurrence = a.target
        new_condition = a.creates
        partial: Note | None = None
        if a.effect == "cancel":
            self.status = ["cancelled"] * len(self.status)
        elif a.effect == "save":
            k = a.target - 1 if a.target else self._candidates(a, "imminent")[0]
            self._save(k)
            occurrence = k + 1
            new_condition = a.creates or self.run.catalogue.trigger(self.kinds[k]).saved_as
            if a.remedies and self.bars.continuing:
                self.extra.append(self.run.note("continuing-remedied"))
        elif a.effect == "replace":
            k = a.target - 1 if a.target else self._candidates(a, "imminent")[0]
            self.replacements.setdefault(k, []).append(i)  # the most recent wins, per condition
            occurrence = k + 1
        if new_condition is not None:
            made = _sequence(self.run, new_condition, 1, self.depth + 1, [*self.chain, new_condition])
            nested.append(made)
            if a.then is not None:
                if all(s == "occurred" for s in made.conditions):
                    self.extra.append(self.run.note("then-attempted"))
                    nested.append(_sequence(self.run, a.then, 1, self.depth + 1, [*self.chain, a.then]))
                else:
                    partial = self.run.note("then-not-attempted")
        if a.eliminates is not None:
            self.extra += self.run.eliminate(a.eliminates)
        return self._use(i, occurrence=occurrence, nested=tuple(nested), reason=partial)

    def _save(self, k: int) -> None:
        """The card of condition k is saved: it is not dead, discarded nor removed from play in
        any way by that effect, so every saveable condition about the same card ends (save ¶1)."""
        self.status[k] = "replaced"
        self.saved = True
        if not self.cards:
            return
        flags = self.run.catalogue.flags()
        others = [j for j in range(len(self.kinds)) if j != k and self.cards[j] == self.cards[k]
                  and flags[self.kinds[j]][1] and self.status[j] == "imminent"]
        for j in others:
            self.status[j] = "replaced"
            self.saved_with.add(j)
        if others:
            self.extra.append(self.run.note("saved-every-condition"))


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
        # An action whose limit or maximum is reached is not offered (limits-and-maximums ¶1, ¶3).
        state = replace(state, pending=tuple(p for p in state.pending if run.limit_reached(p.index) is None))
        choice = run.decide(state, kind, abilities)
        state = next_state(state, choice, abilities[choice.index].card if choice else "")
        if choice is not None:
            a = abilities[choice.index]
            run.uses[choice.index] = run.uses.get(choice.index, 0) + 1
            nested = (_sequence(run, a.creates, 1, 1, [a.creates]),) if a.creates else ()
            uses.append(AbilityUse(a.card, a.controller, a.type, a.effect, True, None, nested, choice.index + 1))
    used = {u.ability for u in uses}
    uses += [AbilityUse(abilities[i].card, abilities[i].controller, abilities[i].type, abilities[i].effect, False,
                        None, (), i + 1, run.note(run.limit_reached(i) or "window-closed"))
             for i in indexes if i + 1 not in used]
    rules = ["marshal-active-only"] if kind == "special-action-window" else ["action-window"]
    rules += ["first-player-first"]
    if any(u.nested for u in uses):
        rules.append("nested-lifo")
    title = run.framework.labels[run.lang][kind]
    return FrameworkRun(window_id, kind, title, run.first, None, tuple(uses), state.log,
                        tuple(run.note(r) for r in rules),
                        citing.resolve(run.framework.item(window_id).cites, run.catalogue.game, run.lang, run.source))


def _no_condition(run: _Run) -> FrameworkRun:
    """The condition does not arise (a dominance tie, a challenge nobody wins): no sequence
    opens, neither for the conditions it shares windows with, so no ability that refers to
    any of them can be used."""
    scenario = run.scenario
    kinds = [str(scenario.trigger), *scenario.shared_with]
    defs = [run.catalogue.trigger(k) for k in kinds]
    reason = run.note("no-condition")
    uses = tuple(AbilityUse(a.card, a.controller, a.type, a.effect, False, None, (), i + 1, reason)
                 for i, a in enumerate(scenario.abilities) if (a.on or scenario.trigger) in kinds)
    title = " + ".join(d.title[run.lang] for d in defs)
    return FrameworkRun(scenario.at or "—", "no-condition", title, None, None, uses, (),
                        (reason,), run.cites(tuple(c for d in defs for c in d.cites)))


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
    for i, a in enumerate(abilities):
        if a.type == "when-revealed":
            nested = (_sequence(run, a.creates, 1, 1, [a.creates]),) if a.creates else ()
            uses.append(AbilityUse(a.card, a.controller, a.type, a.effect, True, None, nested, i + 1))
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
    so one nested sequence with shared windows per type (challenge-keywords ¶1). Only the
    winner's keywords apply, an optional one may be declined, and only one Intimidate succeeds
    per challenge (intimidate ¶2). The group is named by the keyword's term in the output
    language."""
    abilities = run.scenario.abilities
    groups: dict[str, list[int]] = {}
    for i, a in enumerate(abilities):
        if a.type == "keyword" and run.catalogue.keyword_triggers().get(str(a.keyword)) is None:
            groups.setdefault(str(a.keyword), []).append(i)
    runs = []
    for keyword, members in groups.items():
        kdef = run.catalogue.keywords.get(keyword)
        applied: list[int] = []
        reasons: dict[int, Note] = {}
        for i in members:
            a = abilities[i]
            if run.scenario.winner not in (None, a.controller):
                reasons[i] = run.note("keyword-winner-only", keyword)
            elif a.declined:
                reasons[i] = run.note("keyword-declined", keyword)
            elif kdef is not None and kdef.once_per_challenge and applied:
                reasons[i] = run.note("intimidate-once")
            else:
                applied.append(i)
        creates = next((abilities[i].creates for i in applied if abilities[i].creates), None)
        nested = (_sequence(run, creates, len(applied), 1, [creates]),) if creates else ()
        uses = [AbilityUse(abilities[i].card, abilities[i].controller, "keyword", abilities[i].effect, i in applied,
                           None, nested if applied and i == applied[0] else (), i + 1, reasons.get(i))
                for i in members]
        notes = [run.note("keywords-by-type")] + ([run.note("nested-lifo")] if nested else [])
        if kdef is not None and kdef.once_per_challenge:
            notes.append(run.note("intimidate-once"))
        entry = run.source.get(run.catalogue.game, run.lang, keyword)
        title = entry.term if entry is not None else keyword
        runs.append(FrameworkRun("4.2.5", "keyword-group", title, None, run.first, tuple(uses), (),
                                 tuple(notes), citing.resolve(run.framework.item("4.2.5").cites, run.catalogue.game,
                                                              run.lang, run.source)))
    return runs
