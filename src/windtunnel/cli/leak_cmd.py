"""``windtunnel leak scan|sanitize|check|baseline|mine``: the ground-truth leakage auditor.

Each sub-command builds the request of its use-case in :mod:`windtunnel.flows.leak` or
:mod:`windtunnel.flows.leak_evidence` and renders the :class:`~windtunnel.flows.leak.LeakOutcome`: a rich table of
the leaking items and their findings, the baseline's statistics, or one line on stderr when the report went to a
file or to stdout. The field options (where the expected answer, the context and the id are in an item) are the
same on every sub-command that reads a dataset, gathered by :func:`_fields` in one order.

Output rules shared by the sub-commands: ``--format`` wins; without it ``-o FILE`` picks the format by suffix
(``.sarif`` SARIF 2.1.0, ``.html`` the audit page, ``.txt`` the table as plain text, else JSON) and ``-o -``
writes JSON to stdout; the table goes to the terminal. Answers are never printed unless ``--show-values`` is
given: a leak report is often shared wider than the dataset. A DATASET of ``-`` is read from standard input.

Exit codes: 0 no leak (or the check held), 1 a leak found, a check failed or a baseline above chance, 2 a usage or
dataset error (a bad record names its line), 130 interrupted — a scan stopped by Ctrl-C still leaves a valid
report marked partial, and says how many items it covered.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from windtunnel._util.errors import ExitCode, UsageError, WindtunnelError
from windtunnel._util.paths import refuse_overwrite
from windtunnel._util.signals import sigterm_as_interrupt
from windtunnel._util.suggest import did_you_mean
from windtunnel.cli import _options
from windtunnel.cli._console import err_console, out_console
from windtunnel.cli._lazy import module_app
from windtunnel.cli._listener import RichListener
from windtunnel.cli._scale import RayAddressOpt, ScanExecutorOpt
from windtunnel.flows.leak import (
    PARTIAL,
    Fields,
    SanitizeRequest,
    ScanRequest,
    check_flow,
    report_file,
    sanitize_flow,
    scan_flow,
)
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow, mine_flow
from windtunnel.flows.leak_judge import judge_from_args
from windtunnel.leakage.learned import LEARNED_DEFAULT
from windtunnel.leakage.model import value_hash
from windtunnel.leakage.report import RULE_HELP
from windtunnel.leakage.sanitize import left_sentence
from windtunnel.reports.terminal import plain

app = module_app()

if TYPE_CHECKING:
    from windtunnel.leakage.mine import Suggestion
    from windtunnel.leakage.model import ItemAudit
    from windtunnel.leakage.text_pairs import PairRider

leak = typer.Typer(
    name="leak",
    help="Audit eval datasets for ground-truth leakage: scan, sanitize, check, blind baseline, mine.",
    no_args_is_help=True,
)
app.add_typer(leak, name="leak")

_EXPECTED = typer.Option("expected", "--expected-field", help="Field (dotted or JSONPath) of the answer.")
_CONTEXT_HELP = "Field(s) the model reads (dotted or JSONPath, repeatable). Default: 'projection'."


def _context(shown: str) -> Any:
    """The ``--context-field`` option, its help naming where the command shows a finding's place in the record."""
    return typer.Option(None, "--context-field", help=f"{_CONTEXT_HELP} {shown}")


_CONTEXT = _context(
    "Findings then also name their place in the record (JSON record_pointer; the table, SARIF, page and messages "
    "show it)."
)
_ID = typer.Option("id", "--id-field", help="Field of the item id (default: 'id'; else the position).")
_LABELS = typer.Option(None, "--label-set", help="Comma-separated label set for every item.")
_CORR_MAP = typer.Option(
    None,
    "--correlated-map",
    help="JSON {label: [values]} (from 'leak mine -o'); a value {pointer, value} counts only where it is "
    "(scan, sanitize, check and baseline --simulate copy read the map alike).",
)
_ALIAS = typer.Option(
    None,
    "--alias",
    help=(
        "LABEL=ALIAS: another way to write a label, matched like it (repeatable; any characters, emoji too);"
        " it overrides the built-in lexicon of synonyms and translations."
    ),
)
_TARGET = typer.Option(None, "--target", help="What the items ask for, e.g. 'priority'.")
_NO_DECODE = typer.Option(False, "--no-decode", help="Skip base64 / URL / entity / escape decoding.")
_CONTEXT_WORD = typer.Option(
    None, "--context-word", help="A word naming the task in prose (repeatable), beside priority, severity, label ..."
)
_STRICT = typer.Option(
    False,
    "--strict",
    help="Count every review finding (freetext.token: a bare answer word in unrelated prose, a label value"
    " demoted as another thing's attribute, a count or a derived spelling) as a leak (else: review).",
)
_DERIVE = typer.Option(
    None,
    "--derive-from",
    help="A field the task is derived from, or a record's own key repeated across its renderings (JSON pointer, "
    "template with *, or key name; repeatable): not mined, hidden from --simulate blind (a key name also inside a "
    "text: a 'name:' line, a name=value, an element's class, a section header) and never cut by sanitize "
    "on mined evidence; prose (strings of more than 6 words) outside it is then mined as written. Without it, prose "
    "is not mined, and mined words of fields read as "
    "the task's input (on most records, text or numbers written differently within a label) are for review, not "
    "leaks; the summary names those fields. One that names no field of any item and is in no string (a name inside "
    "a text counts) is a usage error (exit 2).",
)
_JOBS = typer.Option(
    None,
    "--jobs",
    "-j",
    min=1,
    help="Worker processes for a JSONL dataset. Default: auto, one per core (at most 8) for a file of 8 MB "
    "or more, else 1 (this process). The results are identical for every value.",
)
_SCAN_JOBS = typer.Option(
    None,
    "--jobs",
    "-j",
    min=1,
    help="Worker processes for a JSONL dataset. Default: auto, one per core (at most 8) for a file of 8 MB "
    "or more, else 1 (this process). With --judge-url, also the judge's questions in flight (default 4). The "
    "results are identical for every value.",
)


def _fields(
    expected_field: str,
    context_field: list[str] | None,
    id_field: str,
    label_set: str | None,
    correlated_map: Path | None,
    target: str | None,
    context_words: list[str] | None = None,
    strict: bool = False,
    alias: list[str] | None = None,
) -> Fields:
    """The leak commands' field options as the :class:`~windtunnel.flows.leak.Fields` the flows read (one place that
    knows their order, shared by scan, sanitize, check and view).
    """
    return Fields(
        expected_field, context_field, id_field, label_set, correlated_map, target, context_words, strict, alias
    )


def _stdin(path: Path) -> Path:
    """A DATASET of ``-``: standard input, read through ``/dev/stdin`` (once, in one process).

    Any other path is returned as it is. Where ``/dev/stdin`` does not exist the usage error says to save the
    dataset to a file; features that read the dataset twice (mining) skip a pipe and say so."""
    if path != Path("-"):
        return path
    stdin = Path("/dev/stdin")
    if not stdin.exists():
        raise UsageError("- (standard input) cannot be read here", hint="save the dataset to a file and pass its path")
    return stdin


def _fail() -> None:
    """Exit 1 for a failed verdict (leaks found, check failed).

    ``SystemExit`` rather than ``typer.Exit``: with ``standalone_mode=False`` click turns ``Exit`` into a
    return value that the entry point does not forward.
    """

    raise SystemExit(int(ExitCode.FAILED))


def _interrupted(items: int, where: str | None) -> None:
    """Ctrl-C during a scan: say what was kept (``where``), exit 130.

    stdout is flushed first so the records already written there are complete before the message on
    stderr; ``where`` is empty when the output was not a file. It raises ``SystemExit`` itself, so the
    caller's cleanup runs but no traceback is printed.
    """

    where = where or ""
    sys.stdout.flush()
    sys.stderr.write(f"interrupted after {items} items{where}\n")
    raise SystemExit(int(ExitCode.INTERRUPTED))


@contextlib.contextmanager
def _said_if_interrupted(what: str | Callable[[], str]) -> Iterator[None]:
    """Ctrl-C that escapes a flow (its item loop keeps what it did and returns ``interrupted``; this is before it:
    mining, a pre-pass, a baseline) says so on stderr and exits 130, instead of typer's silent 130. ``what`` is
    said after "interrupted", or called then (:func:`_before_items`: what was running when it came)."""
    try:
        yield
    except KeyboardInterrupt:
        sys.stdout.flush()
        sys.stderr.write(f"interrupted {what if isinstance(what, str) else what()}\n")
        raise SystemExit(int(ExitCode.INTERRUPTED)) from None


_PASS_RE = re.compile(r"items \((.+)\)")
"""A pre-pass's progress label (``items (mining)``, ``items (agreement evidence)``): what it reads the file for."""


def _before_items(listener: RichListener) -> Callable[[], str]:
    """What a Ctrl-C before the first item stopped, from the last pass ``listener`` saw begin: only what was
    running (``while reading the dataset for agreement evidence``), never a pass the options left off (mining
    under ``--no-mine``); before any pass, the reading of the dataset (the options' checks, a pipe's first read)."""

    def said() -> str:
        found = _PASS_RE.fullmatch(listener.phase or "")
        doing = f"while reading the dataset for {found.group(1)}" if found else "while reading the dataset"
        return f"before the first item ({doing}): nothing was written"

    return said


NARROW_TABLE = 120
"""Below this many columns the findings table leaves out ``channel`` (the rule's first word) and ``repr``."""
_TABLE_COLUMNS = ("item", "channel", "sev", "pointer", "repr", "view", "rule", "value")


def _audit_table(rows: list[ItemAudit], tally: Any, show_values: bool, limit: int, con: Console) -> None:
    """Print up to ``limit`` findings as a table (item, channel, severity, pointer, representation, view, rule, and the
    value, hashed unless ``show_values``; on a console under :data:`NARROW_TABLE` columns without channel and
    representation), what each rule shown means, then how many were left out and the per-item tally.
    Dataset text is untrusted: it is printed with no markup and with control characters made visible.
    """
    table = Table(title="leak scan", show_lines=False)
    # A terminal under NARROW_TABLE columns (80 is common) folded every cell of eight columns into slivers
    # (``correlat`` / ``ed``): the rule names its channel, and the representation is in -f json and the page.
    narrow = con.width < NARROW_TABLE
    cols = ("item", "sev", "pointer", "view", "rule", "value") if narrow else _TABLE_COLUMNS
    for col in cols:  # a rule's name (at most 25 characters) is never folded: the pointer folds instead
        table.add_column(col, overflow="fold", no_wrap=narrow and col in ("sev", "view", "rule", "value"))
    shown = 0
    rules: dict[str, None] = {}
    judged: list[tuple[str, str]] = []
    for audit in rows:
        for f in audit.findings:
            if shown >= limit:
                break
            rules[f.rule] = None
            if f.judge is not None:
                judged.append((audit.item, f.describe(show_values)))
            cells = {  # dataset ids, keys and values are untrusted: no markup, controls made visible
                "item": plain(audit.item),
                "channel": plain(f.channel),
                "sev": plain(f.severity),
                "pointer": plain(audit.pointer_of(f, show_values) or "/"),
                "repr": plain(f.representation),
                "view": plain(f.view),
                "rule": plain(f.rule),
                "value": plain(f.value if show_values else value_hash(f.value)[: 15 if narrow else 19]),
            }
            table.add_row(*(cells[c] for c in cols))
            shown += 1
    if shown:
        con.print(table)
        for rule in rules:  # what each rule in the table means; each finding's own reason is in -f json / html
            con.print(Text.assemble(("  " + rule, "dim"), f": {RULE_HELP.get(rule, rule)}"))
        for item, detail in judged:  # a model's finding: its model and reason, since no rule explains it
            con.print(Text.assemble(("  judge on item ", "dim"), plain(item), ": ", plain(detail)))
        con.print("[dim]  each finding's reason (detail): --format json or --format html[/]")
    if tally.findings > shown:
        n = tally.findings - shown
        what = f"{n} finding{'' if n == 1 else 's'}"
        con.print(
            f"[dim]… {what} more (--limit {limit}; use --format json for all)[/]"
            if shown
            else f"[dim]{what} not listed (--limit 0; use --format json for all)[/]"
        )
    s = tally.to_dict()
    chans = ", ".join(f"{k} {v}" for k, v in s["by_channel"].items())
    con.print(
        f"{s['items']} items: [bold red]{s['leaked_items']} leaked[/], {s['review_items']} for review, "
        f"{s['clean_items']} clean  (leaked items per channel: {chans})"
    )
    if s.get("mined") is not None:
        con.print(f"mined: {_mined_line(s['mined'])}", markup=False, highlight=False)
    if s.get("agreement") is not None:
        con.print(f"agreement: {_agreement_line(s['agreement'])}", markup=False, highlight=False)
    if s.get("learned") is not None:
        con.print(_learned_line(s["learned"]), markup=False, highlight=False)
    if s.get("judge") is not None:
        con.print(judge_line(s["judge"]), markup=False, highlight=False)


def judge_line(j: dict[str, Any]) -> str:
    """What the model judge did, in one line under the table: the model, which items it was asked about, how many
    answers came from the cache, and how many were stated, for review or errors (the summary's ``judge`` object)."""
    return (
        f"judge ({j['model']}, {j['asked']}): {j['items_asked']} asked ({j['cached']} from the cache), "
        f"{j['stated']} stated, {j['review']} for review, {j['errors']} errors"
    )


def _learned_line(on: bool) -> str:
    """Whether the learned decision was applied, in one line (scan, sanitize and check say it alike)."""
    return "learned decision: on (--learned)" if on else "learned decision: off (--learned applies it)"


def _agreement_line(agreement: dict[str, Any]) -> str:
    """What the dataset's agreement evidence did, in one line (scan, sanitize and check say it alike)."""
    if "skipped" in agreement:
        return f"not applied ({agreement['skipped']})"
    line = str(agreement.get("description", ""))
    return line + f"; {agreement.get('promoted', 0)} leak findings added, {agreement.get('demoted', 0)} for review"


_AGREEMENT = typer.Option(
    None,
    "--agreement/--no-agreement",
    help="Weigh each label word by the whole dataset: where the label in a slot follows the record's label across "
    "records (two labels or more, never a listing; one label where the item-level audit left it for review, outside "
    "the fields --derive-from names) it is a leak (freetext.agreement); an item-level leak in a slot at chance is "
    "for review. A slot is a few words each side within the sentence. Default: as --mine (on for a dataset file up "
    "to 16 MB).",
)


_LEARNED = typer.Option(
    None,
    "--learned/--no-learned",
    help="Also apply the learned decision over whole-token hits of the answer (learned.hit, blocking) to items "
    "the audit does not block; each finding names the features that weigh most. scan, sanitize, check and "
    "baseline --simulate copy read it alike: give the same choice to each. "
    f"Default: {'on' if LEARNED_DEFAULT else 'off'}.",
)
"""``--learned/--no-learned``, one definition for every leak command that audits items (scan, sanitize, check,
baseline --simulate copy)."""

_JUDGE_URL = typer.Option(
    None,
    "--judge-url",
    help="Also ask a model judge (any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1) which label each "
    "item's record states or gives away, blind to the answer: a leak (judge.stated) only when it names the answer "
    "AND its quote is found in the record; else for review. The record is SENT to the endpoint. Needs "
    "--judge-model and a dataset file; answers are cached (judge-cache.db beside the run store).",
)
_JUDGE_MODEL = typer.Option(None, "--judge-model", help="The judge's model name as the endpoint knows it.")
_JUDGE_KEY_ENV = typer.Option(
    None, "--judge-key-env", help="Environment variable holding the judge's API key (sent as a Bearer token)."
)
_JUDGE_ALL = typer.Option(
    None, "--judge-all", help="Ask the judge about every item (default: only items the audit does not flag)."
)
_JUDGE_MAX_CHARS = typer.Option(
    None, "--judge-max-chars", min=1, help="Send at most this many characters of each record (default 20000; said)."
)
_JUDGE_TIMEOUT = typer.Option(
    None, "--judge-timeout", min=1, help="Milliseconds per judge request (default 60000; retries: 2 after 429/5xx)."
)
_JUDGE_CACHE = typer.Option(None, "--judge-cache", help="The judge's answer cache file (default: beside the store).")


def _mined_line(mined: dict[str, Any]) -> str:
    """What mining did, in one line (scan, sanitize and check decide it by one rule and say it alike).

    A mining run that was skipped (a dataset too large or too small to mine by default, a bad record) says
    only why, its counts staying in the JSON summary; otherwise the description, which says how many items it found
    something on beside the mined count.
    """
    line = str(mined.get("description", ""))
    if "skipped" in mined:  # the test's counts of a run not reported stay in the JSON summary
        return f"not reported ({mined['skipped']})"
    if mined.get("items_for_review"):
        fields = ", ".join(f or "/" for f in mined.get("review_fields", []))
        if mined.get("derive_from"):  # the owner named the input: what is for review is the prose outside it
            line += (
                f" ({mined['items_for_review']} for review only: words of {fields}, prose outside --derive-from "
                "(an author's note, a bot's summary) that may state the answer or carry the task's own signal)"
            )
        else:
            line += (
                f" ({mined['items_for_review']} for review only: words of {fields}, read as the task's input as no "
                "--derive-from names it; name the fields the task is answered from with --derive-from to decide)"
            )
    if mined.get("hint"):
        line += f"\n  hint: {mined['hint']}"
    return line


_SUFFIX_FORMATS = {".sarif": "sarif", ".html": "html", ".htm": "html", ".txt": "table"}
"""``leak scan -o FILE`` without ``-f``: the format its suffix names (anything else: json)."""
_SCAN_FORMATS = ("table", "json", "sarif", "html")


def _scan_format(fmt: str | None, output: Path | None) -> str:
    """An explicit ``--format`` wins; without it ``-o FILE`` picks by suffix (``-o -``: json), else the table.

    An explicit format is matched without regard to case or surrounding spaces, and an unknown one is a
    usage error with the closest valid name and the list of valid ones. A suffix the table does not know
    (``.json`` included, and none at all) gives JSON, the format a file is most often read back in; only
    ``.txt`` asks for the table in a file.
    """

    if fmt is not None:
        chosen = fmt.strip().lower()
        if chosen not in _SCAN_FORMATS:
            raise UsageError(
                f"unknown --format {fmt!r}{did_you_mean(chosen, list(_SCAN_FORMATS))}",
                hint="valid: " + ", ".join(_SCAN_FORMATS),
            )
        return chosen
    if output is None:
        return "table"
    return _SUFFIX_FORMATS.get(output.suffix.lower(), "json")


def scan_summary_line(summary: Any, what: str, output: Path) -> str:
    """The one line a scan prints (on stderr) when its report goes to ``-o FILE`` or ``-o -``."""
    where = "stdout" if output == Path("-") else str(output)
    return f"leak audit: {summary['leaked_items']} of {summary['items']} items leak; {what} written to {where}"


def _print_table_to(rows: list[ItemAudit], tally: Any, show_values: bool, limit: int, sink: Any) -> None:
    """``-f table -o FILE``: the same table as plain text (no colours), as ``run -f terminal -o FILE`` does."""

    text = io.StringIO()
    _audit_table(rows, tally, show_values, limit, Console(file=text, width=160, no_color=True, highlight=False))
    sink.handle.write(text.getvalue().encode("utf-8"))


@leak.command("scan")
def scan(
    dataset: Path | None = typer.Argument(
        None, metavar="DATASET", help="JSONL or JSON dataset of items (- for stdin)."
    ),
    from_run: str | None = typer.Option(
        None,
        "--from-run",
        help="Audit the cells of a stored run (id, unique prefix, or 'latest'): prompts and tool responses the agent "
        "saw.",
    ),
    from_report: Path | None = typer.Option(
        None, "--from-report", help="Audit the cells of a JSON run report ('windtunnel run -f json')."
    ),
    store: Path | None = typer.Option(None, "--store", help="Run store for --from-run (default .windtunnel/runs.db)."),
    config: Path | None = typer.Option(
        None, "--config", "-c", help="Config with the golden answers (default: the one the run used)."
    ),
    fmt: str | None = typer.Option(
        None,
        "--format",
        "-f",
        help="table | json | sarif | html. Default: table; with -o, the suffix (.sarif, .html, .txt table, else json).",
    ),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Write the report here (- for stdout); the summary line goes to stderr."
    ),
    show_values: bool = typer.Option(False, "--show-values", help="Show matched answers (hashed by default)."),
    limit: int = typer.Option(50, "--limit", min=0, help="Table rows at most (0: none, only the totals)."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _CONTEXT,
    id_field: str = _ID,
    label_set: str | None = _LABELS,
    correlated_map: Path | None = _CORR_MAP,
    target: str | None = _TARGET,
    no_decode: bool = _NO_DECODE,
    jobs: int | None = _SCAN_JOBS,
    context_word: list[str] | None = _CONTEXT_WORD,
    strict: bool = _STRICT,
    alias: list[str] | None = _ALIAS,
    executor: str | None = ScanExecutorOpt,
    ray_address: str | None = RayAddressOpt,
    mine: bool | None = typer.Option(
        None,
        "--mine/--no-mine",
        help="Also report values no rule names that ride with one label across the dataset (correlated.mined; "
        "for review when they are words of a field read as the task's input and --derive-from names none). "
        "Default: on for a dataset file of 200 labelled items or more (up to 16 MB).",
    ),
    derive_from: list[str] | None = _DERIVE,
    agreement: bool | None = _AGREEMENT,
    learned: bool | None = _LEARNED,
    judge_url: str | None = _JUDGE_URL,
    judge_model: str | None = _JUDGE_MODEL,
    judge_key_env: str | None = _JUDGE_KEY_ENV,
    judge_all: bool | None = _JUDGE_ALL,
    judge_max_chars: int | None = _JUDGE_MAX_CHARS,
    judge_timeout: int | None = _JUDGE_TIMEOUT,
    judge_cache: Path | None = _JUDGE_CACHE,
) -> None:
    """Scan what the model reads for the expected answer. Exit 1 when any item leaks.

    The items come from a DATASET, or from a windtunnel run (--from-run RUN_ID, --from-report FILE):
    each cell's prompt and tool responses, against its golden prompt's expected answer. With --judge-url a
    model judge is asked too; exit 3 when it gave no answer on some item and nothing leaked.
    """

    dataset = _stdin(dataset) if dataset is not None else None  # `leak scan -`: the dataset on stdin
    fmt = _scan_format(fmt, output)  # an explicit --format wins over the suffix of -o, as for `run`
    if fmt == "html":  # the audit page: windtunnel.view.leak_page
        return __import__("windtunnel.view.leak_page", fromlist=["scan_html"]).scan_html(locals())
    sigterm_as_interrupt()  # `kill PID` stops like Ctrl-C: the partial report is kept, exit 130
    asked = output  # where the report goes (a file, or - for stdout), for the summary line
    listener = _phased()  # the scan's progress, and what a Ctrl-C before the first item stopped
    if output == Path("-"):  # `-o -`: the report on stdout, as for `report -o -` (without -f: json)
        output = None
    if fmt == "table" and output is not None:  # the plain table to a file, replaced only once written
        refuse_overwrite([("-o", output)], [("DATASET", dataset), ("--from-report", from_report), ("--config", config)])
        with report_file(output) as sink, _said_if_interrupted(_before_items(listener)):
            outcome = _scan(locals())
            _print_table_to(outcome.audits, outcome.detail, show_values, limit, sink)
            sink.keep = True
    else:
        try:
            with _said_if_interrupted(_before_items(listener)):
                outcome = _scan(locals())
        except WindtunnelError as err:  # a bad record: the table of the items before it, then the error
            done = getattr(err, PARTIAL, None)
            if fmt == "table" and done is not None and done.summary["items"]:
                _audit_table(done.audits, done.detail, show_values, limit, out_console())
                n = done.summary["items"]
                out_console().print(f"[yellow]stopped at a bad record: the {n} item(s) above were audited before it[/]")
            raise
        if fmt == "table":  # on stdout (also with -o -)
            _audit_table(outcome.audits, outcome.detail, show_values, limit, out_console())
    if outcome.status == "interrupted":
        kept = "the table so far" if fmt == "table" else "the partial report (marked interrupted)"
        _interrupted(outcome.summary["items"], None if output is None else f"; {kept} is in {output}")
    if asked is not None:
        what = {"table": "table", "json": "JSON report", "sarif": "SARIF report"}[fmt]
        sys.stdout.flush()
        err_console().print(scan_summary_line(outcome.summary, what, asked), markup=False, highlight=False)
    judge_exit(outcome.status, outcome.summary)
    if not outcome.passed:
        _fail()


def judge_exit(status: str, summary: dict[str, Any]) -> None:
    """Exit 3 for a scan whose model judge gave no answer on some item and that found no leak (``status`` error), after
    saying so on stderr: the audit asked for is incomplete, and a judge that did not judge passes nothing."""
    if status != "error":
        return
    n = summary.get("judge", {}).get("errors", 0)
    sys.stdout.flush()
    err_console().print(
        f"the judge gave no answer on {n} item(s) (judge.error findings, each with the reason); the audit is "
        "incomplete: exit 3",
        markup=False,
        highlight=False,
    )
    raise SystemExit(int(ExitCode.HARNESS))


def _scan(args: dict[str, Any]) -> Any:
    """Run the scan flow for the ``scan`` command's options (``locals()`` of it) and return its outcome.

    ``table`` asks the flow for no report file (the audits come back for the table); ``json`` and ``sarif`` stream
    into ``-o`` or, without it, into stdout's byte stream, so a large report is never held as text."""

    fmt, output = args["fmt"], args["output"]
    request = ScanRequest(
        dataset=args["dataset"],
        from_run=args["from_run"],
        from_report=args["from_report"],
        store=args["store"],
        config=args["config"],
        fields=_fields(*(args[k] for k in _FIELD_ARGS)),
        decode=not args["no_decode"],
        jobs=args["jobs"],
        executor=args["executor"],
        ray_address=args["ray_address"],
        fmt=None if fmt == "table" else "json" if fmt == "json" else "sarif",
        output=None if fmt == "table" else output,
        stream=sys.stdout.buffer,
        show_values=args["show_values"],
        keep=args["limit"],
        mine=args["mine"],
        derive_from=list(args["derive_from"] or []),
        agreement=args.get("agreement"),
        learned=args.get("learned"),
        judge=judge_of(args),
    )
    listener = args["listener"]
    try:
        return scan_flow(request, listener)
    finally:
        listener.close()


def _phased() -> RichListener:
    """The listener of a ``leak`` command: a bar per read of the file, and progress between the reads too; the caller
    closes it when the flow returns (:meth:`RichListener.close`)."""
    listener = RichListener()
    listener.between = True
    return listener


judge_of = judge_from_args
"""The model judge the ``scan`` command's ``--judge-*`` options describe (shared with the page)."""


_FIELD_ARGS = (
    "expected_field",
    "context_field",
    "id_field",
    "label_set",
    "correlated_map",
    "target",
    "context_word",
    "strict",
    "alias",
)


@leak.command("sanitize")
def sanitize(
    dataset: Path = typer.Argument(..., metavar="DATASET", help="JSONL or JSON dataset of items (- for stdin)."),
    output: Path = typer.Option(
        ...,
        "--output",
        "-o",
        help="Sanitized dataset: .jsonl writes JSON Lines, .json one JSON document (the dataset's container).",
    ),
    stats: Path | None = typer.Option(None, "--stats", help="Per-item redaction stats (JSONL)."),
    mode: str = typer.Option("sentence", "--mode", help="sentence | span: what to cut around a hit in prose."),
    redact_review: bool = typer.Option(False, "--redact-review", help="Also act on low (review) findings."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _context(
        "A still-leaking place then also names its place in the record (messages, --stats record_pointer)."
    ),
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
    alias: list[str] | None = _ALIAS,
    mine: bool | None = typer.Option(
        None,
        "--mine/--no-mine",
        help="Also remove the values 'leak mine' finds riding with each item's label, then what 'leak baseline "
        "--simulate blind' still reads the label off the output (cut on every item holding it, outside --derive-from; "
        "at most 3 more passes). Default: as 'leak scan' decides (on for a dataset file of 200 labelled items or "
        "more, up to 16 MB).",
    ),
    derive_from: list[str] | None = _DERIVE,
    agreement: bool | None = _AGREEMENT,
    learned: bool | None = _LEARNED,
) -> None:
    """Blank leaking values and redact leaking spans, keeping keys, order and types; rescan the result.

    Exit 1 when the rescan still finds a leak (e.g. an object key that is the answer), or when a field's edits
    tell the answer by elimination (blanked or cut on one label's items only). Each item that still leaks is
    named with the place and rule, why the sanitizer left it (a member of a listing it never cuts alone, a
    mark it cannot clear, an object key, the document's structure, a value every label's records hold alike)
    and what to do (edit the record by hand, or leave the field out of --context-field); after three items
    leaking the same way (the same rules and reasons, wherever: an object key that is each record's own label
    included) the rest are counted in one line; --stats holds each as `residual_left`. Runs in
    this process (no --jobs): it writes a full copy of every record in order.
    """

    dataset = _stdin(dataset)  # `-`: the dataset on stdin
    for flag, path in (("-o", output), ("--stats", stats)):
        if path == Path("-"):  # not a file named "-" in the working directory
            raise UsageError(
                f"{flag} - is not supported: leak sanitize writes a dataset file (JSON Lines) and its stats",
                hint=f"give a file path, e.g. {flag} {'clean.jsonl' if flag == '-o' else 'stats.jsonl'}",
            )
    sigterm_as_interrupt()  # `kill PID` stops like Ctrl-C: the output holds what was sanitized, exit 130
    request = SanitizeRequest(
        dataset=dataset,
        output=output,
        stats=stats,
        mode=mode,
        redact_review=redact_review,
        fields=_fields(
            expected_field, context_field, id_field, label_set, correlated_map, target, context_word, strict, alias
        ),
        decode=not no_decode,
        show_values=show_values,
        mine=mine,
        derive_from=list(derive_from or []),
        agreement=agreement,
        learned=learned,
    )
    listener = _phased()
    with _said_if_interrupted(_before_items(listener)):
        try:
            outcome = sanitize_flow(request, listener)
        finally:
            listener.close()
    s = outcome.summary
    if outcome.status == "interrupted":
        sys.stderr.write(f"interrupted after {s['items']} items; {output} holds their sanitized copies\n")
        raise SystemExit(int(ExitCode.INTERRUPTED))
    if "mined" in s:
        out_console().print(f"mined: {_mined_line(s['mined'])}", markup=False, highlight=False)
    if "agreement" in s:
        out_console().print(f"agreement: {_agreement_line(s['agreement'])}", markup=False, highlight=False)
    out_console().print(_learned_line(s["learned"]), markup=False, highlight=False)
    failed = s["not_sanitized"]
    not_done = f" ({len(failed)} not sanitized: {', '.join(failed[:5])}{' ...' if len(failed) > 5 else ''})"
    out_console().print(
        f"sanitized {s['items']} items ({s['leaked_before']} leaked before"
        f"{f', {len(failed)} not audited' if failed else ''}){_edited(s)}, removed {s['chars_removed']} "
        f"characters; {s['still_leaking']} items still leak{_left_because(s)}{not_done if failed else ''}"
        f"{_eliminated(s)} -> {output}",
        markup=False,
        highlight=False,
    )
    if not dataset.is_file() and (agreement is None or mine is None):
        # the output is a file, which `leak scan` reads again for the dataset evidence by default
        out_console().print(
            "  the dataset evidence (agreement, mining) cannot read a pipe twice, so the count above is the per-item"
            " audit's; `leak scan` of the output applies it: save the input to a file and sanitize that",
            markup=False,
            highlight=False,
        )
    if not outcome.passed:
        _fail()


def _edited(s: dict[str, Any]) -> str:
    """The records rewritten, when some of them did not leak: cut so that a field's edits tell no label (the blanks of a
    mined field across labels, the elimination pass, the blind round), which --stats details per record."""
    extra = s.get("edited_not_leaked", 0)
    if not extra:
        return ""
    return (
        f", {s['edited']} records edited ({extra} not leaking: cut so that no field's edits tell the label, or on the "
        "blind baseline's evidence; --stats says what)"
    )


def _left_because(s: dict[str, Any]) -> str:
    """`` (left: listing-mark 2, object-key 1)``: how many still-leaking places each sanitizer reason left."""
    left = s.get("left_because") or {}
    return f" (left: {', '.join(f'{k} {v}' for k, v in left.items())})" if left else ""


def _eliminated(summary: dict[str, Any]) -> str:
    """``; N field(s) leak by elimination (...)`` when the sanitized fields tell the answer by how they were edited."""
    fields = summary.get("eliminated") or []
    if not fields:
        return ""
    shown = ", ".join(fields[:5]) + (" ..." if len(fields) > 5 else "")
    return f"; {len(fields)} field(s) leak by elimination ({shown})"


_LISTED = 20
"""``leak check`` lists this many items of each kind, then says how many more (the JSON summary has all)."""


@leak.command("check")
def check(
    raw: Path = typer.Option(..., "--raw", help="The raw dataset: every item must leak."),
    sanitized: Path = typer.Option(..., "--sanitized", help="The sanitized dataset: no item may leak."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _context(
        "A sanitized item that still leaks is then named by its place in the record."
    ),
    id_field: str = _ID,
    label_set: str | None = _LABELS,
    correlated_map: Path | None = _CORR_MAP,
    target: str | None = _TARGET,
    no_decode: bool = _NO_DECODE,
    jobs: int | None = _JOBS,
    show_values: bool = typer.Option(False, "--show-values", help="Print answer keys in pointers (hashed by default)."),
    context_word: list[str] | None = _CONTEXT_WORD,
    strict: bool = _STRICT,
    alias: list[str] | None = _ALIAS,
    executor: str | None = ScanExecutorOpt,
    ray_address: str | None = RayAddressOpt,
    mine: bool | None = typer.Option(
        None,
        "--mine/--no-mine",
        help="Mine the raw dataset; its mined values count as leaks on both sides. Default: as 'leak scan' "
        "decides (on for a raw dataset file of 200 labelled items or more, up to 16 MB).",
    ),
    derive_from: list[str] | None = _DERIVE,
    agreement: bool | None = _AGREEMENT,
    learned: bool | None = _LEARNED,
) -> None:
    """CI assertion: the raw projection leaks on every item, the sanitized one on none, and no sanitized field
    tells the answer by how it was edited (else exit 1).

    Raw items that do not leak are named; with mining off (--no-mine, or under 200 items) the check says that a
    leak no rule names is found only by mining (--mine). Each sanitized item that still leaks is named with the
    place and rule, why the sanitizer leaves it (as
    'leak sanitize' says) and what to do; 'the sanitizer removes it' means the file was sanitized with other
    options or edited after: sanitize the raw dataset again with these options.
    """

    for flag, path in (("--raw", raw), ("--sanitized", sanitized)):
        if path == Path("-"):  # not a file named "-": check reads each dataset more than once (a pipe reads once)
            raise UsageError(
                f"{flag} - is not supported: leak check reads both datasets more than once (to pair their items "
                "by id and to mine)",
                hint="save standard input to a file first, e.g. cat ... > raw.jsonl, and pass its path",
            )
    fields = _fields(
        expected_field, context_field, id_field, label_set, correlated_map, target, context_word, strict, alias
    )
    with _said_if_interrupted("during the check: nothing was decided"):
        outcome = check_flow(
            raw,
            sanitized,
            fields=fields,
            decode=not no_decode,
            jobs=jobs,
            show_values=show_values,
            executor=executor,
            ray_address=ray_address,
            mine=mine,
            derive_from=list(derive_from or []),
            agreement=agreement,
            learned=learned,
            listener=RichListener(plan=False, bar=False),
        )
    s = outcome.summary
    con = out_console()
    if "mined" in s:
        con.print(plain(f"mined (raw): {_mined_line(s['mined'])}"))
    if "agreement" in s:
        con.print(plain(f"agreement (raw): {_agreement_line(s['agreement'])}"))
    con.print(plain(_learned_line(s["learned"])))
    for i in s["not_leaking"][:_LISTED]:  # item ids and pointers are the dataset's: plain() shows them inert
        con.print(
            Text.assemble(
                plain(f"raw item {i} does not leak", "red"),
                ": the scan would not notice if this item's leak came back",
            )
        )
    if len(s["not_leaking"]) > _LISTED:
        con.print(plain(f"... and {len(s['not_leaking']) - _LISTED} more raw items that do not leak"))
    named = (s.get("agreement") or {}).get("in_input_not_promoted", 0)
    if s["not_leaking"] and named:  # the leak sits in a field the owner named as input: naming it silenced it
        con.print(
            plain(
                f"on {named} raw item(s) the label follows the record's label inside a field --derive-from names: "
                "read as the task's input, it is not counted as a leak; if the task should not read that field "
                "whole, run the check without it in --derive-from"
            )
        )
    elif s["not_leaking"] and (s.get("mined") or {"skipped": True}).get("skipped"):  # mining off: it alone finds them
        con.print(
            plain(
                f"{len(s['not_leaking'])} raw item(s) do not leak by the scan's rules alone, with mining off: a leak "
                "no rule names (a code riding with the label) is found only by mining; run the check with --mine "
                "(on by default from 200 labelled items)"
            )
        )
    for i, ptrs in list(s["still_leaking"].items())[:_LISTED]:
        rows = s.get("still_leaking_left", {}).get(i)
        where = "; and ".join(left_sentence(r) for r in rows) if rows else f"at {', '.join(ptrs)}"
        con.print(Text.assemble(plain(f"sanitized item {i} still leaks", "red"), plain(f" {where}")))
    if len(s["still_leaking"]) > _LISTED:
        con.print(plain(f"... and {len(s['still_leaking']) - _LISTED} more sanitized items that still leak"))
    if s["missing"]:
        n = len(s["missing"])
        con.print(
            Text.assemble(
                plain(f"{n} item ids are in only one dataset", "red"), plain(f", e.g. {', '.join(s['missing'][:5])}")
            )
        )
    for text in s.get("elimination_warnings", []):
        con.print(plain(text, "red"))
    con.print(
        Text.assemble(
            f"raw: {s['raw_leaking']}/{s['raw_items']} leak; sanitized: {len(s['still_leaking'])}/"
            f"{s['sanitized_items']} leak",
            plain(_eliminated(s), "red"),
            " -> ",
            ("PASS", "green") if outcome.passed else ("FAIL", "red"),
        )
    )
    if not outcome.passed:
        _fail()


@leak.command("baseline")
def baseline(
    results: Path | None = typer.Argument(
        None, metavar="RESULTS", help="Per-item results: {passed} or {prediction, label} (JSONL/JSON)."
    ),
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
        None,
        "--paired",
        help="Results of the sanitized run, paired with RESULTS (raw) by id (see --pair-by); with --simulate, the "
        "sanitized dataset, read by the same agent and paired with --dataset.",
    ),
    pair_by: str = typer.Option(
        "auto",
        "--pair-by",
        help="id | position | auto (by id when every result of both files has one, else by position).",
    ),
    simulate: str | None = typer.Option(
        None,
        "--simulate",
        help="Run a built-in blind agent on --dataset: copy (the label the projection states, from the scan's "
        "findings), blind (cross-validated naive Bayes over the fields that ride with the label in the training folds, "
        "without the content: prose and --derive-from fields; with --derive-from, prose elsewhere is read), or the "
        "reference rows that never "
        "read the data: majority, prior.",
    ),
    dataset: Path | None = typer.Option(None, "--dataset", help="Dataset for --simulate (- for stdin)."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _context("With --simulate: only these fields are read from --dataset."),
    id_field: str = _ID,
    label_set: str | None = _LABELS,
    correlated_map: Path | None = _CORR_MAP,
    derive_from: list[str] | None = _DERIVE,
    folds: int = typer.Option(5, "--folds", min=2, help="Cross-validation folds of --simulate blind (2 or more)."),
    no_decode: bool = _NO_DECODE,
    learned: bool | None = _LEARNED,
    seed: int = typer.Option(0, "--seed", help="Seed of the prior-sampling agent and of blind's folds."),
    fmt: str = typer.Option("table", "--format", "-f", help="table | json"),
    show_values: bool = typer.Option(
        False, "--show-values", help="Print a deciding value of copy/blind that is a label in clear (else hashed)."
    ),
) -> None:
    """Is a blind baseline above chance? Exact binomial test, Wilson interval, items needed.

    Exit 1 when the baseline scores significantly above chance (a leak); 0 at chance or inconclusive.
    With --paired, an exact McNemar test compares the raw and sanitized runs (with --simulate, the agent's answers
    on --dataset and on the --paired dataset, paired by id). --simulate copy and blind
    also print what decided their answers per field: at chance over the dataset is no all-clear when one
    field answers the items it decides right. --simulate blind also leaves out the fields whose values only make a
    label likelier (another measurement, a prior state: docs/leakage.md, principle 7), runs again reading them and
    prints both; the exit is the run without them, and a note names the fields when only they carry the answer.
    """

    fields = {k: v for k, v in locals().items() if k in BaselineRequest.__dataclass_fields__}
    if dataset is not None:
        fields["dataset"] = _stdin(dataset)  # `-`: the dataset on stdin (read once, held in memory)
    fields["fields"] = _fields(expected_field, context_field, id_field, label_set, correlated_map, None)
    fields["derive_from"] = list(derive_from or [])
    fields["decode"] = not no_decode
    with _said_if_interrupted("during the baseline: nothing was decided"):
        outcome = baseline_flow(BaselineRequest(**fields), RichListener(plan=False, bar=False))
    if fmt == "json":
        out_console().print_json(orjson.dumps(outcome.summary).decode())
    else:
        _print_simulation(outcome.summary.get("simulation"))
        _print_baseline(outcome.detail, outcome.summary.get("paired"), power)
        _print_graded(outcome.summary.get("graded"))
        if outcome.summary.get("hint"):
            out_console().print(f"  hint: {outcome.summary['hint']}", markup=False, highlight=False)
    if not outcome.passed:
        _fail()


def _print_graded(graded: dict[str, Any] | None) -> None:
    """The graded fields the blind agent left out (principle 7) and its pass rate reading them too; the verdict and
    exit above are without them."""
    if not graded:
        return
    con = out_console()
    con.print(
        plain(
            f"left out as input-side correlates (graded): {', '.join(graded['fields'])}; with them: passes "
            f"{graded['passes']} pass rate={graded['pass_rate']:.3f} p = {graded['p_value']:.3g} ({graded['verdict']})"
        )
    )
    if graded.get("message"):
        con.print(f"  note: {graded['message']}", markup=False, highlight=False)


_DRIVERS = 5
"""Fields and values printed under a simulated baseline (the JSON summary has ten of each)."""


def _print_simulation(sim: dict[str, Any] | None) -> None:
    """Which built-in agent ran, what it read, and (majority, prior) that it never read the data.

    The note matters: an agent that never reads the items scores the same on leaky and sanitized data, so its
    result is a reference line, not a leak test; ``copy`` and ``blind`` read the data and are the tests."""

    if sim is None:
        return
    con = out_console()
    con.print(f"simulated: {sim['name']} — {sim['what']}", markup=False, highlight=False)
    if sim.get("hidden"):
        con.print(f"hidden from it: {', '.join(sim['hidden'])}; {sim['folds']} folds", markup=False, highlight=False)
    if not sim["reads_data"]:
        con.print(f"[yellow]note:[/] {sim['name']} {sim['note']}")
    if sim.get("reads_not"):
        con.print(plain(f"note: {sim['reads_not']}"))
    drivers = sim.get("drivers")
    if drivers and drivers["fields"]:
        con.print(
            "what decided its answers, per field (a field right on the items it decides leaks on them, "
            "whatever the verdict over the dataset):",
            markup=False,
            highlight=False,
        )
        for row in drivers["fields"][:_DRIVERS]:
            rate = row["correct"] / row["decided"]
            con.print(plain(f"  {row['field']}: decided {row['decided']} items, {row['correct']} right ({rate:.0%})"))
        for row in drivers["features"][:_DRIVERS]:
            con.print(
                plain(
                    f"  {row['field']} {row['kind']} {row['value']!r}: decided {row['decided']}, {row['correct']} right"
                )
            )


def _print_baseline(s: Any, paired: dict[str, Any] | None, power: float) -> None:
    """The blind-baseline summary, and the paired McNemar test when there is one.

    Every figure the verdict rests on is printed beside it, so a reader can judge it: the pass rate with its Wilson
    interval, the chance rate and the model that gave it, the one-sided exact binomial p-value at ``alpha``, and
    how many items it would take to detect the given excess over chance with ``power`` — which is what makes an
    ``inconclusive`` verdict on a small dataset read as "too few items", not as "no leak"."""

    con = out_console()
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
    if paired is not None:
        m = paired
        con.print(
            f"paired (McNemar, exact): raw-only passes {m['raw_only']}, sanitized-only "
            f"{m['sanitized_only']} (paired by {m['paired_by']}, n={m['n']}), p(drop) = {m['p_drop']:.3g}, "
            f"two-sided p = {m['p_two_sided']:.3g}"
            f" -> {_paired_verdict(m)}"
        )


def _paired_verdict(m: dict[str, Any]) -> str:
    """The paired test's verdict: a significant drop (the leak removed), a significant rise (the sanitized data is
    easier: a sanitizer must never do that, named with what to look at), or neither."""
    if m["significant_drop"]:
        return "significant drop"
    if m.get("significant_rise"):
        return (
            f"[bold red]significant rise[/] (p(rise) = {m['p_rise']:.3g}): the sanitized data scored higher — its cuts "
            "made the answer easier to guess; look at what the agent decides by on the sanitized file (text cut "
            "short enough to stop reading as prose is read as the task's input: name that field in --derive-from)"
        )
    return "no significant drop"


@leak.command("mine")
def mine(
    dataset: Path = typer.Argument(..., metavar="DATASET", help="Labelled dataset (JSONL or JSON; - for stdin)."),
    min_support: int = typer.Option(5, "--min-support", min=1, help="Items a value must appear in (1 or more)."),
    min_purity: float = typer.Option(
        0.95, "--min-purity", callback=_options.share_above_zero, help="Share of those items with one label, in (0, 1]."
    ),
    alpha: float = typer.Option(
        0.01, "--alpha", callback=_options.significance, help="Level of the corrected test, in (0, 1)."
    ),
    correction: str = typer.Option(
        "bh", "--correction", help="bh (Benjamini-Hochberg, false discovery rate) | bonferroni (family-wise)."
    ),
    output: Path | None = typer.Option(
        None,
        "--output",
        "-o",
        help="Write {label: [values]} here (a value mined at a pointer as {pointer, value}): what 'scan --mine' "
        "reports as a leak on this dataset, nothing it gives for review only (rows marked (input) are left out).",
    ),
    fmt: str = typer.Option("table", "--format", "-f", help="table | json"),
    show_values: bool = typer.Option(True, "--show-values/--hide-values", help="Show the mined values."),
    limit: int = typer.Option(50, "--limit", min=0, help="Table rows at most (0: none, only the totals)."),
    expected_field: str = _EXPECTED,
    context_field: list[str] | None = _context("Only these fields are mined (the table's pointers start inside them)."),
    id_field: str = _ID,
    derive_from: list[str] | None = _DERIVE,
) -> None:
    """Find what predicts the label: (pointer, value) pairs, tokens, n-grams and keys held at all (a field present on
    one label's records only) whose items share one label, with a one-sided Fisher exact test corrected for the
    number of candidates. A key's presence is reported by 'scan --mine', not written to the map."""

    fields = _fields(expected_field, context_field, id_field, None, None, None)
    with _said_if_interrupted("while mining: nothing was written"):
        outcome = mine_flow(
            _stdin(dataset),
            min_support=min_support,
            min_purity=min_purity,
            output=output,
            fields=fields,
            alpha=alpha,
            correction=correction.strip().lower(),
            derive_from=list(derive_from or []),
            listener=RichListener(plan=False, bar=False),
        )
    result = outcome.detail
    con = out_console()
    if fmt == "json":
        con.print_json(orjson.dumps(outcome.summary).decode())
        return
    table = Table(title="leak mine: what predicts the label (review before use)")
    for col in ("pointer", "value", "label", "purity", "support", "base rate", "q", "kind", "also"):
        table.add_column(col, overflow="fold")

    def shown(text: str) -> str:
        """A value as the table shows it: as written with --show-values, else its hash."""
        return text if show_values else value_hash(text)

    def figures(x: Suggestion | PairRider) -> list[Text | str]:
        """The candidate's value, label and test figures, the columns every kind of row shares."""
        return [plain(shown(x.value)), plain(shown(x.label)), f"{x.purity:.2f}", str(x.support),
                f"{x.base_rate:.2f}", f"{x.q_value:.2g}"]  # fmt: skip

    for s in result.suggestions[:limit]:  # a row read as the task's input: for review, not in the -o map
        kind = f"{s.kind} (input)" if result.read_as_input(s) else s.kind
        kind += f" (1 of {len(s.narrows)})" if s.narrows else ""  # it rules the other labels out
        table.add_row(plain(s.pointer or "(anywhere)"), *figures(s), kind, plain(", ".join(shown(a) for a in s.also)))
    for r in result.pairs[: max(0, limit - len(result.suggestions))]:  # a value of a name inside a text
        kind = "pair (review)" if r.review else "pair"
        table.add_row(plain(f"{r.pointer or '/'} [{shown(r.name)}]"), *figures(r), kind, "")
    if (result.suggestions or result.pairs) and limit:
        con.print(table)
    read = sum(result.read_as_input(s) for s in result.suggestions)
    said = f"; {read} row(s) marked '(input)': read as the task's input, for review as in 'scan --mine'" if read else ""
    written = f"; map written to {output}" + (f" without the {read} row(s) read as the task's input" if read else "")
    con.print(result.describe() + said + (written if output else ""), markup=False, highlight=False)
    if outcome.summary.get("hint"):
        con.print(f"  hint: {outcome.summary['hint']}", markup=False, highlight=False)
