"""Every command teaches itself (--help with a description and an example) and is in docs/cli.md."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from judge.cli import cli

DOCS = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
COMMANDS = sorted(cli.commands)


def doc_section(name: str) -> str:
    text = DOCS.read_text("utf-8")
    match = re.search(rf"^## judge {re.escape(name)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert match, f"docs/cli.md has no '## judge {name}' section"
    return match.group(1)


def test_group_help_has_a_description_and_an_example(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--help"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "Rules reference and judge assistant" in result.stdout
    assert "Examples:\n    judge show" in result.stdout
    for name in COMMANDS:
        assert re.search(rf"^  {name} ", result.stdout, re.M)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_help_teaches(name: str, runner: CliRunner) -> None:
    result = runner.invoke(cli, [name, "--help"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    description = result.stdout.split("\n\n")[1]
    assert len(description.split()) >= 20, "a one-paragraph description"
    assert re.search(rf"Examples?:\n    judge {name}", result.stdout)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_and_options_are_documented(name: str) -> None:
    section = doc_section(name)
    command = cli.commands[name]
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden and param.name != "help":
            assert param.opts[0] in section, f"{name} {param.opts[0]} is not in docs/cli.md"
    assert "--format text|json" in section
