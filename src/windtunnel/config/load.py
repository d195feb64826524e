"""Finding, reading and validating a config; errors name the file, the line (or the key path of a
mapping), the offending key and the closest valid key.

The YAML reader is :mod:`windtunnel._util.yamlsource`; the error explainer :mod:`windtunnel._util.explain`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, ValidationError

from windtunnel._util.errors import ConfigError
from windtunnel._util.explain import format_validation_error as explain
from windtunnel._util.yamlsource import MAX_YAML_NODES, SourceMap, read_text, read_yaml
from windtunnel.config.model import Config

CONFIG_NAMES = ("windtunnel.yaml", "windtunnel.yml", "flakestorm.yaml", "flakestorm.yml")


def find_config(path: str | os.PathLike[str] | None) -> Path:
    """The config file to use: ``path`` if given, else the first of :data:`CONFIG_NAMES` in the working directory
    (``windtunnel.yaml`` before the upstream ``flakestorm.yaml``). A missing path, a directory, or no config found is a
    :class:`ConfigError` saying how to give or create one (exit 2).
    """
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
    return parse_config(read_text(p), str(p))


def parse_config(text: str, file: str = "<string>") -> Config:
    """Validate config ``text`` (YAML) read from ``file`` into a :class:`~windtunnel.config.model.Config`.

    Every error is a :class:`~windtunnel._util.errors.ConfigError` that names ``file``: an empty document, a top
    level that is not a mapping, or every schema error at once with its line, key and the closest valid key. The
    result remembers its source and line map, so later checks (preflight) can point at lines too.
    """
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
    data: object,
    smap: SourceMap,
    *,
    root: type[BaseModel] | None = None,
    what: str = "invalid configuration",
    top: str = "(top level)",
) -> str:
    """Every error of ``err`` with line, key and closest valid key; ``root`` is the validated model
    (default: the whole config), ``what`` names the document in the first line and ``top`` its top level."""
    if root is None:
        root = Config
    return explain(err, data, smap, root=root, what=what, top=top)


def config_from_mapping(
    data: Mapping[str, object], label: str = "<mapping>", base_dir: str | os.PathLike[str] | None = None
) -> Config:
    """Validate a config given as a mapping (the Python API); errors are explained as for a file, each
    naming the key path (``agent.endpoint``) instead of a line.

    ``base_dir``: where relative paths in the config resolve (default: the working directory).
    """
    if not isinstance(data, dict):
        data = dict(data)
    try:
        cfg = Config.model_validate(data)
    except ValidationError as err:
        raise ConfigError(format_validation_error(err, data, SourceMap(label))) from None
    if base_dir is not None:
        cfg._source = Path(base_dir) / label
    return cfg


__all__ = [
    "CONFIG_NAMES",
    "MAX_YAML_NODES",
    "SourceMap",
    "config_from_mapping",
    "find_config",
    "format_validation_error",
    "load_config",
    "parse_config",
    "read_text",
    "read_yaml",
]
