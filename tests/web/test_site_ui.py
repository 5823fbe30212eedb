"""Issue 19, the site people land on: the home (search first, quick links, editions, build),
where an entry page stands (breadcrumbs, previous/next in the rulebook's order, its letter),
the A-Z letter bar, the printable timing cards (one A4 PDF per game and language), dark mode,
accessibility (axe-core in Debian's chromium: no serious or critical violation) and the
keyboard alone. Every browser test also checks that no request left localhost."""

from __future__ import annotations

import gzip
import os
import re
import shutil
import statistics
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge import __version__, load
from judge.core.labels import all_labels, game_title
from judge.glossary import in_document_order
from judge.site.cards import pdf_path
from judge.site.hooks import build_stamp
from judge.site.pages import display_title, letter_of, numbered_term
from sitekit import REPO

UI = all_labels()
AXE_DIR = REPO / "tests" / "web" / "axe"
AXE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
# The pages axe-core checks in each language and colour scheme ({l}: es, cs).
A11Y_PAGES = {
    "home": "{l}/",
    "entry": "{l}/agot2/triggering-condition/",
    "search": "{l}/search/?q={q}",
    "round": "{l}/timing/round/",
    "sequence": "{l}/timing/sequence/",
    "translator": "translate/agot2/triggering-condition/",
    "translator-guide": "{l}/translator/",
}
QUERY = {"es": "reto", "cs": "výzva"}
# Games whose framework.yaml judge.timing walks: each has a card per language it has.
CHART_GAMES = ("agot2", "agot-board", "agot1", "gp")


def _entry_pages(site: Path) -> list[Path]:
    glossary = load()
    return [site / e.lang / e.game / e.id / "index.html" for e in glossary.entries]


# -- without a browser ---------------------------------------------------------------------------

def test_entry_pages_carry_no_other_sections_nav(built_site: Path) -> None:
    """Material rendered the whole nav (four games' sections, both languages) into every page:
    an entry page was 30.1 kB (median of 585, gzip 4.5 kB) before navigation.prune and the
    blank-line trim. Now a page carries the open section only."""
    sizes = [p.stat().st_size for p in _entry_pages(built_site)]
    assert statistics.median(sizes) < 16_000
    html = (built_site / "es" / "agot2" / "cancel" / "index.html").read_text("utf-8")
    assert "agot-board/timing/round/" not in html and "cs/gp/" not in html
    assert len(gzip.compress(html.encode(), 9)) < 5_000


@pytest.mark.parametrize("game", CHART_GAMES)
def test_each_game_with_a_framework_has_a_one_page_a4_card_per_language(built_site: Path, game: str) -> None:
    for lang in load().langs(game):
        pdf = (built_site / pdf_path(lang, game)).read_bytes()
        assert pdf.startswith(b"%PDF-")
        assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1, (game, lang)
        # A4 in points (210 x 297 mm); Chromium rounds it up by a fraction of a point.
        [box] = set(re.findall(rb"/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]", pdf))
        assert (round(float(box[0])), round(float(box[1]))) in ((595, 842), (596, 843))


def test_the_card_has_the_colour_code_the_sequence_and_the_cites(built_site: Path) -> None:
    glossary = load()
    card = (built_site / "es" / "timing" / "card" / "index.html").read_text("utf-8")
    entry = glossary.get("agot2", "es", "triggering-condition")
    assert entry is not None
    # Appendix I's colour code: a legend item and boxes of each kind.
    for kind in ("step", "window", "melee", "loop"):
        assert f'class="judge-card-{kind}"' in card and f"judge-card-box judge-card-{kind}" in card, kind
    steps = re.findall(r'<li class="judge-card-box judge-card-(?:step|window)"><span class="judge-card-num">(\d)</span>'
                       r".*?<cite>([^<]*)</cite>", card.split('class="judge-card-sequence"')[1])
    numbered = [b for b in entry.blocks if b.kind == "numbered"]
    assert [(int(n), cite) for n, cite in steps] == [(i + 1, f"{entry.term} ¶{b.n}") for i, b in enumerate(numbered)]
    appendix = glossary.get("agot2", "es", "appendix-i")
    assert appendix is not None and f"{UI['es']['colour_code']}: {appendix.term} ¶1" in card


def test_card_boxes_show_icons_and_never_indent_out_of_the_page(built_site: Path) -> None:
    """agot1's steps (`setup`, `out`) have no dot: depth -1, which once pushed a box off the page;
    its titles carry [shadow], printed as the site's icon."""
    folder = built_site / "es" / "agot1" / "timing" / "card"
    card = (folder / "index.html").read_text("utf-8")
    assert "--depth:-" not in card
    icons = re.findall(r'<img class="judge-icon" src="([^"]+)" alt="\[shadow\]"', card)
    assert icons and all((folder / src).resolve().is_file() for src in icons)
    assert "[shadow]" not in re.sub(r'alt="\[shadow\]"', "", card)


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_chart_pages_link_their_card(built_site: Path, lang: str) -> None:
    for page in ("round", "sequence"):
        html = (built_site / lang / "timing" / page / "index.html").read_text("utf-8")
        link = re.search(r'<p class="judge-card-link"><a href="([^"]+)"', html)
        assert link is not None, page
        target = (built_site / lang / "timing" / page / link.group(1)).resolve()
        assert target == (built_site / pdf_path(lang, "agot2")).resolve() and target.is_file()


# -- in the browser ------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core as pinned in tests/web/axe/package.json (and its lock), installed by `npm ci`
    when missing; never committed."""
    if not AXE.is_file():
        npm = shutil.which("npm")
        if npm is None:
            if os.environ.get("CI"):
                pytest.fail("npm is missing: .ci/run installs it (apt-get install -y npm)")
            pytest.skip("npm is missing: apt-get install -y npm")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=AXE_DIR, check=True)
    return AXE


@pytest.fixture
def scheme_page(browser: Any, site_url: str, requests: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A desktop page in the colour scheme the test is parametrized with (light, dark): the
    reader's system choice, which the palette follows until the toggle is used."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=request.param)
    context.on("request", lambda r: requests.append(r.url))
    yield context.new_page()
    context.close()
    assert requests.outside(site_url) == []


@pytest.mark.parametrize("scheme_page", ["light", "dark"], indirect=True)
@pytest.mark.parametrize("lang", ["es", "cs"])
@pytest.mark.parametrize("name", list(A11Y_PAGES))
def test_no_serious_or_critical_accessibility_violation(scheme_page: Any, site_url: str, axe_script: Path,
                                                        name: str, lang: str) -> None:
    page = scheme_page
    page.goto(site_url + A11Y_PAGES[name].format(l=lang, q=QUERY[lang]))
    if name == "search":
        page.locator(".judge-search-results li").first.wait_for()
    expected = "slate" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "default"
    assert page.locator("body").get_attribute("data-md-color-scheme") == expected
    page.add_script_tag(path=str(axe_script))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5]) for v in result["violations"]
           if v["impact"] in ("serious", "critical")]
    assert bad == []


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_home_search_first_typing_shows_results_and_arrows_walk_them(page: Any, site_url: str, lang: str) -> None:
    page.goto(f"{site_url}{lang}/")
    # The search box is the first thing after the title, and has the focus.
    assert page.locator("article h1 + .judge-home-search").count() == 1
    assert page.evaluate("document.activeElement.classList.contains('judge-search-input')")
    page.keyboard.type(QUERY[lang])
    hits = page.locator(".judge-home-search .judge-search-results a.judge-hit")
    hits.first.wait_for()
    first, second = hits.nth(0).get_attribute("href"), hits.nth(1).get_attribute("href")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.href") == first
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.classList.contains('judge-search-input')")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == second


def test_a_key_typed_on_the_home_goes_to_the_search_box(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}es/")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.type("anular")
    assert page.locator(".judge-home-search .judge-search-input").input_value() == "anular"
    page.locator(".judge-home-search .judge-search-results li").first.wait_for()


@pytest.mark.parametrize(("start", "lang", "landing"), [
    ("es/agot2/triggering-condition/", "cs", "cs/agot2/triggering-condition/"),
    ("cs/", "es", "es/"),
])
def test_language_switch_by_keyboard_alone(page: Any, site_url: str, start: str, lang: str, landing: str) -> None:
    page.goto(site_url + start)
    page.evaluate("document.activeElement.blur()")
    target = f".md-select__link.judge-lang-{lang}"
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({target!r})"):
            break
    else:
        pytest.fail("Tab never reached the language switch")
    assert page.locator(target).is_visible()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == site_url + landing


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_home_quick_links_rulebooks_editions_and_build(page: Any, site_url: str, built_site: Path, lang: str) -> None:
    ui = UI[lang]
    page.goto(f"{site_url}{lang}/")
    quick = page.locator("ul.judge-quick a")
    labels = quick.evaluate_all("els => els.map(e => e.textContent.trim())")
    targets = quick.evaluate_all("els => els.map(e => e.href)")
    resolver = (built_site / lang / "resolver" / "index.html").is_file()
    expected = [ui["round"], ui["sequence"], *([ui["resolver"]] if resolver else []), f"{ui['glossary']} A–Z"]
    assert labels == expected
    pages = ["timing/round/", "timing/sequence/", *(["resolver/"] if resolver else []), "glossary/"]
    assert targets == [f"{site_url}{lang}/{p}" for p in pages]
    glossary = load()
    games = page.locator("#games ~ ul").first.locator("a").evaluate_all("els => els.map(e => e.textContent)")
    assert games == [game_title(g, lang) for g in glossary.games()]
    editions = page.locator(".judge-editions li").evaluate_all("els => els.map(e => e.textContent)")
    assert [e.split(" · ")[0] for e in editions] == [game_title(g, lang).split(" · ")[0] for g in glossary.games()]
    assert "ES: 000_265c649252c7c8ad.txt" in " ".join(editions) and "CS: 002_b6c6b1fc0b9137d1.txt" in " ".join(editions)
    stamp = page.locator(".judge-built").get_attribute("data-built")
    # the stamp is the build's day: a suite that crosses midnight UTC built the site the day before
    written = time.gmtime((built_site / lang / "index.html").stat().st_mtime)
    assert stamp in {build_stamp(), f"{__version__} · {time.strftime('%Y-%m-%d', written)}"}
    assert stamp.startswith(__version__)


@pytest.mark.parametrize(("lang", "entry_id"), [("es", "triggering-condition"), ("cs", "cancel"), ("es", "ambush")])
def test_entry_page_knows_where_it_is(page: Any, site_url: str, lang: str, entry_id: str) -> None:
    glossary = load()
    entry = glossary.get("agot2", lang, entry_id)
    assert entry is not None
    ordered = in_document_order([e for e in glossary.entries if e.game == "agot2" and e.lang == lang])
    at = [e.id for e in ordered].index(entry_id)
    section = next(e for e in reversed(ordered[:at]) if e.kind == "section")
    page.goto(f"{site_url}{lang}/agot2/{entry_id}/")
    crumbs = page.locator("nav.judge-crumbs a")
    assert crumbs.evaluate_all("els => els.map(e => e.textContent.trim())") == [
        UI[lang]["home"], game_title("agot2", lang), display_title(numbered_term(section))]
    assert crumbs.evaluate_all("els => els.map(e => e.href)") == [
        f"{site_url}{lang}/", f"{site_url}{lang}/agot2/", f"{site_url}{lang}/agot2/{section.id}/"]
    prev, nxt = page.locator(".judge-pager a[rel=prev]"), page.locator(".judge-pager a[rel=next]")
    assert prev.get_attribute("href") == f"../{ordered[at - 1].id}/"
    assert nxt.get_attribute("href") == f"../{ordered[at + 1].id}/"
    assert prev.locator(".judge-pager-term").inner_text() == numbered_term(ordered[at - 1])
    letter = page.locator(".judge-letter a")
    assert letter.inner_text() == f"{UI[lang]['glossary']} · {letter_of(entry)}"
    letter.click()
    assert page.url == f"{site_url}{lang}/glossary/#letter-{letter_of(entry).lower()}"
    assert page.locator(f"#letter-{letter_of(entry).lower()}").is_visible()


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("path", ["es/glossary/", "cs/glossary/", "es/gp/", "es/agot-board/"])
def test_a_to_z_jumps_by_letter(page: Any, site_url: str, path: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + path)
    bar = page.locator("nav.judge-letters a")
    hrefs = bar.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    headings = page.locator("[id^=letter-]").evaluate_all("els => els.map(e => '#' + e.id)")
    assert hrefs == headings and len(hrefs) > 3
    for at in (len(hrefs) // 2, -1):
        bar.nth(at).click()
        page.wait_for_timeout(300)
        # The heading jumped to stands below the sticky letter bar, not under it.
        heading, letters = page.locator(hrefs[at]).bounding_box(), page.locator("nav.judge-letters").bounding_box()
        assert heading["y"] >= letters["y"] + letters["height"] - 1, hrefs[at]


def test_dark_mode_toggle_is_named_in_the_page_language(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}cs/timing/round/")
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default"
    toggle = page.locator("label.md-header__button[for=__palette_1]")
    assert toggle.get_attribute("title") == UI["cs"]["dark_mode"]
    toggle.click()
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    # Appendix I's colours stay on the chart in the dark.
    colours = page.locator(".judge-box-window").first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert colours == "rgb(179, 38, 30)"
    page.goto(f"{site_url}cs/")
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"


@pytest.mark.parametrize("scheme_page", ["light", "dark"], indirect=True)
def test_an_entry_prints_as_its_text_dark_on_white(scheme_page: Any, site_url: str) -> None:
    page = scheme_page
    page.goto(f"{site_url}es/agot2/triggering-condition/")
    page.emulate_media(media="print")
    for hidden in (".md-header", ".md-sidebar--primary", ".judge-cite", ".judge-pager", ".judge-crumbs"):
        assert not page.locator(hidden).first.is_visible(), hidden
    assert page.locator("#p5 .judge-text").is_visible()
    # Dark mode prints as light: light text would come out grey on white paper.
    colours = page.evaluate("""() => [getComputedStyle(document.documentElement).backgroundColor,
        getComputedStyle(document.querySelector('#p5 .judge-text')).color]""")
    assert colours[0] == "rgb(255, 255, 255)"
    assert colours[1] in ("rgba(0, 0, 0, 0.87)", "rgb(0, 0, 0)"), colours


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_home_and_entry(browser: Any, site_url: str, screenshots: Path, requests: Any,
                                    capsys: pytest.CaptureFixture[str], scheme: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 900},
                                  color_scheme=scheme)
    context.on("request", lambda r: requests.append(r.url))
    shot = context.new_page()
    for lang in ("es", "cs"):
        for name, path in (("home", f"{lang}/"), ("entry", f"{lang}/agot2/triggering-condition/")):
            shot.goto(site_url + path)
            target = screenshots / f"{name}-{lang}-{width}-{scheme}.png"
            shot.screenshot(path=str(target))
            assert target.stat().st_size > 0
            with capsys.disabled():
                print(f"\nscreenshot: {target}", end="")
    context.close()
    assert requests.outside(site_url) == []
