"""The Resolver's runtime: Pyodide from the npm registry and the engine bundle, made at build time.

- `pyodide_files()`: the pinned npm package `pyodide` (PYODIDE_VERSION), fetched once with
  `npm pack` into the user cache and checked against its pinned sha512; the five files the
  browser loads are served from the site (assets/pyodide/). Offline once cached.
- `engine_bundle()`: the judge package's bytecode and the pure-Python libraries it imports in
  the browser (click, PyYAML without libyaml, snowballstemmer), as one .tar.gz, and Pyodide's
  standard library with every module the engine can import compiled to bytecode (Pyodide ships
  sources only: compiling them at each boot was most of the first answer's time) and the sources
  nothing imports left out (STDLIB_SOURCES_KEPT). Both made by Pyodide's own Python under Node
  (bytecode.mjs: the bytecode must match the browser's Python, not the build's); cached by the
  hash of their inputs.

Both are kept out of git: the cache is keyed so it is never stale.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

PYODIDE_VERSION = "314.0.7"
# `npm view pyodide@314.0.7 dist.integrity`: the tarball npm pack must give us.
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
# What the browser loads from the package (shared/NOTES.md): 13.5 MB, about 6.3 MB gzipped.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"  # served compiled (engine_bundle), in place of the package's own

# The browser imports these beside judge; each is copied from the build's own environment, so the
# browser runs the versions the CLI runs. PyYAML's libyaml binding is left out (no browser build).
LIBRARIES = ("click", "yaml", "snowballstemmer")
_SKIP_SUFFIXES = (".so", ".pyd", ".pyc", ".pyi")
# Parts of Pyodide's standard library the browser never runs (debuggers, test runners, the REPL,
# processes): left out of the served zip. The build fails if the engine imports one of them.
STDLIB_LEFT_OUT = ("unittest/", "doctest.py", "pdb.py", "_pyrepl/", "pydoc.py", "multiprocessing/")
# Modules of LIBRARIES the browser never imports (click's test runner imports pdb).
NOT_IMPORTED = (("click", "testing"),)
# Pyodide's own packages read their docstrings: compiled with them.
STDLIB_KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
# The sources of the standard library that neither the engine nor Pyodide's boot imports are left
# out of the served zip (e-mail, XML, HTTP, most codecs…: 1.2 MB of the first visit's 8.4, gzipped),
# but these, which the browser's Pyodide may import where the build's Node one did not (its own
# packages, the event loop, the import machinery) or which decode text (the Unicode codecs and
# Latin-1; another codec asked for is a LookupError, as for any unknown one).
STDLIB_SOURCES_KEPT = ("_pyodide/", "pyodide/", "asyncio/", "importlib/", "encodings/__init__", "encodings/aliases",
                       "encodings/utf_", "encodings/ascii", "encodings/latin_1", "encodings/cp437", "encodings/idna",
                       "encodings/punycode", "encodings/unicode_escape", "encodings/raw_unicode_escape")


class Bundle(NamedTuple):
    """What engine_bundle() makes: the engine (.tar.gz) and the compiled standard library (.zip)."""

    engine: bytes
    stdlib: bytes


class RuntimeMissing(Exception):
    """The runtime or the engine bundle could not be made (no npm or node, no registry, a bad tarball)."""


def cache_dir() -> Path:
    """The user cache (the search index's platformdirs folder), resolver/ in it."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("judge", appauthor=False)) / "resolver"


def pyodide_files(cache: Path | None = None) -> Path:
    """The folder holding PYODIDE_FILES of the pinned package, fetched with `npm pack` once."""
    folder = (cache or cache_dir()) / f"pyodide-{PYODIDE_VERSION}"
    if all((folder / name).is_file() for name in PYODIDE_FILES):
        return folder
    with tempfile.TemporaryDirectory() as tmp:
        tarball = _npm_pack(Path(tmp))
        if _integrity(tarball.read_bytes()) != PYODIDE_INTEGRITY:
            raise RuntimeMissing(f"npm pack pyodide@{PYODIDE_VERSION}: the tarball does not match its pinned sha512")
        staging = Path(tmp) / "files"
        staging.mkdir()
        with tarfile.open(tarball) as tar:
            for name in PYODIDE_FILES:
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise RuntimeMissing(f"pyodide@{PYODIDE_VERSION} has no {name}")
                (staging / name).write_bytes(member.read())
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.move(str(staging), folder)  # whole or not at all
    return folder


def _npm_pack(into: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeMissing(f"the Resolver needs npm to fetch pyodide@{PYODIDE_VERSION} once (apt-get install -y nodejs npm)")
    done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(into), "--silent"],
                          capture_output=True, text=True, cwd=into, check=False)
    tarballs = list(into.glob("pyodide-*.tgz"))
    if done.returncode != 0 or not tarballs:
        raise RuntimeMissing(f"npm pack pyodide@{PYODIDE_VERSION} failed: {done.stderr.strip()[-300:]}")
    return tarballs[0]


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def engine_bundle(package: Path, exclude: Iterable[str], cache: Path | None = None) -> Bundle:
    """The engine bundle: `package` (minus the sub-folders in `exclude`) and LIBRARIES as bytecode
    of the browser's Python, and the standard library compiled for them; cached by the hash of
    the sources, the runtime and the script that compiles them."""
    sources = _sources_zip(package, tuple(exclude))
    not_imported = [[package.name, e] for e in (*exclude, "__main__")] + [list(m) for m in NOT_IMPORTED]
    settings = json.dumps({"roots": [package.name, *LIBRARIES], "not_imported": not_imported,
                           "left_out": STDLIB_LEFT_OUT, "keep_docstrings": STDLIB_KEEP_DOCSTRINGS,
                           "sources_kept": STDLIB_SOURCES_KEPT}).encode()
    key = hashlib.sha256(sources + PYODIDE_VERSION.encode() + settings + _SCRIPT.read_bytes()).hexdigest()[:20]
    folder = (cache or cache_dir()) / f"engine-{key}"
    if not all((folder / name).is_file() for name in Bundle._fields):
        _compile(sources, settings, pyodide_files(cache), folder)
    return Bundle(*((folder / name).read_bytes() for name in Bundle._fields))


def _sources_zip(package: Path, exclude: tuple[str, ...]) -> bytes:
    import importlib

    roots = [(package.name, package)]
    roots += [(name, Path(importlib.import_module(name).__file__ or "").parent) for name in LIBRARIES]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for name, root in roots:
            for path in sorted(root.rglob("*")):
                relative = path.relative_to(root)
                if (not path.is_file() or "__pycache__" in relative.parts or path.suffix in _SKIP_SUFFIXES
                        or (name == package.name and relative.parts[0] in exclude)):
                    continue
                info = zipfile.ZipInfo(f"{name}/{relative.as_posix()}", (1980, 1, 1, 0, 0, 0))
                out.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


_SCRIPT = Path(__file__).with_name("bytecode.mjs")


def _compile(sources: bytes, settings: bytes, runtime: Path, folder: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise RuntimeMissing("the Resolver's engine bundle is compiled with Node.js (apt-get install -y nodejs)")
    with tempfile.TemporaryDirectory() as tmp:
        source, options, staging = Path(tmp) / "sources.zip", Path(tmp) / "settings.json", Path(tmp) / "bundle"
        source.write_bytes(sources)
        options.write_bytes(settings)
        staging.mkdir()
        done = subprocess.run([node, str(_SCRIPT), str(runtime), str(source), str(options),
                               str(staging / "engine"), str(staging / "stdlib")],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0 or not all((staging / name).is_file() for name in Bundle._fields):
            raise RuntimeMissing(f"compiling the engine bundle failed: {done.stderr.strip()[-500:]}")
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.move(str(staging), folder)  # whole or not at all
