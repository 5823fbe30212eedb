"""What a site build reports, and the glossary `judge build --site` hands to its hooks."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.glossary import Glossary

# The glossary judge.site.hooks.build has just loaded and checked, taken once by the hooks'
# on_config instead of loading it a second time (0.2 s). Here, not in the hooks: MkDocs loads
# judge/site/hooks.py from its path as a module of its own (as judge.site.passthrough.ENABLED).
HANDED: list[Glossary] = []


@dataclass(frozen=True)
class SiteBuild:
    """What `judge build --site` made: the folder, its pages (index.html files), files and bytes;
    `current`: the site was already built from the inputs as they are, and was left as it is."""

    site_dir: Path
    pages: int
    files: int
    bytes: int
    current: bool = False
