"""The methods @dataclass writes for judge's types, compiled once and kept in the user cache
(judge/core/methods.py): the same methods as compiling the text, and compiled again when the
cache is missing, damaged, of another Python or unsafe."""

from __future__ import annotations

import dataclasses
import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.core import compiled, methods

MODULE = "judge._methods_probe"  # a judge module: its types go through the cache
SOURCE = '''
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Card:
    """A probe type."""

    name: str
    cost: int = 0
    traits: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list, compare=False)
'''


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of its own, and the module's memory of it forgotten."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(methods, "_stored", None)
    monkeypatch.setattr(methods, "_added", {})
    monkeypatch.setattr("atexit.register", lambda fn: fn)  # this test saves by hand
    yield methods._path()


def make(monkeypatch: pytest.MonkeyPatch, name: str = MODULE) -> type:
    """The probe type, defined anew in a module called `name`."""
    module = types.ModuleType(name)
    monkeypatch.setitem(sys.modules, name, module)
    exec(compile(SOURCE, f"<{name}>", "exec"), module.__dict__)  # noqa: S102 - the test's own source
    card: type = module.Card
    return card


def refuse_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a method was compiled")
    monkeypatch.setattr(methods, "compile", refuse, raising=False)


def behaviour(card: type) -> tuple[object, ...]:
    """What the type's generated methods do."""
    one, same, other = card("a", 2, ("x",), ["n"]), card("a", 2, ("x",), []), card("b")
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.cost = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        del one.name
    return (repr(one), one == same, one == other, hash(one) == hash(same), card("z").traits, card("z").notes,
            [f.name for f in dataclasses.fields(card)])


def code_of(card: type) -> list[bytes]:
    return [getattr(card, name).__code__.co_code for name in ("__init__", "__repr__", "__eq__", "__hash__",
                                                              "__setattr__", "__delattr__")]


def test_installed_for_this_process() -> None:
    assert vars(dataclasses).get("exec") is methods._exec


def test_a_judge_type_made_from_the_cache_has_the_methods_compiled_from_its_text(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = make(monkeypatch)
    assert methods._added and not cache.exists()
    methods._save()
    assert cache.is_file() and oct(cache.stat().st_mode & 0o777) == "0o600"
    monkeypatch.setattr(methods, "_stored", None)
    monkeypatch.setattr(methods, "_added", {})
    refuse_compiling(monkeypatch)
    again = make(monkeypatch)
    plain = make(monkeypatch, "elsewhere")  # not judge's: dataclasses compiles it as always
    assert code_of(again) == code_of(first) == code_of(plain)
    assert behaviour(again) == behaviour(first) == behaviour(plain)
    assert not methods._added


def test_other_types_are_not_stored(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make(monkeypatch, "elsewhere")
    assert not methods._added


def damage(cache: Path, how: str) -> None:
    if how == "corrupt":
        cache.write_bytes(cache.read_bytes()[:200])
    elif how == "damaged code":
        stored = compiled.read(cache, methods._key())
        assert isinstance(stored, dict)
        compiled.write(cache, methods._key(), {text: b"\x00not code" for text in stored})
    elif how == "another python":
        stored = compiled.read(cache, methods._key())
        cache.unlink()
        compiled.write(cache, methods._key() + " other", stored)
    elif how == "world-writable folder":
        os.chmod(cache.parent, 0o777)


@pytest.mark.parametrize("how", ["corrupt", "damaged code", "another python", "world-writable folder"])
def test_an_unusable_cache_is_compiled_again_with_the_same_methods(
        cache: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    first = make(monkeypatch)
    methods._save()
    damage(cache, how)
    monkeypatch.setattr(methods, "_stored", None)
    monkeypatch.setattr(methods, "_added", {})
    again = make(monkeypatch)
    assert methods._added  # compiled, not read
    assert code_of(again) == code_of(first)
    assert behaviour(again) == behaviour(first)


def test_past_the_limit_only_this_process_texts_are_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled.write(cache, methods._key(), {f"old {n}": b"" for n in range(methods._MAX_STORED)})
    make(monkeypatch)
    methods._save()
    stored = compiled.read(cache, methods._key())
    assert isinstance(stored, dict) and set(stored) == set(methods._added)
