"""The board game's combat engine against the rulebook: each strength, victor, casualty and
retreat rule on a small combat, the line that applies it citing its block, and the rulebook's
own worked examples reproduced with the numbers they print."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import glossary
from judge.core.errors import BadData
from judge.rules import combat, timing
from judge.rules.combat import CombatResult

GAME = "agot-board"
GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path(GAME, GLOSSARY))
DATA = combat.load_data(combat.data_path(GAME, GLOSSARY))


def block(entry_id: str, para: int) -> str:
    entry = LOADED.get(GAME, "es", entry_id)
    assert entry is not None
    return entry.blocks[para - 1].text


def base(**changes: Any) -> dict[str, Any]:
    scenario: dict[str, Any] = {
        "game": GAME,
        "area": {"name": "Bosque Real", "castle": False},
        "attacker": {"house": "Tyrell", "from": "Desembarco del Rey", "units": ["footman"], "march": 0,
                     "card": {"name": "A", "strength": 0}, "fiefdoms": 2},
        "defender": {"house": "Lannister", "units": ["footman"], "card": {"name": "B", "strength": 0},
                     "fiefdoms": 1},
    }
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(scenario.get(key), dict):
            scenario[key] = {**scenario[key], **value}
        else:
            scenario[key] = value
    return scenario


def fight(tmp_path: Path, scenario: dict[str, Any]) -> CombatResult:
    path = tmp_path / "combat.yaml"
    path.write_text(yaml.safe_dump(scenario, allow_unicode=True), "utf-8")
    return combat.run(combat.from_file(path, DATA, None), DATA, FRAMEWORK, LOADED)


def lines(result: CombatResult, step: str) -> list[tuple[str, list[str]]]:
    found = [s for s in result.steps if s.id == step] or [
        sub for s in result.steps for sub in s.substeps if sub.id == step]
    return [(line.text, [f"{c.id} ¶{c.para}" for c in line.cites]) for line in found[0].lines]


# --- the rulebook's worked examples ----------------------------------------------------------


def test_example_of_support_gives_the_printed_strengths(tmp_path: Path) -> None:
    """EJEMPLO DE APOYO ¶4: Tyrell 7 (two knights, King's Landing's knight, march +1), Lannister 6."""
    printed = block("example-support", 4)
    assert "Fuerza de combate de 7" in printed and "Fuerza de combate de 6" in printed
    result = fight(tmp_path, base(
        area={"name": "Aguasnegras", "castle": False},
        attacker={"units": ["knight", "knight"], "march": 1, "from": "El Dominio"},
        support=[
            {"house": "Lannister", "area": "Septo de Piedra", "units": ["footman", "knight"], "supports": "defender"},
            {"house": "Baratheon", "area": "Harrenhal", "units": ["knight"], "supports": "defender"},
            {"house": "Tyrell", "area": "Desembarco del Rey", "units": ["knight"], "supports": "attacker"},
        ]))
    assert result.initial == {"attacker": 7, "defender": 6}


def test_example_of_combat_resolution_is_a_tie_won_on_the_fiefdoms_track(tmp_path: Path) -> None:
    """EJEMPLO DE RESOLUCIÓN DE UN COMBATE (casualties ¶6-¶10): 3 against 2, cards 1 and 2, tie at
    4 won by Lannister (higher on the Fiefdoms track), one sword against one fortification."""
    assert "empatados con una Fuerza de combate final de 4" in block("casualties", 9)
    assert "no sufre ninguna baja" in block("casualties", 10)
    result = fight(tmp_path, base(
        attacker={"units": ["footman", "knight"], "card": {"name": "Alester Florent", "strength": 1, "fortifications": 1}},
        defender={"units": ["footman", "footman"], "card": {"name": "Ser Jaime Lannister", "strength": 2, "swords": 1}}))
    assert (result.initial, result.final) == ({"attacker": 3, "defender": 2}, {"attacker": 4, "defender": 4})
    assert (result.victor, result.casualties) == ("defender", 0)
    text, cites = lines(result, "6.3")[0]
    assert "se retiran a Desembarco del Rey" in text and "desbandada" in text
    assert cites == ["retreats-and-routs ¶2", "retreats-and-routs ¶10"]


def test_example_of_retreat_the_routed_knight_adds_nothing(tmp_path: Path) -> None:
    """EJEMPLO DE RETIRADA Y DESBANDADA ¶5: the Tyrell defender counts 1 (the footman), and the
    routed knight is destroyed if Tyrell loses, for routed units cannot retreat."""
    assert "Fuerza de combate inicial de 1" in block("retreats-other-rules", 5)
    result = fight(tmp_path, base(
        area={"name": "Bastión de Tormentas", "castle": True},
        attacker={"house": "Baratheon", "units": ["knight", "knight"], "from": "Sendahueso"},
        defender={"house": "Tyrell", "units": ["footman"], "routed": ["knight"]}))
    assert result.initial["defender"] == 1
    assert ("Tyrell: Caballero en desbandada +0", ["retreats-and-routs ¶10"]) in lines(result, "C2")
    assert any("son destruidas" in text for text, _ in lines(result, "6.3"))


# --- strength ------------------------------------------------------------------------------


@pytest.mark.parametrize("castle,attacking,expected", [(True, True, 4), (False, True, 0), (True, False, 0)])
def test_a_siege_engine_adds_4_only_attacking_a_castle_or_stronghold(tmp_path: Path, castle: bool, attacking: bool, expected: int) -> None:
    """unit-combat-strength ¶5: 4 attacking an area with a castle or stronghold, else 0."""
    side = "attacker" if attacking else "defender"
    result = fight(tmp_path, base(area={"name": "X", "castle": castle}, **{side: {"units": ["siege-engine"]}}))
    assert result.initial[side] == expected  # the march order of base() is +0


def test_a_supporting_siege_engine_counts_only_for_the_attacker_against_a_castle(tmp_path: Path) -> None:
    """support-orders-other-rules ¶5."""
    support = [{"house": "Tyrell", "area": "Y", "units": ["siege-engine"], "supports": "attacker"}]
    assert fight(tmp_path, base(area={"name": "X", "castle": True}, support=support)).initial["attacker"] == 5
    result = fight(tmp_path, base(support=support))
    assert result.initial["attacker"] == 1
    assert lines(result, "C1")[1][1] == ["support-orders-other-rules ¶5"]


def test_orders_garrison_and_special_support_add_their_printed_bonus(tmp_path: Path) -> None:
    """march -1 (march-orders ¶3), defense +2 (special-orders ¶4), garrison (garrisons ¶7),
    special support +1 (special-orders ¶6)."""
    result = fight(tmp_path, base(
        attacker={"march": -1, "units": ["knight"]}, defender={"defense": 2}, garrison=2,
        support=[{"house": "Lannister", "area": "Y", "units": ["footman"], "special": True, "supports": "defender"}]))
    assert result.initial == {"attacker": 1, "defender": 1 + 2 + 2 + 1 + 1}
    cited = {c for _, cites in lines(result, "C2") for c in cites}
    assert {"march-orders ¶3", "special-orders ¶4", "garrisons ¶7"} <= cited


def test_land_units_cannot_support_a_combat_at_sea(tmp_path: Path) -> None:
    """support-orders-other-rules ¶4: ships may, footmen, knights and siege engines never."""
    result = fight(tmp_path, base(
        area={"name": "Mar", "sea": True}, attacker={"units": ["ship"]}, defender={"units": ["ship"]},
        support=[{"house": "Tyrell", "area": "Y", "units": ["knight", "ship"], "supports": "attacker"}]))
    assert result.initial["attacker"] == 2


def test_a_garrison_alone_still_fights(tmp_path: Path) -> None:
    """garrisons ¶7: with no defending units the combat is fought as if the garrison were a unit."""
    result = fight(tmp_path, base(defender={"units": []}, garrison=2))
    assert result.initial["defender"] == 2
    assert lines(result, "C2")[-3][1] == ["garrisons ¶7"]


# --- blade, victor, casualties -----------------------------------------------------------------


@pytest.mark.parametrize("blade,bonus", [
    ({"holder": "Lannister", "use": True}, 1),
    ({"holder": "Lannister", "use": False}, 0),
    ({"holder": "Lannister", "use": True, "used_this_round": True}, 0),
    ({"holder": "Stark", "use": True}, 0),
])
def test_the_blade_adds_1_when_a_combatant_holds_and_uses_it(tmp_path: Path, blade: dict[str, Any], bonus: int) -> None:
    """use-valyrian-steel-blade ¶1: the attacker or defender holding it may add +1, once a round."""
    result = fight(tmp_path, base(valyrian_blade=blade))
    assert result.final["defender"] - result.initial["defender"] == bonus


def test_a_tie_goes_to_the_house_closer_to_position_1_of_the_fiefdoms_track(tmp_path: Path) -> None:
    """determine-victor ¶1."""
    assert fight(tmp_path, base(attacker={"fiefdoms": 1}, defender={"fiefdoms": 3})).victor == "attacker"
    assert fight(tmp_path, base(attacker={"fiefdoms": 5}, defender={"fiefdoms": 3})).victor == "defender"


@pytest.mark.parametrize("swords,forts,expected", [(3, 1, 2), (1, 1, 0), (0, 2, 0), (2, 0, 2)])
def test_casualties_are_the_victors_swords_minus_the_losers_fortifications(tmp_path: Path, swords: int, forts: int, expected: int) -> None:
    """casualties ¶12: one unit per sword of the victor minus the loser's fortifications, none at
    zero or less."""
    result = fight(tmp_path, base(
        defender={"units": ["footman", "footman", "knight"], "card": {"name": "B", "strength": 9, "swords": swords}},
        attacker={"card": {"name": "A", "strength": 0, "fortifications": forts}}))
    assert (result.victor, result.casualties) == ("defender", expected)
    assert lines(result, "6.2")[0][1] == ["casualties ¶12", "combat-icons ¶3"]


def test_routed_units_are_never_casualties(tmp_path: Path) -> None:
    """retreats-and-routs ¶10: two swords against one unit that can be chosen: all of it."""
    result = fight(tmp_path, base(
        attacker={"units": ["knight"], "card": {"name": "A", "strength": 5, "swords": 2}},
        defender={"units": ["footman"], "routed": ["knight"]}))
    texts = [text for text, _ in lines(result, "6.2")]
    assert "Lannister destruye sus 1 unidades que pueden ser bajas." in texts
    assert "Las unidades en desbandada no pueden elegirse como bajas." in texts


def test_a_card_text_ability_is_reported_open_not_applied(tmp_path: Path) -> None:
    """house-cards ¶2: text abilities resolve now; the scenario cannot model them."""
    result = fight(tmp_path, base(attacker={"card": {"name": "A", "strength": 1, "text": "Duplica algo"}}))
    step = next(s for s in result.steps if s.id == "C3")
    assert [line.open for line in step.lines] == [False, True, False]
    assert result.final["attacker"] == 2


# --- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize("changes,message", [
    ({"attacker": {"march": 3}}, "march: one of -1, 0, +1"),
    ({"defender": {"defense": 3}}, "defense: one of +1, +2"),
    ({"defender": {"fiefdoms": 2}}, "fiefdoms: two houses never share a position"),
    ({"attacker": {"units": ["ship"]}}, "units: a ship cannot be in a land area"),
    ({"defender": {"units": []}}, "units: a combat needs defending units or a garrison"),
    ({"weather": "rain"}, "weather: unknown key in scenario"),
])
def test_bad_scenarios_name_the_line(tmp_path: Path, changes: dict[str, Any], message: str) -> None:
    with pytest.raises(BadData) as caught:
        fight(tmp_path, base(**changes))
    assert re.match(r".*combat\.yaml:\d+: ", str(caught.value)) and message in str(caught.value)


# --- any input: a result or a file:line error, never a traceback ---------------------------------

_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.text(max_size=8),
                    st.lists(st.sampled_from(["footman", "knight", "ship", "siege-engine", "dragon"]), max_size=4),
                    st.fixed_dictionaries({"name": st.text(max_size=4)}))
_PLACES = [("attacker", "march"), ("attacker", "units"), ("attacker", "card"), ("attacker", "fiefdoms"),
           ("defender", "defense"), ("defender", "routed"), ("defender", "house"), ("area", "castle"),
           ("area", "sea"), (None, "garrison"), (None, "support"), (None, "valyrian_blade")]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(_PLACES), _VALUES), min_size=1, max_size=3))
def test_any_scenario_gives_a_combat_or_a_located_error(tmp_path: Path, changes: list[Any]) -> None:
    scenario = base()
    for (section, key), value in changes:
        if section is None:
            scenario[key] = value
        else:
            scenario[section] = {**scenario[section], key: value}
    try:
        result = fight(tmp_path, scenario)
    except BadData as error:
        assert error.line is not None and f"combat.yaml:{error.line}: " in str(error)
    else:
        assert result.victor in ("attacker", "defender") and result.casualties >= 0


def test_a_language_the_game_has_no_texts_in_is_refused(tmp_path: Path) -> None:
    """agot-board is imported in Spanish only: a Czech scenario would mix languages."""
    with pytest.raises(BadData, match=r"combat\.yaml:\d+: lang: agot-board has its texts in es only"):
        fight(tmp_path, base(lang="cs"))


def test_a_ship_in_a_port_never_supports_a_combat_on_land(tmp_path: Path) -> None:
    """ports-other-rules ¶2: in the adjacent sea area it may, on land never."""
    support = [{"house": "Lannister", "area": "Puerto", "units": ["ship"], "port": True, "supports": "defender"}]
    land = fight(tmp_path, base(support=support))
    assert land.initial["defender"] == 1
    assert ("Lannister (Puerto): un Barco en un puerto no puede prestar apoyo a un combate en una zona de tierra: +0",
            ["ports-other-rules ¶2"]) in lines(land, "C1")
    sea = fight(tmp_path, base(area={"name": "Mar", "sea": True}, attacker={"units": ["ship"]},
                               defender={"units": ["ship"]}, support=support))
    assert sea.initial["defender"] == 2


@pytest.mark.parametrize("swords,retreat,siege", [
    (0, "Tyrell: 1 unidades supervivientes se retiran a Desembarco del Rey, de donde avanzaron, y quedan en desbandada.",
     "Tyrell: 1 Torres de asedio supervivientes no pueden retirarse: son destruidas."),
    (1, "Tyrell: 1 unidades supervivientes se retiran a Desembarco del Rey, de donde avanzaron, y quedan en desbandada.",
     "Tyrell: si entre los supervivientes queda una Torre de asedio, no puede retirarse: es destruida."),
])
def test_siege_engines_cannot_retreat(tmp_path: Path, swords: int, retreat: str, siege: str) -> None:
    """retreats-other-rules ¶6; without casualties the survivors are known, else the loser chose."""
    result = fight(tmp_path, base(
        attacker={"units": ["siege-engine", "footman"]},
        defender={"card": {"name": "B", "strength": 5, "swords": swords}}))
    texts = [text for text, _ in lines(result, "6.3")]
    assert texts[:2] == [retreat, siege]
