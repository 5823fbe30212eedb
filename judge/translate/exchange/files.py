"""XLIFF 1.2, PO and TMX through translate-toolkit: the only module that imports it.

Writing: an Export becomes an XLIFF file (icons as `<x id="1" ctype="x-icon"
equiv-text="[military]"/>`, protected codes in every CAT tool) or a PO file (icons as the
literal `[military]`, listed in the unit's note; PO has no inline codes, so the importer
checks them). Reading gives back each unit's id, source and finished target as Markdown, with
the icons written `[name]` again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from translate.storage import pypo, tmx, xliff
from translate.storage.placeables import StringElem
from translate.storage.placeables.xliff import X

from judge.translate.exchange.units import Export, Icon, MemoryPair, Segment, printable, segments

FORMATS: tuple[str, ...] = ("xliff", "po")
_XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"
_ICON_CTYPE = "x-icon"
# XLIFF 1.2 states that say the target is not a translation yet (anything else with text is).
_UNFINISHED_STATES = frozenset({"new", "needs-translation", "needs-adaptation", "needs-l10n"})
_GAME_HEADER = "X-Judge-Game"


class _Unit12(xliff.xliffunit):
    namespace = _XLIFF_NS


class _Xliff12(xliff.xlifffile):
    """translate-toolkit's XLIFF store, declaring version 1.2 (it writes 1.1 by default)."""

    UnitClass = _Unit12

    XMLskeleton = f"""<?xml version="1.0" ?>
<xliff version='1.2' xmlns='{_XLIFF_NS}'>
<file original='NoName' source-language='en' datatype='plaintext'>
<body>
</body>
</file>
</xliff>"""
    namespace = _XLIFF_NS


class ExchangeFormatError(Exception):
    """The file is not a readable XLIFF or PO file (the message says why)."""


@dataclass(frozen=True)
class ReadUnit:
    """A unit as read back: the target is None when it is not finished (empty or so marked)."""

    id: str
    source: str
    target: str | None
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExchangeFile:
    format: str
    game: str | None
    source_lang: str | None
    target_lang: str | None
    units: tuple[ReadUnit, ...]


# -- writing ------------------------------------------------------------------------------

def write(export: Export, fmt: str) -> bytes:
    return write_po(export) if fmt == "po" else write_xliff(export)


def write_xliff(export: Export) -> bytes:
    store = _Xliff12(sourcelanguage=export.source_lang, targetlanguage=export.target_lang)
    store.setfilename(store.getfilenode("NoName"), export.game)
    for unit in export.units:
        found = store.UnitClass("")
        store.addunit(found)
        found.setid(unit.id)
        found.rich_source = [_rich(unit.source)]
        if unit.target:
            found.rich_target = [_rich(unit.target, unit.source)]
            found.set_state_n(found.S_TRANSLATED)
        found.addlocation(unit.location)
        found.addnote(unit.note(), origin="developer")
    return bytes(store)


def _rich(text: str, source: str | None = None) -> StringElem:
    """Text with each icon as <x/>, numbered in the source's order (a target's icons take the
    number of the same icon in the source, so a CAT tool pairs them)."""
    numbers = _icon_numbers(segments(source if source is not None else text))
    parts: list[Any] = []
    used: dict[str, int] = {}
    for part in segments(text):
        if isinstance(part, Icon):
            ids = numbers.get(part.name, [])
            index = used.get(part.name, 0)
            used[part.name] = index + 1
            x_id = ids[index] if index < len(ids) else f"{part.name}-{index + 1}"
            parts.append(X(id=x_id, xml_attrib={"ctype": _ICON_CTYPE, "equiv-text": part.code}))
        else:
            parts.append(part)
    return StringElem(parts)


def _icon_numbers(parts: list[Segment]) -> dict[str, list[str]]:
    numbers: dict[str, list[str]] = {}
    count = 0
    for part in parts:
        if isinstance(part, Icon):
            count += 1
            numbers.setdefault(part.name, []).append(str(count))
    return numbers


def write_po(export: Export) -> bytes:
    store = pypo.pofile()
    store.init_headers(project_id_version=f"judge {export.game}", language=export.target_lang,
                       **{_GAME_HEADER: export.game, "X-Source-Language": export.source_lang})
    for unit in export.units:
        found = store.UnitClass(unit.source)
        found.setcontext(unit.id)
        found.addlocation(unit.location)
        found.addnote(unit.note(), origin="developer")
        if unit.target:
            found.target = unit.target
        store.addunit(found)
    return bytes(store)


def write_tmx(pairs: list[MemoryPair], source_lang: str, target_lang: str) -> bytes:
    store = tmx.tmxfile(sourcelanguage=source_lang, targetlanguage=target_lang)
    for pair in pairs:
        store.addtranslation(pair.source, source_lang, pair.target, target_lang, comment=pair.note)
    return bytes(store)


# -- reading ------------------------------------------------------------------------------

def sniff(name: str, data: bytes) -> str:
    """xliff or po, by the file's extension, else by its first character."""
    suffix = PurePath(name).suffix.lower()
    if suffix in (".xlf", ".xliff", ".xml"):
        return "xliff"
    if suffix in (".po", ".pot"):
        return "po"
    return "xliff" if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<") else "po"


def read(name: str, data: bytes) -> ExchangeFile:
    """The file's units; ExchangeFormatError when translate-toolkit cannot read it."""
    fmt = sniff(name, data)
    try:
        return _read_po(data) if fmt == "po" else _read_xliff(data)
    except ExchangeFormatError:
        raise
    except Exception as exc:  # noqa: BLE001 — the toolkit's parsers raise many kinds on bad input
        raise ExchangeFormatError(f"not a readable {fmt.upper()} file ({_reason(exc)})") from exc


def _reason(exc: Exception) -> str:
    text = printable(" ".join(str(exc).split()))[:120]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _read_xliff(data: bytes) -> ExchangeFile:
    if b"<!ENTITY" in data or b"<!DOCTYPE" in data:
        raise ExchangeFormatError("XLIFF with a DOCTYPE or entities is not accepted")
    store = xliff.xlifffile.parsestring(data)
    files = store.getfilenames()
    if len(files) != 1:
        raise ExchangeFormatError(f"expected one <file> element, found {len(files)}")
    node = store.getfilenode(files[0])
    units = tuple(_xliff_unit(u) for u in store.units)
    return ExchangeFile("xliff", files[0], node.get("source-language"), node.get("target-language"), units)


def _xliff_unit(unit: Any) -> ReadUnit:
    local_id = str(unit.getid()).rsplit(xliff.ID_SEPARATOR, 1)[-1]
    source, source_codes, problems = _markdown(unit.rich_source, None)
    target: str | None = None
    node = unit.getlanguageNode(lang=None, index=1)
    if node is not None and node.get("state") not in _UNFINISHED_STATES:
        text, _, target_problems = _markdown(unit.rich_target, source_codes)
        problems += target_problems
        target = text if text.strip() else None
    return ReadUnit(local_id, source, target, tuple(problems))


def _markdown(rich: list[StringElem], codes: dict[str, str] | None) -> tuple[str, dict[str, str], list[str]]:
    """A rich string as Markdown: <x/> icons become `[name]` (the source's by their equiv-text,
    a target's by their id in the source: `codes`); any other inline element, or an <x/> the source does not have, is a problem."""
    out: list[str] = []
    found: dict[str, str] = {}
    problems: list[str] = []
    for elem in rich[:1]:
        for leaf in elem.flatten():
            if isinstance(leaf, X):
                code = _equiv(leaf) if codes is None else codes.get(str(leaf.id))
                if code is None:
                    problems.append(f'placeholder <x id="{leaf.id}"/> is not in the source')
                    continue
                found[str(leaf.id)] = code
                out.append(code)
            elif type(leaf) is StringElem or isinstance(leaf, str):
                out.append(str(leaf))
            else:
                problems.append(f"inline element <{type(leaf).__name__.lower()}> is not supported (only icon <x/>)")
    return "".join(out), found, problems


def _equiv(leaf: X) -> str | None:
    attrib = getattr(leaf, "xml_attrib", None) or {}
    value = attrib.get("equiv-text")
    return str(value) if value else None


def _read_po(data: bytes) -> ExchangeFile:
    store = pypo.pofile.parsestring(data)
    header = store.parseheader()
    units = []
    for unit in store.units:
        if unit.isheader() or unit.isobsolete():
            continue
        target = str(unit.target) if unit.istranslated() and str(unit.target).strip() else None
        units.append(ReadUnit(str(unit.getcontext()), str(unit.source), target))
    return ExchangeFile("po", header.get(_GAME_HEADER), header.get("X-Source-Language"), header.get("Language"), tuple(units))
