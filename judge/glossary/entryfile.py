"""One entry file → an Entry and its problems (docs/entry-format.md is the format).

Nothing here raises on bad input: every defect becomes a Problem `path:line: field: message`,
so one run reports all of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from judge.core.model import (
    ENTRY_KEYS,
    KINDS,
    Correction,
    Entry,
    Kind,
    Problem,
    Severity,
    Source,
)
from judge.core.paths import display
from judge.core.text import nfc
from judge.core.yamldata import fast_loader
from judge.glossary.body import body_problems, parse_blocks

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:")
_FENCE = "---"
# The front matter starts on file line 2, after the opening fence.
_FIRST_FM_LINE = 2


@dataclass
class FileReport:
    """Collects the problems of one file, already formatted as `path:line: field: message`."""

    path: Path
    lang: str | None
    check: str = "validation"
    problems: list[Problem] = field(default_factory=list)

    def add(self, severity: Severity, line: int | None, message: str, check: str | None = None) -> None:
        problem = Problem(check or self.check, severity, self.path.stem, self.lang, display(self.path), line, message)
        self.problems.append(problem)

    def error(self, line: int | None, message: str) -> None:
        self.add("error", line, message)

    def warning(self, line: int | None, message: str) -> None:
        self.add("warning", line, message)


@dataclass(frozen=True)
class _Parts:
    front: list[str]
    body: list[str]
    body_line: int


def parse_file(data: bytes, path: Path, game: str, lang: str) -> tuple[Entry | None, list[Problem]]:
    """Parse one entry file. The Entry is None when the file has no usable `id` and `term`."""
    report = FileReport(path, lang)
    text = _decode(data, report)
    parts = _split(text, report) if text is not None else None
    meta = _front_matter(parts.front, report) if parts is not None else None
    if parts is None or meta is None:
        return None, report.problems
    entry = _entry(meta, parts, path, game, lang, report)
    return entry, report.problems


def _decode(data: bytes, report: FileReport) -> str | None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        report.error(line, f"encoding: not valid UTF-8 (byte 0x{data[exc.start]:02x})")
        return None
    return nfc(text.removeprefix("\ufeff").replace("\r\n", "\n"))


def _split(text: str, report: FileReport) -> _Parts | None:
    lines = text.split("\n")
    if lines[0].rstrip() != _FENCE:
        report.error(1, 'front matter: missing (the file must start with a "---" line)')
        return None
    for index, line in enumerate(lines[1:], start=1):
        if line.rstrip() == _FENCE:
            return _Parts(lines[1:index], lines[index + 1:], index + 2)
    report.error(1, 'front matter: no closing "---" line')
    return None


def _front_matter(lines: list[str], report: FileReport) -> dict[str, Any] | None:
    import yaml  # only where a file is parsed: a compiled glossary loads without PyYAML

    source = "\n".join(lines)
    if "!" in source and _reject_tags(source, report):
        return None
    try:
        meta = yaml.load(source, Loader=fast_loader())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + _FIRST_FM_LINE if mark else 1
        report.error(line, f"front matter: invalid YAML: {exc.problem or exc.context}")
        return None
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as exc:
        # e.g. a date like 2024-13-01 makes PyYAML's constructor raise ValueError.
        report.error(1, f"front matter: invalid YAML: {exc}")
        return None
    if meta is None:
        return {}
    if not isinstance(meta, dict):
        report.error(_FIRST_FM_LINE, f"front matter: must be a mapping of keys, not {_type_name(meta)}")
        return None
    return meta


def _reject_tags(source: str, report: FileReport) -> bool:
    """Report YAML tags (`!!python/object`, `!foo`): the glossary is plain data only."""
    import yaml

    try:
        tags = [t for t in yaml.scan(source, Loader=fast_loader()) if isinstance(t, yaml.TagToken)]
    except yaml.YAMLError:
        return False  # the loader reports the syntax error with its line
    for tag in tags:
        handle, suffix = cast(tuple[str | None, str], tag.value)
        report.error(tag.start_mark.line + _FIRST_FM_LINE, f"front matter: YAML tags are not allowed ({handle or ''}{suffix})")
    return bool(tags)


def _key_lines(front: Sequence[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for offset, line in enumerate(front):
        match = _KEY.match(line)
        if match:
            found.setdefault(match.group(1), offset + _FIRST_FM_LINE)
    return found


def _entry(meta: dict[str, Any], parts: _Parts, path: Path, game: str, lang: str, report: FileReport) -> Entry | None:
    fields = _Fields(meta, _key_lines(parts.front), report)
    fields.warn_unknown()
    entry_id = fields.entry_id(path)
    term = fields.string("term", required=True)
    kind = fields.kind()
    redirect = fields.string("redirect", required=kind == "redirect", only_for=kind)
    step = fields.string("step", required=kind == "step", only_for=kind)
    number = fields.string("number")
    for line, check, message in body_problems(parts.body, parts.body_line):
        report.add("error", line, message, check)
    if entry_id is None or term is None:
        return None
    return Entry(
        game=game, lang=lang, id=entry_id, term=term,
        aliases=fields.strings("aliases"), see_also=fields.strings("see_also"),
        kind=kind, redirect=redirect, step=step,
        source=fields.source(), corrections=fields.corrections(),
        blocks=parse_blocks(parts.body, parts.body_line),
        path=path, body_line=parts.body_line, key_lines=tuple(fields.lines.items()), number=number,
    )


@dataclass
class _Fields:
    """Typed access to the front-matter keys; each defect is reported at the key's line."""

    meta: dict[str, Any]
    lines: dict[str, int]
    report: FileReport

    def line(self, key: str) -> int:
        return self.lines.get(key, 1)

    def warn_unknown(self) -> None:
        for key in self.meta:
            if key not in ENTRY_KEYS:
                self.report.warning(self.line(str(key)), f"{key}: unknown key (ignored)")

    def string(self, key: str, required: bool = False, only_for: str | None = None) -> str | None:
        value = self.meta.get(key)
        if value is None:
            if required:
                self.report.error(self.line(key), f"{key}: missing{_required_for(key, only_for)}")
            return None
        if not isinstance(value, str) or not value.strip():
            self.report.error(self.line(key), f"{key}: must be a non-empty string{_quote_hint(value)}")
            return None
        if only_for is not None and not required:
            self.report.warning(self.line(key), f"{key}: ignored (kind is {only_for}, not {key})")
        return value.strip()

    def entry_id(self, path: Path) -> str | None:
        entry_id = self.string("id", required=True)
        if entry_id is None:
            return None
        if not _SLUG.match(entry_id):
            self.report.error(self.line("id"), f'id: "{entry_id}" is not a lowercase-hyphenated slug')
        elif entry_id != path.stem:
            self.report.error(self.line("id"), f'id: "{entry_id}" does not match the file name "{path.name}"')
        return entry_id

    def kind(self) -> Kind:
        value = self.meta.get("kind", "entry")
        if value in KINDS:
            return cast(Kind, value)
        self.report.error(self.line("kind"), f'kind: unknown kind "{value}" (known: {", ".join(KINDS)})')
        return "entry"

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.meta.get(key)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            self.report.error(self.line(key), f"{key}: must be a list of strings")
            return ()
        return tuple(v.strip() for v in value)

    def source(self) -> Source | None:
        value = self.meta.get("source")
        if value is None:
            return None
        record = _Record(value, "source", self.line("source"), self.report, ("doc", "line", "end"))
        doc, line, end = record.string("doc"), record.number("line"), record.number("end", required=False)
        if end is not None and line is not None and end < line:
            self.report.error(self.line("source"), f"source.end: {end} is before source.line {line}")
        return Source(doc, line, end) if doc is not None and line is not None else None

    def corrections(self) -> tuple[Correction, ...]:
        value = self.meta.get("corrections")
        if value is None:
            return ()
        if not isinstance(value, list):
            self.report.error(self.line("corrections"), "corrections: must be a list of {was, now, line, why}")
            return ()
        found = (self._correction(item, n) for n, item in enumerate(value, start=1))
        return tuple(c for c in found if c is not None)

    def _correction(self, item: object, n: int) -> Correction | None:
        keys = ("was", "now", "line", "why")
        record = _Record(item, f"corrections[{n}]", self.line("corrections"), self.report, keys)
        was, now = record.string("was"), record.string("now")
        line, why = record.number("line", required=False), record.string("why", required=False)
        return Correction(was, now, line, why) if was is not None and now is not None else None


@dataclass
class _Record:
    """A nested mapping (`source`, one correction), reported as `source.line: …`."""

    value: object
    name: str
    line: int
    report: FileReport
    keys: tuple[str, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.value, dict):
            self.report.error(self.line, f"{self.name}: must be a mapping of {', '.join(self.keys)}")
            self.value = None
            return
        for key in self.value:
            if key not in self.keys:
                self.report.warning(self.line, f"{self.name}.{key}: unknown key (ignored)")

    def _get(self, key: str, required: bool) -> object:
        if not isinstance(self.value, dict):
            return None
        found = self.value.get(key)
        if found is None and required:
            self.report.error(self.line, f"{self.name}.{key}: missing (required)")
        return found

    def string(self, key: str, required: bool = True) -> str | None:
        found = self._get(key, required)
        if found is None:
            return None
        if isinstance(found, str):
            return found
        self.report.error(self.line, f"{self.name}.{key}: must be a string")
        return None

    def number(self, key: str, required: bool = True) -> int | None:
        found = self._get(key, required)
        if found is None:
            return None
        if isinstance(found, int) and not isinstance(found, bool) and found > 0:
            return found
        self.report.error(self.line, f"{self.name}.{key}: must be a positive line number")
        return None


def _required_for(key: str, kind: str | None) -> str:
    return f" (required for kind {key})" if kind is not None else " (required)"


def _quote_hint(value: object) -> str:
    return ' (quote it: "4.2")' if isinstance(value, (int, float)) and not isinstance(value, bool) else ""


def _type_name(value: object) -> str:
    names = {list: "a list", str: "a string", int: "a number", float: "a number", bool: "true/false"}
    return names.get(type(value), f"a {type(value).__name__}")
