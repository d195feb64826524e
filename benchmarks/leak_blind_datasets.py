"""Blind datasets: the leakage auditor on whole datasets, with the dataset-level evidence a user would read.

    .venv/bin/python benchmarks/leak_blind_datasets.py                       # the development fixture, ds_dev
    .venv/bin/python benchmarks/leak_blind_datasets.py /root/sealed/ds1      # a directory of blind datasets
    .venv/bin/python benchmarks/leak_blind_datasets.py DIR --show-misses 3   # a few misses / false alarms each
    .venv/bin/python benchmarks/leak_blind_datasets.py DIR --timeout 600     # seconds a step may take (a hang)
    .venv/bin/python benchmarks/leak_blind_datasets.py DIR --json out.json   # every figure, to compare two runs

A blind *batch* (``leak_blind.py``) mixes 12-item families in one file, so it cannot measure evidence that
needs a whole dataset: a value that rides with one label across many records. A directory of blind
*datasets* holds one file per dataset, ``<name>.jsonl`` (one item a line, 120-200 of them, each
``{"id", "expected", "label_set", "target", "projection", "truth": {"leak": bool}}``), beside it
``<name>.meta.json`` (``{"derive_from": [...], "note": ...}``: the fields, key names or JSON pointers, the task
is legitimately answered from, as a dataset owner would tell the auditor) and a ``DATASETS.md``. A leaking
dataset leaks in some or all of its records (``truth.leak`` per record); a clean one in none.

Per dataset, what a user runs, through the library paths of the CLI, on a copy of the file without
``truth`` (the auditor never sees it):

* (a) ``leak scan FILE --mine --format json`` — the file as is, the dataset evidence on (mining forced: its
  default skips files under 200 items; the agreement evidence on, as by default);
* (b) the same with ``--derive-from`` each field of the meta file;
* naive — the case-insensitive whole-token scan of the answer (``leak_heldout.reference_leaks``), per record;
* ``leak mine FILE --derive-from ...`` — how many significant (pointer, value) pairs, tokens or n-grams it
  reports, its top candidate, and whether that candidate names the leak: the share of the records holding
  it that truly leak (``names leak`` when at least 80 %); ``covers``: the leaking records that hold a mined
  value of their own label;
* ``leak baseline --simulate blind --dataset FILE --derive-from ...`` — its verdict (exit 1, ``leak``: above
  chance, "this dataset leaks"), its pass rate against the chance rate, and the one-sided p;
* ``leak baseline --simulate copy --dataset FILE`` — the same for the agent that answers what the per-item scan
  finds (no mining);
* ``leak sanitize FILE -o OUT --mine --derive-from ...``, then the blind baseline on ``OUT`` — which records the
  sanitizer rewrote (a clean dataset's records should keep their bytes; in a leaking dataset a field cut on one
  label's records is cut on all, so clean records change too), and whether the leak still shows.

Printed: a table per dataset (records, leaking records; recall and false alarms per record for (a), (b) and
the naive scan; the exits of (a) and (b), 1 when any item leaks), two tables of the dataset-level evidence, then
the totals: per-record recall over all leaking records, false alarms over the clean records of leaking datasets
and over the records of clean datasets, the records the sanitizer rewrote, and the dataset-level verdicts
(leaking datasets called leaking, clean datasets called clean) of the blind and copy baselines, of mining (any
suggestion) and of the scans' exits, and how many leaking datasets the blind baseline no longer calls leaking
once sanitized.

Every step runs in a child process with a time limit, so a dataset that makes a step hang is counted as a
hang (its records unflagged) instead of stopping the benchmark; an error in a step is shown and counted
the same way.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing as mp
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.leak_heldout import reference_leaks

NAMES_LEAK = 0.8
"""A mined candidate names the leak when at least this share of the records holding it truly leak."""
STEPS = ("scan", "scan_derive", "mine", "baseline", "copy", "sanitized")
DEV_FIXTURE = Path(__file__).resolve().parent / "leak_data" / "ds_dev"
"""The development fixture (``leak_data/ds_dev/gen.py``): what ``python -m benchmarks`` measures."""


# ---------------------------------------------------------------- the datasets


@dataclass
class Dataset:
    """One blind dataset: its records (with ``truth``) and the fields its meta file says the task is derived from."""

    name: str
    records: list[dict[str, Any]]
    derive_from: list[str]
    meta_found: bool = True

    @property
    def truth(self) -> list[bool]:
        """Whether each record leaks, in file order."""
        return [bool((r.get("truth") or {}).get("leak")) for r in self.records]


def load_datasets(directory: Path) -> list[Dataset]:
    """Every ``<name>.jsonl`` of ``directory`` (sorted) with its ``<name>.meta.json`` (missing: no derive-from)."""
    out = []
    for path in sorted(directory.glob("*.jsonl")):
        name = path.name[: -len(".jsonl")]
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        meta_path = directory / f"{name}.meta.json"
        meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.is_file() else {}
        out.append(Dataset(name, records, [str(d) for d in meta.get("derive_from") or []], meta_path.is_file()))
    return out


def blind_copy(records: Sequence[dict[str, Any]]) -> str:
    """The records as JSON Lines without ``truth``: what the auditor is given."""
    return "".join(json.dumps({k: v for k, v in r.items() if k != "truth"}) + "\n" for r in records)


# ---------------------------------------------------------------- the product's steps (run in a child)


def step_scan(path: str, derive_from: Sequence[str]) -> list[dict[str, Any]]:
    """``leak scan PATH --mine [--derive-from ...] --format json --show-values``: per item in file order, its id,
    verdict and findings ``(pointer, rule, severity, value)``."""
    from windtunnel.flows.leak import ScanRequest, scan_flow  # the benchmark's parent never imports the auditor

    out = io.BytesIO()
    req = ScanRequest(
        dataset=Path(path), fmt="json", stream=out, show_values=True, mine=True, derive_from=list(derive_from)
    )
    scan_flow(req)
    report = json.loads(out.getvalue())
    return [
        {
            "id": str(it["id"]),
            "leaked": bool(it["leaked"]),
            "findings": [(f.get("pointer"), f.get("rule"), f.get("severity"), f.get("value")) for f in it["findings"]],
        }
        for it in report["items"]
    ]


def step_mine(path: str, derive_from: Sequence[str]) -> dict[str, Any]:
    """``leak mine PATH --derive-from ...``: the suggestions in its order, each with the file positions of the items
    holding it (any of the candidates held by the same items), and per item whether it holds one of its own label."""
    from windtunnel.flows.leak import Fields, items  # the benchmark's parent never imports the auditor
    from windtunnel.flows.leak_evidence import mine_flow
    from windtunnel.leakage.candidates import candidates

    result = mine_flow(Path(path), derive_from=list(derive_from)).detail
    index: dict[tuple[str, str, str], int] = {}
    for n, s in enumerate(result.suggestions):
        for key in result.members.get((s.kind, s.pointer, s.value), [(s.kind, s.pointer, s.value)]):
            index.setdefault(key, n)
    holders: list[list[int]] = [[] for _ in result.suggestions]
    own: list[bool] = []
    for pos, m in enumerate(items(Path(path), Fields().field_map())):
        hit = {index[k] for k in candidates(m.item.projection, derive_from) if k in index}
        for n in hit:
            holders[n].append(pos)
        label = m.item.expected[0] if m.item.expected else None
        own.append(any(result.suggestions[n].label == label for n in hit))
    return {
        "suggestions": [{**s.to_dict(), "holders": h} for s, h in zip(result.suggestions, holders, strict=True)],
        "own": own,
        "description": result.describe(),
    }


def step_baseline(path: str, derive_from: Sequence[str], simulate: str = "blind") -> dict[str, Any]:
    """``leak baseline --simulate blind --dataset PATH --derive-from ...`` (or ``--simulate copy``, which reads the
    scan's findings and takes no derive-from): its exit code and summary."""
    from windtunnel.flows.leak import Fields  # the benchmark's parent never imports the auditor
    from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow

    outcome = baseline_flow(
        BaselineRequest(simulate=simulate, dataset=Path(path), fields=Fields(), derive_from=list(derive_from))
    )
    return {"exit": int(outcome.exit_code), **outcome.summary["baseline"], "graded": outcome.summary.get("graded")}


def step_sanitized(path: str, derive_from: Sequence[str]) -> dict[str, Any]:
    """``leak sanitize PATH -o OUT --mine --derive-from ...``, then ``leak baseline --simulate blind`` on ``OUT``:
    per record whether the sanitizer rewrote it (a clean record should keep its bytes), and the baseline's exit and
    summary on the sanitized data (it should fall to chance)."""
    from windtunnel.flows.leak import SanitizeRequest, sanitize_flow  # the parent never imports the auditor

    out = Path(path).with_suffix(".sanitized.jsonl")
    sanitize_flow(SanitizeRequest(dataset=Path(path), output=out, mine=True, derive_from=list(derive_from)))
    before = [line for line in Path(path).read_bytes().splitlines() if line.strip()]
    after = [line for line in out.read_bytes().splitlines() if line.strip()]
    if len(before) != len(after):
        raise ValueError(f"the sanitized file holds {len(after)} records, the input {len(before)}")
    blind = step_baseline(str(out), derive_from)
    out.unlink()
    return {"changed": [a != b for a, b in zip(before, after, strict=True)], **blind}


def run_step(step: str, path: str, derive_from: Sequence[str]) -> Any:
    """One of :data:`STEPS` on the file at ``path`` (``scan`` and ``copy`` take no ``derive_from``)."""
    if step == "scan":
        return step_scan(path, ())
    if step == "scan_derive":
        return step_scan(path, derive_from)
    if step == "mine":
        return step_mine(path, derive_from)
    if step == "baseline":
        return step_baseline(path, derive_from)
    if step == "copy":
        return step_baseline(path, (), "copy")
    if step == "sanitized":
        return step_sanitized(path, derive_from)
    raise ValueError(f"unknown step {step!r}")


def _worker(conn: Any) -> None:
    """The child's loop: run each step sent, send back ``(status, result)``."""
    while True:
        got = conn.recv()
        if got is None:
            return
        try:
            conn.send(("ok", run_step(*got)))
        except BaseException as exc:  # a crash in one step is a result, not the end of the benchmark
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class ChildRunner:
    """The steps in one child process, each with a time limit; the child is restarted after a hang."""

    def __init__(self, timeout: float) -> None:
        """Start the child; ``timeout`` is the seconds one step may take."""
        self.timeout = timeout
        self._start()

    def _start(self) -> None:
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child,), daemon=True)
        self.proc.start()

    def __call__(self, step: str, path: str, derive_from: Sequence[str]) -> tuple[str, Any]:
        """``(status, result)``: ``ok``, ``error`` (the message) or ``hang``."""
        self.conn.send((step, path, list(derive_from)))
        if self.conn.poll(self.timeout):
            status, result = self.conn.recv()
            return status, result
        self.proc.kill()
        self.proc.join()
        self._start()
        return "hang", None

    def close(self) -> None:
        """Stop the child."""
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()


def in_process(step: str, path: str, derive_from: Sequence[str]) -> tuple[str, Any]:
    """The steps in this process, without a time limit (the tests' runner)."""
    try:
        return "ok", run_step(step, path, derive_from)
    except Exception as exc:
        return "error", f"{type(exc).__name__}: {exc}"


Runner = Callable[[str, str, Sequence[str]], tuple[str, Any]]


# ---------------------------------------------------------------- scoring


@dataclass
class Rate:
    """``hit`` of ``n`` records."""

    hit: int = 0
    n: int = 0

    def add(self, other: Rate) -> None:
        """Add another count to this one."""
        self.hit += other.hit
        self.n += other.n

    def __str__(self) -> str:
        return f"{100 * self.hit / self.n:5.1f}% ({self.hit}/{self.n})" if self.n else "    -"

    def short(self) -> str:
        """The share alone, ``-`` when there are no records."""
        return f"{100 * self.hit / self.n:5.1f}%" if self.n else "    -"


@dataclass
class Scored:
    """One dataset's figures: per record (recall on leaking records, false alarms on clean ones) for each method,
    and the dataset-level evidence."""

    name: str
    records: int
    leaking: int
    recall: dict[str, Rate] = field(default_factory=dict)
    false_alarms: dict[str, Rate] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)
    """Per step: ``ok``, ``hang`` or the error message."""
    scan_exit: dict[str, int] = field(default_factory=dict)
    """The exit of (a) and (b) (``scan``, ``scan_derive``): 1 when any item leaks."""
    mine_found: int | None = None
    mine_top: str = ""
    mine_names_leak: bool | None = None
    mine_covers: Rate = field(default_factory=Rate)
    mine_naming: int = 0
    """Suggestions at least :data:`NAMES_LEAK` of whose holders truly leak."""
    blind_exit: int | None = None
    blind_line: str = ""
    blind_graded: dict[str, Any] | None = None
    """The blind agent's run reading the graded fields it leaves out (principle 7): the fields, its pass rate, p and
    verdict with them (None: none left out). Its exit above is the run without them."""
    copy_exit: int | None = None
    copy_line: str = ""
    sanitized_exit: int | None = None
    """The blind baseline's exit on the sanitized dataset (0: no leak shown any more)."""
    sanitized_line: str = ""
    rewritten: Rate = field(default_factory=Rate)
    """Leaking records the sanitizer rewrote."""
    rewritten_clean: Rate = field(default_factory=Rate)
    """Clean records the sanitizer rewrote (they should keep their bytes)."""
    seconds: float = 0.0

    @property
    def leaks(self) -> bool:
        """Whether the dataset leaks (any record does)."""
        return self.leaking > 0


METHODS = ("scan", "scan_derive", "naive")
TITLES = {"scan": "(a) scan", "scan_derive": "(b) +derive", "naive": "naive"}


def naive_verdicts(records: Sequence[dict[str, Any]]) -> list[bool]:
    """The naive whole-token scan's verdict on each record (``False`` when it cannot read it)."""
    out = []
    for r in records:
        hit = False
        with contextlib.suppress(Exception):
            hit = reference_leaks(
                {
                    "projection": r["projection"],
                    "expected": str(r["expected"]),
                    "correlated_values": [str(v) for v in r.get("correlated_values") or []],
                }
            )
        out.append(hit)
    return out


def per_record(truth: Sequence[bool], flagged: Sequence[bool]) -> tuple[Rate, Rate]:
    """(recall over the leaking records, false alarms over the clean ones)."""
    rec, fa = Rate(), Rate()
    for leak, hit in zip(truth, flagged, strict=True):
        r = rec if leak else fa
        r.n += 1
        r.hit += hit
    return rec, fa


_PER_RECORD: dict[str, Callable[[Any], Sequence[Any]]] = {
    "scan": lambda r: r,
    "scan_derive": lambda r: r,
    "mine": lambda r: r["own"],
    "sanitized": lambda r: r["changed"],
}
"""The per-record list of each step's output that has one, one entry per record in file order."""


def score(ds: Dataset, outs: dict[str, tuple[str, Any]]) -> Scored:
    """The figures of ``ds`` from the steps' outputs (``{step: (status, result)}``, :data:`STEPS`); a step that
    hung or failed flags no record and gives no verdict."""
    truth = ds.truth
    s = Scored(ds.name, len(truth), sum(truth))
    flags: dict[str, list[bool]] = {"naive": naive_verdicts(ds.records)}
    outs = dict(outs)
    for step in STEPS:
        status, result = outs.get(step, ("missing", None))
        if status == "ok" and step in _PER_RECORD:
            got = len(_PER_RECORD[step](result))
            if got != len(truth):  # records are matched by position (a report lists items in file order, ids or not)
                status, result = "error", f"{got} records in its output, {len(truth)} in the file"
                outs[step] = (status, result)
        s.status[step] = status if status in ("ok", "hang", "missing") else f"error: {result}"
        if step in ("scan", "scan_derive"):
            flags[step] = [bool(it["leaked"]) for it in result] if status == "ok" else [False] * len(truth)
    for m in METHODS:
        s.recall[m], s.false_alarms[m] = per_record(truth, flags[m])
    for step in ("scan", "scan_derive"):
        if outs.get(step, ("missing", None))[0] == "ok":
            s.scan_exit[step] = int(any(flags[step]))
    status, mined = outs.get("mine", ("missing", None))
    if status == "ok":
        sugg = mined["suggestions"]
        s.mine_found = len(sugg)
        s.mine_covers = Rate(sum(o and t for o, t in zip(mined["own"], truth, strict=True)), sum(truth))
        shares = [sum(truth[i] for i in g["holders"]) / len(g["holders"]) if g["holders"] else 0.0 for g in sugg]
        s.mine_naming = sum(sh >= NAMES_LEAK for sh in shares)
        if sugg:
            top = sugg[0]
            where = top["pointer"] or "(anywhere)"
            s.mine_top = (
                f"{where} {top['value']!r}->{top['label']} {top['purity']:.2f}/{top['support']}"
                f" leak {100 * shares[0]:.0f}%"
            )
            s.mine_names_leak = shares[0] >= NAMES_LEAK
    status, base = outs.get("baseline", ("missing", None))
    if status == "ok":
        s.blind_exit, s.blind_line, s.blind_graded = base["exit"], _baseline_line(base), base.get("graded")
    status, base = outs.get("copy", ("missing", None))
    if status == "ok":
        s.copy_exit, s.copy_line = base["exit"], _baseline_line(base)
    status, base = outs.get("sanitized", ("missing", None))
    if status == "ok":
        s.sanitized_exit, s.sanitized_line = base["exit"], _baseline_line(base)
        s.rewritten, s.rewritten_clean = per_record(truth, base["changed"])
    return s


def _baseline_line(base: dict[str, Any]) -> str:
    """A baseline's verdict, pass rate against chance, and p, on one line."""
    rates = f"{base['pass_rate']:.2f} vs {base['chance']:.2f} ({base['chance_model']})"
    line = f"{base['verdict']} {rates} p={base['p_value']:.2g}"
    graded = base.get("graded")
    if graded:  # the same agent reading the graded fields it left out
        line += f"; with graded {', '.join(graded['fields'])}: {graded['verdict']} {graded['pass_rate']:.2f}"
    return line


def measure(ds: Dataset, runner: Runner, tmp: Path) -> tuple[Scored, dict[str, tuple[str, Any]]]:
    """Run every step on a truth-free copy of ``ds`` written under ``tmp``, and score it."""
    path = tmp / f"{ds.name}.jsonl"
    path.write_text(blind_copy(ds.records), encoding="utf-8")
    t0 = time.perf_counter()
    outs = {step: runner(step, str(path), ds.derive_from) for step in STEPS}
    scored = score(ds, outs)
    scored.seconds = time.perf_counter() - t0
    return scored, outs


# ---------------------------------------------------------------- printing


def _show_misses(ds: Dataset, outs: dict[str, tuple[str, Any]], limit: int) -> None:
    """Up to ``limit`` leaking records that (a) or (b) misses and as many clean records either flags, each with the
    verdicts of (a), (b) and the naive scan, the findings of the scans that flagged it and its projection."""
    if not limit:
        return
    scans = {step: outs[step][1] for step in ("scan", "scan_derive") if outs.get(step, ("", None))[0] == "ok"}
    if not scans:
        return
    naive = naive_verdicts(ds.records)
    shown = {True: 0, False: 0}
    for n, rec in enumerate(ds.records):
        leak = bool((rec.get("truth") or {}).get("leak"))
        said = {step: bool(items[n]["leaked"]) for step, items in scans.items()}
        if all(v == leak for v in said.values()) or shown[leak] >= limit:
            continue
        shown[leak] += 1
        verdicts = " ".join(f"{TITLES[step].split()[0]}={int(v)}" for step, v in said.items())
        print(
            f"{'MISSED' if leak else 'FALSE ALARM'} {ds.name} {rec.get('id')} expected={rec.get('expected')!r}"
            f" {verdicts} naive={int(naive[n])}"
        )
        for step, items in scans.items():
            if items[n]["findings"]:
                print(f"    findings {TITLES[step].split()[0]}: {items[n]['findings'][:6]}")
        print(f"    projection: {json.dumps(rec.get('projection'), ensure_ascii=False)[:500]}")


def print_tables(results: Sequence[Scored]) -> None:
    """The per-dataset tables: per-record figures, then the dataset-level evidence."""
    w = max([len(r.name) for r in results] + [8])
    head = "".join(f" {TITLES[m] + ' rec / fa':>25}" for m in METHODS)
    print(f"\n{'dataset':{w}} {'recs':>5} {'leak':>5}{head} {'exit a/b':>8} {'secs':>6}")
    for r in results:
        cols = "".join(f" {r.recall[m].short():>12} / {r.false_alarms[m].short():>10}" for m in METHODS)
        ex = "/".join(str(r.scan_exit.get(step, "-")) for step in ("scan", "scan_derive"))
        print(f"{r.name:{w}} {r.records:5d} {r.leaking:5d}{cols} {ex:>8} {r.seconds:6.1f}")
    print(
        f"\n{'dataset':{w}} {'leaks':>5} {'mined':>5} {'naming':>6} {'covers':>8}  {'top candidate':60} blind baseline"
    )
    for r in results:
        mined = "-" if r.mine_found is None else str(r.mine_found)
        blind = r.blind_line or r.status.get("baseline", "")
        mark = "" if r.mine_names_leak is None else (" (names leak)" if r.mine_names_leak else "")
        print(
            f"{r.name:{w}} {'yes' if r.leaks else 'no':>5} {mined:>5} {r.mine_naming:6d} {r.mine_covers.short():>8}"
            f"  {(r.mine_top + mark)[:60]:60} {blind}"
        )
    print(f"\n{'dataset':{w}} {'leaks':>5} {'rewritten leak / clean':>23}  {'blind after sanitize':44} copy baseline")
    for r in results:
        after = r.sanitized_line or r.status.get("sanitized", "")
        print(
            f"{r.name:{w}} {'yes' if r.leaks else 'no':>5} {r.rewritten.short():>12} / {r.rewritten_clean.short():>8}"
            f"  {after:44} {r.copy_line or r.status.get('copy', '')}"
        )
    for r in results:
        for step, st in r.status.items():
            if st != "ok":
                print(f"{r.name}: step {step}: {st}")


def totals(results: Sequence[Scored]) -> dict[str, Any]:
    """The totals: per-record recall and false alarms (clean records of leaking datasets, of clean datasets) per
    method, and the dataset-level verdicts of the blind baseline, mining and the scan's exit as
    ``{name: (leaking called leaking, clean called clean)}``."""
    rec = {m: Rate() for m in METHODS}
    fa_leaking = {m: Rate() for m in METHODS}
    fa_clean = {m: Rate() for m in METHODS}
    rewritten = {"leaking": Rate(), "clean, leaking datasets": Rate(), "clean datasets": Rate()}
    for r in results:
        for m in METHODS:
            rec[m].add(r.recall[m])
            (fa_leaking if r.leaks else fa_clean)[m].add(r.false_alarms[m])
        rewritten["leaking"].add(r.rewritten)
        rewritten["clean, leaking datasets" if r.leaks else "clean datasets"].add(r.rewritten_clean)
    verdicts: dict[str, tuple[Rate, Rate]] = {}
    for name, called in (  # None: the step hung or failed, a verdict neither way
        ("blind baseline (exit 1)", lambda r: None if r.blind_exit is None else r.blind_exit == 1),
        (  # the same agent reading the graded fields too: what the exit would say without principle 7
            "blind baseline with graded (leak)",
            lambda r: None if r.blind_exit is None else r.blind_exit == 1 or _graded_leak(r),
        ),
        ("copy baseline (exit 1)", lambda r: None if r.copy_exit is None else r.copy_exit == 1),
        ("leak mine (any suggestion)", lambda r: None if r.mine_found is None else r.mine_found > 0),
        ("leak scan (a) (exit 1)", lambda r: None if "scan" not in r.scan_exit else r.scan_exit["scan"] == 1),
        (
            "leak scan (b) (exit 1)",
            lambda r: None if "scan_derive" not in r.scan_exit else r.scan_exit["scan_derive"] == 1,
        ),
    ):
        lk = Rate(sum(called(r) is True for r in results if r.leaks), sum(r.leaks for r in results))
        cl = Rate(sum(called(r) is False for r in results if not r.leaks), sum(not r.leaks for r in results))
        verdicts[name] = (lk, cl)
    # After sanitizing, a leaking dataset should no longer be called leaking by the blind baseline.
    leaking = [r for r in results if r.leaks]
    after = Rate(sum(r.sanitized_exit == 0 for r in leaking), len(leaking))
    return {
        "recall": rec,
        "fa_leaking": fa_leaking,
        "fa_clean": fa_clean,
        "verdicts": verdicts,
        "rewritten": rewritten,
        "blind_after_sanitize": after,
    }


def _graded_leak(r: Scored) -> bool:
    """Whether the blind agent calls ``r`` leaking once it reads the graded fields it leaves out."""
    return bool(r.blind_graded and r.blind_graded.get("verdict") == "leak")


def print_totals(results: Sequence[Scored]) -> None:
    """The totals of :func:`totals`, one line each."""
    t = totals(results)
    print()
    for key, title in (
        ("recall", "recall, leaking records"),
        ("fa_leaking", "false alarms, clean records of leaking datasets"),
        ("fa_clean", "false alarms, records of clean datasets"),
    ):
        print(f"{title:48} " + "   ".join(f"{TITLES[m]} {t[key][m]}" for m in METHODS))
    covers = Rate()
    for r in results:
        covers.add(r.mine_covers)
    print(f"{'leak mine alone covers, leaking records':48} {covers}")
    print(f"{'leak sanitize (b) rewrote':48} " + "   ".join(f"{k} {v}" for k, v in t["rewritten"].items()))
    print("dataset verdicts: leaking called leaking / clean called clean")
    for name, (lk, cl) in t["verdicts"].items():
        print(f"  {name:30} {lk}   {cl}")
    print(
        f"  {'blind baseline after sanitize':30} leaking datasets no longer called leaking {t['blind_after_sanitize']}"
    )


def main() -> None:
    """Measure every dataset of the directory and print the tables and the totals."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "directory",
        type=Path,
        nargs="?",
        default=DEV_FIXTURE,
        help="a directory of <name>.jsonl datasets with <name>.meta.json (default: the development fixture)",
    )
    ap.add_argument(
        "--show-misses", type=int, default=0, help="print up to N misses and N false alarms of (a) or (b) per dataset"
    )
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds a step may take before it counts as a hang")
    ap.add_argument("--json", type=Path, help="also write every figure here (per dataset and the totals), as JSON")
    args = ap.parse_args()
    datasets = load_datasets(args.directory)
    if not datasets:
        print(f"no <name>.jsonl datasets in {args.directory}", file=sys.stderr)
        raise SystemExit(2)
    for ds in datasets:
        if not ds.meta_found:
            print(f"note: {ds.name} has no {ds.name}.meta.json: (b) runs without --derive-from", file=sys.stderr)
    results = []
    runner = ChildRunner(args.timeout)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for ds in datasets:
                scored, outs = measure(ds, runner, Path(tmp))
                _show_misses(ds, outs, args.show_misses)
                results.append(scored)
                print(f"{ds.name}: {scored.records} records, {scored.seconds:.1f}s", file=sys.stderr, flush=True)
    finally:
        runner.close()
    print(f"\n== {args.directory} ({len(results)} datasets, {sum(r.records for r in results)} records) ==")
    print_tables(results)
    print_totals(results)
    if args.json is not None:
        doc = {"directory": str(args.directory), "datasets": [asdict(r) for r in results], "totals": totals(results)}
        args.json.write_text(json.dumps(doc, indent=1, default=asdict) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
