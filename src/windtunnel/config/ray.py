"""``advanced.ray``: where the Ray executor places its actors (plain data; importing it never imports Ray)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from windtunnel._util.model import StrictModel


class RayConfig(StrictModel):
    """Placement of the Ray executor (``advanced.executor: ray``) and of ``leak scan --executor ray``.

    Placement only: it does not change which cells a run has or how they are judged, so a ``--resume`` may change
    it (:data:`~windtunnel.flows.common.FINGERPRINT_IGNORED`). Ray itself is an extra, imported by the executor when
    a run uses it; a config naming ``ray`` validates without it installed, and the run says how to install it."""

    address: str | None = None
    """An existing cluster (``ray://head:10001``, ``auto``); ``None`` starts a local Ray for the run."""
    num_actors: int | None = Field(None, ge=1, le=10000)
    """Actors, each hosting one agent instance; ``None``: the cluster's CPUs / ``num_cpus_per_actor``."""
    num_cpus_per_actor: float = Field(1.0, gt=0)
    resources: dict[str, float] = Field(default_factory=dict)
    """Custom Ray resources each actor needs (``{"gpu_box": 1}``): places actors on the nodes that have them."""
    runtime_env: dict[str, Any] | None = None
    """Ray ``runtime_env`` for the actors; ``None``: with an ``address``, the working directory is shipped as
    ``working_dir`` (without ``.git``, ``.venv``, ``.windtunnel``); a local Ray shares this machine's files."""
