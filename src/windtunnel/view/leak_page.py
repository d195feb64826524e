"""The leak audit as one self-contained HTML page (``windtunnel leak scan … --format html``).

For each item with findings: its projection (what the model reads) as a tree, every finding's span
highlighted in the colour of its channel; the table of findings with the view that hit (a decoded
base64 / URL / entity value shown beside the raw one); and the sanitized projection beside the raw
one with the redactions marked.

Answers are hidden unless the scan ran with ``--show-values``: highlighted text is replaced by a
placeholder, answer keys by their hash, and the sanitized side only shows what was cut.

Safe with hostile data: every string goes through :func:`markupsafe.escape`; the page has no
script at all and a CSP that allows only its own stylesheet (by hash).

Data flow: :func:`scan_html` (the CLI's ``--format html``) turns its source — a dataset, a stored run or a JSON
report — into items, :func:`audited` scans and sanitizes each one exactly as ``leak scan`` and ``leak sanitize``
do (the page must agree with the JSON report, so it calls the same functions and never re-decides a finding),
and :func:`leak_html` renders the sandboxed template. The page is one file with its stylesheet inlined, so it can
be attached to a ticket or opened from ``windtunnel view``'s audit list without a server.

Why it lives in ``view/`` and prints: it is an output of the CLI, like the viewer's pages, and ``scan_html``
writes the page and the one-line verdict itself so that ``-o -`` (the page on stdout) and the exit code follow
the other formats: 0 no leak, 1 some item leaks, 2 a source with no items (no page is left behind then).
"""

from __future__ import annotations

import base64
import binascii
import html as htmllib
import itertools
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from jinja2 import PackageLoader, StrictUndefined
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup, escape

from windtunnel import __version__
from windtunnel._util.errors import ExitCode, UsageError
from windtunnel.config.storepath import default_store_path
from windtunnel.flows.leak import Fields, _no_items, agreed_extra, agreement_for, mine_decision, mined_index
from windtunnel.flows.leak_judge import JudgeTally, judge_from_args, judge_status
from windtunnel.leakage.agreement import Agreement
from windtunnel.leakage.dataset import DatasetError, iter_items
from windtunnel.leakage.judge import LeakJudge
from windtunnel.leakage.model import CHANNELS, Finding, ItemAudit, LeakItem, value_hash
from windtunnel.leakage.pointers import node_at
from windtunnel.leakage.report import Tally
from windtunnel.leakage.runs import RunCounts, RunSourceError, report_items
from windtunnel.leakage.sanitize import sanitize_item
from windtunnel.reports.html import csp_hash
from windtunnel.store.leak_items import run_source, store_items

CHANNEL_RANK = {"direct": 0, "upstream": 1, "correlated": 2, "freetext": 3}
HIDDEN = "answer hidden"
MAX_ITEMS = 500
"""Leaking items rendered in full; the rest are counted (a page must stay openable)."""


@cache
def leak_css() -> str:
    """The stylesheet of the leak audit page, inlined into the page (a saved audit is one self-contained file)."""
    return (files("windtunnel.view") / "templates" / "leak.css").read_text(encoding="utf-8")


def leak_csp() -> str:
    """The Content-Security-Policy of the audit page: no script at all, and only the inlined stylesheet (by its hash),
    so the dataset text the page shows cannot run or load anything, even if escaping failed.
    """
    return (
        f"default-src 'none'; style-src '{csp_hash(leak_css())}'; script-src 'none'; img-src data:; "
        "base-uri 'none'; form-action 'none'"
    )


def _pointer_token(key: Any) -> str:
    """``key`` escaped as one JSON Pointer token (RFC 6901: ``~`` as ``~0``, ``/`` as ``~1``), to match the pointers
    findings carry.
    """
    return str(key).replace("~", "~0").replace("/", "~1")


def decode_view(view: str, raw: str) -> str | None:
    """The decoded text of ``raw`` in the view that matched (``None`` when it is the raw view).

    ``view`` is a finding's view name (``raw``, ``decoded:base64``, ``decoded:url`` ...). The page shows the decoded
    text beside the raw one so a reviewer sees what the model could read; a view this page cannot decode again, or
    bytes that do not decode, give ``None`` (the raw text alone is shown), never an error that would lose the page."""
    kind = view.split(":", 1)[1] if view.startswith("decoded:") else ""
    try:
        if kind == "base64":
            pad = raw + "=" * (-len(raw) % 4)
            data = base64.urlsafe_b64decode(pad) if ("-" in raw or "_" in raw) else base64.b64decode(pad)
            return data.decode("utf-8", errors="replace")
        if kind == "url":
            return unquote(raw)
        if kind in ("html", "entity"):
            return htmllib.unescape(raw)
        if kind == "escape":
            return raw.encode("latin-1", errors="backslashreplace").decode("unicode_escape", errors="replace")
    except (binascii.Error, ValueError):
        return None
    return None


@dataclass
class _Index:
    """Findings by ``(pointer, target)``: what to highlight where."""

    show_values: bool
    by_place: dict[tuple[str, str], list[Finding]] = field(default_factory=dict)
    redacted: set[str] = field(default_factory=set)
    """Pointers the sanitizer changed (marked in the sanitized tree)."""

    @classmethod
    def of(cls, findings: Iterable[Finding], show_values: bool) -> _Index:
        """Index ``findings`` by place; a finding in a key is highlighted on the key, every other on the value."""
        idx = cls(show_values)
        for f in findings:
            target = "key" if f.target == "key" else "value"
            idx.by_place.setdefault((f.pointer, target), []).append(f)
        return idx

    def at(self, pointer: str, target: str) -> list[Finding]:
        """The findings at ``pointer`` (its key or its value, by ``target``), empty when there are none."""
        return self.by_place.get((pointer, target), [])


def _mark(text: str, findings: list[Finding], show_values: bool) -> Markup:
    """``text`` as a highlighted ``<mark>``: coloured by the most direct channel among ``findings``, titled with every
    channel, rule and view that found it. With ``show_values`` off the text is replaced by :data:`HIDDEN` (the page may
    be shared where the answers must not be), keeping only its length. ``Markup.format`` escapes every value.
    """
    f = min(findings, key=lambda x: CHANNEL_RANK.get(x.channel, 9))
    title = "; ".join(sorted({f"{x.channel} · {x.rule} · view {x.view}" for x in findings}))
    shown = text if show_values else HIDDEN
    return Markup('<mark class="ch-{}" title="{}" data-channel="{}" data-len="{}">{}</mark>').format(
        f.channel, title, f.channel, len(text), shown
    )


def _highlight(text: str, findings: list[Finding], show_values: bool) -> Markup:
    """``text`` with the spans of ``findings`` marked (a whole-value finding marks all of it)."""
    spans: list[tuple[int, int, Finding]] = []
    for f in findings:
        if f.inner is not None or f.span is None:
            spans.append((0, len(text), f))
        else:
            a, b = max(0, f.span[0]), min(len(text), f.span[1])
            if a < b:
                spans.append((a, b, f))
    if not spans:
        return Markup(escape(text))
    cuts = sorted({0, len(text), *(a for a, _, _ in spans), *(b for _, b, _ in spans)})
    out: list[Markup] = []
    for a, b in itertools.pairwise(cuts):
        covering = [f for sa, sb, f in spans if sa <= a and b <= sb]
        piece = text[a:b]
        out.append(_mark(piece, covering, show_values) if covering else Markup(escape(piece)))
    return Markup("").join(out)


def render_tree(node: Any, idx: _Index, pointer: str = "", labels: list[str] | None = None) -> Markup:
    """The projection as nested lists; highlighted where findings point.

    ``labels`` names the top-level list's entries (for a run's cell: where each part sits in the cell).
    """
    if isinstance(node, Mapping):
        items = []
        for key, value in node.items():
            child = f"{pointer}/{_pointer_token(key)}"
            key_findings = idx.at(child, "key")
            key_html = (
                _highlight(str(key), key_findings, idx.show_values)
                if idx.show_values or not key_findings
                else _mark(value_hash(str(key)), key_findings, True)
            )
            items.append(
                Markup('<li data-pointer="{}"><span class="key">{}</span>: {}</li>').format(
                    child, key_html, render_tree(value, idx, child)
                )
            )
        if not items:
            return Markup('<span class="punct">{}</span>')
        return Markup('<ul class="obj">{}</ul>').format(Markup("").join(items))
    if isinstance(node, list):
        items = [
            Markup('<li data-pointer="{}"><span class="idx">{}</span> {}</li>').format(
                f"{pointer}/{i}", labels[i] if labels and i < len(labels) else i, render_tree(v, idx, f"{pointer}/{i}")
            )
            for i, v in enumerate(node)
        ]
        if not items:
            return Markup('<span class="punct">[]</span>')
        return Markup('<ol class="arr" start="0">{}</ol>').format(Markup("").join(items))
    findings = idx.at(pointer, "value")
    if isinstance(node, str):
        cls = "str redacted-node" if pointer in idx.redacted else "str"
        return Markup('<span class="{}" data-pointer="{}">{}</span>').format(
            cls, pointer, _highlight(node, findings, idx.show_values)
        )
    text = "null" if node is None else ("true" if node is True else "false" if node is False else str(node))
    if findings:
        return _mark(text, findings, idx.show_values)
    return Markup('<span class="lit">{}</span>').format(text)


def resolve(doc: Any, pointer: str) -> Any:
    """The value at an RFC 6901 pointer in ``doc`` (``""`` is the whole document).

    ``None`` when the pointer does not resolve (a missing key, an index past the end, a step into a scalar): a
    finding whose place is gone is shown without its raw text rather than failing the page."""
    node = doc
    if not pointer:
        return node
    return node_at(node, (raw.replace("~1", "/").replace("~0", "~") for raw in pointer.lstrip("/").split("/")))


def finding_rows(
    item: LeakItem, audit: ItemAudit, show_values: bool, located: ItemAudit | None = None
) -> list[dict[str, Any]]:
    """One row of the findings table per finding of ``audit``, in the scan's order.

    ``located`` gives the pointers the JSON report prints (into a run's cell), so the page and the report name the
    same place. ``raw`` (the matched text, or the key) and ``decoded`` are filled only with ``show_values``; without
    it ``decoded`` is a placeholder when a decoded view exists, so the reader still learns the leak was encoded."""
    rows = []
    where = located.findings if located is not None else audit.findings
    for f, at in zip(audit.findings, where, strict=True):
        pointer = at.shown_pointer(show_values) if located is not None else audit.pointer_of(f, show_values)
        shown = {**f.to_dict(show_values=show_values), "pointer": pointer}
        raw_value = resolve(item.projection, f.pointer)
        raw = None
        if isinstance(raw_value, str) and f.target != "key":
            raw = raw_value[f.span[0] : f.span[1]] if f.span and f.inner is None else raw_value
        elif f.target == "key":
            raw = f.pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
        decoded = decode_view(f.view, raw) if raw is not None and f.view.startswith("decoded:") else None
        rows.append(
            {
                **shown,
                "raw": raw if show_values else None,
                "decoded": decoded if show_values else (HIDDEN if decoded is not None else None),
            }
        )
    return rows


@dataclass
class AuditedItem:
    """One dataset item as the audit page shows it: the item, its findings, the sanitized projection with the redactions
    that made it, and how many findings were left after sanitizing (``residual``).
    """

    item: LeakItem
    audit: ItemAudit
    sanitized: Any
    redactions: list[dict[str, Any]]
    residual: int
    raw_redactions: list[Any] = field(default_factory=list)
    after: ItemAudit | None = None
    """The rescan of the sanitized projection (what is left is highlighted there too)."""
    parts: list[str] | None = None
    """For a run's cell: the cell pointer of each projection part."""
    located: ItemAudit | None = None
    """For a run's cell: the findings with pointers into the cell, as the JSON report prints them."""
    left: list[dict[str, str]] = field(default_factory=list)
    """What the sanitized projection still leaks, one row per place and rule: why the sanitizer left it and what to
    do (:meth:`~windtunnel.leakage.sanitize.SanitizeResult.left`, as ``leak sanitize`` prints it)."""


def audited(
    items: Iterable[Any],
    *,
    decode: bool = True,
    show_values: bool = False,
    extra: Mapping[str, Sequence[Any]] | None = None,
    agreement: Agreement | None = None,
    learned: bool | None = None,
    judge: LeakJudge | None = None,
    judged: JudgeTally | None = None,
    target: str | None = None,
) -> Iterator[AuditedItem]:
    """Audit and sanitize each item (``sentence`` mode, as ``leak sanitize`` does by default).

    An item is a :class:`LeakItem`, or a run's :class:`~windtunnel.leakage.runs.RunItem` (its findings
    are then also located in the cell). ``extra`` adds findings by item id (the mined ones of ``--mine``);
    ``agreement`` is the dataset's agreement evidence, applied as ``leak scan`` and ``leak sanitize`` apply it;
    ``learned`` is ``leak scan --learned`` (the learned decision over whole-token hits; ``None``: its default).
    ``judge`` is ``--judge-url``: the model judge asked about each item as ``leak scan`` asks it (one question at a
    time here), its findings shown with the others and counted in ``judged``; ``target`` names the answer's field.
    """
    for entry in items:
        item: LeakItem = entry.item if hasattr(entry, "parts") else entry
        more = [*(extra or {}).get(item.id, ()), *agreed_extra(agreement, item, decode)]
        result = sanitize_item(item, decode=decode, extra=more, learned=learned, agreement=agreement)
        before = result.before
        if agreement is not None:
            before = agreement.adjust(ItemAudit(before.item, before.findings, item.line, before.sources))
        if judge is not None and judged is not None:
            ask = judge.every_item or not before.leaked
            said, cached = judge.findings(item, target, decode=decode) if ask else ([], False)
            judged.add(ask, said, cached)
            if said:
                before = ItemAudit(before.item, [*before.findings, *said], before.line, before.sources)
        yield AuditedItem(
            item=item,
            audit=before,
            sanitized=result.item.projection,
            redactions=[r.to_dict(show_values=show_values) for r in result.redactions],
            residual=len(result.residual),
            raw_redactions=list(result.redactions),
            after=result.after,
            parts=list(entry.parts) if hasattr(entry, "parts") else None,
            located=entry.locate(result.before) if hasattr(entry, "parts") else None,
            left=[x.to_dict(show_values=show_values) for x in result.left()],
        )


def render_leak_html(
    entries: Iterable[AuditedItem],
    out: Path,
    *,
    source: str,
    show_values: bool = False,
    judged: JudgeTally | None = None,
) -> dict[str, Any]:
    """Write the audit page to ``out`` (its folder is created) and return the summary (``items``, ``leaked_items``,
    ``by_channel`` ...). The page is rendered whole before the file is opened, so a failing render leaves no
    half-written page where ``windtunnel view`` would list it."""
    page, summary = leak_html(entries, source=source, show_values=show_values, judged=judged)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
    return summary


def leak_html(
    entries: Iterable[AuditedItem], *, source: str, show_values: bool = False, judged: JudgeTally | None = None
) -> tuple[str, dict[str, Any]]:
    """The audit page of ``entries`` and its summary (the tally over every item; ``judged``: what the model judge
    did, read once every entry is drawn).

    Every item is counted, but only the first :data:`MAX_ITEMS` leaking items are drawn (the page says when it was cut),
    each as its projection with the findings highlighted, the sanitized projection with what is left highlighted and the
    redactions marked, and one row per finding. The page is one self-contained file: the stylesheet is inlined and
    pinned by the CSP, and no script runs.
    """
    tally = Tally()
    shown: list[dict[str, Any]] = []
    for entry in entries:
        tally.add(entry.audit)
        if not entry.audit.findings or len(shown) >= MAX_ITEMS:
            continue
        idx = _Index.of(entry.audit.findings, show_values)
        redacted_pointers = {r["pointer"] for r in entry.redactions}
        marks = _Index.of(entry.after.findings if entry.after else [], show_values)
        marks.redacted = {r.pointer for r in entry.raw_redactions}
        shown.append(
            {
                "id": entry.item.id,
                "leaked": entry.audit.leaked,
                "channels": sorted({f.channel for f in entry.audit.findings}, key=lambda c: CHANNEL_RANK.get(c, 9)),
                "tree": render_tree(entry.item.projection, idx, labels=entry.parts),
                "sanitized": render_tree(entry.sanitized, marks, labels=entry.parts),
                "findings": finding_rows(entry.item, entry.audit, show_values, entry.located),
                "redactions": entry.redactions,
                "redacted_pointers": redacted_pointers,
                "residual": entry.residual,
                "left": entry.left,
            }
        )
    if judged is not None:
        tally.judge = judged.to_dict()
    summary = tally.to_dict()
    env = _environment()
    page = env.get_template("leak.html.j2").render(
        css=Markup(leak_css()),
        csp=leak_csp(),
        source=source,
        show_values=show_values,
        summary=summary,
        channels=CHANNELS,
        items=shown,
        truncated=len(shown) >= MAX_ITEMS,
        generated=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        version=__version__,
    )
    return page, summary


@cache
def _environment() -> ImmutableSandboxedEnvironment:
    """The Jinja environment of the audit page: sandboxed and immutable, autoescaped, strict about undefined names (a
    template typo fails the render instead of printing nothing).
    """
    return ImmutableSandboxedEnvironment(
        loader=PackageLoader("windtunnel.view", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def default_output() -> Path:
    """``.windtunnel/audits/leak-<UTC time>.html``: where ``windtunnel view`` lists audits."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return default_store_path().parent / "audits" / f"leak-{stamp}.html"


def scan_html(args: Mapping[str, Any]) -> None:
    """``leak scan --format html``: audit one source (a dataset, a stored run or a JSON report) and write the page.

    ``args`` are the ``scan`` command's options (its ``locals()``). The page goes to ``-o`` (default: a dated file under
    ``audits/`` beside the store, which ``windtunnel view`` lists) or to stdout with ``-o -``; the one-line verdict goes
    to stderr. A source with no items is a usage error and leaves no page behind; any leaking item exits 1.
    """
    dataset: Path | None = args["dataset"]
    from_run, from_report = args["from_run"], args["from_report"]
    if sum(1 for v in (dataset, from_run, from_report) if v) != 1:
        raise UsageError(
            "give exactly one of DATASET, --from-run RUN_ID, --from-report REPORT.json",
            hint="e.g. 'windtunnel leak scan items.jsonl -f html -o audit.html'",
        )
    decode = not args["no_decode"]

    counts = RunCounts()
    if dataset is not None:
        fmap = Fields(
            args["expected_field"],
            args["context_field"],
            args["id_field"],
            args["label_set"],
            args["correlated_map"],
            args["target"],
            args.get("context_word"),
            bool(args.get("strict")),
            args.get("alias"),
        ).field_map()
        source = str(dataset)

        def items() -> Iterator[Any]:
            try:
                for mapped in iter_items(dataset, fmap):
                    yield mapped.item
            except DatasetError as err:
                raise UsageError(str(err), hint="check the DATASET: a .jsonl or .json file of items") from None

    else:
        source = run_source(from_run, args["store"] or default_store_path()) if from_run else str(from_report)

        def items() -> Iterator[Any]:
            try:
                if from_run:
                    it = store_items(from_run, args["store"] or default_store_path(), counts, config=args["config"])
                else:
                    it = report_items(from_report, counts, config=args["config"])
                yield from it
            except RunSourceError as err:
                raise UsageError(str(err), hint="see 'windtunnel leak scan --help'") from None

    extra: dict[str, list[Any]] = {}
    if dataset is not None:
        do_mine, _ = mine_decision(dataset, args.get("mine"))
        if do_mine:
            try:
                _, extra, _ = mined_index(
                    dataset, fmap, list(args.get("derive_from") or []), forced=bool(args.get("mine"))
                )
            except UsageError:  # a bad record: the page stops at it as without mining
                extra = {}
    agreement = None
    if dataset is not None:
        _agreed, agreement = agreement_for(
            dataset, fmap, args.get("agreement"), decode, list(args.get("derive_from") or [])
        )
    judge = judge_from_args(args)  # the same builder as the table's: the same refusals
    if judge is not None and dataset is None:
        hint = "save the items to a .jsonl file and scan that"
        raise UsageError("--judge-url reads the items of a DATASET", hint=hint)
    judged = JudgeTally(judge.model, judge.every_item, judge.max_chars) if judge is not None else None
    entries = audited(
        items(),
        decode=decode,
        show_values=args["show_values"],
        extra=extra,
        agreement=agreement,
        learned=args.get("learned"),
        judge=judge,
        judged=judged,
        target=str(args["expected_field"]).rsplit(".", 1)[-1].lstrip("$"),
    )
    to_stdout = args["output"] == Path("-")  # `-o -`: the page on stdout, as for `report -o -`
    out: Path = args["output"] or default_output()
    if to_stdout:
        page, summary = leak_html(entries, source=source, show_values=args["show_values"], judged=judged)
    else:
        summary = render_leak_html(entries, out, source=source, show_values=args["show_values"], judged=judged)
    if summary["items"] == 0:
        if not to_stdout:
            out.unlink(missing_ok=True)

        raise _no_items(dataset, source, counts)  # the same message as the other formats
    where = "page written to stdout" if to_stdout else f"page written to {out}"
    if to_stdout:
        sys.stdout.write(page)
        sys.stdout.flush()
    sys.stdout.flush()
    print(f"leak audit: {summary['leaked_items']} of {summary['items']} items leak; {where}", file=sys.stderr)
    if judge_status(summary["leaked_items"], judged) == "error":
        n = summary["judge"]["errors"]
        said = f"the judge gave no answer on {n} item(s) (judge.error findings); the audit is incomplete"
        print(said, file=sys.stderr)
        raise SystemExit(int(ExitCode.HARNESS))
    if summary["leaked_items"]:
        raise SystemExit(int(ExitCode.FAILED))
