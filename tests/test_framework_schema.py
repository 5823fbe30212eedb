"""The framework.yaml schema beyond the card game's chart (judge/rules/timing.py): a framework written
in some languages only, unnumbered phases with notes, steps with their own title and cites, no
windows; and its errors, `file:line: message`."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import glossary
from judge.core.errors import BadData, UsageProblem
from judge.rules import timing

SOURCE = glossary.load(Path(__file__).resolve().parent.parent / "glossary")
GOOD = """\
game: agot1
labels:
  es: {phase: Fase}
phases:
  - n: 1
    title: {es: Cualquier fase}
    numbered: false
    note: {es: Sin número.}
    items:
      - step: out
        title: {es: Oportunidad}
        cites: [{id: coming-out-of-shadows, para: 2, es: "uno a uno"}]
"""


def load(tmp_path: Path, text: str) -> timing.Framework:
    path = tmp_path / "framework.yaml"
    path.write_text(text, "utf-8")
    timing.load.cache_clear()
    return timing.load(path)


def test_an_unnumbered_phase_with_a_note_and_a_titled_step(tmp_path: Path) -> None:
    fw = load(tmp_path, GOOD)
    assert fw.langs == ("es",)
    [item] = timing.timeline(fw, SOURCE, "es", "joust").items
    assert (item.id, item.title, item.phase_title, item.phase_numbered, item.phase_note) == (
        "out", "Oportunidad", "Cualquier fase", False, "Sin número.")
    assert [(c.id, c.para) for c in item.cites] == [("coming-out-of-shadows", 2)]


def test_a_language_the_framework_lacks_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageProblem, match="printed in es only, not cs"):
        timing.timeline(load(tmp_path, GOOD), SOURCE, "cs", "joust")


@pytest.mark.parametrize("old,new,line,message", [
    ("        cites: [{id: coming-out-of-shadows, para: 2, es: \"uno a uno\"}]\n", "", 11, "needs cites"),
    ("  es: {phase: Fase}", "  de: {phase: Phase}", 2, "labels:"),
    ("    title: {es: Cualquier fase}", "    title: {cs: Jakákoli fáze}", 6, "title: needs a text for each language (es)"),
    ("      - step: out\n        title: {es: Oportunidad}\n", "      - window: action-window\n        after: out\n", 10,
     "no window_cites"),
])
def test_schema_errors_name_the_line(tmp_path: Path, old: str, new: str, line: int, message: str) -> None:
    assert old in GOOD
    with pytest.raises(BadData) as caught:
        load(tmp_path, GOOD.replace(old, new))
    assert caught.value.line == line and message in caught.value.message
