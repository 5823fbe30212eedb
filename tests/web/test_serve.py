"""`judge serve` serves the site on localhost and rebuilds it when the glossary changes."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from sitekit import REPO

FIXTURE_GLOSSARY = REPO / "tests" / "fixtures" / "glossary"
PATIENCE = 120.0  # seconds to wait for a build on a busy machine; not a performance assertion


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.5)


def test_serve_rebuilds_on_glossary_change(tmp_path: Path) -> None:
    glossary = tmp_path / "glossary"
    shutil.copytree(FIXTURE_GLOSSARY, glossary)
    port = free_port()
    env = dict(os.environ, JUDGE_GLOSSARY=str(glossary), NO_MKDOCS_2_WARNING="1")
    server = subprocess.Popen([sys.executable, "-m", "judge", "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}/es/agot2/cancel/"
    try:
        wait_for(lambda: "<h1" in (fetch(url) or ""), "the first build")
        assert "Anular" in (fetch(url) or "")
        entry = glossary / "agot2" / "es" / "cancel.md"
        entry.write_text(entry.read_text("utf-8").replace("term: Anular", "term: Anular (editado)"), "utf-8")
        wait_for(lambda: "Anular (editado)" in (fetch(url) or ""), "the rebuild after the edit")
    finally:
        stop(server)


def stop(server: subprocess.Popen[bytes]) -> None:
    """Ctrl-C, as a user stops it; a rebuild under way on a busy machine may finish first. A
    server that will not stop is killed (no process outlives the test) and fails it."""
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        raise
