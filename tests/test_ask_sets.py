"""The `judge ask` evaluation sets (tests/ask/dev*.yaml and any held-out set heldout*.yaml):
every expected answer is justified by a paragraph of the glossary that really says it
(its quote is in that paragraph), and each set is large and balanced enough to mean something
(issue: ≥ 60 questions, half Spanish and half Czech, every kind of question)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from judge import glossary

ASK = Path(__file__).resolve().parent / "ask"
SETS = tuple(sorted(p.stem for pattern in ("dev*.yaml", "heldout*.yaml") for p in ASK.glob(pattern)))
LOADED = glossary.load(Path(__file__).resolve().parent.parent / "glossary")

KINDS = {"when", "window", "who", "yesno", "whatif"}
WINDOWS = {"imminent", "would-interrupts", "forced-interrupts", "interrupt-window", "occurs",
           "forced-reactions", "reaction-window", "action-window", "special-action-window"}
WHO = {"first-player", "active-player", "defending-player", "attacking-player", "initiative-winner",
       "least-power", "player-order", "left-neighbour"}


def questions(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = yaml.safe_load((ASK / f"{name}.yaml").read_text("utf-8"))["questions"]
    return data


def justifications(q: dict[str, Any]) -> list[tuple[str, int, str]]:
    """The justifying paragraph and the others that justify as directly: (id, para, quote)."""
    first = (q["cite"]["id"], q["cite"]["para"], q["quote"])
    return [first, *((a["id"], a["para"], a["quote"]) for a in q.get("also", []))]


CASES = [(name, q) for name in SETS for q in questions(name)]


@pytest.mark.parametrize(("name", "q"), CASES, ids=[f"{name}-{q['id']}" for name, q in CASES])
def test_each_quote_is_in_its_paragraph(name: str, q: dict[str, Any]) -> None:
    assert q["cite"]["game"] == "agot2" and q["cite"]["lang"] == q["lang"]
    for entry_id, para, quote in justifications(q):
        entry = LOADED.get("agot2", q["lang"], entry_id)
        assert entry is not None, f"{q['id']}: no entry agot2/{q['lang']}/{entry_id}"
        assert 1 <= para <= len(entry.blocks), f"{q['id']}: {entry_id} has no ¶{para}"
        assert quote in entry.blocks[para - 1].text, f"{q['id']}: {quote!r} is not in {entry_id} ¶{para}"


@pytest.mark.parametrize(("name", "q"), CASES, ids=[f"{name}-{q['id']}" for name, q in CASES])
def test_each_expectation_uses_the_vocabulary(name: str, q: dict[str, Any]) -> None:
    assert q["lang"] in ("es", "cs") and q["q"].strip()
    assert set(q["kind"]) <= KINDS and q["kind"]
    assert q.get("window", "action-window") in WINDOWS
    assert q.get("who", "first-player") in WHO
    assert q.get("verdict", "yes") in ("yes", "no", "open")
    assert "step" not in q or q["step"] == "any" or any(e.step == q["step"] for e in LOADED.entries)


@pytest.mark.parametrize("name", SETS)
def test_a_set_is_large_balanced_and_covers_every_kind(name: str) -> None:
    qs = questions(name)
    langs = Counter(q["lang"] for q in qs)
    assert len(qs) >= 60 and langs["es"] == langs["cs"]
    assert KINDS <= {k for q in qs for k in q["kind"]}
    assert sum(len(q["kind"]) > 1 for q in qs) >= 10  # multi-part questions
    assert len({q["id"] for q in qs}) == len(qs)


def test_no_two_sets_share_a_question() -> None:
    seen: dict[str, str] = {}
    for name in SETS:
        for q in questions(name):
            assert seen.setdefault(q["q"], name) == name, f"{q['id']} is also in {seen[q['q']]}.yaml"


SECOND: list[dict[str, Any]] = yaml.safe_load((ASK / "second.yaml").read_text("utf-8"))["questions"]
FIRST = {f"{name}-{q['id']}": q for name in ("dev4", "dev5") for q in questions(name)}


@pytest.mark.parametrize("b", SECOND, ids=[b["id"] for b in SECOND])
def test_the_second_annotation_quotes_its_paragraph(b: dict[str, Any]) -> None:
    """tests/ask/second.yaml (the second annotator of dev4 and dev5, see tests/ask/agreement.py)
    names questions that exist and paragraphs that say what it quotes."""
    lang = FIRST[b["id"]]["lang"]
    entry = LOADED.get("agot2", lang, b["cite"]["id"])
    assert entry is not None and b["quote"] in entry.blocks[b["cite"]["para"] - 1].text
    for also in b.get("also") or []:
        other = LOADED.get("agot2", lang, also["id"])
        assert other is not None and 1 <= also["para"] <= len(other.blocks), also
