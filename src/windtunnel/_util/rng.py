"""Deterministic seeding: every random choice comes from (run seed, cell id)."""

from __future__ import annotations

import hashlib
import random
from typing import Any, NoReturn

_blake2b = hashlib.blake2b
_from_bytes = int.from_bytes
_BLOCK_BITS = 512
"""Bits in one BLAKE2b-512 block of a :class:`HashRandom`'s stream."""
_SEQUENCES = frozenset({list, tuple, range, str})


def _key(seed: int | None, parts: tuple[object, ...]) -> bytes:
    # repr(seed), then each part after a 0x1f separator
    return "\x1f".join([repr(seed), *map(str, parts)]).encode("utf-8", "surrogatepass")


def derive_seed(seed: int | None, *parts: object) -> int:
    """A 64-bit seed derived from the run seed and any identifying parts (stable across runs)."""
    return _from_bytes(_blake2b(_key(seed, parts), digest_size=8).digest(), "big")


def cell_rng(seed: int | None, *parts: object) -> random.Random:
    """A private ``random.Random`` for one cell; never the global RNG."""
    return random.Random(derive_seed(seed, *parts))


class HashRandom(random.Random):
    """A ``random.Random`` whose bits are BLAKE2b-512 blocks of its key (block ``i`` salted with ``i``).

    Made for the many short-lived generators of mutation planning: a Mersenne Twister costs ~3.5 µs to
    seed (and a twist of 624 words on its first draw), which a variant's ~12 draws never repay; this one
    costs one hash, and 512 bits cover a typical variant. Every method of ``random.Random`` works
    (``choice``, ``randrange``, ``sample``, ``shuffle`` through :meth:`_randbelow`; ``uniform``,
    ``choices``, ``gauss`` through :meth:`random`); the draws differ from a ``random.Random`` seeded
    with the same key. It cannot be reseeded.
    """

    def __init__(self, key: bytes) -> None:  # no super().__init__: the Twister is never seeded
        self._key = key
        self._blocks = 1
        self._pool = _from_bytes(_blake2b(key, digest_size=64).digest(), "little")
        self._left = _BLOCK_BITS
        self.gauss_next = None

    def seed(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a HashRandom's stream is fixed by its key; make a new one to reseed")

    def getstate(self) -> NoReturn:
        raise TypeError("a HashRandom has no Mersenne Twister state; keep its key instead")

    def setstate(self, state: Any) -> NoReturn:
        raise TypeError("a HashRandom has no Mersenne Twister state; make a new one from its key")

    def _refill(self) -> None:
        block = _blake2b(self._key, digest_size=64, salt=self._blocks.to_bytes(16, "little")).digest()
        self._blocks += 1
        self._pool |= _from_bytes(block, "little") << self._left
        self._left += _BLOCK_BITS

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        while self._left < k:
            self._refill()
        pool = self._pool
        self._pool = pool >> k
        self._left -= k
        return pool & ((1 << k) - 1)

    def _randbelow(self, n: int) -> int:
        # getrandbits inlined (most draws are choice/randrange/sample): k bits, rejected while >= n
        k = n.bit_length()
        mask = (1 << k) - 1
        while True:
            if self._left < k:
                self._refill()
            pool = self._pool
            self._pool = pool >> k
            self._left -= k
            r = pool & mask
            if r < n:
                return r

    def random(self) -> float:
        return self.getrandbits(53) * 1.1102230246251565e-16  # 2**-53

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        """``k`` distinct picks of a list, tuple, range or str (other populations and ``counts`` as
        ``random.Random.sample`` does them); without its abstract-base-class check and set-up."""
        if counts is not None or type(population) not in _SEQUENCES:
            return super().sample(population, k, counts=counts)
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        below = self._randbelow
        if n <= 4 * k + 32:  # a partial Fisher-Yates shuffle of a copy
            pool = list(population)
            for i in range(k):
                j = i + below(n - i)
                pool[i], pool[j] = pool[j], pool[i]
            return pool[:k]
        picked: set[int] = set()  # few picks from many: draw indices, redraw a repeat
        out = []
        for _ in range(k):
            j = below(n)
            while j in picked:
                j = below(n)
            picked.add(j)
            out.append(population[j])
        return out


def variant_rng(seed: int | None, *parts: object) -> HashRandom:
    """A private :class:`HashRandom` for one (seed, parts); the same parts always draw the same values."""
    return HashRandom(_key(seed, parts))
