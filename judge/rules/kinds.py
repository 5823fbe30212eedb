"""The names a scenario uses (ability types, effects, formats of play): a module of its own,
so the command line's help can list them without creating the rules core's dataclasses."""

from __future__ import annotations

from typing import Literal, get_args

AbilityType = Literal[
    "action", "marshal", "interrupt", "reaction", "forced-interrupt", "forced-reaction",
    "when-revealed", "keyword", "delayed", "lasting",
]
ABILITY_TYPES: tuple[AbilityType, ...] = get_args(AbilityType)
Effect = Literal["none", "cancel", "save", "replace"]
EFFECTS: tuple[Effect, ...] = get_args(Effect)
FORMATS_OF_PLAY: tuple[str, ...] = ("joust", "melee")
