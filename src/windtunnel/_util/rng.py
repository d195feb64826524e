"""Deterministic seeding: every random choice comes from (run seed, cell id).

A run is repeatable because no random choice reads the global RNG or the clock: each cell (and each mutation
variant) gets a generator keyed by the run seed and its own identifying parts, so the same seed and config
reproduce every fault firing and every mutated prompt, in any order and on any machine, and running cells
concurrently or on Ray actors changes nothing."""

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
    """The bytes a generator is keyed by: the seed's ``repr``, then each part, separated by ``0x1f`` (a character no
    identifying part contains), so ``("a", "bc")`` and ``("ab", "c")`` never share a key."""
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
        """A generator whose stream is fixed by ``key``: the first block is hashed now, the rest on demand."""
        self._key = key
        self._blocks = 1
        self._pool = _from_bytes(_blake2b(key, digest_size=64).digest(), "little")
        self._left = _BLOCK_BITS
        self.gauss_next = None

    def seed(self, *args: Any, **kwargs: Any) -> NoReturn:
        """Refuse: the stream is a function of the key, and reseeding would break the promise that a key always draws
        the same values."""
        raise TypeError("a HashRandom's stream is fixed by its key; make a new one to reseed")

    def getstate(self) -> NoReturn:
        """Refuse: there is no Twister state to save (the key is the state)."""
        raise TypeError("a HashRandom has no Mersenne Twister state; keep its key instead")

    def setstate(self, state: Any) -> NoReturn:
        """Refuse: there is no Twister state to restore."""
        raise TypeError("a HashRandom has no Mersenne Twister state; make a new one from its key")

    def _refill(self) -> None:
        """Append the next 512-bit block of the stream to the bit pool."""
        block = _blake2b(self._key, digest_size=64, salt=self._blocks.to_bytes(16, "little")).digest()
        self._blocks += 1
        self._pool |= _from_bytes(block, "little") << self._left
        self._left += _BLOCK_BITS

    def getrandbits(self, k: int) -> int:
        """``k`` random bits from the pool (refilled block by block as needed): the primitive every other method
        draws from."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        while self._left < k:
            self._refill()
        pool = self._pool
        self._pool = pool >> k
        self._left -= k
        return pool & ((1 << k) - 1)

    def _randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling on ``n.bit_length()`` bits, so no value is favoured."""
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
        """A float in ``[0, 1)`` with 53 random bits, as ``random.Random.random`` gives."""
        return self.getrandbits(53) * 1.1102230246251565e-16  # 2**-53

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        """``k`` distinct picks of a list, tuple, range or str (other populations and ``counts`` as
        ``random.Random.sample`` does them); without its abstract-base-class check and set-up.

        Few picks from a large population draw indices and redraw repeats (no copy of the population); otherwise a
        partial Fisher-Yates shuffle of a copy. Both are uniform; they differ from ``random.Random.sample`` only
        in which draws map to which sample."""
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
