"""Import the agot2 Rules Reference seeds into glossary/agot2/<lang>/ (a one-off developer tool).

The plan files beside this script (tools/agot2/<lang>.yaml) are the human decisions: which
printed line starts which entry and under which id (the alignment of the two languages), which
extraction damage is corrected and why, and which printed lines are tables. Everything else is
mechanical, and shared by the other games' importers (tools/import_agot1.py, import_agot_board.py,
import_gp.py): a plan's `heading_marks: true` strips the Markdown heading marks of a seed, and
`numbered_headings: true` takes a heading's printed number ("120. Orden de juego…") as `number`.
tests/test_coverage.py proves the result against the seeds line by line.

Usage: python tools/import_agot2.py [--seeds DIR] [--out DIR]
After the import the glossary is the source of truth: edit entries, not this script.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from judge.core.text import fold  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ICONS = {
    "military", "intrigue", "power", "unique", "stark", "lannister", "baratheon", "greyjoy",
    "tyrell", "martell", "targaryen", "thenightswatch", "shadow",
}
SEE_ALSO = {"es": "Véase también:", "cs": "Související hesla:"}
BULLET = re.compile(r"^(?:- )?[•✦❖♦]\s*|^- ")
NUMBERED = re.compile(r"^(?:\d+|[IVX]+)\.\s")
ICON_OR_BRACKET = re.compile(r"\[([a-z]+)\]|[\[\]]")
HEADING_MARKS = re.compile(r"^\s*#+\s+")
NUMBERED_HEADING = re.compile(r"^(\d+)\.\s+(.+)$")


@dataclass
class Draft:
    id: str
    kind: str
    first: int
    last: int
    heading: bool
    term: str = ""
    redirect: str | None = None
    step: str | None = None
    number: str | None = None  # the number printed before the heading (gp rule groups, board sections)
    aliases: list[str] = field(default_factory=list)
    auto_aliases: bool = True
    corrections: list[dict[str, Any]] = field(default_factory=list)
    lines: list[tuple[int, str]] = field(default_factory=list)
    see_also_line: str | None = None
    see_also: list[str] = field(default_factory=list)



def load_plan(lang: str, game: str = "agot2") -> dict[str, Any]:
    plan: dict[str, Any] = yaml.safe_load((ROOT / "tools" / game / f"{lang}.yaml").read_text("utf-8"))
    exclusions = yaml.safe_load((ROOT / "tests" / "coverage_exclusions.yaml").read_text("utf-8"))
    plan["exclude"] = exclusions.get(plan["doc"], [])
    return plan


def spans(plan: dict[str, Any], n_lines: int) -> list[Draft]:
    """Each entry runs from its start line to the line before the next start or exclusion."""
    starts = sorted([e["line"] for e in plan["entries"]] + [x["from"] for x in plan["exclude"]])
    drafts = []
    for e in plan["entries"]:
        nxt = next((s for s in starts if s > e["line"]), n_lines + 1)
        kind = e.get("kind") or ("redirect" if "redirect" in e else "step" if "step" in e else "entry")
        drafts.append(Draft(
            id=e["id"], kind=kind, first=e["line"], last=nxt - 1, heading="term" not in e,
            term=e.get("term", ""), redirect=e.get("redirect"), step=e.get("step"),
            aliases=list(e.get("aliases", [])),
            auto_aliases=e.get("auto_aliases", kind != "section"),
        ))
    return drafts


def apply_corrections(draft: Draft, seed: list[str], corrections: list[dict[str, Any]]) -> None:
    """Replace each `was` at its line (it may span lines: a paragraph split by a page break)."""
    text_lines = seed[draft.first - 1:draft.last]
    numbered = list(range(draft.first, draft.last + 1))
    mine = [c for c in corrections if draft.first <= c["line"] <= draft.last]
    for c in mine:
        i = numbered.index(c["line"])
        joined = "\n".join(text_lines[i:])
        if c["was"] not in joined:
            sys.exit(f"{draft.id}: line {c['line']}: correction not found: {c['was']!r}")
        new = joined.replace(c["was"], c["now"], 1).split("\n")
        removed = len(text_lines[i:]) - len(new)
        text_lines = text_lines[:i] + new
        numbered = numbered[:i + 1] + numbered[i + 1 + removed:] if removed else numbered
        draft.corrections.append({k: c[k] for k in ("was", "now", "line", "why")})
    draft.lines = list(zip(numbered, text_lines))


def escape(text: str) -> str:
    """Keep icon placeholders; escape printed brackets so Markdown cannot read them as links."""
    def repl(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            return m.group(0) if m.group(1) in ICONS else "\\[" + m.group(1) + "\\]"
        return "\\" + m.group(0)
    return ICON_OR_BRACKET.sub(repl, text)


def to_markdown(draft: Draft, lang: str, markup: dict[str, str], flat_bullets: bool = False) -> str:
    """The body's blocks. With `flat_bullets` (a plan's `flat_bullets: true`: a sheet whose
    bullets are all top-level and wrap over indented lines) an indented bullet is not nested and
    an indented line after a bullet item continues that item."""
    body_lines = draft.lines[1:] if draft.heading else draft.lines
    if draft.heading:
        draft.term = draft.term or draft.lines[0][1].strip()
    blocks: list[list[str]] = []
    open_block: list[str] | None = None  # the paragraph or table that the next line may extend
    bullet: list[str] | None = None  # the bullet item an indented next line continues
    for _, raw in body_lines:
        s = raw.strip()
        row = table_row(s, markup)
        if flat_bullets and bullet is not None and s and raw[:1].isspace() and not BULLET.match(s):
            bullet.append(escape(s))
            continue
        bullet = None
        if not s or s.startswith(SEE_ALSO.get(lang, "\0")):
            draft.see_also_line = s if s else draft.see_also_line
            open_block = None
        elif row is not None:
            if open_block is not None and open_block[0].startswith("|"):
                open_block.extend(row)
            else:
                open_block = list(row)
                if "\t" in s:  # a tab-separated table's first line is its header
                    open_block.append("|" + " --- |" * (s.count("\t") + 1))
                blocks.append(open_block)
        elif BULLET.match(s):
            nested = lang == "es" and len(raw) - len(raw.lstrip()) > 4 and not flat_bullets
            bullet = [("  - " if nested else "- ") + escape(BULLET.sub("", s, count=1))]
            blocks.append(bullet)
            open_block = None
        elif NUMBERED.match(s):
            blocks.append([escape(s)])
            open_block = None
        elif open_block is not None and not open_block[0].startswith("|"):
            open_block.append(escape(s))
        else:
            open_block = [escape(s)]
            blocks.append(open_block)
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def table_row(s: str, markup: dict[str, str]) -> list[str] | None:
    """Markdown for a printed table line: a planned rewrite, a tab-separated row or a pipe row."""
    if s in markup:
        return markup[s].split("\n")
    if s.startswith("|"):
        return [s]
    if "\t" in s:
        cells = [c.strip() for c in s.split("\t")]
        return ["| " + " | ".join(cells) + " |"]
    return None


def printed_names(term: str, aliases: list[str]) -> set[str]:
    """The forms under which a see-also line may print an entry's name."""
    names = {term, *aliases}
    bare = re.sub(r"\s*\([^)]*\)\s*$|:\s*X$", "", term)
    names.add(bare)
    for part in re.split(r", |/| nebo ", bare):
        names.add(part.strip())
    return {fold(n) for n in names if n.strip()}


def auto_aliases(term: str) -> list[str]:
    bare = re.sub(r"\s*\([^)]*\)\s*$", "", term)
    parts = [p.strip() for p in re.split(r", |/", bare) if p.strip()]
    aliases = []
    if bare != term:
        aliases.append(bare)
    if len(parts) > 1:
        head = parts[0]
        for p in parts:
            aliases.append(f"{p} {head}" if re.fullmatch(r"(cartas?|fichas) de", p) else p)
    return [a for a in dict.fromkeys(aliases) if fold(a) != fold(term)]


def resolve_see_also(drafts: list[Draft], lang: str) -> None:
    names: dict[str, str] = {}
    for d in drafts:
        for n in printed_names(d.term, d.aliases):
            names.setdefault(n, d.id)
    by_length = sorted(names, key=len, reverse=True)
    missing = []
    for d in drafts:
        if not d.see_also_line:
            continue
        rest = fold(d.see_also_line[len(SEE_ALSO[lang]):]).replace("/ ", "/")
        while rest := rest.strip(" ,;."):
            hit = next((n for n in by_length if rest.startswith(n) and (len(rest) == len(n) or rest[len(n)] in ",;.")), None)
            if hit is None:
                missing.append(f"{lang}/{d.id}: see-also name not found: {rest!r}")
                rest = rest.partition(",")[2] if lang == "cs" else rest.partition(";")[2]
                continue
            d.see_also.append(names[hit])
            rest = rest[len(hit):]
    if missing:
        sys.exit("\n".join(missing))


def front_matter(d: Draft, doc: str, seed: list[str]) -> str:
    meta: dict[str, Any] = {"id": d.id, "term": d.term}
    if d.aliases:
        meta["aliases"] = d.aliases
    if d.see_also:
        meta["see_also"] = d.see_also
    meta["kind"] = d.kind
    if d.redirect:
        meta["redirect"] = d.redirect
    if d.step:
        meta["step"] = d.step
    if d.number:
        meta["number"] = d.number
    last = max(n for n in range(d.first, d.last + 1) if seed[n - 1].strip())
    meta["source"] = {"doc": doc, "line": d.first, "end": last}
    if d.corrections:
        meta["corrections"] = d.corrections
    dumped = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, default_flow_style=None, width=1000)
    return f"---\n{dumped}---\n"


def unmark_headings(draft: Draft) -> None:
    """Heading marks are layout, not text: a heading inside an entry (a worked example the page
    layout printed inside a rule) becomes a plain paragraph."""
    draft.lines = [(n, HEADING_MARKS.sub("", text)) for n, text in draft.lines]


def take_number(draft: Draft) -> None:
    """A printed heading "120. Orden de juego y prioridades": number "120", the rest the term."""
    if draft.heading and draft.lines:
        found = NUMBERED_HEADING.match(draft.lines[0][1].strip())
        if found:
            draft.number, term = found.groups()
            draft.lines[0] = (draft.lines[0][0], term)


def import_lang(lang: str, seeds: Path, out: Path, game: str = "agot2") -> int:
    plan = load_plan(lang, game)
    seed = (seeds / plan["doc"]).read_text("utf-8").split("\n")
    drafts = spans(plan, len(seed))
    markup = {m["text"]: m["md"] for m in plan.get("markup", [])}
    for d in drafts:
        apply_corrections(d, seed, plan.get("corrections", []))
        if plan.get("heading_marks"):
            unmark_headings(d)
        if plan.get("numbered_headings"):
            take_number(d)
        d.body = to_markdown(d, lang, markup, plan.get("flat_bullets", False))  # type: ignore[attr-defined]
        automatic = auto_aliases(d.term) if d.auto_aliases else []
        d.aliases = list(dict.fromkeys(automatic + d.aliases))
    resolve_see_also(drafts, lang)
    folder = out / lang
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.md"):
        old.unlink()
    for d in drafts:
        text = front_matter(d, plan["doc"], seed) + d.body  # type: ignore[attr-defined]
        (folder / f"{d.id}.md").write_text(unicodedata.normalize("NFC", text), "utf-8")
    return len(drafts)


def parse_args(doc: str | None, game: str) -> argparse.Namespace:
    """--seeds and --out, the same for every importer."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    parser.add_argument("--out", type=Path, default=ROOT / "glossary" / game)
    return parser.parse_args()


def main() -> None:
    args = parse_args(__doc__, "agot2")
    for lang in ("es", "cs"):
        print(f"{lang}: {import_lang(lang, args.seeds, args.out)} entries")


if __name__ == "__main__":
    main()
