"""Compiled data in the user's cache: a pickle that can never be stale, never trusted when unsafe.

A stored value is keyed by the files it was made from: for each file its path, size, mtime,
ctime and inode (as git's index does: an edit in place that keeps the size and the mtime still
changes the ctime), plus the code that made it (the stat data of judge's modules: another
version, or an edited module, is another key). A file changed in the last `TRUST_SECONDS` gives
no key (its next edit could land within the clock's resolution): then nothing is read or
written and the caller parses.

A pickle runs code when it is loaded, so the cache folder must be the user's own and writable
by no one else, and so must the file. Anything wrong — missing, corrupt, another key or version,
unsafe ownership or permissions — reads as "nothing stored": the caller parses instead, with the
same result. Writes are atomic (a temporary file renamed over the old one).

No third-party import here: the browser's rules core loads the same pickles (`read_file`).
"""

from __future__ import annotations

import marshal
import os
import pickle
import stat
import sys
import time
from collections.abc import Container, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:  # CPython's own SHA-256 (the same digest): hashlib loads OpenSSL first, ~4% of a command's start
        from _sha256 import sha256  # Python 3.11
    except ImportError:
        try:
            from _sha2 import sha256  # Python 3.12+
        except ImportError:
            from hashlib import sha256

FORMAT = 2  # 2: a glossary pickles its name index and each entry apart (judge.glossary.store)
TRUST_SECONDS = 2.0
_MAGIC = b"judge-compiled\n"
_PACKAGE = Path(__file__).resolve().parent.parent  # judge/


def cache_dir() -> Path:
    """The compiled data's folder in the per-user cache (XDG_CACHE_HOME on Linux)."""
    return user_cache() / "compiled"


def user_cache() -> Path:
    """platformdirs' user cache folder for judge. On Linux it is worked out as platformdirs
    does (XDG_CACHE_HOME, else ~/.cache): importing platformdirs costs every command ~10 ms."""
    if sys.platform == "linux":
        base = os.environ.get("XDG_CACHE_HOME", "")
        return Path(base if base.strip() else os.path.expanduser("~/.cache")) / "judge"
    import platformdirs

    return Path(platformdirs.user_cache_dir("judge", appauthor=False))


def files_key(roots: Iterable[Path], salt: str = "") -> str | None:
    """A key of every file under `roots` (names and stat data), of judge's code and of `salt`;
    None when a file changed too recently to be trusted, or cannot be read."""
    # judge's own modules are keyed like the data: another version (or an edit) is another key.
    digest = sha256(b"%s%d %s\n%s\n" % (_MAGIC, FORMAT, sys.version.encode(), salt.encode()))
    trusted_before = int((time.time() - TRUST_SECONDS) * 1e9)
    rows: list[object] = []
    try:
        for root in (_PACKAGE, *roots):
            found, newest = _walk(root, ".py" if root == _PACKAGE else "")
            if newest > trusted_before:
                return None
            rows += [str(root), found]
    except OSError:
        return None
    # marshal writes the rows' strings and numbers as they are: the same rows, the same bytes
    digest.update(marshal.dumps(rows))
    return digest.hexdigest()


def _walk(root: Path, suffix: str) -> tuple[list[tuple[str, int, int, int, int]], int]:
    """(path, size, mtime, ctime, inode) of every file under `root` whose name ends with
    `suffix` (not hidden, not __pycache__; `root` itself if it is a file), sorted by path; and
    the newest mtime or ctime among them (ns)."""
    if not root.is_dir():
        info = root.stat()
        return [(str(root), info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)], \
            max(info.st_mtime_ns, info.st_ctime_ns)
    found: list[tuple[str, int, int, int, int]] = []
    newest = 0
    folders = [str(root)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                name = entry.name
                if name.startswith(".") or name == "__pycache__":
                    continue
                if entry.is_dir():
                    folders.append(entry.path)
                elif name.endswith(suffix):
                    info = entry.stat()
                    found.append((entry.path, info.st_size, mtime := info.st_mtime_ns, ctime := info.st_ctime_ns,
                                  info.st_ino))
                    newest = max(newest, mtime, ctime)
    found.sort()
    return found, newest


def path_for(name: str, root: Path) -> Path:
    """The cache file of `name` (glossary, catalogue) made from the glossary at `root`."""
    where = sha256(os.fsencode(root.absolute())).hexdigest()[:16]
    return cache_dir() / f"{name}-{where}.pickle"


def read(path: Path, key: str) -> object | None:
    """What `write` stored at `path` under `key`; None when absent, unsafe, stale or corrupt."""
    if not safe_dir(path.parent, create=False):
        return None
    try:
        with open(path, "rb") as handle:
            if not _owned(os.fstat(handle.fileno())):
                return None
            if handle.readline() != _MAGIC or handle.readline() != _header(key):
                return None
            value: object = pickle.load(handle)
            return value
    except Exception:  # noqa: BLE001 - a missing, corrupt or foreign cache means: parse instead
        return None


def write(path: Path, key: str, value: object) -> bool:
    """Store `value` under `key` at `path`, atomically (a whole file or none); False when the
    folder is unsafe or cannot be written (the caller goes on without a cache)."""
    import tempfile  # only when writing: a cache hit does not pay for it

    if not safe_dir(path.parent, create=True):
        return False
    try:
        data = _MAGIC + _header(key) + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        fd, temp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    except (OSError, pickle.PicklingError):
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except OSError:
        Path(temp).unlink(missing_ok=True)
        return False
    return True


def read_table(path: Path, key: str | None) -> dict[Any, Any]:
    """A table of answers that store_table keeps at `path` under `key` (lingua's, hunspell's,
    compiled methods): empty when there is none, no key, or it cannot be trusted (`read`)."""
    found = read(path, key) if key is not None else None
    return found if isinstance(found, dict) else {}


def store_table(path: Path, key: str, added: dict[Any, Any], keep: int, used: Container[Any] | None = None) -> None:
    """Add this process's `added` answers to the table stored at `path` (read again: another
    process may have added to it since) and write it. Questions asked once are never asked again
    after an edit, so past `keep` answers only those `used` (default: `added`) are kept."""
    merged = {**read_table(path, key), **added}
    if len(merged) > keep:
        wanted = added.keys() if used is None else used
        merged = {question: answer for question, answer in merged.items() if question in wanted}
    write(path, key, merged)


def dump_file(path: Path, value: object) -> None:
    """`value` as a compiled file of its own (the site ships the catalogue to the browser)."""
    path.write_bytes(_MAGIC + _header("file") + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def load_file(path: Path) -> object:
    """What `dump_file` wrote; ValueError when the file is not one, or of another format."""
    with open(path, "rb") as handle:
        if handle.readline() != _MAGIC or handle.readline() != _header("file"):
            raise ValueError(f"{path} is not a compiled file of this judge version")
        value: object = pickle.load(handle)
    return value


def shared(value: object) -> object:
    """`value` with its equal immutable parts made one object each (strings, numbers, tuples,
    frozensets, frozen dataclasses without slots): pickle writes an object once and refers to
    it after, so a value of many repeated parts (ask's 17,000 tokens) pickles to half the bytes
    and loads 3–4 times faster. The result is equal to `value`, part for part and type for type."""
    # Parts are made one bottom-up, so a part is known by its type and its parts' identities:
    # never by ==, for which (1,) is (True,) and fields left out of compare do not count.
    seen: dict[object, object] = {}

    def one(key: object, item: object) -> object:
        return seen.setdefault(key, item)

    def walk(item: object) -> object:
        kind = type(item)  # exact types only: a subclass may mean more than its value
        if kind in (str, int, float, bool, bytes) or item is None:
            return one((kind, item), item)
        if kind is dict:
            return {walk(k): walk(v) for k, v in item.items()}  # type: ignore[attr-defined]
        if kind is list:
            return [walk(v) for v in item]  # type: ignore[attr-defined]
        if kind is tuple:
            parts = tuple(walk(v) for v in item)  # type: ignore[attr-defined]
            return one((tuple, tuple(map(id, parts))), parts)
        if kind is frozenset:
            members = frozenset(walk(v) for v in item)  # type: ignore[attr-defined]
            return one((frozenset, frozenset(map(id, members))), members)
        if _frozen_dataclass(kind):
            fields = {name: walk(v) for name, v in item.__dict__.items()}
            key = (kind, tuple((name, id(v)) for name, v in fields.items()))
            if key not in seen:
                fresh = object.__new__(kind)
                fresh.__dict__.update(fields)
                seen[key] = fresh
            return seen[key]
        return item

    return walk(value)


def _frozen_dataclass(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    return params is not None and params.frozen and "__slots__" not in kind.__dict__


def _header(key: str) -> bytes:
    return f"{FORMAT} {key}\n".encode()


def safe_dir(folder: Path, create: bool) -> bool:
    """The folder is a real folder of this user that no one else may write (made 0700 when
    `create` and missing)."""
    try:
        if create:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and _owned(info)


def _owned(info: os.stat_result) -> bool:
    """This user's, and not writable by the group or others (where files have owners)."""
    if not hasattr(os, "getuid"):
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
