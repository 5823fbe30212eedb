"""Every rule the engine applies is tested against the text it cites: each cite of
framework.yaml and triggers.yaml resolves to an existing entry and block in each language it
names, and that block contains the words the data gives as its justification."""

from __future__ import annotations

from pathlib import Path

import pytest
from citekit import framework_refs, squash

from judge import glossary
from judge.core.model import LANGS
from judge.rules import timing, triggers
from judge.rules.model import CiteRef

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path("agot2", GLOSSARY))
CATALOGUE = triggers.load(triggers.triggers_path("agot2", GLOSSARY))


def all_refs() -> list[tuple[str, CiteRef]]:
    refs = framework_refs(FRAMEWORK)
    refs += [(f"sequence {s.n}", r) for s in CATALOGUE.sequence for r in s.cites]
    refs += [(f"rule {name}", r) for name, rule in CATALOGUE.rules.items() for r in rule.cites]
    refs += [(f"trigger {t.id}", r) for t in CATALOGUE.triggers for r in t.cites]
    return refs


REFS = all_refs()


@pytest.mark.data_check
@pytest.mark.parametrize("owner,ref", REFS, ids=[f"{o}:{r.id}:{r.line}" for o, r in REFS])
def test_cite_resolves_and_justifies(owner: str, ref: CiteRef) -> None:
    assert ref.paras, f"{ref.file}:{ref.line}: a cite without a block"
    for lang, para in ref.paras:
        entry = LOADED.get("agot2", lang, ref.id)
        assert entry is not None, f"{ref.file}:{ref.line}: no {lang} entry {ref.id}"
        assert 1 <= para <= len(entry.blocks), f"{ref.file}:{ref.line}: {ref.id} has no {lang} ¶{para}"
        block = squash(entry.blocks[para - 1].text)
        words = dict(ref.words).get(lang)
        if words is None:
            # Only a framework step may cite its own entry without words: the entry is that step.
            assert owner.startswith("framework") and entry.kind == "step" and para == 1, \
                f"{ref.file}:{ref.line}: {owner}: cite {ref.id} ¶{para} ({lang}) gives no justifying words"
            assert entry.step is not None and owner.split()[1] == entry.step.rstrip(".")
            continue
        for word in words:
            assert squash(word) in block, f"{ref.file}:{ref.line}: {ref.id} {lang} ¶{para} lacks {word!r}: {block[:300]}"


def test_every_ref_names_both_languages_or_says_which() -> None:
    """A cite in one language only is deliberate: the other language has no such block."""
    one_language = [(o, r) for o, r in REFS if len(r.paras) == 1]
    assert [(o, r.id, r.paras) for o, r in one_language] == [
        ("framework after-3.2", "round-diagram", (("cs", 22),)),
        # Encomienda has no entry in the Czech Reference (a later version without the keyword).
        ("rule keyword-declined", "bestow", (("es", 1),)),
        ("rule bestow-before-reactions", "bestow", (("es", 1),)),
        ("rule open-bestow-delayed", "bestow", (("es", 1),)),
    ]


def test_block_numbers_that_differ_between_languages_are_stored_per_language() -> None:
    differing = sorted({(r.id, r.paras) for _, r in REFS if len({p for _, p in r.paras}) > 1})
    assert differing == [
        ("determine-dominance", (("es", 2), ("cs", 3))),
        ("save", (("es", 4), ("cs", 5))),  # the Czech text splits Salvar ¶4 in two blocks
        ("taxation-phase-ends", (("es", 1), ("cs", 2))),
        ("taxation-phase-ends", (("es", 2), ("cs", 3))),
    ]


def test_the_sequence_cites_each_numbered_step_of_triggering_condition() -> None:
    """Step n of the sequence is numbered item n of the entry: blocks 4..10 in both languages."""
    for lang in LANGS:
        entry = LOADED.get("agot2", lang, "triggering-condition")
        assert entry is not None
        for seq in CATALOGUE.sequence:
            first = seq.cites[0]
            assert first.id == "triggering-condition"
            block = entry.blocks[first.para(lang) - 1]  # type: ignore[operator]
            assert block.marker == f"{seq.n}."


def test_framework_creates_only_known_triggers() -> None:
    ids = set(CATALOGUE.ids())
    created = {t for item in FRAMEWORK.items for t in (*item.creates, *(c for s in item.substeps for c in s.creates))}
    assert created <= ids, created - ids


def test_trigger_steps_are_framework_items() -> None:
    ids = set(FRAMEWORK.ids())
    for trigger in CATALOGUE.triggers:
        assert set(trigger.steps) <= ids, trigger.id


def test_catalogue_size_and_phrases() -> None:
    assert len(CATALOGUE.triggers) >= 40
    for trigger in CATALOGUE.triggers:
        for lang in LANGS:
            assert trigger.phrases[lang], f"{trigger.id} has no {lang} phrases"


def test_every_framework_step_and_window_of_the_chart() -> None:
    """Appendix I: steps 1.1–7.5 with 4.2.1–4.2.6, windows after 1.4, 2.2, 4.1, 4.2, 4.2.1, 5.2,
    6.2, 7.4, the special window after 3.2; every step entry of the glossary is in the chart."""
    steps = [i.id for i in FRAMEWORK.items if not i.is_window]
    windows = [(i.id, i.kind) for i in FRAMEWORK.items if i.is_window]
    step_entries = sorted(e.step.rstrip(".") for e in LOADED.entries if e.kind == "step" and e.lang == "es" and e.step)
    assert sorted(steps) == step_entries
    assert windows == [
        ("after-1.4", "action-window"), ("after-2.2", "action-window"), ("after-3.2", "special-action-window"),
        ("after-4.1", "action-window"), ("after-4.2", "action-window"), ("after-4.2.1", "action-window"),
        ("after-5.2", "action-window"), ("after-6.2", "action-window"), ("after-7.4", "action-window"),
    ]
    assert [i.id for i in FRAMEWORK.items if i.melee] == ["1.4", "7.4"]
    assert [(i.id, i.loop.to) for i in FRAMEWORK.items if i.loop] == [
        ("3.3", "3.2"), ("4.2.6", "after-4.1"), ("4.3", "after-4.1"), ("7.5", "1.1"),
    ]
    assert [s.id for s in FRAMEWORK.item("1.3").substeps] == ["I", "II", "III"]
