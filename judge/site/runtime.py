"""The Resolver's runtime: Pyodide from the npm registry and the engine bundle, made at build time.

- `pyodide_files()`: the pinned npm package `pyodide` (PYODIDE_VERSION), fetched once with
  `npm pack` into the user cache and checked against its pinned sha512; the five files the
  browser loads are served from the site (assets/pyodide/). Offline once cached.
- `engine_bundle()`: a zip of the judge package's bytecode and of the pure-Python libraries it
  imports in the browser (click, PyYAML without libyaml, snowballstemmer), compiled by Pyodide's
  own Python under Node (the bytecode must match the browser's Python, not the build's); cached
  by the hash of its inputs.

Both are kept out of git: the cache is keyed so it is never stale.
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

PYODIDE_VERSION = "314.0.7"
# `npm view pyodide@314.0.7 dist.integrity`: the tarball npm pack must give us.
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
# What the browser loads from the package (shared/NOTES.md): 13.5 MB, about 6.3 MB gzipped.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

# The browser imports these beside judge; each is copied from the build's own environment, so the
# browser runs the versions the CLI runs. PyYAML's libyaml binding is left out (no browser build).
LIBRARIES = ("click", "yaml", "snowballstemmer")
_SKIP_SUFFIXES = (".so", ".pyd", ".pyc", ".pyi")


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


def engine_bundle(package: Path, exclude: Iterable[str], cache: Path | None = None) -> bytes:
    """The engine bundle: `package` (minus the sub-folders in `exclude`) and LIBRARIES, as
    bytecode of the browser's Python; cached by the hash of the sources and the runtime."""
    sources = _sources_zip(package, tuple(exclude))
    key = hashlib.sha256(sources + PYODIDE_VERSION.encode()).hexdigest()[:20]
    cached = (cache or cache_dir()) / f"engine-{key}.zip"
    if cached.is_file():
        return cached.read_bytes()
    compiled = _compile(sources, pyodide_files(cache))
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".part")
    partial.write_bytes(compiled)
    partial.replace(cached)
    return compiled


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


def _compile(sources: bytes, runtime: Path) -> bytes:
    node = shutil.which("node")
    if node is None:
        raise RuntimeMissing("the Resolver's engine bundle is compiled with Node.js (apt-get install -y nodejs)")
    script = Path(__file__).with_name("bytecode.mjs")
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "sources.zip", Path(tmp) / "engine.zip"
        source.write_bytes(sources)
        done = subprocess.run([node, str(script), str(runtime), str(source), str(target)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0 or not target.is_file():
            raise RuntimeMissing(f"compiling the engine bundle failed: {done.stderr.strip()[-500:]}")
        return target.read_bytes()
