"""The Resolver: `judge step` and `judge ask` in the site, run by the browser (DESIGN.md, "The
judge in the browser").

At build time this writes, beside the pages:

- es/resolver/ and cs/resolver/: the page (its strings and each game's scenario fields from
  resolver.yaml; docs/assets/resolver.js builds the form from them), with each game's example
  scenario of docs/scenarios.md, where a new situation of that game starts;
- assets/pyodide/: the Pyodide runtime (judge.site.runtime: the pinned npm package), its
  standard library compiled to bytecode for the engine;
- assets/resolver/engine.tar.gz: the package's bytecode and the libraries it imports there;
- assets/resolver/catalogue.pickle: the rules core's compiled catalogue (judge.rules.catalogue),
  so the browser parses no YAML or Markdown;
- sw.js: the service worker, versioned by the hash of everything it precaches.

The browser runs `judge.service.handle_json` in a Web Worker (docs/assets/resolver-worker.js).
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import re
import shutil
import time
from functools import lru_cache
from importlib import metadata, resources
from pathlib import Path
from typing import Any

import yaml

from judge.core import paths
from judge.core.errors import JudgeError
from judge.core.yamldata import fast_loader
from judge.core.model import LANGS
from judge.glossary import Glossary
from judge.site import runtime

log = logging.getLogger("mkdocs.plugins.judge")

# The package's folders the browser never imports (MkDocs, the translator's tools).
NOT_IN_BROWSER = ("site", "translate")
ENGINE = "assets/resolver/engine.tar.gz"
CATALOGUE = "assets/resolver/catalogue.pickle"
PYODIDE = "assets/pyodide"
# What the Resolver's page loads besides Material's own assets (found in the built page).
SCRIPTS = ("assets/resolver.js", "assets/resolver-worker.js", "assets/resolver.css")


@lru_cache(maxsize=1)  # asked eight times a build (the nav, each Resolver page): parsed once
def ui() -> dict[str, dict[str, Any]]:
    # libyaml's safe loader: the same values as yaml.safe_load, on every build (the nav needs it).
    loaded: dict[str, dict[str, Any]] = yaml.load(
        resources.files("judge.site").joinpath("resolver.yaml").read_text("utf-8"), Loader=fast_loader())
    return loaded


def page_src(lang: str) -> str:
    return f"{lang}/resolver.md"


def pages(glossary: Glossary) -> dict[str, str]:
    """src_uri → Markdown of the Resolver page in each language."""
    samples = sample_scenarios(paths.PACKAGE.parent / "docs" / "scenarios.md", glossary.games())
    version = about(glossary)
    return {page_src(lang): page(lang, samples, version) for lang in LANGS}


def page(lang: str, samples: dict[str, str], version: dict[str, str]) -> str:
    strings = {**ui()[lang], "forms": ui()["forms"], "samples": samples, "about": version}
    data = html.escape(json.dumps(strings, ensure_ascii=False), quote=True)
    text = ui()[lang]
    return (f"# {text['title']}\n\n{text['intro']}\n\n"
            f'<div class="judge-resolver" id="judge-resolver" data-lang="{lang}" data-ui="{data}">'
            f"<noscript>{html.escape(text['noscript'])}</noscript></div>\n")


_YAML_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.M | re.S)


def sample_scenarios(guide: Path, games: list[str]) -> dict[str, str]:
    """The first example of docs/scenarios.md for each game: a new situation of the game starts
    from it (the card game's starts from two players and a trigger)."""
    found: dict[str, str] = {}
    text = guide.read_text("utf-8") if guide.is_file() else ""
    for block in _YAML_BLOCK.findall(text):
        game = re.search(r"^game:\s*([\w-]+)", block, re.M)
        if game and game.group(1) in games and game.group(1) not in found:
            found[game.group(1)] = block
    return found


# -- the runtime files, written after MkDocs has built the pages ---------------------------

def write_runtime(site_dir: Path, glossary: Glossary) -> None:
    """Pyodide, the engine bundle, the catalogue and the service worker into `site_dir`."""
    pyodide = runtime.pyodide_files()
    target = site_dir / PYODIDE
    target.mkdir(parents=True, exist_ok=True)
    for name in runtime.PYODIDE_FILES:
        shutil.copyfile(pyodide / name, target / name)
    bundle = runtime.engine_bundle(paths.PACKAGE, NOT_IN_BROWSER)
    (target / runtime.STDLIB).write_bytes(bundle.stdlib)  # Pyodide's, compiled for the engine
    (site_dir / ENGINE).parent.mkdir(parents=True, exist_ok=True)
    (site_dir / ENGINE).write_bytes(bundle.engine)
    write_catalogue(site_dir / CATALOGUE, glossary)
    write_service_worker(site_dir)


def write_catalogue(path: Path, glossary: Glossary) -> None:
    """The rules core's compiled catalogue (judge.rules.catalogue) of the glossary being built:
    the browser's engine loads it and parses no YAML or Markdown."""
    from judge.rules import catalogue

    broken: list[JudgeError] = []
    catalogue.write(catalogue.compile_catalogue(glossary.root, broken, ask_index=False), path)
    for error in broken:  # INFO: the build goes on, as for a round chart it cannot draw
        log.info("judge: the Resolver has no data for a game: %s", error)


def about(glossary: Glossary) -> dict[str, str]:
    """The version of the package and of the data the page rules with, shown on it."""
    digest = hashlib.sha256()
    for path in sorted(glossary.root.glob("*/*.yaml")) + sorted(glossary.root.glob("*/*/*.md")):
        digest.update(path.relative_to(glossary.root).as_posix().encode() + b"\0" + path.read_bytes())
    return {"version": metadata.version("judge"), "built": time.strftime("%Y-%m-%d", time.gmtime()), "data": digest.hexdigest()[:12]}


def write_service_worker(site_dir: Path) -> None:
    """sw.js at the site's root (its scope is the whole site), listing what ruling needs: the
    Resolver pages and every file they load, the runtime, the bundle and the catalogue. Its
    VERSION is the hash of those files, so any change makes browsers install the new one."""
    files = [f"{lang}/resolver/" for lang in LANGS]
    assets: set[str] = set(SCRIPTS)
    for lang in LANGS:
        assets |= _local_assets(site_dir / lang / "resolver" / "index.html", site_dir)
    assets |= {f"{PYODIDE}/{name}" for name in runtime.PYODIDE_FILES} | {ENGINE, CATALOGUE}
    files += sorted(assets)
    digest = hashlib.sha256()
    for name in files:
        path = site_dir / name / "index.html" if name.endswith("/") else site_dir / name
        digest.update(name.encode() + b"\0" + path.read_bytes())
    template = resources.files("judge.site").joinpath("sw.js").read_text("utf-8")
    script = template.replace('"@VERSION@"', json.dumps(digest.hexdigest()[:16])).replace(
        "@PRECACHE@", json.dumps(files, indent=2))
    (site_dir / "sw.js").write_text(script, "utf-8")


_ASSET = re.compile(r"""(?:src|href)="((?:\.\./)+assets/[^"#?]+)""")


def _local_assets(page: Path, site_dir: Path) -> set[str]:
    """The site's own files a built page loads (its stylesheets, scripts, icons)."""
    found: set[str] = set()
    for link in _ASSET.findall(page.read_text("utf-8")):
        path = (page.parent / link).resolve()
        if path.is_file():
            found.add(path.relative_to(site_dir.resolve()).as_posix())
    return found
