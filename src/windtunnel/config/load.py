"""The only YAML reader: safe-loads a config, remembers where every key was, and explains errors.

Errors name the file, the line, the offending key and the closest valid key.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from windtunnel._util.errors import ConfigError

if TYPE_CHECKING:
    from pydantic import ValidationError

    from windtunnel.config.model import Config

Path_ = tuple[Any, ...]

CONFIG_NAMES = ("windtunnel.yaml", "windtunnel.yml", "flakestorm.yaml", "flakestorm.yml")


@dataclass
class SourceMap:
    """Line numbers (1-based) of every mapping key and sequence item in a YAML document."""

    file: str
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, path: Path_) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def subtree(self, prefix: Path_) -> SourceMap:
        """The lines below ``prefix``, keyed relative to it (for a document nested in another)."""
        n = len(prefix)
        return SourceMap(self.file, {p[n:]: line for p, line in self.lines.items() if p[:n] == prefix})


MAX_YAML_NODES = 1_000_000
"""Values a document may expand to. Aliases repeat a node wherever they point, so a few hundred
bytes of nested aliases ("billion laughs") would otherwise expand without end."""


MAX_YAML_DEPTH = 100
"""Nesting levels a document may have (a config needs fewer than ten); deeper is refused with its line
before the YAML parser's recursion can exhaust Python's stack."""


class _DepthLimitedLoader(yaml.SafeLoader):
    """A SafeLoader whose composer refuses nesting deeper than :data:`MAX_YAML_DEPTH`."""

    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_YAML_DEPTH:
                mark = self.peek_event().start_mark
                raise yaml.MarkedYAMLError(
                    problem=f"values nested more than {MAX_YAML_DEPTH} levels deep", problem_mark=mark
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _position(text: str, index: int) -> str:
    """``line:column`` (1-based) of character ``index`` of ``text``."""
    line = text.count("\n", 0, index) + 1
    return f"{line}:{index - (text.rfind(chr(10), 0, index) + 1) + 1}"


def _check_text(value: str, smap: SourceMap, node: yaml.Node) -> None:
    """A lone surrogate (``"\\ud800"``) cannot be encoded, sent or stored: refuse it where it is written."""
    if value.isascii():
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as err:
        raise ConfigError(
            f"{smap.file}:{node.start_mark.line + 1}: the string holds a lone surrogate "
            f"({value[err.start]!r} at character {err.start + 1}), which is not valid Unicode text",
            hint="write the character itself, or a valid \\U escape for characters outside the BMP "
            "(a surrogate pair written as two \\u escapes is read as two lone halves)",
        ) from None


@dataclass
class _Walk:
    smap: SourceMap
    open_nodes: set[int] = field(default_factory=set)
    """Nodes being built on the current path: an alias back to one of them is a cycle."""
    count: int = 0


def _construct(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, walk: _Walk) -> Any:
    smap = walk.smap
    walk.count += 1
    if walk.count > MAX_YAML_NODES:
        raise ConfigError(
            f"{smap.file}:{node.start_mark.line + 1}: the YAML expands to more than {MAX_YAML_NODES:,} values "
            "(aliases that repeat aliases?)",
            hint="write the values out, or use fewer nested aliases",
        )
    smap.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        if id(node) in walk.open_nodes:
            raise ConfigError(
                f"{smap.file}:{node.start_mark.line + 1}: an alias refers to a value that contains it "
                "(a recursive YAML alias)",
                hint="an anchor (&name) cannot be used (*name) inside its own value",
            )
        walk.open_nodes.add(id(node))
        try:
            return _construct_collection(loader, node, path, walk)
        finally:
            walk.open_nodes.discard(id(node))
    value = loader.construct_object(node, deep=True)
    if isinstance(value, str):
        _check_text(value, smap, node)
    return value


def _construct_collection(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, walk: _Walk) -> Any:
    smap = walk.smap
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ConfigError(f"{smap.file}:{key_node.start_mark.line + 1}: a mapping key must be a scalar")
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, str):
                _check_text(key, smap, key_node)
            if key in out:
                first = smap.lines.get(path + (key,))
                raise ConfigError(
                    f"{smap.file}:{key_node.start_mark.line + 1}: duplicate key {key!r}"
                    + (f" (first given on line {first})" if first else ""),
                    hint="YAML keeps only one of them: merge the two, or delete the one you do not mean",
                )
            smap.lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _construct(loader, value_node, path + (key,), walk)
        return out
    return [_construct(loader, item, (*path, i), walk) for i, item in enumerate(node.value)]


def read_yaml(text: str, file: str = "<string>") -> tuple[Any, SourceMap]:
    """Safe-load one YAML document and its source map."""
    smap = SourceMap(file)
    try:
        loader = _DepthLimitedLoader(text)
    except yaml.reader.ReaderError as err:  # a NUL or other control character: refused before parsing
        char = err.character if isinstance(err.character, int) else ord(str(err.character)[:1] or "\0")
        raise ConfigError(
            f"{file}:{_position(text, err.position)}: malformed YAML: the control character U+{char:04X} "
            "is not allowed in a YAML file (control characters other than tab and newline)",
            hint='remove it, or write it as an escape inside a double-quoted string ("\\x00", "\\e")',
        ) from None
    try:
        node = loader.get_single_node()
        if node is None:
            return None, smap
        return _construct(loader, node, (), _Walk(smap)), smap
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        raise ConfigError(
            f"{where}: malformed YAML: {err.problem or err}",
            hint="check indentation and quoting around that line (tabs are not allowed in YAML)",
        ) from None
    except yaml.YAMLError as err:
        raise ConfigError(f"{file}: malformed YAML: {err}") from None
    finally:
        loader.dispose()


def find_config(path: str | os.PathLike[str] | None) -> Path:
    """The config file to use: ``path`` if given, else the first of :data:`CONFIG_NAMES` in the cwd."""
    if path is not None:
        p = Path(path)
        if not p.exists():
            raise ConfigError(f"config file not found: {p}", hint="pass -c PATH, or run `windtunnel init`")
        if p.is_dir():
            raise ConfigError(f"{p} is a directory, not a config file")
        return p
    for name in CONFIG_NAMES:
        if Path(name).exists():
            return Path(name)
    raise ConfigError(
        f"no config file given and none of {', '.join(CONFIG_NAMES)} in {Path.cwd()}",
        hint="pass -c PATH, or create one with `windtunnel init`",
    )


def load_config(path: str | os.PathLike[str] | None = None) -> Config:
    """Read, validate and return a :class:`Config`; raises :class:`ConfigError` with file and line."""
    p = find_config(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read config {p}: {err}") from None
    return parse_config(text, str(p))


def parse_config(text: str, file: str = "<string>") -> Config:
    from pydantic import ValidationError

    from windtunnel.config.model import Config

    data, smap = read_yaml(text, file)
    if data is None:
        raise ConfigError(f"{file}: the config is empty", hint="start from `windtunnel init`")
    if not isinstance(data, dict):
        raise ConfigError(f"{file}: the top level must be a mapping of keys, got {type(data).__name__}")
    try:
        cfg = Config.model_validate(data)
    except ValidationError as err:
        raise ConfigError(format_validation_error(err, data, smap)) from None
    cfg._source = Path(file)
    cfg._lines = smap
    return cfg


def format_validation_error(
    err: ValidationError,
    data: Any,
    smap: SourceMap,
    *,
    root: Any = None,
    what: str = "invalid configuration",
    top: str = "(top level)",
) -> str:
    """Every error of ``err`` with line, key and closest valid key; ``root`` is the validated model
    (default: the whole config), ``what`` names the document in the first line and ``top`` its top level."""
    from windtunnel.config.explain import explain_error

    lines = []
    seen: set[str] = set()
    for e in err.errors(include_url=False):
        msg = explain_error(e, data, smap, root, top)
        if msg not in seen:
            seen.add(msg)
            lines.append(msg)
    head = f"{smap.file}: {what} ({len(lines)} problem{'s' if len(lines) != 1 else ''})"
    return "\n".join([head, *(f"  {m}" for m in lines)])
