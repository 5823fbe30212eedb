"""The compiled glossary and catalogue (judge/core/compiled.py, judge/rules/catalogue.py): never
stale, never trusted when unsafe, the same output as parsing; and the rules core runs from the
compiled catalogue without PyYAML (the browser's case)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from dataclasses import replace
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import glossary
from judge.cli import cli
from judge.core import compiled
from judge.core.errors import InvalidGlossary
from judge.glossary import Glossary, store
from judge.rules import catalogue

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def trusted(broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fixture glossary's writable copy, its files trusted at once (a fresh copy would not
    be for TRUST_SECONDS: the tests do not wait), with a cache folder of its own."""
    monkeypatch.setattr(compiled, "TRUST_SECONDS", 0.0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return broken


def show(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(cli, ["show", *args])
    assert result.exit_code == 0, result.output
    return result.output


def cache_file(root: Path) -> Path:
    return compiled.path_for("glossary", root)


def no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("the glossary was parsed")
    monkeypatch.setattr(store, "validate", refuse)


def test_a_valid_glossary_is_cached_and_read_back_without_parsing(
        trusted: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = show(runner, "anular")
    assert cache_file(trusted).is_file()
    no_parsing(monkeypatch)
    assert show(runner, "anular") == parsed


def test_an_unpickled_entry_is_its_entry_with_its_path_made_when_read() -> None:
    """The compiled glossary keeps each entry's path as text until it is read."""
    entries = glossary.load(ROOT / "glossary").entries[:20]
    again = pickle.loads(pickle.dumps(entries))
    assert all("path" not in entry.__dict__ for entry in again)  # not made yet
    assert again == entries  # compared field by field: each path made here
    assert [type(e.path) for e in again] == [type(e.path) for e in entries] and again[0].path == entries[0].path
    assert pickle.loads(pickle.dumps(again)) == entries
    assert replace(again[1], id="x").path == entries[1].path


def test_show_unpickles_only_the_entries_it_prints(
        trusted: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled glossary is its name index and each entry pickled apart: `judge show` reads
    the index and the concept it prints (with its links' targets), not every entry."""
    parsed = show(runner, "anular", "--lang", "both")
    no_parsing(monkeypatch)
    read: list[Glossary] = []
    monkeypatch.setattr(glossary, "load", lambda *args: read.append(store.load(*args)) or read[-1])
    assert show(runner, "anular", "--lang", "both") == parsed
    [compiled_glossary] = read
    unpickled = {(e.game, e.id) for e in compiled_glossary._loaded if e is not None}
    cancel = compiled_glossary.get("agot2", "es", "cancel")
    assert cancel is not None and ("agot2", "cancel") in unpickled
    assert unpickled <= {("agot2", i) for i in ("cancel", *cancel.see_also)}
    assert sum(e is not None for e in compiled_glossary._loaded) < len(compiled_glossary) - 2


def test_step_unpickles_only_the_entries_it_cites(
        tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """`judge step` reads the catalogue's name index and the entries its steps cite, not all."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("JUDGE_GLOSSARY", str(ROOT / "glossary"))
    monkeypatch.setattr(catalogue, "_trusted", {})
    scenario = str(ROOT / "tests" / "golden" / "judge" / "scenarios" / "challenge-won-reactions.yaml")
    first = runner.invoke(cli, ["step", scenario])
    assert first.exit_code == 0, first.output
    monkeypatch.setattr(catalogue, "_trusted", {})  # the next run reads the cached catalogue
    no_parsing(monkeypatch)
    again = runner.invoke(cli, ["step", scenario])
    assert again.output == first.output
    cited = catalogue.current(ROOT / "glossary")
    assert cited is not None
    unpickled = sum(entry is not None for entry in cited.glossary._loaded)
    assert 0 < unpickled < len(cited.glossary) // 10


def test_an_unpickled_glossary_finds_and_holds_what_it_was_made_of() -> None:
    made = glossary.load(ROOT / "glossary")
    again = pickle.loads(pickle.dumps(made, pickle.HIGHEST_PROTOCOL))
    for query, game, lang in [("anular", None, "es"), ("zrusit", None, "cs"), ("reto", "agot2", None),
                              ("cancel", "agot1", None), ("initiative", None, None)]:
        assert again.find(query, game, lang) == made.find(query, game, lang)
        assert again.suggest(query, game, lang) == made.suggest(query, game, lang)
    assert again.lookup("Útočící hráč", None, "es") == made.lookup("Útočící hráč", None, "es")
    assert again.games() == made.games() and again.ids("gp") == made.ids("gp") and again.langs("gp") == made.langs("gp")
    assert again.entries == made.entries and len(again) == len(made)
    assert [e.path for e in again.entries] == [e.path for e in made.entries]


def test_a_damaged_entry_in_the_compiled_glossary_is_parsed_again(
        trusted: Path, runner: CliRunner) -> None:
    """One entry's pickle damaged inside a sound file (the file's own checks pass): that entry
    is parsed from the files, and the output is the same."""
    parsed = show(runner, "anular")
    cached = glossary.load(trusted)
    blob = cached._blobs[cached._by_key["agot2", "es", "cancel"]]
    data = cache_file(trusted).read_bytes()
    assert data.count(blob) == 1
    cache_file(trusted).write_bytes(data.replace(blob, b"\x80\x05" + b"\xff" * (len(blob) - 2)))
    assert show(runner, "anular") == parsed


def test_a_damaged_entry_without_its_files_is_an_invalid_glossary(tmp_path: Path) -> None:
    made = glossary.load(ROOT / "glossary")
    state = made.__getstate__()
    first, second = made.entries[:2]
    state["root"] = tmp_path / "gone"
    state["blobs"] = (b"junk", *state["blobs"][1:])  # type: ignore[misc]
    damaged = Glossary.__new__(Glossary)
    damaged.__setstate__(state)
    assert damaged.get(first.game, first.lang, first.id + "-no-such") is None
    assert damaged.get(second.game, second.lang, second.id) == second
    with pytest.raises(InvalidGlossary):
        damaged.get(first.game, first.lang, first.id)


def test_an_edit_in_place_that_keeps_size_and_mtime_is_seen(
        trusted: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "Anular" in show(runner, "anular")
    path = trusted / "agot2" / "es" / "cancel.md"
    before = path.stat()
    with open(path, "r+b") as handle:  # the same bytes count, the same inode
        text = handle.read()
        handle.seek(0)
        handle.write(text.replace(b"term: Anular", b"term: Anulat"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)
    assert "Anulat" in show(runner, "cancel")


def test_a_file_changed_a_moment_ago_is_not_trusted(broken: Path, runner: CliRunner) -> None:
    """The copy was just made: its files are too new to key a cache, so none is written."""
    show(runner, "anular")
    assert compiled.files_key([broken]) is None
    assert not cache_file(broken).exists()


def poison(root: Path) -> None:
    """A cached glossary that differs from the files (a cache that must not be read)."""
    real = glossary.load(root)
    entries = [replace(e, term="Envenenado") if e.id == "cancel" and e.lang == "es" else e for e in real.entries]
    key = compiled.files_key([root], "glossary")
    assert key is not None
    assert compiled.write(cache_file(root), key, Glossary(root, entries))


def corrupt(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def another_version(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = path.read_bytes().split(b"\n", 2)
    path.write_bytes(b"\n".join([lines[0], lines[1].replace(b"%d " % compiled.FORMAT, b"%d " % (compiled.FORMAT - 1), 1), lines[2]]))


def another_user(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    uid = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: uid + 1)


def world_writable(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.parent.chmod(0o777)


def group_writable_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.chmod(0o662)


@pytest.mark.parametrize("spoil", [corrupt, another_version, another_user, world_writable, group_writable_file])
def test_an_unusable_cache_falls_back_to_parsing_with_the_same_output(
        trusted: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, spoil: object) -> None:
    parsed = show(runner, "anular")
    poison(trusted)
    assert "Envenenado" in show(runner, "cancel")  # the cache is read while it is sound
    assert callable(spoil)
    spoil(cache_file(trusted), monkeypatch)
    assert show(runner, "anular") == parsed


def test_a_symlinked_cache_folder_is_refused(trusted: Path, runner: CliRunner, tmp_path: Path) -> None:
    parsed = show(runner, "anular")
    poison(trusted)
    folder = cache_file(trusted).parent
    elsewhere = tmp_path / "elsewhere"
    folder.rename(elsewhere)
    folder.symlink_to(elsewhere)
    try:
        assert show(runner, "anular") == parsed
    finally:
        folder.unlink()
        elsewhere.rename(folder)


def test_only_a_valid_glossary_is_cached(trusted: Path, runner: CliRunner) -> None:
    path = trusted / "agot2" / "es" / "cancel.md"
    path.write_text(path.read_text("utf-8").replace("kind: entry", "kind: nonsense"), "utf-8")
    assert runner.invoke(cli, ["show", "anular"]).exit_code == 2
    assert not cache_file(trusted).exists()


def test_check_always_parses(trusted: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    show(runner, "anular")
    read = compiled.read
    glossary_cache = compiled.path_for("glossary", trusted)

    def refuse(path: Path, key: str) -> object | None:
        # The checks' own answer caches (lingua, hunspell) may be read; the glossary may not.
        if path == glossary_cache:
            raise AssertionError("check read a compiled glossary")
        return read(path, key)

    monkeypatch.setattr(compiled, "read", refuse)
    result = runner.invoke(cli, ["check", "--skip", "spelling", "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert '"problems"' in result.output


# -- the catalogue: the rules core from a file, without PyYAML ------------------------------------

SCENARIO = ROOT / "tests" / "golden" / "judge" / "scenarios" / "challenge-won-reactions.yaml"
QUESTION = "¿Cuándo puedo usar una reacción después de que gane un reto?"

# yaml, click, whoosh and mkdocs cannot be imported; the catalogue is installed from its file
# and the rules core answers; the results come back pickled.
WITHOUT_YAML = """
import pickle, sys
from collections.abc import Iterator
from pathlib import Path
for name in ("yaml", "click", "whoosh", "mkdocs", "markdown", "judge.search.index", "judge.site", "judge.cli"):
    sys.modules[name] = None
from judge.rules import api, catalogue, registry
catalogue.install(catalogue.load(Path(sys.argv[1])))
situation = pickle.loads(Path(sys.argv[2]).read_bytes())
results = [api.timeline("agot2", "es", False, 4), api.step(situation), api.ask(sys.argv[3], "auto", None),
           registry.runner("priority-stack") is not None]
sys.stdout.buffer.write(pickle.dumps(results))
"""


def test_the_rules_core_runs_from_the_compiled_catalogue_without_pyyaml(tmp_path: Path) -> None:
    from judge.rules import api

    made = catalogue.compile_catalogue(ROOT / "glossary")
    assert set(made.games) == {"agot2", "agot1", "agot-board", "gp"}
    assert made.game("gp") is not None and made.game("gp").engine == "priority-stack"  # type: ignore[union-attr]
    path = tmp_path / "catalogue.pickle"
    catalogue.write(made, path)
    situation = api.load_scenario(SCENARIO, {"lang": "es"}, ())
    (tmp_path / "scenario.pickle").write_bytes(pickle.dumps(situation))
    done = subprocess.run([sys.executable, "-c", WITHOUT_YAML, str(path), str(tmp_path / "scenario.pickle"), QUESTION],
                          capture_output=True, cwd=tmp_path, check=False,
                          env={**os.environ, "JUDGE_GLOSSARY": str(tmp_path / "no-glossary-here")})
    assert done.returncode == 0, done.stderr.decode()
    timeline, step, answer, _ = pickle.loads(done.stdout)
    assert timeline == api.timeline("agot2", "es", False, 4)
    assert step == api.step(situation)
    assert answer == api.ask(QUESTION, "auto", None)


def test_a_file_that_is_not_a_catalogue_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "catalogue.pickle"
    compiled.dump_file(path, {"not": "a catalogue"})
    with pytest.raises(ValueError):
        catalogue.load(path)
    path.write_bytes(b"junk")
    with pytest.raises(ValueError):
        catalogue.load(path)


@pytest.mark.parametrize("xdg", ["/tmp/somewhere", "", None])
def test_the_cache_folder_is_platformdirs_user_cache(monkeypatch: pytest.MonkeyPatch, xdg: str | None) -> None:
    import platformdirs

    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    assert compiled.user_cache() == Path(platformdirs.user_cache_dir("judge", appauthor=False))


# -- ask's paragraph index, built once into the catalogue ------------------------------------

@pytest.fixture
def installed() -> Iterator[None]:
    """Each test installs the catalogue it means; afterwards the rules core reads the files again."""
    from judge.rules import api

    api._ask_data.cache_clear()
    yield
    catalogue.install(None)
    api._ask_data.cache_clear()


def with_game(made: catalogue.Catalogue, name: str, game: catalogue.GameData) -> catalogue.Catalogue:
    return replace(made, games={**made.games, name: pickle.dumps(game)}, _loaded={})


def refuse_building(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.rules import ask

    def refuse(*args: object) -> None:
        raise AssertionError("ask built its paragraph index")
    monkeypatch.setattr(ask, "knowledge", refuse)


def test_ask_reads_its_paragraph_index_from_the_catalogue(installed: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.rules import api

    made = catalogue.compile_catalogue(ROOT / "glossary")
    agot2 = made.game("agot2")
    assert agot2 is not None and set(agot2.knowledge) == {"es", "cs"}
    catalogue.install(catalogue.compile_catalogue(ROOT / "glossary", ask_index=False))  # the site's copy
    built = api.ask(QUESTION, "auto", None)
    api._ask_data.cache_clear()
    catalogue.install(made)
    refuse_building(monkeypatch)
    assert api.ask(QUESTION, "auto", None) == built


def test_the_sites_catalogue_has_no_ask_index(tmp_path: Path) -> None:
    made = catalogue.compile_catalogue(ROOT / "glossary", ask_index=False)
    assert all(game is not None and not game.knowledge for game in map(made.game, made.games))


def test_a_damaged_ask_index_or_engine_data_is_built_again(installed: None) -> None:
    from judge.rules import api

    made = catalogue.compile_catalogue(ROOT / "glossary")
    built = api.ask(QUESTION, "auto", None)
    agot2 = made.game("agot2")
    assert agot2 is not None
    damaged = replace(agot2, data=b"not a pickle", knowledge={lang: b"\x80\x05garbage" for lang in agot2.knowledge})
    catalogue.install(with_game(made, "agot2", damaged))
    api._ask_data.cache_clear()
    assert api.ask(QUESTION, "auto", None) == built


def test_an_edited_paragraph_is_in_the_cached_ask_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The index is keyed with the rest of the catalogue: an edit in place is seen."""
    import shutil

    root = tmp_path / "glossary"
    shutil.copytree(ROOT / "glossary", root)
    monkeypatch.setattr(compiled, "TRUST_SECONDS", 0.0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(catalogue, "_trusted", {})

    def paragraphs() -> set[str]:
        catalogue._trusted.clear()  # as a new process would
        found = catalogue.current(root)
        game = found.game("agot2") if found is not None else None
        known = game.ask_knowledge("es") if game is not None else None
        assert known is not None and compiled.read(compiled.path_for("catalogue", root), compiled.files_key(
            [root], "catalogue") or "") is not None
        return {p.text for p in known.paragraphs}

    before = paragraphs()
    path = root / "agot2" / "es" / "cancel.md"
    text = path.read_text("utf-8")
    assert "anular" in text
    stat = path.stat()
    with open(path, "r+", encoding="utf-8") as handle:  # same size, same mtime: only ctime tells
        handle.write(text.replace("anular", "ANULAR", 1))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    after = paragraphs()
    assert after != before and any("ANULAR" in p for p in after - before)


def test_the_question_bank_is_read_again_only_when_its_files_change(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry's edit recompiles the catalogue but reads the bank's questions from the cache, and
    so does an edit of ask.yaml (the bank does not read it); an edit of asked.yaml reads them
    again, and the new question is in the bank."""
    import shutil

    from judge.rules import ask

    root = tmp_path / "glossary"
    shutil.copytree(ROOT / "glossary", root)
    monkeypatch.setattr(compiled, "TRUST_SECONDS", 0.0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    read: list[str] = []
    real_bank = ask.bank

    def counted(asked: Any, lang: str) -> ask.Bank:
        read.append(lang)
        return real_bank(asked, lang)

    monkeypatch.setattr(ask, "bank", counted)

    def bank_of(game: str = "agot2", lang: str = "es") -> ask.Bank:
        made = catalogue.compile_catalogue(root, ask_index=False).game(game)
        found = made.ask_bank(lang) if made is not None else None
        assert found is not None
        return found

    first = bank_of()
    assert sorted(read) == ["cs", "es"]
    entry = root / "agot2" / "es" / "cancel.md"
    entry.write_text(entry.read_text("utf-8").replace("anular", "ANULAR", 1), "utf-8")
    assert bank_of() == first and sorted(read) == ["cs", "es"]  # from the cache
    vocabulary = root / "agot2" / "ask.yaml"
    vocabulary.write_text(vocabulary.read_text("utf-8") + "# an edit\n", "utf-8")
    assert bank_of() == first and sorted(read) == ["cs", "es"]
    asked = root / "agot2" / "asked.yaml"
    asked.write_text(asked.read_text("utf-8") + "  - {lang: es, id: kneel, para: 2, q: 'zorglub zorglub?'}\n", "utf-8")
    again = bank_of()
    assert sorted(read) == ["cs", "cs", "es", "es"] and "zorglub" in again.idf
    assert again.refs[again.postings["zorglub"][0]] == ("kneel", 2)  # the paragraph it was written for


def test_an_entry_keeps_its_path_through_the_compiled_glossary() -> None:
    entry = glossary.load(ROOT / "glossary").entries[0]
    back = pickle.loads(pickle.dumps(entry, pickle.HIGHEST_PROTOCOL))
    assert back == entry and type(back.path) is type(entry.path) and back.path == entry.path


def test_shared_parts_are_one_object_and_the_value_stays_equal() -> None:
    made = catalogue.compile_catalogue(ROOT / "glossary")
    agot2 = made.game("agot2")
    assert agot2 is not None
    known = agot2.ask_knowledge("es")
    assert known is not None
    from judge.rules import ask, data

    built = catalogue.ask_knowledge(made.glossary, data.framework("agot2"), data.engine_data("agot2"),  # type: ignore[arg-type]
                                    data.ask_vocabulary("agot2"), "es", data.ask_bank("agot2", "es"))
    assert known == built and compiled.shared(built) == built
    tokens = [t for p in known.paragraphs for t in p.toks]
    by_value: dict[ask.Token, int] = {}
    for token in tokens:
        by_value.setdefault(token, id(token))
    assert all(id(t) == by_value[t] for t in tokens)  # every equal token is the same object
    assert len(by_value) < len(tokens) / 2


def test_shared_keeps_types_and_fields_left_out_of_equality() -> None:
    entry = glossary.load(ROOT / "glossary").entries[0]
    other = replace(entry, key_lines=(("id", 99),))  # equal to entry: key_lines is not compared
    value = ((1, 2.0), (True, 2.0), entry, other, [entry], {"a": (1, 2.0)})
    made = compiled.shared(value)
    assert made == value
    assert type(made[1][0]) is bool and made[0] is not made[1]  # type: ignore[index]
    assert made[2].key_lines == entry.key_lines and made[3].key_lines == (("id", 99),)  # type: ignore[index]
    assert made[4][0] is made[2] and made[5]["a"] is made[0]  # type: ignore[index]
