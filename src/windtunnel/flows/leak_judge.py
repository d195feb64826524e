"""``leak scan --judge-url``: the model judge added to a stream of audits, a bounded number of questions at a time.

The audits of a dataset arrive in file order; the items are read again beside them (the audit does not keep the
item), each pair checked to be the same item. An item is sent to the judge (:class:`~windtunnel.leakage.judge.
LeakJudge`) unless the audit already flags it as a leak (``--judge-all``: every item); its findings are appended to
the audit before it goes on to the report, so the writers, the tally and the exit code see them like any other.
Up to ``concurrency`` questions are in flight at once, in threads (the judge client is blocking httpx), and the
audits still leave in file order, so the report is the same for every concurrency.

:class:`JudgeTally` counts what the judge did for the report's summary (``summary.judge``): asked, cached, stated,
for review, errors, skipped. A judge error never passes silently: it is a ``judge.error`` finding on its item, and
:func:`judge_status` turns a scan with errors and no leak into an incomplete one (exit 3).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Generator, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from windtunnel._util.errors import HarnessError, UsageError
from windtunnel.invariants.judge_settings import JudgeSettings
from windtunnel.leakage.judge import DEFAULT_MAX_CHARS, LeakJudge
from windtunnel.leakage.model import ItemAudit

if TYPE_CHECKING:
    from windtunnel.leakage.dataset import MappedItem
    from windtunnel.leakage.model import Finding, LeakItem

DEFAULT_CONCURRENCY = 4
"""Questions in flight at once when ``--jobs`` is not given."""


def judge_from_args(args: Mapping[str, Any]) -> LeakJudge | None:
    """The model judge the ``scan`` command's ``--judge-*`` options describe (None without ``--judge-url``), as the
    table, the JSON and SARIF reports and the page read them: one builder, so a judge one refuses is refused by all
    with the same words. The cache goes beside ``--store`` when one is given (else beside the default store, or
    ``$WINDTUNNEL_STORE``), as the ``llm_judge`` invariant's does."""
    cache, store = args.get("judge_cache"), args.get("store")
    return judge_from_options(
        args.get("judge_url"),
        args.get("judge_model"),
        key_env=args.get("judge_key_env"),
        every_item=bool(args.get("judge_all")),
        max_chars=args.get("judge_max_chars"),
        timeout_ms=args.get("judge_timeout"),
        cache=str(cache) if cache is not None else None,
        store=str(store) if store is not None else None,
    )


def judge_from_options(
    url: str | None,
    model: str | None,
    *,
    key_env: str | None = None,
    every_item: bool = False,
    max_chars: int | None = None,
    timeout_ms: int | None = None,
    cache: str | None = None,
    store: str | None = None,
) -> LeakJudge | None:
    """The judge the ``--judge-*`` options describe (None without ``--judge-url``), checked before the scan starts.

    The options are the ``judge:`` block's keys (``base_url``, ``model``, ``api_key`` as ``${VAR}``, ``timeout``,
    ``cache_path``), validated by the same model, so a URL or model that ``llm_judge`` rejects is rejected here with
    the same words. Usage errors: a judge option without ``--judge-url``, a URL without ``--judge-model``, a key
    variable that is not set.
    """
    if url is None:
        given = [
            name
            for name, v in (
                ("--judge-model", model),
                ("--judge-key-env", key_env),
                ("--judge-all", every_item or None),
                ("--judge-max-chars", max_chars),
                ("--judge-timeout", timeout_ms),
                ("--judge-cache", cache),
            )
            if v is not None
        ]
        if given:
            hint = "name the judge's endpoint with --judge-url"
            raise UsageError(f"{', '.join(given)} without --judge-url", hint=hint)
        return None
    if not model:
        raise UsageError("--judge-url without --judge-model", hint="name the model, e.g. --judge-model qwen2.5:7b")
    if key_env is not None and key_env not in os.environ:
        raise UsageError(
            f"--judge-key-env {key_env}: the variable is not set", hint=f"export {key_env}=... (the judge's API key)"
        )
    data: dict[str, Any] = {"base_url": url, "model": model}
    if key_env is not None:
        data["api_key"] = "${" + key_env + "}"
    if timeout_ms is not None:
        data["timeout"] = timeout_ms
    if cache is not None:
        data["cache_path"] = cache
    try:
        settings = JudgeSettings.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        raise UsageError(f"judge option: {first['msg']}", hint="see 'windtunnel leak scan --help'") from None
    return LeakJudge(settings, max_chars or DEFAULT_MAX_CHARS, every_item, store)


@dataclass
class JudgeTally:
    """What the judge did over a scan, for ``summary.judge``."""

    model: str
    every_item: bool
    max_chars: int
    asked: int = 0
    """Items sent to the judge (answered from the cache or not)."""
    cached: int = 0
    stated: int = 0
    """Items with a ``judge.stated`` leak."""
    review: int = 0
    errors: int = 0
    skipped: int = 0
    """Items not asked: the audit already flags them (without ``--judge-all``)."""

    def add(self, asked: bool, found: list[Finding], cached: bool = False) -> None:
        """Count one item: whether it was asked, the judge's findings on it, whether its answer was cached.

        An item counts once per kind of finding (stated, review, error), so the counts are items, like the summary's
        ``leaked_items``, not findings.
        """
        if not asked:
            self.skipped += 1
            return
        self.asked += 1
        rules = {f.rule for f in found}
        self.cached += cached
        self.stated += "judge.stated" in rules
        self.review += "judge.review" in rules
        self.errors += "judge.error" in rules

    def to_dict(self) -> dict[str, Any]:
        """The summary's ``judge`` object: the model, which items were asked (every item, or those the audit does not
        flag), the clip, and the counts (asked, from the cache, stated, for review, errors, skipped)."""
        return {
            "model": self.model,
            "asked": "every item" if self.every_item else "items the audit does not flag",
            "max_chars": self.max_chars,
            "items_asked": self.asked,
            "cached": self.cached,
            "stated": self.stated,
            "review": self.review,
            "errors": self.errors,
            "skipped": self.skipped,
        }


def judged(
    found: Generator[ItemAudit, None, None],
    items: Iterator[MappedItem],
    judge: LeakJudge,
    tally: JudgeTally,
    *,
    concurrency: int | None = None,
    target: str | None = None,
    decode: bool = True,
) -> Generator[ItemAudit, None, None]:
    """``found`` with the judge's findings appended to each audit it asks about, in the same order.

    ``items`` are the same dataset's items in the same order (a mismatch is a :class:`HarnessError`: the report would
    pin one item's findings on another). At most ``concurrency`` questions (default :data:`DEFAULT_CONCURRENCY`) are
    in flight; closing this generator closes ``found`` and cancels the questions not yet sent.
    """
    width = max(1, concurrency or DEFAULT_CONCURRENCY)
    pending: deque[tuple[ItemAudit, Future[tuple[list[Finding], bool]] | None]] = deque()
    pool = ThreadPoolExecutor(max_workers=width, thread_name_prefix="leak-judge")
    try:
        for audit in found:
            item = _same_item(audit, next(items, None))
            ask = judge.every_item or not audit.leaked
            pending.append((audit, pool.submit(judge.findings, item, target, decode=decode) if ask else None))
            while len(pending) > width or (pending and pending[0][1] is None):
                yield _done(pending.popleft(), tally)
        while pending:
            yield _done(pending.popleft(), tally)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)  # Ctrl-C: not held up by a question in flight
        found.close()


def _same_item(audit: ItemAudit, mapped: MappedItem | None) -> LeakItem:
    """The item of ``audit`` from the second read of the dataset, checked to be the same one.

    The audit keeps only the item's id and line (the scan workers send back no projection, to keep memory flat), so the
    judge reads the items again in the same order; a different id or line means the file changed under the scan.
    """
    if mapped is None or mapped.item.id != audit.item or mapped.item.line != audit.line:
        got = "the end of the dataset" if mapped is None else f"item {mapped.item.id!r} (line {mapped.item.line})"
        raise HarnessError(
            f"the judge read {got} beside the audit of item {audit.item!r} (line {audit.line}): the dataset changed "
            "while it was scanned",
            hint="scan a file nothing writes to while the scan runs",
        )
    return mapped.item


def _done(entry: tuple[ItemAudit, Future[tuple[list[Finding], bool]] | None], tally: JudgeTally) -> ItemAudit:
    """The audit of ``entry`` with its judge's findings (waiting for them), counted in ``tally``.

    An audit the judge was not asked about is returned as it is; one it was asked about gets the judge's findings after
    its own, so the report lists the written principles' findings first.
    """
    audit, future = entry
    if future is None:
        tally.add(False, [])
        return audit
    found, cached = future.result()
    tally.add(True, found, cached)
    if not found:
        return audit
    return ItemAudit(audit.item, [*audit.findings, *found], audit.line, audit.sources)


def judge_status(leaked_items: int, tally: JudgeTally | None) -> str | None:
    """``"error"`` when the judge gave no answer on some item and the audit found no leak (the scan asked for is
    incomplete: exit 3, as an unreachable harness); None otherwise (leaks found: the verdict is already a failure)."""
    if tally is None or not tally.errors or leaked_items:
        return None
    return "error"


__all__ = ["DEFAULT_CONCURRENCY", "JudgeTally", "judge_from_options", "judge_status", "judged"]
