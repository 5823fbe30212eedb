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
- translate/status/: the Translation status page, `judge check`'s report per entry;
- es/search-index.json, cs/search-index.json: the search index per language, every game (judge.siteindex).

One build serves both languages: each page's UI language and language switcher come from its
meta (`lang`, `alternate`), set here and read by overrides/partials/*.html.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from judge.translate import checks
from judge.core import paths
from judge.site import searchindex as siteindex
from judge.site import pages as sitepages
from judge.site import resolver, runtime
from judge.core.errors import InvalidGlossary, UsageProblem
from judge.glossary import Glossary, load
from judge.core.labels import game_title
from judge.core.model import DEFAULT_GAME, LANGS
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


_state = _State()


# -- MkDocs hooks ---------------------------------------------------------------------------

def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load the glossary (a broken one stops the build, listing every error) and make the nav."""
    try:
        glossary = load()
    except InvalidGlossary as error:
        raise PluginError(str(error)) from None
    _state.glossary = glossary
    _state.pages = generated_pages(glossary)
    config.nav = navigation(glossary, _state.pages)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for src, content in _state.pages.items():
        files.append(File.generated(config, src, content=content))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Each page's UI language and its counterpart in the other language."""
    src = page.file.src_uri
    lang = src[:2] if src[:3] in ("es/", "cs/") else "es"
    page.meta["lang"] = lang
    page.meta["alternate"] = [_alternate(src, other, files) for other in LANGS]
    if src == f"{lang}/index.md" and _state.glossary is not None:
        markdown += sitepages.games_list(_state.glossary, lang)
    return markdown


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
    if _state.glossary is not None:
        try:
            resolver.write_runtime(Path(config.site_dir), _state.glossary)
        except runtime.RuntimeMissing as error:
            raise PluginError(f"the Resolver: {error}") from None


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

def generated_pages(glossary: Glossary) -> dict[str, str]:
    """src_uri → content of every generated page and search index. Each game is a section per
    language: its home, its entry pages and its round chart; a language without any entry of
    the game gets one "not translated yet" page there instead of a page per entry."""
    pages: dict[str, str] = {}
    games = glossary.games()
    for game in games:
        present = glossary.langs(game)
        for entry_id in glossary.ids(game):
            variants = glossary.variants(game, entry_id)
            for lang in present:
                entry = variants.get(lang)
                content = (sitepages.entry_page(glossary, entry) if entry
                           else sitepages.missing_page(next(iter(variants.values())), lang))
                pages[entry_src(lang, game, entry_id)] = content
            pages[f"translate/{game}/{entry_id}.md"] = sitepages.translator_page(glossary, game, entry_id)
        for lang in LANGS:
            pages.update(game_section(glossary, game, lang))
    pages["translate/index.md"] = sitepages.coverage_page(glossary, games)
    pages["translate/status.md"] = status_page(glossary, games)
    game = glossary.pick_game(None) or DEFAULT_GAME
    for lang in LANGS:
        pages[f"{lang}/timing/round.md"] = sitepages.round_page(
            round_items(glossary, lang, game), lang, game, glossary.get(game, lang, "appendix-i") is not None)
        pages[f"{lang}/timing/sequence.md"] = sitepages.sequence_page(
            trigger_sequence(glossary, lang, game), glossary.get(game, lang, TRIGGERING_CONDITION), lang, game)
        pages[f"{lang}/glossary.md"] = sitepages.glossary_page(glossary, game, lang)
        pages[f"{lang}/search-index.json"] = search_index_json(glossary, lang)
    pages.update(resolver.pages(glossary))
    return pages


def game_section(glossary: Glossary, game: str, lang: str) -> dict[str, str]:
    """A game's pages in `lang` besides its entries: its home and, for a game other than the
    default (whose charts are es/timing/…), its round chart when judge.timing can walk it."""
    present = glossary.langs(game)
    if lang not in present:
        return {sitepages.game_src(lang, game): sitepages.game_missing_page(glossary, game, lang, present[0])}
    pages: dict[str, str] = {}
    if game != DEFAULT_GAME and (items := game_chart(glossary, lang, game)):
        pages[sitepages.round_src(lang, game)] = sitepages.round_page(
            items, lang, game, glossary.get(game, lang, "appendix-i") is not None)
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
    reports = {game: checks.run_checks(glossary.root, game, skip=BUILD_SKIPS) for game in games}
    return sitepages.status_page(glossary, reports, checks.CHECKS, BUILD_SKIPS)


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


def build(site_dir: Path | None = None, strict: bool = True, config: Path | None = None) -> SiteBuild:
    """Build the whole site into `site_dir` (default: site/ of the checkout) from `config`
    (default: the checkout's mkdocs.yml). Every MkDocs warning is in the SiteError."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    load()  # a broken glossary is an InvalidGlossary listing every error, before MkDocs starts
    options: dict[str, Any] = {"strict": strict}
    if site_dir is not None:
        options["site_dir"] = str(site_dir)
    warnings = _Collect()
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(warnings)
    try:
        loaded = load_config(str(config or config_file()), **options)
        mkdocs_build(loaded)
    except (Abort, PluginError) as error:
        raise SiteError("\n".join([*warnings.messages, str(error)])) from None
    finally:
        mkdocs_log.removeHandler(warnings)
    out = Path(loaded.site_dir)
    built = [p for p in out.rglob("*") if p.is_file()]
    pages = sum(1 for p in built if p.name == "index.html")
    return SiteBuild(out, pages, len(built), sum(p.stat().st_size for p in built))


class _Collect(logging.Handler):
    """MkDocs' warnings during one build, to name them in the error."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname.lower()}: {record.getMessage()}")


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve the site on localhost, rebuilding when docs/ or the glossary change."""
    from mkdocs.commands.serve import serve as mkdocs_serve

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    # MkDocs' own command line sets up its log; through the API we do, or serve says nothing.
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(handler)
    mkdocs_log.setLevel(logging.INFO)
    try:
        mkdocs_serve(str(config_file()), dev_addr=f"{host}:{port}", livereload=True)
    except (Abort, PluginError, OSError) as error:
        raise SiteError(str(error)) from None


class SiteError(UsageProblem):
    """The site did not build (a warning under --strict, a broken glossary, a busy port)."""

