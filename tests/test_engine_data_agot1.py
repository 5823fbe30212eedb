"""agot1's engine data is tested against the text it cites: every cite of framework.yaml and of
the `shadows` engine's rules (triggers.yaml) resolves to an existing Spanish block of the
Shadows addendum, and that block contains the words the data gives as its justification; the
engine and its data name the same rules; the round names only what the addendum prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge import glossary
from judge.core.text import fold, nfc
from judge.render import unescape
from judge.rules import shadows, timing, triggers
from judge.rules.model import CiteRef

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path("agot1", GLOSSARY))
RULES = shadows.load_rules(triggers.triggers_path("agot1", GLOSSARY))


def all_refs() -> list[tuple[str, CiteRef]]:
    refs = [(f"framework {item.id}", r) for item in FRAMEWORK.items for r in item.cites]
    return refs + [(f"rule {name}", r) for name, rule in RULES.rules.items() for r in rule.cites]


REFS = all_refs()


def squash(text: str) -> str:
    return " ".join(nfc(unescape(text)).replace("*", "").split()).casefold()


@pytest.mark.data_check
@pytest.mark.parametrize("owner,ref", REFS, ids=[f"{o}:{r.id}:{r.line}" for o, r in REFS])
def test_cite_resolves_and_justifies(owner: str, ref: CiteRef) -> None:
    para = ref.para("es")  # agot1 is written in Spanish only
    assert para is not None, f"{ref.file}:{ref.line}: no Spanish block"
    entry = LOADED.get("agot1", "es", ref.id)
    assert entry is not None, f"{ref.file}:{ref.line}: no es entry {ref.id}"
    assert 1 <= para <= len(entry.blocks), f"{ref.file}:{ref.line}: {ref.id} has no ¶{para}"
    words = dict(ref.words).get("es")
    assert words, f"{ref.file}:{ref.line}: {owner}: cite {ref.id} ¶{para} gives no justifying words"
    block = squash(entry.blocks[para - 1].text)
    for word in words:
        assert squash(word) in block, f"{ref.file}:{ref.line}: {ref.id} ¶{para} lacks {word!r}: {block[:300]}"


def test_engine_and_data_name_the_same_rules() -> None:
    assert set(RULES.rules) == set(shadows.RULES)


def test_what_the_addendum_leaves_open() -> None:
    """The rules marked open are the questions the addendum does not answer, and say so."""
    opened = sorted(name for name, rule in RULES.rules.items() if rule.open)
    assert opened == ["another-card", "beginning-order", "responses-order", "unique-dead-and-duplicate"]
    for name in opened:
        assert "adenda" in RULES.rules[name].text["es"], name


def test_the_round_names_only_what_the_addendum_prints() -> None:
    """Each phase title is printed in the addendum (case aside), no phase has a number, and the
    phase of any phase holds the engine's steps in the engine's order."""
    printed = fold(" ".join(b.text for e in LOADED.entries if e.game == "agot1" for b in e.blocks))
    for n, title in FRAMEWORK.phases.items():
        assert fold(title["es"]) in printed, title
        assert n in FRAMEWORK.unnumbered
    any_phase = FRAMEWORK.item(shadows.STEPS[0]).phase
    assert [i.id for i in FRAMEWORK.items if i.phase == any_phase] == list(shadows.STEPS)
    assert FRAMEWORK.langs == ("es",) and tuple(RULES.labels) == ("es",)


def test_the_shadow_cost_is_the_printed_one() -> None:
    """The engine's 2 gold for bringing a card into Shadows is the addendum's."""
    block = squash(LOADED.get("agot1", "es", "bringing-cards-into-shadows").blocks[6].text)  # type: ignore[union-attr]
    assert "(2 dragones de oro)" in block and shadows.SHADOW_COST == 2


def test_the_golden_scenarios_apply_every_rule() -> None:
    """Each rule of the data is applied, with its text filled in, in some golden scenario."""
    golden = Path(__file__).resolve().parent / "golden" / "games" / "agot1"
    applied = set()
    for path in golden.glob("*.es.json"):
        result = json.loads(path.read_text("utf-8"))
        notes = [n for s in result["stages"] for n in (*s["notes"], *(m for t in s["turns"] for m in t["notes"]))]
        notes += result["printed_costs"]
        assert all("{" not in n["text"] for n in notes), path
        applied |= {n["rule"] for n in notes}
    assert applied == set(shadows.RULES)
