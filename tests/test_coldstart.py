"""Each command imports only what it uses (the cold start of a command is the floor of the
libraries it needs: tests/bench/coldstart_bench.py measures it; no timing is asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "tests" / "golden" / "judge" / "scenarios" / "challenge-won-reactions.yaml"

RUN = """
import json, sys
from judge.cli import cli
try:
    cli.main(sys.argv[1:], prog_name="judge")
except SystemExit:
    pass
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def modules_of(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True, cwd=ROOT, check=True)
    line = next(x for x in done.stderr.splitlines() if x.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def loaded(modules: set[str], *prefixes: str) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_importing_the_command_line_loads_no_command() -> None:
    code = "import sys, json, judge.cli; print(json.dumps(sorted(sys.modules)))"
    modules = set(json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                            check=True).stdout))
    assert loaded(modules, "judge.glossary", "judge.search", "judge.rules.model", "judge.translate", "judge.site",
                  "snowballstemmer", "whoosh", "mkdocs", "markdown") == []


@pytest.mark.parametrize(("args", "absent"), [
    (("show", "anular"), ("whoosh", "snowballstemmer", "judge.search", "judge.rules.model", "judge.rules.api",
                          "judge.translate", "mkdocs", "judge.glossary.listing", "hashlib")),
    (("timeline",), ("whoosh", "snowballstemmer", "judge.search", "judge.translate", "mkdocs",
                     "judge.rules.triggers", "judge.rules.scenario", "judge.rules.sequence", "judge.rules.stepped",
                     "judge.rules.answers", "judge.rules.runs", "judge.glossary.views", "judge.glossary.entryfile")),
    (("step", str(SCENARIO)), ("whoosh", "judge.search.index", "judge.translate", "mkdocs", "judge.rules.answers",
                               "judge.rules.runs", "judge.rules.ask", "judge.glossary.views", "judge.glossary.entryfile",
                               "judge.rules.timelines", "hashlib")),
    (("search", "reaccion"), ("judge.rules.model", "judge.rules.api", "judge.translate", "mkdocs", "platformdirs",
                              "judge.glossary.views", "judge.glossary.entryfile", "difflib")),
])
def test_a_command_imports_only_what_it_uses(args: tuple[str, ...], absent: tuple[str, ...]) -> None:
    modules_of(*args)  # the compiled catalogue made (which imports every engine), as a judge's first command does
    assert loaded(modules_of(*args), *absent) == []


# Without a docstring, dataclass() writes one from inspect.signature(): ~40% of creating the
# class, paid at every start. The modules every rules or lookup command imports write their own.
ON_THE_COMMANDS_PATH = ("judge.core.model", "judge.glossary.views", "judge.glossary.listing", "judge.rules.model",
                        "judge.rules.timelines",
                        "judge.rules.stepped", "judge.rules.answers", "judge.rules.runs", "judge.rules.timing",
                        "judge.rules.triggers", "judge.rules.scenario", "judge.rules.sequence", "judge.rules.catalogue",
                        "judge.search.model")


@pytest.mark.parametrize("name", ON_THE_COMMANDS_PATH)
def test_each_dataclass_on_a_commands_path_has_its_own_docstring(name: str) -> None:
    import dataclasses
    import importlib
    import inspect

    module = importlib.import_module(name)
    classes = [c for _, c in inspect.getmembers(module, inspect.isclass)
               if dataclasses.is_dataclass(c) and c.__module__ == name]
    assert classes
    assert [c.__name__ for c in classes if (c.__doc__ or "").startswith(c.__name__ + "(")] == []
