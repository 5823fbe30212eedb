"""The Resolver (es/resolver/, cs/resolver/) in Debian's chromium: the judge package itself under
Pyodide, in a Web Worker, from the site's own folder.

- every golden `judge step` scenario of every game, typed into its game's form field by field,
  gives the CLI's JSON; uploaded (es, cs), it gives the CLI's JSON, and with one field changed
  in the form the downloaded file is the loaded one with that change and steps to what the page
  shows;
- the Ask box gives `judge ask`'s answer on the ask test set;
- after one visit it works with the network off (service worker);
- a later visit starts from the memory snapshot the first one saved, and a broken one is dropped;
- a shared URL reopens the same situation, form included, in every game;
- bad input (no players, an unknown trigger, a cycle; a wrong value in each game's form) shows
  the CLI's own message;
- each game's form fits a 390 px screen (screenshots saved);
- the site works under a sub-path (/rules/).

The engine boots once per page (seconds): each language's page is shared by the tests of this
module, and every page asserts no console error and no request leaving localhost.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.site.resolver import ui as resolver_ui
from sitekit import REPO, serve_dir

GOLDEN = REPO / "tests" / "golden"
SCENARIOS = sorted((GOLDEN / "judge" / "scenarios").glob("*.yaml"))
GAME_SCENARIOS = sorted(GOLDEN.glob("games/*/scenarios/*.yaml"))
BOOT_MS = 180_000  # the first boot under a loaded 2-core machine took up to 20 s; leave room


def cli_json(args: list[str], cwd: Path) -> tuple[int, Any, str]:
    """`judge ARGS --format json` run in `cwd`: exit code, parsed stdout (or None), stderr."""
    old = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli, [*args, "--format", "json"], catch_exceptions=False)
    finally:
        os.chdir(old)
    return result.exit_code, json.loads(result.stdout) if result.stdout else None, result.stderr


class Resolver:
    """One Resolver page with its engine booted; the console is watched for errors."""

    def __init__(self, context: Any, url: str) -> None:
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)
        self.output.locator(".judge-line").first.wait_for(timeout=BOOT_MS)

    @property
    def output(self) -> Any:
        return self.page.locator(".judge-resolver__output").first

    def settle(self, before: str) -> Any:
        """The output's JSON (or None on an error) once the page has stepped a new situation."""
        self.page.wait_for_function(
            "old => { const o = document.querySelector('.judge-resolver__output');"
            " return o.dataset.stamp && o.dataset.stamp !== old; }", arg=before, timeout=30_000)
        raw = self.output.get_attribute("data-json")
        return json.loads(raw) if raw else None

    def stamp(self) -> str:
        return self.output.get_attribute("data-stamp") or ""

    def upload(self, path: Path) -> Any:
        before = self.stamp()
        self.page.set_input_files("input[name=upload]", str(path))
        return self.settle(before)

    def type_yaml(self, text: str) -> Any:
        before = self.stamp()
        self.page.locator(".judge-resolver__yaml summary").click() if not self.page.locator(
            ".judge-resolver__yaml[open]").count() else None
        self.page.locator("textarea[name=yaml]").fill(text)
        return self.settle(before)


@pytest.fixture(scope="module")
def context(browser: Any, site_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []
    context.on("request", lambda r: outside.append(r.url) if not r.url.startswith((site_url, "data:", "blob:")) else None)
    yield context
    context.close()
    assert outside == []


@pytest.fixture(scope="module")
def resolvers(context: Any, site_url: str) -> Iterator[dict[str, Resolver]]:
    opened: dict[str, Resolver] = {}

    def get(lang: str) -> Resolver:
        if lang not in opened:
            opened[lang] = Resolver(context, f"{site_url}{lang}/resolver/")
        return opened[lang]

    yield _Lazy(get)  # type: ignore[misc]
    for resolver in opened.values():
        assert resolver.errors == []


class _Lazy(dict[str, Resolver]):
    def __init__(self, get: Any) -> None:
        super().__init__()
        self._get = get

    def __missing__(self, lang: str) -> Resolver:
        return self._get(lang)


def ask_questions() -> list[str]:
    """The ask test set: every question of the development sets tests/ask/dev*.yaml and the
    held-out sets heldout*.yaml (the browser must give what the CLI gives, right or wrong:
    nothing is tuned on this)."""
    import yaml

    folder = REPO / "tests" / "ask"
    sets = sorted(path for pattern in ("dev*.yaml", "heldout*.yaml") for path in folder.glob(pattern))
    return [q["q"] for path in sets for q in yaml.safe_load(path.read_text("utf-8"))["questions"]]


@pytest.mark.timeout(2400)  # every question of the sets, one by one: about 8 minutes on two cores
def test_ask_box_gives_the_cli_answer(resolvers: dict[str, Resolver]) -> None:
    """Every question of the ask test set typed into the Ask box: the CLI's JSON and exit code."""
    es = resolvers["es"]
    box, answer = es.page.locator("input[name=question]"), es.page.locator(".judge-resolver__answer")
    wrong = []
    for question in ask_questions():
        before = answer.get_attribute("data-stamp") or ""
        box.fill(question)
        box.press("Enter")
        es.page.wait_for_function(
            "old => { const o = document.querySelector('.judge-resolver__answer');"
            " return o.dataset.stamp && o.dataset.stamp !== old; }", arg=before, timeout=30_000)
        code, expected, _ = cli_json(["ask", question], REPO)
        shown = answer.get_attribute("data-json")
        if (answer.get_attribute("data-exit-code"), json.loads(shown) if shown else None) != (str(code), expected):
            wrong.append(question)
    assert wrong == []

def test_shared_url_reopens_the_situation(context: Any, resolvers: dict[str, Resolver]) -> None:
    nested = GOLDEN / "judge" / "scenarios" / "nested-three-deep.yaml"
    es = resolvers["es"]
    shown = es.upload(nested)
    again = Resolver(context, es.page.url)
    try:
        assert again.output.get_attribute("data-json") == json.dumps(shown, ensure_ascii=False, separators=(",", ":")) \
            or json.loads(again.output.get_attribute("data-json")) == shown
        form = again.page.locator(".judge-resolver__form")
        assert form.locator("input[name=players]").input_value() == "Ana, Bruno"
        assert form.locator(".judge-resolver__fields > label [name=trigger] input").input_value().endswith("(challenge-won)")
        assert form.locator(".judge-item[data-key=abilities] input[name=card]").evaluate_all("els => els.map(e => e.value)") == [
            "Ser Jaime", "Robert Baratheon", "Melisandre", "Maester Aemon", "Hand of the King"]
        assert again.errors == []
    finally:
        again.page.close()


BAD = {
    "no players": "players: []\ntrigger: challenge-won\n",
    "unknown trigger": "players: [Ana, Bruno]\ntrigger: challenge-wonn\n",
    "a cycle": ("players: [Ana, Bruno]\ntrigger: challenge-won\nabilities:\n"
                "  - {card: A, controller: Ana, type: reaction, creates: power-gained}\n"
                "  - {card: B, controller: Ana, type: reaction, trigger: power-gained, creates: challenge-won}\n"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_shows_the_cli_message(resolvers: dict[str, Resolver], tmp_path: Path, case: str) -> None:
    es = resolvers["es"]
    assert es.type_yaml(BAD[case]) is None
    (tmp_path / "scenario.yaml").write_text(BAD[case], "utf-8")
    code, _, stderr = cli_json(["step", "scenario.yaml", "--lang", "es"], tmp_path)
    assert code == 2
    assert es.output.get_attribute("data-exit-code") == "2"
    assert es.output.inner_text() == stderr.rstrip("\n")


def test_form_picks_a_trigger_by_typing_without_accents(resolvers: dict[str, Resolver], tmp_path: Path) -> None:
    """Typing «vyhrana» (výzva je vyhrána) in the es page finds the trigger in Czech too; the
    YAML the form writes is the file the CLI reads (downloaded, stepped, same JSON)."""
    es = resolvers["es"]
    es.upload(GOLDEN / "judge" / "scenarios" / "challenge-won-reactions.yaml")
    picker = es.page.locator(".judge-resolver__fields > label [name=trigger] input")
    picker.fill("")
    picker.press_sequentially("vyzva je vyhrana")
    es.page.locator(".judge-picker__option[data-id=challenge-won]").first.wait_for()
    before = es.stamp()
    es.page.locator(".judge-picker__option[data-id=challenge-won]").first.click()
    shown = es.settle(before)
    with es.page.expect_download() as download:
        es.page.locator("button[name=download]").click()
    download.value.save_as(tmp_path / "scenario.yaml")
    code, expected, _ = cli_json(["step", "scenario.yaml", "--lang", "es"], tmp_path)
    assert (code, shown) == (0, expected)
    assert shown["trigger"] == "challenge-won"


def test_cites_link_to_paragraph_anchors(resolvers: dict[str, Resolver], site_url: str) -> None:
    es = resolvers["es"]
    es.upload(GOLDEN / "judge" / "scenarios" / "nested-three-deep.yaml")
    links = es.output.locator("a.judge-cite-link")
    hrefs = set(links.evaluate_all("els => els.map(e => e.href)"))
    assert f"{site_url}es/agot2/triggering-condition/#p4" in hrefs
    assert f"{site_url}es/agot2/nested-ability-sequences/#p2" in hrefs
    target = es.page.context.new_page()
    target.goto(f"{site_url}es/agot2/nested-ability-sequences/#p2")
    assert target.locator(":target").get_attribute("id") == "p2"
    target.close()


def test_works_offline_after_one_visit(browser: Any, site_url: str) -> None:
    context = browser.new_context()
    try:
        first = Resolver(context, f"{site_url}es/resolver/")
        first.page.wait_for_function("navigator.serviceWorker.controller !== null")
        first.page.close()
        context.set_offline(True)
        offline = Resolver(context, f"{site_url}cs/resolver/")
        shown = offline.upload(GOLDEN / "judge" / "scenarios" / "cancel-ability.yaml")
        code, expected, _ = cli_json(["step", "cancel-ability.yaml", "--lang", "cs"], GOLDEN / "judge" / "scenarios")
        assert (code, shown) == (0, expected)
        assert offline.errors == []
    finally:
        context.close()


def boot_of(resolver: Resolver) -> Any:
    """What the page knows of its worker's boot (window.judgeResolverBoot)."""
    return resolver.page.evaluate("window.judgeResolverBoot")


def saved_snapshot(resolver: Resolver) -> None:
    """Wait until the worker, idle after its first answers, has saved its memory snapshot."""
    resolver.page.wait_for_function("() => window.judgeResolverBoot.snapshot", timeout=BOOT_MS)
    assert boot_of(resolver)["snapshot"] == "saved"


SPOIL_SNAPSHOT = """() => caches.open("judge-snapshot").then(async cache => {
    const [request] = await cache.keys();
    const saved = await cache.match(request);
    const bytes = new Uint8Array(await saved.arrayBuffer());
    bytes.fill(7, 0, 4096);  // the header Pyodide checks: magic number, build id
    await cache.put(request, new Response(bytes, { headers: saved.headers }));
})"""


def test_a_later_visit_starts_from_the_memory_snapshot_and_a_broken_one_is_not_used(browser: Any, site_url: str) -> None:
    """The first boot saves the interpreter's memory; the next visit restores it and steps as the
    CLI does. A snapshot that does not restore (spoiled here; another Pyodide build would fail
    alike) is dropped: that visit boots from scratch, answers the same, and saves a new one."""
    context = browser.new_context()
    scenarios = GOLDEN / "judge" / "scenarios"
    code, expected, _ = cli_json(["step", "cancel-ability.yaml", "--lang", "es"], scenarios)
    try:
        first = Resolver(context, f"{site_url}es/resolver/")
        assert boot_of(first)["worker"]["snapshot"] in ("none", "stale")
        saved_snapshot(first)
        first.page.close()
        later = Resolver(context, f"{site_url}es/resolver/")
        assert boot_of(later)["worker"]["snapshot"] == "used"
        assert (code, later.upload(scenarios / "cancel-ability.yaml")) == (0, expected)
        later.page.evaluate(SPOIL_SNAPSHOT)
        later.page.close()
        spoiled = Resolver(context, f"{site_url}es/resolver/")
        assert boot_of(spoiled)["worker"]["snapshot"].startswith("unusable")
        assert (code, spoiled.upload(scenarios / "cancel-ability.yaml")) == (0, expected)
        saved_snapshot(spoiled)
        assert first.errors == later.errors == spoiled.errors == []
    finally:
        context.close()


class _UnderPrefix(http.server.SimpleHTTPRequestHandler):
    """A static host serving the site under /rules/ (and nothing at its root)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def translate_path(self, path: str) -> str:
        if not path.startswith(PREFIX):
            return str(Path(self.directory) / "no-such-file")
        return super().translate_path("/" + path[len(PREFIX):])


PREFIX = "/rules/"


def test_works_under_a_sub_path(browser: Any, built_site: Path) -> None:
    handler = functools.partial(_UnderPrefix, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    context = browser.new_context()
    outside: list[str] = []
    context.on("request", lambda r: outside.append(r.url) if not r.url.startswith((base, "data:", "blob:")) else None)
    try:
        resolver = Resolver(context, f"{base}es/resolver/")
        shown = resolver.upload(GOLDEN / "games" / "gp" / "scenarios" / "simple-resolve.yaml")
        code, expected, _ = cli_json(["step", "simple-resolve.yaml", "--lang", "es"], GOLDEN / "games" / "gp" / "scenarios")
        assert (code, shown) == (0, expected)
        assert resolver.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r && r.scope)") == base
        assert resolver.errors == [] and outside == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()
        thread.join()


def test_a_new_build_is_offered(browser: Any, built_site: Path, tmp_path: Path) -> None:
    """A visitor's page says when the site changed (a new sw.js), and takes the new version on
    request: the new service worker controls the reloaded page."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    context = browser.new_context()
    try:
        with serve_dir(site) as url:
            first = Resolver(context, f"{url}es/resolver/")
            first.page.wait_for_function("navigator.serviceWorker.controller !== null")
            worker = site / "sw.js"
            script = worker.read_text("utf-8")
            old = script.split('const VERSION = "', 1)[1].split('"', 1)[0]
            worker.write_text(script.replace(f'const VERSION = "{old}"', f'const VERSION = "next-{old}"'), "utf-8")
            first.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
            offer = first.page.locator(".judge-resolver__update button")
            offer.wait_for(timeout=BOOT_MS)
            with first.page.expect_navigation():
                offer.click()
            first.page.wait_for_function("navigator.serviceWorker.controller !== null")
            # the new version's cache replaces the old one's
            first.page.wait_for_function(
                "old => caches.keys().then(n => n.includes('judge-next-' + old) && !n.includes('judge-' + old))", arg=old)
            assert first.errors == []
    finally:
        context.close()


# -- the form: every game's scenario entered field by field ---------------------------------

FORMS: dict[str, list[dict[str, Any]]] = resolver_ui()["forms"]


def open_more(container: Any) -> None:
    """Unfold the less used fields (details.judge-more) directly in `container`."""
    for summary in container.locator(":scope > details.judge-more:not([open]) > summary").all():
        summary.click()


def field_in(container: Any, key: str) -> Any:
    return container.locator(f":scope > [data-key={key}], :scope > details > [data-key={key}]").first


def fill_fields(page: Any, container: Any, fields: list[dict[str, Any]], values: dict[str, Any]) -> None:
    """Enter `values` into the fields of `container` through the page's own controls, as a judge
    would: type, tick, choose, add rows; a field the scenario does not give is emptied."""
    open_more(container)
    for spec in fields:
        fill_field(page, field_in(container, spec["key"]), spec, values.get(spec["key"]))


def fill_field(page: Any, node: Any, spec: dict[str, Any], value: Any) -> None:
    kind = spec["kind"]
    if kind in ("text", "int", "step"):
        node.locator("input").fill("" if value is None else str(value))
    elif kind in ("names", "list", "triggers"):
        node.locator("input").fill(", ".join(value or []))
    elif kind == "bool":
        node.locator("input").set_checked(spec.get("default", False) if value is None else value)
    elif kind in ("choice", "player"):
        if value is not None or not spec.get("required"):
            node.locator("select").select_option("" if value is None else str(value))
    elif kind == "trigger":
        box = node.locator("input")
        box.fill("")
        if value is not None:
            box.press_sequentially(value)
            node.locator(f".judge-picker__option[data-id='{value}']").first.click()
    elif kind == "group":
        fill_fields(page, node, spec["fields"], value or {})
    elif kind == "items":
        remove_all(node.locator(":scope > fieldset > button[name=remove]"))
        for item in value or []:
            node.locator(f":scope > button[name=add-{spec['key']}]").click()
            fill_fields(page, node.locator(":scope > fieldset.judge-item").last, spec["fields"], item)
    elif kind == "per_player":
        remove_all(node.locator(":scope > fieldset > .judge-item__row > button[name=remove]"))
        for player, actions in (value or {}).items():
            section = node.locator(f":scope > fieldset[data-player='{player}']")
            for action in actions:
                section.locator(f":scope > button[name=add-{spec['key']}]").click()
                fill_action(section.locator(":scope > .judge-item__row").last, spec["item"], action)


def remove_all(buttons: Any) -> None:
    while buttons.count():
        buttons.first.click()


def fill_action(row: Any, spec: dict[str, Any], action: Any) -> None:
    if isinstance(action, str):
        row.locator("select[name=verb]").select_option(action)
        return
    verb = next(v for v in spec["verbs"] if v in action)
    row.locator("select[name=verb]").select_option(verb)
    row.locator("input[name=name]").fill(action[verb])
    extra = row.locator(".judge-action__extra")
    for field in spec.get("extra", {}).get(verb, []):
        fill_field(row.page, field_in(extra, field["key"]), field, action.get(field["key"]))


def settled(resolver: Resolver) -> Any:
    """The output's JSON once the page has stepped the form's last change (the form writes the
    YAML 300 ms after typing stops: wait until it stays, then for the step of the last one)."""
    page, last = resolver.page, None
    for _ in range(60):
        page.wait_for_timeout(400)
        now = page.locator("textarea[name=yaml]").input_value()
        if now == last:
            break
        last = now
    page.wait_for_function("() => { const o = document.querySelector('.judge-resolver__output');"
                           " return o.dataset.stepped === o.dataset.pending; }", timeout=30_000)
    raw = resolver.output.get_attribute("data-json")
    return json.loads(raw) if raw else None


def scenario_of(path: Path) -> dict[str, Any]:
    import yaml

    loaded: dict[str, Any] = yaml.safe_load(path.read_text("utf-8"))
    return loaded


def start_game(resolver: Resolver, game: str) -> None:
    """Choose the game in the form (a new situation of it: the game's example)."""
    before = resolver.stamp()
    resolver.page.locator("select[name=game]").select_option(game)
    resolver.settle(before)
    resolver.page.locator(f".judge-resolver__fields[data-game='{game}']").wait_for()


TYPED = [(s, "es") for s in GAME_SCENARIOS + SCENARIOS]


@pytest.mark.parametrize(("scenario", "lang"), TYPED,
                         ids=[f"{s.parent.parent.name}-{s.stem}-{lang}" for s, lang in TYPED])
def test_golden_scenario_typed_into_the_form(resolvers: dict[str, Resolver], scenario: Path, lang: str) -> None:
    """Every golden scenario of every game, entered field by field from a new situation of its
    game, gives the CLI's JSON for the file."""
    resolver, data = resolvers[lang], scenario_of(scenario)
    game = data.get("game", "agot2")
    start_game(resolver, game)
    fields = resolver.page.locator(".judge-resolver__fields")
    fill_fields(resolver.page, fields, FORMS[game], data)
    shown = settled(resolver)
    code, expected, stderr = cli_json(["step", scenario.name, "--lang", lang], scenario.parent)
    assert (code, stderr) == (0, "")
    assert shown == expected, resolver.page.locator("textarea[name=yaml]").input_value() + resolver.output.inner_text()


def download(resolver: Resolver, folder: Path) -> Path:
    """The page's Download button: the scenario file it saves."""
    with resolver.page.expect_download() as saved:
        resolver.page.locator("button[name=download]").click()
    path = folder / "scenario.yaml"
    saved.value.save_as(path)
    return path


# One field of each game changed through its control: (the field's place, the new value).
EDITS: dict[str, tuple[list[str], Any]] = {
    "agot2": (["first_player"], "last player"),
    "gp": (["active"], "last player"),
    "agot1": (["first_player"], "last player"),
    "agot-board": (["attacker", "card", "strength"], "one more"),
}


def edit_one_field(resolver: Resolver, game: str, data: dict[str, Any]) -> dict[str, Any]:
    """Change EDITS[game] through the form; the scenario as it should now be."""
    path, how = EDITS[game]
    node = resolver.page.locator(".judge-resolver__fields")
    for key in path:
        open_more(node)
        node = field_in(node, key)
    edited: dict[str, Any] = json.loads(json.dumps(data))
    if how == "last player":  # or the first, if the last is already there: a change
        names = [p["name"] if isinstance(p, dict) else p for p in data["players"]]
        value = names[-1] if data.get(path[0]) != names[-1] else names[0]
        node.locator("select").select_option(value)
        edited[path[0]] = value
    else:
        inner = edited
        for key in path[:-1]:
            inner = inner[key]
        inner[path[-1]] = inner.get(path[-1], 0) + 1
        node.locator("input").fill(str(inner[path[-1]]))
    return edited


ROUND_TRIPS = [(s, lang) for s in GAME_SCENARIOS + SCENARIOS for lang in ("es", "cs")]


@pytest.mark.parametrize(("scenario", "lang"), ROUND_TRIPS,
                         ids=[f"{s.parent.parent.name}-{s.stem}-{lang}" for s, lang in ROUND_TRIPS])
def test_golden_scenario_loaded_edited_and_saved(resolvers: dict[str, Resolver], tmp_path: Path,
                                                scenario: Path, lang: str) -> None:
    """Every golden scenario of every game, uploaded: the page shows the CLI's JSON and the
    game's form. One field changed there: the downloaded file is the loaded one with that
    change and nothing else (the form wrote it all), and the page shows the CLI's JSON for it.
    The file also says the page's language, when the game prints in it: gp, agot1 and
    agot-board print in Spanish only, and the Czech page steps them in it."""
    resolver, data = resolvers[lang], scenario_of(scenario)
    game = data.get("game", "agot2")
    step_lang = lang if game == "agot2" or lang == "es" else None
    as_cli = ["--lang", step_lang] if step_lang else []
    shown = resolver.upload(scenario)
    assert cli_json(["step", scenario.name, *as_cli], scenario.parent) == (0, shown, "")
    assert resolver.page.locator(f".judge-resolver__fields[data-game='{game}']").count() == 1
    expected_file = edit_one_field(resolver, game, data)
    shown = settled(resolver)
    saved = download(resolver, tmp_path)
    written = scenario_of(saved)
    if "lang" not in data:
        assert written.pop("lang", None) == step_lang
    assert written == expected_file
    assert cli_json(["step", saved.name, *as_cli], tmp_path) == (0, shown, "")


SHARED = [GOLDEN / "games" / game / "scenarios" / name for game, name in (
    ("gp", "trigger-from-resolution.yaml"), ("agot-board", "supported-attack.yaml"),
    ("agot1", "duplicate-with-responses.yaml"))]


@pytest.mark.parametrize("scenario", SHARED, ids=[s.parent.parent.name for s in SHARED])
def test_shared_url_reopens_every_game(context: Any, resolvers: dict[str, Resolver], tmp_path: Path,
                                       scenario: Path) -> None:
    """The link of a situation of each game opens its form with the same fields and result."""
    es = resolvers["es"]
    shown = es.upload(scenario)
    before = download(es, tmp_path)
    again = Resolver(context, es.page.url)
    try:
        game = scenario.parent.parent.name
        again.page.locator(f".judge-resolver__fields[data-game='{game}']").wait_for()
        assert json.loads(again.output.get_attribute("data-json")) == shown
        reopened = tmp_path / "reopened"
        reopened.mkdir()
        assert scenario_of(download(again, reopened)) == scenario_of(before) == scenario_of(scenario)
        assert again.errors == []
    finally:
        again.page.close()


# Bad input typed into each game's form (its example): (the field, what is typed).
BAD_FIELDS: dict[str, tuple[str, str]] = {
    "agot2": ("[data-key=players] input", "Ana"),
    "gp": ("[data-key=at] input", "9.9"),
    "agot1": (".judge-item[data-key=players] [data-key=bring_out] input", "Nadie"),
    "agot-board": ("[data-key=defender] > [data-key=house] input", "Tyrell"),
}


@pytest.mark.parametrize("game", list(BAD_FIELDS))
def test_bad_input_in_each_form_shows_the_cli_message(resolvers: dict[str, Resolver], tmp_path: Path, game: str) -> None:
    """A wrong value typed into a game's form: the page shows the message `judge step` gives
    for the file it saves (exit 2), and no JavaScript error (the fixture checks the console)."""
    es = resolvers["es"]
    start_game(es, game)
    where, value = BAD_FIELDS[game]
    es.page.locator(".judge-resolver__fields").locator(where).first.fill(value)
    settled(es)
    code, _, stderr = cli_json(["step", download(es, tmp_path).name, "--lang", "es"], tmp_path)
    assert code == 2 and stderr.startswith("Error: scenario.yaml:")
    assert es.output.get_attribute("data-exit-code") == "2"
    assert es.output.inner_text() == stderr.rstrip("\n")


PHONE_SHOTS = {"agot2": GOLDEN / "judge" / "scenarios" / "then-effects.yaml", **{s.parent.parent.name: s for s in SHARED}}


@pytest.mark.parametrize("lang", ["es", "cs"])
def test_every_form_fits_a_phone(browser: Any, site_url: str, screenshots: Path, lang: str) -> None:
    """At 390 px each game's form and its result stay within the screen (no sideways
    scrolling), every control of the form is within it; a screenshot of each is saved to look at."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        resolver = Resolver(context, f"{site_url}{lang}/resolver/")
        for game, scenario in PHONE_SHOTS.items():
            resolver.upload(scenario)
            resolver.page.locator(f".judge-resolver__fields[data-game='{game}']").wait_for()
            assert resolver.page.evaluate("document.documentElement.scrollWidth") <= 390
            outside = resolver.page.locator(".judge-resolver__form").evaluate(
                "form => [...form.querySelectorAll('input, select, button')].filter(e => e.offsetParent)"
                ".filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > 390; }).length")
            assert outside == 0
            resolver.page.screenshot(path=str(screenshots / f"resolver-form-{game}-{lang}-390.png"), full_page=True)
        assert resolver.errors == []
    finally:
        context.close()
