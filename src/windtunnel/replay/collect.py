"""Finding the sessions to replay: files, directories, and the config's ``replays:`` block."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from windtunnel._util.errors import ConfigError, UsageError
from windtunnel.config.model import Config
from windtunnel.replay.session import LoadedSession, load_session_file, parse_session, scan_directory


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


def collect_config(cfg: Config) -> Collected:
    """Sessions listed under ``replays.sessions`` (``file:`` relative to the config, or inline) and
    imported from ``replays.sources`` that give a ``path``."""
    out = Collected()
    replays = cfg.replays
    if replays is None:
        return out
    where = str(cfg._source) if cfg._source is not None else "the config"
    for i, entry in enumerate(replays.sessions):
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
        else:
            session = parse_session(entry, f"{where}: replays.sessions[{i}]")
            out.sessions.append(LoadedSession(session, None, i))
    for j, source in enumerate(replays.sources):
        from windtunnel.replay.importers import import_source

        out.sessions += [
            LoadedSession(s, None, j) for s in import_source(source, base_dir=cfg.base_dir, where=where)
        ]
    return out
