"""Benchmark: cold start of each `judge` command against the floor of the libraries it needs.

Run: python tests/bench/coldstart_bench.py [--runs N] [--site-runs N] [--only ROW,...]

Every row starts fresh processes, each command alternated with its floor in the same run (the
order swapped every other time, so a burst of load on a shared machine hits both alike), and
prints medians: the command (now), its floor, and their ratio, in wall-clock time and in CPU
time (user + system of the child, steadier when other work shares the machine).

  F1     python -c 'import click, yaml'                       (what every command needs)
  F2     F1 + snowballstemmer, whoosh.index, whoosh.qparser   (what search needs)
  bare   mkdocs build of bare Material with as many plain pages (a few paragraphs each) as
         the judge site has, nav of the home page only (not the same pages: ours are ~8 × bigger)
  same   mkdocs build of bare Material with the same pages: the Markdown MkDocs renders for each
         page of the site, the same nav, theme, palette, extensions and plugins, none of the
         site's hooks, overrides or assets (tests/bench/same_pages.py; its pages, Markdown bytes
         and nav are printed beside ours)

The site rows: `judge build --site` again on an unchanged glossary, its output's stamp removed so
that it builds (what it keeps in the user cache is reused); "after an edit", each build just
after a glossary file is touched (in a copy), so nothing kept is trusted: the first build after
a translator's change; "up to date", the command on a site built from the inputs as they are.

The index rows: `build --index` rebuilds the whole index (against F2); "up-to-date" is the
check every `judge search` makes before using the index (key the glossary, open the index),
timed inside a fresh process (after its imports) once the index is built, with no floor (its
aim is absolute). "warm query" is one query on an index already open (every query of
tests/search_queries.yaml within its game, as `judge search --game G`): p50 and p95, and the
p50 of its CPU time (the wall clock of a 2 ms query swings with the machine's load).

Runs in a temporary user cache (XDG_CACHE_HOME), warmed by one run of each command, with
bytecode written (PYTHONDONTWRITEBYTECODE unset): the state a judge's second command finds.
JUDGE_BENCH_ROOT names another checkout to time (its venv's python must run this script).
Nothing is asserted: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import same_pages

ROOT = Path(os.environ.get("JUDGE_BENCH_ROOT") or Path(__file__).resolve().parent.parent.parent)
PYTHON = sys.executable
SCENARIO = ROOT / "tests" / "golden" / "judge" / "scenarios" / "challenge-won-reactions.yaml"
QUESTION = "¿Cuándo puedo usar una reacción después de que gane un reto?"
F1 = [PYTHON, "-c", "import click, yaml"]
F2 = [PYTHON, "-c", "import click, yaml, snowballstemmer, whoosh.index, whoosh.qparser"]
# The up-to-date check, timed inside the process; open_index is judge.search's public entry.
UP_TO_DATE = """
import time
try:
    from judge.search.index import open_index
except ImportError:  # before judge/search/ was a folder
    from judge.search import open_index
start = time.perf_counter()
open_index().close()
print(time.perf_counter() - start)
"""
# A query on an open index (the index's own cost, without the process start or the up-to-date
# check): every query of tests/search_queries.yaml within its game, as `judge search --game G`,
# after one warm-up pass; prints the seconds of each single query, wall:CPU (the thread's time,
# steadier than the wall clock when other work shares the machine).
WARM_QUERY = """
import sys, time
import yaml
from judge.core.errors import NoHits
from judge.search.index import open_index, search
queries = yaml.safe_load(open("tests/search_queries.yaml", encoding="utf-8"))
handle = open_index()
timings = []
for rounds in range(1 + int(sys.argv[1])):
    for q in queries:
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            search(q["q"], q.get("game", "agot2"), handle=handle)
        except NoHits:
            pass
        if rounds:
            timings.append(f"{time.perf_counter() - start}:{time.thread_time() - cpu}")
handle.close()
print(" ".join(map(str, timings)))
"""
BARE_CONFIG = """site_name: bare
docs_dir: docs
site_dir: site
theme:
  name: material
  font: false
plugins: []
"""


def judge(*args: str) -> list[str]:
    script = Path(PYTHON).parent / "judge"
    return [str(script), *args] if script.is_file() else [PYTHON, "-m", "judge", *args]


@dataclass
class Sample:
    wall: float
    cpu: float


def run(command: list[str], ok: tuple[int, ...] = (0,)) -> Sample:
    """One fresh process: wall-clock and CPU seconds (user + system, from the child's rusage)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in ok:
        sys.exit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Sample(wall, cpu)


@dataclass
class Row:
    name: str
    command: list[str]
    floor_name: str
    floor: list[str]
    ok: tuple[int, ...] = (0,)
    # More floors timed in the same run (the site rows: bare and same), each a line of its own.
    more: dict[str, list[str]] = field(default_factory=dict)


def alternate(row: Row, runs: int) -> tuple[list[Sample], dict[str, list[Sample]]]:
    """`runs` of the command and of each of its floors, interleaved, the order rotated each time
    (with one floor: swapped), so that a burst of load hits them alike."""
    run(row.command, row.ok)  # warm: bytecode, caches, index
    commands = {"": (row.command, row.ok), row.floor_name: (row.floor, (0,))}
    commands |= {name: (floor, (0,)) for name, floor in row.more.items()}
    samples: dict[str, list[Sample]] = {name: [] for name in commands}
    order = list(commands)
    for n in range(runs):
        for name in order[n % len(order):] + order[:n % len(order)]:
            command, ok = commands[name]
            samples[name].append(run(command, ok))
    mine = samples.pop("")
    return mine, samples


def median(samples: list[Sample], field: Callable[[Sample], float]) -> float:
    return statistics.median(field(s) for s in samples)


def line(name: str, now: float, floor: float | None, floor_name: str, cpu: float | None = None,
         cpu_floor: float | None = None) -> str:
    ratio = f"{now / floor:5.2f} × {floor_name:<4}" if floor else f"{'—':<12}"
    floor_text = f"{floor * 1000:7.0f} ms" if floor else f"{'—':<10}"
    cpu_ratio = f"{cpu / cpu_floor:5.2f}" if cpu and cpu_floor else f"{'—':<5}"
    return f"| {name:<36} | {now * 1000:7.1f} ms | {floor_text} | {ratio} | {cpu_ratio} |"


def bare_material(folder: Path, pages: int, in_nav: bool = False) -> Path:
    """A Material project with `pages` plain pages of a few paragraphs and no hooks; with
    in_nav, MkDocs' default nav lists every page (in every page), else only the home page
    (as the judge site does for its entry pages). site_bench.py builds it too."""
    docs = folder / "docs"
    docs.mkdir(parents=True)
    text = "Una condición de activación es un suceso específico que tiene lugar en la partida.\n\n" * 6
    (docs / "index.md").write_text("# Home\n", "utf-8")
    for n in range(pages - 1):
        (docs / f"page-{n}.md").write_text(f"# Page {n}\n\n{text}", "utf-8")
    config = folder / "mkdocs.yml"
    nav = "" if in_nav else "nav: [index.md]\nvalidation: {nav: {omitted_files: ignore}}\n"
    config.write_text(BARE_CONFIG + nav, "utf-8")
    return config


def edited_site_row(tmp: Path, out: Path, pages: int, bare: list[str], more: dict[str, list[str]]) -> Row:
    """The site build right after an entry is edited: a copy of the glossary, one of its files
    touched just before each build, so nothing kept from the last build is trusted (the
    compiled glossary, the generated pages, the status page: judge.core.compiled)."""
    import shutil

    glossary = tmp / "edited-glossary"
    if not glossary.exists():
        shutil.copytree(ROOT / "glossary", glossary)
    entry = glossary / "agot2" / "es" / "cancel.md"
    build = " ".join(judge("build", "--site", "--site-dir", str(out)))
    command = ["sh", "-c", f"touch '{entry}' && JUDGE_GLOSSARY='{glossary}' {build}"]
    return Row(f"  … after an edit ({pages} p.)", command, "bare", bare, more=more)


def same_pages_floor(folder: Path) -> tuple[dict[str, list[str]], list[str]]:
    """The "same" floor (tests/bench/same_pages.py, run by the checkout's python): its build
    command, and the lines that say its pages, Markdown bytes and nav beside ours."""
    done = subprocess.run([PYTHON, str(Path(__file__).with_name("same_pages.py")), str(folder)],
                          cwd=ROOT, capture_output=True, check=True, text=True)
    figures = json.loads(done.stdout.splitlines()[-1])
    said = [same_pages.describe_line(f"same pages, {name:<5}", figures[name]) for name in ("ours", "floor")]
    config = figures["config"]
    return {"same": [PYTHON, "-m", "mkdocs", "build", "-q", "-f", config, "-d", str(folder / "site")]}, said


def print_row(row: Row, mine: list[Sample], floors: dict[str, list[Sample]]) -> None:
    """One line per floor, all against the same runs of the command."""
    for n, (name, floor) in enumerate(floors.items()):
        print(line(row.name if n == 0 else f"{'':<25} (same runs)", median(mine, lambda s: s.wall),
                   median(floor, lambda s: s.wall), name, median(mine, lambda s: s.cpu),
                   median(floor, lambda s: s.cpu)), flush=True)


def up_to_date(runs: int) -> float:
    """Median seconds of the index's up-to-date check, each in a fresh process."""
    timings = []
    for _ in range(runs):
        done = subprocess.run([PYTHON, "-c", UP_TO_DATE], cwd=ROOT, capture_output=True, text=True, check=True)
        timings.append(float(done.stdout.split()[-1]))
    return statistics.median(timings)


def warm_queries(runs: int) -> tuple[float, float, float]:
    """p50 and p95 seconds of one query on an open index, over `runs` passes of the query file,
    and the p50 of its CPU seconds."""
    done = subprocess.run([PYTHON, "-c", WARM_QUERY, str(runs)], cwd=ROOT, capture_output=True, text=True, check=True)
    pairs = [tuple(map(float, pair.split(":"))) for pair in done.stdout.split()]
    walls = sorted(wall for wall, _ in pairs)
    return statistics.median(walls), walls[int(len(walls) * 0.95)], statistics.median(cpu for _, cpu in pairs)


ROWS = {
    "show": lambda: Row("judge show anular", judge("show", "anular"), "F1", F1),
    "search": lambda: Row("judge search reaccion", judge("search", "reaccion"), "F2", F2),
    "timeline": lambda: Row("judge timeline", judge("timeline"), "F1", F1),
    "step": lambda: Row(f"judge step {SCENARIO.stem}", judge("step", str(SCENARIO)), "F1", F1),
    "ask": lambda: Row('judge ask "…"', judge("ask", QUESTION), "F2", F2),
    "index": lambda: Row("judge build --index (full)", judge("build", "--index"), "F2", F2),
    "check": lambda: Row("judge check --skip spelling", judge("check", "--skip", "spelling"), "F1", F1, (0, 1)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="runs of each command and its floor (median shown)")
    parser.add_argument("--site-runs", type=int, default=7, help="runs of the site build and of bare Material")
    parser.add_argument("--only", metavar="ROW,...",
                        help=f"rows to run: {', '.join([*ROWS, 'uptodate', 'warm', 'site', 'site-edited', 'site-current'])}")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else {*ROWS, "uptodate", "warm", "site", "site-edited", "site-current"}
    with tempfile.TemporaryDirectory(prefix="judge-coldstart-") as tmp:
        os.environ["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.pop("JUDGE_GLOSSARY", None)
        os.environ["NO_MKDOCS_2_WARNING"] = "1"
        os.environ["COLUMNS"] = "80"
        run(judge("build", "--index"))  # every search-side row finds a built index
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; "
              f"medians of {args.runs} (site: {args.site_runs})")
        print(f"| {'command':<36} | {'now':<10} | {'floor':<10} | {'ratio':<12} | {'cpu':<5} |")
        print(f"| {'-' * 36} | {'-' * 10} | {'-' * 10} | {'-' * 12} | {'-' * 5} |")
        for key, make in ROWS.items():
            if key in only:
                row = make()
                print_row(row, *alternate(row, args.runs))
        if "uptodate" in only:
            print(line("index up-to-date check", up_to_date(max(args.runs, 11)), None, ""), flush=True)
        if "warm" in only:
            p50, p95, cpu = warm_queries(max(1, args.runs // 3))
            print(line(f"warm query p50 (open index; p95 {p95 * 1000:.1f} ms)", p50, None, ""), flush=True)
            print(line("  … its CPU time, p50", cpu, None, ""), flush=True)
        if only & {"site", "site-edited", "site-current"} and args.site_runs > 0:  # --site-runs 0: the commands only
            out = Path(tmp) / "site"
            built = json.loads(subprocess.run(judge("build", "--site", "--site-dir", str(out), "--format", "json"),
                                              cwd=ROOT, capture_output=True, check=True, text=True).stdout)
            pages = built["site"]["pages"]
            config = bare_material(Path(tmp) / "bare", pages)
            bare = [PYTHON, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(Path(tmp) / "bare-site")]
            same, said = same_pages_floor(Path(tmp) / "same")
            build = judge("build", "--site", "--site-dir", str(out))
            # The stamp removed: the site is built again (an up-to-date site is left as it is).
            again = ["sh", "-c", f"rm -f '{out / '.judge-build'}' && {' '.join(build)}"]
            rows = [Row(f"judge build --site ({pages} p.)", again, "bare", bare, more=same)] if "site" in only else []
            rows += [edited_site_row(Path(tmp), out, pages, bare, same)] if "site-edited" in only else []
            rows += [Row("  … up to date (not built again)", build, "bare", bare, more=same)] if "site-current" in only else []
            for row in rows:
                print_row(row, *alternate(row, args.site_runs))
            print("\n".join(said))
        print(f"load at the end {os.getloadavg()[0]:.1f} (the machine may be shared: compare ratios)")


if __name__ == "__main__":
    main()
