"""Find the concept a user names: by id, term or alias first, then by the caller's fallback
(`judge show` passes the full-text search, so whoosh is imported, some 150 ms, only for the
queries that need it; the glossary itself never imports the search)."""

from __future__ import annotations

import re
from collections.abc import Callable

from judge.core.errors import EntryNotFound, UsageProblem
from judge.core.model import RULE_NUMBER, Block, Entry
from judge.glossary import Glossary
from judge.glossary.views import Concept, RuleView


# What to try when no id, term or alias matches: (glossary, query, game, langs) → the concept.
Fallback = Callable[[Glossary, str, "str | None", "tuple[str, ...]"], Concept]


def concept(loaded: Glossary, query: str, game: str | None, langs: tuple[str, ...],
            fallback: Fallback | None = None) -> Concept:
    """The concept `query` names, as `judge show` accepts it (docs/cli.md)."""
    try:
        return loaded.concept(query, game, langs)
    except EntryNotFound as error:
        if error.available or fallback is None:
            raise
    return fallback(loaded, query, game, langs)


RULE_REF = re.compile(r"^\d+(?:\.(?:\d+|[a-z]))*$")


def find(loaded: Glossary, query: str, game: str | None, langs: tuple[str, ...],
         fallback: Fallback | None = None) -> Concept | RuleView:
    """What `judge show` prints for `query`: GAME:REF names the game (gp:120.4.a, agot2:cancel);
    a rule number of a game with numbered rule groups is that rule, a group number the group."""
    query, game = _split_game(loaded, query, game)
    if RULE_REF.match(query):
        found = _rule(loaded, query, game, langs)
        if found is not None:
            return found
    return concept(loaded, query, game, langs, fallback)


def _split_game(loaded: Glossary, query: str, game: str | None) -> tuple[str, str | None]:
    prefix, colon, rest = query.partition(":")
    if not colon or prefix not in loaded.games() or not rest.strip():
        return query, game
    if game and game != prefix:
        raise UsageProblem(f'"{query}" names the game {prefix}, but --game is {game}')
    return rest.strip(), prefix


def _rule(loaded: Glossary, ref: str, game: str | None, langs: tuple[str, ...]) -> Concept | RuleView | None:
    """The rule `ref` in `game` (any game with numbered groups when not given), or None when no
    game numbers its rules so. A number the game lacks is EntryNotFound with the nearest ones."""
    lang = langs[0]
    groups = [e for e in loaded.entries if e.number and (game is None or e.game == game)]
    group = ref.split(".")[0]
    owner = next((e for e in groups if e.number == group and e.lang == lang), None)
    if owner is None and not (game and groups):
        return None
    numbers = [r for e in groups if e.lang == lang for b in e.blocks if (r := e.rule_of(b.n))]
    numbers += [str(e.number) for e in groups if e.lang == lang]
    if owner is not None and ref == group:
        return loaded.concept(owner.id, owner.game, langs)
    blocks = _rule_blocks(owner, ref) if owner is not None else ()
    if (owner is None or not blocks) and game is None:
        return None  # not a rule number after all (agot2's step "4.2.1"): look it up by name
    if owner is None or not blocks:
        raise EntryNotFound(ref, _nearest(ref, list(dict.fromkeys(numbers))))
    return RuleView(owner, ref, blocks, owner.cite(blocks[0].n))


def _rule_blocks(entry: Entry, ref: str) -> tuple[Block, ...]:
    """The block printed with `ref`, then its sub-rules and their unnumbered blocks."""
    start = next((b.n for b in entry.blocks if RULE_NUMBER.match(b.text) and entry.rule_of(b.n) == ref), None)
    if start is None:
        return ()
    mine = [entry.blocks[start - 1]]
    for block in entry.blocks[start:]:
        rule = entry.rule_of(block.n) or ""
        if rule != ref and not rule.startswith(ref + "."):
            break
        mine.append(block)
    return tuple(mine)


def _nearest(ref: str, numbers: list[str]) -> list[str]:
    """The closest printed rule numbers: siblings under the same parent first, then look-alikes."""
    parent, _, last = ref.rpartition(".")
    siblings = sorted((n for n in numbers if n.rpartition(".")[0] == parent and n.count(".") == ref.count(".")),
                      key=lambda n: abs(_ordinal(n.rpartition(".")[2]) - _ordinal(last)))
    import difflib  # only for a rule number the rules do not print

    close = difflib.get_close_matches(ref, numbers, n=3, cutoff=0.6)
    return list(dict.fromkeys(siblings[:3] + close))[:4]


def _ordinal(part: str) -> int:
    """120.4.c → 3rd: a number part counts as itself, a letter by its place in the alphabet."""
    return int(part) if part.isdigit() else ord(part) - ord("a") + 1
