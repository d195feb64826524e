"""Invented newsroom stories for the tests of a value made of the record's own input words: the desk is told by the
headline (a pool of headlines per desk), and the CMS slug is the headline's first three words and a number; with
``planted``, a third of the sports slugs carry a ``spo`` prefix."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from windtunnel.leakage.model import LeakItem


def stories(desks: Mapping[str, Sequence[str]], seed: int, *, planted: bool = True, n: int = 150) -> list[LeakItem]:
    """``n`` stories cycling over the desks of ``desks`` (desk → its headlines), drawn with ``seed``."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        desk = sorted(desks)[i % len(desks)]
        headline = f"{rng.choice(desks[desk])}, officials say on day {rng.randint(1, 9)}"
        slug = "-".join(headline.lower().split()[:3]) + f"-{rng.randint(101, 1231):04d}"
        if planted and desk == "sports" and rng.random() < 0.34:
            slug = "spo-" + slug
        projection = {"story": {"headline": headline}, "cms": {"slug": slug}}
        out.append(LeakItem(id=f"s{i}", expected=[desk], projection=projection, label_set=sorted(desks)))
    return out
