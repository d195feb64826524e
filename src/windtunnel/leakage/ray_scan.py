"""``leak scan|check --executor ray``: a JSONL dataset audited by Ray tasks, one line-aligned byte range each.

The ranges are the ones :mod:`windtunnel.leakage.parallel` cuts (a range starts at a line start). The
driver reads each range and hands its bytes to a task, so the workers need no access to the file (a
cluster without a shared file system works); a task audits the range exactly as a ``--jobs`` worker does
(:func:`~windtunnel.leakage.parallel.audit_bytes`), and the driver yields the audits in file order with
absolute lines and positional ids, so the report is byte-identical to the serial scan's. At most
``3 × CPUs`` ranges are in flight or waiting to be yielded: memory stays flat however large the file.
A record that fails is re-run here, which raises exactly the serial path's error.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from windtunnel._util.errors import UsageError
from windtunnel.config.ray import RayConfig
from windtunnel.engine.placement import EXECUTORS
from windtunnel.engine.ray_executor import connect, import_ray
from windtunnel.leakage.dataset import FieldMap, _is_jsonl, iter_items
from windtunnel.leakage.model import ItemAudit
from windtunnel.leakage.parallel import (
    CHUNK_BYTES,
    MIN_CHUNK_BYTES,
    ScanWorkerError,
    _audits,
    _Chunk,
    _raise_like_serial,
    _ranges,
    audit_bytes,
)
from windtunnel.leakage.scan import audit_item

AHEAD_PER_CPU = 3


def iter_audits_ray(
    path: Path,
    fmap: FieldMap | None = None,
    *,
    decode: bool = True,
    ray_config: RayConfig | None = None,
    chunk_bytes: int | None = None,
    learned: bool | None = None,
) -> Iterator[ItemAudit]:
    """The audits of ``path`` in file order, identical to the serial scan, computed by Ray tasks.

    A JSON document or a path that is not a regular file (a pipe) is scanned here, serially. Raises
    :class:`~windtunnel.leakage.dataset.DatasetError` like the serial scan, and
    :class:`~windtunnel.leakage.parallel.ScanWorkerError` when a Ray worker dies.

    Ray is imported and connected only here (it is an optional extra and slow to import). When this call
    connected it, Ray is shut down as the iterator ends or is closed (a local Ray stops; from a cluster
    given by address the driver only disconnects); a Ray the process had already joined is left as it
    was. Range size follows the cluster's CPU count, as :func:`chunk_size` does for local workers. ``learned``
    is :func:`audit_item`'s (``None``: its default).
    """

    fm = fmap or FieldMap()
    if not path.is_file() or not _is_jsonl(path):
        for mapped in iter_items(path, fm):
            yield audit_item(mapped.item, decode=decode, learned=learned)
        return
    ray = import_ray()
    started = connect(ray, ray_config or RayConfig())
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = path.stat().st_size
        step = chunk_bytes or max(MIN_CHUNK_BYTES, min(CHUNK_BYTES, size // (cpus * 8) or MIN_CHUNK_BYTES))
        yield from _scan(ray, path, fm, decode, step, cpus * AHEAD_PER_CPU, learned)
    finally:
        if started:
            ray.shutdown()


def _scan(
    ray: Any, path: Path, fmap: FieldMap, decode: bool, step: int, window: int, learned: bool | None = None
) -> Iterator[ItemAudit]:
    """Submit ranges as tasks, at most ``window`` ahead, and yield their audits in submission order.

    The field map is put in the object store once and shared by every task. A task that fails in Ray
    (a worker lost: one retry) ends the scan with :class:`ScanWorkerError` naming the bytes; a record
    that fails in the audit ends its range with a failure that is re-raised here like the serial
    path's. Pending tasks are cancelled when the consumer stops early.
    """
    task = ray.remote(num_cpus=1, max_retries=1)(audit_bytes)
    fmap_ref = ray.put(fmap)
    pending: list[tuple[Any, tuple[int, int]]] = []
    ranges = _ranges(path.absolute(), path.stat().st_size, step)
    line_base = index_base = 0
    with path.open("rb") as fh:

        def submit() -> bool:
            """Read the next range and start its task; ``False`` when the file is exhausted."""
            nxt = next(ranges, None)
            if nxt is None:
                return False
            fh.seek(nxt[0])
            pending.append((task.remote(fh.read(nxt[1] - nxt[0]), nxt[0], fmap_ref, decode, learned), nxt))
            return True

        more = True
        try:
            while True:
                while more and len(pending) < window:
                    more = submit()
                if not pending:
                    return
                ref, (a, b) = pending.pop(0)
                try:
                    chunk: _Chunk = ray.get(ref)
                except ray.exceptions.RayError as err:
                    raise ScanWorkerError(
                        f"a Ray scan task failed while auditing bytes {a}-{b} ({type(err).__name__}); the scan "
                        "is incomplete: rerun without --executor ray to scan on this machine"
                    ) from None
                yield from _audits(chunk, line_base, index_base)
                if chunk.failure is not None:
                    _raise_like_serial(path, fmap, decode, chunk.failure, line_base, index_base + len(chunk.rows))
                line_base += chunk.lines
                index_base += len(chunk.rows)
        finally:
            for ref, _ in pending:
                ray.cancel(ref)


def scan_source(
    path: Path,
    fmap: FieldMap,
    decode: bool,
    jobs: int | None,
    executor: str | None,
    address: str | None,
    learned: bool | None = None,
) -> Iterator[ItemAudit] | None:
    """The Ray scan when ``--executor ray`` or ``--ray-address`` asks for it; ``None``: scan locally.

    The CLI's one place that chooses the executor for ``leak scan`` and ``leak check``, so both reject
    the same combinations with a :class:`UsageError` (exit 2): an unknown executor, and ``--jobs`` with
    Ray (local processes and cluster CPUs are two answers to one question). ``--ray-address`` alone
    implies Ray. Ray itself is imported only when the returned iterator is first advanced.
    """

    if executor is not None and executor not in EXECUTORS:
        raise UsageError(f"--executor {executor!r} is not one of {', '.join(EXECUTORS)}", hint="use local or ray")
    if executor == "local" or (executor is None and not address):
        return None
    if jobs is not None:
        raise UsageError(
            "--jobs sets worker processes on this machine; with --executor ray every CPU of the Ray cluster scans",
            hint="drop --jobs (or drop --executor ray)",
        )
    return iter_audits_ray(path, fmap, decode=decode, ray_config=RayConfig(address=address), learned=learned)
