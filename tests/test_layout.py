"""The package's layout (docs/site.md "Where things are", DESIGN.md "Layout"): one folder per
product, data flowing one way — core → glossary → {search, rules, translate} → {render, site} →
cli — with no import circle, and a rules core that runs where click, whoosh, mkdocs and the
site code are not installed (the browser)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "judge"

# What each folder may import from the package (besides itself). A product never imports a
# sibling's internals except the analyzer (search.analysis), which ask, the checks and the site share.
ALLOWED: dict[str, set[str]] = {
    "judge.core": set(),
    "judge.glossary": {"judge.core"},
    "judge.search": {"judge.core", "judge.glossary"},
    "judge.rules": {"judge.core", "judge.glossary", "judge.search.analysis"},
    "judge.translate": {"judge.core", "judge.glossary", "judge.search.analysis"},
    "judge.render": {"judge.core", "judge.glossary", "judge.search", "judge.rules", "judge.translate", "judge.site.model"},
    "judge.site": {"judge.core", "judge.glossary", "judge.search", "judge.rules", "judge.translate"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every judge module a file imports, at the top or inside a function (a lazy import is
    still a dependency)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("judge"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("judge"):
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                is_module = (ROOT / Path(*candidate.split("."))).with_suffix(".py").is_file() or \
                    (ROOT / Path(*candidate.split("."))).is_dir()
                found.add(candidate if is_module else node.module)
    return found


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: {dep for dep in imports_of(path) if dep in modules and dep != name} for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in sorted(edges.get(node, ())):
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _folder(module: str) -> str | None:
    return next((f for f in ALLOWED if module == f or module.startswith(f + ".")), None)


def test_each_folder_imports_only_what_it_builds_on() -> None:
    wrong = []
    for module, deps in graph().items():
        folder = _folder(module)
        if folder is None:  # judge, judge.cli, judge.__main__: the command layer
            continue
        for dep in deps:
            if _folder(dep) == folder:
                continue
            if not any(dep == allowed or dep.startswith(allowed + ".") for allowed in ALLOWED[folder]):
                wrong.append(f"{module} imports {dep}")
    assert wrong == []


def test_nothing_heavy_at_import_judge() -> None:
    code = "import sys, judge; print(sorted(m for m in sys.modules if m.startswith(('judge', 'click', 'whoosh', 'yaml', 'mkdocs'))))"
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
                        .stdout.replace("'", '"'))
    assert loaded == ["judge"]


# The rules core alone: click, whoosh, mkdocs and the site, search index, render and CLI code
# are blocked (`sys.modules[name] = None` makes importing them fail), then every module of
# judge.rules is imported and one golden scenario of each engine is stepped. The result comes
# back pickled and is rendered here, by the CLI's renderer, to compare with the golden file.
BLOCKED = ("click", "whoosh", "mkdocs", "markdown", "judge.site", "judge.search.index", "judge.render", "judge.cli",
           "judge.translate")

ISOLATED = """
import pickle, pkgutil, importlib, sys
from pathlib import Path
for name in {blocked!r}:
    sys.modules[name] = None
import judge.rules
for info in pkgutil.iter_modules(judge.rules.__path__):
    importlib.import_module("judge.rules." + info.name)
from judge.core import yamldata
from judge.rules import api, registry
runs = []
for game, path in {scenarios!r}:
    engine = registry.engine_of(game)
    if engine == registry.TRIGGER_SEQUENCE:
        result, labels = api.step(api.load_scenario(Path(path), {{"lang": "es"}}, ()))
    else:
        result, labels = registry.runner(engine)(yamldata.load(Path(path)), game, "es")
    runs.append((engine, result, labels))
leaked = sorted(m for m in sys.modules if m.startswith(("click", "whoosh", "mkdocs")) and sys.modules[m] is not None)
sys.stdout.buffer.write(pickle.dumps((runs, leaked)))
"""

GOLDEN = ROOT / "tests" / "golden"
SCENARIOS = [
    ("agot2", GOLDEN / "judge" / "scenarios" / "nested-three-deep.yaml"),
    ("gp", next((GOLDEN / "games" / "gp" / "scenarios").glob("*.yaml"))),
    ("agot1", next((GOLDEN / "games" / "agot1" / "scenarios").glob("*.yaml"))),
    ("agot-board", next((GOLDEN / "games" / "agot-board" / "scenarios").glob("*.yaml"))),
]


def test_the_rules_core_steps_every_engine_without_click_whoosh_mkdocs_or_the_site() -> None:
    import pickle

    from judge.render import rules as render

    script = ISOLATED.format(blocked=BLOCKED, scenarios=[(g, str(p)) for g, p in SCENARIOS])
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr.decode()
    runs, leaked = pickle.loads(done.stdout)
    assert leaked == []
    assert [engine for engine, _, _ in runs] == ["trigger-sequence", "priority-stack", "shadows", "combat"]
    for (game, path), (engine, result, labels) in zip(SCENARIOS, runs):
        if engine == "trigger-sequence":
            out = render.step_result(result, "json", labels)
        else:
            out = render.engine_result(result, "json", labels)
        assert out == _golden_json(game, path), path.name


def _golden_json(game: str, scenario: Path) -> str:
    """The JSON the CLI's golden test expects for the scenario in Spanish."""
    return (scenario.parent.parent / f"{scenario.stem}.es.json").read_text("utf-8")


@pytest.mark.parametrize("name", BLOCKED[:4])
def test_a_blocked_package_really_fails_to_import(name: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import sys; sys.modules[{name!r}] = None; import {name}"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "ModuleNotFoundError" in done.stderr
