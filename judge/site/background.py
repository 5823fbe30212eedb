"""What the site build runs beside MkDocs, on the machine's other cores, while MkDocs renders
the pages: the Translation status page's checks (`judge check` of every game: seconds of pure
Python, so in a process of their own) and the printing of the timing cards (Chromium's own
processes, driven from a thread: judge.site.cards.Printer). The status page takes its content
when MkDocs reaches it (`StatusJob.markdown`); the cards are waited for at the end of the build.
What is built is the same as doing each in turn.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from judge.glossary import Glossary

# What the generated status page holds until its checks are done (replaced before MkDocs
# renders it: see judge.site.hooks.on_page_markdown).
STATUS_MARK = "<!-- judge: the Translation status page, made beside the build -->\n"


def status_markdown(glossary: Glossary, games: list[str], skips: Mapping[str, str]) -> str:
    """The Translation status page: `judge check --game G` for each game, the checks in `skips`
    left out (and said so)."""
    from judge.site import pages
    from judge.translate import checks

    reports = {game: checks.run_checks(glossary.root, game, skip=skips) for game in games}
    return pages.status_page(glossary, reports, checks.CHECKS, dict(skips))


def _status_of(root: Path, games: list[str], skips: dict[str, str]) -> str:
    from judge.glossary import load

    return status_markdown(load(root), games, skips)


class StatusJob:
    """The status page made in another process, started now; `markdown()` waits for it."""

    def __init__(self, glossary: Glossary, games: list[str], skips: Mapping[str, str]) -> None:
        # fork copies the loaded modules (no second start-up) and is safe while this process
        # has no other thread; otherwise a fresh interpreter.
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1 else "spawn"
        self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context(method))
        self._future: Future[str] = self._pool.submit(_status_of, glossary.root, games, dict(skips))

    def markdown(self) -> str:
        try:
            return self._future.result()
        finally:
            self._pool.shutdown()

    def cancel(self) -> None:
        self._future.cancel()
        self._pool.shutdown(wait=True, cancel_futures=True)
