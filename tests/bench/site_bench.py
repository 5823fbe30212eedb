"""Benchmark: the full site build against two bare Material floors, built in the same run.

Run: python tests/bench/site_bench.py [--runs N] [--listed]

- bare: bare Material with as many plain pages (six short paragraphs each) as the site, nav of
  the home page only (coldstart_bench.bare_material): not the same pages, ours are ~8 × bigger;
- same: bare Material with the same pages: the Markdown MkDocs renders for every page of the
  site, the same nav, theme, extensions and plugins, none of the site's hooks, overrides or
  assets (same_pages.py); its pages, Markdown bytes and nav are printed beside ours;
- with --listed, also the plain pages with every page in MkDocs' default nav (slow: ~50 s).

Every build is in this process (the floors: MkDocs alone), `runs` rounds of each, alternated
(the order rotated each round); the site is rebuilt with nothing changed (force: what it keeps
in the user cache is reused). Prints the medians, the ratios, the
load, the size of the built site and of each search index. Nothing is asserted (the figures
depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from coldstart_bench import bare_material
from same_pages import describe_line, mkdocs_only, same_pages_material

from judge.site import hooks as site

ROOT = Path(__file__).resolve().parent.parent.parent


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


def alternated(builds: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Median seconds of each build over `runs` rounds, the order rotated each round."""
    names = list(builds)
    timings: dict[str, list[float]] = {name: [] for name in names}
    for n in range(runs):
        for name in names[n % len(names):] + names[:n % len(names)]:
            start = time.perf_counter()
            builds[name]()
            timings[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in timings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="builds of each kind; the median is shown")
    parser.add_argument("--listed", action="store_true", help="also bare Material with every page in the nav")
    args = parser.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        built = site.build(out)
        bare_config = bare_material(Path(tmp) / "bare", built.pages, in_nav=False)
        same_config, ours, floor = same_pages_material(Path(tmp) / "same", site.config_file())
        builds: dict[str, Callable[[], object]] = {
            "full": lambda: site.build(out, force=True),
            "bare": lambda: mkdocs_only(bare_config, Path(tmp) / "bare-site"),
            "same": lambda: mkdocs_only(same_config, Path(tmp) / "same-site"),
        }
        if args.listed:
            listed_config = bare_material(Path(tmp) / "listed", built.pages, in_nav=True)
            builds["listed"] = lambda: mkdocs_only(listed_config, Path(tmp) / "listed-site")
        load = os.getloadavg()[0]
        times = alternated(builds, args.runs)
        full = times["full"]
        print(f"{os.cpu_count()} CPUs, load {load:.1f} → {os.getloadavg()[0]:.1f} (the machine may be shared); "
              f"medians of {args.runs}, alternated")
        print(describe_line("same pages, ours ", ours))
        print(describe_line("same pages, floor", floor))
        print(f"pages: {built.pages} (both languages, translator view, charts, guides)")
        print(f"full site build:     {full:6.2f} s (rebuilt, nothing changed)")
        print(f"bare Material build: {times['bare']:6.2f} s for {built.pages} plain pages, nav: home page only"
              f"  ratio {full / times['bare']:5.2f}")
        print(f"same pages build:    {times['same']:6.2f} s for the site's own {floor['pages']} pages and nav"
              f"  ratio {full / times['same']:5.2f}")
        if args.listed:
            print(f"bare Material build: {times['listed']:6.2f} s with every page in the nav (MkDocs' default)")
        print(f"built site:          {size(out) / 1e6:6.2f} MB in {built.files} files")
        for lang in ("es", "cs"):
            index = out / lang / "search-index.json"
            print(f"search index {lang}:     {size(index) / 1e3:6.1f} kB")
        print(f"per entry page (es/agot2/cancel): {size(out / 'es' / 'agot2' / 'cancel' / 'index.html') / 1e3:.1f} kB")


if __name__ == "__main__":
    main()
