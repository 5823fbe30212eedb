"""Benchmark: the full site build against a bare Material build of as many plain pages.

Run: python tests/bench/site_bench.py [--runs N]
Prints the median build times and their ratio, the size of the built site and of each search
index. Nothing is asserted (the figures depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from benchtime import median_seconds
from coldstart_bench import bare_material

from judge.site import hooks as site

ROOT = Path(__file__).resolve().parent.parent.parent


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="builds of each kind; the median is shown")
    args = parser.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        built = site.build(out)
        full = median_seconds(lambda: site.build(out, force=True), args.runs)
        bare_config = bare_material(Path(tmp) / "bare", built.pages, in_nav=False)
        bare = median_seconds(lambda: site.build(Path(tmp) / "bare-site", config=bare_config, force=True), args.runs)
        listed_config = bare_material(Path(tmp) / "listed", built.pages, in_nav=True)
        listed = median_seconds(lambda: site.build(Path(tmp) / "listed-site", config=listed_config, force=True), args.runs)
        print(f"pages: {built.pages} (both languages, translator view, charts, guides)")
        print(f"full site build:     {full:6.2f} s (median of {args.runs})")
        print(f"bare Material build: {bare:6.2f} s for {built.pages} plain pages, nav: home page only")
        print(f"ratio:               {full / bare:6.2f}")
        print(f"bare Material build: {listed:6.2f} s with every page in the nav (MkDocs' default)")
        print(f"built site:          {size(out) / 1e6:6.2f} MB in {built.files} files")
        for lang in ("es", "cs"):
            index = out / lang / "search-index.json"
            print(f"search index {lang}:     {size(index) / 1e3:6.1f} kB")
        print(f"per entry page (es/agot2/cancel): {size(out / 'es' / 'agot2' / 'cancel' / 'index.html') / 1e3:.1f} kB")


if __name__ == "__main__":
    main()
