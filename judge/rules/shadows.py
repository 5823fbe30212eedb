"""The Shadows opportunity of the 1st edition card game (agot1, «Sacar una carta de las Sombras»).

At the beginning of any phase each player, one at a time from the first player clockwise, may
bring one card out of their Shadows area, paying the number after the «s» plus any gold penalty;
each card resolves fully (with its Responses) before the next; then come the other «at the
beginning of the phase» effects. The order of the steps is the framework's «Cualquier fase»
(glossary/agot1/framework.yaml); the rules applied, their words and citations, are
glossary/agot1/triggers.yaml. This module only decides which rule applies to each card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.core import yamldata
from judge.core.errors import BadData, UsageProblem
from judge.core.yamldata import Located, LocatedList
from judge.rules import citing, data, triggers
from judge.rules.citing import EntrySource
from judge.rules.model import Note
from judge.rules.runs import ShadowsResult, ShadowsStage, ShadowsTurn
from judge.rules.scenario import MAX_PLAYERS
from judge.rules.timing import Framework, title
from judge.rules.triggers import RuleDef

CARD_TYPES = ("character", "location", "attachment", "event")
# The states of another copy of a unique card («Las cartas únicas y las Sombras» ¶2).
COPY_STATES = ("dead-pile", "in-play-controlled", "in-play-not-controlled", "took-control")
REFUSALS = {"dead-pile": "unique-dead-pile", "in-play-not-controlled": "unique-not-controlled",
            "took-control": "unique-control-taken"}
RULES = (
    "order", "one-card", "no-cards", "passes", "cost", "cannot-pay", "pays", *REFUSALS.values(),
    "unique-dead-and-duplicate", "duplicate", "standing", "attaches", "discarded", "event",
    "resolves-fully", "responses-order", "another-card", "printed-cost", "beginning-effects",
    "beginning-order", "no-beginning-effects", "marshalling-into", "rest",
)
# The steps of «Cualquier fase» the engine knows (their order is framework.yaml's).
STEPS = ("out", "begin", "rest")
MARSHALLING = "marshalling"
SHADOW_COST = 2  # bringing a card into Shadows («Llevar una carta a las Sombras» ¶1, ¶7)

_SCENARIO_KEYS = {"game", "lang", "phase", "players", "first_player", "at_beginning"}
_PLAYER_KEYS = {"name", "gold", "shadows", "bring_out", "responses"}
_CARD_KEYS = {"card", "type", "cost", "unique", "copies", "gold_penalty", "attach_to", "printed_cost"}
_EFFECT_KEYS = {"card", "controller"}


@dataclass(frozen=True)
class Rules:
    """The engine's data: the words of its output and the rules it applies."""

    game: str
    labels: dict[str, dict[str, str]]
    rules: dict[str, RuleDef]


@dataclass(frozen=True)
class ShadowCard:
    name: str
    type: str
    cost: int
    unique: bool
    copies: tuple[str, ...]
    gold_penalty: int
    attach_to: str | None
    printed_cost: bool


@dataclass(frozen=True)
class Player:
    name: str
    gold: int
    shadows: tuple[ShadowCard, ...]
    bring_out: str | None
    responses: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Situation:
    game: str
    lang: str
    phase: str | None
    players: tuple[Player, ...]
    first_player: str
    at_beginning: tuple[tuple[str, str], ...]


# -- data -------------------------------------------------------------------------------------

@lru_cache(maxsize=4)
def load_rules(path: Path) -> Rules:
    data = yamldata.load(path)
    game = citing.data_game(data, "agot1")
    labels = citing.word_labels(data)
    langs = tuple(labels)
    rules = triggers.parse_rules(data, langs)
    missing = [name for name in RULES if name not in rules]
    if missing:
        raise data.fail("rules", f"rules: missing {', '.join(missing)}")
    return Rules(game, labels, rules)


# -- scenario ---------------------------------------------------------------------------------

def from_file(path: Path) -> Situation:
    """A scenario file (docs/scenarios.md «Shadows»), or BadData naming its file and line."""
    return from_mapping(yamldata.load(path))


def from_mapping(data: Located) -> Situation:
    """A scenario file's mapping as read (judge.core.yamldata), or BadData with its file and line."""
    _no_unknown(data, _SCENARIO_KEYS, "scenario")
    raw_players = data.get("players")
    if not isinstance(raw_players, LocatedList) or not raw_players:
        raise data.fail("players", "players: the players in player order (clockwise), each {name, gold, shadows, ...}")
    if len(raw_players) > MAX_PLAYERS:
        raise data.fail("players", f"players: {len(raw_players)} given; judge step takes at most {MAX_PLAYERS}")
    players = tuple(_player(raw, data, line) for raw, line in zip(raw_players, raw_players.lines))
    names = [p.name for p in players]
    for i, (player, line) in enumerate(zip(players, raw_players.lines)):
        if player.name in names[:i]:
            raise BadData(data.where, line, f"players: {player.name} is given twice")
    first = data.get("first_player", names[0])
    if first not in names:
        raise data.fail("first_player", f"first_player: {first!r} is not one of the players ({', '.join(names)})")
    effects = tuple(_effect(raw, data, line, names) for raw, line in _items(data, "at_beginning"))
    phase = data.get("phase")
    if phase is not None and not isinstance(phase, str):
        raise data.fail("phase", f"phase: {MARSHALLING}, or the phase's name as text")
    lang = data.get("lang", "es")
    return Situation(str(data.get("game", "agot1")), str(lang), phase, players, str(first), effects)


def _player(raw: Any, data: Located, line: int) -> Player:
    if not isinstance(raw, Located):
        raise BadData(data.where, line, "players: each player is a mapping {name, gold, shadows, ...}")
    _no_unknown(raw, _PLAYER_KEYS, "player")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise raw.fail("name", "name: the player's name")
    gold = _count(raw, "gold", 0)
    shadows = tuple(_card(c, raw, card_line) for c, card_line in _items(raw, "shadows"))
    bring_out = raw.get("bring_out")
    if bring_out is not None and bring_out not in [c.name for c in shadows]:
        raise raw.fail("bring_out", f"bring_out: {bring_out!r} is not one of {name}'s cards in Shadows")
    responses = tuple(_effect(r, raw, r_line, None) for r, r_line in _items(raw, "responses"))
    if responses and bring_out is None:
        raise raw.fail("responses", "responses: answer a card brought out; give bring_out")
    return Player(name, gold, shadows, bring_out, responses)


def _card(raw: Any, owner: Located, line: int) -> ShadowCard:
    if not isinstance(raw, Located):
        raise BadData(owner.where, line, "shadows: each card is a mapping {card, type, cost, ...}")
    _no_unknown(raw, _CARD_KEYS, "card")
    name, kind = raw.get("card"), raw.get("type")
    if not isinstance(name, str) or not name:
        raise raw.fail("card", "card: the card's name")
    if kind not in CARD_TYPES:
        raise raw.fail("type", f"type: one of {', '.join(CARD_TYPES)}")
    if "cost" not in raw:
        raise raw.fail(None, "cost: the number printed after the «s» of the card's cost")
    unique = raw.get("unique", False)
    if not isinstance(unique, bool):
        raise raw.fail("unique", "unique: true or false")
    copies = raw.get("copies", [])
    if not isinstance(copies, list) or any(c not in COPY_STATES for c in copies):
        raise raw.fail("copies", f"copies: a list of {', '.join(COPY_STATES)}")
    if copies and not unique:
        raise raw.fail("copies", "copies: only a unique card's other copies matter (unique: true)")
    attach_to = raw.get("attach_to")
    if "attach_to" in raw and kind != "attachment":
        raise raw.fail("attach_to", "attach_to: only an attachment attaches")
    if attach_to is not None and not isinstance(attach_to, str):
        raise raw.fail("attach_to", "attach_to: the card it attaches to, or null when there is none")
    return ShadowCard(name, str(kind), _count(raw, "cost", 0), unique, tuple(copies),
                      _count(raw, "gold_penalty", 0), attach_to, bool(raw.get("printed_cost", False)))


def _effect(raw: Any, owner: Located, line: int, names: list[str] | None) -> tuple[str, str]:
    if not isinstance(raw, Located) or not isinstance(raw.get("card"), str) or not isinstance(raw.get("controller"), str):
        raise BadData(owner.where, line, "an effect is a mapping {card, controller}")
    _no_unknown(raw, _EFFECT_KEYS, "effect")
    if names is not None and raw["controller"] not in names:
        raise raw.fail("controller", f"controller: {raw['controller']!r} is not one of the players")
    return str(raw["card"]), str(raw["controller"])


def _items(owner: Located, key: str) -> list[tuple[Any, int]]:
    value = owner.get(key, [])
    if not isinstance(value, list):
        raise owner.fail(key, f"{key}: must be a list")
    lines = value.lines if isinstance(value, LocatedList) else [owner.line_of(key)] * len(value)
    return list(zip(value, lines))


def _count(owner: Located, key: str, default: int) -> int:
    value = owner.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise owner.fail(key, f"{key}: a whole number, 0 or more")
    return value


def _no_unknown(raw: Located, known: set[str], what: str) -> None:
    unknown = sorted(set(raw) - known)
    if unknown:
        raise raw.fail(unknown[0], f"{unknown[0]}: unknown {what} key (known: {', '.join(sorted(known))})")


# -- the engine -------------------------------------------------------------------------------

class _Decider:
    """Turns a rule name and its values into a Note in the output language."""

    def __init__(self, rules: Rules, source: EntrySource, lang: str) -> None:
        self.rules, self.source, self.lang = rules, source, lang

    def label(self, key: str) -> str:
        return self.rules.labels[self.lang][key]

    def note(self, name: str, **values: object) -> Note:
        rule = self.rules.rules[name]
        text = rule.text[self.lang].format_map({k: str(v) for k, v in values.items()})
        return Note(name, text, rule.open, citing.resolve(rule.cites, self.rules.game, self.lang, self.source))


def step(situation: Situation, rules: Rules, fw: Framework, source: EntrySource) -> ShadowsResult:
    """The beginning of a phase: the Shadows opportunities in turn, the other beginning effects,
    the rest of the phase; each decision cites the paragraph that rules it."""
    lang = situation.lang
    if lang not in rules.labels or lang not in fw.langs:
        raise UsageProblem(f'game "{rules.game}" has no {lang} text (its languages: {", ".join(rules.labels)})')
    decide = _Decider(rules, source, lang)
    order = turn_order([p.name for p in situation.players], situation.first_player)
    by_name = {p.name: p for p in situation.players}
    marshalling = situation.phase == MARSHALLING
    stages = []
    for item in (i for i in fw.items if i.phase == _any_phase(fw)):
        head = (title(fw, item, source, lang), citing.resolve(item.cites, fw.game, lang, source))
        if item.id == "out":
            notes = (decide.note("order", first=situation.first_player, order=", ".join(order)),)
            turns = tuple(_turn(by_name[name], decide) for name in order)
            stages.append(ShadowsStage(item.id, *head, notes, turns))
        elif item.id == "begin":
            stages.append(ShadowsStage(item.id, *head, _beginning(situation.at_beginning, decide)))
        elif item.id == "rest":
            rest = ((decide.note("marshalling-into"),) if marshalling else ()) + (decide.note("rest"),)
            stages.append(ShadowsStage(item.id, *head, rest))
        else:
            raise BadData(fw.path, item.line, f"{item.id}: the shadows engine knows the steps {', '.join(STEPS)}")
    printed = tuple(decide.note("printed-cost", card=c.name, cost=c.cost, printed=SHADOW_COST + c.cost)
                    for p in situation.players for c in p.shadows if c.printed_cost)
    phase = decide.label("marshalling") if marshalling else situation.phase or fw.phases[_any_phase(fw)][lang]
    return ShadowsResult(rules.game, lang, phase, marshalling, tuple(by_name), situation.first_player, order,
                         tuple(stages), printed)


def turn_order(players: list[str], first: str) -> tuple[str, ...]:
    """From the first player, clockwise (the order players are listed in)."""
    start = players.index(first)
    return tuple(players[start:] + players[:start])


def _any_phase(fw: Framework) -> int:
    return fw.item(STEPS[0]).phase


def _turn(player: Player, decide: _Decider) -> ShadowsTurn:
    gold = player.gold
    if not player.shadows:
        return ShadowsTurn(player.name, None, None, "no-cards", None, gold, gold, None, None, (),
                           (decide.note("no-cards", player=player.name),))
    notes = [decide.note("one-card", player=player.name)]
    card = next((c for c in player.shadows if c.name == player.bring_out), None)
    if card is None:
        notes.append(decide.note("passes", player=player.name))
        return ShadowsTurn(player.name, None, None, "passed", None, gold, gold, None, None, (), tuple(notes))
    outcome, unique_notes = _unique_check(card, player.name, decide)
    notes += unique_notes
    paid = card.cost + card.gold_penalty
    if outcome is None:
        notes.append(decide.note("cost", cost=card.cost, penalty=card.gold_penalty, paid=paid, player=player.name, gold=gold))
        if gold < paid:
            notes.append(decide.note("cannot-pay", player=player.name, paid=paid, gold=gold, card=card.name))
            outcome = "cannot"
    if outcome is not None:
        if outcome == "cannot":
            notes.append(decide.note("another-card", player=player.name))
        return ShadowsTurn(player.name, card.name, card.type, outcome, None, gold, gold, None, None, (), tuple(notes))
    notes.append(decide.note("pays", player=player.name, paid=paid, card=card.name, left=gold - paid))
    enters, note = _enters(card, player.name, decide)
    notes.append(note)
    notes.append(decide.note("resolves-fully", card=card.name))
    if len(player.responses) > 1:
        notes.append(decide.note("responses-order"))
    return ShadowsTurn(player.name, card.name, card.type, "brought-out", paid, gold, gold - paid, enters,
                       card.attach_to if enters == "attached" else None, player.responses, tuple(notes))


def _unique_check(card: ShadowCard, player: str, decide: _Decider) -> tuple[str | None, list[Note]]:
    """None when the card may come out; else cannot (a copy forbids it) or undecided."""
    refusals = [REFUSALS[s] for s in REFUSALS if s in card.copies]
    if "dead-pile" in card.copies and "in-play-controlled" in card.copies and len(refusals) == 1:
        return "undecided", [decide.note("unique-dead-and-duplicate", card=card.name, player=player)]
    if refusals:
        return "cannot", [decide.note(r, card=card.name, player=player) for r in refusals]
    return None, []


def _enters(card: ShadowCard, player: str, decide: _Decider) -> tuple[str, Note]:
    if "in-play-controlled" in card.copies:
        return "duplicate", decide.note("duplicate", player=player, card=card.name)
    if card.type == "event":
        return "event", decide.note("event", card=card.name)
    if card.type == "attachment":
        if card.attach_to is None:
            return "discarded", decide.note("discarded", card=card.name)
        return "attached", decide.note("attaches", card=card.name, target=card.attach_to)
    return "standing", decide.note("standing", card=card.name, type=decide.label(f"type-{card.type}"))


def _beginning(effects: tuple[tuple[str, str], ...], decide: _Decider) -> tuple[Note, ...]:
    if not effects:
        return (decide.note("no-beginning-effects"),)
    listed = ", ".join(f"{card} ({controller})" for card, controller in effects)
    notes = (decide.note("beginning-effects", effects=listed),)
    return notes + ((decide.note("beginning-order"),) if len(effects) > 1 else ())


# -- `judge step` -----------------------------------------------------------------------------

def run_scenario(scenario: Located | None, game: str, lang: str | None) -> tuple[ShadowsResult, dict[str, str]]:
    """The `shadows` step engine (judge/rules/registry.py): a scenario file's mapping in, the
    result and the labels of its language out."""
    if scenario is None:
        raise UsageProblem(f'game "{game}" steps a scenario file: judge step SCENARIO.yaml (docs/scenarios.md)')
    situation = from_mapping(scenario)
    if lang is not None:
        situation = replace(situation, lang=lang)
    source, fw = data.framework_data(game)
    rules = data.engine_data(game)
    if not isinstance(rules, Rules):
        raise UsageProblem(f'game "{game}" is not stepped by the shadows engine')
    result = step(situation, rules, fw, source)
    return result, rules.labels[result.lang]
