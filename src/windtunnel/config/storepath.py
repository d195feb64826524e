"""Where the run store lives: one precedence rule for every command, without opening (or importing) SQLite.

``--store`` beats ``$WINDTUNNEL_STORE``, which beats the config's ``advanced.store``, which defaults to
``.windtunnel/runs.db``. The rule lives beside the config because it resolves a config value; ``validate``
checks the resulting path (a directory, a path under a file) without paying for the store's own imports.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from windtunnel.config.model import Config

DEFAULT_STORE_PATH = Path(".windtunnel") / "runs.db"
"""The store of a command given neither ``--store``, ``$WINDTUNNEL_STORE`` nor a config (relative to the cwd)."""


def default_store_path() -> Path:
    """``$WINDTUNNEL_STORE`` when set, else ``.windtunnel/runs.db`` (what every command uses without --store).

    Read on every call, not at import, so a test or a parent process may set the variable late."""
    return Path(os.environ.get("WINDTUNNEL_STORE") or DEFAULT_STORE_PATH)


def store_path(cfg: Config | None, store: Path | None) -> Path:
    """The store a run with config ``cfg`` writes to: ``store`` (the ``--store`` option) > ``$WINDTUNNEL_STORE``
    > ``advanced.store`` > the default. ``cfg`` is None before a config is known (``runs`` commands)."""
    if store:
        return Path(store)
    if cfg is not None and not os.environ.get("WINDTUNNEL_STORE"):
        return Path(cfg.advanced.store)
    return default_store_path()
