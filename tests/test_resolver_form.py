"""The Resolver's form (judge/site/resolver.yaml `forms`): each game's fields are the keys its
engine's scenario reader accepts, their choices the values it accepts, and every field and
choice has its words in each language of the page."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.model import LANGS
from judge.rules import combat, data, priority, scenario, shadows
from judge.rules.kinds import ABILITY_TYPES, EFFECTS, FORMATS_OF_PLAY
from judge.site.resolver import ui

FORMS: dict[str, list[dict[str, Any]]] = ui()["forms"]
ENGINE_KEYS = {"game", "lang"}  # every reader's, written by the page itself


def fields(game: str, *path: str) -> dict[str, dict[str, Any]]:
    """The fields of a game's form, or of the group / list at `path` in it, by key."""
    found = {f["key"]: f for f in FORMS[game]}
    for key in path:
        spec = found[key]
        found = {f["key"]: f for f in spec.get("fields") or spec["item"]["extra"]["play"]}
    return found


def test_every_step_engine_game_has_a_form() -> None:
    assert sorted(FORMS) == sorted(data.loaded_glossary().games())


def test_card_game_fields_are_the_scenario_keys() -> None:
    assert set(fields("agot2")) | ENGINE_KEYS == set(scenario.SCENARIO_KEYS)
    assert set(fields("agot2", "abilities")) == set(scenario.ABILITY_KEYS)
    assert fields("agot2")["format"]["options"] == list(FORMATS_OF_PLAY)
    assert fields("agot2", "abilities")["per"]["options"] == list(scenario.PERIODS)
    # the ability types and effects come from the engine itself (the worker's meta)
    assert (fields("agot2", "abilities")["type"]["options"], fields("agot2", "abilities")["effect"]["options"]) == (
        "types", "effects")


def test_priority_fields_are_the_scenario_keys() -> None:
    assert set(fields("gp")) | ENGINE_KEYS == set(priority.SCENARIO_KEYS)
    action = fields("gp")["script"]["item"]
    assert action["verbs"] == ["pass", "play", "activate", "special"] and action["bare"] == ["pass"]
    assert fields("gp", "script")["type"]["options"] == list(priority.PLAY_TYPES)
    for key, reader_keys in (("triggers", {"ability", "controller", "when", "of"}), ("state_based", {"id", "text", "when", "of"})):
        assert set(fields("gp", key)) == reader_keys
        assert fields("gp", key)["when"]["options"] == list(priority.CONDITIONS)


def test_combat_fields_are_the_scenario_keys() -> None:
    assert set(fields("agot-board")) | ENGINE_KEYS == combat._SCENARIO_KEYS
    assert set(fields("agot-board", "area")) == {"name", "castle", "sea"}
    for side in combat.SIDES:
        assert set(fields("agot-board", side)) == combat._SIDE_KEYS
        assert set(fields("agot-board", side, "card")) == combat._CARD_KEYS
        assert fields("agot-board", side)["march"]["options"] == list(combat.MARCH_BONUSES)
        assert fields("agot-board", side)["defense"]["options"] == list(combat.DEFENSE_BONUSES)
    assert set(fields("agot-board", "support")) == combat._SUPPORT_KEYS
    assert fields("agot-board", "support")["supports"]["options"] == [*combat.SIDES, "none"]
    assert set(fields("agot-board", "valyrian_blade")) == {"holder", "use", "used_this_round"}
    units = list(data.engine_data("agot-board").strengths)  # type: ignore[attr-defined]
    for spec in (fields("agot-board", "attacker")["units"], fields("agot-board", "support")["units"]):
        assert spec["options"] == units


def test_shadows_fields_are_the_scenario_keys() -> None:
    assert set(fields("agot1")) | ENGINE_KEYS == shadows._SCENARIO_KEYS
    assert set(fields("agot1", "players")) == shadows._PLAYER_KEYS
    assert set(fields("agot1", "players", "shadows")) == shadows._CARD_KEYS
    assert set(fields("agot1", "players", "responses")) == shadows._EFFECT_KEYS
    assert set(fields("agot1", "at_beginning")) == shadows._EFFECT_KEYS
    assert fields("agot1", "players", "shadows")["type"]["options"] == list(shadows.CARD_TYPES)
    assert fields("agot1", "players", "shadows")["copies"]["options"] == list(shadows.COPY_STATES)
    assert fields("agot1")["phase"]["options"] == [shadows.MARSHALLING]


def walk(game: str, specs: list[dict[str, Any]], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every field of a form with its path (what the page looks its words up by)."""
    found = []
    for spec in specs:
        here = f"{path}.{spec['key']}" if path else spec["key"]
        found.append((here, spec))
        found += walk(game, spec.get("fields", []), here)
        for extra in spec.get("item", {}).get("extra", {}).values():
            found += walk(game, extra, here)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_field_and_choice_has_words(lang: str) -> None:
    strings = ui()[lang]

    def words(table: dict[str, Any], game: str, path: str, key: str) -> Any:
        return table.get(f"{game}.{path}", table.get(path, table.get(key)))

    missing = []
    for game, specs in FORMS.items():
        for path, spec in walk(game, specs):
            if words(strings["fields"], game, path, spec["key"]) is None:
                missing.append(f"{game}.{path}")
            options = spec.get("options")
            if isinstance(options, list):
                labels = words(strings["choices"], game, path, spec["key"]) or {}
                missing += [f"{game}.{path}={o}" for o in options if o not in labels]
    choices = strings["choices"]
    missing += [f"type={t}" for t in ABILITY_TYPES if t not in choices["type"]]
    missing += [f"effect={e}" for e in EFFECTS if e not in choices["effect"]]
    missing += [f"verb={v}" for v in fields("gp")["script"]["item"]["verbs"] if v not in choices["verb"]]
    assert missing == []
