"""Deterministic seeding: every random choice comes from (run seed, cell id)."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int | None, *parts: object) -> int:
    """A 64-bit seed derived from the run seed and any identifying parts (stable across runs)."""
    # BLAKE2b of repr(seed), then each part after a 0x1f separator (one update: the same digest as one per piece)
    data = "\x1f".join([repr(seed), *map(str, parts)]).encode("utf-8", "surrogatepass")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def cell_rng(seed: int | None, *parts: object) -> random.Random:
    """A private ``random.Random`` for one cell; never the global RNG."""
    return random.Random(derive_seed(seed, *parts))
