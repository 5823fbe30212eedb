"""Benchmark: the Resolver in Debian's chromium (the judge under Pyodide, in a Web Worker).

Run: python tests/bench/resolver_bench.py [--runs N] [--throttle 4] [--site-dir DIR]
Builds the site (or serves DIR), then measures, as medians of N runs:

- the bytes of a first visit of es/resolver/: as served, and gzipped (what a static host or a
  CDN sends; the local server sends them plain);
- the time to the first answer: cold (a new browser profile: nothing cached) and warm (the same
  profile again: the service worker's cache);
- the time of each further step (the page's worker, a golden scenario stepped again);
- the floors, measured in the same run: the home page's load (no engine), and the same step
  through the engine in this Python process.

--throttle R slows the CPU R times (CDP Emulation.setCPUThrottlingRate), a phone stand-in.
Nothing is asserted: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from sitekit import CHROMIUM, CHROMIUM_ARGS, build_site  # noqa: E402

SCENARIO = HERE.parent / "golden" / "judge" / "scenarios" / "nested-three-deep.yaml"


class _Recording(http.server.SimpleHTTPRequestHandler):
    served: list[Path] = []

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        found = super().send_head()
        path = Path(self.translate_path(self.path))
        if found is not None and path.is_file():
            type(self).served.append(path)
        return found


@contextmanager
def serve(folder: Path) -> Iterator[tuple[str, list[Path]]]:
    served: list[Path] = []
    handler = functools.partial(type("Handler", (_Recording,), {"served": served}), directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", served
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def first_answer(context: Any, url: str, throttle: float, stages: list[dict[str, float]]) -> float:
    """Seconds from navigation to the first stepped result on the page; the worker's boot
    stages (ms: runtime loaded, engine imported) are appended to `stages`."""
    page = context.new_page()
    if throttle > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    start = time.perf_counter()
    page.goto(url)
    page.locator(".judge-resolver__output .judge-line").first.wait_for(timeout=600_000)
    elapsed = time.perf_counter() - start
    stages.append(page.evaluate("window.judgeResolverBoot.worker"))
    page.close()
    return elapsed


def step_times(context: Any, url: str, throttle: float, steps: int) -> list[float]:
    """Milliseconds of each further step, measured in the page around the worker's answer."""
    page = context.new_page()
    if throttle > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(url)
    page.locator(".judge-resolver__output .judge-line").first.wait_for(timeout=600_000)
    text = SCENARIO.read_text("utf-8")
    timings = page.evaluate("""async ([text, n]) => {
        const out = [];
        for (let i = 0; i < n; i++) {
            const start = performance.now();
            await window.judgeResolverCall({op: "step", scenario: text, file: "scenario.yaml", lang: "es", width: 1000});
            out.push(performance.now() - start);
        }
        return out;
    }""", [text, steps])
    page.close()
    return [float(t) for t in timings]


def home_load(context: Any, url: str, throttle: float) -> float:
    page = context.new_page()
    if throttle > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    start = time.perf_counter()
    page.goto(url, wait_until="load")
    elapsed = time.perf_counter() - start
    page.close()
    return elapsed


def native_step_ms(runs: int) -> float:
    from judge import service

    text = SCENARIO.read_text("utf-8")
    request = {"op": "step", "scenario": text, "file": "scenario.yaml", "lang": "es", "width": 1000}
    service.workdir(tempfile.mkdtemp())
    service.handle(request)
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        service.handle(request)
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="cold and warm visits; the median is shown")
    parser.add_argument("--steps", type=int, default=30, help="further steps timed in one page")
    parser.add_argument("--throttle", type=float, default=1.0, help="CPU slow-down rate (4: a phone stand-in)")
    parser.add_argument("--site-dir", type=Path, help="a built site to serve (default: build one)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site_dir = args.site_dir
        if site_dir is None:
            site_dir = Path(tmp) / "site"
            build_site(site_dir)
        with serve(site_dir) as (base, served), sync_playwright() as playwright:
            url = f"{base}es/resolver/"
            cold, warm, visit_bytes = [], [], []
            cold_stages: list[dict[str, float]] = []
            warm_stages: list[dict[str, float]] = []
            for run in range(args.runs):
                profile = Path(tmp) / f"profile-{run}"
                context = playwright.chromium.launch_persistent_context(
                    str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
                served.clear()
                cold.append(first_answer(context, url, args.throttle, cold_stages))
                visit_bytes.append(_bytes(list(served)))
                warm.append(first_answer(context, url, args.throttle, warm_stages))
                context.close()
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            context = browser.new_context()
            steps = step_times(context, url, args.throttle, args.steps)
            floors = [home_load(context, f"{base}es/", args.throttle) for _ in range(args.runs)]
            browser.close()
    native = native_step_ms(args.steps)
    raw, zipped = statistics.median(b[0] for b in visit_bytes), statistics.median(b[1] for b in visit_bytes)
    print(f"machine: shared 2-core; chromium CPU throttle {args.throttle:g}x; medians of {args.runs} visits, {args.steps} steps")
    print(f"first visit: {raw / 1e6:.2f} MB as served, {zipped / 1e6:.2f} MB gzipped")
    print(f"first answer cold: {statistics.median(cold):.2f} s   (runs: {', '.join(f'{t:.2f}' for t in cold)})")
    print(f"first answer warm: {statistics.median(warm):.2f} s   (runs: {', '.join(f'{t:.2f}' for t in warm)})")
    for name, stages in (("cold", cold_stages), ("warm", warm_stages)):
        print(f"  {name} worker boot (ms since the worker started, medians): " + ", ".join(
            f"{stage} {statistics.median(s[stage] for s in stages):.0f}" for stage in stages[0]))
    print(f"further step: {statistics.median(steps):.1f} ms   (min {min(steps):.1f}, max {max(steps):.1f})")
    floor = statistics.median(floors)
    print(f"floor, home page load: {floor:.2f} s   → cold {statistics.median(cold) / floor:.1f}x, "
          f"warm {statistics.median(warm) / floor:.1f}x")
    print(f"floor, same step in CPython here: {native:.1f} ms   → browser {statistics.median(steps) / native:.1f}x")


def _bytes(paths: list[Path]) -> tuple[int, int]:
    """Bytes of every file served (a file asked for twice counts twice), plain and gzipped."""
    zipped = {p: len(gzip.compress(p.read_bytes(), compresslevel=6)) for p in set(paths)}
    return sum(p.stat().st_size for p in paths), sum(zipped[p] for p in paths)


if __name__ == "__main__":
    main()
