"""Writing files all or nothing: an export, or every entry of an import."""

from __future__ import annotations

import os
from pathlib import Path

from judge.core.errors import JudgeError
from judge.core.paths import display


class CannotWrite(JudgeError):
    """A file could not be written; nothing was changed (exit 2)."""

    exit_code = 2


def save(path: Path, data: bytes) -> None:
    write_all({path: data})


def write_all(files: dict[Path, bytes]) -> None:
    """Write every file or none: each goes to a hidden temporary file beside its target (the
    glossary loader skips dot files), then all are renamed into place; if a rename fails, the
    ones already done are put back as they were."""
    staged: list[tuple[Path, Path]] = []
    made: list[Path] = []
    try:
        for path, data in files.items():
            if not path.parent.is_dir():
                path.parent.mkdir(parents=True)
                made.append(path.parent)
            temporary = path.with_name(f".{path.name}.import-tmp")
            temporary.write_bytes(data)
            staged.append((temporary, path))
    except OSError as exc:
        _undo(staged, [], made)
        raise CannotWrite(f"{display(path)}: cannot write ({exc.strerror}); nothing written") from None
    _swap_in(staged, made)


def _swap_in(staged: list[tuple[Path, Path]], made: list[Path]) -> None:
    done: list[tuple[Path, bytes | None]] = []
    try:
        for temporary, path in staged:
            before = path.read_bytes() if path.exists() else None
            os.replace(temporary, path)
            done.append((path, before))
    except OSError as exc:
        _undo(staged, done, made)
        raise CannotWrite(f"{display(path)}: cannot write ({exc.strerror}); nothing written") from None


def _undo(staged: list[tuple[Path, Path]], done: list[tuple[Path, bytes | None]], made: list[Path]) -> None:
    """Put back what was replaced, remove what was added, temporary files and new folders too."""
    for written, before in reversed(done):
        if before is None:
            written.unlink(missing_ok=True)
        else:
            written.write_bytes(before)
    for temporary, _ in staged:
        temporary.unlink(missing_ok=True)
    for folder in reversed(made):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
