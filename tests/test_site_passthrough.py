"""judge.site.passthrough: which HTML blocks skip MkDocs' Markdown, and what comes back."""

from __future__ import annotations

import markdown

from judge.site import passthrough

PAGE = ("# Término\n\n"
        '<div class="judge-body">\n<div id="p1"><a href="#p1">¶1</a><svg><path d="M0"/></svg><br></div>\n</div>\n\n'
        "## Véase también { #see-also }\n\n- [Otro](otro.md)\n\n"
        '<p class="judge-source">Fuente: <code>a.md</code></p>\n\n'
        '<div class="open">\n<p>no cierra</p>\n\n</div>\n\n'
        '<span id="inline">en línea</span>\n\n'
        '<div markdown="1">\n*md*\n</div>\n')


def test_balanced_block_level_chunks_are_set_aside_and_the_rest_left_to_markdown() -> None:
    text, hidden = passthrough.hide(PAGE)
    assert hidden == ['<div class="judge-body">\n<div id="p1"><a href="#p1">¶1</a><svg><path d="M0"/></svg><br></div>\n</div>',
                      '<p class="judge-source">Fuente: <code>a.md</code></p>']
    # headings, Markdown lists, an element closed after a blank line, an inline element and
    # md_in_html's `markdown` attribute stay for Markdown
    for kept in ("# Término", "- [Otro](otro.md)", '<div class="open">', "</div>", '<span id="inline">', 'markdown="1"'):
        assert kept in text


def test_restored_page_is_the_page_rendered_with_its_blocks() -> None:
    md = markdown.Markdown(extensions=["attr_list", "md_in_html", "tables", "toc"])
    whole = md.convert(PAGE)
    text, hidden = passthrough.hide(PAGE)
    assert passthrough.restore(md.reset().convert(text), hidden) == whole


def test_anchor_ids_are_those_of_the_set_aside_blocks() -> None:
    _, hidden = passthrough.hide(PAGE + '\n<p><a name="old&amp;new">x</a> <b data-id="no">y</b></p>\n')
    assert passthrough.anchor_ids(hidden) == {"p1", "old&new"}
