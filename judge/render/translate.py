"""Text and JSON of the translator's commands: the `judge check` report, the backlog line,
and `judge terms` (its CSV and TBX files are written by judge.translate.exports)."""

from __future__ import annotations

from dataclasses import asdict
from itertools import groupby
from typing import TYPE_CHECKING

import click

from judge.core.model import Problem
from judge.render import plural, to_json
from judge.translate import exports

if TYPE_CHECKING:
    from judge.translate.checks import Backlog, Report
    from judge.translate.termbase import TermBase

BACKLOG_SHOWN = 3  # entries named in the text line; JSON lists them all


def report(result: Report, fmt: str, color: bool = False) -> str:
    """Text: problems grouped by entry, then one summary line. Nothing is said about what is fine."""
    if fmt == "json":
        return to_json(asdict(result))
    groups = ["".join(problem_line(p, color) + "\n" for p in group) for _, group in groupby(result.problems, _entry_of)]
    backlog = "".join(backlog_line(b) + "\n" for b in result.summary.backlog)
    return "\n".join([*groups, *([backlog] if backlog else []), summary_line(result) + "\n"])


def _entry_of(problem: Problem) -> str | None:
    return problem.id


def problem_line(problem: Problem, color: bool = False) -> str:
    where = problem.file if problem.line is None else f"{problem.file}:{problem.line}"
    severity = f"[{problem.severity}]"
    if color:
        severity = click.style(severity, fg="red" if problem.severity == "error" else "yellow")
    return f"{where}: {severity} {problem.check}: {problem.message}"


def summary_line(result: Report) -> str:
    entries = result.summary.entries
    per_lang = ", ".join(f"{lang} {n}" for lang, n in entries.items())
    counts = [plural(result.summary.by_severity[s], s) for s in ("error", "warning")]
    return f"{', '.join(counts)} in {plural(sum(entries.values()), 'entry', 'entries')} ({per_lang})"


def term_base(base: TermBase, fmt: str) -> str:
    """CSV (id, kind, then term and aliases per language) or TBX-Basic XML."""
    return exports.tbx(base) if fmt == "tbx" else exports.csv_rows(base)


def backlog_line(backlog: Backlog) -> str:
    """One line per language being translated in a game: how much is left, where to start, and
    the drafts waiting for review."""
    drafts = f"{plural(len(backlog.drafts), 'draft')} to review" if backlog.drafts else ""
    if not backlog.missing:
        return f"{backlog.game}: [backlog] {backlog.lang}: {drafts}"
    first = ", ".join(item.id for item in backlog.missing[:BACKLOG_SHOWN])
    more = f", … (all {backlog.entries}: --format json)" if backlog.entries > BACKLOG_SHOWN else ""
    state = f"{drafts}, " if drafts else "not translated yet, "
    return (f"{backlog.game}: [backlog] {backlog.lang}: {state}"
            f"{plural(backlog.entries, 'entry', 'entries')} to translate; in the rulebook's order: {first}{more}")
