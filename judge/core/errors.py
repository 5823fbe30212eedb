"""The errors domain code raises. The CLI turns them into `Error: …` and an exit code, once."""

from __future__ import annotations

from collections.abc import Sequence

from judge.core.model import Problem


class JudgeError(Exception):
    """Base of every error the user should see as one message, never as a traceback."""

    exit_code = 2


class EntryNotFound(JudgeError):
    """No entry matches the query (exit 1, like a search that finds nothing)."""

    exit_code = 1

    def __init__(
        self,
        query: str,
        suggestions: Sequence[str] = (),
        lang: str | None = None,
        available: Sequence[str] = (),
    ) -> None:
        self.query = query
        self.suggestions = tuple(suggestions)
        self.lang = lang
        self.available = tuple(available)
        super().__init__(self._message())

    def _message(self) -> str:
        if self.available:
            langs = ", ".join(self.available)
            return f'no {self.lang} entry "{shorten(self.query)}" (it exists in: {langs}; try --lang both)'
        message = f'no entry "{shorten(self.query)}".'
        if self.suggestions:
            message += f" Did you mean: {', '.join(self.suggestions)}?"
        return message


class InvalidGlossary(JudgeError):
    """The glossary has errors; every one of them is listed (exit 2)."""

    exit_code = 2

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        errors = [p for p in self.problems if p.severity == "error"]
        noun = "error" if len(errors) == 1 else "errors"
        lines = [f"the glossary has {len(errors)} {noun}:", *(str(p) for p in errors)]
        super().__init__("\n".join(lines))


class UsageProblem(JudgeError):
    """Bad input that click could not catch, such as an unknown game (exit 2)."""

    exit_code = 2


class BadData(JudgeError):
    """A data file or scenario is wrong: `file:line: message` (exit 2)."""

    exit_code = 2

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file, self.line, self.message = file, line, message
        where = file if line is None else f"{file}:{line}"
        super().__init__(f"{where}: {message}")


class UnknownName(JudgeError):
    """An unknown trigger, step or player named on the command line (exit 2), with suggestions."""

    exit_code = 2

    def __init__(self, what: str, name: str, suggestions: Sequence[str] = ()) -> None:
        self.what, self.name, self.suggestions = what, name, tuple(suggestions)
        message = f'unknown {what} "{name}".'
        if self.suggestions:
            message += f" Did you mean: {', '.join(self.suggestions)}?"
        super().__init__(message)
class NoHits(EntryNotFound):
    """A search found nothing (exit 1); suggestions come from the index's own vocabulary."""

    def _message(self) -> str:
        message = f'nothing found for "{shorten(self.query)}".'
        if self.suggestions:
            message += f" Did you mean: {', '.join(self.suggestions)}?"
        return message


def shorten(query: str, width: int = 60) -> str:
    """A query as an error message quotes it: one line, at most `width` characters."""
    line = " ".join(query.split())
    return line if len(line) <= width else line[: width - 1] + "…"


MAX_LINE = 500


def printable(message: str) -> str:
    """`message` safe to print on a terminal: a control or format character that came in with
    the input (an escape sequence, a bell, a right-to-left override) is shown as its code,
    `\\x1b`, not sent; line breaks between the lines of a message stay; a line that quotes a
    huge value is cut to MAX_LINE characters."""
    lines = ("".join(c if c.isprintable() else _escaped(c) for c in line) for line in message.split("\n"))
    return "\n".join(line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…" for line in lines)


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
