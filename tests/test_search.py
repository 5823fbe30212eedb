"""judge search and its index (judge/search/index.py): results, the cache, and bad input."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.cli import cli
from judge.core.errors import NoHits, UsageProblem
from judge.render import search as render
from judge.search import index as search
from judge.search.model import Counterpart, Hit, SearchResult

GOLDEN = Path(__file__).resolve().parent / "golden"


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, ["search", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def current_folder(cache: Path) -> Path:
    pointer = json.loads((cache / "judge" / "index" / "CURRENT").read_text("utf-8"))
    return cache / "judge" / "index" / pointer["dir"]


# -- results ------------------------------------------------------------------------------

def test_json_has_the_documented_shape(runner: CliRunner, glossary_env: Path) -> None:
    code, out, err = run(runner, "condicion", "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "query": "condicion",
        "lang": "all",
        "hits": [{
            "game": "agot2", "id": "triggering-condition", "lang": "es", "term": "Condición de activación",
            "score": json.loads(out)["hits"][0]["score"],
            "snippet": "La condición de activación se vuelve inminente.", "para": 3,
            "counterpart": {"lang": "cs", "term": "Spouštěcí podmínky"},
        }],
    }


def test_text_shows_term_paragraph_counterpart_and_snippet(runner: CliRunner, glossary_env: Path) -> None:
    code, out, err = run(runner, "efecto inminente", "--lang", "es", "--limit", "2")
    assert (code, err) == (0, "")
    assert out == (
        "1. Anular  agot2/cancel ¶2 (es)  ·  cs: Zrušit\n"
        "   Cuando se anula un efecto, dicho efecto deja de ser inminente.\n"
        "2. Condición de activación  agot2/triggering-condition ¶3 (es)  ·  cs: Spouštěcí podmínky\n"
        "   La condición de activación se vuelve inminente.\n"
    )


def test_both_languages_rank_together_and_lang_filters(runner: CliRunner, glossary_env: Path) -> None:
    _, both, _ = run(runner, "zrusit anular", "--format", "json")
    _, czech, _ = run(runner, "zrusit anular", "--lang", "cs", "--format", "json")
    assert sorted((h["id"], h["lang"]) for h in json.loads(both)["hits"]) == [("cancel", "cs"), ("cancel", "es")]
    assert [(h["id"], h["lang"]) for h in json.loads(czech)["hits"]] == [("cancel", "cs")]
    assert json.loads(czech)["lang"] == "cs"


def test_an_entry_in_one_language_has_no_counterpart(runner: CliRunner, broken: Path) -> None:
    (broken / "agot2" / "cs" / "cancel.md").unlink()
    _, out, _ = run(runner, "anular", "--format", "json")
    assert [(h["id"], h["counterpart"]) for h in json.loads(out)["hits"]] == [("cancel", None)]


def test_a_redirect_term_leads_to_its_target(runner: CliRunner, glossary_env: Path) -> None:
    # es/cancel-interrupts.md redirects to cancel: its term is indexed as a name of cancel.
    _, out, _ = run(runner, "interrupciones de anulacion", "--format", "json")
    assert json.loads(out)["hits"][0]["id"] == "cancel"


def test_a_phrase_must_appear_in_order(runner: CliRunner, glossary_env: Path) -> None:
    assert run(runner, '"inminente efecto"')[0] == 1
    _, phrase, _ = run(runner, '"deja de ser inminente"', "--format", "json")
    assert [h["id"] for h in json.loads(phrase)["hits"]] == ["cancel"]


def test_a_prefix_matches_word_beginnings(runner: CliRunner, glossary_env: Path) -> None:
    _, out, _ = run(runner, "anul*", "--lang", "es", "--format", "json")
    assert json.loads(out)["hits"][0]["id"] == "cancel"


def test_no_hits_exit_1_with_suggestions_from_the_vocabulary(runner: CliRunner, glossary_env: Path) -> None:
    assert run(runner, "snular") == (1, "", 'Error: nothing found for "snular". Did you mean: anular, anula?\n')


def test_unknown_game_is_a_usage_error(runner: CliRunner, glossary_env: Path) -> None:
    assert run(runner, "anular", "--game", "nope") == (2, "", 'Error: unknown game "nope" (known: agot2)\n')


def test_the_index_sees_a_changed_glossary(runner: CliRunner, broken: Path) -> None:
    assert run(runner, "dragones")[0] == 1
    entry = broken / "agot2" / "es" / "cancel.md"
    entry.write_text(entry.read_text("utf-8") + "\nLos dragones no pueden anularse.\n", "utf-8")
    _, out, _ = run(runner, "dragones", "--format", "json")
    assert [(h["id"], h["para"]) for h in json.loads(out)["hits"]] == [("cancel", 5)]


def test_the_schema_pickles() -> None:
    # whoosh stores the schema pickled; StemFilter(stemfn=...) would fail here (shared/NOTES.md).
    schema = pickle.loads(pickle.dumps(search._schema()))
    assert schema["body_cs"].analyzer == search._analyzer("cs")


# -- bad input: never a traceback -----------------------------------------------------------

@pytest.mark.parametrize("query", ["", "   "])
def test_empty_query_exits_2(runner: CliRunner, glossary_env: Path, query: str) -> None:
    assert run(runner, query) == (2, "", "Error: empty query: give a term or some words to search for\n")


@pytest.mark.parametrize("query", ["*", "^", "~", "()", '"'])
def test_a_query_of_syntax_only_is_a_clean_usage_error(runner: CliRunner, glossary_env: Path, query: str) -> None:
    assert run(runner, query) == (2, "", f'Error: the query "{query}" has no words to search for\n')


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ('"deja de ser', "cancel"),           # unbalanced quote: the words are searched
        ("(anular", "cancel"),                # unbalanced parenthesis
        ("anular)", "cancel"),
        ("anular AND efecto", "cancel"),      # AND is a word, not an operator
        ("term_es:anular", "cancel"),         # field: is not a field
        ("anular^2", "cancel"),
        ("anular~", "cancel"),
        ("reto*)", "challenge-icons"),
    ],
)
def test_query_syntax_is_taken_literally(runner: CliRunner, glossary_env: Path, query: str, first: str) -> None:
    code, out, err = run(runner, query, "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["hits"][0]["id"] == first


@pytest.mark.parametrize("query", ["AND", "field:", "OR"])
def test_operators_alone_find_nothing_cleanly(runner: CliRunner, glossary_env: Path, query: str) -> None:
    code, out, err = run(runner, query)
    assert (code, out) == (1, "")
    assert err.startswith(f'Error: nothing found for "{query}".')


def test_a_query_over_the_limit_is_refused(runner: CliRunner, glossary_env: Path) -> None:
    """docs/cli.md, Limits: at most 1,000 characters (a 10,000-character word took 20 s)."""
    code, out, err = run(runner, "anular " + "x" * 993, "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["hits"][0]["id"] == "cancel"
    assert run(runner, "q" * 1000) == (1, "", f'Error: nothing found for "{"q" * 59}…".\n')
    code, out, err = run(runner, "anular " + "x" * 9993)
    assert (code, out) == (2, "")
    assert err.endswith("Error: Invalid value for 'QUERY': 10,000 characters; at most 1,000\n")


def test_the_parser_keeps_the_first_words_of_a_long_query() -> None:
    words = [f"palabra{n}" for n in range(100)]
    assert search.parse(" ".join(words)).words == tuple(words[:search.MAX_WORDS])
    # A repeated word is searched once; a prefix shorter than MIN_PREFIX letters is a word.
    assert search.parse("reto " * 500 + "a* reac*") == search.Parsed(("reto", "a"), ("reac",), ())


def test_domain_errors_are_judge_errors(glossary_env: Path) -> None:
    with pytest.raises(UsageProblem):
        search.search("*")
    with pytest.raises(NoHits):
        search.search("qqqqqq")


# -- the cache ------------------------------------------------------------------------------

def test_an_up_to_date_index_is_reused(glossary_env: Path) -> None:
    first = search.open_index()
    first.close()
    again = search.open_index()
    again.close()
    assert again.location == first.location


def test_build_index_forces_a_new_index_and_drops_old_ones(runner: CliRunner, glossary_env: Path,
                                                           index_cache: Path) -> None:
    runner.invoke(cli, ["build", "--index"], catch_exceptions=False)
    (index_cache / "judge" / "index" / "build-crashed").mkdir()  # left by a builder that died
    for _ in range(4):
        result = runner.invoke(cli, ["build", "--index", "--format", "json"], catch_exceptions=False)
        assert result.exit_code == 0
    built = json.loads(result.stdout)["index"]
    assert (built["entries"], built["documents"]) == (8, 36)
    assert Path(built["path"]) == current_folder(index_cache)
    folders = [p for p in (index_cache / "judge" / "index").iterdir() if p.is_dir()]
    assert len(folders) == 2, "the new index and the one before it (a reader may still use it)"


def test_build_text_and_progress(glossary_env: Path) -> None:
    steps: list[int] = []
    lengths: list[int] = []
    info = search.build(progress=steps.append, on_length=lengths.append)
    assert lengths == [9] and sum(steps) == 9, "one step per glossary file"
    assert info.entries == 8


def test_not_writable_cache_falls_back_to_a_temporary_folder(runner: CliRunner, glossary_env: Path,
                                                             tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A file where the cache folder should be: not writable even for root.
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", "utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    code, out, err = run(runner, "anulacion", "--format", "json")
    assert (code, json.loads(out)["hits"][0]["id"]) == (0, "cancel")
    uid = os.getuid()
    assert err.startswith(f"Note: the index cache {blocker}/judge/index is not writable (")
    assert err.endswith(f"using {tmp_path}/tmp/judge-{uid}/index\n")


def test_no_writable_folder_at_all_keeps_the_index_in_memory(runner: CliRunner, glossary_env: Path,
                                                             tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", "utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.setattr(tempfile, "tempdir", str(blocker))
    code, out, err = run(runner, "anulacion", "--format", "json")
    assert (code, json.loads(out)["hits"][0]["id"]) == (0, "cancel")
    assert err.startswith("Note: the index cache ")
    assert err.endswith("the index is kept in memory\n")


@pytest.mark.parametrize("damage", ["truncate", "garble", "delete", "pointer"])
def test_a_damaged_index_is_detected_and_rebuilt(runner: CliRunner, glossary_env: Path, index_cache: Path,
                                                 damage: str) -> None:
    runner.invoke(cli, ["build", "--index"], catch_exceptions=False)
    expected = run(runner, "efecto inminente", "--format", "json")
    folder = current_folder(index_cache)
    largest = max((p for p in folder.iterdir() if p.suffix == ".seg"), key=lambda p: p.stat().st_size)
    if damage == "truncate":
        largest.write_bytes(largest.read_bytes()[: largest.stat().st_size // 2])
    elif damage == "garble":
        largest.write_bytes(bytes(255 - b for b in largest.read_bytes()))
    elif damage == "delete":
        largest.unlink()
    else:
        (index_cache / "judge" / "index" / "CURRENT").write_text("{not json", "utf-8")
    assert run(runner, "efecto inminente", "--format", "json") == expected
    assert current_folder(index_cache) != folder


def _judge(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "judge", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_two_builders_at_once_leave_one_whole_index(runner: CliRunner, glossary_env: Path, index_cache: Path) -> None:
    builders = [_judge("build", "--index") for _ in range(3)]
    results = [b.communicate(timeout=120) for b in builders]
    assert [b.returncode for b in builders] == [0, 0, 0], results
    assert all(err == "" for _, err in results)
    code, out, err = run(runner, "anular", "--format", "json")
    assert (code, err, json.loads(out)["hits"][0]["id"]) == (0, "", "cancel")


def test_a_search_while_another_process_rebuilds(runner: CliRunner, glossary_env: Path) -> None:
    expected = run(runner, "efecto inminente", "--format", "json")
    script = "from judge.search import index\nfor _ in range(15): index.build()\n"
    rebuilder = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE, text=True)
    answers = []
    while rebuilder.poll() is None:
        answers.append(run(runner, "efecto inminente", "--format", "json"))
    _, errors = rebuilder.communicate()
    assert (rebuilder.returncode, errors) == (0, "")
    assert len(answers) > 3
    assert all(answer == expected for answer in answers)


# -- any text: hits or a JudgeError, never another exception ----------------------------------

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "glossary"
query_text = st.text(max_size=60) | st.lists(
    st.sampled_from(['"', "(", ")", "*", "^", "~", ":", "AND", "OR", "NOT", "-", "+", "anular", "reto",
                     "výzva", "hráči", "x" * 40, "\\", "'", "[", "]", "{", "}", "/", " "]),
    max_size=12).map(" ".join)


@pytest.fixture(scope="module")
def fixture_handle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[search.Handle]:
    index = search._build(search._MemoryStorage(), FIXTURE, None, None)
    handle = search.Handle(index, "test", None)
    yield handle
    handle.close()


@settings(max_examples=200, deadline=None)
@given(text=query_text)
def test_any_query_gives_hits_or_a_clean_error(fixture_handle: search.Handle, text: str) -> None:
    try:
        result = search.search(text, root=FIXTURE, handle=fixture_handle)
    except (UsageProblem, NoHits) as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert result.hits and all(h.score > 0 and h.snippet for h in result.hits)
        for hit in result.hits:
            assert all(0 <= a < b <= len(hit.snippet) for a, b in hit.marks)


def test_terminal_output_marks_the_matched_words() -> None:
    hit = Hit("agot2", "cancel", "es", "Anular", 1.0, "Cuando se anula un efecto.", 2,
              Counterpart("cs", "Zrušit"), ((10, 15),))
    out = render.hits(SearchResult("anula", "all", (hit,)), "text", color=True)
    assert out == (
        "1. \x1b[1mAnular\x1b[0m  agot2/cancel ¶2 (es)  ·  cs: Zrušit\n"
        "   Cuando se \x1b[33m\x1b[1manula\x1b[0m un efecto.\n"
    )
    assert "\x1b" not in render.hits(SearchResult("anula", "all", (hit,)), "text", color=False)


def test_a_step_number_finds_the_step(runner: CliRunner, glossary_env: Path) -> None:
    _, out, _ = run(runner, "4.2.2", "--format", "json")
    assert sorted((h["id"], h["lang"]) for h in json.loads(out)["hits"]) == [
        ("determine-winner", "cs"), ("determine-winner", "es")]


def test_importing_the_index_module_leaves_asyncio_out() -> None:
    """whoosh.reading's `cached_property` package imports asyncio (≈30 ms of a cold search): the
    standard library's cached_property stands in while whoosh.reading is imported, and a later
    importer of `cached_property` still gets the real package."""
    script = ("import sys\nfrom judge.search import index\n"
              "print('asyncio' in sys.modules, 'cached_property' in sys.modules)\n"
              "import cached_property\nprint(hasattr(cached_property, 'threaded_cached_property'))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False", "True"]
