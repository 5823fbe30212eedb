"""YAML with line numbers: the engine's data files and scenarios report `file:line: message`.

The document is composed (yaml's node graph keeps each node's start mark), then built into
plain dicts, lists and scalars. Every mapping is a `Located` dict that remembers its own line
and the line of each key, so a validator can point at the offending line. Only the standard
YAML tags are accepted: a tag such as `!!python/object` is an error, never a constructor call.

Limits (docs/scenarios.md): a file of at most MAX_BYTES, nested at most MAX_DEPTH levels, at
most MAX_VALUES values once aliases are expanded (a "billion laughs" of aliases of aliases
would otherwise build 10⁹ values), and no alias used inside its own anchor (a recursive
alias). Each is refused with the file and line, before any value is built.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.core.errors import BadData
from judge.core.paths import display

if TYPE_CHECKING:  # imported when a file is parsed: the compiled catalogue loads without PyYAML
    import yaml

def fast_loader() -> type[yaml.SafeLoader]:
    """libyaml when present: the same safe composer as yaml.SafeLoader, several times faster,
    and its nodes keep their start marks (lines) too."""
    import yaml

    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader

_STANDARD = {
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}


MAX_BYTES = 1_000_000
MAX_DEPTH = 32
LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"  # libyaml 0.2.6's own limit (1,000 levels)
MAX_VALUES = 100_000


class Located(dict[str, Any]):
    """A mapping from a YAML file, with the line of the mapping and of each key (1-based)."""

    line: int
    key_lines: dict[str, int]
    where: str

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)

    def fail(self, key: str | None, message: str) -> BadData:
        """The error to raise about `key` of this mapping (or the mapping itself)."""
        line = self.line if key is None else self.line_of(key)
        return BadData(self.where, line, message)


class LocatedList(list[Any]):
    line: int
    lines: list[int]


def load(path: Path, text: str | None = None, max_bytes: int = MAX_BYTES) -> Located:
    """Read `path` (or `text`, named as `path`) into a `Located` mapping, or raise BadData (also
    when the file is larger than `max_bytes`; a larger file may hold proportionally more values)."""
    import yaml

    where = display(path)
    if text is None:
        try:
            size = path.stat().st_size
            if size > max_bytes:
                raise BadData(where, None, f"is {size / 1e6:.1f} MB; a scenario or data file may hold at most "
                                           f"{max_bytes // 1_000_000} MB")
            text = path.read_text("utf-8")
        except OSError as exc:
            raise BadData(where, None, f"cannot be read ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise BadData(where, None, "is not UTF-8 text") from None
    too_deep = _too_deep(text, where)
    if too_deep:
        raise too_deep
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise BadData(where, line, f"not valid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise BadData(where, None, f"not valid YAML: {exc}") from None
    if node is None:
        raise BadData(where, 1, "is empty; expected a mapping of keys")
    value = _Builder(where, MAX_VALUES * max(max_bytes, MAX_BYTES) // MAX_BYTES).build(node, 1)
    if not isinstance(value, Located):
        raise BadData(where, node.start_mark.line + 1, "must be a mapping of keys (key: value), not a list or a value")
    return value


def _compose(text: str) -> Any:
    """yaml's node graph of `text`."""
    import yaml

    return yaml.compose(text, Loader=fast_loader())


class _Builder:
    """Located mappings and lists from the node graph; one SafeConstructor per document turns
    the scalars into values. An alias is the same node object again: `open` holds the
    collections being built, so meeting one of them again is a recursive alias."""

    def __init__(self, where: str, max_values: int = MAX_VALUES) -> None:
        import yaml

        self.where = where
        self.scalars = yaml.constructor.SafeConstructor()
        self.collections = (yaml.MappingNode, yaml.SequenceNode)  # yaml is imported lazily: keep its node types
        self.open: set[int] = set()
        self.values = 0
        self.max_values = max_values

    def build(self, node: yaml.Node, depth: int) -> Any:
        line = node.start_mark.line + 1
        if node.tag not in _STANDARD:
            raise BadData(self.where, line, f"YAML tags are not allowed here ({node.tag})")
        self.values += 1
        if self.values > self.max_values:
            raise BadData(self.where, line, f"more than {self.max_values:,} values once its aliases are expanded "
                                            "(aliases of aliases); write the values out")
        if not isinstance(node, self.collections):
            return self.scalars.construct_object(node)
        if depth > MAX_DEPTH:
            raise BadData(self.where, line, f"nested more than {MAX_DEPTH} levels deep")
        if id(node) in self.open:
            raise BadData(self.where, line, "recursive alias: an anchor (&name) is used inside its own value")
        self.open.add(id(node))
        try:
            return self._mapping(node, line, depth) if isinstance(node, self.collections[0]) else self._list(node, line, depth)
        finally:
            self.open.discard(id(node))

    def _mapping(self, node: yaml.MappingNode, line: int, depth: int) -> Located:
        result = Located()
        result.line, result.key_lines, result.where = line, {}, self.where
        for key_node, value_node in node.value:
            key = self.build(key_node, depth + 1)
            if not isinstance(key, str):
                raise BadData(self.where, key_node.start_mark.line + 1, f"keys must be text, not {_kind(key)}")
            if key in result:
                raise BadData(self.where, key_node.start_mark.line + 1, f"{key}: given twice")
            result[key] = self.build(value_node, depth + 1)
            result.key_lines[key] = key_node.start_mark.line + 1
        return result

    def _list(self, node: yaml.SequenceNode, line: int, depth: int) -> LocatedList:
        items = LocatedList(self.build(item, depth + 1) for item in node.value)
        items.line, items.lines = line, [item.start_mark.line + 1 for item in node.value]
        return items


def _kind(value: object) -> str:
    """A value as a message names it: its type, not its repr (which may be a megabyte)."""
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a mapping"
    text = repr(value)
    return text if len(text) <= 40 else f"a {type(value).__name__}"


def _too_deep(text: str, where: str) -> BadData | None:
    """The error for a document nested deeper than MAX_DEPTH, at the line where it passes it.

    Checked on libyaml's event stream before composing, and stopped there: the composer
    recurses once per level, and libyaml's time grows with the square of the depth (20,000
    brackets take seconds to compose, their first 33 events a millisecond). A syntax error is
    left for the composer to report. libyaml 0.2.6 (PyYAML 6.0.4's wheels) refuses a document
    nested past 1,000 levels in its scanner, before the events reach our limit: that one
    document is read again by PyYAML's own parser, which has no such limit, so that the error
    names our limit and its line, not libyaml's."""
    import yaml

    for loader in (fast_loader(), yaml.SafeLoader):
        depth = 0
        try:
            for event in yaml.parse(text, Loader=loader):
                if isinstance(event, yaml.CollectionStartEvent):
                    depth += 1
                    if depth > MAX_DEPTH:
                        line = event.start_mark.line + 1 if event.start_mark else None
                        return BadData(where, line, f"nested more than {MAX_DEPTH} levels deep")
                elif isinstance(event, yaml.CollectionEndEvent):
                    depth -= 1
            return None
        except yaml.MarkedYAMLError as exc:
            if exc.problem != LIBYAML_TOO_DEEP:
                return None
        except yaml.YAMLError:
            return None
    return None
