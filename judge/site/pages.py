"""The Markdown (with HTML blocks) of the generated pages: entries, "not translated" pages, the
timing charts, the translator view and its coverage table.

Every page's text comes from the glossary; the interface strings (labels such as *Véase también*,
the chart legend) come from judge/core/labels.yaml, shared with the command line. Entry bodies are checked by the
loader (no raw HTML), and every other string from the data is escaped before it reaches a page.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby

import markdown

from judge.core import labels
from judge.glossary.body import _PLACEHOLDER
from judge.translate.checks import Check, Report
from judge.glossary import Glossary, in_document_order
from judge.core.labels import game_title
from judge.core.model import DEFAULT_GAME, LANGS, Block, Entry, Problem
from judge.site.charts import RoundItem, SequenceItem, first_sentence, step_key
from judge.core.text import fold

LANG_NAMES = {"es": "Español", "cs": "Čeština"}

# Interface strings (not rule text). see_also follows each rulebook's own label.
UI: dict[str, dict[str, str]] = labels.all_labels()
TRANSLATOR_UI = {
    "title": "ES ⇄ CS", "coverage": "Cobertura / Pokrytí", "entries": "Entradas / Hesla",
    "missing": "Falta / Chybí", "both": "En ambas / V obou", "concepts": "Conceptos / Pojmy",
    "kind": "Tipo / Druh", "block": "¶",
    "status": "Estado de la traducción / Stav překladu",
    "generated": "Generado al construir el sitio con / Vygenerováno při sestavení webu příkazem",
    "findings": "hallazgos / nálezů", "in_entries": "en entradas / v heslech",
    "not_run": "No se ejecuta al construir el sitio / Při sestavení webu se nespouští",
    "by_check": "Por comprobación / Podle kontroly", "check": "Comprobación / Kontrola",
    "severity": "Gravedad / Závažnost", "what": "Qué busca / Co hledá", "total": "Total / Celkem",
    "by_entry": "Por entrada / Podle hesla", "where": "Archivo / Soubor", "message": "Mensaje / Zpráva",
    "no_findings": "Ningún hallazgo / Žádné nálezy", "no_entry": "Sin entrada / Bez hesla",
    "status_link": "Informe de `judge check` por entrada / Zpráva `judge check` podle hesel",
    "game": "Reglamento / Pravidla", "translated": "Traducido / Přeloženo",
}
ICON_TITLES = {
    "military": "Militar / Vojenská", "intrigue": "Intriga / Intrikářská", "power": "Poder / Mocenská",
    "unique": "Único / Unikátní", "shadow": "Sombra / Stín",
}

_MD = markdown.Markdown(extensions=["tables"])
# Material's content-copy icon, inline: no icon font to load.
_COPY_ICON = ('<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1m3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m0 16H8V7h11v14z"/></svg>')


# -- paths ----------------------------------------------------------------------------------

def entry_src(lang: str, game: str, entry_id: str) -> str:
    return f"{lang}/{game}/{entry_id}.md"


def page_url(src: str) -> str:
    """The URL of a page (use_directory_urls): es/agot2/cancel.md → es/agot2/cancel/."""
    stem = src[:-3]
    if stem == "index" or stem.endswith("/index"):
        return stem[:-5]
    return stem + "/"


def rel(from_src: str, to: str) -> str:
    """A link from page `from_src` to a page src (.md) or an asset path, relative."""
    target = page_url(to) if to.endswith(".md") else to
    base = page_url(from_src)
    link = posixpath.relpath(target or ".", base or ".")
    return link + "/" if target.endswith("/") and not link.endswith("/") else link


# -- text -----------------------------------------------------------------------------------

@lru_cache(maxsize=16384)  # each block is rendered for its entry page and its side-by-side view
def markdown_html(text: str, icon_prefix: str) -> str:
    """One block's Markdown as HTML, icons as images. Bodies hold no raw HTML (the loader refuses
    it); Markdown images become their alt text (the site loads nothing from elsewhere) and links
    with a script scheme lose their target."""
    with_tokens = _PLACEHOLDER.sub(lambda m: f"{_TOKEN}{m.group(1)}{_TOKEN}", text)
    _MD.reset()
    rendered = _MD.convert(with_tokens)
    rendered = _IMG.sub(lambda m: html.escape(html.unescape(m.group(1))), rendered)
    rendered = _SCRIPT_HREF.sub('href="#"', rendered)
    rendered = re.sub(rf"{_TOKEN}([a-z]+){_TOKEN}", lambda m: _icon(m.group(1), icon_prefix), rendered)
    return re.sub(r"\n\s*\n", "\n", rendered)


_TOKEN = "JUDGEICON"
_IMG = re.compile(r'<img[^>]*?alt="([^"]*)"[^>]*>')
_SCRIPT_HREF = re.compile(r'href="\s*(?:javascript|vbscript|data):[^"]*"', re.I)


def inline_html(text: str, icon_prefix: str) -> str:
    rendered = markdown_html(text, icon_prefix)
    return re.sub(r"^<p>(.*)</p>$", r"\1", rendered, flags=re.S)


def _icon(name: str, prefix: str) -> str:
    title = ICON_TITLES.get(name, name.capitalize())
    return (f'<img class="judge-icon" src="{prefix}assets/icons/{name}.svg" '
            f'alt="[{name}]" title="{html.escape(title)}">')


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _md_link_text(text: str) -> str:
    return re.sub(r"([\[\]\\*_`])", r"\\\1", text)


def display_title(text: str) -> str:
    """Box labels printed in capitals (OKNA AKCÍ) read better as a sentence on screen."""
    return text.capitalize() if text.isupper() else text


# -- entry pages ----------------------------------------------------------------------------

def entry_page(glossary: Glossary, entry: Entry, place: Place | None = None) -> str:
    """The page of one entry: term, its A-Z letter, aliases, numbered blocks with anchors and
    citations, see-also, redirect target, source and corrections, then the entries before and
    after it in the rulebook (`place`; its breadcrumbs are the page's meta, judge/site.py)."""
    ui = UI[entry.lang]
    src = entry_src(entry.lang, entry.game, entry.id)
    prefix = rel(src, "x")[:-1]
    parts = [f"# {_md_heading(numbered_term(entry))}\n", _draft_html(glossary, entry, src)]
    if place is not None:
        parts.append(f'<p class="judge-letter"><a href="{rel(src, place.a_to_z)}#{place.anchor}">'
                     f'{_e(place.a_to_z_label)} · {_e(place.letter)}</a></p>\n')
    if entry.aliases:
        parts.append(f'<p class="judge-aliases">{ui["aliases"]}: '
                     + ", ".join(f"<em>{_e(a)}</em>" for a in entry.aliases) + "</p>\n")
    if entry.kind == "step" and entry.step:
        round_link = rel(src, round_src(entry.lang, entry.game)) + f"#s-{entry.step.replace('.', '-')}"
        parts.append(f'<p class="judge-step-badge"><a href="{round_link}">{ui["step"]} {entry.step}</a></p>\n')
    parts.append(blocks_html(entry.term, entry.blocks, prefix, ui["cite"]))
    if entry.kind == "redirect":
        target = glossary.resolve(entry)
        if target is not None:
            link = entry_src(target.lang, target.game, target.id)
            parts.append(f'<p class="judge-redirect">{ui["redirect"]} '
                         f'<a href="{rel(src, link)}">{_e(target.term)}</a></p>\n')
    if entry.see_also:
        parts.append(f"## {ui['see_also']} {{ #see-also }}\n")
        for see in glossary.view(entry).links:
            # A Markdown link to the .md page, so MkDocs checks it (--strict fails on a broken one).
            parts.append(f"- [{_md_link_text(see.term)}]({see.id}.md)")
        parts.append("")
    parts.append(_source_html(entry, ui))
    parts.append(_corrections_html(entry, ui))
    parallel = rel(src, f"translate/{entry.game}/{entry.id}.md")
    parts.append(f'<p class="judge-parallel-link"><a href="{parallel}">{ui["translator"]}: ES ⇄ CS</a></p>\n')
    if place is not None:
        parts.append(_pager(src, place, ui))
    return "\n".join(p for p in parts if p)


def _draft_html(glossary: Glossary, entry: Entry, src: str) -> str:
    """A draft translation (`judge translate import`) says so above its text and links the
    original, the entry in the language it was translated from."""
    if entry.status != "draft":
        return ""
    ui = UI[entry.lang]
    originals = [e for lang, e in glossary.variants(entry.game, entry.id).items() if lang != entry.lang and e.status is None]
    links = "".join(f'<p>{ui["draft_original"]}: <a href="{rel(src, entry_src(o.lang, o.game, o.id))}" hreflang="{o.lang}">'
                    f"{LANG_NAMES[o.lang]} — {_e(o.term)}</a></p>" for o in originals)
    origin = (f'<p class="judge-draft-origin"><code>{_e(entry.origin.file)}</code> · {_e(entry.origin.imported)}</p>'
              if entry.origin else "")
    return (f'<div class="judge-draft" data-status="draft"><p><strong>{ui["draft"]}</strong> · {ui["draft_note"]}</p>'
            f"{links}{origin}</div>\n")


@dataclass(frozen=True)
class Place:
    """Where an entry stands in its rulebook: the section it is printed under, the entries
    printed before and after it, and its letter on the A-Z page (`a_to_z`: that page's src)."""

    section: Entry | None
    previous: Entry | None
    next: Entry | None
    letter: str
    anchor: str
    a_to_z: str
    a_to_z_label: str


def places(glossary: Glossary, game: str, lang: str) -> dict[str, Place]:
    """Each entry of `game` in `lang` with its place: the rulebook's printed order (source
    line), an entry's section the last `kind: section` entry before it. A step's A-Z place is
    the glossary index's list of steps (agot2 lists steps there, not under a letter)."""
    ui = UI[lang]
    ordered = in_document_order([e for e in glossary.entries if e.game == game and e.lang == lang])
    index = f"{lang}/glossary.md" if game == DEFAULT_GAME else game_src(lang, game)
    label = ui["glossary"] if game == DEFAULT_GAME else ui["a_to_z"]
    found: dict[str, Place] = {}
    section: Entry | None = None
    for n, entry in enumerate(ordered):
        if entry.kind == "section":
            section = entry
        initial = letter_of(entry)
        anchor = "steps" if game == DEFAULT_GAME and entry.kind == "step" else f"letter-{initial.lower()}"
        found[entry.id] = Place(
            section=section if entry.kind != "section" and entry.source is not None else None,
            previous=ordered[n - 1] if n else None,
            next=ordered[n + 1] if n + 1 < len(ordered) else None,
            letter=ui["in_round"] if anchor == "steps" else initial, anchor=anchor,
            a_to_z=index, a_to_z_label=label)
    return found


def letter_of(entry: Entry) -> str:
    """The entry's letter on the A-Z pages (as `a_to_z` groups it)."""
    return (fold(entry.term)[:1] or "#").upper()


def crumbs(entry: Entry, place: Place | None) -> list[dict[str, str]]:
    """The breadcrumbs of an entry page, from the site's root: language home, rulebook, section."""
    ui = UI[entry.lang]
    out = [{"title": ui["home"], "url": page_url(f"{entry.lang}/index.md")},
           {"title": game_title(entry.game, entry.lang), "url": page_url(game_src(entry.lang, entry.game))}]
    if place is not None and place.section is not None:
        out.append({"title": display_title(numbered_term(place.section)),
                    "url": page_url(entry_src(entry.lang, entry.game, place.section.id))})
    return out


def _pager(src: str, place: Place, ui: dict[str, str]) -> str:
    """Previous and next entry in the rulebook's printed order."""
    links = []
    for rel_name, arrow, entry in (("prev", "←", place.previous), ("next", "→", place.next)):
        if entry is None:
            continue
        label = ui["previous"] if rel_name == "prev" else ui["next"]
        href = rel(src, entry_src(entry.lang, entry.game, entry.id))
        links.append(f'<a class="judge-pager-{rel_name}" rel="{rel_name}" href="{href}">'
                     f'<span class="judge-pager-dir">{arrow} {label}</span> '
                     f'<span class="judge-pager-term">{_e(numbered_term(entry))}</span></a>')
    return f'<nav class="judge-pager" aria-label="{_e(ui["pager"])}">{"".join(links)}</nav>\n' if links else ""


def _md_heading(text: str) -> str:
    return text.replace("#", "\\#")


def blocks_html(term: str, blocks: Sequence[Block], prefix: str, cite_label: str) -> str:
    """Each block as a div with anchor #pN, its number as a link, and a copy-citation button."""
    rows = ['<div class="judge-body">']
    for block in blocks:
        cite = f"{term} ¶{block.n}"
        marker = "" if block.kind in ("paragraph", "table") else f'<span class="judge-marker">{_e(block.marker if block.kind == "numbered" else "•")}</span>'
        rows.append(
            f'<div class="judge-block judge-{block.kind}" id="p{block.n}" style="--depth:{block.depth}">'
            f'<a class="judge-n" href="#p{block.n}" title="{_e(cite)}">¶{block.n}</a>'
            f'<div class="judge-text">{marker}{markdown_html(block.text, prefix)}</div>'
            f'<button class="judge-cite" type="button" data-cite="{_e(cite)}" '
            f'title="{_e(cite_label)}: {_e(cite)}" aria-label="{_e(cite_label)}">{_COPY_ICON}</button></div>'
        )
    rows.append("</div>\n")
    return "\n".join(rows)


def _source_html(entry: Entry, ui: dict[str, str]) -> str:
    if entry.source is None:
        return ""
    span = f"{entry.source.line}" + (f"–{entry.source.end}" if entry.source.end else "")
    return (f'<p class="judge-source">{ui["source"]}: <code>{_e(entry.source.doc)}</code>, '
            f'{ui["line"]} {span} · <code>glossary/{entry.game}/{entry.lang}/{entry.path.name}</code></p>\n')


def _corrections_html(entry: Entry, ui: dict[str, str]) -> str:
    if not entry.corrections:
        return ""
    rows = "".join(
        f"<tr><td>{_e(c.was)}</td><td>{_e(c.now)}</td><td>{c.line or ''}</td><td>{_e(c.why or '')}</td></tr>"
        for c in entry.corrections
    )
    return (f'<details class="judge-corrections"><summary>{ui["corrections"]} ({len(entry.corrections)})</summary>'
            f'<table><thead><tr><th>{ui["was"]}</th><th>{ui["now"]}</th><th>{ui["line"]}</th>'
            f'<th>{ui["why"]}</th></tr></thead><tbody>{rows}</tbody></table></details>\n')


def missing_page(other: Entry, lang: str) -> str:
    """The page where `lang` lacks the entry: says so and links the existing language."""
    ui = UI[lang]
    src = entry_src(lang, other.game, other.id)
    link = rel(src, entry_src(other.lang, other.game, other.id))
    return (f"# {_md_heading(other.term)}\n\n"
            f'<div class="judge-missing" data-missing="{lang}"><p>{ui["not_translated"]}</p>'
            f'<p>{ui["read_in"]}: <a href="{link}" hreflang="{other.lang}">'
            f"{LANG_NAMES[other.lang]} — {_e(other.term)}</a></p></div>\n")


# -- timing ---------------------------------------------------------------------------------

def round_page(items: Sequence[RoundItem], lang: str, game: str, appendix: bool = True,
               card: str | None = None) -> str:
    """The round as a chart: phases, then their steps and windows in order, in the colour code.
    `appendix`: the game has the `appendix-i` entry the colour code cites; `card`: the path of
    its printable card (PDF) in the site, if the build makes one."""
    ui = UI[lang]
    src = round_src(lang, game)
    out = [f"# {ui['round']}\n", card_link(src, card, ui),
           _legend(ui, items, rel(src, entry_src(lang, game, "appendix-i")) if appendix else None)]
    if not items:
        return "\n".join(out)
    out.append('<ol class="judge-round">')
    open_sub = False
    for item in items:
        if item.kind == "phase":
            if open_sub:
                out.append("</ol></li>")
                open_sub = False
            if out[-1] != '<ol class="judge-round">':
                out.append("</ol></li>")
            title = _linked(src, lang, game, item.entry, f"{item.id}. {item.title}")
            out.append(f'<li class="judge-phase" id="phase-{item.id}"><h2>{title}</h2><ol class="judge-steps">')
            continue
        if item.depth == 0 and open_sub:
            out.append("</ol></li>")
            open_sub = False
        box = _box(src, lang, game, item, ui)
        if item.kind == "step" and _has_children(items, item):
            out.append(box[:-5] + '<ol class="judge-steps judge-sub">')
            open_sub = True
        else:
            out.append(box)
    if open_sub:
        out.append("</ol></li>")
    out.append("</ol></li></ol>\n")
    return "\n".join(out)


def _has_children(items: Sequence[RoundItem], item: RoundItem) -> bool:
    return any(i.kind == "step" and i.id and i.id.startswith(f"{item.id}.") for i in items)


def _anchor(framework_id: str) -> str:
    """The chart's anchor of a framework item: 4.2.1 → s-4-2-1, after-4.1 → w-4-1."""
    if framework_id.startswith("after-"):
        return "w-" + framework_id.removeprefix("after-").replace(".", "-")
    return "s-" + framework_id.replace(".", "-")


def _box(src: str, lang: str, game: str, item: RoundItem, ui: dict[str, str]) -> str:
    if item.kind == "step":
        classes = ["judge-box", "judge-box-step"]
        badges = ""
        if item.melee_only:
            classes.append("judge-box-melee")
            badges += f' <span class="judge-badge">{ui["melee_only"]}</span>'
        if item.loop:
            classes.append("judge-box-loop")
            target = item.loop.removeprefix("after-")
            where = f'{ui["window"]} {target}' if item.loop.startswith("after-") else target
            badges += (f' <a class="judge-badge judge-loop-to" href="#{_anchor(item.loop)}" '
                       f'data-loop="{_e(item.loop)}">↺ {ui["loop_to"]} {_e(where)}</a>')
        label = f'<span class="judge-num">{item.id}</span> {_e(item.title)}'
        sub_html = _substeps_html(src, lang, game, item)
        return (f'<li class="{" ".join(classes)}" id="{_anchor(item.id or "")}" data-kind="step" data-step="{item.id}">'
                f'{_linked(src, lang, game, item.entry, label, escape=False)}{badges}{sub_html}</li>')
    special = " judge-box-special" if item.kind == "special-action-window" else ""
    label = _e(display_title(item.title))
    return (f'<li class="judge-box judge-box-window{special}" id="{_anchor(f"after-{item.id}")}" '
            f'data-kind="{item.kind}" data-after="{item.id}">'
            f'{_linked(src, lang, game, item.entry, label, escape=False)}</li>')


def _substeps_html(src: str, lang: str, game: str, item: RoundItem) -> str:
    """The sub-steps of a step (1.3 I, II, III), each linking to the block it cites."""
    rows = []
    for sub in item.substeps:
        label = f"{_e(sub.id)}. {_e(sub.title)}"
        cite = sub.cites[0] if sub.cites else None
        if cite is not None:
            label = f'<a href="{rel(src, entry_src(lang, game, cite.id))}#p{cite.para}">{label}</a>'
        rows.append(f'<li data-substep="{_e(sub.id)}">{label}</li>')
    return f'<ol class="judge-substeps">{"".join(rows)}</ol>' if rows else ""


def _linked(src: str, lang: str, game: str, entry_id: str | None, label: str, escape: bool = True) -> str:
    text = _e(label) if escape else label
    if entry_id is None:
        return text
    return f'<a href="{rel(src, entry_src(lang, game, entry_id))}">{text}</a>'


def card_link(src: str, card: str | None, ui: dict[str, str]) -> str:
    """The link to the game's printable timing card (a PDF in the site), when there is one."""
    if card is None:
        return ""
    return (f'<p class="judge-card-link"><a href="{rel(src, card)}" type="application/pdf" download>'
            f'{_e(ui["card"])}</a></p>\n')


def _legend(ui: dict[str, str], chart: Sequence[RoundItem], appendix: str | None) -> str:
    """The colour code of the kinds of box this chart has (a game without windows, melee-only
    steps or loops shows none of them); a window is named as the game names it."""
    window = next((display_title(i.title) for i in chart if i.kind not in ("phase", "step")), None)
    shown = (("step", ui["legend_step"], any(i.kind == "step" for i in chart)),
             ("window", window, window is not None),
             ("melee", ui["legend_melee"], any(i.melee_only for i in chart)),
             ("loop", ui["legend_loop"], any(i.loop for i in chart)))
    items = "".join(f'<li class="judge-legend-{k}">{_e(label or "")}</li>' for k, label, present in shown if present)
    note = f'<p class="judge-legend-note"><a href="{appendix}#p1">{ui["colour_code"]}</a></p>\n' if appendix else ""
    return f'<ul class="judge-legend" aria-label="{ui["colour_code"]}">{items}</ul>\n' + note


def sequence_page(items: Sequence[SequenceItem], entry: Entry | None, lang: str, game: str,
                  card: str | None = None) -> str:
    """The seven-step triggering-condition sequence as a chart, each step citing its paragraph."""
    ui = UI[lang]
    src = f"{lang}/timing/sequence.md"
    out = [f"# {ui['sequence']}\n"]
    if entry is None:
        return out[0]
    out.append(card_link(src, card, ui))
    link = rel(src, entry_src(lang, game, entry.id))
    out.append(f'<p>{ui["sequence_intro"]} <a href="{link}">{_e(entry.term)}</a>.</p>\n')
    out.append('<ol class="judge-sequence">')
    prefix = rel(src, "x")[:-1]
    for item in items:
        kind = "judge-box-window" if item.window else "judge-box-step"
        out.append(
            f'<li class="judge-box {kind}" data-n="{item.n}" data-window="{str(item.window).lower()}">'
            f'<span class="judge-num">{item.n}</span> '
            f'<strong>{inline_html(first_sentence(item.text), prefix)}</strong>'
            # The cite's link sits beside the summary, not in it: a link inside <summary> is
            # an interactive element in another (axe-core: nested-interactive).
            f'<details><summary>{_e(entry.term)} ¶{item.para}</summary>'
            f'{markdown_html(item.text, prefix)}<p class="judge-seq-cite"><a href="{link}#p{item.para}">'
            f"{_e(entry.term)} ¶{item.para}</a></p></details></li>"
        )
    out.append("</ol>\n")
    return "\n".join(out)


# -- translator view -----------------------------------------------------------------------

def translator_page(glossary: Glossary, game: str, entry_id: str) -> str:
    """One concept with Spanish and Czech side by side, aligned by block number."""
    variants = glossary.variants(game, entry_id)
    src = f"translate/{game}/{entry_id}.md"
    prefix = rel(src, "x")[:-1]
    heading = " ⇄ ".join(variants[lang].term if lang in variants else "—" for lang in LANGS)
    out = [f"# {_md_heading(heading)}\n", '<div class="judge-parallel">', '<div class="judge-row judge-row-head">',
           f'<div class="judge-cell judge-n">{TRANSLATOR_UI["block"]}</div>']
    for lang in LANGS:
        entry = variants.get(lang)
        link = (f'<a href="{rel(src, entry_src(lang, game, entry_id))}" hreflang="{lang}">{_e(entry.term)}</a>'
                if entry else "—")
        out.append(f'<div class="judge-cell" lang="{lang}"><strong>{LANG_NAMES[lang]}</strong>: {link}</div>')
    out.append("</div>")
    count = max((len(e.blocks) for e in variants.values()), default=0)
    for n in range(1, count + 1):
        out.append(f'<div class="judge-row" id="p{n}"><div class="judge-cell judge-n">¶{n}</div>')
        for lang in LANGS:
            entry = variants.get(lang)
            block = entry.blocks[n - 1] if entry and n <= len(entry.blocks) else None
            text = markdown_html(block.text, prefix) if block else '<p class="judge-gap">—</p>'
            marker = f'<span class="judge-marker">{_e(block.marker)}</span>' if block and block.kind == "numbered" else ""
            out.append(f'<div class="judge-cell" lang="{lang}">{marker}{text}</div>')
        out.append("</div>")
    out.append("</div>\n")
    return "\n".join(out)


def coverage_page(glossary: Glossary, games: Sequence[str]) -> str:
    """Coverage per game, then per game the entries missing in each language and every concept
    with its parallel page."""
    out = [f"# {TRANSLATOR_UI['title']}\n", f"[{TRANSLATOR_UI['status_link']}](status.md)\n",
           f"## {TRANSLATOR_UI['coverage']} {{ #coverage }}\n", *coverage_table(glossary, games, "")]
    for game in games:
        out += _game_concepts(glossary, game)
    return "\n".join(out) + "\n"


def _game_concepts(glossary: Glossary, game: str) -> list[str]:
    ids = glossary.ids(game)
    out = [f"## {_md_heading(game_title(game, 'es'))} {{ #game-{game} }}\n"]
    for lang in LANGS:
        missing = [i for i in ids if glossary.get(game, lang, i) is None]
        if missing:
            out.append(f"### {TRANSLATOR_UI['missing']}: {LANG_NAMES[lang]} ({len(missing)}) {{ #missing-{game}-{lang} }}\n")
            out += [f"- [{_md_link_text(_any_term(glossary, game, i))}]({game}/{i}.md) `{i}`" for i in missing]
            out.append("")
    out.append(f"### {TRANSLATOR_UI['concepts']} {{ #concepts-{game} }}\n")
    out.append(f"| id | {TRANSLATOR_UI['kind']} | {' | '.join(LANG_NAMES[lang] for lang in LANGS)} |")
    out.append("| --- | --- |" + " --- |" * len(LANGS))
    for i in ids:
        variants = glossary.variants(game, i)
        kind = next(iter(variants.values())).kind
        terms = " | ".join(_md_cell(variants[lang].term) if lang in variants else "—" for lang in LANGS)
        out.append(f"| [`{i}`]({game}/{i}.md) | {kind} | {terms} |")
    out.append("")
    return out


def status_page(glossary: Glossary, reports: dict[str, Report], checks: Sequence[Check],
                not_run: dict[str, str]) -> str:
    """The Translation status page: coverage per game, findings per check and language, and per
    game the `judge check --game` report grouped by entry, each entry linking to its pages in
    both languages and to its side-by-side view. `not_run`: check id → why the build did not run it."""
    t = TRANSLATOR_UI
    problems = [p for report in reports.values() for p in report.problems]
    found = {game: report.by_entry() for game, report in reports.items()}
    entries = sum(len([i for i in by_entry if i]) for by_entry in found.values())
    skips = f" --skip {','.join(not_run)}" if not_run else ""
    out = [f"# {t['status']}\n",
           f'<p class="judge-status-summary">{t["generated"]} <code>judge check{skips}</code>: '
           f'<strong>{len(problems)}</strong> {t["findings"]}, <strong>{entries}</strong> {t["in_entries"]}.</p>\n']
    for check_id, why in not_run.items():
        out.append(f'<p class="judge-status-skipped" data-skipped="{_e(check_id)}">{t["not_run"]}: '
                   f'<code>{_e(check_id)}</code> ({_e(why)}). <code>judge check --only {_e(check_id)}</code></p>\n')
    out += [f"## {t['coverage']} {{ #coverage }}\n", *coverage_table(glossary, list(reports), "index.md")]
    # Findings per check and language; a check not run says so rather than 0.
    out += [f"## {t['by_check']} {{ #checks }}\n",
            f"| {t['check']} | {t['severity']} | {t['what']} | {' | '.join(LANG_NAMES[lang] for lang in LANGS)} | {t['total']} |",
            "| --- | --- | --- |" + " --- |" * (len(LANGS) + 1)]
    per = Counter((p.check, p.lang) for p in problems)
    for check in checks:
        if check.id in not_run:
            cells = ["—"] * (len(LANGS) + 1)
        else:
            cells = [str(per[(check.id, lang)]) for lang in LANGS] + [str(sum(n for (c, _), n in per.items() if c == check.id))]
        out.append(f"| `{check.id}` | {check.severity} | {_md_cell(check.explanation)} | {' | '.join(cells)} |")
    out.append("")
    out.append(f"## {t['by_entry']} {{ #entries }}\n")
    if not problems:
        out.append(f'<p class="judge-status-clean">{t["no_findings"]}</p>\n')
    for game, by_entry in found.items():
        if by_entry:
            out.append(f"### {_md_heading(game_title(game, 'es'))} {{ #status-{game} }}\n")
        for entry_id in sorted(by_entry, key=lambda i: (i == "", i)):
            out.append(_status_entry(glossary, game, entry_id, by_entry[entry_id]))
    return "\n".join(out) + "\n"


def _status_entry(glossary: Glossary, game: str, entry_id: str, langs: dict[str, tuple[Problem, ...]]) -> str:
    t = TRANSLATOR_UI
    variants = glossary.variants(game, entry_id) if entry_id else {}
    if variants:
        heading = " ⇄ ".join(variants[lang].term if lang in variants else "—" for lang in LANGS)
        # A language the game has no entry in has its "not translated yet" page instead.
        pages = {lang: entry_src(lang, game, entry_id) if lang in glossary.langs(game) else game_src(lang, game)
                 for lang in LANGS}
        links = " · ".join([*(f"[{LANG_NAMES[lang]}](../{pages[lang]})" for lang in LANGS),
                            f"[{t['title']}]({game}/{entry_id}.md)"])
        head = (f"#### {_md_heading(heading)} {{ #e-{game}-{entry_id} data-entry=\"{entry_id}\" data-game=\"{game}\" }}"
                f"\n\n`{entry_id}` · {links}\n")
    else:
        head = f"#### {entry_id or t['no_entry']} {{ #e-{game}-{entry_id or 'none'} }}\n"
    rows = []
    for lang in sorted(langs, key=lambda lang: LANGS.index(lang) if lang in LANGS else len(LANGS)):
        for p in langs[lang]:
            where = p.file if p.line is None else f"{p.file}:{p.line}"
            rows.append(f'<li class="judge-status-{_e(p.severity)}" data-check="{_e(p.check)}" data-lang="{_e(lang)}">'
                        f'<span class="judge-status-lang">{_e(lang)}</span> <code>{_e(p.check)}</code> '
                        f'<span class="judge-status-message">{_e(p.message)}</span> '
                        f'<code class="judge-status-where">{_e(where)}</code></li>')
    table = f'<ul class="judge-status">{"".join(rows)}</ul>\n'
    return head + "\n" + table


def _any_term(glossary: Glossary, game: str, entry_id: str) -> str:
    return next(iter(glossary.variants(game, entry_id).values())).term


def _md_cell(text: str) -> str:
    return _md_link_text(text).replace("|", "\\|")


# -- glossary index ------------------------------------------------------------------------

def glossary_page(glossary: Glossary, game: str, lang: str) -> str:
    """Every entry of `lang` from A to Z under its initial, then the round's steps in order;
    redirects point at their target."""
    ui = UI[lang]
    entries = [e for e in glossary.entries if e.game == game and e.lang == lang]
    out = [f"# {ui['glossary']}\n", *a_to_z(glossary, [e for e in entries if e.kind != "step"], f"{game}/", "##")]
    steps = sorted((e for e in entries if e.kind == "step" and e.step), key=lambda e: step_key(e.step or "0"))
    out.append(f"## {ui['in_round']} {{ #steps }}\n")
    out += [f"- [{_md_link_text(e.term)}]({game}/{e.id}.md)" for e in steps]
    return "\n".join(out) + "\n"


# -- games: one section per rulebook ----------------------------------------------------------

def numbered_term(entry: Entry) -> str:
    """The heading as the rulebook prints it: "120. Term" where it numbers its rules."""
    return f"{entry.number}. {entry.term}" if entry.number else entry.term


def game_src(lang: str, game: str) -> str:
    """A game's home page in `lang`: es/gp/index.md → es/gp/."""
    return f"{lang}/{game}/index.md"


def round_src(lang: str, game: str) -> str:
    """A game's round chart: agot2's keeps its address (es/timing/round/), another game's is in
    its own section (es/gp/timing/round/; no entry id has a slash, so it never clashes)."""
    return f"{lang}/timing/round.md" if game == DEFAULT_GAME else f"{lang}/{game}/timing/round.md"


def md_rel(from_src: str, to_src: str) -> str:
    """A Markdown link between two page sources (MkDocs checks it under --strict)."""
    return posixpath.relpath(to_src, posixpath.dirname(from_src))


def a_to_z(glossary: Glossary, entries: Sequence[Entry], link_prefix: str, level: str) -> list[str]:
    """`entries` from A to Z under their initials (headings of `level`); redirects point at
    their target. Links are `link_prefix` + id.md."""
    ordered = sorted(entries, key=lambda e: fold(e.term))
    label = UI[ordered[0].lang]["letters"] if ordered else "A–Z"
    out = [letter_bar([letter_of(e) for e in ordered], label)]
    for initial, group in groupby(ordered, key=letter_of):
        out.append(f"{level} {initial} {{ #letter-{initial.lower()} }}\n")
        for entry in group:
            target = glossary.resolve(entry) if entry.kind == "redirect" else None
            arrow = (f" → [{_md_link_text(target.term)}]({link_prefix}{target.id}.md)"
                     if target and target.lang == entry.lang else "")
            out.append(f"- [{_md_link_text(numbered_term(entry))}]({link_prefix}{entry.id}.md){arrow}")
        out.append("")
    return out


def letter_bar(letters: Sequence[str], label: str) -> str:
    """Links to each letter's heading of an A-Z list, in its order."""
    seen = list(dict.fromkeys(letters))
    links = "".join(f'<a href="#letter-{_e(x.lower())}">{_e(x)}</a>' for x in seen)
    return f'<nav class="judge-letters" aria-label="{_e(label)}">{links}</nav>\n'


def game_home_page(glossary: Glossary, game: str, lang: str, pages: Sequence[tuple[str, str]]) -> str:
    """A game's home in `lang`: its rulebook's title, its other pages (`pages`: label, src),
    its entries in the rulebook's order and from A to Z."""
    ui = UI[lang]
    src = game_src(lang, game)
    entries = [e for e in glossary.entries if e.game == game and e.lang == lang]
    out = [f"# {_md_heading(game_title(game, lang))}\n",
           f'<p class="judge-game-count" data-game="{_e(game)}">{ui["game_entries"]}: {len(entries)}</p>\n']
    out += [f"- **[{_md_link_text(label)}]({md_rel(src, page)})**" for label, page in pages]
    out.append(f'- **<a class="judge-game-search" href="{rel(src, f"{lang}/search.md")}?game={_e(game)}">{ui["search"]}</a>**')
    out += ["", f"## {ui['in_order']} {{ #in-order }}\n", '<div class="judge-game-order" markdown>\n']
    out += _in_order(glossary, game, lang, entries)
    out += ["\n</div>\n", f"## {ui['a_to_z']} {{ #a-z }}\n", *a_to_z(glossary, entries, "", "###")]
    return "\n".join(out) + "\n"


def _in_order(glossary: Glossary, game: str, lang: str, entries: Sequence[Entry]) -> list[str]:
    """The entries in the rulebook's order. A translation made here (`status`) has no source
    line: it takes its original's place, drafts marked. While a language is being translated
    here (none of its entries printed), the entries it lacks are listed too, in the original's
    words, linking their "not translated" pages."""
    ui = UI[lang]
    mine = {e.id: e for e in entries}
    printed = in_document_order(e for e in glossary.entries if e.game == game and e.status is None and e.lang != lang)
    if not any(e.status is not None for e in entries):
        return [f"- [{_md_link_text(numbered_term(e))}]({e.id}.md)" for e in in_document_order(entries)]
    translating = all(e.status is not None for e in entries)
    order = list(dict.fromkeys([*(e.id for e in printed), *(e.id for e in in_document_order(entries))]))
    originals = {e.id: e for e in reversed(printed)}
    lines = []
    for entry_id in order:
        entry = mine.get(entry_id)
        if entry is not None:
            badge = f' <span class="judge-badge judge-draft-badge">{ui["draft"]}</span>' if entry.status == "draft" else ""
            lines.append(f"- [{_md_link_text(numbered_term(entry))}]({entry_id}.md){badge}")
        elif translating and (original := originals.get(entry_id)) is not None:
            lines.append(f'- [{_md_link_text(numbered_term(original))}]({entry_id}.md) '
                         f'<span class="judge-untranslated-badge">{ui["untranslated"]}</span>')
    return lines


def game_missing_page(glossary: Glossary, game: str, lang: str, other: str) -> str:
    """A game with no entry in `lang`: says the rulebook is not translated yet and lists its
    entries in `other`, in the rulebook's order, linking there."""
    ui = UI[lang]
    src = game_src(lang, game)
    entries = in_document_order([e for e in glossary.entries if e.game == game and e.lang == other])
    home = rel(src, game_src(other, game))
    out = [f"# {_md_heading(game_title(game, lang))}\n",
           f'<div class="judge-missing judge-game-missing" data-missing="{lang}" data-game="{_e(game)}">'
           f'<p>{ui["game_not_translated"]}</p><p>{ui["game_read_in"]}: <a href="{home}" hreflang="{other}">'
           f"{LANG_NAMES[other]} — {_e(game_title(game, other))}</a></p></div>\n"]
    out += [f"- [{_md_link_text(numbered_term(e))}]({md_rel(src, entry_src(other, game, e.id))})" for e in entries]
    return "\n".join(out) + "\n"


def coverage_table(glossary: Glossary, games: Sequence[str], link: str) -> list[str]:
    """One row per game: its concepts, entries per language, in both, and the share in both
    (translated); each game names its section of the translator view (`link`: that page)."""
    t = TRANSLATOR_UI
    out = [f"| {t['game']} | {t['concepts']} | {' | '.join(LANG_NAMES[lang] for lang in LANGS)} | {t['both']} | {t['translated']} |",
           "| --- | --- |" + " --- |" * (len(LANGS) + 2)]
    for game in games:
        ids = glossary.ids(game)
        counts = [sum(1 for i in ids if glossary.get(game, lang, i)) for lang in LANGS]
        both = sum(1 for i in ids if all(glossary.get(game, lang, i) for lang in LANGS))
        share = f"{100 * both / len(ids):.0f} %" if ids else "—"
        name = f"[{_md_link_text(game_title(game, 'es'))}]({link}#game-{game})"
        out.append(f"| {name} `{game}` | {len(ids)} | {' | '.join(map(str, counts))} | {both} | {share} |")
    out.append("")
    return out


def games_list(glossary: Glossary, lang: str) -> str:
    """The home page's list of the rulebooks (appended to the hand-written docs/<lang>/index.md,
    which cannot know the games of the glossary being built), each linking its section."""
    ui = UI[lang]
    out = [f"\n## {ui['games']} {{ #games }}\n"]
    for game in glossary.games():
        count = sum(1 for e in glossary.entries if e.game == game and e.lang == lang)
        note = f"{ui['game_entries']}: {count}" if count else ui["game_not_translated"]
        out.append(f"- **[{_md_link_text(game_title(game, lang))}]({game}/index.md)** · {note}")
    return "\n".join(out) + "\n"


# -- the home page of a language --------------------------------------------------------------

HOME_MARK = "<!-- judge: home links -->"


def home_links(glossary: Glossary, lang: str, resolver: str | None, built: str) -> str:
    """The home's quick links (the round, the sequence, the Resolver when the site has it, the
    glossary A-Z), then each rulebook with its edition, languages and source, then the build.
    `resolver`: the Resolver page's src, None when this build has none."""
    ui = UI[lang]
    src = f"{lang}/index.md"
    links = [(ui["round"], f"{lang}/timing/round.md", ui["round_note"]),
             (ui["sequence"], f"{lang}/timing/sequence.md", ui["sequence_note"]),
             *([(ui["resolver"], resolver, ui["resolver_note"])] if resolver else []),
             (f"{ui['glossary']} A–Z", f"{lang}/glossary.md", ui["glossary_note"])]
    out = [f"## {ui['quick_links']} {{ #quick-links }}\n", '<ul class="judge-quick">']
    out += [f'<li><a href="{rel(src, target)}"><strong>{_e(label)}</strong></a> <span>{_e(note)}</span></li>'
            for label, target, note in links]
    out.append("</ul>\n")
    out.append(games_list(glossary, lang))
    out.append(editions(glossary, lang))
    out.append(f'<p class="judge-built" data-built="{_e(built)}">{_e(ui["built"])}: judge {_e(built)}</p>\n')
    return "\n".join(out)


def editions(glossary: Glossary, lang: str) -> str:
    """Which printing of each rulebook the site shows: its title (with its edition) and the
    source text of each language it is in."""
    ui = UI[lang]
    rows = []
    for game in glossary.games():
        docs = []
        for other in glossary.langs(game):
            found = sorted({e.source.doc for e in glossary.entries if e.game == game and e.lang == other and e.source})
            docs += [f"{other.upper()}: <code>{_e(doc)}</code>" for doc in found]
        rows.append(f"<li>{_e(game_title(game, lang))} · {' · '.join(docs)}</li>")
    return f'<details class="judge-editions"><summary>{_e(ui["editions"])}</summary><ul>{"".join(rows)}</ul></details>\n'
