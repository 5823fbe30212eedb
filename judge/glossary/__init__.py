"""The glossary: entries and their blocks, loaded and validated from glossary/<game>/<lang>/.

`load`, `validate` and `Glossary` are its public face; the files hold the parts: `entryfile`
(one file's front matter and body), `body` (blocks and icons), `store` (the loaded glossary and
its lookups), `lookup` (show and list), `views` (what lookups hand to a reader).
"""

from judge.glossary.store import (
    Glossary,
    in_document_order,
    known_games,
    load,
    scan,
    validate,
)

__all__ = ["Glossary", "in_document_order", "known_games", "load", "scan", "validate"]
