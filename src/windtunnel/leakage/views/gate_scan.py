"""The pre-check's needle-independent gates in one multi-pattern pass (optional: ``pip install windtunnel[fast]``).

The pre-check (:mod:`windtunnel.leakage.prefilter`) asks, of every item's serialised projection, some twenty
gates that do not depend on the answer: the markers of the decoders it does not model, the definitions the
``references`` view resolves, an upstream-named key. Each is a pass over the bytes (a search for two bytes
or more, or a regex: ~1 ns a byte), and on most items every one says no; a clean 1.3 KB ticket pays ~9 µs
for them, a quarter of its audit. Joining items into batches does not help: the passes are bound by the bytes
they read, not by their calls (measured: see docs/leakage.md, "Performance").

A :class:`MultiGate` compiles regexes (one or more per gate) into one Hyperscan database (a multi-pattern
engine with SIMD literal prefilters: one pass over the bytes for all of them, ~2 µs over a ticket) and says
which gates *may* hold. Every regex is a necessary condition of its gate (the gate's own pattern without its
look-arounds, or a literal it needs), so a gate the pass rules out would have said no, and the pre-check
skips it; a gate the pass names is asked exactly as before. Without the ``hyperscan`` package (or where its
wheel does not exist) :meth:`MultiGate.holding` answers ``None`` and every gate is asked: the plan is the
same either way (``tests/leakage/test_leak_gate_scan.py`` checks each pattern against its gate on generated
serialisations, and the plans with and without the engine on the blind batches' items).

Compiling the database takes ~0.2–0.5 s, more than a small scan saves, so the compiled database is kept in
the user's cache folder (``$WINDTUNNEL_CACHE_DIR``, else ``$XDG_CACHE_HOME/windtunnel``, else
``~/.cache/windtunnel``), named by a digest of the patterns and the engine's version, and loaded from there
(~0.1 ms) by every later process, scan workers included; where the folder cannot be written it is compiled
in each process.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

Alternatives = Sequence[Sequence[bytes]]
"""A gate's necessary condition: one of the alternatives matches, each alternative a list of regexes that
must all match somewhere (``(?i)`` first: matched in any case)."""

_NOTHING: frozenset[str] = frozenset()


class MultiGate:
    """Named gates, each with its :data:`Alternatives`, asked of a text in one Hyperscan pass.

    The database is compiled on first use (a few ms); ``holding`` of a text none of whose regexes match
    costs the one pass and no Python call per pattern."""

    def __init__(self, gates: Mapping[str, Alternatives]) -> None:
        """Keep the gates; nothing is compiled until :meth:`holding` is first asked."""
        self._gates = {name: [list(alt) for alt in alts] for name, alts in gates.items()}
        self._db: Any = None
        self._scratch: Any = None
        self._threads = threading.local()
        self._groups: tuple[tuple[str, tuple[frozenset[int], ...]], ...] = ()
        self._ready = False

    def _build(self) -> None:
        """Compile every distinct regex into one database (none when ``hyperscan`` cannot be imported)."""
        self._ready = True
        try:  # optional and native: imported on first use, so `import windtunnel` stays light without it
            hs = importlib.import_module("hyperscan")
        except ImportError:
            return
        ids: dict[bytes, int] = {}
        groups = []
        for name, alts in self._gates.items():
            groups.append((name, tuple(frozenset(ids.setdefault(p, len(ids)) for p in alt) for alt in alts)))
        patterns = list(ids)
        flags = []
        exprs = []
        for p in patterns:
            caseless = p.startswith(b"(?i)")
            exprs.append(p[4:] if caseless else p)
            flags.append(hs.HS_FLAG_SINGLEMATCH | (hs.HS_FLAG_CASELESS if caseless else 0))
        digest = hashlib.sha256(repr((getattr(hs, "__version__", ""), exprs, flags)).encode()).hexdigest()[:24]
        kept = cache_dir() / f"gates-{digest}.hsdb"
        db = None
        try:
            db = hs.loadb(kept.read_bytes(), hs.HS_MODE_BLOCK)
        except (OSError, hs.error):  # not compiled here yet, or unreadable: compiled below
            db = None
        if db is None:
            db = hs.Database()
            db.compile(expressions=exprs, ids=list(range(len(exprs))), elements=len(exprs), flags=flags)
            _keep(kept, hs.dumpb(db))
        self._db = db
        self._scratch = hs.Scratch
        self._groups = tuple(groups)

    def holding(self, text: bytes) -> frozenset[str] | None:
        """The gates one of whose alternatives matches ``text`` (a superset of those that hold);
        ``None`` without the engine: every gate may hold."""
        if not self._ready:
            self._build()
        db = self._db
        if db is None:
            return None
        scratch = getattr(self._threads, "scratch", None)
        if scratch is None:  # a scan's working memory, one per thread (a scan in progress holds it)
            scratch = self._threads.scratch = self._scratch(db)
        found: list[int] = []
        db.scan(text, match_event_handler=_collect, context=found, scratch=scratch)
        if not found:
            return _NOTHING
        seen = set(found)
        return frozenset(name for name, alts in self._groups if any(alt <= seen for alt in alts))


def _collect(pattern: int, _start: int, _end: int, _flags: int, found: list[int]) -> None:
    """Hyperscan's match callback: note the pattern (each reports once: ``HS_FLAG_SINGLEMATCH``)."""
    found.append(pattern)


def cache_dir() -> Path:
    """Where compiled databases are kept (see the module's doc)."""
    given = os.environ.get("WINDTUNNEL_CACHE_DIR")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "windtunnel"


def _keep(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file renamed: scan workers may race)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:  # a read-only home: compiled again by the next process
        return


def available() -> bool:
    """Whether the multi-pattern engine can be used here (the ``hyperscan`` package imports)."""
    try:  # see MultiGate._build
        importlib.import_module("hyperscan")
    except ImportError:
        return False
    return True
