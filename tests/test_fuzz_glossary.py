"""Fuzzing glossary files through the loader and `judge check` (issue 18): front matter with every
field of a wrong type, aliases that recurse or explode, deep nesting, bodies with control
characters, direction marks, raw HTML, unknown icons, very long lines, bytes in other encodings.
Whatever the file holds: each problem names the file and a line that exists in it, `check`
exits 0 or 1 (2 only for usage), never a traceback, and nothing in the glossary is written.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from fuzzkit import HOSTILE_CHARS, clean, files_under, fuzz, invoke
from judge import glossary
from judge.core.model import ENTRY_KEYS

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "glossary"
PROBLEM = re.compile(r"^(?P<file>\S+?\.md):(?P<line>\d+): \[(error|warning)\] [\w-]+: ")

scalars = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
           | st.sampled_from(["cancel", "entry", "redirect", "step", "4.2.1", "", "x" * 500]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
    st.sampled_from(["doc", "line", "end", "was", "now", "why"]) | st.text(max_size=5), inner, max_size=3), max_leaves=8)
front_matter = st.dictionaries(st.sampled_from([*ENTRY_KEYS, "status", "rules", "extra"]), values, max_size=8)
body_lines = st.lists(
    st.sampled_from(["", "Texto.", "- item", "  - nested", "1. uno", "IV. cuatro", "| a | b |", "[military]", "[nosuch]",
                     "<script>alert(1)</script>", "> cita", ">" * 200 + " x", "```", "---", "***", "[x](javascript:1)",
                     "![i](http://example.com/a.png)", "palabra " * 2000])
    | st.text(st.sampled_from(HOSTILE_CHARS + "ab ¶#*_[]|-"), max_size=30),
    max_size=10,
)


@pytest.fixture(scope="module")
def root() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="fuzz-glossary-") as name:
        copy = Path(name) / "glossary"
        shutil.copytree(FIXTURE, copy)
        yield copy


def loads_and_checks(runner: CliRunner, root: Path, data: bytes) -> None:
    path = root / "agot2" / "es" / "cancel.md"
    original = path.read_bytes()
    path.write_bytes(data)
    try:
        before = files_under(root)
        lines = data.count(b"\n") + 1
        _, problems = glossary.validate(root)
        for problem in problems:
            assert problem.file, problem
            if problem.file.endswith("es/cancel.md"):
                assert problem.line is not None and 1 <= problem.line <= lines, problem
        result = invoke(runner, ["check", "--game", "agot2", "--skip", "spelling"], env={"JUDGE_GLOSSARY": str(root)})
        clean(result, stdout_on_error=True)
        assert result.exit_code in (0, 1)
        for line in result.stdout.splitlines():
            found = PROBLEM.match(line)
            if found and found["file"].endswith("es/cancel.md"):
                assert 1 <= int(found["line"]) <= lines, line
        assert files_under(root) == before
    finally:
        path.write_bytes(original)


@fuzz(120)
@given(meta=front_matter, body=body_lines)
def test_front_matter_of_any_shape(runner: CliRunner, root: Path, meta: dict[str, Any], body: list[str]) -> None:
    text = "---\n" + yaml.safe_dump(meta, allow_unicode=True) + "---\n" + "\n".join(body) + "\n"
    loads_and_checks(runner, root, text.encode("utf-8", "surrogatepass"))


@st.composite
def yaml_bombs(draw: st.DrawFn) -> str:
    key = draw(st.sampled_from(["aliases", "see_also", "source", "corrections", "extra", "term"]))
    kind = draw(st.sampled_from(["recursive", "laughs", "deep"]))
    if kind == "recursive":
        return f"{key}: &a [*a]"
    if kind == "deep":
        depth = draw(st.integers(50, 5000))
        return f"{key}: " + "[" * depth + "]" * depth
    levels, width = draw(st.integers(3, 9)), draw(st.integers(2, 10))
    lines = [f"l0: &l0 [{', '.join(['lol'] * width)}]"]
    lines += [f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * width)}]" for n in range(1, levels)]
    return "\n".join(lines) + f"\n{key}: *l{levels - 1}"


@fuzz(40)
@given(bomb=yaml_bombs())
def test_front_matter_alias_bombs_and_nesting(runner: CliRunner, root: Path, bomb: str) -> None:
    text = f"---\nid: cancel\nterm: Anular\n{bomb}\n---\nTexto.\n"
    loads_and_checks(runner, root, text.encode("utf-8"))


@fuzz(40)
@given(encoding=st.sampled_from(["latin-1", "cp1250", "utf-16", "utf-32", "utf-8-sig"]), data=st.binary(max_size=300))
def test_other_encodings_and_bytes(runner: CliRunner, root: Path, encoding: str, data: bytes) -> None:
    text = (FIXTURE / "agot2" / "es" / "cancel.md").read_text("utf-8")
    loads_and_checks(runner, root, text.encode(encoding, "replace") + data)
