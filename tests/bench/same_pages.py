"""The same-pages floor: bare Material building the judge site's own pages (issue 17).

The Markdown MkDocs renders for every page of the site (what the hooks hand it after
on_page_markdown, the generated pages' HTML blocks as they stand in the final page: captured from
one build with judge.site.passthrough off), written out as plain .md files at the same paths,
with each page's own front matter, the same nav, and mkdocs.yml's theme (features, palette,
language, icons), markdown_extensions, plugins, validation and URLs. Left out, because they are
the site's own work: the hooks (generated pages, the language switcher's meta, the status page's
checks, the cards and their PDFs, the Resolver, the search indexes, post_build), overrides/ (the
five card pages get Material's page template, `template: card.html` dropped), docs/assets and
extra_css / extra_javascript.

Run: python tests/bench/same_pages.py FOLDER  (writes FOLDER/mkdocs.yml and FOLDER/docs/, prints
the pages, Markdown bytes and nav it holds, as JSON). site_bench.py and coldstart_bench.py build it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

# mkdocs.yml's keys the floor keeps (everything that is MkDocs' or Material's own setting).
KEPT = ("site_name", "site_description", "use_directory_urls", "theme", "extra", "markdown_extensions",
        "plugins", "validation")
# The site's own templates (overrides/): the floor is Material's templates only.
OWN_TEMPLATES = ("custom_dir",)
OWN_META = ("template",)


@dataclass
class Captured:
    pages: dict[str, tuple[dict[str, Any], str]] = field(default_factory=dict)  # src → (front matter, Markdown)
    nav: list[Any] = field(default_factory=list)


class _Capture(BasePlugin):  # type: ignore[type-arg]
    """Records each page's front matter (before any hook) and the Markdown MkDocs renders (after all)."""

    def __init__(self, captured: Captured) -> None:
        super().__init__()
        self.captured = captured
        self.front: dict[str, dict[str, Any]] = {}

    @event_priority(100)
    def _front_matter(self, markdown: str, page: Any, **kwargs: Any) -> str:
        self.front[page.file.src_uri] = dict(page.meta)
        return markdown

    @event_priority(-100)
    def _rendered(self, markdown: str, page: Any, **kwargs: Any) -> str:
        self.captured.pages[page.file.src_uri] = (self.front.pop(page.file.src_uri, {}), markdown)
        return markdown

    on_page_markdown = CombinedEvent(_front_matter, _rendered)

    @event_priority(-100)
    def on_config(self, config: Any) -> Any:
        self.captured.nav = config.nav
        return config


def capture(config: Path) -> Captured:
    """One build of the site from `config`, into a temporary folder, recording its pages."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    from judge.site import passthrough

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    captured = Captured()
    was, passthrough.ENABLED = passthrough.ENABLED, False  # the HTML blocks as the page shows them
    try:
        with tempfile.TemporaryDirectory(prefix="judge-same-pages-") as tmp, quiet():
            loaded = load_config(str(config), site_dir=tmp, strict=False)
            loaded.plugins["judge-bench-capture"] = _Capture(captured)
            mkdocs_build(loaded)
    finally:
        passthrough.ENABLED = was
    return captured


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """MkDocs' warnings unprinted (the floors' links to the site's assets, which they lack)."""
    logger = logging.getLogger("mkdocs")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def mkdocs_only(config: Path, site_dir: Path) -> None:
    """A floor's build: MkDocs alone, in this process, its warnings unprinted."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    with quiet():
        mkdocs_build(load_config(str(config), site_dir=str(site_dir)))


def write_floor(folder: Path, captured: Captured, config: Path) -> Path:
    """FOLDER/docs/ with every captured page, FOLDER/mkdocs.yml with the site's Material settings."""
    docs = folder / "docs"
    for src, (meta, markdown) in captured.pages.items():
        path = docs / src
        path.parent.mkdir(parents=True, exist_ok=True)
        front = {k: v for k, v in meta.items() if k not in OWN_META}
        head = f"---\n{yaml.safe_dump(front, allow_unicode=True, sort_keys=False)}---\n\n" if front else ""
        path.write_text(head + markdown, "utf-8")
    ours = yaml.safe_load(config.read_text("utf-8"))
    floor = {key: ours[key] for key in KEPT if key in ours}
    floor["theme"] = {k: v for k, v in floor["theme"].items() if k not in OWN_TEMPLATES}
    floor |= {"docs_dir": "docs", "site_dir": "site", "nav": captured.nav}
    written = folder / "mkdocs.yml"
    written.write_text(yaml.safe_dump(floor, allow_unicode=True, sort_keys=False), "utf-8")
    return written


def markdown_of(path: Path) -> str:
    """A page file's Markdown without its front matter, as MkDocs reads it."""
    from mkdocs.utils.meta import get_data

    return get_data(path.read_text("utf-8"))[0]


def describe_ours(captured: Captured) -> dict[str, Any]:
    """Pages, Markdown bytes and nav of the site as captured."""
    return _description({src: md for src, (_, md) in captured.pages.items()}, captured.nav)


def describe_floor(folder: Path) -> dict[str, Any]:
    """The same figures read back from the floor's files (so that a reader can compare them)."""
    docs = folder / "docs"
    pages = {p.relative_to(docs).as_posix(): markdown_of(p) for p in docs.rglob("*.md")}
    nav = yaml.safe_load((folder / "mkdocs.yml").read_text("utf-8"))["nav"]
    return _description(pages, nav)


def _description(pages: dict[str, str], nav: list[Any]) -> dict[str, Any]:
    text = json.dumps(nav, ensure_ascii=False, sort_keys=True)
    return {"pages": len(pages), "markdown_bytes": sum(len(md.encode("utf-8")) for md in pages.values()),
            "pages_digest": hashlib.sha256(json.dumps(pages, sort_keys=True).encode()).hexdigest()[:12],
            "nav_links": text.count(".md"), "nav_digest": hashlib.sha256(text.encode()).hexdigest()[:12]}


def same_pages_material(folder: Path, config: Path) -> tuple[Path, dict[str, Any], dict[str, Any]]:
    """Capture the site built from `config`, write the floor into `folder`: its mkdocs.yml and
    the figures of ours and of the floor as written."""
    captured = capture(config)
    written = write_floor(folder, captured, config)
    return written, describe_ours(captured), describe_floor(folder)


def describe_line(name: str, figures: dict[str, Any]) -> str:
    return (f"{name}: {figures['pages']} pages, {figures['markdown_bytes'] / 1e6:.2f} MB of Markdown "
            f"(digest {figures['pages_digest']}), nav of {figures['nav_links']} pages (digest {figures['nav_digest']})")


def main() -> None:
    from judge.site.hooks import config_file

    folder = Path(sys.argv[1])
    written, ours, floor = same_pages_material(folder, config_file())
    print(json.dumps({"config": str(written), "ours": ours, "floor": floor}))


if __name__ == "__main__":
    main()
