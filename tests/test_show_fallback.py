"""`judge show` on the real glossary when no name matches (issue 18): nonsense exits 1 with
suggestions, never a confident wrong answer; another game's id stays in its game; a real
misspelling is still found, said to be a search result (docs/cli.md, judge show)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from judge.cli import cli


@pytest.fixture
def real(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUDGE_GLOSSARY", raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)


def show(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, ["show", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


# Before the fix each of these printed an entry and exited 0 (the first four: *No puede*, the
# board game's *El medidor del Trono de Hierro* twice, *CASA GREYJOY*).
NONSENSE = [
    ("xyzzy-no-such-thing", 'Error: no entry "xyzzy-no-such-thing".\n'),
    ("../../etc/passwd", 'Error: no entry "../../etc/passwd".\n'),
    ("/etc/passwd", 'Error: no entry "/etc/passwd".\n'),
    ("tab\there", 'Error: no entry "tab here".\n'),
    ("1.2.3.4.5.6.7.8.9", 'Error: no entry "1.2.3.4.5.6.7.8.9".\n'),
    ("gp:120.4.zz", 'Error: no entry "120.4.zz".\n'),
    ("id:cancel", 'Error: no entry "id:cancel". Did you mean: cancel?\n'),
    ("NOT", 'Error: no entry "NOT". Did you mean: cannot, Možnost?\n'),
    ("\x1b[31mred", 'Error: no entry "\\x1b[31mred".\n'),
]


@pytest.mark.parametrize(("query", "stderr"), NONSENSE, ids=[q for q, _ in NONSENSE])
def test_nonsense_exits_1(runner: CliRunner, real: None, query: str, stderr: str) -> None:
    assert show(runner, query) == (1, "", stderr)


OTHER_GAME = [
    # A whole id of another game names it: shown (its header says agot-board/…), no note.
    (["iron-throne-track"], 0, "El medidor del Trono de Hierro\nagot-board/iron-throne-track\n", ""),
    # With the game asked for, it stays there.
    (["iron-throne-track", "--game", "agot2"], 1, "", 'Error: no entry "iron-throne-track".\n'),
    (["gp:cancel"], 1, "", 'Error: no entry "cancel".\n'),
    # Body words of the board game are suggestions, not an answer.
    (["agot-board:cancel"], 1, "", 'Error: no entry "cancel". Did you mean: EJEMPLO DE USO DE LOS PUERTOS, '
                                   'Las cartas de Casa, Resolver las órdenes de Incursión?\n'),
    # A piece of another game's name does not cross over (agot-board's not-enough-order-tokens).
    (["not"], 1, "", 'Error: no entry "not". Did you mean: cannot, Možnost?\n'),
    (["NOT", "--game", "agot-board"], 0, "¿No hay fichas de Orden suficientes?\nagot-board/not-enough-order-tokens\n", ""),
]


@pytest.mark.parametrize(("args", "code", "head", "stderr"), OTHER_GAME, ids=[" ".join(a) for a, *_ in OTHER_GAME])
def test_ids_of_another_game(runner: CliRunner, real: None, args: list[str], code: int, head: str, stderr: str) -> None:
    got, out, err = show(runner, *args)
    assert (got, err) == (code, stderr)
    assert "".join(out.splitlines(keepends=True)[:2]) == head


MISSPELT = [
    ("anulr", "agot2/cancel"),
    ("intimidasion", "agot2/intimidate"),
    ("renonbre", "agot2/renown"),
    ("sacrifcar", "agot2/sacrifice"),
    ("tesorerria", "agot2/treasury"),
    ("emboscda", "agot2/ambush"),
    ("reacion", "agot2/reactions"),  # was *Creación de mazos*: "reacion" inside "creacion"
    ("condicion de activasion", "agot2/triggering-condition"),
    ("zrusyt", "agot2/cancel"),
]


@pytest.mark.parametrize(("query", "found"), MISSPELT, ids=[q for q, _ in MISSPELT])
def test_real_misspellings_are_found_as_search_results(runner: CliRunner, real: None, query: str, found: str) -> None:
    code, out, err = show(runner, query)
    assert (code, err) == (0, f'Note: no entry is named "{query}"; showing the best search result, {found}\n')
    assert out.splitlines()[1] == found


def test_a_misspelling_of_another_games_term_is_found_in_that_game(runner: CliRunner, real: None) -> None:
    code, out, err = show(runner, "influensia", "--game", "agot-board")
    assert (code, out.splitlines()[1]) == (0, "agot-board/influence-tokens")
    assert err == 'Note: no entry is named "influensia"; showing the best search result, agot-board/influence-tokens\n'
    # Without --game, the default game's own entry of that name.
    assert show(runner, "influensia")[1].splitlines()[1] == "agot2/influence-tokens"
    # Near several names: exit 1, the right one first among the suggestions.
    assert show(runner, "medidr del trono", "--game", "agot-board") == (1, "", (
        'Error: no entry "medidr del trono". Did you mean: El medidor del Trono de Hierro, Juego de Tronos, '
        'El medidor de los Feudos?\n'))
