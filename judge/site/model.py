"""What a site build reports."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SiteBuild:
    """What `judge build --site` made: the folder, its pages (index.html files), files and bytes;
    `current`: the site was already built from the inputs as they are, and was left as it is."""

    site_dir: Path
    pages: int
    files: int
    bytes: int
    current: bool = False
