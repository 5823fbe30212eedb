"""The methods @dataclass writes for judge's types, compiled once and kept in the user cache.

On Python 3.11, @dataclass writes each method it adds (__init__, __repr__, __eq__, __hash__,
a frozen class's __setattr__ and __delattr__) as source text and compiles it on every start:
about two thirds of the ~3.5 M instructions a frozen dataclass costs, ~110 M of `judge step`'s
start (31 types). `install` hands dataclasses, for judge's own types only, the code compiled
from the very same text the last time: looked up by the whole text, so it cannot be stale, and
compiled as `exec` compiles it (same file name "<string>", no inherited flags), so the
methods are the same.

It is a shim on the standard library's internals: a module global `exec` in dataclasses, which
its code finds before the builtin (3.11 to 3.13 call `exec(text, globals, namespace)`). A
Python whose dataclasses no longer calls it just compiles as always. judge.core installs it,
so `import judge` alone loads nothing.

The code is stored as judge.core.compiled stores the compiled glossary (keyed by Python's
version, written atomically, read only from a folder of the user's own; anything wrong reads
as nothing stored, and the text is compiled as without a cache). New texts are added when the
process exits.
"""

from __future__ import annotations

import dataclasses
import marshal
import sys
from types import CodeType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

# judge.core.compiled is imported where the cache is read: judge.core imports this module.

_CACHE = "dataclass-methods"
# Texts of edited types are never looked up again: past this many, only this process's are kept.
_MAX_STORED = 2000
_stored: dict[str, bytes] | None = None  # text -> marshalled code, read on first use
_added: dict[str, bytes] = {}


def install() -> None:
    """Make dataclasses compile judge's types' methods through the cache (not in the browser,
    whose Python has no user cache)."""
    if sys.platform != "emscripten" and "exec" not in vars(dataclasses):
        dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before the builtin


def _exec(source: str | CodeType, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None) -> None:
    """`exec` as dataclasses calls it, with a judge type's method text compiled from the cache."""
    if isinstance(source, str) and globals is not None and str(globals.get("__name__", "")).startswith("judge."):
        source = _code(source)
    exec(source, globals, locals)  # noqa: S102 - the text dataclasses wrote, or its own compiled code


def _code(text: str) -> CodeType:
    stored = _load().get(text)
    if stored is not None:
        try:
            code = marshal.loads(stored)
            if isinstance(code, CodeType):
                return code
        except (EOFError, ValueError, TypeError):
            pass
    code = compile(text, "<string>", "exec", dont_inherit=True)
    if not _added:
        import atexit

        atexit.register(_save)
    _added[text] = marshal.dumps(code)
    return code


def _load() -> dict[str, bytes]:
    global _stored
    if _stored is None:
        from judge.core import compiled

        _stored = compiled.read_table(_path(), _key())
    return _stored


def _save() -> None:
    """Store the texts this process compiled with those stored (a later one wins a race: each
    holds whole, valid code)."""
    from judge.core import compiled

    compiled.store_table(_path(), _key(), _added, _MAX_STORED)


def _path() -> Path:
    from judge.core import compiled

    return compiled.cache_dir() / f"{_CACHE}.pickle"


def _key() -> str:
    # Code objects are the interpreter's own: another Python (or build) is another key.
    return f"{_CACHE} {sys.version} {sys.implementation.cache_tag} {marshal.version}"
