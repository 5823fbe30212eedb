"""YAML with line numbers: the engine's data files and scenarios report `file:line: message`.

The document is composed (yaml's node graph keeps each node's start mark), then built into
plain dicts, lists and scalars. Every mapping is a `Located` dict that remembers its own line
and the line of each key, so a validator can point at the offending line. Only the standard
YAML tags are accepted: a tag such as `!!python/object` is an error, never a constructor call.
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


def load(path: Path, text: str | None = None) -> Located:
    """Read `path` (or `text`, named as `path`) into a `Located` mapping, or raise BadData."""
    import yaml

    where = display(path)
    if text is None:
        try:
            text = path.read_text("utf-8")
        except OSError as exc:
            raise BadData(where, None, f"cannot be read ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise BadData(where, None, "is not UTF-8 text") from None
    try:
        node = yaml.compose(text, Loader=fast_loader())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise BadData(where, line, f"not valid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise BadData(where, None, f"not valid YAML: {exc}") from None
    if node is None:
        raise BadData(where, 1, "is empty; expected a mapping of keys")
    value = _build(node, where, yaml.constructor.SafeConstructor())
    if not isinstance(value, Located):
        raise BadData(where, node.start_mark.line + 1, "must be a mapping of keys (key: value), not a list or a value")
    return value


def _build(node: yaml.Node, where: str, scalars: yaml.constructor.SafeConstructor) -> Any:
    """Located mappings and lists; `scalars` (one per document) turns the scalars into values."""
    import yaml

    line = node.start_mark.line + 1
    if node.tag not in _STANDARD:
        raise BadData(where, line, f"YAML tags are not allowed here ({node.tag})")
    if isinstance(node, yaml.MappingNode):
        result = Located()
        result.line, result.key_lines, result.where = line, {}, where
        for key_node, value_node in node.value:
            key = _build(key_node, where, scalars)
            if not isinstance(key, str):
                raise BadData(where, key_node.start_mark.line + 1, f"keys must be text, not {key!r}")
            if key in result:
                raise BadData(where, key_node.start_mark.line + 1, f"{key}: given twice")
            result[key] = _build(value_node, where, scalars)
            result.key_lines[key] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        items = LocatedList(_build(item, where, scalars) for item in node.value)
        items.line, items.lines = line, [item.start_mark.line + 1 for item in node.value]
        return items
    return scalars.construct_object(node)
