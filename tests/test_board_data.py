"""The board game's engine data is tested against the text it cites: every cite of
glossary/agot-board/framework.yaml and triggers.yaml names an existing es entry and block, and
that block contains the words the data gives as its justification."""

from __future__ import annotations

from pathlib import Path

import pytest
from citekit import framework_refs, squash

from judge import glossary
from judge.rules import combat, timing
from judge.rules.model import CiteRef

GAME = "agot-board"
GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path(GAME, GLOSSARY))
DATA = combat.load_data(combat.data_path(GAME, GLOSSARY))


def all_refs() -> list[tuple[str, CiteRef]]:
    refs = framework_refs(FRAMEWORK)
    refs += [(f"rule {name}", r) for name, rule in DATA.rules.items() for r in rule.cites]
    refs += [(f"unit {unit}", r) for unit, cites in DATA.unit_cites.items() for r in cites]
    return refs


REFS = all_refs()


@pytest.mark.data_check
@pytest.mark.parametrize("owner,ref", REFS, ids=[f"{o}:{r.id}:{r.line}" for o, r in REFS])
def test_cite_resolves_and_justifies(owner: str, ref: CiteRef) -> None:
    para = ref.para("es")
    entry = LOADED.get(GAME, "es", ref.id)
    assert entry is not None and para is not None, f"{ref.file}:{ref.line}: no es entry {ref.id}"
    assert 1 <= para <= len(entry.blocks), f"{ref.file}:{ref.line}: {ref.id} has no ¶{para}"
    words = dict(ref.words).get("es")
    if words is None:
        # Only a framework step may cite its own entry without words: the entry is that step.
        assert owner.startswith("framework") and para == 1 and owner.split()[1] in FRAMEWORK.ids()
        return
    block = squash(entry.blocks[para - 1].text)
    for word in words:
        assert squash(word) in block, f"{ref.file}:{ref.line}: {ref.id} ¶{para} lacks {word!r}: {block[:300]}"


def test_every_rule_with_a_cite_or_a_value_is_used_by_the_engine() -> None:
    """No dead rule in the data: each rule name appears in judge/rules/combat.py."""
    code = (Path(combat.__file__)).read_text("utf-8")
    assert [name for name in DATA.rules if f'"{name}"' not in code] == []


def test_unit_strengths_are_the_printed_numbers() -> None:
    """SOLDADO 1, CABALLERO 2, BARCO 1, TORRE DE ASEDIO 4 (unit-combat-strength ¶2-¶5)."""
    entry = LOADED.get(GAME, "es", "unit-combat-strength")
    assert entry is not None
    for unit, strength in DATA.strengths.items():
        block = squash(entry.blocks[DATA.unit_cites[unit][0].para("es") - 1].text)  # type: ignore[operator]
        assert f"añade {strength} a la fuerza de combate" in block, unit


def test_the_combat_phase_lists_the_printed_steps_in_order() -> None:
    """combat ¶13-¶18 list the six steps; the framework's combat items follow them."""
    entry = LOADED.get(GAME, "es", "combat")
    assert entry is not None
    printed = [b.text for b in entry.blocks if b.kind == "numbered"]
    titles = [timing.title(FRAMEWORK, item, LOADED, "es") for item in combat.combat_items(FRAMEWORK)]
    assert titles == printed
