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
    return loader.construct_object(node, deep=True)


def _construct_collection(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, walk: _Walk) -> Any:
    smap = walk.smap
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ConfigError(f"{smap.file}:{key_node.start_mark.line + 1}: a mapping key must be a scalar")
            key = loader.construct_object(key_node, deep=True)
            if key in out:
                raise ConfigError(f"{smap.file}:{key_node.start_mark.line + 1}: duplicate key {key!r}")
            smap.lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _construct(loader, value_node, path + (key,), walk)
        return out
    return [_construct(loader, item, (*path, i), walk) for i, item in enumerate(node.value)]


def read_yaml(text: str, file: str = "<string>") -> tuple[Any, SourceMap]:
    """Safe-load one YAML document and its source map."""
    smap = SourceMap(file)
    loader = yaml.SafeLoader(text)
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


def config_from_mapping(data: Any, label: str = "<mapping>", base_dir: str | os.PathLike[str] | None = None) -> Config:
    """Validate a config given as a mapping (the Python API); errors are explained as for a file, each
    naming the key path (``agent.endpoint``) instead of a line.

    ``base_dir``: where relative paths in the config resolve (default: the working directory).
    """
    from pydantic import ValidationError

    from windtunnel.config.model import Config

    if not isinstance(data, dict):
        data = dict(data)
    try:
        cfg = Config.model_validate(data)
    except ValidationError as err:
        raise ConfigError(format_validation_error(err, data, SourceMap(label))) from None
    if base_dir is not None:
        cfg._source = Path(base_dir) / label
    return cfg
