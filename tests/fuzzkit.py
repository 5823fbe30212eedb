"""What every hostile input must get (issue 18), checked the same way for each surface.

`clean(result)` is the contract of docs/cli.md: exit 0, 1 or 2; never a traceback; on an error
an `Error: …` message on stderr, one line, printable, naming the file and a line that exists
when it names one; nothing on stdout. `FUZZ` bounds every fuzzing test: a fixed number of
examples, derandomized (the same cases on every run, so CI is reproducible), and a deadline per
example. Time is checked as CPU time (`invoke`: at most CPU_SECONDS per command), since wall
time on a shared machine measures the neighbours; the hypothesis deadline (wall) only guards
against a hang. An input over either is itself a finding (unbounded time).
"""

from __future__ import annotations

import re
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from judge.cli import cli


CPU_SECONDS = 3.0


def fuzz(max_examples: int) -> Any:
    """Settings of one fuzzing test: `max_examples` cases, none hanging (60 s of wall time)."""
    return settings(max_examples=max_examples, deadline=timedelta(seconds=60), derandomize=True,
                    database=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                          HealthCheck.too_slow, HealthCheck.data_too_large])


# Control characters, direction marks, BOM, combining marks, NUL: what a pasted text can hold.
HOSTILE_CHARS = "\x00\x07\x08\t\n\r\x1b\x7f\u0085\u200b\u200e\u200f\u202a\u202e\u2066\ufeff\u0301\ufffd"
# The search syntax people try: operators, fields, boosts, fuzzy marks, ranges, wildcards, quotes.
QUERY_SYNTAX = ["AND", "OR", "NOT", "*", "?", '"', "(", ")", "[", "]", "{", "}", "^2", "~", "~2", ":", "id:",
                "term:", "game:gp", "a TO z", "-", "+", "\\", "/", "../", "gp:", "agot2:", "%s", "{0}", "$(ls)"]
WORDS = ["anular", "reto", "condición", "activación", "výzva", "zrušit", "hráč", "reaccion", "120.4.a", "4.2.1",
         "de", "la", "no", "xyzzy"]

query_text = st.lists(
    st.sampled_from(QUERY_SYNTAX) | st.sampled_from(WORDS) | st.text(st.sampled_from(HOSTILE_CHARS), min_size=1, max_size=3)
    | st.text(max_size=12),
    min_size=1, max_size=12,
).map(" ".join)
long_query = st.tuples(st.sampled_from(["x", "ñ", "anular ", "a b ", "\u202e", "reac*", "é"]),
                       st.integers(500, 10_000)).map(lambda t: (t[0] * t[1])[:10_000])


def invoke(runner: CliRunner, args: list[str], env: dict[str, str] | None = None) -> Result:
    """`judge ARGS` in-process, within CPU_SECONDS of CPU time."""
    start = time.process_time()
    result = runner.invoke(cli, args, env=env, catch_exceptions=True)
    spent = time.process_time() - start
    assert spent <= CPU_SECONDS, f"{spent:.1f} s of CPU for judge {' '.join(args)[:80]!r}"
    return result


_WHERE = re.compile(r"^Error: (?P<file>[^\s:]+\.(?:ya?ml|md)):(?P<line>\d+): ")


def clean(result: Result, stdout_on_error: bool = False) -> None:
    """The contract of every command on any input (see the module docstring)."""
    error = result.exception
    assert error is None or isinstance(error, SystemExit), f"traceback: {error!r}"
    assert result.exit_code in (0, 1, 2), result.exit_code
    assert "Traceback" not in result.stderr
    if result.exit_code == 0:
        return
    if not stdout_on_error:
        assert result.stdout == "", result.stdout[:200]
    lines = result.stderr.splitlines()
    if lines:
        # click's usage errors (exit 2) print the usage line and a hint before the `Error:` line.
        message = next((line for line in lines if line.startswith("Error: ")), lines[0])
        assert message.startswith("Error: ") or message.startswith("Note: "), result.stderr[:200]
        assert all(c.isprintable() for line in lines for c in line), repr(result.stderr[:200])
        assert len(message) <= 600, f"message of {len(message)} characters"
    where = _WHERE.match(result.stderr)
    if where and Path(where["file"]).is_file():
        count = Path(where["file"]).read_bytes().count(b"\n") + 1
        assert 1 <= int(where["line"]) <= count, (where.group(), count)


def files_under(folder: Path) -> dict[str, int]:
    """Every file below `folder` with its size and modification time: to prove nothing was written."""
    return {str(p.relative_to(folder)): (p.stat().st_mtime_ns, p.stat().st_size)  # type: ignore[misc]
            for p in folder.rglob("*") if p.is_file()}
