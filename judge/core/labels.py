"""Interface strings per language, read once from judge/core/labels.yaml (CLI, site and checks)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from judge.core.yamldata import fast_loader


@lru_cache(maxsize=1)
def all_labels() -> dict[str, dict[str, str]]:
    """{lang: {key: text}}; the file is package data, so an installed judge has it too."""
    # Beside this module in a checkout and in the wheel (importlib.resources costs ~10 ms to import).
    text = Path(__file__).with_name("labels.yaml").read_text("utf-8")
    raw = yaml.load(text, Loader=fast_loader())  # libyaml's safe loader: read at every start
    return {str(lang): {str(k): str(v) for k, v in strings.items()} for lang, strings in raw.items()}


def game_title(game: str, lang: str) -> str:
    """The rulebook's title in `lang`, else as printed in Spanish (a Czech page about a game
    not yet translated names it so), else the game's slug."""
    strings = all_labels()
    key = f"title_{game}"
    return strings.get(lang, {}).get(key) or strings.get("es", {}).get(key) or game
