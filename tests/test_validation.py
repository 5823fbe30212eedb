"""One test per kind of validation problem: a broken copy of the fixture, the exact report line."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import glossary
from judge.core.errors import InvalidGlossary

VALID_ES = """---
id: {id}
term: Término
kind: entry
---
Texto.
"""


def write(root: Path, relative: str, text: str) -> Path:
    path = root / "agot2" / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return path


def problems(root: Path) -> list[str]:
    return [str(p) for p in glossary.validate(root)[1]]


def errors_and_warnings(root: Path) -> tuple[list[str], list[str]]:
    found = glossary.validate(root)[1]
    return ([str(p) for p in found if p.severity == "error"], [str(p) for p in found if p.severity == "warning"])


def test_the_fixture_is_valid(broken: Path) -> None:
    loaded, found = glossary.validate(broken)
    assert found == []
    assert loaded is not None and len(loaded) == 9


def test_malformed_yaml_points_at_its_line(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: [Término\nkind: entry\n---\nTexto.\n")
    [problem] = problems(broken)
    # The wording comes from PyYAML (libyaml or pure Python); the line is ours.
    assert problem.startswith("glossary/agot2/es/extra.md:4: front matter: invalid YAML: ")
    assert "','" in problem


def test_front_matter_must_be_a_mapping(broken: Path) -> None:
    write(broken, "es/extra.md", "---\n- id\n- term\n---\nTexto.\n")
    assert problems(broken) == ["glossary/agot2/es/extra.md:2: front matter: must be a mapping of keys, not a list"]


def test_front_matter_missing(broken: Path) -> None:
    write(broken, "es/extra.md", "id: extra\n")
    assert problems(broken) == [
        'glossary/agot2/es/extra.md:1: front matter: missing (the file must start with a "---" line)',
    ]


def test_front_matter_not_closed(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\n")
    assert problems(broken) == ['glossary/agot2/es/extra.md:1: front matter: no closing "---" line']


def test_missing_id(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nterm: Término\n---\nTexto.\n")
    assert problems(broken) == ["glossary/agot2/es/extra.md:1: id: missing (required)"]


def test_missing_term(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\n---\nTexto.\n")
    assert problems(broken) == ["glossary/agot2/es/extra.md:1: term: missing (required)"]


def test_term_must_be_a_string(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: [a, b]\n---\nTexto.\n")
    assert problems(broken) == ["glossary/agot2/es/extra.md:3: term: must be a non-empty string"]


def test_file_name_must_be_the_id(broken: Path) -> None:
    write(broken, "es/extra.md", VALID_ES.format(id="other"))
    assert problems(broken) == ['glossary/agot2/es/extra.md:2: id: "other" does not match the file name "extra.md"']


def test_id_must_be_a_slug(broken: Path) -> None:
    write(broken, "es/Extra Word.md", VALID_ES.format(id="Extra Word"))
    assert problems(broken) == [
        'glossary/agot2/es/Extra Word.md:2: id: "Extra Word" is not a lowercase-hyphenated slug',
    ]


def test_duplicate_id_within_a_language(broken: Path) -> None:
    write(broken, "es/anular.md", VALID_ES.format(id="cancel"))
    assert problems(broken) == [
        'glossary/agot2/es/anular.md:2: id: "cancel" does not match the file name "anular.md"',
        'glossary/agot2/es/anular.md:2: id: duplicate id "cancel" (also in glossary/agot2/es/cancel.md)',
    ]


def test_unknown_language_folder(broken: Path) -> None:
    write(broken, "en/cancel.md", VALID_ES.format(id="cancel"))
    assert problems(broken) == ['glossary/agot2/en: lang: unknown language folder "en" (known: es, cs)']


def test_unknown_kind(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\nkind: rule\n---\nTexto.\n")
    assert problems(broken) == [
        'glossary/agot2/es/extra.md:4: kind: unknown kind "rule" (known: entry, redirect, step, section)',
    ]


def test_redirect_kind_needs_redirect(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\nkind: redirect\n---\nVer “Anular”.\n")
    assert problems(broken) == ["glossary/agot2/es/extra.md:1: redirect: missing (required for kind redirect)"]


def test_step_kind_needs_step(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\nkind: step\n---\nTexto.\n")
    assert problems(broken) == ["glossary/agot2/es/extra.md:1: step: missing (required for kind step)"]


def test_step_must_be_quoted(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\nkind: step\nstep: 4.2\n---\nTexto.\n")
    assert problems(broken) == ['glossary/agot2/es/extra.md:5: step: must be a non-empty string (quote it: "4.2")']


def test_redirect_on_another_kind_is_a_warning(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\nredirect: cancel\n---\nTexto.\n")
    assert errors_and_warnings(broken) == (
        [], ["glossary/agot2/es/extra.md:4: redirect: ignored (kind is entry, not redirect)"],
    )


def test_see_also_to_an_unknown_id(broken: Path) -> None:
    path = broken / "agot2/es/cancel.md"
    path.write_text(path.read_text("utf-8").replace("[triggering-condition]", "[triggering-condition, nowhere]"), "utf-8")
    assert problems(broken) == [
        'glossary/agot2/es/cancel.md:4: see_also: unknown id "nowhere" (no such entry in agot2)',
    ]


def test_see_also_to_an_id_in_another_language_only_is_valid(broken: Path) -> None:
    path = broken / "agot2/cs/cancel.md"
    path.write_text(path.read_text("utf-8").replace("[triggering-condition]", "[cancel-interrupts]"), "utf-8")
    assert problems(broken) == []


def test_redirect_to_an_unknown_id(broken: Path) -> None:
    path = broken / "agot2/es/cancel-interrupts.md"
    path.write_text(path.read_text("utf-8").replace("redirect: cancel", "redirect: nowhere"), "utf-8")
    assert problems(broken) == [
        'glossary/agot2/es/cancel-interrupts.md:5: redirect: unknown id "nowhere" (no such entry in agot2)',
    ]


def test_redirect_cycle(broken: Path) -> None:
    write(broken, "es/loop.md", "---\nid: loop\nterm: Bucle\nkind: redirect\nredirect: cancel-interrupts\n---\nVer.\n")
    path = broken / "agot2/es/cancel-interrupts.md"
    path.write_text(path.read_text("utf-8").replace("redirect: cancel", "redirect: loop"), "utf-8")
    assert problems(broken) == [
        "glossary/agot2/es/cancel-interrupts.md:5: redirect: cycle cancel-interrupts → loop → cancel-interrupts",
        "glossary/agot2/es/loop.md:5: redirect: cycle loop → cancel-interrupts → loop",
    ]


def test_non_utf8_file_points_at_the_first_bad_byte(broken: Path) -> None:
    (broken / "agot2/cs/extra.md").write_bytes(b"---\nid: extra\nterm: V\xfdzva\n---\nText.\n")
    assert problems(broken) == ["glossary/agot2/cs/extra.md:3: encoding: not valid UTF-8 (byte 0xfd)"]


def test_empty_body(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\n---\n\n  \n")
    assert problems(broken) == ["glossary/agot2/es/extra.md:5: body: empty"]


def test_unknown_icon_placeholder(broken: Path) -> None:
    body = "Un reto [military] o [perioda], pero no \\[perioda\\] ni [enlace](https://example.org)."
    write(broken, "es/extra.md", f"---\nid: extra\nterm: Término\n---\n\n{body}\n")
    assert problems(broken) == [
        'glossary/agot2/es/extra.md:6: body: unknown icon "[perioda]"; write printed brackets as \\[perioda\\]',
    ]


def test_raw_html(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\n---\nUno <b>dos</b>.\n\n<!-- nota -->\n2 < 3 y 4 > 1.\n")
    assert problems(broken) == [
        'glossary/agot2/es/extra.md:5: body: raw HTML is not allowed ("<b")',
        'glossary/agot2/es/extra.md:7: body: raw HTML is not allowed ("<!--")',
    ]


def test_yaml_tags_are_refused(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: !!python/object:os.system Término\n---\nTexto.\n")
    assert problems(broken) == [
        "glossary/agot2/es/extra.md:3: front matter: YAML tags are not allowed (!!python/object:os.system)",
    ]


def test_unknown_keys_are_warnings(broken: Path) -> None:
    write(broken, "es/extra.md", "---\nid: extra\nterm: Término\nnotes: x\nsource: {doc: a.txt, line: 3, page: 2}\n---\nTexto.\n")
    loaded, found = glossary.validate(broken)
    assert loaded is not None
    assert [str(p) for p in found] == [
        "glossary/agot2/es/extra.md:4: notes: unknown key (ignored)",
        "glossary/agot2/es/extra.md:5: source.page: unknown key (ignored)",
    ]
    assert {p.severity for p in found} == {"warning"}


def test_source_and_corrections_are_typed(broken: Path) -> None:
    front = "source: {doc: a.txt, line: 0, end: x}\ncorrections:\n  - {was: a}\n  - oops\n"
    write(broken, "es/extra.md", f"---\nid: extra\nterm: Término\n{front}---\nTexto.\n")
    assert problems(broken) == [
        "glossary/agot2/es/extra.md:4: source.line: must be a positive line number",
        "glossary/agot2/es/extra.md:4: source.end: must be a positive line number",
        "glossary/agot2/es/extra.md:5: corrections[1].now: missing (required)",
        "glossary/agot2/es/extra.md:5: corrections[2]: must be a mapping of was, now, line, why",
    ]


def test_non_entry_files_are_warned_about(broken: Path) -> None:
    write(broken, "es/notes.txt", "x")
    (broken / "agot2/es/.hidden.md").write_text("junk", "utf-8")
    assert problems(broken) == ["glossary/agot2/es/notes.txt: file: not an entry (entries are <id>.md); ignored"]


def test_text_is_nfc_normalised(broken: Path) -> None:
    decomposed = "Condicio\u0301n"
    write(broken, "es/extra.md", f"---\nid: extra\nterm: {decomposed}\n---\n{decomposed}.\n")
    entry = glossary.load(broken).get("agot2", "es", "extra")
    assert entry is not None
    assert (entry.term, entry.blocks[0].text) == ("Condición", "Condición.")


def test_load_raises_listing_every_error_and_nothing_half_loaded(broken: Path) -> None:
    write(broken, "es/one.md", "---\nid: one\n---\nTexto.\n")
    write(broken, "cs/two.md", "---\nid: two\nterm: Dva\nkind: step\n---\nText.\n")
    with pytest.raises(InvalidGlossary) as raised:
        glossary.load(broken)
    assert str(raised.value) == (
        "the glossary has 2 errors:\n"
        "glossary/agot2/cs/two.md:1: step: missing (required for kind step)\n"
        "glossary/agot2/es/one.md:1: term: missing (required)"
    )
    assert raised.value.exit_code == 2
