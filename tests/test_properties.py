"""Property tests: whatever bytes or front matter a file holds, loading reports, never raises."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import glossary
from judge.core.model import ENTRY_KEYS, Entry, Problem
from judge.glossary.body import parse_blocks
from judge.glossary.entryfile import parse_file

PATH = Path("glossary/agot2/es/cancel.md")

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)
keys = st.sampled_from([*ENTRY_KEYS, "extra", "source"])
front_matter = st.dictionaries(keys, values, max_size=8)
markdown_lines = st.lists(
    st.sampled_from(["", "Texto.", "- item", "  - nested", "1. uno", "IV. cuatro", "| a | b |", "[military]",
                     "[perioda]", "\\[perioda\\]", "<b>", "---", "   ", "id: x"]) | st.text(max_size=30),
    max_size=12,
)


def assert_report(entry: Entry | None, problems: list[Problem]) -> None:
    assert entry is None or isinstance(entry, Entry)
    for problem in problems:
        assert problem.file == "glossary/agot2/es/cancel.md" or problem.file.endswith("cancel.md")
        assert problem.severity in ("error", "warning")
        assert str(problem).startswith(problem.file)
    if entry is None:
        assert any(p.severity == "error" for p in problems)


@given(st.binary(max_size=400))
def test_random_bytes_never_raise(data: bytes) -> None:
    assert_report(*parse_file(data, PATH, "agot2", "es"))


@given(st.binary(max_size=200))
def test_random_bytes_after_a_fence_never_raise(data: bytes) -> None:
    assert_report(*parse_file(b"---\n" + data + b"\n---\nTexto.\n", PATH, "agot2", "es"))


@given(front_matter, markdown_lines)
def test_random_front_matter_never_raises(meta: dict[str, Any], body: list[str]) -> None:
    text = "---\n" + yaml.safe_dump(meta, allow_unicode=True) + "---\n" + "\n".join(body)
    assert_report(*parse_file(text.encode("utf-8"), PATH, "agot2", "es"))


@given(st.text(max_size=300))
def test_random_text_never_raises(text: str) -> None:
    assert_report(*parse_file(text.encode("utf-8", "surrogatepass"), PATH, "agot2", "es"))


@given(markdown_lines)
def test_blocks_are_numbered_in_order(lines: list[str]) -> None:
    blocks = parse_blocks(lines, 7)
    assert [b.n for b in blocks] == list(range(1, len(blocks) + 1))
    assert [b.line for b in blocks] == sorted({b.line for b in blocks})
    assert all(7 <= b.line < 7 + len(lines) for b in blocks)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["es", "cs", "en"]), st.from_regex(r"[a-z]{1,6}", fullmatch=True), st.binary(max_size=120)), max_size=5))
def test_random_glossary_folders_never_raise(files: list[tuple[str, str, bytes]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for lang, name, data in files:
            (root / "agot2" / lang).mkdir(parents=True, exist_ok=True)
            (root / "agot2" / lang / f"{name}.md").write_bytes(data)
        loaded, problems = glossary.validate(root)
        assert loaded is None or not [p for p in problems if p.severity == "error"]
