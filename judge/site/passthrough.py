"""The generated pages' HTML blocks, kept out of MkDocs' Markdown and put back as they are.

A generated page is mostly HTML made by judge/site/pages.py (3.9 MB on 1,003 pages; the bare
Material floor has 0.5 MB of plain paragraphs). Python-Markdown passes a raw HTML block through
unchanged, but only after reading it twice with the standard library's HTMLParser (pure Python):
once in MkDocs for its anchors and once in Markdown to find the block's end. That was half of
the time MkDocs spent rendering the site's pages.

`hide` puts a short comment in place of each blank-line-separated chunk that Markdown would pass
through whole (it starts with a block-level tag, its tags balance, it has no `markdown`
attribute, tab or carriage return); `restore` puts the chunks back into the rendered HTML, and
`anchor_ids` gives MkDocs the ids it would have read in them (its anchor check). The built pages
are byte for byte those made without it (tests/web/test_site_build.py).
"""

from __future__ import annotations

import html
import re

from markdown.util import BLOCK_LEVEL_ELEMENTS

# False renders the blocks through Markdown, as a test does to show the site is the same either
# way. Here, not in the hooks: MkDocs loads judge/site/hooks.py from its path, as a module of its
# own, so a flag there is not the one the build reads.
ENABLED = True

_BLANK = re.compile(r"(\n[ \t]*\n)")
_FIRST_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)[\s/>]")
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^<>]*)>")
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
_ID = re.compile(r"""<[a-zA-Z][^<>]*?\sid="([^"]*)"|<a\s[^<>]*?\bname="([^"]*)\"""")
_MARK = "<!--judge-html-{}-->"
_MARKS = re.compile(r"<!--judge-html-(\d+)-->")


def hide(markdown: str) -> tuple[str, list[str]]:
    """`markdown` with each HTML block Markdown passes through whole replaced by a comment, and
    the blocks (the n-th comment stands for the n-th block)."""
    parts = _BLANK.split(markdown)
    hidden: list[str] = []
    for n in range(0, len(parts), 2):  # odd parts are the blank lines between
        chunk = parts[n]
        if _passes_through(chunk):
            parts[n] = _MARK.format(len(hidden))
            hidden.append(chunk)
    return "".join(parts), hidden


def restore(rendered: str, hidden: list[str]) -> str:
    """The rendered page with each comment `hide` left replaced by its block."""
    if not hidden:
        return rendered
    return _MARKS.sub(lambda m: hidden[int(m.group(1))], rendered)


def anchor_ids(hidden: list[str]) -> set[str]:
    """The ids MkDocs reads in raw HTML (`id` of any tag, `name` of a link), as it reads them."""
    return {html.unescape(a or b) for chunk in hidden for a, b in _ID.findall(chunk)}


def _passes_through(chunk: str) -> bool:
    first = _FIRST_TAG.match(chunk)
    if first is None or first.group(1).lower() not in BLOCK_LEVEL_ELEMENTS:
        return False
    if any(c in chunk for c in "\t\r\x02\x03") or "markdown=" in chunk or "<!--" in chunk:
        return False
    if not chunk.rstrip("\n").endswith(">"):
        return False
    return _balanced(chunk)


def _balanced(chunk: str) -> bool:
    """Every tag the chunk opens is closed in it, in order, and nothing is closed that it did
    not open."""
    stack: list[str] = []
    for closing, name, attributes in _TAG.findall(chunk):
        name = name.lower()
        if attributes.endswith("/") or name in _VOID:
            continue
        if not closing:
            stack.append(name)
        elif not stack or stack.pop() != name:
            return False
    return not stack
