"""What a site build reports."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SiteBuild:
    """What `judge build --site` made: the folder, its pages (index.html files), files and bytes."""

    site_dir: Path
    pages: int
    files: int
    bytes: int
