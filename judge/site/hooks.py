"""The static site: MkDocs hooks (mkdocs.yml `hooks:`) and `build` / `serve` for the CLI.

At build time the glossary becomes pages, none of them written to docs/:

- es/<game>/<id>/ and cs/<game>/<id>/: one page per entry, or a "not translated yet" page where
  a language lacks the concept, so the language switcher always lands somewhere real;
- es/<game>/ and cs/<game>/: each game's home (its entries in the rulebook's order and A-Z), or
  one "not translated yet" page where a language has no entry of the game at all (then no page
  per entry there: the switcher lands on that page); es/<game>/timing/round/ for a game other
  than agot2 whose framework.yaml judge.timing can walk;
- es/timing/round/, es/timing/sequence/ (and cs/): the timing charts (judge.sitecharts);
- translate/ and translate/<game>/<id>/: the coverage table per game and the side-by-side view;
- translate/status/: the Translation status page, `judge check`'s report per entry (its checks
  run in another process while MkDocs renders the other pages: judge.site.background);
- es/search-index.json, cs/search-index.json: the search index per language, every game (judge.siteindex);
- es/timing/card/ (and es/<game>/timing/card/): the printable timing card of each game with a
  round chart, printed to a one-page A4 PDF beside it by Chromium while the build goes on
  (judge.site.cards.Printer).

One build serves both languages: each page's UI language and language switcher come from its
meta (`lang`, `alternate`), set here and read by overrides/partials/*.html.
"""

from __future__ import annotations

import contextlib
import json
import logging
from importlib import metadata
import os
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from judge.core import compiled, paths
from judge.site import searchindex as siteindex
from judge.site import pages as sitepages
from judge.site import cards as sitecards
from judge.site import background, passthrough, resolver, runtime
from judge.site import model as sitemodel
from judge.core.errors import InvalidGlossary, UsageProblem
from judge.glossary import Glossary, load
from judge.core.labels import game_title
from judge.core.model import DEFAULT_GAME, LANGS, Entry
from judge.site.model import SiteBuild
from judge.site.charts import TRIGGERING_CONDITION, RoundItem, round_items as _round_items, trigger_sequence
from judge.site.pages import UI, entry_src

__all__ = ["round_items", "trigger_sequence", "build", "serve", "config_file"]

log = logging.getLogger("mkdocs.plugins.judge")

# The hand-written pages every language has (docs/<lang>/...).
HAND_WRITTEN = ("index.md", "search.md", "judge.md", "translator.md")


def round_items(glossary: Glossary, lang: str, game: str = DEFAULT_GAME) -> list[RoundItem]:
    """The round chart's items: the framework (framework.yaml) as `judge timeline --melee` walks it."""
    return _round_items(glossary, lang, game)


@dataclass
class _State:
    glossary: Glossary | None = None
    pages: dict[str, str] = field(default_factory=dict)  # src_uri → Markdown
    places: dict[tuple[str, str], dict[str, sitepages.Place]] = field(default_factory=dict)  # (game, lang) → id → place
    cards: list[sitecards.Card] = field(default_factory=list)
    chromium: str | None = None  # the Chromium that prints the cards; None: no PDFs this build
    serving: bool = False  # `judge serve`: every change rebuilds, so the cards are not printed
    built: str = ""
    # Made beside MkDocs while it renders (judge.site.background): the status page's checks,
    # the cards' printing (each card handed over once its page is rendered: `printed`).
    status: background.StatusJob | None = None
    printer: sitecards.Printer | None = None
    printed: set[str] = field(default_factory=set)
    hidden: dict[str, list[str]] = field(default_factory=dict)  # src_uri → its HTML blocks (judge.site.passthrough)


_state = _State()


# -- MkDocs hooks ---------------------------------------------------------------------------

def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load the glossary (a broken one stops the build, listing every error) and make the nav."""
    try:
        glossary = sitemodel.HANDED.pop() if sitemodel.HANDED else load()
    except InvalidGlossary as error:
        raise PluginError(str(error)) from None
    _state.glossary = glossary
    _state.places = {}
    _state.built = build_stamp()
    _state.chromium, why = sitecards.pdf_renderer()
    if _state.serving:
        # Printing the five cards took 7 s (median of 3, loaded machine): too slow for each
        # live reload. `judge build --site` prints them.
        _state.chromium, why = None, "judge serve does not print them (judge build --site does)"
    if why:
        log.info("judge: no PDF timing cards: %s", why)
    _stop_background()
    _state.status = background.StatusJob(glossary, glossary.games(), BUILD_SKIPS)  # before any thread
    _state.pages = stored_pages(glossary, pdfs=_state.chromium is not None, built=_state.built)
    _state.cards = [sitecards.Card(src[:2], _card_game(src)) for src in _state.pages if src.endswith("/timing/card.md")]
    _state.printed = set()
    _state.hidden = {}
    if _state.chromium is not None and _state.cards:
        _state.printer = sitecards.Printer(Path(config.site_dir), _state.chromium)
    config.nav = navigation(glossary, _state.pages)
    return config


def _stop_background() -> None:
    """Stop what a build left running (one that failed before its end)."""
    if _state.status is not None:
        _state.status.cancel()
    if _state.printer is not None:
        with contextlib.suppress(Exception):
            _state.printer.finish()
    _state.status = _state.printer = None


def on_build_error(error: Exception) -> None:
    _stop_background()


def _card_game(src: str) -> str:
    parts = src.split("/")
    return DEFAULT_GAME if len(parts) == 3 else parts[1]


def build_stamp() -> str:
    """The version and the build's date (UTC), as the home and the cards print it:
    SOURCE_DATE_EPOCH when set, so a reproducible build prints the same."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = time.gmtime(int(epoch)) if epoch and epoch.isdigit() else time.gmtime()
    return f"{_version()} · {time.strftime('%Y-%m-%d', when)}"


def _version() -> str:
    """judge's version, as `judge --version` says it (the package's metadata; the site package
    imports no other part of judge for it)."""
    try:
        return metadata.version("judge")
    except metadata.PackageNotFoundError:
        return "unknown"


def on_startup(command: str, dirty: bool) -> None:
    """MkDocs calls this before the first build of `serve` only."""
    _state.serving = command == "serve"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for src, content in _state.pages.items():
        files.append(File.generated(config, src, content=content))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Each page's UI language and its counterpart in the other language; a generated page's
    HTML blocks set aside until on_page_content (judge.site.passthrough)."""
    text = _page_markdown(markdown, page, files)
    src = page.file.src_uri
    if passthrough.ENABLED and src in _state.pages:
        text, _state.hidden[src] = passthrough.hide(text)
    return text


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """A generated page's HTML blocks back in place, their anchors known to MkDocs' link check."""
    hidden = _state.hidden.pop(page.file.src_uri, None)
    if not hidden:
        return html
    if page.present_anchor_ids is not None:
        page.present_anchor_ids |= passthrough.anchor_ids(hidden)
    return passthrough.restore(html, hidden)


def _page_markdown(markdown: str, page: Page, files: Files) -> str:
    src = page.file.src_uri
    lang = src[:2] if src[:3] in ("es/", "cs/") else "es"
    page.meta["lang"] = lang
    page.meta["alternate"] = [_alternate(src, other, files) for other in LANGS]
    page.meta["palette_names"] = [UI[lang]["dark_mode"], UI[lang]["light_mode"]]
    page.meta["crumbs_label"] = UI[lang]["breadcrumbs"]
    glossary = _state.glossary
    if glossary is None:
        return markdown
    if markdown == background.STATUS_MARK and _state.status is not None:
        return _state.status.markdown()
    if src == f"{lang}/index.md":
        links = sitepages.home_links(glossary, lang, _resolver(lang, files), _state.built)
        if sitepages.HOME_MARK in markdown:
            return markdown.replace(sitepages.HOME_MARK, links)
        return markdown + links
    entry = _entry_of(src)
    if entry is not None:
        page.meta["crumbs"] = sitepages.crumbs(entry, _place(entry))
    return markdown


def _resolver(lang: str, files: Files) -> str | None:
    """The Resolver's page in `lang`, when this build has one (issue 12 adds it)."""
    return next((src for src in (f"{lang}/resolver.md", f"{lang}/resolver/index.md")
                 if files.get_file_from_path(src) is not None), None)


def _entry_of(src: str) -> Entry | None:
    """The glossary entry an entry page (es/<game>/<id>.md) shows, if `src` is one."""
    parts = src[:-3].split("/")
    if len(parts) != 3 or parts[0] not in LANGS or _state.glossary is None:
        return None
    return _state.glossary.get(parts[1], parts[0], parts[2])


def _place(entry: Entry) -> sitepages.Place | None:
    assert _state.glossary is not None
    key = (entry.game, entry.lang)
    if key not in _state.places:
        _state.places[key] = sitepages.places(_state.glossary, entry.game, entry.lang)
    return _state.places[key].get(entry.id)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Drop the blank lines the theme's templates leave (a third of an entry page): a run of
    white space between two tags becomes one line break, which renders the same; <pre> and
    <textarea> are kept as they are."""
    parts = _PRE.split(output)
    final = "".join(part if n % 2 else _BLANKS.sub("\n", part) for n, part in enumerate(parts))
    card = next((c for c in _state.cards if sitecards.card_src(c.lang, c.game) == page.file.src_uri), None)
    if card is not None and _state.printer is not None:
        # Printed while MkDocs renders the rest: the page as MkDocs writes it.
        _state.printer.print(final.encode("utf-8", errors="xmlcharrefreplace"), card)
        _state.printed.add(card.page)
    return final


_PRE = re.compile(r"(<(?:pre|textarea)\b.*?</(?:pre|textarea)>)", re.S)
_BLANKS = re.compile(r"(?<=>)\s*\n\s*(?=<)|\n\s*\n\s*")


def on_post_build(config: MkDocsConfig) -> None:
    """Offline: drop Material's search assets (its search plugin is off) and point the two CDN
    URLs in its bundle — mermaid and a ResizeObserver polyfill, fetched only for mermaid
    diagrams (the site has none) or by browsers without ResizeObserver — at an empty script."""
    assets = Path(config.site_dir) / "assets" / "javascripts"
    for unused in ("lunr", "workers"):
        shutil.rmtree(assets / unused, ignore_errors=True)
    for bundle in assets.glob("bundle.*.js"):
        text = bundle.read_text("utf-8")
        bundle.write_text(_CDN.sub("data:text/javascript,", text), "utf-8")
    if _state.printer is not None:
        site_dir = Path(config.site_dir)
        for card in _state.cards:  # a card MkDocs did not hand over (none so far): from its file
            if card.page not in _state.printed:
                _state.printer.print((site_dir / card.page).read_bytes(), card)
        printer, _state.printer = _state.printer, None
        log.info("judge: %d PDF timing cards", len(printer.finish()))
    if _state.glossary is not None:
        try:
            resolver.write_runtime(Path(config.site_dir), _state.glossary)
        except runtime.RuntimeMissing as error:
            raise PluginError(f"the Resolver: {error}") from None
    _stop_background()


_CDN = re.compile(r"https://(?:unpkg\.com|cdn\.jsdelivr\.net)/[^\"'`\s)]*")


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    """Live reload: a change in the glossary rebuilds the site."""
    server.watch(str(paths.glossary_root()))
    return server


def _alternate(src: str, lang: str, files: Files) -> dict[str, str]:
    """The same page in `lang`; else its game's home there (a game not translated into `lang`
    says so on it); else the home page."""
    localised = src[:3] in ("es/", "cs/")
    game = src[3:].split("/", 1)[0] if localised and src.count("/") > 1 else None
    candidates = [f"{lang}/{src[3:]}"] if localised else []
    candidates += [sitepages.game_src(lang, game)] if game else []
    counterpart = next((c for c in candidates if files.get_file_from_path(c) is not None), f"{lang}/index.md")
    return {"name": sitepages.LANG_NAMES[lang], "lang": lang, "link": sitepages.page_url(counterpart)}


# -- the generated pages --------------------------------------------------------------------

def generated_pages(glossary: Glossary, pdfs: bool = False, built: str = "", status_later: bool = False) -> dict[str, str]:
    """src_uri → content of every generated page and search index. Each game is a section per
    language: its home, its entry pages, its round chart and printable card; a language without
    any entry of the game gets one "not translated yet" page there instead of a page per entry.
    `pdfs`: the build prints the cards to PDFs (the chart pages link them); `built`: the stamp
    the cards print; `status_later`: the Translation status page is background.STATUS_MARK, its
    content made beside the build (on_config)."""
    pages: dict[str, str] = {}
    games = glossary.games()
    for game in games:
        present = glossary.langs(game)
        where = {lang: sitepages.places(glossary, game, lang) for lang in present}
        for entry_id in glossary.ids(game):
            variants = glossary.variants(game, entry_id)
            for lang in present:
                entry = variants.get(lang)
                content = (sitepages.entry_page(glossary, entry, where[lang].get(entry_id)) if entry
                           else sitepages.missing_page(next(iter(variants.values())), lang))
                pages[entry_src(lang, game, entry_id)] = content
            pages[f"translate/{game}/{entry_id}.md"] = sitepages.translator_page(glossary, game, entry_id)
        for lang in LANGS:
            pages.update(game_section(glossary, game, lang, pdfs, built))
    pages["translate/index.md"] = sitepages.coverage_page(glossary, games)
    pages["translate/status.md"] = background.STATUS_MARK if status_later else status_page(glossary, games)
    game = glossary.pick_game(None) or DEFAULT_GAME
    for lang in LANGS:
        items, sequence = round_items(glossary, lang, game), trigger_sequence(glossary, lang, game)
        card = sitecards.pdf_path(lang, game) if pdfs and items else None
        pages[f"{lang}/timing/round.md"] = sitepages.round_page(
            items, lang, game, glossary.get(game, lang, "appendix-i") is not None, card)
        pages[f"{lang}/timing/sequence.md"] = sitepages.sequence_page(
            sequence, glossary.get(game, lang, TRIGGERING_CONDITION), lang, game, card)
        if items:
            pages[sitecards.card_src(lang, game)] = sitecards.card_page(glossary, game, lang, items, sequence, built)
        pages[f"{lang}/glossary.md"] = sitepages.glossary_page(glossary, game, lang)
        pages[f"{lang}/search-index.json"] = search_index_json(glossary, lang)
    pages.update(resolver.pages(glossary))
    return pages


def stored_pages(glossary: Glossary, pdfs: bool, built: str) -> dict[str, str]:
    """generated_pages(glossary, pdfs, built, status_later=True), from the user cache when
    nothing they are made from changed: the glossary, judge's package (code, labels, the
    Resolver's strings), docs/ (the Resolver's sample scenarios), the stamp and the day (the
    Resolver page prints it). Stored atomically, owner-checked, and made again when missing,
    corrupt or stale (judge.core.compiled)."""
    inputs = [glossary.root, paths.PACKAGE, paths.PACKAGE.parent / "docs"]
    day = time.strftime("%Y-%m-%d", time.gmtime())
    key = compiled.files_key([p for p in inputs if p.exists()], repr(("site pages", pdfs, built, day)))
    where = compiled.path_for("site-pages", glossary.root)
    stored = compiled.read(where, key) if key is not None else None
    if isinstance(stored, dict):
        return stored
    pages = generated_pages(glossary, pdfs=pdfs, built=built, status_later=True)
    if key is not None:
        compiled.write(where, key, pages)
    return pages


def game_section(glossary: Glossary, game: str, lang: str, pdfs: bool = False, built: str = "") -> dict[str, str]:
    """A game's pages in `lang` besides its entries: its home and, for a game other than the
    default (whose charts are es/timing/…), its round chart and card when judge.timing can walk it."""
    present = glossary.langs(game)
    if lang not in present:
        return {sitepages.game_src(lang, game): sitepages.game_missing_page(glossary, game, lang, present[0])}
    pages: dict[str, str] = {}
    if game != DEFAULT_GAME and (items := game_chart(glossary, lang, game)):
        pages[sitepages.round_src(lang, game)] = sitepages.round_page(
            items, lang, game, glossary.get(game, lang, "appendix-i") is not None,
            sitecards.pdf_path(lang, game) if pdfs else None)
        pages[sitecards.card_src(lang, game)] = sitecards.card_page(
            glossary, game, lang, items, trigger_sequence(glossary, lang, game), built)
    home = sitepages.game_src(lang, game)
    pages[home] = sitepages.game_home_page(glossary, game, lang, [(label, src) for label, src in game_links(game, lang)
                                                                   if src in pages or game == DEFAULT_GAME])
    return pages


def game_links(game: str, lang: str) -> list[tuple[str, str]]:
    """The pages a game's section may have beside its home and entries: (label, src)."""
    ui = UI[lang]
    if game == DEFAULT_GAME:
        return [(ui["round"], f"{lang}/timing/round.md"), (ui["sequence"], f"{lang}/timing/sequence.md"),
                (ui["glossary"], f"{lang}/glossary.md")]
    return [(ui["game_chart"], sitepages.round_src(lang, game))]


def game_chart(glossary: Glossary, lang: str, game: str) -> list[RoundItem]:
    """The game's round chart, or [] without one. Each game's framework.yaml has its own shape:
    one judge.timing cannot walk leaves the game without a chart, said in the build log, and
    never stops the build (an INFO line: a warning would fail the strict build)."""
    try:
        return round_items(glossary, lang, game)
    except Exception as error:  # noqa: BLE001 - any failure of another game's framework data
        log.info("judge: no round chart for %s (%s): %s", game, lang, error)
        return []


# Checks the build leaves out, and why (said on the page). Measured on the real glossary:
# spelling loads the hunspell dictionaries, 13 s of CPU, twice the whole site build; the
# other checks together take 0.5 s.
BUILD_SKIPS = {"spelling": "it loads the hunspell dictionaries: 13 s of CPU, twice the whole site build"}


def status_page(glossary: Glossary, games: list[str]) -> str:
    """The Translation status page: `judge check --game G` for each game of the glossary being built."""
    return background.status_markdown(glossary, games, BUILD_SKIPS)


def search_index_json(glossary: Glossary, lang: str) -> str:
    """One index per language over every game (each document says its game)."""
    docs = [doc for game in glossary.games()
            for doc in siteindex.documents(glossary, game, lang, lambda e: sitepages.page_url(f"{e.game}/{e.id}.md"))]
    titles = {game: game_title(game, lang) for game in glossary.games()}
    return json.dumps(siteindex.build(docs, lang, titles), ensure_ascii=False, separators=(",", ":"))


def navigation(glossary: Glossary, pages: dict[str, str]) -> list[Any]:
    """Per language: home, search, a section per game (its home, charts and glossary index:
    those of `pages`, the generated pages), the guides. Entry pages are
    reached from the glossary index, the charts, search and links: listing 380 of them in the
    nav would put them all in every page (Material renders the whole nav in each)."""
    nav: list[Any] = []
    for lang in LANGS:
        ui = UI[lang]
        sections = [{game_title(game, lang): [sitepages.game_src(lang, game), *(
            {label: src} for label, src in game_links(game, lang) if src in pages)]} for game in glossary.games()]
        nav.append({sitepages.LANG_NAMES[lang]: [
            f"{lang}/index.md",
            {ui["search"]: f"{lang}/search.md"},
            *sections,
            {resolver.ui()[lang]["title"]: resolver.page_src(lang)},
            {ui["judge"]: f"{lang}/judge.md"},
            {ui["translate"]: f"{lang}/translator.md"},
        ]})
    nav.append({sitepages.TRANSLATOR_UI["title"]: [
        "translate/index.md", {sitepages.TRANSLATOR_UI["status"]: "translate/status.md"}]})
    return nav


# -- build and serve for the CLI ------------------------------------------------------------

def config_file() -> Path:
    """mkdocs.yml of the checkout; the site's sources (docs/, overrides/) are not in the wheel."""
    found = paths.PACKAGE.parent / "mkdocs.yml"
    if not found.is_file():
        raise UsageProblem(f"no mkdocs.yml beside the package ({found.parent}): the site is built from a checkout")
    return found


def build(site_dir: Path | None = None, strict: bool = True, config: Path | None = None,
          force: bool = False) -> SiteBuild:
    """Build the whole site into `site_dir` (default: site/ of the checkout) from `config`
    (default: the checkout's mkdocs.yml). Every MkDocs warning is in the SiteError. A site
    already built there from the inputs as they are now (is_current) is left as it is, unless
    `force`."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    glossary = load()  # a broken glossary is an InvalidGlossary listing every error, before MkDocs starts
    inputs_key = _inputs_key(config or config_file())  # before: an edit during the build is not in it
    options: dict[str, Any] = {"strict": strict}
    if site_dir is not None:
        options["site_dir"] = str(site_dir)
    warnings = _Collect()
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(warnings)
    try:
        loaded = load_config(str(config or config_file()), **options)
        out = Path(loaded.site_dir)
        if not force and inputs_key is not None and _stamped(out) == inputs_key:
            return _summary(out, current=True)
        _stamp(out, None)  # a build that stops half way leaves no stamp
        sitemodel.HANDED[:] = [glossary]
        mkdocs_build(loaded)
    except (Abort, PluginError) as error:
        raise SiteError("\n".join([*warnings.messages, str(error)])) from None
    finally:
        sitemodel.HANDED.clear()  # a config without the hooks (a benchmark's floor) did not take it
        mkdocs_log.removeHandler(warnings)
    _stamp(out, inputs_key)
    return _summary(out)


def _summary(out: Path, current: bool = False) -> SiteBuild:
    built = [p for p in out.rglob("*") if p.is_file() and p.name != STAMP]
    pages = sum(1 for p in built if p.name == "index.html")
    return SiteBuild(out, pages, len(built), sum(p.stat().st_size for p in built), current)


# What a built site was built from: `judge serve` serves a site that `judge build` has just made
# instead of building it again. The key is the compiled cache's (judge.core.compiled): every
# input file's path, size, mtime, ctime and inode, and judge's own modules; none while a file
# is a moment old (then the site is built again).
STAMP = ".judge-build"


def _inputs_key(config: Path) -> str | None:
    root = config.parent
    inputs = [paths.glossary_root(), config, root / "docs", root / "overrides"]
    return compiled.files_key([p for p in inputs if p.exists()], "site")


def _stamp(site_dir: Path, key: str | None) -> None:
    stamp = site_dir / STAMP
    if key is None:
        stamp.unlink(missing_ok=True)
    elif site_dir.is_dir():
        stamp.write_text(key, "utf-8")


def _stamped(site_dir: Path) -> str | None:
    try:
        return (site_dir / STAMP).read_text("utf-8")
    except OSError:
        return None


def is_current(site_dir: Path, config: Path | None = None) -> bool:
    """The site in `site_dir` was built from the inputs as they are now (glossary, docs/,
    overrides/, mkdocs.yml, judge's code)."""
    key = _inputs_key(config or config_file())
    return key is not None and _stamped(site_dir) == key


class _Collect(logging.Handler):
    """MkDocs' warnings during one build, to name them in the error."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname.lower()}: {record.getMessage()}")


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve the site (site/ of the checkout) on localhost, rebuilding it when the glossary,
    docs/, overrides/ or mkdocs.yml change. A site `judge build` made from the current inputs
    is served as it is: `judge build && judge serve` builds once."""
    from mkdocs.config import load_config
    from mkdocs.livereload import LiveReloadServer

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    # MkDocs' own command line sets up its log; through the API we do, or serve says nothing.
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(handler)
    mkdocs_log.setLevel(logging.INFO)
    config = config_file()
    site_dir = Path(load_config(str(config)).site_dir)

    def rebuild() -> None:
        log.info("judge: building the site in %s", paths.display(site_dir))
        build(site_dir, force=True)

    if is_current(site_dir, config):
        log.info("judge: %s is up to date with the glossary, docs/ and mkdocs.yml", paths.display(site_dir))
    else:
        rebuild()  # a SiteError here stops serve; during serve, MkDocs' server logs it and waits
    server = LiveReloadServer(builder=rebuild, host=host, port=port, root=str(site_dir))
    server.error_handler = lambda code: _error_page(site_dir, code)
    for watched in (paths.glossary_root(), config, config.parent / "docs", config.parent / "overrides"):
        if watched.exists():
            server.watch(str(watched))
    try:
        server.serve()
    except KeyboardInterrupt:
        log.info("Shutting down...")
    except OSError as error:
        raise SiteError(str(error)) from None
    finally:
        server.shutdown()


def _error_page(site_dir: Path, code: int) -> bytes | None:
    page = site_dir / f"{code}.html"
    return page.read_bytes() if code in (404, 500) and page.is_file() else None


class SiteError(UsageProblem):
    """The site did not build (a warning under --strict, a broken glossary, a busy port)."""

