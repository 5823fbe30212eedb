"""The only place output is formatted: every command's text and JSON.

Each public function takes a domain result and returns the whole output, ending in a newline
(or empty for an empty text listing). JSON is built from the dataclasses, `ensure_ascii=False`.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import asdict, fields
from itertools import groupby, zip_longest
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import click

from xml.etree import ElementTree as ET

from judge.models import (
    LANGS, AbilityUse, Answer, Block, Cite, Concept, Entry, EntryView, FrameworkRun, Hit, IndexInfo, Listing, Note,
    Opportunity, Problem, RuleView, SearchResult, SequenceItem, ShadowsResult, ShadowsStage, ShadowsTurn, SiteBuild,
    StackEvent, StackRun, StepResult, Timeline, TimelineItem,
)
from judge import labels
from judge.paths import display

if TYPE_CHECKING:  # annotations only: importing them would load the checks for every command
    from judge.checks import Backlog, Report
    from judge.termbase import TermBase

Format = Literal["text", "json"]
FORMATS: tuple[Format, ...] = ("text", "json")
TERM_FORMATS: tuple[str, ...] = ("csv", "tbx")
DEFAULT_WIDTH = 80
MIN_WIDTH = 40
_GUTTER = " │ "

# Interface strings per language (judge/labels.yaml, shared with the site).
LABELS: dict[str, dict[str, str]] = labels.all_labels()
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>])")


# -- environment ------------------------------------------------------------------------

def terminal_width() -> int:
    """COLUMNS if set, the terminal's width on a terminal, else 80 (pipes and tests)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        return max(int(columns), MIN_WIDTH)
    if sys.stdout.isatty():
        return max(shutil.get_terminal_size().columns, MIN_WIDTH)
    return DEFAULT_WIDTH


def use_color(fmt: str) -> bool:
    """Colour only in text mode, on a terminal, and never when NO_COLOR is set (no-color.org)."""
    return fmt == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")


# -- json -------------------------------------------------------------------------------

def to_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, default=_json_default) + "\n"


def _json_default(value: object) -> object:
    if isinstance(value, Path):
        return display(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def entry_dict(entry: Entry) -> dict[str, Any]:
    """The entry's fields as JSON data (without the internal key_lines)."""
    return {f.name: _data(getattr(entry, f.name)) for f in fields(entry) if f.name != "key_lines"}


def view_dict(view: EntryView) -> dict[str, Any]:
    links = [asdict(link) for link in view.links]
    target = view_dict(view.target) if view.target else None
    return {**entry_dict(view.entry), "links": links, "target": target}


def _data(value: object) -> object:
    if isinstance(value, tuple):
        return [_data(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return asdict(value)  # type: ignore[call-overload]
    return value


# -- show -------------------------------------------------------------------------------

def show(concept: Concept | RuleView, fmt: str, width: int = DEFAULT_WIDTH, color: bool = False) -> str:
    """One language: the entry. Several (`--lang both`): columns aligned by block number."""
    if isinstance(concept, RuleView):
        return rule_view(concept, fmt, width)
    if fmt == "json":
        return to_json(_concept_data(concept))
    views = list(concept.views.items())
    if len(views) == 1:
        view = views[0][1]
        return "\n".join(_entry_lines(view, width, color)) + "\n" if view else ""
    return "\n".join(_side_by_side(concept, width)) + "\n"


def _concept_data(concept: Concept) -> dict[str, Any]:
    if len(concept.views) == 1:
        view = next(iter(concept.views.values()))
        return view_dict(view) if view else {}
    entries = {lang: view_dict(view) if view else None for lang, view in concept.views.items()}
    return {"id": concept.id, "game": concept.game, "entries": entries}


def _entry_lines(view: EntryView, width: int, color: bool) -> list[str]:
    entry = view.entry
    heading = f"{entry.number}. {entry.term}" if entry.number else entry.term  # as printed
    term = click.style(heading, bold=True) if color else heading
    lines = [term, *_wrap_all(_meta(view), width), ""]
    lines += _blocks(entry.blocks, width, tables_fit=False)
    lines += ["", *_wrap_all(_footer(view), width)]
    if view.target:
        lines += ["", *_entry_lines(view.target, width, color)]
    return lines


def _meta(view: EntryView) -> list[str]:
    entry, labels = view.entry, LABELS[view.entry.lang]
    lines = [f"{labels['aliases']}: {', '.join(entry.aliases)}"] if entry.aliases else []
    kind: str = entry.kind
    if entry.kind == "redirect":
        kind += f" → {view.target.entry.term if view.target else entry.redirect}"
    if entry.kind == "step":
        kind += f" {entry.step}"
    return [f"{entry.game}/{entry.id}", *lines, f"{labels['kind']}: {kind}"]


def _footer(view: EntryView) -> list[str]:
    entry, labels = view.entry, LABELS[view.entry.lang]
    names = [link.term if link.lang in (entry.lang, None) else f"{link.term} ({link.lang})" for link in view.links]
    lines = [f"{labels['see_also']}: {labels['separator'].join(names)}"] if names else []
    if entry.source:
        span = f"-{entry.source.end}" if entry.source.end and entry.source.end != entry.source.line else ""
        lines.append(f"{labels['source']}: {entry.source.doc}:{entry.source.line}{span}")
    return lines


def _blocks(blocks: Sequence[Block], width: int, tables_fit: bool) -> list[str]:
    lines: list[str] = []
    for previous, block in zip([None, *blocks], blocks):
        if previous is not None and not (_is_item(previous) and _is_item(block)):
            lines.append("")  # a list's items stay together; paragraphs and tables stand apart
        lines += block_lines(block, width, tables_fit)
    return lines


def _is_item(block: Block) -> bool:
    return block.kind in ("bullet", "numbered")


def block_lines(block: Block, width: int, tables_fit: bool = True) -> list[str]:
    """`¶n` then the block, wrapped to `width`; list items keep their marker and nesting."""
    marker = f"{block.marker} " if block.marker else ""
    prefix = f"¶{block.n} " + "  " * block.depth + marker
    indent = " " * len(prefix)
    text = unescape(block.text)
    if block.kind != "table":
        return _wrap(" ".join(text.split("\n")), width, prefix, indent)
    rows = text.split("\n")
    if not tables_fit:
        return [prefix + rows[0], *(indent + row for row in rows[1:])]
    return [line for n, row in enumerate(rows) for line in _wrap(row, width, prefix if n == 0 else indent, indent)]


def unescape(text: str) -> str:
    """Markdown escapes as the reader sees them: `\\[perioda\\]` → `[perioda]`."""
    return _ESCAPE.sub(r"\1", text)


def _wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    wrapper = textwrap.TextWrapper(
        width=width, initial_indent=first, subsequent_indent=rest,
        break_on_hyphens=False, break_long_words=True,
    )
    return wrapper.wrap(text) or [first.rstrip()]


def _wrap_all(lines: Iterable[str], width: int) -> list[str]:
    return [wrapped for line in lines for wrapped in _wrap(line, width, "", "  ")]


def _side_by_side(concept: Concept, width: int) -> list[str]:
    column = max((width - len(_GUTTER)) // 2, 10)
    sides = list(concept.views.values())
    blank = _pair([[""] for _ in sides], column)
    lines = _pair([_header(lang, view, column) for lang, view in concept.views.items()], column)
    lines.append("─┼─".join(["─" * column] * len(sides)))
    for n in range(1, max((len(v.entry.blocks) for v in sides if v), default=0) + 1):
        cells = [block_lines(v.entry.blocks[n - 1], column) if v and n <= len(v.entry.blocks) else [] for v in sides]
        lines += _pair(cells, column) + blank
    lines += _pair([_wrap_all(_footer(v), column) if v else [] for v in sides], column)
    if concept.target:
        lines += ["", *_side_by_side(concept.target, width)]
    return lines


def _header(lang: str, view: EntryView | None, column: int) -> list[str]:
    if view is None:
        return [LABELS[lang]["missing"]]
    return _wrap(view.entry.term, column) + _wrap_all(_meta(view), column)


def _pair(cells: Sequence[list[str]], column: int) -> list[str]:
    rows = zip_longest(*cells, fillvalue="")
    return [_GUTTER.join(cell.ljust(column) for cell in row).rstrip() for row in rows]


# -- list -------------------------------------------------------------------------------

def listing(result: Listing, fmt: str) -> str:
    """Text: one aligned line per concept (id, kind, es term, cs term); JSON: the whole Listing."""
    if fmt == "json":
        return to_json(asdict(result))
    rows = [[c.id, c.kind, *(term or "—" for term in c.terms.values())] for c in result.concepts]
    return "".join(line + "\n" for line in _table(rows))


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(*rows)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]


# -- check ------------------------------------------------------------------------------

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
    counts = [_plural(result.summary.by_severity[s], s) for s in ("error", "warning")]
    return f"{', '.join(counts)} in {_plural(sum(entries.values()), 'entry', 'entries')} ({per_lang})"


def _plural(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# -- the timing engine: timeline, step, ask ----------------------------------------------

def cite_text(cite: Cite) -> str:
    """*term ¶n*, as a ruling cites a block (*term ¶9 (120.4.a)* where the rule is numbered)."""
    return f"{cite.term} {_para_text(cite)}"


def _para_text(cite: Cite) -> str:
    return f"¶{cite.para} ({cite.rule})" if cite.rule else f"¶{cite.para}"


def _cites_line(cites: Sequence[Cite]) -> str:
    """Cites of one entry share its term: `Ventanas de acción ¶1, ¶2; Pasar ¶2`."""
    groups: list[tuple[str, list[str]]] = []
    for cite in cites:
        if groups and groups[-1][0] == cite.term:
            groups[-1][1].append(_para_text(cite))
        else:
            groups.append((cite.term, [_para_text(cite)]))
    return "; ".join(f"{term} " + ", ".join(paras) for term, paras in groups)


def _cite_dict(cite: Cite) -> dict[str, Any]:
    shape = {"game": cite.game, "id": cite.id, "lang": cite.lang, "term": cite.term, "para": cite.para}
    return shape | {"rule": cite.rule} if cite.rule else shape


def timeline(result: Timeline, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """Text: the chart phase by phase, one step or window per line, with cites and loops."""
    if fmt == "json":
        return to_json({"game": result.game, "format": result.format, "lang": result.lang,
                        "items": [_timeline_item(i) for i in result.items]})
    lines: list[str] = []
    phase = None
    for item in result.items:
        if item.phase != phase:
            lines += ([""] if lines else []) + [_phase_heading(item)]
            lines += _wrap(item.phase_note, width, "  ", "  ") if item.phase_note else []
            phase = item.phase
        label = item.id or "▸"
        head = f"{item.title}" + (f" ({labels['melee']})" if item.melee_only else "")
        head += f" [{item.window}]" if item.window else ""
        lines += _wrap(head, width, f"  {label:<7}", " " * 9)
        for sub in item.substeps:
            lines += _wrap(f"{sub.title}", width, f"{'':9}{sub.id:<4}", " " * 13)
        if item.creates:
            lines += _wrap(f"{labels['creates']}: {', '.join(item.creates)}", width, " " * 9, " " * 11)
        if item.loop:
            lines += _wrap(f"↺ {labels['loop']} {item.loop.to} ({_cites_line(item.loop.cites)})", width, " " * 9, " " * 11)
        lines += _wrap(f"§ {_cites_line(item.cites)}", width, " " * 9, " " * 11)
    return "\n".join(lines) + "\n"


def _timeline_item(item: TimelineItem) -> dict[str, Any]:
    return {
        "kind": item.kind, "id": item.id, "window": item.window, "title": item.title, "phase": item.phase,
        "melee_only": item.melee_only, "creates": list(item.creates),
        "substeps": [{"id": s.id, "title": s.title, "creates": list(s.creates), "cites": [_cite_dict(c) for c in s.cites]}
                     for s in item.substeps],
        "loop": {"to": item.loop.to, "cites": [_cite_dict(c) for c in item.loop.cites]} if item.loop else None,
        "cites": [_cite_dict(c) for c in item.cites],
        **({} if item.phase_numbered else {"phase_numbered": False}),
        **({"phase_note": item.phase_note} if item.phase_note else {}),
    }


def step_result(result: StepResult, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """Text: the situation, then each framework run and each of the seven steps, nested
    sequences indented under the ability that created them."""
    if fmt == "json":
        return to_json(step_dict(result))
    lines = [f"{labels['players']}: {', '.join(result.players)} · {labels['first_player']}: {result.first_player}"
             + (f" · {labels['at']}: {result.at}" if result.at else "")]
    for run in result.framework:
        lines += [""] + _framework_lines(run, labels, width, "")
    if result.sequence:
        lines += [""] + _sequence_lines(result, labels, width, "")
    if result.next:
        lines += ["", f"{labels['next']}: {result.next}"]
    return "\n".join(lines) + "\n"


def step_dict(result: StepResult) -> dict[str, Any]:
    return {
        "game": result.game, "lang": result.lang, "trigger": result.trigger, "title": result.title,
        "occurrences": result.occurrences, "outcome": result.outcome, "conditions": list(result.conditions),
        "players": list(result.players), "first_player": result.first_player, "at": result.at,
        "framework": [_framework_dict(r) for r in result.framework],
        "sequence": [_sequence_dict(i) for i in result.sequence],
        "next": result.next, "cites": [_cite_dict(c) for c in result.cites],
        "shared_with": list(result.shared_with),
    }


def _ability_dict(use: AbilityUse) -> dict[str, Any]:
    return {"card": use.card, "controller": use.controller, "type": use.type, "effect": use.effect,
            "used": use.used, "occurrence": use.occurrence}


def _nested_dicts(uses: Sequence[AbilityUse]) -> list[dict[str, Any]]:
    return [{"from": u.card, **step_dict(n)} for u in uses for n in u.nested]


def _note_dict(note: Note) -> dict[str, Any]:
    return {"rule": note.rule, "text": note.text, "open": note.open, "cites": [_cite_dict(c) for c in note.cites]}


def _sequence_dict(item: SequenceItem) -> dict[str, Any]:
    return {
        "n": item.n, "kind": item.kind, "title": item.title, "done": item.done, "first": item.first,
        "ordered_by": item.ordered_by, "abilities": [_ability_dict(u) for u in item.abilities],
        "opportunities": [{"player": o.player, "action": o.action} for o in item.opportunities],
        "nested": _nested_dicts(item.abilities), "notes": [_note_dict(n) for n in item.notes],
        "cites": [_cite_dict(c) for c in item.cites],
    }


def _framework_dict(run: FrameworkRun) -> dict[str, Any]:
    return {
        "step": run.step, "kind": run.kind, "title": run.title, "first": run.first, "ordered_by": run.ordered_by,
        "abilities": [_ability_dict(u) for u in run.abilities],
        "opportunities": [{"player": o.player, "action": o.action} for o in run.opportunities],
        "nested": _nested_dicts(run.abilities), "notes": [_note_dict(n) for n in run.notes],
        "cites": [_cite_dict(c) for c in run.cites], "previous_first": run.previous_first,
    }


def _sequence_lines(result: StepResult, labels: dict[str, str], width: int, indent: str) -> list[str]:
    count = f" · {result.occurrences} × {labels['occurrence']}" if result.occurrences > 1 else ""
    ids = " + ".join([str(result.trigger), *result.shared_with])
    lines = _wrap(f"{result.title} ({ids}){count}", width, indent, indent + "  ")
    statuses = ", ".join(f"#{k} {labels.get(s, s)}" for k, s in enumerate(result.conditions, 1))
    lines += _wrap(f"{labels['outcome']}: {labels.get(result.outcome or '', result.outcome or '')}"
                   + (f" ({statuses})" if len(result.conditions) > 1 else ""), width, indent, indent + "  ")
    lines += _wrap(f"§ {_cites_line(result.cites)}", width, indent, indent + "  ")
    for item in result.sequence:
        lines += _item_lines(item.n, item.title, item.done, item.first, item.ordered_by, item.abilities,
                             item.opportunities, item.notes, item.cites, labels, width, indent)
    return lines


def _framework_lines(run: FrameworkRun, labels: dict[str, str], width: int, indent: str) -> list[str]:
    name = f"{run.step} {run.title}" if run.kind != "keyword-group" else f"{run.step} {labels['keyword-group']}: {run.title}"
    if run.kind == "first-player":
        name += f" — {labels['first_player']}: {run.previous_first} → {run.first}"
    return _item_lines(None, name, True, None if run.kind == "first-player" else run.first, run.ordered_by, run.abilities, run.opportunities, run.notes,
                       run.cites, labels, width, indent)


def _item_lines(n: int | None, title: str, done: bool, first: str | None, ordered_by: str | None,
                uses: Sequence[AbilityUse], log: Sequence[Opportunity], notes: Sequence[Note],
                cites: Sequence[Cite], labels: dict[str, str], width: int, indent: str) -> list[str]:
    head = f"{n}. {title}" if n is not None else title
    if not done:
        head += f" — {labels['skipped']}"
    elif first:
        head += f" — {labels['first']}: {first}"
    elif ordered_by:
        head += f" — {labels['ordered_by']}: {ordered_by}"
    body = indent + "   "
    lines = _wrap(head, width, indent, body)
    if log:
        turns = " · ".join(f"{o.player} {labels['pass']}" if o.action == "pass" else f"{o.player}: {o.action}"
                           for o in log)
        lines += _wrap(turns, width, body, body + "  ")
    for use in uses:
        mark = "✓" if use.used else "✗"
        effect = f", {use.effect}" if use.effect != "none" else ""
        target = f" #{use.occurrence}" if use.occurrence else ""
        lines += _wrap(f"{mark} {use.card} ({use.controller}, {use.type}{effect}){target}", width, body, body + "  ")
        for nested in use.nested:
            lines += _wrap(f"↳ {labels['nested']}:", width, body + "  ", body + "    ")
            lines += _sequence_lines(nested, labels, width, body + "    ")
    for note in notes:
        mark = f"[?] {labels['open']}: " if note.open else "• "
        lines += _wrap(f"{mark}{note.text} ({_cites_line(note.cites)})", width, body, body + "  ")
    if cites:
        lines += _wrap(f"§ {_cites_line(cites)}", width, body, body + "  ")
    return lines


def triggers_list(rows: Sequence[tuple[str, str, str]], fmt: str) -> str:
    """`judge step --list-triggers`: id, steps, title (in the chosen language)."""
    if fmt == "json":
        return to_json({"triggers": [{"id": i, "steps": s.split(", ") if s else [], "title": t} for i, s, t in rows]})
    return "".join(line + "\n" for line in _table([[i, s or "—", t] for i, s, t in rows]))


def ask_answer(result: Answer, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    if fmt == "json":
        return to_json({
            "question": result.question, "lang": result.lang,
            "matches": [{"trigger": m.trigger, "title": m.title, "step": m.step, "window": m.window,
                         "score": m.score, "phrase": m.phrase} for m in result.matches],
            "answer": result.answer, "cites": [_cite_dict(c) for c in result.cites],
        })
    if not result.matches:
        lines = _wrap(labels["no-trigger"], width)
        if result.cites:
            lines += [""] + _wrap(f"{labels['closest']}: § {_cites_line(result.cites)}", width, "", "  ")
        return "\n".join(lines) + "\n"
    lines = _wrap(result.answer or "", width)
    lines.append("")
    for m in result.matches:
        lines += _wrap(f"{m.score:.2f}  {m.trigger} — {m.title} · {m.step or labels['any-step']} · {labels[m.window]}",
                       width, "", "      ")
    lines += [""] + _wrap(f"§ {_cites_line(result.cites)}", width, "", "  ")
    return "\n".join(lines) + "\n"
# -- terms ------------------------------------------------------------------------------

def term_base(base: TermBase, fmt: str) -> str:
    """CSV (id, kind, then term and aliases per language) or TBX-Basic XML."""
    return _tbx(base) if fmt == "tbx" else _csv(base)


def _csv(base: TermBase) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "kind", *(f"{lang}_{part}" for lang in LANGS for part in ("term", "aliases"))])
    for row in base.entries:
        cells = [row.id, row.kind]
        for lang in LANGS:
            names = row.names.get(lang, ())
            cells += [names[0] if names else "", "; ".join(names[1:])]
        writer.writerow(cells)
    return out.getvalue()


_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _tbx(base: TermBase) -> str:
    """TBX-Basic: martif/text/body/termEntry/langSet/tig/term; the term first, aliases after
    it as admitted terms (TBX-Basic's administrativeStatus)."""
    martif = ET.Element("martif", {"type": "TBX-Basic", _XML_LANG: "es"})
    header = ET.SubElement(martif, "martifHeader")
    file_desc = ET.SubElement(header, "fileDesc")
    title = ET.SubElement(ET.SubElement(file_desc, "titleStmt"), "title")
    title.text = f"judge term base: {base.game or ''}"
    source = ET.SubElement(ET.SubElement(file_desc, "sourceDesc"), "p")
    source.text = "Generated by judge terms from the glossary's terms and aliases."
    ET.SubElement(ET.SubElement(header, "encodingDesc"), "p", {"type": "XCSURI"}).text = "TBXBasicXCSV02.xcs"
    body = ET.SubElement(ET.SubElement(martif, "text"), "body")
    for row in base.entries:
        entry = ET.SubElement(body, "termEntry", {"id": f"{row.game}-{row.id}"})
        ET.SubElement(entry, "note").text = f"kind: {row.kind}"
        for lang in LANGS:
            if lang not in row.names:
                continue
            lang_set = ET.SubElement(entry, "langSet", {_XML_LANG: lang})
            for n, name in enumerate(row.names[lang]):
                tig = ET.SubElement(lang_set, "tig")
                ET.SubElement(tig, "term").text = name
                status = "preferredTerm-admn-sts" if n == 0 else "admittedTerm-admn-sts"
                ET.SubElement(tig, "termNote", {"type": "administrativeStatus"}).text = status
    ET.indent(martif)
    xml = ET.tostring(martif, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">\n' + xml + "\n"
# -- build --------------------------------------------------------------------------------

# -- search -----------------------------------------------------------------------------

def hits(result: SearchResult, fmt: str, color: bool = False, width: int = DEFAULT_WIDTH) -> str:
    """Text: per hit, `n. term  game/id ¶para (lang)  ·  other-lang: counterpart`, then the
    snippet (matches in bold on a terminal). JSON: the shape of docs/cli.md (no `marks`)."""
    if fmt == "json":
        return to_json({"query": result.query, "lang": result.lang, "hits": [_hit_data(h) for h in result.hits]})
    blocks = []
    for n, hit in enumerate(result.hits, 1):
        term = click.style(hit.term, bold=True) if color else hit.term
        para = f" ¶{hit.para}" if hit.para else ""
        head = f"{n}. {term}  {hit.game}/{hit.id}{para} ({hit.lang})"
        if hit.counterpart:
            head += f"  ·  {hit.counterpart.lang}: {hit.counterpart.term}"
        indent = " " * (len(str(n)) + 2)
        blocks.append("\n".join([head, *_marked_lines(hit, width, indent, color)]))
    return "".join(block + "\n" for block in blocks)


def _hit_data(hit: Hit) -> dict[str, Any]:
    data = asdict(hit)
    del data["marks"]
    return data


def _marked_lines(hit: Hit, width: int, indent: str, color: bool) -> list[str]:
    """The snippet wrapped; on a terminal the matched words are bold (styled after wrapping,
    so escape codes never count towards the width)."""
    lines = _wrap(hit.snippet, width, indent, indent) if hit.snippet else []
    if not color:
        return lines
    styled, offset = [], 0
    for line in lines:
        body = line[len(indent):]
        start = hit.snippet.find(body, offset)
        end = start + len(body)
        pieces, cursor = [], start
        for a, b in hit.marks:
            if a >= cursor and b <= end:
                pieces += [hit.snippet[cursor:a], click.style(hit.snippet[a:b], bold=True, fg="yellow")]
                cursor = b
        styled.append(indent + "".join(pieces) + hit.snippet[cursor:end])
        offset = end
    return styled


# -- build ------------------------------------------------------------------------------

def built(targets: dict[str, IndexInfo | SiteBuild | None], fmt: str) -> str:
    """What `judge build` made: one line per target (text), or {target: details|null} (JSON)."""
    if fmt == "json":
        return to_json({name: _built_data(info) for name, info in targets.items()})
    lines = []
    index = targets.get("index")
    if isinstance(index, IndexInfo):
        where = display(index.path) if index.path else "memory"
        lines.append(f"index: {index.entries} entries, {index.documents} documents in {where} ({index.seconds:.1f} s)")
    site = targets.get("site")
    if isinstance(site, SiteBuild):
        size = site.bytes / 1_000_000
        lines.append(f"site: {site.pages} pages, {site.files} files, {size:.1f} MB in {display(site.site_dir)}")
    return "".join(line + "\n" for line in lines)


def _built_data(info: IndexInfo | SiteBuild | None) -> dict[str, Any] | None:
    if isinstance(info, SiteBuild):
        return {"dir": display(info.site_dir), "pages": info.pages, "files": info.files, "bytes": info.bytes}
    return asdict(info) if info else None


# -- gp's priority and stack (judge/priority.py) ----------------------------------------------

def stack_run(result: StackRun, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """Text: the step, then one numbered line per event with the stack after it and its cites,
    then the order of resolution and the next framework item."""
    if fmt == "json":
        return to_json({
            "game": result.game, "lang": result.lang, "players": list(result.players), "active": result.active,
            "at": result.at, "title": result.title, "log": [_stack_event_dict(e) for e in result.log],
            "resolved": list(result.resolved), "next": result.next,
        })
    players = ", ".join(f"{p} ({labels['active']})" if p == result.active else p for p in result.players)
    lines = _wrap(f"{labels['title']} — {result.title} [{result.at}] · {labels['players']}: {players}",
                  width, "", "  ")
    for event in result.log:
        lines += [""] + _stack_event_lines(event, labels, width)
    order = " · ".join(f"{i}. {name}" for i, name in enumerate(result.resolved, 1)) or labels["none"]
    lines += [""] + _wrap(f"{labels['resolved']}: {order}", width, "", "  ")
    if result.next:
        lines.append(f"{labels['next']}: {result.next}")
    return "\n".join(lines) + "\n"


def _stack_event_lines(event: StackEvent, labels: dict[str, str], width: int) -> list[str]:
    mark = f"{labels['open']} " if event.open else f"{labels['refused']}: " if event.event == "refused" else ""
    lines = _wrap(f"{mark}{event.text}", width, f"{event.n:>3}. ", " " * 5)
    if event.event in ("play", "activate", "resolve", "trigger-to-stack"):
        lines += _wrap(f"{labels['stack']}: {' > '.join(reversed(event.stack)) or labels['empty']}",
                       width, " " * 5, " " * 7)
    lines += _wrap(f"§ {_cites_line(event.cites)}", width, " " * 5, " " * 7)
    return lines


def _stack_event_dict(event: StackEvent) -> dict[str, Any]:
    return {"n": event.n, "event": event.event, "rule": event.rule, "player": event.player, "object": event.object,
            "text": event.text, "open": event.open, "stack": list(event.stack),
            "cites": [_cite_dict(c) for c in event.cites]}


def rule_view(view: RuleView, fmt: str, width: int = DEFAULT_WIDTH) -> str:
    """`judge show gp:120.4.a`: the rule's blocks under its group's heading, then its cite."""
    entry = view.entry
    if fmt == "json":
        return to_json({"game": entry.game, "id": entry.id, "lang": entry.lang, "term": entry.term,
                        "number": entry.number, "rule": view.rule,
                        "blocks": [{"n": b.n, "rule": entry.rule_of(b.n), "text": b.text} for b in view.blocks],
                        "cite": _cite_dict(view.cite)})
    lines = [f"{view.rule} — {entry.number}. {entry.term}", f"{entry.game}/{entry.id}", ""]
    lines += _blocks(view.blocks, width, tables_fit=False)
    lines += [""] + _wrap(f"§ {cite_text(view.cite)}", width, "", "  ")
    return "\n".join(lines) + "\n"


def _phase_heading(item: TimelineItem) -> str:
    """"3. Fase de Reclutamiento"; a phase the rules print no number for shows its title only."""
    return f"{item.phase}. {item.phase_title}" if item.phase_numbered else item.phase_title


def shadows(result: ShadowsResult, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """`judge step` for agot1: the phase's beginning, step by step (docs/cli.md «step: Shadows»).
    Text: each framework step with its cites, the rules it applied, and one line per player's
    opportunity in turn order; an open rule is marked [?]."""
    if fmt == "json":
        return to_json(_shadows_dict(result))
    lines = [f"{labels['phase']}: {result.phase} · {labels['players']}: {', '.join(result.players)} · "
             f"{labels['first_player']}: {result.first_player}"]
    for stage in result.stages:
        lines += [""] + _wrap(stage.title, width, f"{stage.step:<7}", " " * 7)
        lines += _wrap(f"§ {_cites_line(stage.cites)}", width, " " * 7, " " * 9)
        lines += _shadows_notes(stage.notes, labels, width, " " * 7)
        for n, turn in enumerate(stage.turns, 1):
            lines += _shadows_turn(n, turn, labels, width)
    if result.printed_costs:
        lines += ["", labels["printed_cost"]] + _shadows_notes(result.printed_costs, labels, width, " " * 7)
    return "\n".join(lines) + "\n"


def _shadows_turn(n: int, turn: ShadowsTurn, labels: dict[str, str], width: int) -> list[str]:
    card = f"{turn.card} ({labels[f'type-{turn.card_type}']}) — " if turn.card else ""
    gold = f" · {labels['gold']}: {turn.gold_before} → {turn.gold_after}" if turn.paid is not None else ""
    lines = _wrap(f"{n}. {turn.player}: {card}{labels[f'outcome-{turn.outcome}']}{gold}", width, "  ", " " * 7)
    lines += _shadows_notes(turn.notes, labels, width, " " * 7)
    if turn.responses:
        answered = ", ".join(f"{card} ({controller})" for card, controller in turn.responses)
        lines += _wrap(f"{labels['responses']}: {answered}", width, " " * 7, " " * 9)
    return lines


def _shadows_notes(notes: Sequence[Note], labels: dict[str, str], width: int, indent: str) -> list[str]:
    lines: list[str] = []
    for note in notes:
        mark = f"[?] {labels['open']}: " if note.open else "• "
        lines += _wrap(f"{mark}{note.text} ({_cites_line(note.cites)})", width, indent, indent + "  ")
    return lines


def _shadows_dict(result: ShadowsResult) -> dict[str, Any]:
    return {
        "game": result.game, "lang": result.lang, "engine": "shadows", "phase": result.phase,
        "marshalling": result.marshalling, "players": list(result.players), "first_player": result.first_player,
        "order": list(result.order), "stages": [_shadows_stage_dict(s) for s in result.stages],
        "printed_costs": [_note_dict(n) for n in result.printed_costs],
    }


def _shadows_stage_dict(stage: ShadowsStage) -> dict[str, Any]:
    return {
        "step": stage.step, "title": stage.title, "cites": [_cite_dict(c) for c in stage.cites],
        "notes": [_note_dict(n) for n in stage.notes],
        "turns": [{
            "player": t.player, "card": t.card, "type": t.card_type, "outcome": t.outcome, "paid": t.paid,
            "gold_before": t.gold_before, "gold_after": t.gold_after, "enters": t.enters,
            "attached_to": t.attached_to, "responses": [{"card": c, "controller": p} for c, p in t.responses],
            "notes": [_note_dict(n) for n in t.notes],
        } for t in stage.turns],
    }


def combat_result(result: Any, fmt: str, width: int = DEFAULT_WIDTH) -> str:
    """A board game combat (judge/combat.py): the battle, then each step of the combat sequence
    with its lines, each citing the blocks that rule it; `[?]` lines are left open by the rules."""
    if fmt == "json":
        return to_json(combat_dict(result))
    labels = result.labels
    terrain = labels["sea"] if result.sea else labels["castle"] if result.castle else labels["no_castle"]
    lines = [f"{labels['combat']} {result.area} ({terrain}) · {labels['attacker']}: {result.houses['attacker']}"
             f" · {labels['defender']}: {result.houses['defender']}"]
    for step in result.steps:
        lines += ["", f"{step.id}  {step.title}"]
        lines += _combat_lines(step.lines, width, "    ")
        for sub in step.substeps:
            lines += [f"    {sub.id}  {sub.title}"]
            lines += _combat_lines(sub.lines, width, "        ")
    victor = result.houses[result.victor]
    lines += ["", f"{labels['victor']}: {victor} ({result.final['attacker']}–{result.final['defender']})"
              f" · {labels['casualties']}: {result.casualties or labels['none']}"]
    return "\n".join(lines) + "\n"


def _combat_lines(lines: Sequence[Any], width: int, indent: str) -> list[str]:
    out: list[str] = []
    for line in lines:
        out += _wrap(line.text, width, indent + "- ", indent + "  ")
        if line.cites:
            out += _wrap(f"§ {_cites_line(line.cites)}", width, indent + "  ", indent + "    ")
    return out


def combat_dict(result: Any) -> dict[str, Any]:
    def step(s: Any) -> dict[str, Any]:
        return {"id": s.id, "title": s.title,
                "lines": [{"text": line.text, "open": line.open, "cites": [_cite_dict(c) for c in line.cites]}
                          for line in s.lines],
                "substeps": [step(sub) for sub in s.substeps]}

    return {"game": result.game, "lang": result.lang, "engine": "combat",
            "area": {"name": result.area, "castle": result.castle, "sea": result.sea},
            "houses": result.houses, "initial": result.initial, "final": result.final,
            "victor": result.victor, "casualties": result.casualties,
            "steps": [step(s) for s in result.steps]}


# -- check: a game not translated into a language ------------------------------------------

BACKLOG_SHOWN = 3  # entries named in the text line; JSON lists them all


def backlog_line(backlog: Backlog) -> str:
    """One line per untranslated language of a game: how much there is, where to start."""
    first = ", ".join(item.id for item in backlog.missing[:BACKLOG_SHOWN])
    more = f", … (all {backlog.entries}: --format json)" if backlog.entries > BACKLOG_SHOWN else ""
    return (f"{backlog.game}: [backlog] {backlog.lang}: not translated yet, "
            f"{_plural(backlog.entries, 'entry', 'entries')} to translate; in the rulebook's order: {first}{more}")
