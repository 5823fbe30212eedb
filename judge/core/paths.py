"""Where the glossary is, and how a file is named in messages."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # judge/


def glossary_root() -> Path:
    """JUDGE_GLOSSARY if set; else the checkout's glossary/; else the copy inside the wheel."""
    override = os.environ.get("JUDGE_GLOSSARY")
    if override:
        return Path(override)
    checkout = PACKAGE.parent
    # pyproject.toml beside the package tells a checkout (or editable install) from site-packages.
    if (checkout / "pyproject.toml").is_file() and (checkout / "glossary").is_dir():
        return checkout / "glossary"
    return PACKAGE / "_glossary"


def display(path: Path) -> str:
    """The path relative to the working directory when it is inside it, else absolute."""
    absolute = path.absolute()
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return absolute.as_posix()
