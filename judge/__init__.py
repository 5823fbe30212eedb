"""judge: a multilingual rules reference and judge assistant (Spanish and Czech).

The public API: `load` / `validate` the glossary into a `Glossary` of `Entry` objects. They are
imported on first use, so that `import judge` (and every command's start) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = [
    "Block", "Cite", "Correction", "Entry", "Glossary", "Problem", "Source",
    "__version__", "load", "validate",
]

if TYPE_CHECKING:
    from judge.core.model import Block, Cite, Correction, Entry, Problem, Source
    from judge.glossary import Glossary, load, validate

_HOMES = {
    "Glossary": "judge.glossary", "load": "judge.glossary", "validate": "judge.glossary",
    "Block": "judge.core.model", "Cite": "judge.core.model", "Correction": "judge.core.model",
    "Entry": "judge.core.model", "Problem": "judge.core.model", "Source": "judge.core.model",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'judge' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_HOMES[name]), name)
