"""``windtunnel leak scan|sanitize|check|baseline|mine``: the ground-truth leakage auditor."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from windtunnel.cli import _options
from windtunnel.cli._scale import RayAddressOpt, ScanExecutorOpt
from windtunnel.cli.app import app

if TYPE_CHECKING:
    from windtunnel.leakage.dataset import FieldMap
    from windtunnel.leakage.model import ItemAudit

leak = typer.Typer(
    name="leak",
    help="Audit eval datasets for ground-truth leakage: scan, sanitize, check, blind baseline, mine.",
    no_args_is_help=True,
)
app.add_typer(leak, name="leak")

_EXPECTED = typer.Option("expected", "--expected-field", help="Field (dotted or JSONPath) of the answer.")
_CONTEXT = typer.Option(
    None,
    "--context-field",
    help="Field(s) the model reads (dotted or JSONPath, repeatable). Default: 'projection'.",
)
_ID = typer.Option("id", "--id-field", help="Field of the item id (default: 'id'; else the position).")
_LABELS = typer.Option(None, "--label-set", help="Comma-separated label set for every item.")
_CORR_MAP = typer.Option(None, "--correlated-map", help="JSON {label: [values]} (from 'leak mine -o').")
_TARGET = typer.Option(None, "--target", help="What the items ask for, e.g. 'priority'.")
_NO_DECODE = typer.Option(False, "--no-decode", help="Skip base64 / URL / entity / escape decoding.")
_CONTEXT_WORD = typer.Option(
    None, "--context-word", help="A word naming the task in prose (repeatable), beside priority, severity, label ..."
)
_STRICT = typer.Option(False, "--strict", help="Count a bare answer word in unrelated prose as a leak (else: review).")
_JOBS = typer.Option(
    None,
    "--jobs",
    "-j",
    min=1,
    help="Worker processes for a JSONL dataset. Default: auto, one per core (at most 8) for a file of 8 MB "
    "or more, else 1 (this process). The results are identical for every value.",
)


def _field_map(
    expected_field: str,
    context_field: list[str] | None,
    id_field: str,
    label_set: str | None,
    correlated_map: Path | None,
    target: str | None,
    context_words: list[str] | None = None,
    strict: bool = False,
) -> FieldMap:
    import orjson

    from windtunnel._util.errors import UsageError
    from windtunnel.leakage.dataset import FieldMap

    cmap: dict[str, list[str]] = {}
    if correlated_map is not None:
        try:
            raw = orjson.loads(correlated_map.read_bytes())
        except (OSError, orjson.JSONDecodeError) as err:
            raise UsageError(
                f"cannot read the correlated map {correlated_map}: {err}",
                hint="write it with 'windtunnel leak mine DATASET -o map.json'",
            ) from None
        if not isinstance(raw, dict) or not all(isinstance(v, list) for v in raw.values()):
            raise UsageError(f"{correlated_map} must be a JSON object {{label: [values, ...]}}")
        cmap = {str(k): [str(x) for x in v] for k, v in raw.items()}
    labels = [s.strip() for s in label_set.split(",") if s.strip()] if label_set else []
    return FieldMap(
        id_field=id_field,
        expected_field=expected_field,
        context_fields=list(context_field or []),
        label_set=labels,
        correlated_map=cmap,
        target=target,
        context_words=list(context_words or []),
        strict=strict,
    )


def _items(path: Path, fmap: FieldMap) -> Any:
    """Stream mapped items; dataset errors become usage errors (exit 2)."""
    from windtunnel._util.errors import UsageError
    from windtunnel.leakage.dataset import DatasetError, iter_items

    try:
        yield from iter_items(path, fmap)
    except DatasetError as err:
        raise UsageError(str(err), hint=_dataset_hint(err)) from None


def _audits(
    path: Path, fmap: FieldMap, decode: bool, jobs: int | None, executor: str | None = None, address: str | None = None
) -> Any:
    """Stream the audits of a dataset in file order (in worker processes when ``jobs`` allows, on Ray
    with ``executor`` ray).

    Close the iterator (``contextlib.closing``) when leaving early, so the workers stop at once.
    """
    from windtunnel._util.errors import HarnessError, UsageError
    from windtunnel.leakage.dataset import DatasetError
    from windtunnel.leakage.parallel import ScanWorkerError, iter_audits
    from windtunnel.leakage.ray_scan import scan_source

    try:
        yield from scan_source(path, fmap, decode, jobs, executor, address) or iter_audits(
            path, fmap, decode=decode, jobs=jobs
        )
    except DatasetError as err:
        raise UsageError(str(err), hint=_dataset_hint(err)) from None
    except ScanWorkerError as err:
        raise HarnessError(str(err), hint="'--jobs 1' scans in this process") from None


def _dataset_hint(err: Exception) -> str:
    text = str(err)
    if "gzip-compressed" in text:
        return "windtunnel reads the stream of a pipe: leak scan <(zcat FILE.gz)"
    if "is a directory" in text or "no such file" in text:
        return "check the DATASET path: a .jsonl or .json file (a pipe works too)"
    if "nested too deeply" in str(err):
        return "flatten that item, or leave it out of the dataset"
    if "not valid JSON" in str(err):
        return "fix or remove that line: each line of a JSONL file is one JSON object (a .json file: one document)"
    return "see 'windtunnel leak scan --help' for the item shape and field options"


def _fail() -> None:
    """Exit 1 for a failed verdict (leaks found, check failed).

    ``SystemExit`` rather than ``typer.Exit``: with ``standalone_mode=False`` click turns ``Exit`` into a
    return value that the entry point does not forward.
    """
    from windtunnel._util.errors import ExitCode

    raise SystemExit(int(ExitCode.FAILED))


def _interrupted(items: int, output: Path | None) -> None:
    """Ctrl-C during a scan: say what was kept, exit 130."""
    import sys

    from windtunnel._util.errors import ExitCode

    where = f"; the partial report (marked interrupted) is in {output}" if output is not None else ""
    sys.stdout.flush()
    sys.stderr.write(f"interrupted after {items} items{where}\n")
    raise SystemExit(int(ExitCode.INTERRUPTED))


def remove_stale_partials(output: Path) -> list[Path]:
    """Delete the temporary files a killed earlier run left beside ``output`` (``.NAME.PID.*.partial``
    whose process is gone); a live process's file is left alone. Returns what was removed."""
    import os

    removed = []
    for leftover in output.parent.glob(f".{output.name}.*.partial"):
        pid = leftover.name[len(output.name) + 2 :].split(".", 1)[0]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
            continue  # that process still runs
        except ProcessLookupError:
            pass
        except PermissionError:
            continue
        with suppress(OSError):
            leftover.unlink()
            removed.append(leftover)
    return removed


@contextmanager
def _report_file(output: Path | None, *, stdout: bool = True) -> Iterator[Any]:
    """Where a streamed report goes: stdout, or ``output`` replaced only when the scan ends.

    The report is written beside ``output`` under a temporary name and renamed over it when the scan
    finishes or is interrupted (a partial report marked as such); on any error (a bad record, a dead
    worker, no items) it is removed and an earlier file at ``output`` is left as it was.
    """
    import os
    import sys
    import tempfile

    from windtunnel._util.errors import UsageError

    if output is None:
        yield sys.stdout.buffer if stdout else None
        return
    if output.is_dir():
        raise UsageError(f"-o {output} is a directory", hint="give a file path, e.g. -o leaks.json")
    if not output.parent.is_dir():
        raise UsageError(f"cannot write {output}: no directory {output.parent}", hint="create it first")
    remove_stale_partials(output)
    fd, tmp = tempfile.mkstemp(prefix=f".{output.name}.{os.getpid()}.", suffix=".partial", dir=output.parent)
    committed = False
    try:
        with os.fdopen(fd, "wb") as out:
            try:
                yield out
            except SystemExit as stop:
                committed = stop.code == 130  # Ctrl-C: the partial report is kept
                raise
            else:
                committed = True
    finally:
        try:
            if committed:
                os.replace(tmp, output)
        finally:
            with suppress(OSError):
                os.unlink(tmp)  # gone already after a successful replace


def _no_items(dataset: Path | None, source: str, counts: Any) -> None:
    from windtunnel._util.errors import UsageError

    if dataset is None:
        raise UsageError(
            f"{source}: none of its {counts.cells} cells has a golden prompt with an expected answer; "
            "an empty audit proves nothing",
            hint="write golden prompts as {prompt: ..., expected: ..., label_set: [...]} in the config",
        )
    raise UsageError(f"{dataset} holds no items; an empty audit proves nothing")


def _audit_table(rows: list[ItemAudit], tally: Any, show_values: bool, limit: int) -> None:
    from rich.table import Table

    from windtunnel.cli._console import out_console
    from windtunnel.leakage.model import value_hash

    con = out_console()
    table = Table(title="leak scan", show_lines=False)
    for col in ("item", "channel", "sev", "pointer", "repr", "view", "rule", "value"):
        table.add_column(col, overflow="fold")
    shown = 0
    for audit in rows:
        for f in audit.findings:
            if shown >= limit:
                break
            table.add_row(
                audit.item,
                f.channel,
                f.severity,
                f.shown_pointer(show_values) or "/",
                f.representation,
                f.view,
                f.rule,
                f.value if show_values else value_hash(f.value)[:19],
            )
            shown += 1
    if shown:
        con.print(table)
    if tally.findings > shown:
        con.print(f"[dim]… {tally.findings - shown} more findings (use --format json for all)[/]")
    s = tally.to_dict()
    chans = ", ".join(f"{k} {v}" for k, v in s["by_channel"].items())
    con.print(
        f"{s['items']} items: [bold red]{s['leaked_items']} leaked[/], {s['review_items']} for review, "
        f"{s['clean_items']} clean  (leaked items per channel: {chans})"
    )


@leak.command("scan")
def scan(
    dataset: Path | None = typer.Argument(None, help="JSONL or JSON dataset of items."),
    from_run: str | None = typer.Option(
        None, "--from-run", help="Audit the cells of a stored run: prompts and tool responses the agent saw."
    ),
    from_report: Path | None = typer.Option(
        None, "--from-report", help="Audit the cells of a JSON run report ('windtunnel run -f json')."
    ),
    store: Path | None = typer.Option(None, "--store", help="Run store for --from-run (default .windtunnel/runs.db)."),
    config: Path | None = typer.Option(
        None, "--config", "-c", help="Config with the golden answers (default: the one the run used)."
    ),
    fmt: str = typer.Option("table", "--format", "-f", help="table | json | sarif | html"),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the report here."),
    show_values: bool = typer.Option(False, "--show-values", help="Show matched answers (hashed by default)."),
    limit: int = typer.Option(50, "--limit", min=0, help="Table rows at most (0: none, only the totals)."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _CONTEXT,
    id_field: str = _ID,
    label_set: str | None = _LABELS,
    correlated_map: Path | None = _CORR_MAP,
    target: str | None = _TARGET,
    no_decode: bool = _NO_DECODE,
    jobs: int | None = _JOBS,
    context_word: list[str] | None = _CONTEXT_WORD,
    strict: bool = _STRICT,
    executor: str | None = ScanExecutorOpt,
    ray_address: str | None = RayAddressOpt,
) -> None:
    """Scan what the model reads for the expected answer. Exit 1 when any item leaks.

    The items come from a DATASET, or from a windtunnel run (--from-run RUN_ID, --from-report FILE):
    each cell's prompt and tool responses, against its golden prompt's expected answer.
    """
    if fmt == "html":  # the audit page: windtunnel.view.leak_page
        return __import__("windtunnel.view.leak_page", fromlist=["scan_html"]).scan_html(locals())
    from contextlib import closing

    from windtunnel._util.errors import UsageError
    from windtunnel._util.signals import sigterm_as_interrupt
    from windtunnel.leakage.report import JsonReportWriter, SarifWriter, Tally

    sigterm_as_interrupt()  # `kill PID` stops like Ctrl-C: the partial report is kept, exit 130

    if fmt not in ("table", "json", "sarif"):
        raise UsageError(f"unknown --format {fmt!r}", hint="valid: table, json, sarif")
    given = [name for name, v in (("DATASET", dataset), ("--from-run", from_run), ("--from-report", from_report)) if v]
    if len(given) != 1:
        raise UsageError(
            "give exactly one of DATASET, --from-run RUN_ID, --from-report REPORT.json"
            + (f" (got {', '.join(given)})" if given else ""),
            hint="e.g. 'windtunnel leak scan items.jsonl' or 'windtunnel leak scan --from-run 20250101-120000-abcdef'",
        )
    if dataset is None and (context_field or label_set or correlated_map or target or expected_field != "expected"):
        raise UsageError("field options (--expected-field, --context-field, ...) apply to datasets, not runs")
    if dataset is None and jobs is not None:
        raise UsageError("--jobs applies to a DATASET; the cells of a run are audited in this process")
    from windtunnel.leakage.runs import RunCounts

    counts = RunCounts()
    if dataset is not None:
        fmap = _field_map(
            expected_field, context_field, id_field, label_set, correlated_map, target, context_word, strict
        )
        source = str(dataset)
        audits: Any = _audits(dataset, fmap, not no_decode, jobs, executor, ray_address)
    else:
        source = f"run {from_run}" if from_run else str(from_report)
        audits = _run_audits(from_run, from_report, store, config, counts, not no_decode)
    from windtunnel._util.paths import refuse_overwrite

    refuse_overwrite(
        [("-o", output)], [("DATASET", dataset), ("--from-report", from_report), ("--config", config)]
    )
    if fmt == "table" and output is not None:  # no --format: the suffix of --output decides, as for `run`
        fmt = "sarif" if output.suffix.lower() == ".sarif" else "json"
    if fmt == "table":
        tally = Tally()
        rows: list[ItemAudit] = []
        with closing(audits):
            try:
                for audit in audits:
                    tally.add(audit)
                    if audit.findings and len(rows) < limit:
                        rows.append(audit)
            except KeyboardInterrupt:
                _audit_table(rows, tally, show_values, limit)
                _interrupted(tally.items, None)
        if output is not None:
            raise UsageError("--output needs --format json or sarif")
        _audit_table(rows, tally, show_values, limit)
    else:
        with _report_file(output) as out:
            writer = (JsonReportWriter if fmt == "json" else SarifWriter)(out, source=source, show_values=show_values)
            if dataset is None:
                writer.tally.skipped_cells = counts
            with closing(audits):
                try:
                    for audit in audits:
                        writer.add(audit)
                except KeyboardInterrupt:
                    # Keep what was audited: a valid, partial report, marked as such.
                    writer.close(interrupted=True)
                    _interrupted(writer.tally.items, output)
            writer.close()
            if writer.tally.items == 0:
                _no_items(dataset, source, counts)
        tally = writer.tally
    if dataset is None:
        _print_skipped(counts)
    if tally.items == 0:
        _no_items(dataset, source, counts)
    if tally.leaked_items:
        _fail()


def _run_audits(
    run_id: str | None, report: Path | None, store: Path | None, config: Path | None, counts: Any, decode: bool
) -> Any:
    """Audits of the cells of a stored run or a JSON report (pointers into the report cell)."""
    from windtunnel._util.errors import UsageError
    from windtunnel.leakage.runs import RunSourceError, report_items, store_items
    from windtunnel.leakage.scan import audit_item
    from windtunnel.store.runstore import default_store_path

    try:
        if run_id is not None:
            items = store_items(run_id, store or default_store_path(), counts, config=config)
        else:
            assert report is not None
            items = report_items(report, counts, config=config)
        for ri in items:
            yield ri.locate(audit_item(ri.item, decode=decode))
    except RunSourceError as err:
        raise UsageError(str(err), hint="see 'windtunnel leak scan --help'") from None


def _print_skipped(counts: Any) -> None:
    if counts.skipped_no_expected:
        from windtunnel.cli._console import err_console

        err_console().print(
            f"[dim]{counts.skipped_no_expected} of {counts.cells} cells skipped: "
            "their golden prompt has no expected answer in the config[/]"
        )


@leak.command("sanitize")
def sanitize(
    dataset: Path = typer.Argument(..., help="JSONL or JSON dataset of items."),
    output: Path = typer.Option(..., "--output", "-o", help="Sanitized dataset (JSONL)."),
    stats: Path | None = typer.Option(None, "--stats", help="Per-item redaction stats (JSONL)."),
    mode: str = typer.Option("sentence", "--mode", help="sentence | span: what to cut around a hit in prose."),
    redact_review: bool = typer.Option(False, "--redact-review", help="Also act on low (review) findings."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _CONTEXT,
    id_field: str = _ID,
    label_set: str | None = _LABELS,
    correlated_map: Path | None = _CORR_MAP,
    target: str | None = _TARGET,
    no_decode: bool = _NO_DECODE,
    show_values: bool = typer.Option(
        False, "--show-values", help="Print answer keys in pointers, here and in --stats (hashed by default)."
    ),
    context_word: list[str] | None = _CONTEXT_WORD,
    strict: bool = _STRICT,
) -> None:
    """Blank leaking values and redact leaking spans, keeping keys, order and types; rescan the result.

    Exit 1 when the rescan still finds a leak (e.g. an object key that is the answer). Runs in this
    process (no --jobs): it writes a full copy of every record in order.
    """
    import sys

    import orjson

    from windtunnel._util.errors import ExitCode, UsageError
    from windtunnel._util.signals import sigterm_as_interrupt
    from windtunnel.cli._console import err_console, out_console
    from windtunnel.leakage.dataset import DatasetError, write_back
    from windtunnel.leakage.sanitize import sanitize_item

    sigterm_as_interrupt()
    if mode not in ("sentence", "span"):
        raise UsageError(f"unknown --mode {mode!r}", hint="valid: sentence, span")
    from windtunnel._util.paths import refuse_overwrite

    refuse_overwrite([("-o", output), ("--stats", stats)], [("DATASET", dataset), ("--correlated-map", correlated_map)])
    fmap = _field_map(expected_field, context_field, id_field, label_set, correlated_map, target, context_word, strict)
    n = leaked = residual_items = 0
    chars = 0
    with _report_file(output) as out, _report_file(stats, stdout=False) as st:
        try:
            for mapped in _items(dataset, fmap):
                try:
                    res = sanitize_item(
                        mapped.item,
                        mode="span" if mode == "span" else "sentence",
                        redact_review=redact_review,
                        decode=not no_decode,
                    )
                except DatasetError as err:
                    raise UsageError(f"{dataset}: {err}", hint=_dataset_hint(err)) from None
                out.write(orjson.dumps(write_back(mapped, res.item.projection)) + b"\n")
                n += 1
                leaked += res.before.leaked
                residual_items += not res.ok
                chars += sum(r.chars_removed for r in res.redactions)
                if st is not None:
                    st.write(orjson.dumps(res.stats(show_values=show_values)) + b"\n")
                if not res.ok:
                    ptrs = ", ".join(sorted({f.shown_pointer(show_values) or "/" for f in res.residual}))
                    err_console().print(f"[yellow]item {res.item.id}: still leaks after sanitizing at {ptrs}[/]")
        except KeyboardInterrupt:
            sys.stderr.write(f"interrupted after {n} items; {output} holds their sanitized copies\n")
            raise SystemExit(int(ExitCode.INTERRUPTED)) from None
        if n == 0:
            raise UsageError(f"{dataset} holds no items")
    out_console().print(
        f"sanitized {n} items ({leaked} leaked before), removed {chars} characters; "
        f"{residual_items} items still leak -> {output}"
    )
    if residual_items:
        _fail()


@leak.command("check")
def check(
    raw: Path = typer.Option(..., "--raw", help="The raw dataset: every item must leak."),
    sanitized: Path = typer.Option(..., "--sanitized", help="The sanitized dataset: no item may leak."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _CONTEXT,
    id_field: str = _ID,
    label_set: str | None = _LABELS,
    correlated_map: Path | None = _CORR_MAP,
    target: str | None = _TARGET,
    no_decode: bool = _NO_DECODE,
    jobs: int | None = _JOBS,
    show_values: bool = typer.Option(False, "--show-values", help="Print answer keys in pointers (hashed by default)."),
    context_word: list[str] | None = _CONTEXT_WORD,
    strict: bool = _STRICT,
    executor: str | None = ScanExecutorOpt,
    ray_address: str | None = RayAddressOpt,
) -> None:
    """CI assertion: the raw projection leaks on every item, the sanitized one on none (else exit 1)."""
    from contextlib import closing

    from windtunnel._util.errors import UsageError
    from windtunnel.cli._console import out_console

    fmap = _field_map(expected_field, context_field, id_field, label_set, correlated_map, target, context_word, strict)
    raw_leaks: dict[str, bool] = {}
    seen: dict[str, int | None] = {}
    with closing(_audits(raw, fmap, not no_decode, jobs, executor, ray_address)) as audits:
        for audit in audits:
            _unique_id(raw, audit.item, audit.line, seen, id_field)
            raw_leaks[audit.item] = audit.leaked
    san: dict[str, list[str]] = {}
    seen = {}
    with closing(_audits(sanitized, fmap, not no_decode, jobs, executor, ray_address)) as audits:
        for audit in audits:
            _unique_id(sanitized, audit.item, audit.line, seen, id_field)
            san[audit.item] = sorted({f.shown_pointer(show_values) or "/" for f in audit.findings if f.blocking})
    if not raw_leaks or not san:
        raise UsageError("both datasets must hold items; an empty check proves nothing")
    con = out_console()
    not_leaking = [i for i, v in raw_leaks.items() if not v]
    still = {i: p for i, p in san.items() if p}
    missing = sorted(set(raw_leaks) ^ set(san))
    for i in not_leaking[:20]:
        con.print(f"[red]raw item {i} does not leak[/]: the scan would not notice if this item's leak came back")
    for i, ptrs in list(still.items())[:20]:
        con.print(f"[red]sanitized item {i} still leaks[/] at {', '.join(ptrs)}")
    if missing:
        con.print(f"[red]{len(missing)} item ids are in only one dataset[/], e.g. {', '.join(missing[:5])}")
    ok = not not_leaking and not still and not missing
    con.print(
        f"raw: {sum(raw_leaks.values())}/{len(raw_leaks)} leak; sanitized: {len(still)}/{len(san)} leak "
        f"-> {'[green]PASS[/]' if ok else '[red]FAIL[/]'}"
    )
    if not ok:
        _fail()


def _unique_id(path: Path, item_id: str, line: int | None, seen: dict[str, int | None], id_field: str) -> None:
    """Items are matched by id across the two datasets, so a repeated id would silently merge items."""
    from windtunnel._util.errors import UsageError

    if item_id in seen:
        raise UsageError(
            f"{path}: duplicate item id {item_id!r} at lines {seen[item_id]} and {line}",
            hint=f"every item needs a unique id (field {id_field!r}; --id-field picks another field)",
        )
    seen[item_id] = line


def _load_results(path: Path) -> tuple[list[Any], list[int]]:
    """The results of ``path`` and the 1-based line (JSONL) or position (JSON array) of each."""
    from windtunnel._util.errors import UsageError
    from windtunnel.leakage.dataset import DatasetError, iter_records

    try:
        recs = list(iter_records(path))
    except DatasetError as err:
        raise UsageError(str(err)) from None
    return [r.data for r in recs], [r.line for r in recs]


_RESULT_HINT = (
    'each line is true/false, {"id": ..., "passed": true|false} (also "true"/"false" or 1/0) '
    'or {"prediction": ..., "label": ...}'
)


@leak.command("baseline")
def baseline(
    results: Path | None = typer.Argument(None, help="Per-item results: {passed} or {prediction, label} (JSONL/JSON)."),
    chance: float | None = typer.Option(
        None, "--chance", callback=_options.chance_rate, help="The chance pass rate in [0, 1), if known."
    ),
    chance_model: str = typer.Option("auto", "--chance-model", help="auto | uniform | majority | prior"),
    n_labels: int | None = typer.Option(
        None, "--labels", callback=_options.label_count, help="Number of labels, 2 or more (for 1/N)."
    ),
    alpha: float = typer.Option(
        0.01, "--alpha", callback=_options.significance, help="Significance level of the verdict, in (0, 1)."
    ),
    excess: float = typer.Option(0.1, "--excess", help="Excess over chance the sample should detect."),
    power: float = typer.Option(0.8, "--power", help="Power for the items-needed estimate."),
    paired: Path | None = typer.Option(
        None, "--paired", help="Results of the sanitized run, paired with RESULTS (raw) by id (see --pair-by)."
    ),
    pair_by: str = typer.Option(
        "auto",
        "--pair-by",
        help="id | position | auto (by id when every result of both files has one, else by position).",
    ),
    simulate: str | None = typer.Option(
        None, "--simulate", help="Run a built-in blind agent (majority | prior) on --dataset's labels."
    ),
    dataset: Path | None = typer.Option(None, "--dataset", help="Dataset for --simulate."),
    expected_field: str = _EXPECTED,
    seed: int = typer.Option(0, "--seed", help="Seed of the prior-sampling blind agent."),
    fmt: str = typer.Option("table", "--format", "-f", help="table | json"),
) -> None:
    """Is a blind baseline above chance? Exact binomial test, Wilson interval, items needed.

    Exit 1 when the baseline scores significantly above chance (a leak); 0 at chance or inconclusive.
    With --paired, an exact McNemar test compares the raw and sanitized runs.
    """
    import orjson

    from windtunnel._util.errors import UsageError
    from windtunnel.cli._console import out_console
    from windtunnel.leakage.baseline import (
        ResultError,
        blind_predictions,
        mcnemar_exact,
        summarize_blind_baseline,
    )

    if pair_by not in ("auto", "id", "position"):
        raise UsageError(f"unknown --pair-by {pair_by!r}", hint="valid: auto, id, position")
    records: list[Any]
    lines: list[int] | None = None
    if simulate is not None:
        if dataset is None:
            raise UsageError("--simulate needs --dataset (its expected answers are the labels)")
        labels = [
            m.item.expected[0]
            for m in _items(dataset, _field_map(expected_field, None, "id", None, None, None))
            if m.item.expected
        ]
        try:
            preds = blind_predictions(labels, simulate, seed=seed)
        except ValueError as err:
            raise UsageError(str(err)) from None
        records = [{"prediction": p, "label": lab} for p, lab in zip(preds, labels, strict=True)]
    elif results is not None:
        records, lines = _load_results(results)
    else:
        raise UsageError("give a RESULTS file or --simulate majority|prior --dataset D")
    if chance_model not in ("auto", "uniform", "majority", "prior"):
        raise UsageError(f"unknown --chance-model {chance_model!r}", hint="valid: auto, uniform, majority, prior")
    try:
        summary = summarize_blind_baseline(
            records,
            chance=chance,
            chance_model=chance_model,  # type: ignore[arg-type]
            n_labels=n_labels,
            alpha=alpha,
            excess=excess,
            target_power=power,
            lines=lines,
        )
    except ResultError as err:
        raise UsageError(f"{results}: {err}", hint=_RESULT_HINT) from None
    except ValueError as err:
        raise UsageError(str(err), hint="pass --chance P or --labels N, or give {prediction, label} results") from None
    out: dict[str, Any] = {"baseline": summary.to_dict()}
    if paired is not None:
        if results is None:
            raise UsageError("--paired compares two results files: give RESULTS (the raw run) too")
        out["paired"] = _paired(results, paired, pair_by, alpha, mcnemar_exact)
    con = out_console()
    if fmt == "json":
        con.print_json(orjson.dumps(out).decode())
    else:
        s = summary
        con.print(
            f"n={s.n} passes={s.passes} pass rate={s.pass_rate:.3f} "
            f"(Wilson {s.confidence:.0%}: {s.wilson[0]:.3f}-{s.wilson[1]:.3f})"
        )
        floors = ", ".join(f"{k} {v:.3f}" for k, v in s.chance_floors.items())
        con.print(f"chance ({s.chance_model}) = {s.chance:.3f}   floors: {floors or 'n/a'}")
        con.print(f"one-sided exact binomial p = {s.p_value:.3g} at alpha {s.alpha}")
        con.print(f"items needed to detect +{s.excess:.2f} with {power:.0%} power: {s.n_needed or 'n/a'}")
        color = {"leak": "red", "at-chance": "green", "inconclusive": "yellow"}[s.verdict]
        con.print(f"verdict: [bold {color}]{s.verdict}[/]" + (f" — {s.notes[0]}" if s.notes else ""))
        if "paired" in out:
            m = out["paired"]
            con.print(
                f"paired (McNemar, exact): raw-only passes {m['raw_only']}, sanitized-only "
                f"{m['sanitized_only']} (paired by {m['paired_by']}, n={m['n']}), p(drop) = {m['p_drop']:.3g}, "
                f"two-sided p = {m['p_two_sided']:.3g}"
                f" -> {'significant drop' if m['significant_drop'] else 'no significant drop'}"
            )
    if summary.verdict == "leak":
        _fail()


def _paired(raw_path: Path, san_path: Path, pair_by: str, alpha: float, test: Any) -> dict[str, Any]:
    """McNemar over the raw and sanitized results, paired by id (same id sets required) or position."""
    from windtunnel._util.errors import UsageError
    from windtunnel.leakage.baseline import ResultError, pass_flags

    def load(path: Path) -> tuple[list[bool], list[int], list[Any]]:
        rows, lines = _load_results(path)
        try:
            passes, _ = pass_flags(rows, lines)
        except ResultError as err:
            raise UsageError(f"{path}: {err}", hint=_RESULT_HINT) from None
        return passes, lines, rows

    a, la, rows_a = load(raw_path)
    b, lb, rows_b = load(san_path)
    by_id = pair_by == "id" or (
        pair_by == "auto" and all(_has_id(r) for r in rows_a) and all(_has_id(r) for r in rows_b)
    )
    if by_id:
        amap = _by_id(raw_path, rows_a, la, a)
        bmap = _by_id(san_path, rows_b, lb, b)
        only_a = [i for i in amap if i not in bmap]
        only_b = [i for i in bmap if i not in amap]
        if only_a or only_b:
            raise UsageError(
                f"the paired results hold different item ids: {_ids_note(only_a)} only in {raw_path}, "
                f"{_ids_note(only_b)} only in {san_path} ({len(amap) - len(only_a)} in both)",
                hint="pair the same items in both runs, or pass --pair-by position to pair line by line",
            )
        common = list(amap)
        a, b = [amap[i] for i in common], [bmap[i] for i in common]
    try:
        result: dict[str, Any] = test(a, b, alpha=alpha).to_dict()
    except ValueError as err:
        raise UsageError(
            f"{err} (--pair-by position pairs line by line)",
            hint="give both runs the same items, with ids to pair them by id",
        ) from None
    result["paired_by"] = "id" if by_id else "position"
    return result


def _has_id(row: Any) -> bool:
    return isinstance(row, dict) and "id" in row


def _by_id(path: Path, rows: list[Any], lines: list[int], flags: list[bool]) -> dict[str, bool]:
    """``{id: passed}``; a result without an id or a repeated id is a usage error naming the lines."""
    from windtunnel._util.errors import UsageError

    out: dict[str, bool] = {}
    first: dict[str, int] = {}
    for row, line, flag in zip(rows, lines, flags, strict=True):
        if not _has_id(row):
            raise UsageError(
                f"{path}:{line}: the result has no 'id', so it cannot be paired by id",
                hint="add ids to every result, or pass --pair-by position",
            )
        key = str(row["id"])
        if key in first:
            raise UsageError(
                f"{path}: duplicate id {key!r} at lines {first[key]} and {line}",
                hint="every item id must be unique within a results file",
            )
        first[key] = line
        out[key] = flag
    return out


def _ids_note(ids: list[str], shown: int = 5) -> str:
    if not ids:
        return "0 ids"
    more = f", ... (+{len(ids) - shown})" if len(ids) > shown else ""
    return f"{len(ids)} id{'s' if len(ids) != 1 else ''} ({', '.join(map(repr, ids[:shown]))}{more})"


@leak.command("mine")
def mine(
    dataset: Path = typer.Argument(..., help="Labelled dataset (JSONL or JSON)."),
    min_support: int = typer.Option(5, "--min-support", min=1, help="Items a value must appear in (1 or more)."),
    min_purity: float = typer.Option(
        0.95, "--min-purity", callback=_options.share_above_zero, help="Share of those items with one label, in (0, 1]."
    ),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write {label: [values]} here."),
    fmt: str = typer.Option("table", "--format", "-f", help="table | json"),
    show_values: bool = typer.Option(True, "--show-values/--hide-values", help="Show the mined values."),
    limit: int = typer.Option(50, "--limit", min=0, help="Table rows at most (0: none, only the totals)."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _CONTEXT,
    id_field: str = _ID,
) -> None:
    """Suggest correlated values: (pointer, value) pairs whose items nearly all share one label."""
    import orjson
    from rich.table import Table

    from windtunnel._util.paths import refuse_overwrite
    from windtunnel.cli._console import out_console
    from windtunnel.leakage.mine import correlated_map, mine_correlates
    from windtunnel.leakage.model import value_hash

    refuse_overwrite([("-o", output)], [("DATASET", dataset)])
    fmap = _field_map(expected_field, context_field, id_field, None, None, None)
    suggestions = mine_correlates(
        (m.item for m in _items(dataset, fmap)), min_support=min_support, min_purity=min_purity
    )
    if output is not None:
        output.write_bytes(orjson.dumps(correlated_map(suggestions), option=orjson.OPT_INDENT_2))
    con = out_console()
    if fmt == "json":
        con.print_json(orjson.dumps([s.to_dict() for s in suggestions]).decode())
        return
    table = Table(title="leak mine: values that predict the label (review before use)")
    for col in ("pointer", "value", "label", "purity", "support", "base rate", "kind"):
        table.add_column(col, overflow="fold")
    for s in suggestions[:limit]:
        table.add_row(
            s.pointer or "/",
            s.value if show_values else value_hash(s.value),
            s.label if show_values else value_hash(s.label),
            f"{s.purity:.2f}",
            str(s.support),
            f"{s.base_rate:.2f}",
            s.kind,
        )
    con.print(table)
    con.print(f"{len(suggestions)} suggestions" + (f"; map written to {output}" if output else ""))
