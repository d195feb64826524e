"""Finding the sessions to replay: files, directories, and the config's ``replays:`` block.

Sessions come from paths on the command line, from ``replays.sessions`` (a ``file:`` or an inline session) and
from ``replays.sources`` (exports of LangSmith, OpenTelemetry or Langfuse, or live imports). Files in a directory
that are not sessions are reported as skipped with the reason, never silently ignored."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from windtunnel._util.errors import ConfigError, UsageError
from windtunnel.config.load import SourceMap, read_yaml
from windtunnel.config.model import Config
from windtunnel.replay.importers import import_source
from windtunnel.replay.session import LoadedSession, load_session_file, parse_session, scan_directory


@dataclass
class Collected:
    """The sessions found, each with where it came from, and the files skipped with the reason.

    Skipped files end up in the report (``run.skipped_files``) and the summary's count, so a session that did not
    load is visible without reading logs."""

    sessions: list[LoadedSession] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)
    """Files in a directory that are not sessions, with the reason."""


def collect_paths(paths: Sequence[Path]) -> Collected:
    """Sessions from files and directories (a directory: every session file in it, recursively).

    A path that does not exist is a usage error (exit 2), not an empty replay; files in a directory that are not
    sessions are listed as skipped, with the reason."""
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
    """Where each key of the config file is (for line numbers in inline-session errors).

    ``None`` for a config built in code or a file that can no longer be read: errors then name the entry without a
    line, rather than failing for lack of one."""
    if cfg._source is None:
        return None
    if isinstance(cfg._lines, SourceMap):  # the map read with the config: its lines are worked out on first use
        return cfg._lines
    try:
        return read_yaml(cfg._source.read_text(encoding="utf-8"), str(cfg._source))[1]
    except (OSError, UnicodeDecodeError, ConfigError):
        return None


def collect_entry(cfg: Config, i: int, entry: dict[str, Any], smap: SourceMap | None = None) -> Collected:
    """The sessions of ``replays.sessions[i]``: a ``file:`` (a session file or a directory of them, relative to the
    config) or one inline session. ``smap``: the config's source map.

    A ``file:`` entry with other keys is an error (the rest belongs in the file); an inline session's errors point
    at its lines in the config."""
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
    """The sessions imported from ``replays.sources[j]``.

    Each keeps the source's index as its place, so messages about an imported session point at the source entry
    that produced it."""
    assert cfg.replays is not None
    where = str(cfg._source) if cfg._source is not None else "the config"
    source = cfg.replays.sources[j]
    return [LoadedSession(s, None, j) for s in import_source(source, base_dir=cfg.base_dir, where=where)]


def collect_config(cfg: Config) -> Collected:
    """Sessions listed under ``replays.sessions`` (``file:`` relative to the config, or inline) and imported from
    ``replays.sources`` that give a ``path``.

    A source that cannot be imported here is listed as skipped with the reason (the preflight says the same before
    a run); the config is re-read for line numbers only when an inline session needs them."""
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
