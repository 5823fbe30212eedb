"""Citations in the engine's data files: parse `{id, para, es, cs}` and resolve to `Cite`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from judge.core.errors import BadData
from judge.core.model import LANGS, Cite, Entry
from judge.core.yamldata import Located, LocatedList
from judge.rules.model import CiteRef

_CITE_KEYS = {"id", "para", *LANGS}


class EntrySource(Protocol):
    """What resolving needs from a glossary: an entry by game, language and id."""

    def get(self, game: str, lang: str, entry_id: str) -> Entry | None: ...


def parse_cites(owner: Located, key: str) -> tuple[CiteRef, ...]:
    """The list of cites under `owner[key]` (absent: none)."""
    value = owner.get(key)
    if value is None:
        return ()
    if not isinstance(value, LocatedList):
        raise owner.fail(key, f"{key}: must be a list of cites {{id, para, es, cs}}")
    return tuple(parse_cite(item, owner, key, line) for item, line in zip(value, value.lines))


def parse_cite(item: Any, owner: Located, key: str, line: int) -> CiteRef:
    if not isinstance(item, Located):
        raise BadData(owner.where, line, f"{key}: a cite is a mapping {{id, para, es, cs}}, not {item!r}")
    unknown = sorted(set(item) - _CITE_KEYS)
    if unknown:
        raise item.fail(unknown[0], f"{unknown[0]}: unknown cite key (known: id, para, es, cs)")
    entry_id, para = item.get("id"), item.get("para")
    if not isinstance(entry_id, str):
        raise item.fail("id", "id: a cite needs the entry id")
    if isinstance(para, int) and not isinstance(para, bool):
        paras = tuple((lang, para) for lang in LANGS)
    elif isinstance(para, Located) and para and all(
        lang in LANGS and isinstance(n, int) and not isinstance(n, bool) for lang, n in para.items()
    ):
        paras = tuple((lang, int(para[lang])) for lang in LANGS if lang in para)
    else:
        raise item.fail("para", "para: a block number, or {es: n, cs: m} where the languages differ")
    words = []
    for lang in LANGS:
        value = item.get(lang)
        if value is None:
            continue
        texts = [value] if isinstance(value, str) else value
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise item.fail(lang, f"{lang}: the words of the block that justify the cite (text or list of texts)")
        words.append((lang, tuple(texts)))
    return CiteRef(entry_id, paras, tuple(words), item.where, item.line)


def resolve(refs: Iterable[CiteRef], game: str, lang: str, source: EntrySource) -> tuple[Cite, ...]:
    """The cites in `lang`, in order, without duplicates; a ref with no block in `lang` is left out."""
    cites: list[Cite] = []
    for ref in refs:
        para = ref.para(lang)
        entry = source.get(game, lang, ref.id)
        if para is None or entry is None:
            continue
        cite = entry.cite(para)
        if cite not in cites:
            cites.append(cite)
    return tuple(cites)


def step_cite(entry_id: str, file: str, line: int, para: int = 1) -> CiteRef:
    """A framework step cites its own entry's first block (or the block that prints it) in every language."""
    return CiteRef(entry_id, tuple((lang, para) for lang in LANGS), (), file, line)


def text_map(owner: Located, key: str, required: bool = True, langs: tuple[str, ...] = LANGS) -> dict[str, str]:
    """A per-language text `{es: ..., cs: ...}` under `owner[key]` (`langs`: the game's languages)."""
    value = owner.get(key)
    if value is None and not required:
        return {}
    if not isinstance(value, Located) or not all(isinstance(value.get(lang), str) for lang in langs):
        raise owner.fail(key, f"{key}: needs a text for each language ({', '.join(langs)})")
    return {lang: str(value[lang]) for lang in langs}


def str_list(owner: Located, key: str) -> tuple[str, ...]:
    value = owner.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise owner.fail(key, f"{key}: must be a list of texts")
    return tuple(value)


def data_game(data: Located, example: str) -> str:
    """The `game:` of an engine's data file (`example`: a game folder to show in the error)."""
    game = data.get("game")
    if not isinstance(game, str):
        raise data.fail("game", f"game: the game folder this file belongs to, e.g. {example}")
    return game


def word_labels(data: Located, langs: tuple[str, ...] = ()) -> dict[str, dict[str, str]]:
    """`labels:`, words per language. The data is written in `langs` when given (each must be
    there), else in the languages its labels give: all of them, or some (a game printed in one
    language only)."""
    labels = data.get("labels")
    wanted = langs or (tuple(lang for lang in LANGS if lang in labels) if isinstance(labels, Located) else ())
    if (not isinstance(labels, Located) or not wanted or not set(wanted) <= set(LANGS)
            or any(not isinstance(labels.get(lang), Located) for lang in wanted)):
        raise data.fail("labels", f"labels: a mapping of words per language ({', '.join(langs or LANGS)})")
    return {lang: {str(k): str(v) for k, v in labels[lang].items()} for lang in wanted}
