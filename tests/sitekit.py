"""Helpers for the site tests and benchmarks: build the site, serve it on localhost, drive
Debian's chromium with Playwright (never a downloaded browser)."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
# shared/NOTES.md: what Debian's chromium needs headless in a container, and no phoning home.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run",
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve_dir(folder: Path) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 (a free port) in a thread; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def build_site(site_dir: Path, glossary: Path | None = None) -> None:
    """`judge build --site` into site_dir, optionally from another glossary."""
    from judge.site import hooks as site

    old = os.environ.get("JUDGE_GLOSSARY")
    if glossary is not None:
        os.environ["JUDGE_GLOSSARY"] = str(glossary)
    try:
        site.build(site_dir)
    finally:
        if glossary is not None:
            if old is None:
                del os.environ["JUDGE_GLOSSARY"]
            else:
                os.environ["JUDGE_GLOSSARY"] = old
