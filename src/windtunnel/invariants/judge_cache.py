"""The judge's verdict cache: one SQLite file (WAL) beside the run store, shared by threads and processes.

A key is the digest of everything that can change a verdict: the grading prompt's version, the
endpoint, the model and its sampling settings, the rubric, the request shown and the answer. Only
verdicts (and, for judges that answer more than pass or fail, the
reply's text) are stored, never failures, so a judge that was down is asked again on the next run. Within
one process, cells asking the same question wait for the first one's verdict instead of asking again
(a lock per key in flight); across processes (Ray actors, CI shards) SQLite's own locking keeps the file
whole, and the worst case is one question asked twice.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

from windtunnel._util.clock import utc_now

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, passed INTEGER NOT NULL, reason TEXT NOT NULL, "
    "model TEXT NOT NULL, created TEXT NOT NULL)"
)
_REPLIES = (
    "CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, reply TEXT NOT NULL, model TEXT NOT NULL, "
    "created TEXT NOT NULL)"
)
"""Judges whose answer is more than a pass or a fail (the leakage judge: a label and a quote) keep the reply's text,
read again by the same parser on a hit."""


def cache_key(*parts: object) -> str:
    """A stable digest of ``parts`` (JSON values)."""
    text = json.dumps(parts, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


_held: dict[str, tuple[threading.Lock, int]] = {}
_held_guard = threading.Lock()


@contextlib.contextmanager
def key_lock(key: str) -> Iterator[None]:
    """Hold ``key``'s in-process lock: the same question is asked once at a time, other questions are not
    held up (a lock exists while some thread holds or waits for it)."""
    with _held_guard:
        lock, waiting = _held.get(key) or (threading.Lock(), 0)
        _held[key] = (lock, waiting + 1)
    try:
        with lock:
            yield
    finally:
        with _held_guard:
            lock, waiting = _held[key]
            if waiting == 1:
                del _held[key]
            else:
                _held[key] = (lock, waiting - 1)


class JudgeCache:
    """Verdicts by key in the SQLite file ``path`` (created with its folder on first write).

    One connection per file and process, kept open (opening and closing one per verdict would
    checkpoint the WAL every time) and used under a lock; closed when the process exits.
    """

    _open: ClassVar[dict[Path, tuple[sqlite3.Connection, threading.Lock]]] = {}
    _open_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, path: Path) -> None:
        """A handle on the cache file ``path``; nothing is opened until the first lookup or write."""
        self.path = path

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """The process's one connection to this file (opened on first use: WAL, relaxed fsync, schema created), held
        under its lock for the block; the first open registers :meth:`close_all` to run at exit.
        """
        key = self.path.resolve()
        with JudgeCache._open_lock:
            found = JudgeCache._open.get(key)
            if found is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(key, timeout=30.0, isolation_level=None, check_same_thread=False)
                _wal(db)
                db.execute("PRAGMA synchronous=NORMAL")  # a cache: a verdict lost to a power cut is asked again
                db.execute(_SCHEMA)
                db.execute(_REPLIES)
                if not JudgeCache._open:
                    atexit.register(JudgeCache.close_all)
                found = JudgeCache._open[key] = (db, threading.Lock())
        db, lock = found
        with lock:
            yield db

    @classmethod
    def close_all(cls) -> None:
        """Close every open cache file (at exit; tests that remove a cache call it first)."""
        with cls._open_lock:
            for db, _ in cls._open.values():
                db.close()
            cls._open.clear()

    def get(self, key: str) -> tuple[bool, str] | None:
        """``(passed, reason)`` stored under ``key``, or None (also when the file does not exist yet)."""
        if not self.path.is_file():
            return None
        with self._db() as db:
            row = db.execute("SELECT passed, reason FROM verdicts WHERE key = ?", (key,)).fetchone()
        return (bool(row[0]), str(row[1])) if row else None

    def put(self, key: str, passed: bool, reason: str, model: str) -> None:
        """Store a verdict (the last writer of a key wins; equal keys hold equal questions)."""
        with self._db() as db:
            db.execute(
                "INSERT OR REPLACE INTO verdicts (key, passed, reason, model, created) VALUES (?, ?, ?, ?, ?)",
                (key, int(passed), reason, model, utc_now()),
            )

    def get_reply(self, key: str) -> str | None:
        """The judge's reply text stored under ``key``, or None (also when the file does not exist yet).

        For judges whose answer is more than pass or fail: the caller parses the text again, with the parser that
        accepted it when it was stored.
        """
        if not self.path.is_file():
            return None
        with self._db() as db:
            row = db.execute("SELECT reply FROM replies WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None

    def put_reply(self, key: str, reply: str, model: str) -> None:
        """Store a reply that parsed (the last writer of a key wins; equal keys hold equal questions)."""
        with self._db() as db:
            db.execute(
                "INSERT OR REPLACE INTO replies (key, reply, model, created) VALUES (?, ?, ?, ?)",
                (key, reply, model, utc_now()),
            )


__all__ = ["JudgeCache", "cache_key", "key_lock"]


def _wal(db: sqlite3.Connection, patience: float = 30.0) -> None:
    """Switch the file to write-ahead logging, waiting while another process holds it.

    The switch needs the file to itself, and SQLite answers ``database is locked`` at once instead of calling the
    busy handler when another process is creating or switching the same file (three processes opening a new cache
    together, as a parallel run's workers do): retried here until ``patience`` seconds have passed. WAL is kept in
    the file, so once one process switched it the others' switch is a no-op.
    """
    deadline = time.monotonic() + patience
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as err:
            if ("locked" not in str(err) and "busy" not in str(err)) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
