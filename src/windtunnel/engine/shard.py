"""``--shard I/N``: a deterministic 1/N of a plan's cells, for CI systems that run jobs in parallel.

Shard ``I`` of ``N`` holds the ``I``-th of ``N`` contiguous, near-equal slices of the plan in plan order
(cells ``⌊(I-1)·n/N⌋ … ⌊I·n/N⌋-1`` of ``n``). Every cell is in exactly one shard, a rerun of the same
config and seed picks the same cells, and the shards' results concatenated in shard order are the
unsharded plan's order, which is how :mod:`windtunnel.store.merge` puts them back together.

Each shard's report carries ``run.shard_plan`` (:func:`plan_record`): the size of the whole plan, how many
cells this shard planned, a digest of their ids and, up to :data:`MAX_LISTED_IDS`, the ids themselves. A merge
checks the shards against it, so a shard with a cell removed, repeated or brought in from elsewhere is refused
rather than scored (the digest is a checksum, not a signature: it catches an edited or truncated report, not
someone who rewrites the record to match).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from windtunnel._util.errors import UsageError

T = TypeVar("T")

_FORM = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of ``count`` (both 1-based, as ``--shard I/N`` is written). Slices are contiguous and
    near-equal, so concatenating the shards in order gives back the plan."""

    index: int
    """1-based."""
    count: int

    def __str__(self) -> str:
        """The shard as ``--shard`` writes it: ``I/N``."""
        return f"{self.index}/{self.count}"

    def bounds(self, n: int) -> tuple[int, int]:
        """``[start, end)`` of this shard in a plan of ``n`` cells.

        Integer arithmetic only, so every shard computes the same boundaries and the slices cover the plan exactly
        once, whatever ``n`` and the shard count."""
        return (self.index - 1) * n // self.count, self.index * n // self.count

    def select(self, cells: Sequence[T]) -> list[T]:
        """This shard's cells of a materialised plan, in plan order."""
        start, end = self.bounds(len(cells))
        return list(cells[start:end])


def parse_shard(text: str) -> Shard:
    """``"2/3"`` → ``Shard(2, 3)``; anything else is a usage error (exit 2) naming the form.

    Spaces around the numbers are allowed; a shard number of 0 or above the count is an error whose hint lists the
    valid shards for that count."""
    m = _FORM.match(text or "")
    if not m:
        raise UsageError(
            f"--shard {text!r} is not of the form I/N", hint="write e.g. --shard 2/3 (the second of three)"
        )
    index, count = int(m.group(1)), int(m.group(2))
    if count < 1 or not 1 <= index <= count:
        raise UsageError(
            f"--shard {text}: the shard number must be between 1 and the shard count",
            hint=f"with {max(count, 1)} shards use --shard 1/{max(count, 1)} … {max(count, 1)}/{max(count, 1)}",
        )
    return Shard(index, count)


def require_fixed_seed(shard: Shard | None, seed: int | None, configured: int | None) -> None:
    """Every shard must plan the same cells: a sharded run needs ``--seed`` or ``advanced.seed``.

    Without one each CI job would draw its own seed, plan different mutations, and the shards would neither cover
    the plan nor merge; the error says to pass the same seed to every shard."""
    if shard is not None and shard.count > 1 and seed is None and configured is None:
        raise UsageError(
            f"--shard {shard} needs a fixed seed: with a fresh seed per job the shards would plan different cells",
            hint="pass the same --seed to every shard, or set advanced.seed in the config",
        )


MAX_LISTED_IDS = 5000
"""A shard's plan record lists its cell ids up to this many (beyond, the count and the digest stand for them)."""


def ids_digest(index: int, count: int, whole: int, ids: Iterable[str]) -> str:
    """A digest of a shard's planned cell ids (order-free) and its place in the plan.

    The shard's index, count and the whole plan's size are hashed in, so a report moved to another shard position
    or taken from a plan of another size does not verify."""
    h = hashlib.sha256(f"windtunnel shard {index}/{count} of {whole}\n".encode())
    for cell_id in sorted(ids):
        h.update(cell_id.encode("utf-8", "surrogatepass") + b"\n")
    return "sha256:" + h.hexdigest()


def plan_record(shard: Shard, whole: int, ids: Sequence[str]) -> dict[str, Any]:
    """What a shard's report says it planned (``run.shard_plan``; see the module docstring)."""
    record: dict[str, Any] = {
        "whole": whole,
        "cells": len(ids),
        "digest": ids_digest(shard.index, shard.count, whole, ids),
    }
    if len(ids) <= MAX_LISTED_IDS:
        record["ids"] = list(ids)
    return record
