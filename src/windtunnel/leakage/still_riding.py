"""Whether a mined candidate still rides with one label in a sanitized dataset.

``leak sanitize --mine`` rescans each sanitized item with the candidates mined from the raw data. A candidate is
evidence because the items holding it share one label; the sanitizer's own edits can end that. A count blanked to
``0`` on every label's items that held one makes the ``0`` that only one label's items held before common to all of
them: the ``0`` left on those items tells nothing any more, though the raw data's mining says it does. The rescan
therefore counts, over the sanitized items, the labels of the items holding each candidate, and an item's candidate
is still a leak only where that count keeps it as pure as mining asked of it (``MineResult.min_purity``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field

from windtunnel.leakage.mine import Key
from windtunnel.leakage.model import LeakItem


@dataclass
class StillRiding:
    """The labels of the sanitized items holding each mined candidate (:meth:`seen`, called by
    :func:`~windtunnel.leakage.mine.mined_findings` for every item it reads), and whether a candidate still rides with
    a label (:meth:`rides`, its ``keep``)."""

    min_purity: float
    holders: dict[Key, Counter[str]] = field(default_factory=dict)

    def seen(self, item: LeakItem, keys: Collection[Key]) -> None:
        """Count ``item``'s label for each candidate it holds."""
        if not item.expected:
            return
        label = item.expected[0]
        for key in keys:
            self.holders.setdefault(key, Counter())[label] += 1

    def rides(self, key: Key, label: str) -> bool:
        """Whether the sanitized items holding ``key`` are still, as mined, mostly of ``label`` (a candidate no
        sanitized item was counted for is judged as mined)."""
        held = self.holders.get(key)
        if not held:
            return True
        return held[label] >= self.min_purity * sum(held.values())
