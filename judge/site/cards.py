"""The printable timing cards: for each game with a round chart, one A4 page per language with
the round (Appendix I's colour code) and, where the game has it, the seven-step
triggering-condition sequence, every box citing the rules it comes from.

Each card is a page of the site (`card_src`, template overrides/card.html: no header, no nav),
so it prints from the browser too; while the site is built, Chromium prints each one to a PDF
beside it as soon as its page is rendered (`Printer`, through Playwright). Without Playwright or a Chromium the site is built
without the PDFs and the chart pages do not link them (`pdf_renderer` says why, in the log).
"""

from __future__ import annotations

import hashlib
import html
import os
import queue
import shutil
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.core import labels
from judge.core.labels import game_title
from judge.core.model import DEFAULT_GAME, Cite
from judge.glossary import Glossary
from judge.site.charts import RoundItem, SequenceItem, first_sentence
from judge.site.pages import inline_html, rel

UI = labels.all_labels()

# Debian's chromium; JUDGE_CHROMIUM names another. Playwright's own browser download is not
# used: the site is built offline (shared/NOTES.md).
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run",
]


def card_src(lang: str, game: str) -> str:
    """The card's page: beside the game's round chart (es/timing/card/, es/gp/timing/card/)."""
    return f"{lang}/timing/card.md" if game == DEFAULT_GAME else f"{lang}/{game}/timing/card.md"


def pdf_name(lang: str, game: str) -> str:
    """The PDF's file name, in the card page's folder: a download names its game and language."""
    return f"timing-card-{game}-{lang}.pdf"


def pdf_path(lang: str, game: str) -> str:
    """The PDF's path in the built site: es/timing/card/timing-card-agot2-es.pdf."""
    return card_src(lang, game)[:-3] + "/" + pdf_name(lang, game)


@dataclass(frozen=True)
class Card:
    """One card to print: its page in the built site and the PDF to write."""

    lang: str
    game: str

    @property
    def page(self) -> str:
        return card_src(self.lang, self.game)[:-3] + "/index.html"

    @property
    def pdf(self) -> str:
        return pdf_path(self.lang, self.game)


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _cite(cites: Sequence[Cite], title: str) -> str:
    """The cites of a box as printed on the card: *Term ¶n, ¶m* per entry (the rule's number
    where the rulebook numbers them); a step's own entry, whose term is the box's title, as ¶n."""
    groups: dict[str, list[str]] = {}
    for c in cites:
        if c.rule:
            groups.setdefault(c.rule, [])
        else:
            groups.setdefault("" if c.term.endswith(title) else c.term, []).append(f"¶{c.para}")
    shown = [f"{term} {', '.join(paras)}".strip() for term, paras in groups.items()]
    own = ' class="judge-card-own"' if list(groups) == [""] else ""  # "¶1" alone: on the title's line
    return f'<cite{own}>{_e("; ".join(shown))}</cite>' if shown else ""


def card_page(glossary: Glossary, game: str, lang: str, rounds: Sequence[RoundItem],
              sequence: Sequence[SequenceItem], built: str) -> str:
    """The card's Markdown: front matter naming the print template, then one HTML block (the
    phases in columns, the sequence under them, the colour code and the sources)."""
    ui = UI[lang]
    title = f"{ui['card_title']} · {game_title(game, lang)}"
    icons = rel(card_src(lang, game), "x")[:-1]  # the icons' prefix from the card's page
    out = [f"---\ntemplate: card.html\ntitle: {_yaml_str(title)}\n---\n",
           f'<div class="judge-card" data-game="{_e(game)}" data-lang="{lang}" markdown="0">',
           f"<header><h1>{_e(title)}</h1>{_legend(ui, rounds)}</header>",
           '<div class="judge-card-round">']
    for phase in _phases(rounds):
        head, boxes = phase[0], phase[1:]
        out.append(f'<section class="judge-card-phase"><h2>{_e(head.id or "")}. {_e(head.title)}</h2><ol>')
        out += [_box(item, icons) for item in boxes]
        out.append("</ol></section>")
    out.append("</div>")
    entry = glossary.get(game, lang, "triggering-condition")
    if sequence and entry is not None:
        out.append(f'<section class="judge-card-sequence"><h2>{_e(ui["sequence"])}</h2><ol>')
        for item in sequence:
            kind = "window" if item.window else "step"
            out.append(f'<li class="judge-card-box judge-card-{kind}"><span class="judge-card-num">{item.n}</span> '
                       f'{inline_html(first_sentence(item.text), icons)} <cite>{_e(entry.term)} ¶{item.para}</cite></li>')
        out.append("</ol></section>")
    appendix = glossary.get(game, lang, "appendix-i")
    colour = f"{ui['colour_code']}: {appendix.term} ¶1 · " if appendix else ""
    sources = sorted({e.source.doc for e in glossary.entries if e.game == game and e.lang == lang and e.source})
    out.append(f'<footer>{_e(colour)}{_e(ui["from_source"])}: {_e(", ".join(sources))} · '
               f'judge {_e(built)}</footer>')
    out.append("</div>\n")
    return "\n".join(out)


def _yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _phases(items: Sequence[RoundItem]) -> list[list[RoundItem]]:
    groups: list[list[RoundItem]] = []
    for item in items:
        if item.kind == "phase":
            groups.append([item])
        elif groups:
            groups[-1].append(item)
    return groups


def _box(item: RoundItem, icons: str) -> str:
    """One box; its title's icon placeholders ([shadow]) as the site's icons. A framework whose
    step ids have no dot (agot1's `setup`) has depth -1: no indent, never a negative one."""
    depth = max(0, item.depth)
    if item.kind == "step":
        kind = "melee" if item.melee_only else "loop" if item.loop else "step"
        loop = f' <span class="judge-card-loop">↺ {_e(item.loop.removeprefix("after-"))}</span>' if item.loop else ""
        subs = "".join(f"<li>{_e(s.id)}. {inline_html(s.title, icons)}</li>" for s in item.substeps)
        sub = f'<ol class="judge-card-sub">{subs}</ol>' if subs else ""
        return (f'<li class="judge-card-box judge-card-{kind}" style="--depth:{depth}">'
                f'<span class="judge-card-num">{_e(item.id or "")}</span> {inline_html(item.title, icons)}{loop} '
                f"{_cite(item.cites, item.title)}{sub}</li>")
    special = " judge-card-special" if item.kind == "special-action-window" else ""
    title = item.title.capitalize() if item.title.isupper() else item.title
    return (f'<li class="judge-card-box judge-card-window{special}" style="--depth:{depth}">'
            f"{inline_html(title, icons)} {_cite(item.cites, item.title)}</li>")


def _legend(ui: dict[str, str], items: Sequence[RoundItem]) -> str:
    window = next((i.title for i in items if i.kind not in ("phase", "step")), None)
    shown = [("step", ui["legend_step"], any(i.kind == "step" for i in items)),
             ("window", (window.capitalize() if window and window.isupper() else window) or "", window is not None),
             ("melee", ui["legend_melee"], any(i.melee_only for i in items)),
             ("loop", ui["legend_loop"], any(i.loop for i in items))]
    return ('<ul class="judge-card-legend">'
            + "".join(f'<li class="judge-card-{k}">{_e(label)}</li>' for k, label, present in shown if present)
            + "</ul>")


# -- the PDFs --------------------------------------------------------------------------------

def chromium() -> str | None:
    """The Chromium to print with: $JUDGE_CHROMIUM, else Debian's, else one on PATH."""
    named = os.environ.get("JUDGE_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    found = next((c for c in CHROMIUM_CANDIDATES if Path(c).is_file()), None)
    return found or shutil.which("chromium") or shutil.which("chromium-browser")


def pdf_renderer() -> tuple[str | None, str]:
    """(the Chromium to print with, "") or (None, why the build makes no PDFs)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return None, "Playwright is not installed (pip install 'judge[cards]')"
    browser = chromium()
    if browser is None:
        return None, "no Chromium found (apt-get install chromium, or set JUDGE_CHROMIUM)"
    return browser, ""


def _cached_pdf(card: Card) -> Path:
    from judge.core import compiled

    return compiled.cache_dir() / f"card-{card.game}-{card.lang}.pickle"


def render_pdfs(site_dir: Path, cards: Sequence[Card], browser: str) -> list[Path]:
    """Print each card's page of the built site to its PDF (see Printer)."""
    printer = Printer(site_dir, browser)
    for card in cards:
        printer.print((site_dir / card.page).read_bytes(), card)
    return printer.finish()


def _inputs_key(browser: str) -> str | None:
    """What a card's PDF is made from besides its page: the site's own assets and templates
    (docs/, overrides/: card.css, the icons), the Chromium that prints it, Playwright's version
    and judge's code (the print settings). None when one changed a moment ago."""
    from importlib import metadata

    from judge.core import compiled, paths

    root = paths.PACKAGE.parent
    inputs = [root / "docs", root / "overrides", Path(browser)]
    try:
        salt = f"card pdf, playwright {metadata.version('playwright')}"
    except metadata.PackageNotFoundError:
        salt = "card pdf"
    return compiled.files_key([p for p in inputs if p.exists()], salt)


class Printer:
    """Prints cards to PDFs (A4, one page, backgrounds on: the colour code is the chart) in a
    thread of its own while the caller goes on: the site build hands each card over as soon as
    MkDocs has rendered its page, and waits in `finish`. Its own thread also because
    Playwright's sync API refuses to start inside a running event loop, as in a test that
    already drives a browser.

    A PDF is kept in the user cache (judge.core.compiled) under the key of its page as built
    (which names Material's hashed assets) and of `_inputs_key`: a card whose page and inputs
    did not change is copied from there, and Chromium is started only for a card that did."""

    _DONE = None

    def __init__(self, site_dir: Path, browser: str) -> None:
        self.site_dir = site_dir
        self._jobs: queue.Queue[tuple[Path, Card, str | None] | None] = queue.Queue()
        self._written: list[Path] = []
        self._failure: list[BaseException] = []
        self._inputs = _inputs_key(browser)
        self._thread = threading.Thread(target=self._run, args=(browser,), name="judge-cards")
        self._thread.start()

    def print(self, html: bytes, card: Card) -> None:
        """Print `card` from `html`, its page as built: from the cache, else from a copy beside
        the page (the same relative links) that MkDocs is not writing, removed once printed."""
        from judge.core import compiled

        key = None if self._inputs is None else hashlib.sha256(self._inputs.encode() + b"\0" + html).hexdigest()
        stored = compiled.read(_cached_pdf(card), key) if key is not None else None
        if isinstance(stored, bytes):
            out = self.site_dir / card.pdf
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(stored)
            self._written.append(out)
            return
        page = self.site_dir / card.page
        page.parent.mkdir(parents=True, exist_ok=True)
        copy = page.with_name(f".print-{page.name}")
        copy.write_bytes(html)
        self._jobs.put((copy, card, key))

    def finish(self) -> list[Path]:
        """The PDFs written, once every card handed over is printed; the printing's error, if any."""
        self._jobs.put(self._DONE)
        self._thread.join()
        if self._failure:
            raise self._failure[0]
        return self._written

    def _run(self, browser: str) -> None:
        try:
            self._print_all(browser)
        except BaseException as error:  # noqa: BLE001 - re-raised in the calling thread
            self._failure.append(error)
            while (job := self._jobs.get()) is not self._DONE:  # let finish() return
                job[0].unlink(missing_ok=True)

    def _print_all(self, browser: str) -> None:
        from playwright.sync_api import sync_playwright

        from judge.core import compiled

        job = self._jobs.get()
        if job is self._DONE:  # every card came from the cache: no Chromium
            return
        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(executable_path=browser, args=CHROMIUM_ARGS)
            try:
                # The printable width of A4 less the margins (194 mm) at 96 px per inch.
                page = launched.new_page(viewport={"width": 733, "height": 1000})
                while job is not self._DONE:
                    copy, card, key = job
                    try:
                        out = self._print_one(page, copy, card)
                    finally:
                        copy.unlink(missing_ok=True)
                    self._written.append(out)
                    if key is not None:
                        compiled.write(_cached_pdf(card), key, out.read_bytes())
                    job = self._jobs.get()
            finally:
                launched.close()

    def _print_one(self, page: Any, copy: Path, card: Card) -> Path:
        page.goto(copy.resolve().as_uri())
        page.emulate_media(media="print")
        # Shrink to one page when the chart is longer than A4 (gp's has 40 boxes):
        # 297 mm less the margins, at 96 px per inch.
        height = page.evaluate("document.documentElement.scrollHeight")
        scale = max(0.1, min(1.0, (297 - 16) / 25.4 * 96 / max(height, 1)))
        out = self.site_dir / card.pdf
        page.pdf(path=str(out), format="A4", print_background=True, scale=scale,
                 margin={"top": "8mm", "bottom": "8mm", "left": "8mm", "right": "8mm"})
        return out
