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

--throttle R slows the CPU R times, a phone stand-in. CDP's Emulation.setCPUThrottlingRate
reaches the page only: this chromium answers "Operation is only supported for pages, not
workers" on the worker's target (auto-attached), and the engine runs in the worker. So the bench
throttles the renderer processes themselves, page and worker alike: they run 1/R of each 5 ms
and are stopped (SIGSTOP/SIGCONT) the rest, as cpulimit does. The floors are throttled the same.

Each further step is a new situation (the scenario with a comment naming the step), as when a
judge edits the form: nothing of one step's parse is reused by the next.

The cold visit stays open until the worker has saved its memory snapshot (or says why not), as
a visitor reading the answer would; the warm visit then starts from it.
Nothing is asserted: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import signal
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
SNAPSHOT_WAIT_S = 60  # a cold visit waits this long at most for the worker's snapshot


class RendererThrottle:
    """Chromium's renderer processes started under this process run 1/rate of each period and
    are stopped the rest (SIGSTOP/SIGCONT): the page and its workers, slowed alike."""

    def __init__(self, rate: float, period_s: float = 0.005) -> None:
        self.rate, self.period_s = rate, period_s
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> RendererThrottle:
        if self.rate > 1:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        if self.thread.is_alive():
            self.thread.join()

    def _run(self) -> None:
        pids: list[int] = []
        rescan = 0.0
        try:
            while not self.stopped.is_set():
                if time.monotonic() >= rescan:
                    pids, rescan = _renderers(os.getpid()), time.monotonic() + 0.2
                _signal(pids, signal.SIGCONT)
                time.sleep(self.period_s / self.rate)
                _signal(pids, signal.SIGSTOP)
                time.sleep(self.period_s - self.period_s / self.rate)
        finally:
            _signal(_renderers(os.getpid()), signal.SIGCONT)


def _renderers(root: int) -> list[int]:
    """The descendants of `root` whose command line says --type=renderer."""
    children: dict[int, list[int]] = {}
    commands: dict[int, bytes] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            commands[int(entry.name)] = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            todo.append(child)
            if b"--type=renderer" in commands.get(child, b""):
                found.append(child)
    return found


def _signal(pids: list[int], sig: signal.Signals) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


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


def first_answer(context: Any, url: str, stages: list[dict[str, Any]], snapshot: bool) -> float:
    """Seconds from navigation to the first stepped result on the page; the worker's boot
    stages (ms since the worker started) are appended to `stages`. With `snapshot`, the page
    stays open until the worker has saved its memory snapshot (or said why not)."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.locator(".judge-resolver__output .judge-line").first.wait_for(timeout=600_000)
    elapsed = time.perf_counter() - start
    boot = page.evaluate("window.judgeResolverBoot")
    if snapshot and "snapshot" in (boot.get("worker") or {}):  # a worker that saves snapshots
        try:
            page.wait_for_function("() => window.judgeResolverBoot.snapshot", timeout=SNAPSHOT_WAIT_S * 1000)
        except Exception:  # noqa: BLE001 - a site without snapshots: the visit just ends
            pass
        boot = page.evaluate("window.judgeResolverBoot")
    stages.append({**(boot.get("worker") or {}), "saved": boot.get("snapshot", "-")})
    page.close()
    return elapsed


def step_times(context: Any, url: str, steps: int) -> list[float]:
    """Milliseconds of each further step, measured in the page around the worker's answer;
    each step is a new text (the scenario and a comment naming the step)."""
    page = context.new_page()
    page.goto(url)
    page.locator(".judge-resolver__output .judge-line").first.wait_for(timeout=600_000)
    if "snapshot" in (page.evaluate("window.judgeResolverBoot.worker") or {}):
        # the worker saves its memory snapshot once, 1.5 s after the first answer: not in a step
        page.wait_for_function("() => window.judgeResolverBoot.snapshot", timeout=SNAPSHOT_WAIT_S * 1000)
    text = SCENARIO.read_text("utf-8")
    timings = page.evaluate("""async ([text, n]) => {
        const out = [];
        for (let i = 0; i < n; i++) {
            const scenario = text + "# step " + i + "\\n";
            const start = performance.now();
            await window.judgeResolverCall({op: "step", scenario, file: "scenario.yaml", lang: "es", width: 1000});
            out.push(performance.now() - start);
        }
        return out;
    }""", [text, steps])
    page.close()
    return [float(t) for t in timings]


def home_load(context: Any, url: str) -> float:
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="load")
    elapsed = time.perf_counter() - start
    page.close()
    return elapsed


def native_step_ms(runs: int) -> float:
    from judge import service

    text = SCENARIO.read_text("utf-8")
    service.workdir(tempfile.mkdtemp())
    service.handle({"op": "step", "scenario": text, "file": "scenario.yaml", "lang": "es", "width": 1000})
    timings = []
    for step in range(runs):
        request = {"op": "step", "scenario": f"{text}# step {step}\n", "file": "scenario.yaml", "lang": "es", "width": 1000}
        start = time.perf_counter()
        service.handle(request)
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="cold and warm visits; the median is shown")
    parser.add_argument("--steps", type=int, default=40, help="further steps timed in one page")
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
            cold_stages: list[dict[str, Any]] = []
            warm_stages: list[dict[str, Any]] = []
            with RendererThrottle(args.throttle):
                for run in range(args.runs):
                    profile = Path(tmp) / f"profile-{run}"
                    context = playwright.chromium.launch_persistent_context(
                        str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
                    served.clear()
                    cold.append(first_answer(context, url, cold_stages, snapshot=True))
                    visit_bytes.append(_bytes(list(served)))
                    warm.append(first_answer(context, url, warm_stages, snapshot=False))
                    context.close()
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                context = browser.new_context()
                steps = step_times(context, url, args.steps)
                floors = [home_load(context, f"{base}es/") for _ in range(args.runs)]
                browser.close()
    native = native_step_ms(args.steps)
    raw, zipped = statistics.median(b[0] for b in visit_bytes), statistics.median(b[1] for b in visit_bytes)
    load = os.getloadavg()[0]
    print(f"machine: shared 2-core, load {load:.1f} at the end; chromium renderers throttled {args.throttle:g}x; "
          f"medians of {args.runs} visits, {args.steps} steps")
    print(f"first visit: {raw / 1e6:.2f} MB as served, {zipped / 1e6:.2f} MB gzipped")
    print(f"first answer cold: {statistics.median(cold):.2f} s   (runs: {', '.join(f'{t:.2f}' for t in cold)})")
    print(f"first answer warm: {statistics.median(warm):.2f} s   (runs: {', '.join(f'{t:.2f}' for t in warm)})")
    for name, stages in (("cold", cold_stages), ("warm", warm_stages)):
        print(f"  {name} worker boot (ms since the worker started, medians): {_stages(stages)}")
    print(f"further step: {statistics.median(steps):.1f} ms   (min {min(steps):.1f}, max {max(steps):.1f}; "
          f"the first 10: {statistics.median(steps[:10]):.1f}, the rest: {statistics.median(steps[10:] or steps):.1f})")
    floor = statistics.median(floors)
    print(f"floor, home page load: {floor:.2f} s   → cold {statistics.median(cold) / floor:.1f}x, "
          f"warm {statistics.median(warm) / floor:.1f}x")
    print(f"floor, same step in CPython here: {native:.1f} ms   → browser {statistics.median(steps) / native:.1f}x")


def _stages(stages: list[dict[str, Any]]) -> str:
    """Each stage's median ms; a stage that is a word (snapshot used, saved…) as its values."""
    shown = []
    for stage in stages[0]:
        values = [s.get(stage) for s in stages]
        numbers = [v for v in values if isinstance(v, (int, float))]
        if len(numbers) == len(values):
            shown.append(f"{stage} {statistics.median(numbers):.0f}")
        else:
            shown.append(f"{stage}: {'/'.join(sorted({str(v)[:40] for v in values}))}")
    return ", ".join(shown)


def _bytes(paths: list[Path]) -> tuple[int, int]:
    """Bytes of every file served (a file asked for twice counts twice), plain and gzipped."""
    zipped = {p: len(gzip.compress(p.read_bytes(), compresslevel=6)) for p in set(paths)}
    return sum(p.stat().st_size for p in paths), sum(zipped[p] for p in paths)


if __name__ == "__main__":
    main()
