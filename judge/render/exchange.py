"""Text and JSON of `judge translate`: what an export holds, and what an import wrote or left."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

from judge.render import plural, to_json

if TYPE_CHECKING:
    from judge.translate.exchange.importer import ImportReport
    from judge.translate.exchange.units import Export, MemoryPair


def export_summary(export: Export, name: str, size: int) -> str:
    """One line on stderr: the file, its units, how many have a target, its icon placeholders."""
    terms = sum(u.part == "term" for u in export.units)
    targets = sum(bool(u.target) for u in export.units)
    icons = sum(len(u.icons) for u in export.units)
    return (f"{name}: {plural(len(export.units), 'unit')} ({plural(terms, 'term')}, "
            f"{plural(len(export.units) - terms, 'block')}; {targets} with a {export.target_lang} target), "
            f"{plural(icons, 'icon placeholder')}, {plural(size, 'byte')}\n")


def memory_summary(pairs: list[MemoryPair], name: str, size: int) -> str:
    return f"{name}: {plural(len(pairs), 'translation unit')}, {plural(size, 'byte')}\n"


def import_report(report: ImportReport, fmt: str) -> str:
    """The entries written (or, with --dry-run, that would be), then those left unfinished."""
    if fmt == "json":
        return to_json(asdict(report))
    verb = "would import" if report.dry_run else "imported"
    lines = [f"{report.file}: {verb} {plural(len(report.written), 'entry', 'entries')} into "
             f"{report.game}/{report.lang} as drafts" + (":" if report.written else "")]
    lines += [f"  {path}" for path in report.written]
    if report.unchanged:
        lines.append(f"unchanged (the glossary has this translation): {plural(len(report.unchanged), 'entry', 'entries')}")
    if report.unfinished:
        lines.append(f"not imported (units not translated yet): {plural(len(report.unfinished), 'entry', 'entries')}")
        lines += [f"  {item.id}: {', '.join(item.units)}" for item in report.unfinished]
    return "\n".join(lines) + "\n"

