"""The board game's combat sequence (`judge step` for agot-board): a combat scenario stepped
through C1-C6 of glossary/agot-board/framework.yaml, applying the rules of triggers.yaml.

What each unit, order and token adds, and every sentence the engine says, are data
(glossary/agot-board/triggers.yaml); this module only reads the scenario (`file:line` errors),
adds up as the rulebook says and picks the rule that applies. What a scenario cannot decide
(a house card's text ability) is reported as open, never invented.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge.core import paths, yamldata
from judge.core.errors import BadData, UsageProblem
from judge.core.model import Cite
from judge.core.yamldata import Located, LocatedList
from judge.rules import citing, data, timing
from judge.rules.citing import EntrySource
from judge.rules.model import CiteRef

SIDES = ("attacker", "defender")
COMBAT_ENTRY = "combat"  # the framework "phase" whose entry is this one is the combat sequence
MARCH_BONUSES = (-1, 0, 1)  # the two normal march orders and the special one (march-orders ¶3)
DEFENSE_BONUSES = (1, 2)  # the normal defense orders and the special one (defense-orders ¶3)
_SCENARIO_KEYS = {"game", "lang", "area", "garrison", "attacker", "defender", "support", "valyrian_blade"}
_SIDE_KEYS = {"house", "units", "routed", "card", "fiefdoms", "march", "defense", "from", "last_card"}
_CARD_KEYS = {"name", "strength", "swords", "fortifications", "text"}
_SUPPORT_KEYS = {"house", "area", "units", "special", "supports", "port"}


@dataclass(frozen=True)
class Rule:
    name: str
    text: dict[str, str]
    cites: tuple[CiteRef, ...]
    value: int | None
    open: bool


@dataclass(frozen=True)
class CombatData:
    game: str
    strengths: dict[str, int]
    unit_names: dict[str, dict[str, str]]
    unit_cites: dict[str, tuple[CiteRef, ...]]
    rules: dict[str, Rule]
    labels: dict[str, dict[str, str]]


@dataclass(frozen=True)
class Card:
    name: str
    strength: int
    swords: int
    fortifications: int
    text: str | None


@dataclass(frozen=True)
class Side:
    house: str
    units: tuple[str, ...]
    routed: tuple[str, ...]
    card: Card
    fiefdoms: int
    march: int | None
    defense: int | None
    origin: str | None
    last_card: bool


@dataclass(frozen=True)
class Support:
    house: str
    area: str
    units: tuple[str, ...]
    special: bool
    supports: str | None  # attacker | defender | None (declined)
    port: bool  # the supporting area is a port (ships only)


@dataclass(frozen=True)
class Combat:
    game: str
    lang: str
    area: str
    castle: bool
    sea: bool
    garrison: int
    attacker: Side
    defender: Side
    support: tuple[Support, ...]
    blade_holder: str | None
    blade_use: bool
    blade_spent: bool


@dataclass(frozen=True)
class Line:
    text: str
    cites: tuple[Cite, ...]
    open: bool = False


@dataclass(frozen=True)
class CombatStep:
    id: str
    title: str
    lines: tuple[Line, ...]
    substeps: tuple[CombatStep, ...] = ()


@dataclass(frozen=True)
class CombatResult:
    game: str
    lang: str
    area: str
    castle: bool
    sea: bool
    houses: dict[str, str]
    initial: dict[str, int]
    final: dict[str, int]
    victor: str
    casualties: int
    steps: tuple[CombatStep, ...]
    labels: dict[str, str] = field(hash=False)


def data_path(game: str, root: Path | None = None) -> Path:
    return (root or paths.glossary_root()) / game / "triggers.yaml"


def load_data(path: Path) -> CombatData:
    data = yamldata.load(path)
    units = data.get("units")
    rules = data.get("rules")
    labels = data.get("labels")
    if not isinstance(units, Located) or not isinstance(rules, Located) or not isinstance(labels, Located):
        raise data.fail(None, "a combat engine's data needs units:, rules: and labels:")
    strengths, names, unit_cites = {}, {}, {}
    for unit, raw in units.items():
        if not isinstance(raw, Located) or not isinstance(raw.get("strength"), int):
            raise units.fail(unit, f"{unit}: a unit needs strength: N, name: and cites:")
        strengths[unit], names[unit] = int(raw["strength"]), {k: str(v) for k, v in raw["name"].items()}
        unit_cites[unit] = citing.parse_cites(raw, "cites")
    parsed = {}
    for name, raw in rules.items():
        if not isinstance(raw, Located) or not isinstance(raw.get("text"), Located):
            raise rules.fail(name, f"{name}: a rule is {{text: {{es: ...}}, cites, value, open}}")
        value = raw.get("value")
        parsed[name] = Rule(name, {k: str(v) for k, v in raw["text"].items()}, citing.parse_cites(raw, "cites"),
                            int(value) if isinstance(value, int) else None, bool(raw.get("open", False)))
    for name, rule in parsed.items():
        if set(labels) - set(rule.text):
            raise rules.fail(name, f"{name}: text: needs a text in each language of labels ({', '.join(labels)})")
    for unit, unit_names in names.items():
        if set(labels) - set(unit_names):
            raise units.fail(unit, f"{unit}: name: needs a name in each language of labels ({', '.join(labels)})")
    return CombatData(str(data.get("game")), strengths, names, unit_cites, parsed,
                      {lang: {k: str(v) for k, v in words.items()} for lang, words in labels.items()})


# --- the scenario -------------------------------------------------------------------------


def from_file(path: Path, data: CombatData, lang: str | None) -> Combat:
    return from_mapping(yamldata.load(path), data, lang)


def from_mapping(raw: Located, data: CombatData, lang: str | None) -> Combat:
    """A combat scenario file's mapping as read (judge.core.yamldata), or BadData with its file and line."""
    _known(raw, _SCENARIO_KEYS, "scenario")
    area = raw.get("area")
    if not isinstance(area, Located) or not isinstance(area.get("name"), str):
        raise raw.fail("area", "area: a mapping {name, castle: true|false, sea: true|false}")
    _known(area, {"name", "castle", "sea"}, "area")
    sides = {name: _parse_side(raw, name, data) for name in SIDES}
    attacker, defender = sides["attacker"], sides["defender"]
    if attacker.march is None:
        raise raw["attacker"].fail(None, f"attacker: march: the march order's bonus, one of {_listing(MARCH_BONUSES)}")
    if attacker.origin is None:
        raise raw["attacker"].fail(None, "attacker: from: the area the attacking units marched from")
    if defender.march is not None or attacker.defense is not None:
        where = raw["defender"] if defender.march is not None else raw["attacker"]
        raise where.fail(None, "march: is the attacker's order, defense: the defender's")
    if attacker.house == defender.house:
        raise raw["defender"].fail("house", "house: attacker and defender are two different houses")
    if attacker.fiefdoms == defender.fiefdoms:
        raise raw["defender"].fail("fiefdoms", "fiefdoms: two houses never share a position on an influence track")
    garrison = raw.get("garrison", 0)
    if not isinstance(garrison, int) or isinstance(garrison, bool) or garrison < 0:
        raise raw.fail("garrison", "garrison: the strength printed on the defender's garrison token (a number)")
    if not defender.units and not defender.routed and not garrison:
        raise raw["defender"].fail("units", "units: a combat needs defending units or a garrison")
    sea = bool(area.get("sea", False))
    for name in SIDES:
        _check_terrain(raw[name], sides[name], sea)
    support = tuple(_support(item, line, raw, attacker, defender, data)
                    for item, line in zip(_list(raw, "support"), _list(raw, "support").lines))
    holder, use, spent = _blade(raw)
    chosen = str(lang or raw.get("lang") or "es")
    if chosen not in data.labels:  # the game's texts exist in these languages only
        message = f"{data.game} has its texts in {', '.join(data.labels)} only"
        raise raw.fail("lang", f"lang: {message}") if not lang else UsageProblem(f"--lang {lang}: {message}")
    return Combat(str(raw.get("game", data.game)), chosen, str(area["name"]), bool(area.get("castle", False)), sea,
                  int(garrison), attacker, defender, support, holder, use, spent)


def _known(raw: Located, keys: set[str], what: str) -> None:
    unknown = sorted(set(raw) - keys)
    if unknown:
        raise raw.fail(unknown[0], f"{unknown[0]}: unknown key in {what} (known: {', '.join(sorted(keys))})")


def _listing(values: tuple[int, ...]) -> str:
    return ", ".join(f"{v:+d}" if v else "0" for v in values)


def _list(raw: Located, key: str) -> LocatedList:
    value = raw.get(key)
    if value is None:
        empty = LocatedList()
        empty.line, empty.lines = raw.line, []
        return empty
    if not isinstance(value, LocatedList):
        raise raw.fail(key, f"{key}: must be a list")
    return value


def _units(raw: Located, key: str, data: CombatData) -> tuple[str, ...]:
    units = _list(raw, key)
    for unit in units:
        if not isinstance(unit, str) or unit not in data.strengths:
            raise raw.fail(key, f"{key}: unknown unit {unit!r} (known: {', '.join(data.strengths)})")
    return tuple(str(u) for u in units)


def _number(raw: Located, key: str, allowed: tuple[int, ...] | None, required: bool = False) -> int | None:
    value = raw.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or (allowed is not None and value not in allowed):
        expected = f"one of {_listing(allowed)}" if allowed else "a position, 1 or more"
        raise raw.fail(key, f"{key}: {expected}")
    if allowed is None and value < 1:
        raise raw.fail(key, f"{key}: a position, 1 or more")
    return value


def _parse_side(scenario: Located, name: str, data: CombatData) -> Side:
    raw = scenario.get(name)
    if not isinstance(raw, Located) or not isinstance(raw.get("house"), str):
        raise scenario.fail(name if name in scenario else None, f"{name}: a mapping with house, units, card, fiefdoms")
    _known(raw, _SIDE_KEYS, name)
    fiefdoms = _number(raw, "fiefdoms", None, required=True)
    assert fiefdoms is not None
    return Side(str(raw["house"]), _units(raw, "units", data), _units(raw, "routed", data), _card(raw),
                fiefdoms, _number(raw, "march", MARCH_BONUSES), _number(raw, "defense", DEFENSE_BONUSES),
                str(raw["from"]) if "from" in raw else None, bool(raw.get("last_card", False)))


def _card(side: Located) -> Card:
    raw = side.get("card")
    if not isinstance(raw, Located) or not isinstance(raw.get("name"), str):
        raise side.fail("card" if "card" in side else None,
                        "card: the house card played {name, strength, swords, fortifications, text} (playing one is mandatory)")
    _known(raw, _CARD_KEYS, "card")
    counts = {}
    for key in ("strength", "swords", "fortifications"):
        value = raw.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise raw.fail(key, f"{key}: a number, 0 or more")
        counts[key] = int(value)
    text = raw.get("text")
    if text is not None and not isinstance(text, str):
        raise raw.fail("text", "text: the card's text ability, as printed (it is reported, not applied)")
    return Card(str(raw["name"]), counts["strength"], counts["swords"], counts["fortifications"], text)


def _check_terrain(raw: Located, side: Side, sea: bool) -> None:
    """Land units never enter a sea area and ships never a land area (resolve-march-orders ¶8)."""
    for unit in side.units + side.routed:
        if (unit == "ship") != sea:
            raise raw.fail("units", f"units: a {unit} cannot be in a {'sea' if sea else 'land'} area")


def _support(item: object, line: int, scenario: Located, attacker: Side, defender: Side, data: CombatData) -> Support:
    if not isinstance(item, Located) or not isinstance(item.get("house"), str) or not isinstance(item.get("area"), str):
        raise BadData(scenario.where, line, "support: each item is {house, area, units, special, supports, port}")
    _known(item, _SUPPORT_KEYS, "support")
    supports = item.get("supports")
    if supports not in (*SIDES, None, "none"):
        raise item.fail("supports", "supports: attacker, defender or none (support declined)")
    side = None if supports in (None, "none") else str(supports)
    fighting = {"attacker": attacker.house, "defender": defender.house}
    if side is not None and item["house"] in fighting.values() and fighting[side] != item["house"]:
        rule = data.rules["support-own-opponent"]
        raise item.fail("supports", f"supports: {rule.text['es']} (support-orders-other-rules ¶7)")
    units, port = _units(item, "units", data), bool(item.get("port", False))
    if port and any(unit != "ship" for unit in units):
        raise item.fail("units", "units: only ships occupy a port")
    return Support(str(item["house"]), str(item["area"]), units, bool(item.get("special", False)), side, port)


def _blade(raw: Located) -> tuple[str | None, bool, bool]:
    blade = raw.get("valyrian_blade")
    if blade is None:
        return None, False, False
    if not isinstance(blade, Located) or not isinstance(blade.get("holder"), str):
        raise raw.fail("valyrian_blade", "valyrian_blade: {holder: HOUSE, use: true|false, used_this_round: true|false}")
    _known(blade, {"holder", "use", "used_this_round"}, "valyrian_blade")
    return str(blade["holder"]), bool(blade.get("use", False)), bool(blade.get("used_this_round", False))


# --- the sequence --------------------------------------------------------------------------


class _Say:
    """Lines of one step: a rule's text in the language, with its cites."""

    def __init__(self, data: CombatData, source: EntrySource, lang: str) -> None:
        self.data, self.source, self.lang = data, source, lang

    def __call__(self, rule_name: str, extra: tuple[CiteRef, ...] = (), **values: object) -> Line:
        rule = self.data.rules[rule_name]
        text = rule.text[self.lang]
        cites = citing.resolve(rule.cites + extra, self.data.game, self.lang, self.source)
        return Line(text.format(**values), cites, rule.open)

    def unit(self, unit: str) -> str:
        return self.data.unit_names[unit][self.lang]


def run(combat: Combat, data: CombatData, fw: timing.Framework, source: EntrySource) -> CombatResult:
    say = _Say(data, source, combat.lang)
    houses = {"attacker": combat.attacker.house, "defender": combat.defender.house}
    side_of = {combat.attacker.house: "attacker", combat.defender.house: "defender"}
    c1, support_totals = _call_for_support(combat, data, say, houses)
    c2, initial = _initial_strength(combat, data, say, support_totals)
    c3 = _house_cards(combat, say)
    c4, blade = _valyrian_blade(combat, say, side_of)
    final = {s: initial[s] + _side(combat, s).card.strength + blade[s] for s in SIDES}
    c5 = [say("final", house=houses[s], initial=initial[s], card=_side(combat, s).card.strength,
              blade=blade[s], total=final[s]) for s in SIDES]
    victor, resolution = _resolution(combat, say, fw, source, final)
    loser = "defender" if victor == "attacker" else "attacker"
    casualties = max(0, _side(combat, victor).card.swords - _side(combat, loser).card.fortifications)
    steps = []
    for item, lines in zip(combat_items(fw), (c1, c2, c3, c4, c5, [])):
        title = timing.title(fw, item, source, combat.lang)
        subs = resolution if item.substeps else ()
        steps.append(CombatStep(item.id, title, tuple(lines), subs))
    return CombatResult(combat.game, combat.lang, combat.area, combat.castle, combat.sea, houses, initial, final,
                        victor, casualties, tuple(steps), data.labels[combat.lang])


def run_scenario(scenario: Located | None, game: str, lang: str | None) -> tuple[CombatResult, dict[str, str]]:
    """The `combat` step engine (judge/rules/registry.py): a combat scenario file's mapping
    stepped through the combat sequence; its output names steps from the result itself (no labels)."""
    if scenario is None:
        raise UsageProblem(f'game "{game}" steps a combat: give its scenario file (docs/scenarios.md)')
    combat_data = data.engine_data(game)
    if not isinstance(combat_data, CombatData):
        raise UsageProblem(f'game "{game}" is not stepped by the combat engine')
    fw = data.framework(game)
    return run(from_mapping(scenario, combat_data, lang), combat_data, fw, data.loaded_glossary()), {}


def combat_items(fw: timing.Framework) -> list[timing.FwItem]:
    """C1-C6: the items of the framework's combat phase."""
    phase = next(n for n, entry in fw.phase_entries.items() if entry == COMBAT_ENTRY)
    return [item for item in fw.items if item.phase == phase]


def _side(combat: Combat, name: str) -> Side:
    return combat.attacker if name == "attacker" else combat.defender


def _call_for_support(combat: Combat, data: CombatData, say: _Say, houses: dict[str, str]) -> tuple[list[Line], dict[str, int]]:
    totals = {s: 0 for s in SIDES}
    if not combat.support:
        return [say("no-support")], totals
    lines = [say("support-order")]
    for sup in combat.support:
        if sup.supports is None:
            lines.append(say("support-declined", house=sup.house, area=sup.area))
            continue
        value, counted = 0, []  # the units whose strength counts cite it
        for unit in sup.units:
            if sup.port and not combat.sea:
                lines.append(say("support-port-to-land", house=sup.house, area=sup.area))
            elif combat.sea and unit != "ship":
                lines.append(say("support-land-at-sea", house=sup.house, area=sup.area, unit=say.unit(unit)))
            elif unit == "siege-engine" and not (sup.supports == "attacker" and combat.castle):
                lines.append(say("support-siege-idle", house=sup.house, area=sup.area))
            else:
                value += data.strengths[unit]
                counted.append(unit)
        if sup.special:
            bonus = data.rules["support-special"].value or 0
            lines.append(say("support-special", house=sup.house, area=sup.area, value=bonus))
            value += bonus
        names = ", ".join(say.unit(u) for u in sup.units)
        lines.append(say("support-given", tuple(c for u in counted for c in data.unit_cites[u]),
                         house=sup.house, area=sup.area, side=houses[sup.supports], units=names, value=value))
        totals[sup.supports] += value
    return lines, totals


def _initial_strength(combat: Combat, data: CombatData, say: _Say, support: dict[str, int]) -> tuple[list[Line], dict[str, int]]:
    lines: list[Line] = []
    initial = {}
    for name in SIDES:
        side, total = _side(combat, name), 0
        for unit in side.units:
            if unit == "siege-engine" and (name == "defender" or not combat.castle):
                why = say("siege-why-defending" if name == "defender" else "siege-why-no-castle").text
                lines.append(say("siege-idle", house=side.house, why=why))
                continue
            total += data.strengths[unit]
            lines.append(say("unit", data.unit_cites[unit], house=side.house, unit=say.unit(unit), value=data.strengths[unit]))
        for unit in side.routed:
            lines.append(say("routed", house=side.house, unit=say.unit(unit)))
        if side.march is not None:
            lines.append(say("march-special" if side.march == MARCH_BONUSES[-1] else "march", house=side.house, value=side.march))
            total += side.march
        if side.defense is not None:
            lines.append(say("defense-special" if side.defense == DEFENSE_BONUSES[-1] else "defense", house=side.house, value=side.defense))
            total += side.defense
        if name == "defender" and combat.garrison:
            if not side.units and not side.routed:
                lines.append(say("garrison-alone"))
            lines.append(say("garrison", house=side.house, value=combat.garrison))
            total += combat.garrison
        if support[name]:
            lines.append(say("supported", house=side.house, value=support[name]))
            total += support[name]
        initial[name] = total
    lines.append(say("initial", attacker=combat.attacker.house, a=initial["attacker"],
                     defender=combat.defender.house, d=initial["defender"]))
    return lines, initial


def _house_cards(combat: Combat, say: _Say) -> list[Line]:
    lines = []
    for name in SIDES:
        side = _side(combat, name)
        card = side.card
        lines.append(say("card", house=side.house, card=card.name, value=card.strength,
                         swords=card.swords, forts=card.fortifications))
        if card.text:
            lines.append(say("card-text", house=side.house, card=card.name, ability=card.text))
    if combat.attacker.card.text and combat.defender.card.text:
        lines.append(say("card-text-order"))
    return lines


def _valyrian_blade(combat: Combat, say: _Say, side_of: dict[str, str]) -> tuple[list[Line], dict[str, int]]:
    bonus = {s: 0 for s in SIDES}
    holder = combat.blade_holder
    if holder is None or holder not in side_of:
        return [say("blade-absent", holder=holder or "—")], bonus
    if combat.blade_spent:
        return [say("blade-spent", house=holder)], bonus
    if not combat.blade_use:
        return [say("blade-kept", house=holder)], bonus
    value = say.data.rules["blade-used"].value or 0
    bonus[side_of[holder]] = value
    return [say("blade-used", house=holder, value=value)], bonus


def _resolution(combat: Combat, say: _Say, fw: timing.Framework, source: EntrySource,
                final: dict[str, int]) -> tuple[str, tuple[CombatStep, ...]]:
    att, dfn = combat.attacker, combat.defender
    if final["attacker"] != final["defender"]:
        victor = "attacker" if final["attacker"] > final["defender"] else "defender"
    else:  # the tie goes to the house closer to position 1 of the Fiefdoms track (determine-victor ¶1)
        victor = "attacker" if att.fiefdoms < dfn.fiefdoms else "defender"
    loser = "defender" if victor == "attacker" else "attacker"
    win, lose = _side(combat, victor), _side(combat, loser)
    if final["attacker"] != final["defender"]:
        decided = say("victor-higher", victor=win.house, loser=lose.house, v=final[victor], l=final[loser])
    else:
        decided = say("victor-tie", victor=win.house, loser=lose.house, v=final[victor],
                      vp=win.fiefdoms, lp=lose.fiefdoms)
    casualties, survivors = _casualties(combat, say, win, lose)
    retreat = _retreats(combat, say, loser, lose, survivors)
    end = _end(combat, say, victor)
    item = combat_items(fw)[-1]
    subs = tuple(CombatStep(sub.id, sub.title[combat.lang], tuple(lines))
                 for sub, lines in zip(item.substeps, ([decided], casualties, retreat, end)))
    return victor, subs


def _casualties(combat: Combat, say: _Say, win: Side, lose: Side) -> tuple[list[Line], int]:
    n = max(0, win.card.swords - lose.card.fortifications)
    lines = [say("casualties-count", loser=lose.house, victor=win.house, swords=win.card.swords,
                 forts=lose.card.fortifications, n=n)]
    eligible = lose.units  # routed and supporting units are never casualties
    if n == 0:
        lines.append(say("casualties-none", loser=lose.house))
    elif n >= len(eligible):
        lines.append(say("casualties-all", loser=lose.house, n=len(eligible)))
    else:
        names = ", ".join(say.unit(u) for u in eligible)
        lines.append(say("casualties-choice", loser=lose.house, n=n, eligible=len(eligible), units=names))
    if n and lose.routed:
        lines.append(say("casualties-not-routed"))
    if n and combat.support:
        lines.append(say("casualties-not-support"))
    if lose is combat.defender and combat.garrison:
        lines.append(say("garrison-removed", house=lose.house))
    return lines, max(0, len(eligible) - n)


def _retreats(combat: Combat, say: _Say, loser: str, lose: Side, survivors: int) -> list[Line]:
    """Survivors retreat routed; siege engines cannot retreat. Which units survive is known
    when there were no casualties; otherwise the loser chose them, and the siege rule is
    conditional."""
    sieges = lose.units.count("siege-engine") if survivors == len(lose.units) else 0
    retreating = survivors - sieges
    lines = []
    if retreating == 0:
        lines.append(say("retreat-none", house=lose.house))
    elif loser == "attacker":
        lines.append(say("retreat-attacker", house=lose.house, n=retreating, area=lose.origin))
    else:
        lines.append(say("retreat-defender", house=lose.house, n=retreating))
    if sieges:
        lines.append(say("retreat-siege", house=lose.house, n=sieges))
    elif survivors and "siege-engine" in lose.units:
        lines.append(say("retreat-siege-if", house=lose.house))
    if lose.routed:
        lines.append(say("retreat-routed", house=lose.house, n=len(lose.routed)))
    if combat.support:
        lines.append(say("retreat-support-stays"))
    return lines


def _end(combat: Combat, say: _Say, victor: str) -> list[Line]:
    lines = [say("end-march", house=combat.attacker.house)]
    if victor == "attacker":
        lines.append(say("end-attacker-won", house=combat.defender.house, area=combat.area))
    else:
        lines.append(say("end-defender-won", area=combat.area))
    if any(s.supports for s in combat.support):
        lines.append(say("end-support-stays"))
    lines.append(say("end-cards"))
    for name in SIDES:
        if _side(combat, name).last_card:
            lines.append(say("end-last-card", house=_side(combat, name).house))
    return lines
