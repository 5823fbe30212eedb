"""gp's engine data is tested against the text it cites: every cite of glossary/gp/framework.yaml
and triggers.yaml resolves to an existing block of an es entry, that block contains the words the
data gives as its justification, and each step's title is printed in the outline block it cites."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge import glossary
from judge.core.text import nfc
from judge.render import unescape
from judge.rules import priority, timing
from judge.rules.model import CiteRef

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path("gp", GLOSSARY))
RULES = priority.load_rules(GLOSSARY / "gp" / "triggers.yaml")


def all_refs() -> list[tuple[str, CiteRef]]:
    refs: list[tuple[str, CiteRef]] = []
    for item in FRAMEWORK.items:
        refs += [(f"framework {item.id}", r) for r in item.cites]
        refs += [(f"framework {item.id} loop", r) for r in (item.loop.cites if item.loop else ())]
    refs += [(f"rule {name}", r) for name, rule in RULES.rules.items() for r in rule.cites]
    return refs


REFS = all_refs()


def squash(text: str) -> str:
    return " ".join(nfc(unescape(text)).replace("*", "").split()).casefold()


def block_text(ref: CiteRef) -> str:
    entry = LOADED.get("gp", "es", ref.id)
    para = ref.para("es")
    assert entry is not None, f"{ref.file}:{ref.line}: no es entry {ref.id}"
    assert para is not None and 1 <= para <= len(entry.blocks), f"{ref.file}:{ref.line}: {ref.id} has no ¶{para}"
    return squash(entry.blocks[para - 1].text)


@pytest.mark.data_check
@pytest.mark.parametrize("owner,ref", REFS, ids=[f"{o}:{r.id}:{r.line}" for o, r in REFS])
def test_cite_resolves_and_justifies(owner: str, ref: CiteRef) -> None:
    block = block_text(ref)
    words = dict(ref.words).get("es")
    if words is None:
        # Only a framework step cites its own outline block without words: its title is checked below.
        assert owner.startswith("framework") and ref is FRAMEWORK.item(owner.split()[1]).cites[0]
        return
    for word in words:
        assert squash(word) in block, f"{ref.file}:{ref.line}: {ref.id} ¶{ref.para('es')} lacks {word!r}: {block[:300]}"


@pytest.mark.data_check
@pytest.mark.parametrize("step", [i for i in FRAMEWORK.items if not i.is_window], ids=lambda i: i.id)
def test_step_title_is_printed_in_its_outline_block(step: timing.FwItem) -> None:
    assert step.title, f"{step.id}: a gp step prints its title (the outline bullet)"
    assert squash(step.title["es"]).rstrip(".") in block_text(step.cites[0])


def test_every_window_cites_its_oportunidad_line() -> None:
    """Each OPORTUNIDAD window of the chart cites the outline line that prints it."""
    for item in FRAMEWORK.items:
        if item.is_window:
            assert any("oportunidad" in block_text(r) and r.id.endswith("-stage") for r in item.cites), item.id


def test_the_rules_the_engine_applies_exist() -> None:
    """Every rule name judge/rules/priority.py says is in triggers.yaml (a missing one would fail mid-run)."""
    source = Path(priority.__file__).read_text("utf-8")
    used = set(re.findall(r'say\("([a-z-]+)"', source)) | set(re.findall(r'"(priority-[a-z-]+)"', source))
    used |= {"play-mandate", "play-order", "activate"}
    assert used <= set(RULES.rules), sorted(used - set(RULES.rules))
