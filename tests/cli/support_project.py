"""A project directory around the bundled support agent's config, and a Ctrl-C after N cells: what the resume tests
share."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
import yaml

from windtunnel.engine.session import RunSession

REPO = Path(__file__).resolve().parents[2]


def support_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The support agent's config without its replays, with ``tmp_path`` as the working directory (its runs stored
    there, the example's agent importable); the caller edits and writes it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(REPO))
    monkeypatch.delenv("WINDTUNNEL_STORE", raising=False)
    data: dict[str, Any] = yaml.safe_load((REPO / "examples/support_agent/windtunnel.yaml").read_text("utf-8"))
    data.pop("replays", None)
    return data


def ctrl_c_after(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    """Make the next run stop as Ctrl-C would, after its first ``n`` cells."""
    real = RunSession.run

    async def interrupted(self: RunSession, cells: Iterable[Any]) -> None:
        await real(self, list(islice(iter(cells), n)))
        raise KeyboardInterrupt

    monkeypatch.setattr(RunSession, "run", interrupted)
