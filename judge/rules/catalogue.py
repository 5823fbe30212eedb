"""The compiled catalogue: the loaded glossary and each game's round (framework.yaml), engine
data (triggers.yaml) and `judge ask` vocabulary (ask.yaml), parsed once and kept as a pickle
that loads without PyYAML.

The CLI keeps it in the user's cache (judge.core.compiled: keyed so it is never stale, refused
when unsafe); the site writes it to a file (`write`) that the browser's rules core reads
(`load`, then `install`). The rules core asks `current()` for it, and parses the YAML files
itself — reporting their problems with file and line — when there is none (a glossary or data
file with an error, a file changed a moment ago).
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from judge import glossary
from judge.core import compiled
from judge.core.errors import JudgeError
from judge.glossary import Glossary
from judge.rules import registry, timing, triggers
from judge.rules.timing import Framework

if TYPE_CHECKING:
    from judge.rules.ask import Vocabulary

FORMAT = 1


@dataclass(frozen=True)
class GameData:
    """A game's round (None without framework.yaml) and the data of the engine that steps its
    situations (None without triggers.yaml): a triggers.Catalogue for the trigger sequence,
    the engine module's own type for the others."""

    engine: str
    framework: Framework | None
    data: object | None
    # The words `judge ask` reads the game's questions with (ask.yaml), None without one; kept
    # pickled, as unpickling a Vocabulary imports ask's analyzer, which only questions need.
    vocabulary: bytes | None = None

    def ask_vocabulary(self) -> Vocabulary | None:
        if self.vocabulary is None:
            return None
        found: Vocabulary = pickle.loads(self.vocabulary)
        return found


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


def compile_catalogue(root: Path, broken: list[JudgeError] | None = None) -> Catalogue:
    """Parse the glossary at `root` and every game's data; InvalidGlossary or BadData (with
    file and line) when something does not load. With a `broken` list, a game whose data does
    not load is left out and its error appended there (the site still builds: its Resolver
    then says the game has no data)."""
    loaded = glossary.load(root)
    games = {}
    for game in glossary.known_games(root):
        try:
            data = _game_data(game, root)
        except JudgeError as error:
            if broken is None:
                raise
            broken.append(error)
            continue
        games[game] = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    return Catalogue(root, loaded, games)


def _game_data(game: str, root: Path) -> GameData:
    from judge.rules import ask  # its vocabulary type is unpickled only with a game's data

    fw_path = timing.framework_path(game, root)
    data_path = triggers.triggers_path(game, root)
    engine = registry.engine_of(game, root)
    vocab_path = ask.vocabulary_path(game, root)
    return GameData(engine, timing.load(fw_path) if fw_path.is_file() else None,
                    registry.data_loader(engine)(data_path) if data_path.is_file() else None,
                    pickle.dumps(ask.load_vocabulary(vocab_path), protocol=pickle.HIGHEST_PROTOCOL)
                    if vocab_path.is_file() else None)


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
