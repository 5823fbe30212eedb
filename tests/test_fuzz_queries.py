"""Fuzzing the queries of `judge show`, `judge search` and `judge ask` (issue 18): control
characters, direction marks, 10,000 characters, the search syntax people try. Each answers or
refuses with one printable `Error:` line, exit 1 or 2, within the deadline; a query longer than
the documented limit (docs/cli.md) is refused, not searched for seconds.

Run on the real glossary, where the nonsense is (the board game's *El medidor del Trono de
Hierro* for ../../etc/passwd); its search index is built once per session in the test cache.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from fuzzkit import clean, fuzz, invoke, long_query, query_text
from judge.cli import cli

COMMANDS = ["show", "search", "ask"]


@pytest.fixture
def real(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real glossary, its search index and compiled caches built before the first example
    is timed (the first run of each command pays them once)."""
    monkeypatch.delenv("JUDGE_GLOSSARY", raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)
    for command in COMMANDS:
        runner.invoke(cli, [command, "anular"])


@pytest.mark.parametrize("command", COMMANDS)
@fuzz(80)
@given(query=query_text, fmt=st.sampled_from(["text", "json"]))
def test_hostile_queries(runner: CliRunner, real: None, command: str, query: str, fmt: str) -> None:
    result = invoke(runner, [command, query, "--format", fmt])
    clean(result, stdout_on_error=command == "ask")


@pytest.mark.parametrize("command", COMMANDS)
@fuzz(15)
@given(query=long_query)
def test_long_queries_are_refused_quickly(runner: CliRunner, real: None, command: str, query: str) -> None:
    result = invoke(runner, [command, query])
    clean(result, stdout_on_error=command == "ask")
