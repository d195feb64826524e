"""Deterministic seeding: every random choice comes from (run seed, cell id)."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int | None, *parts: object) -> int:
    """A 64-bit seed derived from the run seed and any identifying parts (stable across runs)."""
    h = hashlib.blake2b(digest_size=8)
    h.update(repr(seed).encode())
    for part in parts:
        h.update(b"\x1f")
        h.update(str(part).encode("utf-8", "surrogatepass"))
    return int.from_bytes(h.digest(), "big")


def cell_rng(seed: int | None, *parts: object) -> random.Random:
    """A private ``random.Random`` for one cell; never the global RNG."""
    return random.Random(derive_seed(seed, *parts))
