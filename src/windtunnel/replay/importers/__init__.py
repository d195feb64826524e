"""Importers: sessions from LangSmith runs, OpenTelemetry GenAI spans and Langfuse traces.

Each importer is ONE function registered with :func:`importer`, taking the parsed export (JSON data) and returning
sessions. File import needs no network; live import goes through the vendor's own client when it is installed
(``pip install windtunnel[langsmith]`` / ``windtunnel[langfuse]``).

Imported sessions match ``by_tool`` and keep the vendor's ids in their metadata, so a replay result can be traced
back to the run or trace it came from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from windtunnel._util.errors import ConfigError
from windtunnel.replay.importers.live import fetch
from windtunnel.replay.importers.registry import Importer, importer, importer_for, importers, load_builtin
from windtunnel.replay.session import Session

_load_builtin = load_builtin  # the name flows/sessions.py imports


def read_export(path: Path) -> Any:
    """A vendor export file: JSON, JSON Lines (one object per line), or JSON objects one after another.

    Tried in that order, so one file reader serves every vendor's export format; a file that is none of them is a
    config error naming the first line that does not parse."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read {path}: {err}") from None
    try:
        return json.loads(text)
    except ValueError:
        pass
    items = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            items.append(json.loads(line))
        except ValueError as err:
            concatenated = _concatenated(text)
            if concatenated is not None:
                return concatenated
            raise ConfigError(f"{path}:{n}: not JSON or JSON Lines: {err}") from None
    return items


def _concatenated(text: str) -> list[Any] | None:
    """JSON values written one after another, each over several lines (OpenTelemetry's ``ConsoleSpanExporter`` prints
    every span this way); ``None`` if the text is not that.

    Uses the JSON decoder's ``raw_decode`` to read one value at a time from where the last ended; any text that is
    not a value (a log line) makes the whole file not this format."""
    decoder = json.JSONDecoder()
    items: list[Any] = []
    i, n = 0, len(text)
    while True:
        while i < n and text[i].isspace():
            i += 1
        if i >= n:
            return items
        try:
            value, i = decoder.raw_decode(text, i)
        except ValueError:
            return None
        items.append(value)


def import_file(kind: str, path: Path) -> list[Session]:
    """Sessions from one export file of ``kind`` (``langsmith``, ``otel``, ``langfuse``).

    A file from which the importer reads no session is a config error: a wrong ``type:`` or an empty export must
    not become a replay of nothing."""
    fn = importer_for(kind)
    data = read_export(path)
    sessions = fn(data)
    if not sessions:
        raise ConfigError(
            f"{path}: no {kind} session found (expected a root run / trace with an input)",
            hint="see docs/replay.md, 'Importing from LangSmith, OpenTelemetry and Langfuse'",
        )
    return sessions


SOURCE_KINDS = {
    "langsmith": "langsmith",
    "langsmith_run": "langsmith",
    "langfuse": "langfuse",
    "otel": "otel",
}


def import_source(source: Any, *, base_dir: Path, where: str) -> list[Session]:
    """Sessions of one ``replays.sources`` entry: from ``path`` (a file), else live via the vendor client.

    ``path`` resolves against the config's directory; a missing file is a config error naming it."""
    kind = SOURCE_KINDS[source.type]
    if source.path:
        path = base_dir / source.path
        if not path.exists():
            raise ConfigError(f"{where}: replays source {source.type}: file not found: {path}")
        return import_file(kind, path)
    return fetch(source, where=where)


__all__ = ["Importer", "import_file", "import_source", "importer", "importers", "read_export"]
