"""Blind batches: the leakage auditor against leak forms written by someone who never read its rules.

    .venv/bin/python benchmarks/leak_blind.py benchmarks/leak_data/blind1
    .venv/bin/python benchmarks/leak_blind.py benchmarks/leak_data/blind1 --show-misses 3
    .venv/bin/python benchmarks/leak_blind.py                   # every development batch in benchmarks/leak_data
    .venv/bin/python benchmarks/leak_blind.py DIR --timeout 20   # seconds an item may take before it counts as a hang
    .venv/bin/python benchmarks/leak_blind.py --differential     # naive flags, audit clears: by decision
    .venv/bin/python benchmarks/leak_blind.py --as-scan          # also as `leak scan FILE` reports it
    .venv/bin/python benchmarks/leak_blind.py --learned          # with the learned decision on (`leak scan --learned`)
    .venv/bin/python benchmarks/leak_blind.py DIR --judge-url http://localhost:11434/v1 --judge-model qwen2.5:7b
                                                                 # --as-scan with the judge (leak scan --judge-url)

A batch directory holds ``items.jsonl`` (one leak item a line, with a ``truth`` object the auditor never
sees: ``{"leak": bool, "kind": "leak"|"twin"|"trap", "family": str}``) and ``FAMILIES.md`` (what each
family plants, in its writer's words). Every leak item has a *twin*: the same record with the leak taken
out. Traps are clean records built to tempt a scanner.

Printed per family, beside the naive whole-token scan (the reference rule of ``leak_heldout.py``: any
case-insensitive whole-token occurrence of the answer or a correlated value is a leak):

* recall — leak items reported as leaking;
* false alarms — twins and traps reported as leaking (twins and traps also on their own lines);
* for review — items not reported as leaking that carry a finding for review (severity ``low``: what `leak scan`
  lists for a person and `leak check` does not fail on); on leak items a find a person would make, not a leak
  reported, so recall does not count it.

``--differential`` lists, per batch, every item the naive scan flags and the audit clears, with the
decision that cleared it (``leak_decisions.cleared_by``), then counts each decision over the leak items
(a real leak lost) and the clean items (a false alarm rightly avoided): a decision that clears leaks and
few clean items is a suppression to question.

``--as-scan`` adds what a user gets from the product on the whole file: the batch is written without
``truth`` to a temporary JSON Lines file and scanned by the scan flow as ``windtunnel leak scan FILE
--format json`` runs it (mining and the agreement evidence included, as by default), and each item is
scored from that report; its column sits beside the per-item audit's and the naive scan's.

``--judge-url URL --judge-model M`` (``--judge-key-env VAR``, ``--judge-all``, ``--judge-jobs N``) turns ``--as-scan``
on and scans with the model judge, as ``leak scan --judge-url`` does: the "as scan" column is then the product with
the judge, beside the per-item audit without it, and each batch prints what the judge did (asked, stated, for
review, errors; answers are cached in ``.windtunnel/judge-cache.db``, so a rerun asks nothing twice). It needs a
model that answers; nothing in the repository's tests calls one.

Each item is audited in a child process with a time limit, so an input that makes the scan hang is
counted (a hang on a leak is a miss, on a clean item it is listed apart) instead of stopping the run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import contextlib

from benchmarks.leak_heldout import reference_leaks


def _worker(conn: Any, learned: bool | None) -> None:
    from benchmarks.leak_decisions import cleared_by
    from windtunnel.leakage import audit_item

    while True:
        got = conn.recv()
        if got is None:
            return
        item, trace = got
        try:
            if trace:
                conn.send(("ok", False, cleared_by(item)))
                continue
            audit = audit_item(item, learned=learned)
            conn.send(("ok", audit.leaked, [(f.pointer, f.rule, f.severity) for f in audit.findings]))
        except Exception as exc:  # a crash on one item is a result, not the end of the benchmark
            conn.send(("error", False, [f"{type(exc).__name__}: {exc}"]))


class Auditor:
    """audit_item in a child process, restarted after a hang."""

    def __init__(self, timeout: float, learned: bool | None = None) -> None:
        self.timeout = timeout
        self.learned = learned
        self._start()

    def _start(self) -> None:
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, self.learned), daemon=True)
        self.proc.start()

    def audit(self, item: dict[str, Any], *, trace: bool = False) -> tuple[str, bool, list[Any], float]:
        """The item's audit (status, leaked, findings, seconds); with ``trace``, the decisions that
        cleared it in place of the findings (``leak_decisions.cleared_by``)."""
        t0 = time.perf_counter()
        self.conn.send((item, trace))
        if self.conn.poll(self.timeout):
            status, leaked, findings = self.conn.recv()
            return status, leaked, findings, time.perf_counter() - t0
        self.proc.kill()
        self.proc.join()
        self._start()
        return "hang", False, [], time.perf_counter() - t0

    def close(self) -> None:
        self.conn.send(None)
        self.proc.join(5)


@dataclass
class Tally:
    n: int = 0
    wt: int = 0
    ref: int = 0
    hangs: int = 0
    errors: int = 0
    scan: int = 0
    review: int = 0


def scan_verdicts(
    items: list[dict[str, Any]],
    off: Sequence[str] = (),
    learned: bool | None = None,
    judge: Any = None,
    jobs: int | None = None,
) -> dict[str, bool]:
    """``{id: leaked}`` as the product reports the batch: the items (without ``truth``) written to a temporary
    JSON Lines file and scanned by the flow behind ``windtunnel leak scan FILE --format json`` (defaults:
    mining and the agreement evidence as the file's size decides), read back from its JSON report. ``judge``:
    the model judge (``--judge-url``), ``jobs`` its questions in flight; its summary is printed."""
    import io
    import tempfile

    from windtunnel.flows.leak import ScanRequest, scan_flow

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "items.jsonl"
        path.write_text(
            "".join(json.dumps({k: v for k, v in it.items() if k != "truth"}) + "\n" for it in items), encoding="utf-8"
        )
        out = io.BytesIO()
        off_ = {k: False for k in off}
        req = ScanRequest(
            dataset=path,
            fmt="json",
            stream=out,
            mine=off_.get("mine"),
            agreement=off_.get("agreement"),
            learned=learned,
            judge=judge,
            jobs=jobs,
        )
        scan_flow(req)
    report = json.loads(out.getvalue())
    if "judge" in report["summary"]:
        print(f"judge: {json.dumps(report['summary']['judge'])}")
    return {str(it["id"]): bool(it["leaked"]) for it in report["items"]}


def _pct(a: int, n: int) -> str:
    return f"{100 * a / n:5.1f}%" if n else "    -"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "batch",
        type=Path,
        nargs="*",
        help="directories with items.jsonl (default: every development batch, benchmarks/leak_data/blind*)",
    )
    ap.add_argument("--show-misses", type=int, default=0, help="print up to N misses / false alarms per family")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per item before it counts as a hang")
    ap.add_argument(
        "--differential",
        action="store_true",
        help="list the items the naive scan flags and the audit clears, with the decision that cleared each",
    )
    ap.add_argument(
        "--as-scan",
        action="store_true",
        help="also score each item from the report of the product's scan of the whole batch file (as `leak scan`)",
    )
    ap.add_argument(
        "--scan-off",
        action="append",
        choices=("mine", "agreement"),
        default=[],
        help="with --as-scan: turn a dataset pass off (as --no-mine / --no-agreement do), to measure it apart",
    )
    ap.add_argument(
        "--learned",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="audit (and --as-scan) with the learned decision over whole-token hits on / off (default: the product's)",
    )
    ap.add_argument("--judge-url", help="with the model judge at this OpenAI-compatible URL (implies --as-scan)")
    ap.add_argument("--judge-model", help="the judge's model name")
    ap.add_argument("--judge-key-env", help="environment variable holding the judge's API key")
    ap.add_argument("--judge-all", action="store_true", help="ask the judge about every item, flagged ones too")
    ap.add_argument("--judge-jobs", type=int, default=None, help="judge questions in flight at once (default 4)")
    args = ap.parse_args()
    args.judge = None
    if args.judge_url:
        from windtunnel.flows.leak_judge import judge_from_options

        args.judge = judge_from_options(
            args.judge_url, args.judge_model, key_env=args.judge_key_env, every_item=args.judge_all
        )
        args.as_scan = True
    batches = args.batch or sorted((Path(__file__).resolve().parent / "leak_data").glob("blind*"))
    if args.differential:
        _differential(batches, args)
        return
    for batch in batches:
        _measure(batch, args)


def _naive(item: dict[str, Any]) -> bool:
    """The naive whole-token scan's verdict on an item (``False`` when it cannot read it)."""
    with contextlib.suppress(Exception):
        return reference_leaks(
            {
                "projection": item["projection"],
                "expected": str(item["expected"]),
                "correlated_values": [str(v) for v in item.get("correlated_values") or []],
            }
        )
    return False


def differential(batch: Path, auditor: Auditor) -> list[tuple[str, str, bool, list[str]]]:
    """``(id, family, leak, decisions)`` of every item of ``batch`` that the naive scan flags and the
    audit clears: a leak lost, or a false alarm avoided, with the decisions that cleared it."""
    out: list[tuple[str, str, bool, list[str]]] = []
    for line in (batch / "items.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        raw = json.loads(line)
        truth = raw["truth"]
        item = {k: v for k, v in raw.items() if k != "truth"}
        item.setdefault("correlated_values", [])
        if not _naive(item):
            continue
        status, leaked, _f, _s = auditor.audit(item)
        if status != "ok" or leaked:
            continue
        status, _l, why, _s = auditor.audit(item, trace=True)
        out.append((str(item.get("id")), truth["family"], bool(truth["leak"]), why if status == "ok" else [status]))
    return out


def _differential(batches: list[Path], args: argparse.Namespace) -> None:
    """Print the differential of every batch, then each decision's count over leaks and clean items."""
    lost: dict[str, int] = defaultdict(int)
    kept: dict[str, int] = defaultdict(int)
    auditor = Auditor(args.timeout)
    try:
        for batch in batches:
            rows = differential(batch, auditor)
            print(f"\n== {batch.name}: the naive scan flags, the audit clears ==")
            for leak in (True, False):
                print("-- leaks lost --" if leak else "-- clean items cleared --")
                for item_id, family, is_leak, why in rows:
                    if is_leak != leak:
                        continue
                    if leak or args.show_misses:
                        print(f"{item_id:28} {family:34} {' | '.join(why)[:300]}")
                    for w in why:
                        (lost if leak else kept)[w] += 1
    finally:
        auditor.close()
    print("\n== decisions: leaks lost / clean items cleared ==")
    for w in sorted(set(lost) | set(kept), key=lambda w: (-lost[w], -kept[w])):
        print(f"{lost[w]:4d} {kept[w]:4d}  {w[:160]}")


def _measure(batch: Path, args: argparse.Namespace) -> None:
    """Audit one batch's items and print the per-family table and the totals beside the naive scan."""
    lines = (batch / "items.jsonl").read_text(encoding="utf-8").splitlines()
    items = [json.loads(line) for line in lines if line.strip()]
    tallies: dict[tuple[str, str], Tally] = defaultdict(Tally)
    shown: dict[str, int] = defaultdict(int)
    auditor = Auditor(args.timeout, args.learned)
    slowest: list[tuple[float, str]] = []
    as_scan = scan_verdicts(items, args.scan_off, args.learned, args.judge, args.judge_jobs) if args.as_scan else {}
    try:
        for raw in items:
            truth = raw["truth"]
            item = {k: v for k, v in raw.items() if k != "truth"}
            item.setdefault("correlated_values", [])
            status, leaked, findings, secs = auditor.audit(item)
            slowest.append((secs, str(item.get("id"))))
            kind = truth["kind"]
            t = tallies[(truth["family"], kind)]
            t.n += 1
            t.wt += leaked
            t.hangs += status == "hang"
            t.errors += status == "error"
            t.scan += as_scan.get(str(item.get("id")), False)
            t.review += status == "ok" and not leaked and any(f[2] == "low" for f in findings)
            with contextlib.suppress(Exception):
                t.ref += reference_leaks(
                    {
                        "projection": item["projection"],
                        "expected": str(item["expected"]),
                        "correlated_values": [str(v) for v in item.get("correlated_values") or []],
                    }
                )
            wrong = status != "ok" or leaked != bool(truth["leak"])
            if wrong and shown[truth["family"]] < args.show_misses:
                shown[truth["family"]] += 1
                what = {"hang": "HANG", "error": "ERROR"}.get(status) or ("MISSED" if truth["leak"] else "FALSE ALARM")
                print(f"{what} {truth['family']} [{kind}] {item.get('id')} expected={item['expected']!r}")
                print(f"    findings: {findings}")
                print(f"    projection: {json.dumps(item['projection'], ensure_ascii=False)[:600]}")
    finally:
        auditor.close()

    print(f"\n== {batch} ({len(items)} items) ==")
    scan_head = f" {'as scan':>8}" if args.as_scan else ""
    print(f"{'family':40} {'kind':5} {'n':>4} {'windtunnel':>11}{scan_head} {'naive':>7} {'hang':>5} {'err':>4}")
    totals: dict[str, Tally] = defaultdict(Tally)
    for kind in ("leak", "twin", "trap"):
        for (family, k), t in sorted(tallies.items()):
            if k != kind:
                continue
            col = f" {_pct(t.scan, t.n):>8}" if args.as_scan else ""
            print(
                f"{family:40} {k:5} {t.n:4d} {_pct(t.wt, t.n):>11}{col} {_pct(t.ref, t.n):>7}"
                f" {t.hangs:5d} {t.errors:4d}"
            )
            for key in (k, "clean") if k != "leak" else (k,):
                tot = totals[key]
                tot.n += t.n
                tot.wt += t.wt
                tot.ref += t.ref
                tot.hangs += t.hangs
                tot.errors += t.errors
                tot.scan += t.scan
                tot.review += t.review
    print()
    for key, title in (
        ("leak", "recall"),
        ("twin", "false alarms, twins"),
        ("trap", "false alarms, traps"),
        ("clean", "false alarms, all clean"),
    ):
        t = totals[key]
        scanned = f"   as scan {_pct(t.scan, t.n)} ({t.scan}/{t.n})" if args.as_scan else ""
        print(
            f"{title:26} windtunnel {_pct(t.wt, t.n)} ({t.wt}/{t.n}){scanned}"
            f"   naive {_pct(t.ref, t.n)} ({t.ref}/{t.n})"
            f"   hangs {t.hangs}  errors {t.errors}   for review {t.review}"
        )
    slowest.sort(reverse=True)
    print("slowest items: " + ", ".join(f"{i} {s:.2f}s" for s, i in slowest[:3]))


if __name__ == "__main__":
    main()
