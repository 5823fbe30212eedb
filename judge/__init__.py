"""judge: a multilingual rules reference and judge assistant (Spanish and Czech).

The public API: `load` / `validate` the glossary into a `Glossary` of `Entry` objects.
"""

__version__ = "0.1.0"

from judge.glossary import Glossary, load, validate  # noqa: E402
from judge.models import Block, Cite, Correction, Entry, Problem, Source  # noqa: E402

__all__ = [
    "Block", "Cite", "Correction", "Entry", "Glossary", "Problem", "Source",
    "__version__", "load", "validate",
]
