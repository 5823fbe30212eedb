"""The translation exchange (issue 16): export to XLIFF/PO, the TMX memory and TBX term base read
by translate-toolkit, import back as drafts, and every refusal with nothing written."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from translate.storage import pypo, tbx, tmx, xliff
from translate.storage.placeables import StringElem
from translate.storage.placeables.xliff import X

from judge.cli import cli
from judge.translate import compare
from judge.translate.exchange import writing
from judge.translate.exchange import units as exchange

FIXTURES = Path(__file__).resolve().parent / "fixtures"
REPO = FIXTURES.parent.parent
# Czech words hunspell-cs knows, no check reads as Spanish and with no modal verb (the modality
# check compares may/must/cannot with the source): a stand-in translation.
FILLER = "Hráč použije kartu"


@pytest.fixture
def mini(multigame: Path) -> Path:
    """The fixture glossary with the Spanish-only game mini (as JUDGE_GLOSSARY, cwd its parent)."""
    return multigame


def run(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(cli, list(args), catch_exceptions=False)


def snapshot(root: Path) -> dict[str, str]:
    """Every file of the glossary (dot files too) with a hash of its bytes."""
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def fake_words(source: str, term: bool) -> str:
    """A Czech-looking target without the icons, keeping the source's numbers (what the checks
    compare); a term is made unique, as the term-consistency check wants."""
    if term:
        return f"{FILLER} {hashlib.sha256(source.encode()).hexdigest()[:6]}"
    said = compare.numbers(source, "es")
    return " ".join([FILLER, *sorted(said.steps), *(str(v) for v in sorted(said.values))])


def fill_po(path: Path, which: Callable[[str], bool] = lambda unit_id: True) -> None:
    store = pypo.pofile.parsestring(path.read_bytes())
    for unit in store.units:
        if not unit.isheader() and which(unit.getcontext()):
            term = unit.getcontext().endswith("#term")
            icons = [] if term else exchange.icon_codes(str(unit.source))
            unit.target = " ".join([fake_words(str(unit.source), term), *icons]) + ("" if term else ".")
    path.write_bytes(bytes(store))


def fill_xliff(path: Path, which: Callable[[str], bool] = lambda unit_id: True) -> None:
    """Targets as a CAT tool writes them: text, and the source's <x/> codes kept as codes."""
    store = xliff.xlifffile.parsestring(path.read_bytes())
    for unit in store.units:
        unit_id = local_id(unit)
        if not which(unit_id):
            continue
        term = unit_id.endswith("#term")
        codes = [leaf for leaf in unit.rich_source[0].flatten() if isinstance(leaf, X)]
        parts: list[object] = [fake_words(str(unit.source), term)]
        for code in codes:
            parts += [" ", code]
        unit.rich_target = [StringElem([*parts, "" if term else "."])]
    path.write_bytes(bytes(store))


def local_id(unit: xliff.xliffunit) -> str:
    return str(unit.getid()).rsplit(xliff.ID_SEPARATOR, 1)[-1]


def export(runner: CliRunner, game: str, fmt: str, out: Path) -> Result:
    result = run(runner, "translate", "export", "--game", game, "--to", "cs", "--format", fmt, "-o", str(out))
    assert result.exit_code == 0, result.output + result.stderr
    return result
# -- export ---------------------------------------------------------------------------------

def test_xliff_export_read_by_translate_toolkit(glossary_env: Path, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "agot2.cs.xlf"
    result = export(runner, "agot2", "xliff", out)
    store = xliff.xlifffile.parsestring(out.read_bytes())
    assert store.getfilenames() == ["agot2"]
    node = store.getfilenode("agot2")
    assert (node.get("source-language"), node.get("target-language")) == ("es", "cs")
    assert store.namespace == "urn:oasis:names:tc:xliff:document:1.2"
    units = {local_id(u): u for u in store.units}
    assert [i for i in units if i.startswith("challenge-icons")] == ["challenge-icons#term", "challenge-icons#1", "challenge-icons#2"]
    table = units["challenge-icons#2"]
    codes = [dict(leaf.xml_attrib) for leaf in table.rich_source[0].flatten() if isinstance(leaf, X)]
    assert codes == [{"id": str(n), "ctype": "x-icon", "equiv-text": f"[{icon}]"} for n, icon in
                     enumerate(["military", "intrigue", "power"], start=1)]
    assert ('<source>| Reto | Icono |\n| --- | --- |\n| Militar | <x id="1" ctype="x-icon" equiv-text="[military]"/> |\n'
            '| Intriga | <x id="2" ctype="x-icon" equiv-text="[intrigue]"/> |\n'
            '| Poder | <x id="3" ctype="x-icon" equiv-text="[power]"/> |</source>') in out.read_text("utf-8")
    assert "[military]" not in str(table.source)  # a protected code, not translatable text
    assert table.getlocations() == ["glossary/agot2/es/challenge-icons.md:10"]
    assert table.getnotes() == ("Iconos de reto (challenge-icons) ¶2 · glossary/agot2/es/challenge-icons.md:10\nIcons (keep them): [military] [intrigue] [power]\n"
                                "A Markdown table: keep one line per row and the | separators.")
    # The existing Czech is the target, its icons the same codes as the source's.
    assert str(units["challenge-icons#term"].target) == "Symboly výzev"
    target_codes = [leaf.id for leaf in table.rich_target[0].flatten() if isinstance(leaf, X)]
    assert target_codes == ["1", "2", "3"]
    # cancel-interrupts has no Czech entry: no target to offer.
    assert units["cancel-interrupts#1"].target in (None, "")
    assert result.stderr == (f"{out}: 19 units (5 terms, 14 blocks; 17 with a cs target), 3 icon placeholders, "
                             f"{out.stat().st_size} bytes\n")


def test_po_export_keeps_icons_as_text_and_lists_them(glossary_env: Path, runner: CliRunner) -> None:
    result = run(runner, "translate", "export", "--game", "agot2", "--to", "cs", "--format", "po")
    assert result.exit_code == 0
    store = pypo.pofile.parsestring(result.stdout_bytes)
    header = store.parseheader()
    assert (header["X-Judge-Game"], header["X-Source-Language"], header["Language"]) == ("agot2", "es", "cs")
    unit = next(u for u in store.units if u.getcontext() == "challenge-icons#2")
    assert "| Militar | [military] |" in str(unit.source).split("\n")
    assert unit.getlocations() == ["glossary/agot2/es/challenge-icons.md:10"]
    assert "Icons (keep them): [military] [intrigue] [power]" in unit.getnotes()


def test_export_of_an_unknown_game_is_a_usage_error(glossary_env: Path, runner: CliRunner) -> None:
    result = runner.invoke(cli, ["translate", "export", "--game", "nope", "--to", "cs"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == 'Error: unknown game "nope" (known: agot2)\n'


def test_memory_tmx_holds_every_aligned_pair_read_by_translate_toolkit(glossary_env: Path, runner: CliRunner) -> None:
    result = run(runner, "translate", "memory", "--game", "agot2")
    assert result.exit_code == 0
    store = tmx.tmxfile.parsestring(result.stdout_bytes)
    from judge import load

    glossary = load()
    want = {(exchange.flat(a), exchange.flat(b)) for pair in compare.pairs(glossary, "agot2") for a, b in pair.blocks}
    assert {(str(u.source), str(u.target)) for u in store.units} == want
    assert len(store.units) == len(want) > 0
    first = store.units[0]
    assert first.getnotes().startswith("agot2/")


def test_tbx_term_base_read_by_translate_toolkit(glossary_env: Path, runner: CliRunner) -> None:
    result = run(runner, "terms", "--format", "tbx")
    store = tbx.tbxfile.parsestring(result.stdout.encode("utf-8"))
    pairs = {(str(u.source), str(u.target)) for u in store.units}
    assert ("Anular", "Zrušit") in pairs and len(store.units) == 5


# -- round trip ---------------------------------------------------------------------------

@pytest.mark.parametrize(("fmt", "fill"), [("xliff", fill_xliff), ("po", fill_po)])
def test_round_trip_imports_drafts_that_check_clean(mini: Path, runner: CliRunner, tmp_path: Path,
                                                    fmt: str, fill: Callable[[Path], None]) -> None:
    out = tmp_path / f"mini.cs.{'xlf' if fmt == 'xliff' else 'po'}"
    export(runner, "mini", fmt, out)
    fill(out)
    result = run(runner, "translate", "import", str(out), "--format", "json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert sorted(report["written"]) == [f"glossary/mini/cs/{i}.md" for i in
                                         ("active-player", "complete-rules", "golden-rules", "players")]
    assert report["unfinished"] == [] and report["unchanged"] == []
    draft = (mini / "mini" / "cs" / "golden-rules.md").read_text("utf-8")
    assert draft.startswith("---\nid: golden-rules\nterm: Hráč použije kartu ")
    assert f"status: draft\norigin: {{file: {out.name}, format: {fmt}, imported: '" in draft
    check = runner.invoke(cli, ["check", "--game", "mini", "--lang", "cs", "--format", "json"])
    data = json.loads(check.stdout)
    assert (check.exit_code, data["problems"]) == (0, [])
    assert data["summary"]["backlog"] == [{
        "game": "mini", "lang": "cs", "entries": 0, "missing": [],
        "drafts": [{"id": i, "term": _term(mini, i), "number": n, "file": f"glossary/mini/cs/{i}.md"} for i, n in
                   # the rulebook's order, as the Spanish prints it
                   [("complete-rules", None), ("golden-rules", "101"), ("players", "102"), ("active-player", None)]]}]
    # Imported again unchanged: nothing to write.
    again = run(runner, "translate", "import", str(out), "--format", "json")
    assert json.loads(again.stdout)["written"] == []


def _term(root: Path, entry_id: str) -> str:
    text = (root / "mini" / "cs" / f"{entry_id}.md").read_text("utf-8")
    return next(line.removeprefix("term: ") for line in text.split("\n") if line.startswith("term: "))


def test_round_trip_on_the_real_agot1(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Shadows addendum, in a copy of the real glossary: its [shadow] icons go out as <x/>
    codes and come back as icons; the drafts check clean (spelling included, when installed)."""
    root = tmp_path / "glossary"
    shutil.copytree(REPO / "glossary", root)
    monkeypatch.setenv("JUDGE_GLOSSARY", str(root))
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "agot1.cs.xlf"
    export(runner, "agot1", "xliff", out)
    fill_xliff(out)
    report = json.loads(run(runner, "translate", "import", str(out), "--format", "json").stdout)
    assert len(report["written"]) == 6 and report["unfinished"] == []
    es = (root / "agot1" / "es" / "bringing-cards-into-shadows.md").read_text("utf-8")
    cs = (root / "agot1" / "cs" / "bringing-cards-into-shadows.md").read_text("utf-8")
    body = es.split("---\n", 2)[2]
    assert cs.split("---\n", 2)[2].count("[shadow]") == body.count("[shadow]") == 5
    check = runner.invoke(cli, ["check", "--game", "agot1", "--format", "json"])
    data = json.loads(check.stdout)
    assert (check.exit_code, data["problems"]) == (0, [])
    assert [(b["entries"], len(b["drafts"])) for b in data["summary"]["backlog"]] == [(0, 6)]


def test_partly_translated_file_imports_the_finished_entries(mini: Path, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "mini.cs.po"
    export(runner, "mini", "po", out)
    fill_po(out, lambda unit_id: unit_id != "golden-rules#2" and not unit_id.startswith("players"))
    result = run(runner, "translate", "import", str(out))
    assert result.exit_code == 0
    assert result.stdout == (
        f"{out.name}: imported 2 entries into mini/cs as drafts:\n"
        "  glossary/mini/cs/complete-rules.md\n"
        "  glossary/mini/cs/active-player.md\n"
        "not imported (units not translated yet): 2 entries\n"
        "  golden-rules: golden-rules#2\n"
        "  players: players#term, players#1, players#2, players#3\n")
    assert sorted(p.name for p in (mini / "mini" / "cs").iterdir()) == ["active-player.md", "complete-rules.md"]


# -- refusals -------------------------------------------------------------------------------

def _xliff_unit(path: Path, unit_id: str, change: Callable[[xliff.xliffunit, xliff.xlifffile], None]) -> None:
    store = xliff.xlifffile.parsestring(path.read_bytes())
    unit = next(u for u in store.units if local_id(u) == unit_id)
    change(unit, store)
    path.write_bytes(bytes(store))


def _drop_code(unit: xliff.xliffunit, store: xliff.xlifffile) -> None:
    leaves = unit.rich_target[0].flatten()
    unit.rich_target = [StringElem([leaf for leaf in leaves if not (isinstance(leaf, X) and leaf.id == "2")])]


def _invent_code(unit: xliff.xliffunit, store: xliff.xlifffile) -> None:
    unit.rich_target = [StringElem([*unit.rich_target[0].flatten(), " ", X(id="9", xml_attrib={"ctype": "x-icon"})])]


def _typed_icon(unit: xliff.xliffunit, store: xliff.xlifffile) -> None:
    unit.rich_target = [StringElem([*unit.rich_target[0].flatten(), " [power]"])]


def _remove(unit: xliff.xliffunit, store: xliff.xlifffile) -> None:
    store.removeunit(unit)


def _extra(unit: xliff.xliffunit, store: xliff.xlifffile) -> None:
    added = store.UnitClass("Más texto")
    store.addunit(added)
    added.setid("challenge-icons#3")
    added.target = "Další text"


def _unknown(unit: xliff.xliffunit, store: xliff.xlifffile) -> None:
    added = store.UnitClass("Nada")
    store.addunit(added)
    added.setid("no-such-entry#1")


def _edit_source(unit: xliff.xliffunit, store: xliff.xlifffile) -> None:
    unit.source = "Estos iconos aparecen en algunas cartas."


def _repeat(unit: xliff.xliffunit, store: xliff.xlifffile) -> None:
    added = store.UnitClass(str(unit.source))
    store.addunit(added)
    added.setid(local_id(unit))


REFUSALS = {
    "source changed": ("challenge-icons#1", _edit_source,
                       'source changed since the export: es now reads "…iconos aparecen en la mayoría de las '
                       'cartas…", the file has "…iconos aparecen en algunas cartas."'),
    "missing unit": ("challenge-icons#2", _remove, "missing unit: es challenge-icons has it (export again)"),
    "extra unit": ("challenge-icons#1", _extra, "extra unit: challenge-icons has 2 blocks in es"),
    "unknown id": ("cancel#2", _unknown, 'unknown id "no-such-entry" (no es entry in agot2)'),
    "placeholder dropped": ("challenge-icons#2", _drop_code, "placeholder [intrigue] dropped"),
    "placeholder invented": ("challenge-icons#2", _invent_code, 'placeholder <x id="9"/> is not in the source'),
    "placeholder typed as text": ("challenge-icons#2", _typed_icon, "placeholder [power] invented (not in the source)"),
    "unit repeated": ("cancel#1", _repeat, "unit repeated"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_refusal_writes_nothing(broken: Path, runner: CliRunner, tmp_path: Path, case: str) -> None:
    unit_id, change, message = REFUSALS[case]
    out = tmp_path / "agot2.cs.xlf"
    export(runner, "agot2", "xliff", out)
    fill_xliff(out, lambda i: i.startswith("cancel-interrupts"))  # one entry to write, were it accepted
    _xliff_unit(out, unit_id, change)
    before = snapshot(broken)
    result = runner.invoke(cli, ["translate", "import", str(out)])
    where = {"unknown id": "no-such-entry#1", "extra unit": "challenge-icons#3"}.get(case, unit_id)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"Error: {out.name}: not imported, nothing written (1 problem):\n"
                             f"{out.name}:{where}: {message}\n")
    assert snapshot(broken) == before


def test_source_changed_in_the_glossary_after_export(broken: Path, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "agot2.cs.po"
    export(runner, "agot2", "po", out)
    fill_po(out, lambda i: i.startswith("cancel-interrupts"))
    entry = broken / "agot2" / "es" / "cancel-interrupts.md"
    entry.write_text(entry.read_text("utf-8").replace("Ver “Anular”.", "Ver “Anular”.\n\nOtro párrafo."), "utf-8")
    before = snapshot(broken)
    result = runner.invoke(cli, ["translate", "import", str(out)])
    assert (result.exit_code, result.stderr) == (2, (
        f"Error: {out.name}: not imported, nothing written (1 problem):\n"
        f"{out.name}:cancel-interrupts#2: missing unit: es cancel-interrupts has it (export again)\n"))
    assert snapshot(broken) == before


def test_a_failed_rename_puts_everything_back(mini: Path, runner: CliRunner, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "mini.cs.po"
    export(runner, "mini", "po", out)
    fill_po(out)
    before = snapshot(mini)
    real = os.replace
    calls: list[str] = []

    def flaky(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        calls.append(str(dst))
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(writing.os, "replace", flaky)
    result = runner.invoke(cli, ["translate", "import", str(out)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith("Error: glossary/mini/cs/") and "No space left on device" in result.stderr
    assert len(calls) == 3 and snapshot(mini) == before


# -- hostile files (issue 18: clear message, exit 2, no traceback, nothing written) -----------

FRAGMENTS = st.sampled_from([
    "texto", "[military]", "[nope]", "<script>", "&amp;", "\x00", "\n", "- ", "1. ", "| a |", "---",
    "id: x", '"', "'", "\\[", "**", "<g id='1'>", "</g>", "<x id='1'/>", "<x id='77'/>", "<ph>p</ph>",
    "<!ENTITY e 'x'>", "]]>", "\u2028", "é", "🂡",
])


def _import_quietly(runner: CliRunner, path: Path, root: Path) -> None:
    """Import; a refusal must be one clean message and leave every file as it was. An accepted
    file's drafts are undone, so that each example starts from the same glossary."""
    before = snapshot(root)
    result = runner.invoke(cli, ["translate", "import", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        assert result.stderr.startswith(f"Error: {path.name}") or result.stderr.startswith(f"Error: {path}")
        assert "Traceback" not in result.stderr
        assert snapshot(root) == before
    else:
        shutil.rmtree(root)
        shutil.copytree(root.parent / "pristine", root)


@pytest.fixture
def exported(mini: Path, runner: CliRunner, tmp_path: Path) -> dict[str, bytes]:
    """Real exports: mini's translated (no icons), agot2's with its icons and Czech targets."""
    shutil.copytree(mini, tmp_path / "pristine")
    found = {}
    for game, fmt, fill in (("mini", "xliff", fill_xliff), ("mini", "po", fill_po),
                            ("agot2", "xliff", None), ("agot2", "po", None)):
        name = f"{game}.cs.{'xlf' if fmt == 'xliff' else 'po'}"
        export(runner, game, fmt, tmp_path / name)
        if fill is not None:
            fill(tmp_path / name)
        found[name] = (tmp_path / name).read_bytes()
    return found


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=400), name=st.sampled_from(["f.xlf", "f.po", "f.txt"]))
def test_random_bytes_are_refused_cleanly(mini: Path, runner: CliRunner, tmp_path: Path, exported: dict[str, bytes],
                                         data: bytes, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    _import_quietly(runner, path, mini)


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(FRAGMENTS, max_size=6), at=st.integers(0, 20_000),
       name=st.sampled_from(["mini.cs.xlf", "mini.cs.po", "agot2.cs.xlf", "agot2.cs.po"]))
def test_hostile_edits_of_an_export_are_refused_cleanly(mini: Path, runner: CliRunner, tmp_path: Path,
                                                        exported: dict[str, bytes], pieces: list[str],
                                                        at: int, name: str) -> None:
    """Text spliced anywhere into a real export: into a target, a source, an id, the header."""
    data = exported[name]
    cut = at % (len(data) + 1)
    path = tmp_path / f"hostile-{name}"
    path.write_bytes(data[:cut] + "".join(pieces).encode("utf-8") + data[cut:])
    _import_quietly(runner, path, mini)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(target=st.lists(FRAGMENTS | st.text(max_size=8), max_size=8))
def test_hostile_targets_are_imported_or_refused_cleanly(mini: Path, runner: CliRunner, tmp_path: Path,
                                                         exported: dict[str, bytes], target: list[str]) -> None:
    path = tmp_path / "mini.cs.po"
    path.write_bytes(exported["mini.cs.po"])
    store = pypo.pofile.parsestring(path.read_bytes())
    next(u for u in store.units if u.getcontext() == "golden-rules#1").target = "".join(target)
    path.write_bytes(bytes(store))
    _import_quietly(runner, path, mini)


# -- the site -------------------------------------------------------------------------------

def test_the_site_shows_imported_drafts_marked_and_linked_to_the_spanish(mini: Path, runner: CliRunner,
                                                                         tmp_path: Path) -> None:
    from sitekit import build_site

    out = tmp_path / "mini.cs.xlf"
    export(runner, "mini", "xliff", out)
    fill_xliff(out, lambda unit_id: not unit_id.startswith("players"))
    assert run(runner, "translate", "import", str(out)).exit_code == 0
    build_site(tmp_path / "site", mini)
    site = tmp_path / "site"
    page = (site / "cs" / "mini" / "golden-rules" / "index.html").read_text("utf-8")
    assert ('<div class="judge-draft" data-status="draft"><p><strong>Koncept překladu</strong> · '
            "Překlad zatím nikdo nezrevidoval: platí původní znění.</p>"
            '<p>Originál: <a href="../../../es/mini/golden-rules/" hreflang="es">Español — Reglas de Oro</a></p>'
            '<p class="judge-draft-origin"><code>mini.cs.xlf</code> · ') in page
    assert f"{_term(mini, 'golden-rules')}</h1>" in page
    for entry_id in ("complete-rules", "golden-rules", "active-player"):
        html = (site / "cs" / "mini" / entry_id / "index.html").read_text("utf-8")
        assert 'data-status="draft"' in html and 'data-missing="cs"' not in html
    assert 'data-missing="cs"' in (site / "cs" / "mini" / "players" / "index.html").read_text("utf-8")
    assert "judge-draft" not in (site / "es" / "mini" / "golden-rules" / "index.html").read_text("utf-8")
    # The game's Czech home: the rulebook's order, drafts marked, the untranslated entry listed.
    home = (site / "cs" / "mini" / "index.html").read_text("utf-8")
    in_order = home[home.index('class="judge-game-order"'):home.index('id="a-z"')]
    order = re.findall(r'<li><a href="([a-z-]+)/">([^<]*)</a>(?: <span class="(?:judge-badge )?judge-([a-z]+)-badge")?', in_order)
    assert [(i, badge) for i, _, badge in order] == [
        ("complete-rules", "draft"), ("golden-rules", "draft"), ("players", "untranslated"), ("active-player", "draft")]
    assert ("players", "102. Jugadores", "untranslated") in order


# -- more of the import's contract ------------------------------------------------------------

def test_po_refuses_a_dropped_icon_which_it_keeps_as_text(broken: Path, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "agot2.cs.po"
    export(runner, "agot2", "po", out)
    store = pypo.pofile.parsestring(out.read_bytes())
    unit = next(u for u in store.units if u.getcontext() == "challenge-icons#2")
    unit.target = str(unit.target).replace("[intrigue]", "")
    out.write_bytes(bytes(store))
    before = snapshot(broken)
    result = runner.invoke(cli, ["translate", "import", str(out)])
    assert (result.exit_code, result.stderr) == (2, f"Error: {out.name}: not imported, nothing written (1 problem):\n"
                                                    f"{out.name}:challenge-icons#2: placeholder [intrigue] dropped\n")
    assert snapshot(broken) == before


def test_an_xliff_target_marked_needs_translation_is_not_finished(mini: Path, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "mini.cs.xlf"
    export(runner, "mini", "xliff", out)
    fill_xliff(out)
    _xliff_unit(out, "players#2", lambda unit, store: unit.getlanguageNode(lang=None, index=1).set("state", "needs-translation"))
    report = json.loads(run(runner, "translate", "import", str(out), "--format", "json").stdout)
    assert report["unfinished"] == [{"id": "players", "units": ["players#2"]}]
    assert len(report["written"]) == 3 and not (mini / "mini" / "cs" / "players.md").exists()


def test_dry_run_says_what_it_would_write_and_writes_nothing(mini: Path, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "mini.cs.po"
    export(runner, "mini", "po", out)
    fill_po(out, lambda unit_id: unit_id.startswith("complete-rules"))
    before = snapshot(mini)
    result = run(runner, "translate", "import", str(out), "--dry-run")
    assert result.stdout.startswith(f"{out.name}: would import 1 entry into mini/cs as drafts:\n"
                                    "  glossary/mini/cs/complete-rules.md\n")
    assert snapshot(mini) == before


def test_the_game_comes_from_the_file_or_from_game(mini: Path, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "mini.cs.po"
    export(runner, "mini", "po", out)
    fill_po(out)
    out.write_text(out.read_text("utf-8").replace('"X-Judge-Game: mini\\n"\n', ""), "utf-8")
    result = runner.invoke(cli, ["translate", "import", str(out)])
    assert (result.exit_code, result.stderr) == (2, (
        f"Error: {out.name}: not imported, nothing written (1 problem):\n"
        f"{out.name}: no game named in the file (PO header X-Judge-Game, XLIFF <file original>): give --game\n"))
    assert run(runner, "translate", "import", str(out), "--game", "mini").exit_code == 0
    wrong = runner.invoke(cli, ["translate", "import", str(tmp_path / "x.xlf")])
    assert (wrong.exit_code, wrong.stderr) == (2, "Error: x.xlf: not imported, nothing written (1 problem):\n"
                                                  "x.xlf: cannot be read (No such file or directory)\n")


def test_the_check_text_counts_the_drafts_in_the_backlog(mini: Path, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "mini.cs.po"
    export(runner, "mini", "po", out)
    fill_po(out, lambda unit_id: unit_id.startswith(("golden-rules", "players")))
    run(runner, "translate", "import", str(out))
    result = runner.invoke(cli, ["check", "--game", "mini", "--lang", "cs"])
    assert result.stdout == ("mini: [backlog] cs: 2 drafts to review, 2 entries to translate; in the rulebook's order: "
                             "complete-rules, active-player\n\n0 errors, 0 warnings in 6 entries (es 4, cs 2)\n")


def test_an_unknown_status_is_a_validation_error(mini: Path, runner: CliRunner) -> None:
    entry = mini / "mini" / "es" / "players.md"
    entry.write_text(entry.read_text("utf-8").replace("number:", "status: done\nnumber:", 1), "utf-8")
    result = runner.invoke(cli, ["check", "--game", "mini", "--only", "validation"])
    assert result.exit_code == 1
    assert ('glossary/mini/es/players.md:5: [error] validation: status: unknown status "done" (known: draft, reviewed)'
            in result.stdout.splitlines())
