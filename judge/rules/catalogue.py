"""The compiled catalogue: the loaded glossary and each game's round (framework.yaml), engine
data (triggers.yaml), `judge ask` vocabulary (ask.yaml) and the paragraph index ask retrieves
over, parsed and built once and kept as a pickle that loads without PyYAML.

The CLI keeps it in the user's cache (judge.core.compiled: keyed so it is never stale, refused
when unsafe); the site writes it to a file (`write`) that the browser's rules core reads
(`load`, then `install`). The rules core asks `current()` for it, and parses the YAML files
itself — reporting their problems with file and line — when there is none (a glossary or data
file with an error, a file changed a moment ago).
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from judge import glossary
from judge.core import compiled
from judge.core.errors import JudgeError
from judge.core.model import LANGS
from judge.glossary import Glossary
from judge.rules import registry, timing
from judge.rules.timing import Framework

if TYPE_CHECKING:
    from judge.rules.ask import Bank, Knowledge, Vocabulary
    from judge.rules.triggers import Catalogue as Triggers

FORMAT = 4


@dataclass(frozen=True)
class GameData:
    """A game's round (None without framework.yaml) and, kept pickled, what only some commands
    need: unpickling each imports the module that defines it, and `judge timeline` needs none.

    `data`: the data of the engine that steps its situations (None without triggers.yaml): a
    triggers.Catalogue for the trigger sequence, the engine module's own type for the others.
    `vocabulary`: the words `judge ask` reads the game's questions with (ask.yaml), None without
    one. `knowledge`: per language, the paragraph index `judge ask` retrieves over
    (ask.knowledge), for a game ask answers in; empty in the site's copy (`ask_index`).
    `banks`: per language, the bank of the questions each paragraph answers (asked.yaml, by
    ask.bank_terms, pooled by paragraph), which ask's ranking weighs: only where `knowledge` is
    empty (the site's copy, for the browser, which builds the index but should not read
    thousands of questions); where the index is built, the bank is in it and only there (it is
    the larger part)."""

    engine: str
    framework: Framework | None
    data: bytes | None
    vocabulary: bytes | None = None
    knowledge: dict[str, bytes] = field(default_factory=dict, hash=False)
    banks: dict[str, bytes] = field(default_factory=dict, hash=False)

    # Each reads None when absent or unreadable: the caller then parses or builds it.
    def engine_data(self) -> object | None:
        return _unpickled(self.data)

    def ask_vocabulary(self) -> Vocabulary | None:
        from judge.rules.ask import Vocabulary

        found = _unpickled(self.vocabulary)
        return found if isinstance(found, Vocabulary) else None

    def ask_bank(self, lang: str) -> Bank | None:
        from judge.rules.ask import Bank

        found = _unpickled(self.banks.get(lang))
        return found if isinstance(found, Bank) else None

    def ask_knowledge(self, lang: str) -> Knowledge | None:
        from judge.rules.ask import Knowledge

        found = _unpickled(self.knowledge.get(lang))
        return found if isinstance(found, Knowledge) else None


def _unpickled(blob: bytes | None) -> object | None:
    if blob is None:
        return None
    try:
        value: object = pickle.loads(blob)
    except Exception:  # noqa: BLE001 - a damaged part of the catalogue: parse or build it instead
        return None
    return value


@dataclass(frozen=True)
class Catalogue:
    """What the rules core reads: the glossary it cites and every game's data. Each game's
    data stays pickled until asked for (`game`): unpickling it imports its engine's module,
    and a command needs one game."""

    root: Path
    glossary: Glossary
    games: dict[str, bytes] = field(hash=False)
    format: int = FORMAT
    _loaded: dict[str, GameData] = field(default_factory=dict, hash=False, compare=False, repr=False)

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_loaded": {}}  # the pickled games only

    def game(self, name: str) -> GameData | None:
        """The game's data; None for a game the glossary has no folder for."""
        if name not in self._loaded and name in self.games:
            loaded = pickle.loads(self.games[name])
            if isinstance(loaded, GameData):
                self._loaded[name] = loaded
        return self._loaded.get(name)


def compile_catalogue(root: Path, broken: list[JudgeError] | None = None, ask_index: bool = True) -> Catalogue:
    """Parse the glossary at `root` and every game's data; InvalidGlossary or BadData (with
    file and line) when something does not load. With a `broken` list, a game whose data does
    not load is left out and its error appended there (the site still builds: its Resolver
    then says the game has no data). Without `ask_index`, ask's paragraph index is left out
    (the site's copy: the browser builds it when asked a question)."""
    loaded = glossary.load(root)
    games = {}
    for game in glossary.known_games(root):
        try:
            data = _game_data(game, root, loaded if ask_index else None)
        except JudgeError as error:
            if broken is None:
                raise
            broken.append(error)
            continue
        games[game] = _pickled(data)
    return Catalogue(root, loaded, games)


def _game_data(game: str, root: Path, cited: Glossary | None) -> GameData:
    from judge.rules import ask, triggers  # their types are unpickled only with a game's data

    fw_path = timing.framework_path(game, root)
    data_path = triggers.triggers_path(game, root)
    engine = registry.engine_of(game, root)
    vocab_path = ask.vocabulary_path(game, root)
    framework = timing.load(fw_path) if fw_path.is_file() else None
    data = registry.data_loader(engine)(data_path) if data_path.is_file() else None
    vocabulary = ask.load_vocabulary(vocab_path) if vocab_path.is_file() else None
    asked_path = ask.asked_path(game, root)
    banks = question_banks(asked_path) if vocabulary is not None and asked_path.is_file() else {}
    knowledge = {}
    if cited is not None and framework is not None and isinstance(data, triggers.Catalogue) and vocabulary is not None:
        # the bank joins after `shared`, which would walk its thousands of questions for little
        knowledge = {lang: _pickled(replace(_shared_knowledge(cited, framework, data, vocabulary, lang),
                                            bank=banks.get(lang)))
                     for lang in LANGS}
    # the bank once: in the paragraph index when it is built, else on its own (the site's copy)
    alone = {} if knowledge else {lang: _pickled(bank) for lang, bank in banks.items()}
    return GameData(engine, framework, None if data is None else _pickled(data),
                    None if vocabulary is None else _pickled(vocabulary), knowledge, alone)


def question_banks(asked_path: Path) -> dict[str, Bank]:
    """The question bank of each language, from the user's cache when asked.yaml and judge's
    code are as they were: reading its thousands of questions takes about a second, which an
    edit of a glossary entry (that recompiles the catalogue) should not cost again."""
    from judge.rules import ask

    key = compiled.files_key([asked_path], "bank")
    cache = compiled.path_for("bank", asked_path.parent)
    stored = compiled.read(cache, key) if key is not None else None
    if isinstance(stored, dict) and set(stored) == set(LANGS) and all(isinstance(b, ask.Bank) for b in stored.values()):
        return stored
    asked = ask.load_asked(asked_path)
    banks = {lang: ask.bank(asked, lang) for lang in LANGS}
    if key is not None:
        compiled.write(cache, key, banks)
    return banks


def _shared_knowledge(cited: Glossary, framework: Framework, catalogue: Triggers, vocab: Vocabulary,
                      lang: str) -> Knowledge:
    from judge.rules.ask import Knowledge

    known = compiled.shared(ask_knowledge(cited, framework, catalogue, vocab, lang))
    assert isinstance(known, Knowledge)  # shared gives back an equal value of the same type
    return known


def ask_knowledge(cited: Glossary, framework: Framework, catalogue: Triggers, vocab: Vocabulary,
                  lang: str, bank: Bank | None = None) -> Knowledge:
    """The paragraph index `judge ask` retrieves over for one game and language, with the bank
    of the questions each paragraph answers (built here once into the catalogue; by
    `judge.rules.api` when there is none)."""
    from judge.rules import ask

    return ask.knowledge(cited.entries, framework, catalogue, vocab, lang, bank)


def _pickled(value: object) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def write(catalogue: Catalogue, path: Path) -> None:
    """The catalogue as a file of its own (the site ships it to the browser)."""
    compiled.dump_file(path, catalogue)


def load(path: Path) -> Catalogue:
    """A catalogue `write` wrote (no YAML parsed); ValueError when the file is not one."""
    value = compiled.load_file(path)
    if not isinstance(value, Catalogue) or value.format != FORMAT:
        raise ValueError(f"{path} is not a catalogue of this judge version")
    return value


_installed: list[Catalogue] = []
_trusted: dict[Path, Catalogue] = {}


def install(catalogue: Catalogue | None) -> None:
    """From now on the rules core reads `catalogue` whatever the glossary root (the browser,
    which has no glossary files); None goes back to the glossary's files."""
    _installed[:] = [catalogue] if catalogue is not None else []


def current(root: Path) -> Catalogue | None:
    """The installed catalogue; else the one of the glossary at `root`, from the user's cache
    or compiled now (and cached). None when a file changed too recently to trust a cache, or
    something does not load: the caller then parses the files it needs, as without a cache."""
    if _installed:
        return _installed[0]
    if root in _trusted:
        return _trusted[root]
    key = compiled.files_key([root], "catalogue")
    if key is None:
        return None
    cache = compiled.path_for("catalogue", root)
    stored = compiled.read(cache, key)
    if isinstance(stored, Catalogue) and stored.format == FORMAT and stored.root == root:
        _trusted[root] = stored
        return stored
    try:
        made = compile_catalogue(root)
    except JudgeError:
        return None
    compiled.write(cache, key, made)
    _trusted[root] = made
    return made
