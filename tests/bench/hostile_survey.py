"""Survey of ~480 hostile inputs against a judge checkout, as a new user would try them (issue 18).

Run from a checkout with its venv, the cache kept apart:
    XDG_CACHE_HOME=/tmp/survey-cache .venv/bin/python tests/bench/hostile_survey.py survey.json
On fa73bf6 it found 9 tracebacks (recursive aliases, deep nesting, a 10 MB `game:`), a hang
(billion laughs) and 24 `show` answers with exit 0, most to nonsense; the fuzz tests (tests/test_fuzz_*.py) keep
the fixed behaviour.

Each case runs `judge ...` in-process through click's CliRunner; the outcome is classed as
  ok-error   exit 1/2 with an `Error:` message and no traceback
  TRACEBACK  an exception escaped (the message is the exception)
  exit0      exit 0 (for a nonsense query: a confident answer)
  HANG       took longer than 30 s
Writes a table to stdout.
"""

from __future__ import annotations

import inspect
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli

TMP = Path(tempfile.mkdtemp(prefix="survey18-"))
REPO = Path.cwd()


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang()


signal.signal(signal.SIGALRM, _alarm)
opts = {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
runner = CliRunner(**opts)


def run(args: list[str], env: dict[str, str] | None = None) -> tuple[str, int | None, str, float]:
    start = time.perf_counter()
    signal.alarm(30)
    try:
        result = runner.invoke(cli, args, env=env)
    except Hang:
        return "HANG", None, "", time.perf_counter() - start
    finally:
        signal.alarm(0)
    took = time.perf_counter() - start
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        return "TRACEBACK", result.exit_code, f"{type(exc).__name__}: {str(exc)[:100]}", took
    err = (result.stderr or "").strip().splitlines()
    out = (result.stdout or "").strip().splitlines()
    if result.exit_code == 0:
        return "exit0", 0, (out[0] if out else "")[:100], took
    return "ok-error", result.exit_code, (err[0] if err else "(no message)")[:140], took


def scenario(name: str, content: bytes | str) -> str:
    path = TMP / name
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return str(path)


BASE = "players: [Ana, Bruno]\ntrigger: challenge-won\nabilities:\n  - {card: X, controller: Ana, type: reaction}\n"
cases: list[tuple[str, str, list[str]]] = []

# --- scenario files (judge step) ---------------------------------------------------------
S = "step"
cases += [
    (S, "recursive alias &a [*a]", ["step", scenario("rec.yaml", "players: &a [*a]\ntrigger: challenge-won\n")]),
    (S, "recursive alias in mapping", ["step", scenario("rec2.yaml", "a: &a {b: *a}\n")]),
    (S, "recursive alias top level", ["step", scenario("rec3.yaml", "&a [*a]\n")]),
    (S, "billion laughs (9 levels)", ["step", scenario("lol.yaml", "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(8)))]),
    (S, "deep nesting 10000 [", ["step", scenario("deep.yaml", "players: " + "[" * 10000 + "]" * 10000 + "\n")]),
    (S, "deep nesting 500 {a:", ["step", scenario("deep2.yaml", "x: " + "{a: " * 500 + "1" + "}" * 500 + "\n")]),
    (S, "10 MB of comments", ["step", scenario("big.yaml", BASE + ("# " + "x" * 98 + "\n") * 100_000)]),
    (S, "10 MB string value", ["step", scenario("big2.yaml", BASE + "game: " + "x" * 10_000_000 + "\n")]),
    (S, "binary (random bytes)", ["step", scenario("bin.yaml", bytes(range(256)) * 40)]),
    (S, "NUL byte", ["step", scenario("nul.yaml", BASE.encode() + b"\x00\n")]),
    (S, "latin-1", ["step", scenario("latin1.yaml", (BASE.replace("X", "Escudo de Leña")).encode("latin-1"))]),
    (S, "UTF-16 with BOM", ["step", scenario("u16.yaml", BASE.encode("utf-16"))]),
    (S, "UTF-8 BOM", ["step", scenario("bom.yaml", b"\xef\xbb\xbf" + BASE.encode())]),
    (S, "empty file", ["step", scenario("empty.yaml", "")]),
    (S, "a directory", ["step", str(TMP)]),
    (S, "missing file", ["step", str(TMP / "nope.yaml")]),
    (S, "two documents", ["step", scenario("two.yaml", BASE + "---\n" + BASE)]),
    (S, "tag !!python/object", ["step", scenario("tag.yaml", BASE + "x: !!python/object:os.system [ls]\n")]),
    (S, "tag !!binary", ["step", scenario("tagb.yaml", BASE + "game: !!binary aGVsbG8=\n")]),
    (S, "tag !!set", ["step", scenario("tags.yaml", "players: !!set {Ana, Bruno}\ntrigger: challenge-won\n")]),
    (S, "merge key <<", ["step", scenario("merge.yaml", "d: &d {type: reaction}\n" + BASE)]),
    (S, "key is a list", ["step", scenario("keylist.yaml", "[a]: 1\n" + BASE)]),
    (S, "key is null", ["step", scenario("keynull.yaml", BASE + "~: 1\n")]),
    (S, "ability keys merge <<", ["step", scenario("merge2.yaml", "players: [Ana, Bruno]\ntrigger: challenge-won\nabilities:\n  - {<<: {type: reaction}, controller: Ana}\n")]),
    (S, "top level list", ["step", scenario("list.yaml", "- a\n- b\n")]),
    (S, "top level scalar", ["step", scenario("scalar.yaml", "hello\n")]),
    (S, "game: ../../etc", ["step", scenario("gamepath.yaml", BASE + "game: ../../etc\n")]),
    (S, "game: 5", ["step", scenario("game5.yaml", BASE + "game: 5\n")]),
    (S, "game: [a]", ["step", scenario("gamel.yaml", BASE + "game: [a]\n")]),
    (S, "game: {a: 1}", ["step", scenario("gamem.yaml", BASE + "game: {a: 1}\n")]),
    (S, "game: unknown", ["step", scenario("gameu.yaml", BASE + "game: nosuch\n")]),
    (S, "game: ''", ["step", scenario("gamee.yaml", BASE + "game: ''\n")]),
    (S, "game: null", ["step", scenario("gamen.yaml", BASE + "game: null\n")]),
    (S, "players: 5", ["step", scenario("p5.yaml", "players: 5\ntrigger: challenge-won\n")]),
    (S, "players: [1, 2]", ["step", scenario("p12.yaml", "players: [1, 2]\ntrigger: challenge-won\n")]),
    (S, "players: [[a], [b]]", ["step", scenario("pll.yaml", "players: [[a], [b]]\ntrigger: challenge-won\n")]),
    (S, "players: [{a: 1}, b]", ["step", scenario("pm.yaml", "players: [{a: 1}, b]\ntrigger: challenge-won\n")]),
    (S, "first_player: [Ana]", ["step", scenario("fpl.yaml", BASE + "first_player: [Ana]\n")]),
    (S, "first_player: 5", ["step", scenario("fp5.yaml", BASE + "first_player: 5\n")]),
    (S, "first_player: {a: 1}", ["step", scenario("fpm.yaml", BASE + "first_player: {a: 1}\n")]),
    (S, "active: [Ana]", ["step", scenario("acl.yaml", BASE + "active: [Ana]\n")]),
    (S, "new_first_player: []", ["step", scenario("nfp.yaml", BASE + "new_first_player: []\n")]),
    (S, "format: [joust]", ["step", scenario("fmt.yaml", BASE + "format: [joust]\n")]),
    (S, "format: {a: 1}", ["step", scenario("fmtm.yaml", BASE + "format: {a: 1}\n")]),
    (S, "lang: [es]", ["step", scenario("lang.yaml", BASE + "lang: [es]\n")]),
    (S, "lang: {es: 1}", ["step", scenario("langm.yaml", BASE + "lang: {es: 1}\n")]),
    (S, "at: 4.2", ["step", scenario("at.yaml", BASE + "at: 4.2\n")]),
    (S, "at: [x]", ["step", scenario("atl.yaml", BASE + "at: [x]\n")]),
    (S, "trigger: 5", ["step", scenario("tr5.yaml", "players: [Ana, Bruno]\ntrigger: 5\n")]),
    (S, "trigger: {a: 1}", ["step", scenario("trm.yaml", "players: [Ana, Bruno]\ntrigger: {a: 1}\n")]),
    (S, "occurrences: '2'", ["step", scenario("occ.yaml", BASE + "occurrences: '2'\n")]),
    (S, "occurrences: 1e9", ["step", scenario("occ9.yaml", BASE + "occurrences: 1000000000\n")]),
    (S, "occurrences: 2.5", ["step", scenario("occf.yaml", BASE + "occurrences: 2.5\n")]),
    (S, "arises: 'no'", ["step", scenario("ar.yaml", BASE + "arises: 'no'\n")]),
    (S, "shared_with: 5", ["step", scenario("sw.yaml", BASE + "shared_with: 5\n")]),
    (S, "shared_with: [[a]]", ["step", scenario("swl.yaml", BASE + "shared_with: [[a]]\n")]),
    (S, "abilities: 5", ["step", scenario("ab5.yaml", "players: [Ana, Bruno]\ntrigger: challenge-won\nabilities: 5\n")]),
    (S, "abilities: {a: 1}", ["step", scenario("abm.yaml", "players: [Ana, Bruno]\ntrigger: challenge-won\nabilities: {a: 1}\n")]),
    (S, "abilities: [5]", ["step", scenario("ab5l.yaml", "players: [Ana, Bruno]\ntrigger: challenge-won\nabilities: [5]\n")]),
    (S, "abilities: [[x]]", ["step", scenario("abll.yaml", "players: [Ana, Bruno]\ntrigger: challenge-won\nabilities: [[x]]\n")]),
]
for key, value in [("card", "[x]"), ("card", "{a: 1}"), ("card", "5"), ("controller", "[Ana]"), ("controller", "{a: 1}"),
                   ("type", "[reaction]"), ("type", "{a: 1}"), ("type", "5"), ("would", "'yes'"), ("would", "[true]"),
                   ("effect", "[cancel]"), ("effect", "{a: 1}"), ("creates", "[x]"), ("creates", "5"), ("trigger", "[x]"),
                   ("trigger", "{a: 1}"), ("target", "'1'"), ("target", "[1]"), ("target", "0"), ("passes", "-1"),
                   ("passes", "[1]"), ("passes", "1000000000"), ("keyword", "[x]"), ("keyword", "5")]:
    body = f"players: [Ana, Bruno]\ntrigger: challenge-won\nabilities:\n  - {{card: X, controller: Ana, type: reaction, {key}: {value}}}\n"
    if key in ("type", "controller", "card"):
        body = body.replace(f"{key}: " + {"card": "X", "controller": "Ana", "type": "reaction"}[key] + ", ", "", 1)
    cases.append((S, f"ability {key}: {value}", ["step", scenario(f"ab-{key}-{len(cases)}.yaml", body)]))
kw = "players: [Ana, Bruno]\nat: \"4.2.5\"\nabilities:\n  - {controller: Ana, type: keyword, keyword: %s}\n"
cases += [(S, f"keyword ability keyword: {v}", ["step", scenario(f"kw{i}.yaml", kw % v)]) for i, v in enumerate(["[x]", "nosuch", "{a: 1}"])]
# Resource limits: thousands of abilities, long creates chains
many = "players: [Ana, Bruno]\ntrigger: challenge-won\nabilities:\n" + "".join(
    f"  - {{card: C{i}, controller: {'Ana' if i % 2 else 'Bruno'}, type: reaction}}\n" for i in range(3000))
cases.append((S, "3000 reactions", ["step", scenario("many.yaml", many)]))
many_i = "players: [Ana, Bruno]\ntrigger: character-killed\nabilities:\n" + "".join(
    f"  - {{card: C{i}, controller: {'Ana' if i % 2 else 'Bruno'}, type: forced-interrupt}}\n" for i in range(2000))
cases.append((S, "2000 forced interrupts", ["step", scenario("manyi.yaml", many_i)]))
# --- other engines' scenario files ------------------------------------------------------------
for game in ("gp", "agot-board", "agot1"):
    for label, body in [("players: 5", "players: 5\n"), ("empty mapping", "{}\n"), ("players: [[a]]", "players: [[a]]\n"),
                        ("every key a list", "players: [a, b]\nactive: [a]\nat: [x]\nscript: [x]\narea: [x]\nattacker: [x]\ndefender: [x]\nsupport: 5\nfirst_player: [a]\n"),
                        ("every key a mapping", "players: {a: 1}\nactive: {a: 1}\nat: {a: 1}\nscript: {a: 1}\narea: {a: 1}\nattacker: {a: 1}\ndefender: {a: 1}\nsupport: {a: 1}\n"),
                        ("players of mappings, wrong inner types", "players:\n  - {name: [a], gold: x, shadows: 5}\n  - {name: b, gold: -1, shadows: [5]}\nfirst_player: b\n"),
                        ("recursive alias", "players: &a [*a]\n"),
                        ]:
        cases.append((f"step-{game}", label, ["step", scenario(f"{game}-{len(cases)}.yaml", f"game: {game}\n" + body)]))
big_gp = "game: gp\nplayers: [" + ",".join(f"P{i}" for i in range(5000)) + "]\nactive: P1\nat: after-2.9\nscript: {}\n"
cases.append(("step-gp", "5000 players", ["step", scenario("gpbig.yaml", big_gp)]))
# --- step options -----------------------------------------------------------------------------
O = "step-options"
cases += [
    (O, "--players ,", ["step", "--players", ",", "--trigger", "challenge-won"]),
    (O, "--players A,A", ["step", "--players", "A,A", "--trigger", "challenge-won"]),
    (O, "--players 3000 names", ["step", "--players", ",".join(f"P{i}" for i in range(3000)), "--melee", "--trigger", "challenge-won"]),
    (O, "--ability ::::", ["step", "--players", "A,B", "--trigger", "challenge-won", "--ability", "::::"]),
    (O, "--ability A:x", ["step", "--players", "A,B", "--trigger", "challenge-won", "--ability", "A:x"]),
    (O, "--ability A:would-reaction", ["step", "--players", "A,B", "--trigger", "challenge-won", "--ability", "A:would-reaction"]),
    (O, "--occurrences 0", ["step", "--players", "A,B", "--trigger", "challenge-won", "--occurrences", "0"]),
    (O, "--occurrences -5", ["step", "--players", "A,B", "--trigger", "challenge-won", "--occurrences", "-5"]),
    (O, "--at \\x00", ["step", "--players", "A,B", "--at", "\x00"]),
    (O, "--trigger RTL", ["step", "--players", "A,B", "--trigger", "\u202echallenge-won"]),
    (O, "--game ../../etc", ["step", "--game", "../../etc", "--players", "A,B", "--trigger", "x"]),
    (O, "--game ''", ["step", "--game", "", "--players", "A,B", "--trigger", "x"]),
    (O, "--game gp with --trigger", ["step", "--game", "gp", "--trigger", "x"]),
    (O, "--game gp no scenario", ["step", "--game", "gp"]),
    (O, "--game agot-board no scenario", ["step", "--game", "agot-board"]),
]
# --- queries -----------------------------------------------------------------------------------
NONSENSE = ["xyzzy-no-such-thing", "../../etc/passwd", "/etc/passwd", "qwertyuiop", "asdf", "zzzz", "xyzzy", "foo bar baz",
            "the", "a", "de", "!!!", "???", "123456789", "0", "-", "--", "*", "**", "?", '"', "'", "(", ")", "[", "]", "{", "}",
            "AND", "OR", "NOT", "a AND", "NOT anular", "anular OR", "term:anular", "id:cancel", "game:gp", "lang:cs",
            "anular^5", "anular~", "anular~2", "[a TO z]", "{a TO z}", '"unbalanced', "re*", "*ar", "a*b*c*d*",
            "\x00", "\x1b[31mred", "\x07bell", "tab\there", "new\nline", "\r", "\u202eanular", "\u200f\u200e", "\ufeffanular",
            "\u0301", "\U0001F600", "ẞ", "ǅ", "ﬃ", "x" * 10_000, "anular " * 2000, "ñ" * 10_000, "a b " * 2500,
            "agot2:", ":", "gp:", "gp:999", "gp:120.4.zz", "agot2:../../x", "agot-board:cancel", "gp:cancel", "nosuch:cancel",
            "1.2.3.4.5.6.7.8.9", "4.2.1", "9" * 500, "120." * 500, " ", "   "]
for q in NONSENSE:
    cases.append(("show", repr(q)[:50], ["show", q]))
for q in NONSENSE:
    cases.append(("search", repr(q)[:50], ["search", q]))
for q in NONSENSE:
    cases.append(("ask", repr(q)[:50], ["ask", q]))
cases += [("show", "--game gp ../../etc/passwd", ["show", "../../etc/passwd", "--game", "gp"]),
          ("show", "--game nosuch", ["show", "anular", "--game", "nosuch"]),
          ("show", "--game ''", ["show", "anular", "--game", ""]),
          ("search", "--game ../../etc", ["search", "anular", "--game", "../../etc"]),
          ("ask", "--game gp", ["ask", "xyzzy", "--game", "gp"])]

# --- glossary files: loader and check -------------------------------------------------------
FIXTURE = REPO / "tests" / "fixtures" / "glossary"
G = "glossary"


def glossary_case(label: str, filename: str, content: bytes | str) -> None:
    root = TMP / f"g{len(cases)}" / "glossary"
    shutil.copytree(FIXTURE, root)
    path = root / "agot2" / "es" / filename
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    env = {"JUDGE_GLOSSARY": str(root)}
    cases.append((G + "-check", label, ["check", "--game", "agot2", "--skip", "spelling"], env))  # type: ignore[arg-type]
    cases.append((G + "-show", label, ["show", "anular"], env))  # type: ignore[arg-type]


FM = "---\nid: zz-test\nterm: Prueba\nkind: entry\n{extra}---\n{body}\n"
glossary_case("recursive alias in front matter", "zz-test.md", "---\nid: zz-test\nterm: Prueba\naliases: &a [*a]\n---\nHola.\n")
glossary_case("billion laughs in front matter", "zz-test.md", "---\nid: zz-test\nterm: Prueba\na: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(8)) + "---\nHola.\n")
glossary_case("deep nesting front matter", "zz-test.md", "---\nid: zz-test\nterm: Prueba\nx: " + "[" * 5000 + "]" * 5000 + "\n---\nHola.\n")
glossary_case("binary file", "zz-test.md", bytes(range(256)) * 10)
glossary_case("latin-1 file", "zz-test.md", FM.format(extra="", body="Leña").encode("latin-1"))
glossary_case("utf-16 file", "zz-test.md", FM.format(extra="", body="Hola").encode("utf-16"))
glossary_case("no front matter", "zz-test.md", "Hola.\n")
glossary_case("unclosed front matter", "zz-test.md", "---\nid: zz-test\nterm: Prueba\n")
glossary_case("front matter a list", "zz-test.md", "---\n- a\n---\nHola.\n")
glossary_case("front matter scalar", "zz-test.md", "---\nhello\n---\nHola.\n")
glossary_case("tag python", "zz-test.md", FM.format(extra="x: !!python/object:os.system [ls]\n", body="Hola."))
for field, value in [("id", "[a]"), ("id", "5"), ("id", "{a: 1}"), ("term", "[a]"), ("term", "5"), ("term", "{a: 1}"), ("term", "null"),
                     ("aliases", "5"), ("aliases", "[[a]]"), ("aliases", "[{a: 1}]"), ("aliases", "a"), ("see_also", "5"),
                     ("see_also", "[[a]]"), ("see_also", "[nosuch]"), ("kind", "[entry]"), ("kind", "nosuch"), ("redirect", "[a]"),
                     ("step", "[1]"), ("step", "4.2"), ("source", "5"), ("source", "{doc: 5, line: x}"), ("source", "[a]"),
                     ("source", "{doc: x, line: -1}"), ("corrections", "5"), ("corrections", "[5]"), ("corrections", "[{was: 5}]"),
                     ("corrections", "[{was: [a], now: {b: 1}}]"), ("number", "[1]"), ("number", "{a: 1}"), ("status", "[x]"),
                     ("rules", "5"), ("lang", "[es]")]:
    text = "---\nid: zz-test\nterm: Prueba\nkind: entry\n".replace(f"{field}: " if field in ("id", "term", "kind") else "\x00", "#") + f"{field}: {value}\n---\nHola.\n"
    glossary_case(f"{field}: {value}", "zz-test.md", text)
glossary_case("body 1 MB one line", "zz-test.md", FM.format(extra="", body="palabra " * 130_000))
glossary_case("body control chars", "zz-test.md", FM.format(extra="", body="Hola \x00\x1b[31m\x07 mundo"))
glossary_case("body RTL marks", "zz-test.md", FM.format(extra="", body="\u202eHola\u200f mundo"))
glossary_case("body html script", "zz-test.md", FM.format(extra="", body="<script>alert(1)</script>"))
glossary_case("body unknown icon", "zz-test.md", FM.format(extra="", body="Un [nosuchicon] reto"))
glossary_case("body 10000 nested list", "zz-test.md", FM.format(extra="", body="".join("  " * i + "- x\n" for i in range(300))))
glossary_case("body deep blockquote", "zz-test.md", FM.format(extra="", body=">" * 5000 + " x"))
glossary_case("filename with spaces", "zz test.md", FM.format(extra="", body="Hola"))
glossary_case("filename mismatch id", "other.md", FM.format(extra="", body="Hola"))
glossary_case("empty file", "zz-test.md", "")


def main() -> None:
    rows = []
    for case in cases:
        surface, label, args = case[0], case[1], case[2]
        env = case[3] if len(case) > 3 else {"JUDGE_GLOSSARY": ""}  # type: ignore[misc]
        if env.get("JUDGE_GLOSSARY") == "":
            os.environ.pop("JUDGE_GLOSSARY", None)
            env = None
        outcome, code, message, took = run(args, env)
        rows.append({"surface": surface, "case": label, "outcome": outcome, "exit": code, "message": message, "seconds": round(took, 2)})
        print(f"{surface:16} {outcome:9} {str(code):4} {took:6.2f}s  {label[:40]:40}  {message}", flush=True)
    Path(sys.argv[1] if len(sys.argv) > 1 else "survey.json").write_text(json.dumps(rows, ensure_ascii=False, indent=1))
    shutil.rmtree(TMP, ignore_errors=True)


if __name__ == "__main__":
    main()
