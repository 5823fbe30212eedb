"""Body blocks exactly as docs/entry-format.md defines them."""

from __future__ import annotations

from judge.core.model import Block
from judge.glossary.body import parse_blocks


def blocks(text: str, first_line: int = 10) -> list[Block]:
    return list(parse_blocks(text.split("\n"), first_line))


def test_paragraphs_end_at_blank_lines() -> None:
    assert blocks("Una acción\nsigue aquí.\n\nOtra.") == [
        Block(1, "paragraph", "Una acción\nsigue aquí.", 0, 10, ""),
        Block(2, "paragraph", "Otra.", 0, 13, ""),
    ]


def test_every_list_item_is_a_block_with_nesting() -> None:
    assert blocks("Intro:\n- uno\n  - uno a\n    - uno a i\n- dos") == [
        Block(1, "paragraph", "Intro:", 0, 10, ""),
        Block(2, "bullet", "uno", 0, 11, "-"),
        Block(3, "bullet", "uno a", 1, 12, "-"),
        Block(4, "bullet", "uno a i", 2, 13, "-"),
        Block(5, "bullet", "dos", 0, 14, "-"),
    ]


def test_numbered_and_roman_items() -> None:
    assert blocks("1. Primero\n2. Segundo\n\nI. Uno\nII. Dos\nIV. Cuatro\n12. Doce") == [
        Block(1, "numbered", "Primero", 0, 10, "1."),
        Block(2, "numbered", "Segundo", 0, 11, "2."),
        Block(3, "numbered", "Uno", 0, 13, "I."),
        Block(4, "numbered", "Dos", 0, 14, "II."),
        Block(5, "numbered", "Cuatro", 0, 15, "IV."),
        Block(6, "numbered", "Doce", 0, 16, "12."),
    ]


def test_not_list_items() -> None:
    # No space after the marker, a word that is not a Roman numeral, a bare dash.
    assert [b.kind for b in blocks("1.5 puntos\n\nIIII. no\n\nVer. no\n\n-no")] == ["paragraph"] * 4


def test_a_line_after_an_item_continues_it() -> None:
    assert blocks("- uno\n  sigue\nmás") == [Block(1, "bullet", "uno\nsigue\nmás", 0, 10, "-")]


def test_tables_are_one_block() -> None:
    assert blocks("Texto:\n| a | b |\n| --- | --- |\n| 1 | 2 |\nDespués.") == [
        Block(1, "paragraph", "Texto:", 0, 10, ""),
        Block(2, "table", "| a | b |\n| --- | --- |\n| 1 | 2 |", 0, 11, ""),
        Block(3, "paragraph", "Después.", 0, 14, ""),
    ]


def test_empty_body_has_no_blocks() -> None:
    assert blocks("\n  \n") == []
