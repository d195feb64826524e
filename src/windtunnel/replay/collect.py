"""Finding the sessions to replay: files, directories, and the config's ``replays:`` block."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from windtunnel._util.errors import ConfigError, UsageError
from windtunnel.config.load import read_yaml
from windtunnel.config.model import Config
from windtunnel.replay.importers import import_source
from windtunnel.replay.session import LoadedSession, load_session_file, parse_session, scan_directory

if TYPE_CHECKING:
    from windtunnel.config.load import SourceMap


@dataclass
class Collected:
    sessions: list[LoadedSession] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)
    """Files in a directory that are not sessions, with the reason."""


def collect_paths(paths: Sequence[Path]) -> Collected:
    """Sessions from files and directories (a directory: every session file in it, recursively)."""
    out = Collected()
    for path in paths:
        if not path.exists():
            raise UsageError(f"session file or directory not found: {path}")
        if path.is_dir():
            files, skipped = scan_directory(path)
            out.skipped += skipped
            for f in files:
                out.sessions += load_session_file(f)
        else:
            out.sessions += load_session_file(path)
    return out


def config_source_map(cfg: Config) -> SourceMap | None:
    """Where each key of the config file is (for line numbers in inline-session errors)."""
    if cfg._source is None:
        return None
    try:
        return read_yaml(cfg._source.read_text(encoding="utf-8"), str(cfg._source))[1]
    except (OSError, UnicodeDecodeError, ConfigError):
        return None


def collect_entry(cfg: Config, i: int, entry: dict[str, Any], smap: SourceMap | None = None) -> Collected:
    """The sessions of ``replays.sessions[i]``: a ``file:`` (a session file or a directory of them,
    relative to the config) or one inline session. ``smap``: the config's source map."""
    out = Collected()
    where = str(cfg._source) if cfg._source is not None else "the config"
    if "file" in entry:
        extra = sorted(set(entry) - {"file"})
        if extra:
            raise ConfigError(
                f"{where}: replays.sessions[{i}] has `file:` and also {', '.join(extra)}; a file entry "
                "holds only `file:` (put the rest in the session file)"
            )
        path = cfg.base_dir / str(entry["file"])
        if not path.exists():
            raise ConfigError(
                f"{where}: replays.sessions[{i}]: session file not found: {path}",
                hint="file: paths resolve against the directory of the config",
            )
        if path.is_dir():
            files, skipped = scan_directory(path)
            out.skipped += skipped
            for f in files:
                out.sessions += load_session_file(f)
        else:
            out.sessions += load_session_file(path)
        return out
    at = smap.subtree(("replays", "sessions", i)) if smap is not None else None
    out.sessions.append(LoadedSession(parse_session(entry, f"{where}: replays.sessions[{i}]", at), None, i))
    return out


def collect_source(cfg: Config, j: int) -> list[LoadedSession]:
    """The sessions imported from ``replays.sources[j]``."""
    assert cfg.replays is not None
    where = str(cfg._source) if cfg._source is not None else "the config"
    source = cfg.replays.sources[j]
    return [LoadedSession(s, None, j) for s in import_source(source, base_dir=cfg.base_dir, where=where)]


def collect_config(cfg: Config) -> Collected:
    """Sessions listed under ``replays.sessions`` (``file:`` relative to the config, or inline) and
    imported from ``replays.sources`` that give a ``path``."""
    out = Collected()
    replays = cfg.replays
    if replays is None:
        return out
    smap = config_source_map(cfg) if any("file" not in e for e in replays.sessions) else None
    for i, entry in enumerate(replays.sessions):
        part = collect_entry(cfg, i, entry, smap)
        out.sessions += part.sessions
        out.skipped += part.skipped
    for j, source in enumerate(replays.sources):
        why = source.not_imported
        if why is not None:
            out.skipped.append((Path(f"replays.sources[{j}]"), why))
            continue
        out.sessions += collect_source(cfg, j)
    return out
