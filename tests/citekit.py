"""Helpers for the tests that hold the engines' data against the text it cites."""

from __future__ import annotations

from judge.core.text import nfc
from judge.render import unescape
from judge.rules.model import CiteRef
from judge.rules.timing import Framework


def framework_refs(framework: Framework) -> list[tuple[str, CiteRef]]:
    """Every cite of a framework, named by the item that makes it."""
    refs: list[tuple[str, CiteRef]] = []
    for item in framework.items:
        refs += [(f"framework {item.id}", r) for r in item.cites]
        refs += [(f"framework {item.id} {s.id}", r) for s in item.substeps for r in s.cites]
        refs += [(f"framework {item.id} loop", r) for r in (item.loop.cites if item.loop else ())]
    return refs


def squash(text: str) -> str:
    """Text as a reader compares it: no escapes or bold marks, spacing and case folded."""
    return " ".join(nfc(unescape(text)).replace("*", "").split()).casefold()
