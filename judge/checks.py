"""Translator checks: is every concept in every language, and do the languages agree?

Each check is a function `(Glossary, game) -> list[Problem]`; `run_checks` runs validation and
then every check, and never raises for a broken glossary: its problems are the report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from judge import paths
from judge.entryfile import FileReport
from judge.errors import UsageProblem
from judge.glossary import Glossary, known_games, scan
from judge.models import LANGS, Entry, Problem

Check = Callable[[Glossary, str], list[Problem]]


@dataclass(frozen=True)
class Summary:
    by_severity: dict[str, int] = field(hash=False)
    by_check: dict[str, int] = field(hash=False)
    entries: dict[str, int] = field(hash=False)


@dataclass(frozen=True)
class Report:
    game: str | None
    problems: tuple[Problem, ...]
    summary: Summary

    @property
    def exit_code(self) -> int:
        """1 when any problem is an error (DESIGN.md: `check` exits 1 on problems it reports)."""
        return 1 if self.summary.by_severity["error"] else 0


def run_checks(glossary_root: Path | None = None, game: str | None = None) -> Report:
    """Validate the glossary (one game, or all) and run every translator check on it."""
    root = glossary_root if glossary_root is not None else paths.glossary_root()
    if game is not None and game not in known_games(root):
        raise UsageProblem(f'unknown game "{game}" (known: {", ".join(known_games(root))})')
    glossary, problems = scan(root, game)
    for check in CHECKS:
        for each_game in glossary.games():
            problems += check(glossary, each_game)
    ordered = tuple(sorted(problems, key=_grouping))
    return Report(game, ordered, _summary(glossary, ordered))


def missing_counterpart(glossary: Glossary, game: str) -> list[Problem]:
    """An id present in one language of the game but not in another (DESIGN.md: valid, reported)."""
    langs = glossary.langs(game)
    problems: list[Problem] = []
    for entry_id in glossary.ids(game):
        variants = glossary.variants(game, entry_id)
        missing = [lang for lang in langs if lang not in variants]
        for entry in variants.values() if missing else ():
            message = f'no {", ".join(missing)} entry with id "{entry_id}"'
            problems.append(_warning("missing-counterpart", entry, "id", message))
    return problems


def see_also_differs(glossary: Glossary, game: str) -> list[Problem]:
    """The same concept should cross-reference the same ids in every language."""
    problems: list[Problem] = []
    for entry_id in glossary.ids(game):
        variants = glossary.variants(game, entry_id)
        for entry in variants.values():
            for other in variants.values():
                lacking = [t for t in other.see_also if t not in entry.see_also]
                if lacking:
                    message = f"see_also: lacks {', '.join(lacking)} (present in {other.lang})"
                    problems.append(_warning("see-also-differs", entry, "see_also", message))
    return problems


CHECKS: tuple[Check, ...] = (missing_counterpart, see_also_differs)


def _warning(check: str, entry: Entry, key: str, message: str) -> Problem:
    report = FileReport(entry.path, entry.lang, check)
    report.warning(entry.key_line(key), message)
    return report.problems[0]


def _grouping(problem: Problem) -> tuple[str, int, str, int]:
    """Problems of one concept together, languages in LANGS order, each file's in line order."""
    lang = LANGS.index(problem.lang) if problem.lang in LANGS else len(LANGS)
    return problem.id or "", lang, problem.file, problem.line or 0


def _summary(glossary: Glossary, problems: tuple[Problem, ...]) -> Summary:
    severities = Counter(p.severity for p in problems)
    per_lang = Counter(e.lang for e in glossary.entries)
    return Summary(
        by_severity={"error": severities["error"], "warning": severities["warning"]},
        by_check=dict(sorted(Counter(p.check for p in problems).items())),
        entries={lang: per_lang[lang] for lang in LANGS},
    )
