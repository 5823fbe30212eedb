"""Scenario files for `judge step` (docs/scenarios.md): load, build from options, validate.

Every problem is a `BadData` naming the file and line (or the option) it comes from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judge.core.errors import BadData
from judge.core.model import DEFAULT_GAME, LANGS
from judge.core.yamldata import Located, LocatedList
from judge.rules.kinds import ABILITY_TYPES, EFFECTS, FORMATS_OF_PLAY
from judge.rules.timing import Framework, did_you_mean

MAX_DEPTH = 12
# Limits of `judge step` (docs/scenarios.md): the reaction windows grow with players × abilities
# (3,000 reactions took 20 s), and no table has more.
MAX_PLAYERS = 16
MAX_ABILITIES = 100
SCENARIO_KEYS = (
    "game", "format", "lang", "players", "first_player", "new_first_player", "active", "at",
    "trigger", "occurrences", "abilities", "arises", "shared_with",
    *("cards", "cannot_be_saved", "cannot_be_cancelled", "continuing", "winner"),
)
ABILITY_KEYS = (
    "card", "controller", "type", "would", "effect", "creates", "trigger", "target", "passes", "keyword",
    *("limit", "maximum", "per", "used_before", "answers", "event", "cost", "then", "eliminates", "declined",
      "until", "remedies", "duplicate", "cannot_be_cancelled"),
)
PERIODS = ("round", "phase", "challenge")


@dataclass(frozen=True)
class Ability:
    """One ability in play: `on` (written `trigger:` in a scenario) is the triggering condition
    it answers (default: the scenario's), `creates` the condition its resolution creates (a
    nested sequence)."""

    card: str
    controller: str
    type: str
    would: bool
    effect: str
    creates: str | None
    on: str | None
    target: int | None
    passes: int
    keyword: str | None
    line: int | None
    limit: int | None = None         # "Límite de X por [intervalo]": uses of this copy (limits ¶1)
    maximum: int | None = None       # "Máximo X por [intervalo]": uses of every copy of the card (limits ¶3)
    per: str | None = None           # the interval of limit/maximum: round, phase, challenge
    used_before: int = 0             # uses already counted toward limit/maximum in that interval
    answers: int | None = None       # the ability (position) whose initiation this one answers
    event: bool = False              # an event card: its initiation is event-played, else ability-initiated
    cost: str | None = None          # paying its cost creates this condition (initiating-abilities ¶5)
    then: str | None = None          # the part after "then": created only if `creates` resolved fully
    eliminates: str | None = None    # resolving it eliminates this player (winning-the-game ¶3)
    declined: bool = False           # an optional keyword its controller does not use
    until: str | None = None         # its effect lasts until this condition (lasting-effects)
    remedies: bool = False           # a save that also removes a continuing condition (save ¶4)
    duplicate: bool = False          # a duplicate's save (duplicates ¶2)
    cannot_be_cancelled: bool = False  # its initiation "cannot be cancelled"


@dataclass(frozen=True)
class Scenario:
    """A situation to step (docs/scenarios.md), checked and with its defaults filled in."""

    game: str
    format: str
    lang: str
    players: tuple[str, ...]
    first_player: str
    new_first_player: str | None
    active: str
    at: str | None
    trigger: str | None
    occurrences: int
    abilities: tuple[Ability, ...]
    where: str
    arises: bool = True
    shared_with: tuple[str, ...] = ()
    key_lines: tuple[tuple[str, int], ...] = ()
    cards: tuple[str, ...] = ()      # the card each condition is about (same name: same card)
    cannot_be_saved: bool = False    # the trigger's conditions "cannot be saved" (save ¶3)
    cannot_be_cancelled: bool = False  # the effect whose initiation is the trigger cannot be cancelled
    continuing: bool = False         # the trigger is a continuing condition (save ¶4)
    winner: str | None = None        # who won the challenge (4.2.5: the winner's keywords)

    def fail(self, key: str, message: str, line: int | None = None) -> BadData:
        return BadData(self.where, line if line is not None else dict(self.key_lines).get(key), message)


def from_mapping(data: Located, overrides: dict[str, Any]) -> Scenario:
    unknown = [k for k in data if k not in SCENARIO_KEYS]
    if unknown:
        raise data.fail(unknown[0], f"{unknown[0]}: unknown key.{did_you_mean(unknown[0], list(SCENARIO_KEYS))}")
    values = {**data, **{k: v for k, v in overrides.items() if v is not None}}
    raw_abilities = values.get("abilities", [])
    if not isinstance(raw_abilities, list):
        raise data.fail("abilities", "abilities: a list of abilities (card, controller, type, ...)")
    lines = raw_abilities.lines if isinstance(raw_abilities, LocatedList) else [None] * len(raw_abilities)
    abilities = tuple(_ability(a, data.where, line) for a, line in zip(raw_abilities, lines))
    return _scenario(values, abilities, data.where, tuple(data.key_lines.items()))


def from_options(options: dict[str, Any], abilities: tuple[Ability, ...]) -> Scenario:
    return _scenario({k: v for k, v in options.items() if v is not None}, abilities, "command line", ())


def parse_ability_option(text: str) -> Ability:
    """`--ability CONTROLLER:TYPE[:EFFECT[:CARD]]`, e.g. `Ana:reaction` or `Ana:interrupt:save`."""
    parts = text.split(":")
    if len(parts) < 2 or len(parts) > 4 or not all(parts[:2]):
        raise BadData("--ability", None, f"{text!r}: expected CONTROLLER:TYPE[:EFFECT[:CARD]], e.g. Ana:reaction")
    controller, kind = parts[0], parts[1]
    effect = parts[2] if len(parts) > 2 and parts[2] else "none"
    would = kind.startswith("would-")
    kind = kind.removeprefix("would-")
    card = parts[3] if len(parts) > 3 else f"{controller} {kind}"
    data = {"card": card, "controller": controller, "type": kind, "effect": effect, "would": would}
    return _ability(data, "--ability", None)


def _scenario(values: dict[str, Any], abilities: tuple[Ability, ...], where: str,
              key_lines: tuple[tuple[str, int], ...]) -> Scenario:
    lines = dict(key_lines)

    def fail(key: str, message: str) -> BadData:
        return BadData(where, lines.get(key), message)

    players = values.get("players")
    if not isinstance(players, list) or len(players) < 2 or not all(isinstance(p, str) and p for p in players):
        hint = " (give a SCENARIO file, or --players A,B and --trigger)" if where == "command line" else ""
        raise fail("players", f"players: at least two player names, in player order{hint}")
    if len(set(players)) != len(players):
        raise fail("players", "players: a name appears twice")
    if len(players) > MAX_PLAYERS:
        raise fail("players", f"players: {len(players)} given; judge step takes at most {MAX_PLAYERS}")
    if len(abilities) > MAX_ABILITIES:
        raise fail("abilities", f"abilities: {len(abilities)} given; judge step takes at most {MAX_ABILITIES}")
    first = str(values.get("first_player") or players[0])
    for key in ("first_player", "new_first_player", "active"):
        name = values.get(key)
        if name is not None and name not in players:
            raise fail(key, f"{key}: {name!r} is not among the players ({', '.join(players)})")
    fmt = values.get("format", "joust")
    if fmt not in FORMATS_OF_PLAY:
        raise fail("format", f"format: {fmt!r} is not joust or melee")
    if fmt == "joust" and len(players) != 2:
        raise fail("players", f"players: a joust has exactly 2 players ({len(players)} given); use format: melee")
    lang = values.get("lang", "es")
    if lang not in LANGS:
        raise fail("lang", f"lang: {lang!r} is not one of {', '.join(LANGS)}")
    occurrences = values.get("occurrences", 1)
    if not isinstance(occurrences, int) or isinstance(occurrences, bool) or not 1 <= occurrences <= 20:
        raise fail("occurrences", "occurrences: a whole number from 1 to 20")
    arises = values.get("arises", True)
    if not isinstance(arises, bool):
        raise fail("arises", "arises: true or false (false: the condition never arises, e.g. a dominance tie)")
    shared = values.get("shared_with", [])
    if not isinstance(shared, list) or not all(isinstance(t, str) for t in shared):
        raise fail("shared_with", "shared_with: a list of other triggers made by the same occurrence")
    for key in ("at", "trigger", "game"):
        if values.get(key) is not None and not isinstance(values[key], str):
            raise fail(key, f"{key}: must be text (quote step numbers: \"4.2.4\")")
    for ability in abilities:
        if ability.controller not in players:
            raise BadData(where, ability.line,
                          f"controller: unknown player {ability.controller!r} (players: {', '.join(players)})")
    extras = _scenario_extras(values, players, occurrences + len(shared), fail)
    return Scenario(
        game=values.get("game", DEFAULT_GAME), format=fmt, lang=lang, players=tuple(players),
        first_player=first, new_first_player=values.get("new_first_player"),
        active=str(values.get("active") or first), at=values.get("at"), trigger=values.get("trigger"),
        occurrences=occurrences, abilities=abilities, where=where, key_lines=key_lines, arises=arises,
        shared_with=tuple(shared), **extras,
    )


def _scenario_extras(values: dict[str, Any], players: list[str], conditions: int,
                     fail: Callable[[str, str], BadData]) -> dict[str, Any]:
    """The keys that describe the conditions further: the card each is about, what they cannot
    be, and who won the challenge."""
    cards = values.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) and c for c in cards):
        raise fail("cards", "cards: the card each condition is about, in order (the trigger's occurrences, then shared_with)")
    if cards and len(cards) != conditions:
        raise fail("cards", f"cards: {len(cards)} given for {conditions} conditions (occurrences, then shared_with)")
    flags = {}
    for key in ("cannot_be_saved", "cannot_be_cancelled", "continuing"):
        flags[key] = values.get(key, False)
        if not isinstance(flags[key], bool):
            raise fail(key, f"{key}: true or false")
    winner = values.get("winner")
    if winner is not None and winner not in players:
        raise fail("winner", f"winner: {winner!r} is not among the players ({', '.join(players)})")
    return {"cards": tuple(cards), "winner": winner, **flags}


def _ability(raw: Any, where: str, line: int | None) -> Ability:
    if not isinstance(raw, dict):
        raise BadData(where, line, f"abilities: each ability is a mapping (card, controller, type), not {raw!r}")
    line = raw.line if isinstance(raw, Located) else line

    def fail(key: str, message: str) -> BadData:
        return BadData(where, raw.line_of(key) if isinstance(raw, Located) else line, message)

    unknown = [k for k in raw if k not in ABILITY_KEYS]
    if unknown:
        raise fail(unknown[0], f"{unknown[0]}: unknown ability key.{did_you_mean(unknown[0], list(ABILITY_KEYS))}")
    controller, kind = raw.get("controller"), raw.get("type")
    if not isinstance(controller, str):
        raise fail("controller", "controller: the player who controls the ability")
    if kind not in ABILITY_TYPES:
        raise fail("type", f"type: {kind!r} is not an ability type.{did_you_mean(str(kind), list(ABILITY_TYPES))} "
                           f"(known: {', '.join(ABILITY_TYPES)})")
    effect = raw.get("effect", "none")
    if effect not in EFFECTS:
        raise fail("effect", f"effect: {effect!r} is not one of {', '.join(EFFECTS)}")
    would = raw.get("would", False)
    if not isinstance(would, bool):
        raise fail("would", "would: true or false")
    # "would" names an interrupt's condition only (would ¶1); a reaction can never cancel,
    # since cancels interrupt the initiation of an effect (cancel ¶1).
    if would and kind not in ("interrupt", "forced-interrupt"):
        raise fail("would", f"would: only interrupts refer to what \"would\" happen, not a {kind}")
    if effect == "cancel" and kind not in ("interrupt",):
        raise fail("effect", f"effect: cancel needs an interrupt (cancels interrupt the initiation of an effect), not a {kind}")
    if effect in ("save", "replace") and kind not in ("interrupt", "forced-interrupt"):
        raise fail("effect", f"effect: {effect} needs an interrupt (it changes what is about to happen), not a {kind}")
    passes = raw.get("passes", 0)
    if not isinstance(passes, int) or isinstance(passes, bool) or passes < 0:
        raise fail("passes", "passes: how many opportunities the controller passes before using it (0 or more)")
    target = raw.get("target")
    if target is not None and (not isinstance(target, int) or isinstance(target, bool) or target < 1):
        raise fail("target", "target: the occurrence (1, 2, ...) the ability refers to")
    keyword = raw.get("keyword")
    if kind == "keyword" and not isinstance(keyword, str):
        raise fail("type", "keyword: a keyword ability needs keyword: NAME (renown, insight, ...)")
    for key in ("creates", "trigger", "card", "keyword"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise fail(key, f"{key}: must be text")
    card = raw.get("card") or f"{controller} {kind}"
    return Ability(card, controller, str(kind), would, str(effect), raw.get("creates"), raw.get("trigger"),
                   target, passes, keyword, line, **_ability_extras(raw, str(kind), str(effect), fail))


def _ability_extras(raw: Any, kind: str, effect: str, fail: Callable[[str, str], BadData]) -> dict[str, Any]:
    """The keys of limits, initiation (answers, costs, events), "then", elimination, optional
    keywords, lasting effects and saves against a continuing condition."""
    out: dict[str, Any] = {}
    for key in ("limit", "maximum", "answers", "used_before"):
        value = raw.get(key)
        low = 0 if key == "used_before" else 1
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < low):
            raise fail(key, f"{key}: a whole number from {low}")
        if value is not None:
            out[key] = value
    per = raw.get("per")
    if (per is None) != (out.get("limit") is None and out.get("maximum") is None):
        raise fail("per" if per is not None else ("limit" if "limit" in out else "maximum"),
                   f"per: the interval of a limit or maximum ({', '.join(PERIODS)}), given with limit: or maximum:")
    if per is not None and per not in PERIODS:
        raise fail("per", f"per: {per!r} is not one of {', '.join(PERIODS)}")
    out["per"] = per
    for key in ("event", "declined", "remedies", "duplicate", "cannot_be_cancelled"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise fail(key, f"{key}: true or false")
        out[key] = value
    for key in ("cost", "then", "eliminates", "until"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise fail(key, f"{key}: must be text")
        out[key] = raw.get(key)
    if out["then"] is not None and raw.get("creates") is None:
        raise fail("then", "then: the part after \"then\" needs creates: (the part before it) to depend on")
    if (out["remedies"] or out["duplicate"]) and effect != "save":
        raise fail("remedies" if out["remedies"] else "duplicate", "remedies/duplicate: only on a save (effect: save)")
    if out["declined"] and kind != "keyword":
        raise fail("declined", "declined: only an optional keyword is declined (other abilities: passes)")
    if kind == "lasting" and out["until"] is None:
        raise fail("until", "until: a lasting effect needs the condition it lasts until (phase-ends, round-ends, ...)")
    return out


def check(scenario: Scenario, triggers: list[str], framework: Framework,
          trigger_flags: dict[str, tuple[bool, bool]], keywords: dict[str, str | None] | None = None) -> None:
    """Cross-checks against the data: known trigger and step, an ability type that can apply at
    that step, cancels and saves only where they can apply, no `creates:` cycle.

    `trigger_flags` gives (cancellable, saveable) for each trigger id; `keywords` the known
    keywords, each with the trigger it resolves on (None: at 4.2.5).
    """
    ids = framework.ids()
    if scenario.at is not None and scenario.at not in ids:
        raise scenario.fail("at", f"at: unknown framework step or window {scenario.at!r}.{did_you_mean(scenario.at, ids)}")
    if scenario.at is not None and scenario.format == "joust" and framework.item(scenario.at).melee:
        raise scenario.fail("at", f"at: step {scenario.at} happens only in melee (skipped in joust)")
    at_window = scenario.at is not None and framework.item(scenario.at).is_window
    if scenario.trigger is not None and scenario.trigger not in triggers:
        raise scenario.fail("trigger", f"trigger: unknown triggering condition {scenario.trigger!r}.{did_you_mean(scenario.trigger, triggers)}")
    if scenario.winner is not None and scenario.at != "4.2.5":
        raise scenario.fail("winner", "winner: who won the challenge, for the keywords of step 4.2.5 (at: \"4.2.5\")")
    if not scenario.arises and scenario.trigger is None:
        raise scenario.fail("arises", "arises: false needs the trigger: that does not arise")
    for other in scenario.shared_with:
        if other not in triggers:
            raise scenario.fail("shared_with", f"shared_with: unknown triggering condition {other!r}.{did_you_mean(other, triggers)}")
    if scenario.shared_with and scenario.trigger is None:
        raise scenario.fail("shared_with", "shared_with: needs the trigger: the others share the windows with")
    if scenario.trigger is None and not at_window and scenario.at not in ("1.3", "4.2.5"):
        raise scenario.fail("trigger", "trigger: needed (or at: an action window, 1.3 or 4.2.5)")
    for ability in scenario.abilities:
        on = _condition_of(scenario, ability)
        _check_extras(scenario, ability, triggers, keywords)
        for key, name in (("trigger", ability.on), ("creates", ability.creates), ("cost", ability.cost),
                          ("then", ability.then), ("until", ability.until)):
            if name is not None and name not in triggers:
                raise BadData(scenario.where, ability.line, f"{key}: unknown triggering condition {name!r}.{did_you_mean(name, triggers)}")
        where_ok = {
            "action": at_window and ability.on is None,
            "marshal": scenario.at == "after-3.2" and ability.on is None,
            "when-revealed": scenario.at == "1.3" and ability.on is None,
            "keyword": _keyword_here(scenario, ability, keywords),
        }
        if ability.type in where_ok and not where_ok[ability.type]:
            place = {"action": "an action window", "marshal": "the marshaling action window (at: after-3.2)",
                     "when-revealed": "step 1.3 (at: \"1.3\")",
                     "keyword": _keyword_place(ability, keywords)}[ability.type]
            raise BadData(scenario.where, ability.line, f"type: a {ability.type} ability cannot apply here; it belongs to {place}")
        if ability.type not in where_ok and on is None and ability.type != "lasting":
            raise BadData(scenario.where, ability.line, f"trigger: a {ability.type} needs a triggering condition (the scenario's trigger: or its own)")
        if ability.type == "marshal" and ability.controller != scenario.active:
            raise BadData(scenario.where, ability.line,
                          f"controller: only the active player ({scenario.active}) marshals cards in this window")
        if on is not None and ability.type not in where_ok and ability.type != "lasting":
            cancellable, saveable = trigger_flags[on]
            if ability.effect == "cancel" and not cancellable:
                raise BadData(scenario.where, ability.line, f"effect: cancel refers to the initiation of an effect (ability-initiated, event-played), not to {on}")
            if ability.effect == "save" and not saveable:
                raise BadData(scenario.where, ability.line, f"effect: save keeps in play a card that would leave play; {on} cannot be saved")
        conditions = scenario.occurrences + len(scenario.shared_with) if on == scenario.trigger or on in scenario.shared_with else 1
        if ability.target is not None and ability.target > conditions:
            raise BadData(scenario.where, ability.line, f"target: occurrence {ability.target} does not exist")
    _check_cycles(scenario)


def _condition_of(scenario: Scenario, ability: Ability) -> str | None:
    """The condition an ability answers: the initiation of the ability it `answers`, its own
    trigger, or the scenario's."""
    if ability.answers is not None:
        answered = scenario.abilities[ability.answers - 1]
        return "event-played" if answered.event else "ability-initiated"
    return ability.on or scenario.trigger


def _keyword_here(scenario: Scenario, ability: Ability, keywords: dict[str, str | None] | None) -> bool:
    """A 4.2.5 keyword at 4.2.5; a keyword of a condition (bestow: a card enters play) on it."""
    on = keywords.get(str(ability.keyword)) if keywords else None
    if on is None:
        return scenario.at == "4.2.5" and ability.on is None
    return (ability.on or scenario.trigger) == on


def _keyword_place(ability: Ability, keywords: dict[str, str | None] | None) -> str:
    on = keywords.get(str(ability.keyword)) if keywords else None
    return f"its condition {on} (trigger: {on})" if on else "step 4.2.5 (at: \"4.2.5\")"


def _check_extras(scenario: Scenario, ability: Ability, triggers: list[str],
                  keywords: dict[str, str | None] | None) -> None:
    """The new keys against the scenario: who `answers` what, keywords, eliminations."""
    def fail(message: str) -> BadData:
        return BadData(scenario.where, ability.line, message)

    if ability.type == "keyword" and keywords is not None and ability.keyword not in keywords:
        raise fail(f"keyword: unknown keyword {ability.keyword!r}.{did_you_mean(str(ability.keyword), list(keywords))} "
                   f"(known: {', '.join(keywords)})")
    if ability.answers is not None:
        position = scenario.abilities.index(ability) + 1
        if ability.answers > len(scenario.abilities) or ability.answers == position:
            raise fail(f"answers: the position (1, 2, ...) of another ability of this scenario, not {ability.answers}")
        seen = {position}
        answered = scenario.abilities[ability.answers - 1]
        while True:
            if answered.type not in ("interrupt", "forced-interrupt", "reaction", "forced-reaction"):
                raise fail(f"answers: ability {ability.answers} is a {answered.type}; only the initiation of an "
                           f"interrupt or a reaction is answered here")
            if answered.answers is None:
                break
            if answered.answers in seen:
                raise fail("answers: a cycle of abilities answering each other's initiation")
            seen.add(answered.answers)
            answered = scenario.abilities[answered.answers - 1]
        if ability.effect in ("save", "replace") or ability.type in ("delayed", "lasting", "keyword"):
            raise fail(f"answers: the initiation of an ability is cancelled or reacted to, not a {ability.type} "
                       f"with effect {ability.effect}")
    if ability.eliminates is not None:
        if ability.eliminates not in scenario.players:
            raise fail(f"eliminates: {ability.eliminates!r} is not among the players ({', '.join(scenario.players)})")
        if scenario.format == "joust":
            raise fail("eliminates: in a joust the other player wins at once (winning-the-game ¶3); use format: melee")
    if ability.type == "delayed" and ability.on is None and scenario.trigger is None:
        raise fail("trigger: a delayed effect needs the future condition it waits for")


def _check_cycles(scenario: Scenario) -> None:
    """A condition whose ability creates it again (directly or through others) never ends; an
    ability with a limit or maximum stops at it (limits-and-maximums ¶1, ¶3)."""
    edges: dict[str, list[tuple[str, Ability]]] = {}
    for ability in scenario.abilities:
        on = ability.on or scenario.trigger
        bounded = ability.limit is not None or ability.maximum is not None
        for made in (ability.cost, ability.creates, ability.then):
            if on and made and ability.answers is None and not bounded:
                edges.setdefault(on, []).append((made, ability))

    def visit(node: str, path: list[str]) -> None:
        for target, ability in edges.get(node, []):
            if target in path:
                cycle = " → ".join(path[path.index(target):] + [target])
                hint = ("; to answer one ability's initiation (a cancel of a cancel) give the answering "
                        "ability answers: N, the position of the ability it answers"
                        if target in ("event-played", "ability-initiated") else "")
                raise BadData(scenario.where, ability.line,
                              f"creates: cycle {cycle}: each new condition triggers the ability again, so the nested "
                              f"sequences would never end (the engine stops at depth {MAX_DEPTH}){hint}")
            visit(target, path + [target])

    for start in list(edges):
        visit(start, [start])
