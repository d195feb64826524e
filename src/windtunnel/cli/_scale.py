"""Command-line options for running elsewhere: ``--executor``, ``--ray-address``, ``--shard`` (docs/scale.md).

Declared once so that ``run``, ``contract run``, ``ci``, ``explore`` and ``leak scan`` spell and explain them the
same way. They choose *where* cells run, never *which* cells or how they are judged: a run on Ray, or split over
shards and merged, has the cells and the score of the same run in one process (the config fingerprint ignores
the executor, so ``--resume`` may switch it). The values are checked by the flows, before any agent call.
"""

from __future__ import annotations

import typer

ExecutorOpt = typer.Option(
    None,
    "--executor",
    help="Where cells run: local (this process) or ray (Ray actors; pip install 'windtunnel[ray]'). "
    "Default: advanced.executor, else local.",
)
RayAddressOpt = typer.Option(
    None,
    "--ray-address",
    help="Join this Ray cluster (ray://HEAD:10001, or auto); implies --executor ray. "
    "Default: advanced.ray.address, else a local Ray started for the run.",
)
ShardOpt = typer.Option(
    None,
    "--shard",
    metavar="I/N",
    help="Run only shard I of N of the cells (CI jobs in parallel; needs a fixed --seed); "
    "combine the shards with `windtunnel runs merge`.",
)
ScanExecutorOpt = typer.Option(
    None,
    "--executor",
    help="Where a JSONL dataset is audited: local (this machine; see --jobs) or ray (Ray tasks over byte "
    "ranges; pip install 'windtunnel[ray]'). The report is identical either way.",
)
