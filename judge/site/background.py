"""What the site build runs beside MkDocs, on the machine's other cores, while MkDocs renders
the pages: the Translation status page's checks (`judge check` of every game: seconds of pure
Python, so in a process of their own) and the printing of the timing cards (Chromium's own
processes, driven from a thread: judge.site.cards.Printer). The status page takes its content
when MkDocs reaches it (`StatusJob.markdown`); the cards are waited for at the end of the build.
What is built is the same as doing each in turn.

The status page is kept in the user cache (judge.core.compiled) under the key of what it is
made from: the glossary, judge's package (its code and data: the checks' word lists and cues),
the hunspell dictionaries the `language` check reads, the libraries that read them, the games
and the checks left out. A build whose inputs did not change takes it from there and starts no
process; any change, or a missing or corrupt cache, makes it again.
"""

from __future__ import annotations

import multiprocessing
from importlib import metadata
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from judge.core import compiled, paths
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


# The libraries whose version changes what the checks find (spylls reads the dictionaries,
# lingua tells Czech from Slovak).
_CHECK_LIBRARIES = ("spylls", "lingua-language-detector")


def status_key(root: Path, games: list[str], skips: Mapping[str, str]) -> str | None:
    """The cache key of the status page made from the glossary at `root`; None when an input
    changed a moment ago (then it is made and not stored)."""
    from judge.translate import spelling

    versions = []
    for name in _CHECK_LIBRARIES:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} none")
    salt = repr(("status", games, sorted(skips.items()), versions))
    inputs = [root, paths.PACKAGE, spelling.dictionary_dir()]
    return compiled.files_key([p for p in inputs if p.exists()], salt)


class StatusJob:
    """The status page: from the cache when its inputs did not change, else made in another
    process, started now; `markdown()` waits for it (and stores it)."""

    def __init__(self, glossary: Glossary, games: list[str], skips: Mapping[str, str]) -> None:
        self._key = status_key(glossary.root, games, skips)
        self._path = compiled.path_for("status", glossary.root)
        stored = compiled.read(self._path, self._key) if self._key is not None else None
        self._made: str | None = stored if isinstance(stored, str) else None
        self._pool: ProcessPoolExecutor | None = None
        if self._made is not None:
            return
        # fork copies the loaded modules (no second start-up) and is safe while this process
        # has no other thread; otherwise a fresh interpreter.
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1 else "spawn"
        self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context(method))
        self._future: Future[str] = self._pool.submit(_status_of, glossary.root, games, dict(skips))

    @property
    def from_cache(self) -> bool:
        """The page came from the cache: no process was started."""
        return self._pool is None

    def markdown(self) -> str:
        if self._made is not None:
            return self._made
        assert self._pool is not None
        try:
            self._made = self._future.result()
        finally:
            self._pool.shutdown()
        if self._key is not None:
            compiled.write(self._path, self._key, self._made)
        return self._made

    def cancel(self) -> None:
        if self._pool is not None:
            self._future.cancel()
            self._pool.shutdown(wait=True, cancel_futures=True)
