"""CLI behaviour beyond the golden outputs: lookup forms, errors, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("query", [
    "triggering-condition",          # id
    "Condición de activación",       # term
    "condiciones de activación",     # alias
    "CONDICION DE ACTIVACION",       # accent- and case-free term
    "Spouštěcí podmínky",            # the Czech term finds the concept; --lang es prints Spanish
    "spousteci podminka",            # accent-free Czech alias
    "triggering condition",          # the id's words
])
def test_show_finds_the_entry_by_any_name(query: str, runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["show", query], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (GOLDEN / "show-numbered.txt").read_text("utf-8")


def test_show_unique_partial_match(runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["show", "iconos de"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (GOLDEN / "show-table-icons.txt").read_text("utf-8")


def test_show_ambiguous_partial_match_suggests(runner: CliRunner, glossary_env: Path) -> None:
    # "reto" is part of two names; as a search its top hit, Iconos de reto, is clearly ahead,
    # and shown as what it is: a search result, not the entry named.
    result = runner.invoke(cli, ["show", "reto"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (
        0, 'Note: no entry is named "reto"; showing the best search result, agot2/challenge-icons\n')
    assert result.stdout == (GOLDEN / "show-table-icons.txt").read_text("utf-8")


def test_show_ambiguous_search_suggests_its_best_hits(runner: CliRunner, glossary_env: Path) -> None:
    # "capacidad" names nothing and, as a search, no hit is clearly ahead of the next.
    result = runner.invoke(cli, ["show", "capacidad"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == 'Error: no entry "capacidad". Did you mean: Anular, Condición de activación?\n'


def test_show_takes_a_typo_when_the_search_is_sure(runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["show", "anulr"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (
        0, 'Note: no entry is named "anulr"; showing the best search result, agot2/cancel\n')
    assert result.stdout.startswith("Anular\nagot2/cancel\n")


def test_show_unknown_without_suggestions(runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["show", "xyzzy"])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", 'Error: no entry "xyzzy".\n')


def test_show_in_a_language_without_the_entry(runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["show", "cancel-interrupts", "--lang", "cs"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == 'Error: no cs entry "cancel-interrupts" (it exists in: es; try --lang both)\n'


def test_show_width_follows_columns(runner: CliRunner, glossary_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    result = runner.invoke(cli, ["show", "cancel", "--lang", "both"], catch_exceptions=False)
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 120
    assert lines[4] == "¶1 Algunas capacidades de cartas (normalmente las          │ ¶1 Některé schopnosti karet (obvykle schopnosti přerušení)"


def test_both_json_has_null_for_a_missing_language(runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["show", "cancel-interrupts", "--lang", "both", "--format", "json"], catch_exceptions=False)
    data = json.loads(result.stdout)
    assert (data["id"], data["game"], data["entries"]["cs"]) == ("cancel-interrupts", "agot2", None)
    assert data["entries"]["es"]["target"]["id"] == "cancel"


def test_unknown_game_is_a_usage_error(runner: CliRunner, glossary_env: Path) -> None:
    for args in (["list", "--game", "chess"], ["show", "cancel", "--game", "chess"], ["check", "--game", "chess"]):
        result = runner.invoke(cli, args)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == 'Error: unknown game "chess" (known: agot2)\n'


def test_bad_option_is_a_click_usage_error(runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["list", "--format", "xml"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.endswith("Error: Invalid value for '--format': 'xml' is not one of 'text', 'json'.\n")


def test_broken_glossary_exits_2_with_every_error(runner: CliRunner, broken: Path) -> None:
    (broken / "agot2/es/cancel.md").write_text("---\nid: cancel\n---\nTexto.\n", "utf-8")
    (broken / "agot2/cs/cancel.md").write_bytes(b"---\nid: cancel\nterm: Zru\xa8it\n---\nText.\n")
    for args in (["show", "anular"], ["list"], ["search", "anular"], ["build", "--index"]):
        result = runner.invoke(cli, args)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == (
            "Error: the glossary has 2 errors:\n"
            "glossary/agot2/cs/cancel.md:3: encoding: not valid UTF-8 (byte 0xa8)\n"
            "glossary/agot2/es/cancel.md:1: term: missing (required)\n"
        )


def mend_challenge_icons(root: Path) -> None:
    """The fixture copies a real discrepancy of the books (es "la mayoría", cs "mnoha": most /
    many), which `quantities` reports; tests of other findings mend it first."""
    path = root / "agot2/cs/challenge-icons.md"
    path.write_text(path.read_text("utf-8").replace("na mnoha kartách", "na většině karet"), "utf-8")


def test_check_exits_1_on_errors_and_keeps_going(runner: CliRunner, broken: Path) -> None:
    mend_challenge_icons(broken)
    path = broken / "agot2/cs/triggering-condition.md"
    path.write_text(path.read_text("utf-8").replace("see_also: [cancel]", "see_also: [cancel, nowhere]"), "utf-8")
    result = runner.invoke(cli, ["check"], catch_exceptions=False)
    assert result.exit_code == 1
    assert result.stderr == ""
    assert result.stdout == (
        'glossary/agot2/es/cancel-interrupts.md:2: [warning] missing-counterpart: no cs entry with id "cancel-interrupts"\n'
        "\n"
        'glossary/agot2/cs/triggering-condition.md:5: [error] validation: see_also: unknown id "nowhere" (no such entry in agot2)\n'
        "\n"
        "1 error, 1 warning in 9 entries (es 5, cs 4)\n"
    )


def test_check_reports_see_also_differences_both_ways(runner: CliRunner, broken: Path) -> None:
    path = broken / "agot2/cs/triggering-condition.md"
    path.write_text(path.read_text("utf-8").replace("see_also: [cancel]", "see_also: [challenge-icons]"), "utf-8")
    result = runner.invoke(cli, ["check", "--format", "json"], catch_exceptions=False)
    assert result.exit_code == 0
    problems = [p for p in json.loads(result.stdout)["problems"] if p["check"] == "see-also-differs"]
    assert problems == [
        {"check": "see-also-differs", "severity": "warning", "id": "triggering-condition", "lang": "es",
         "file": "glossary/agot2/es/triggering-condition.md", "line": 5,
         "message": "see_also: lacks challenge-icons (present in cs)"},
        {"check": "see-also-differs", "severity": "warning", "id": "triggering-condition", "lang": "cs",
         "file": "glossary/agot2/cs/triggering-condition.md", "line": 5,
         "message": "see_also: lacks cancel (present in es)"},
    ]


def test_check_with_no_problems(runner: CliRunner, broken: Path) -> None:
    (broken / "agot2/es/cancel-interrupts.md").unlink()
    mend_challenge_icons(broken)
    result = runner.invoke(cli, ["check", "--game", "agot2"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == "0 errors, 0 warnings in 8 entries (es 4, cs 4)\n"


def test_empty_glossary_lists_nothing(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_GLOSSARY", str(tmp_path))
    result = runner.invoke(cli, ["list", "--format", "json"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    assert json.loads(result.stdout)["concepts"] == []
    result = runner.invoke(cli, ["search", "anular"], catch_exceptions=False)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", 'Error: nothing found for "anular".\n')


def test_missing_glossary_folder(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_GLOSSARY", str(tmp_path / "nowhere"))
    for args in (["list"], ["search", "anular"]):
        result = runner.invoke(cli, args)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == f"Error: the glossary has 1 error:\n{tmp_path}/nowhere: glossary: folder not found\n"


def on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """`judge ARGS` with its stdout on a pseudo-terminal (colour is possible), as printed."""
    import pty

    leader, follower = pty.openpty()
    done = subprocess.run([sys.executable, "-m", "judge", *args], stdout=follower, stderr=subprocess.PIPE,
                          env=env, check=False, timeout=120)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal is closed once everything is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert (done.returncode, done.stderr) == (0, b"")
    return b"".join(chunks).decode("utf-8")


def test_no_color_turns_colour_off_on_a_terminal(glossary_env: Path) -> None:
    """On a terminal the term is bold; NO_COLOR (no-color.org) turns it off, and so does a pipe."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    coloured = on_a_terminal(["show", "cancel"], env)
    assert coloured.startswith("\x1b[1mAnular\x1b[0m\r\n")
    plain = on_a_terminal(["show", "cancel"], {**env, "NO_COLOR": "1"})
    assert "\x1b[" not in plain
    assert plain.replace("\r\n", "\n") == coloured.replace("\r\n", "\n").replace("\x1b[1m", "").replace("\x1b[0m", "")
    piped = subprocess.run([sys.executable, "-m", "judge", "show", "cancel"], capture_output=True, text=True,
                           env=env, check=True)
    assert piped.stdout == plain.replace("\r\n", "\n")


def test_python_dash_m_judge(glossary_env: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "judge", "list", "--kind", "step"],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("determine-winner  step")
