"""The leakage use-cases: scan, sanitize, check, baseline and mine, from options to a :class:`LeakOutcome`.

The domain work lives in :mod:`windtunnel.leakage`; this module maps datasets and options onto it, turns
dataset errors into usage errors that name the fix, writes report files atomically and decides the verdict.
Nothing here prints: the CLI renders a :class:`LeakOutcome` (``windtunnel leak ...``), the Python API
returns it (``windtunnel.leak.scan(...)``).

The use-cases and what each reads and writes:

* :func:`scan_flow` — one source (a dataset file, a stored run, or a run's JSON report) → one audit per item,
  streamed into the JSON or SARIF writer as it is made; fails when any item leaks.
* :func:`sanitize_flow` — a dataset → the same dataset with the leaking spans cut (the schema and record order
  kept, so the result drops in where the input was), rescanned to report what is left.
* :func:`check_flow` — a raw dataset and its sanitized copy → the CI assertion that the raw items leak and the
  sanitized ones do not (items matched by id, so ids must be unique in each).
* :mod:`~windtunnel.flows.leak_evidence` — the dataset-level evidence: mining and blind baselines.

Invariants a change must keep: memory does not grow with the dataset (items are read, audited and written one at
a time; only the first ``keep`` leaking audits are held for the caller); a report file is replaced only when it is
complete (:func:`report_file` writes beside it and renames, so a crash never leaves half a report where the last
good one was, and Ctrl-C leaves a valid report marked partial); nothing to audit is a usage error, because an
empty audit finds no leak and proves nothing; ``-o`` may not overwrite an input. Exit codes:
:attr:`LeakOutcome.exit_code` (0, 1, 130), usage errors 2.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

import orjson

from windtunnel._util.errors import ExitCode, HarnessError, UsageError, WindtunnelError
from windtunnel._util.paths import refuse_overwrite
from windtunnel._util.suggest import did_you_mean
from windtunnel.config.storepath import default_store_path
from windtunnel.flows.events import SILENT, Done, Event, Listener, Notice, Started, Stopped
from windtunnel.flows.leak_judge import JudgeTally, judge_status, judged
from windtunnel.leakage import parallel
from windtunnel.leakage.agreement import Agreement, agreement_of
from windtunnel.leakage.aliases import parse_alias_options
from windtunnel.leakage.coincidence import cut_once
from windtunnel.leakage.dataset import DatasetError, FieldMap, iter_items, read_correlated, write_back
from windtunnel.leakage.edit_watch import EliminationWatch, masked
from windtunnel.leakage.input_copies import copied_places, input_copies
from windtunnel.leakage.judge import LeakJudge
from windtunnel.leakage.learned import LEARNED_DEFAULT
from windtunnel.leakage.mine import (
    MineResult,
    derive_from_covers_all,
    mine,
    mined_findings,
    mined_in_derive_from,
    review_fields,
    unmatched_derive_from,
)
from windtunnel.leakage.model import ItemAudit
from windtunnel.leakage.ray_scan import scan_source
from windtunnel.leakage.report import JsonReportWriter, SarifWriter, Tally
from windtunnel.leakage.runs import RunCounts, RunSourceError, report_items
from windtunnel.leakage.sanitize import (
    SanitizeResult,
    at_riding_places,
    blanked_places,
    held_alike,
    incidental,
    not_alike,
    on_copy,
    riding_places,
    sanitize_item,
    twin_places,
    uniform_fields,
    why_left,
)
from windtunnel.leakage.scan import audit_item, escape_pointer_token
from windtunnel.leakage.shared_values import AlikeValues
from windtunnel.leakage.shortcuts import MAX_ROUNDS, Shortcuts, blind_shortcuts, shortcut_findings
from windtunnel.leakage.still_riding import StillRiding
from windtunnel.leakage.text import normalize_needle
from windtunnel.store.leak_items import run_source, store_items

if TYPE_CHECKING:
    from windtunnel.leakage.dataset import FieldMap, MappedItem
    from windtunnel.leakage.model import Finding, LeakItem


@dataclass
class Fields:
    """Where an item's parts are in a dataset record (the ``--*-field`` options of ``leak``).

    One object for every leak use-case, so ``scan``, ``sanitize``, ``check`` and the audit page read a dataset
    the same way: a field option that ``scan`` honours and ``check`` ignored would let ``check`` pass data that
    ``scan`` calls leaking. Field names are dotted paths or JSONPath; the defaults fit the documented item
    shape (``id``, ``expected``, the model-visible ``projection``). Stored runs take none of these options:
    their parts come from the report's cells (:attr:`is_default` tells the flows to refuse them there)."""

    expected_field: str = "expected"
    context_field: Sequence[str] | None = None
    id_field: str = "id"
    label_set: str | Sequence[str] | None = None
    """The label set of every item: a comma-separated string or a sequence."""
    correlated_map: Path | Mapping[str, Sequence[Any]] | None = None
    """``{label: [values]}`` or a JSON file of it (``leak mine -o``); a value may be ``{"pointer", "value"}``, a whole
    value that counts only on items holding it at that pointer."""
    target: str | None = None
    context_words: Sequence[str] | None = None
    """Extra naming words that tie a label in prose to the task (``--context-word``)."""
    strict: bool = False
    """Count a bare label word in unrelated prose as a leak (``--strict``; else it is for review)."""
    aliases: Mapping[str, Sequence[str]] | Sequence[str] | None = None
    """Other ways to write a label: ``{label: [aliases]}`` or ``LABEL=ALIAS`` strings (``--alias``)."""

    def field_map(self) -> FieldMap:
        """The dataset field map the readers use.

        Usage errors (exit 2): an unreadable correlated map, a bad ``--alias``, and a ``--label-set`` of fewer than
        two distinct labels once case and spacing are ignored — a one-label set cannot tell a listing of the
        choices from the answer, which is what the label set is for."""
        if isinstance(self.label_set, str):
            labels = [s.strip() for s in self.label_set.split(",") if s.strip()]
        else:
            labels = [str(s) for s in self.label_set or []]

        distinct = {normalize_needle(lab) for lab in labels} - {""}  # "High" and "high" are one label
        if self.label_set is not None and len(distinct) < 2:  # "" or one label: no listing can be told apart
            raise UsageError(
                f"--label-set {self.label_set!r} holds {len(distinct)} distinct label(s): a label set needs two or "
                "more (labels that differ only in case or spacing are one)",
                hint="give every answer the items may have, comma-separated (e.g. --label-set Low,Medium,High), "
                "or leave --label-set out",
            )
        bare, pairs = _correlated(self.correlated_map)
        return FieldMap(
            id_field=self.id_field,
            expected_field=self.expected_field,
            context_fields=list(self.context_field or []),
            label_set=labels,
            correlated_map=bare,
            correlated_pairs=pairs,
            target=self.target,
            context_words=list(self.context_words or []),
            strict=self.strict,
            aliases=self._aliases(),
        )

    def _aliases(self) -> dict[str, list[str]]:
        """The ``--alias`` options as ``{label: [aliases]}``: a mapping from the Python API as given (a single alias may
        be a string), or the CLI's ``LABEL=ALIAS`` strings parsed; a malformed one is a :class:`UsageError` showing the
        form.
        """
        if not self.aliases:
            return {}
        if isinstance(self.aliases, Mapping):
            return {str(k): [v] if isinstance(v, str) else [str(x) for x in v] for k, v in self.aliases.items()}
        try:
            return parse_alias_options([str(p) for p in self.aliases])
        except ValueError as err:
            raise UsageError(str(err), hint="write each alias as LABEL=ALIAS, e.g. --alias High=urgent") from None

    @property
    def is_default(self) -> bool:
        """No field option set (run sources take none).

        A run source (a stored run, a report) brings its own mapping of expected answers and context, so any
        field option given with one is a usage error; this is the test for that. ``expected`` as the answer
        field is the default and counts as not set.
        """
        return not (
            self.context_field
            or self.label_set
            or self.correlated_map
            or self.target
            or self.context_words
            or self.aliases
        ) and (self.expected_field == "expected" and not self.strict)


def _correlated(
    source: Path | Mapping[str, Sequence[Any]] | None,
) -> tuple[dict[str, list[str]], dict[str, list[tuple[str, str]]]]:
    """The correlated map (``{label: [values that give the label away]}``) from a mapping, or from the JSON file ``leak
    mine -o`` writes, read by :func:`~windtunnel.leakage.dataset.read_correlated` (bare values, and the ``{"pointer",
    "value"}`` entries); an unreadable file or another shape is a :class:`UsageError` saying how to make one."""
    if source is None:
        return {}, {}
    if isinstance(source, Mapping):
        raw: Any = source
    else:
        try:
            raw = orjson.loads(Path(source).read_bytes())
        except (OSError, orjson.JSONDecodeError) as err:
            raise UsageError(
                f"cannot read the correlated map {source}: {err}",
                hint="write it with 'windtunnel leak mine DATASET -o map.json'",
            ) from None
    try:
        return read_correlated(raw, source)
    except ValueError as err:
        raise UsageError(
            str(err),
            hint='write {"pointer": "/fields/priority/id", "value": "1"}, or the bare value (matched anywhere)',
        ) from None


def dataset_hint(err: Exception) -> str:
    """The hint for a :class:`~windtunnel.leakage.dataset.DatasetError`, chosen from its message: a compressed
    file, a wrong path, an item nested too deeply, a line that is not JSON, else a pointer to ``--help``. The
    message itself already names the file and line; the hint says what to do about it."""
    text = str(err)
    if "gzip-compressed" in text:
        return "windtunnel reads the stream of a pipe: leak scan <(zcat FILE.gz)"
    if "is a directory" in text or "no such file" in text:
        return "check the path: a .jsonl or .json file (leak scan, sanitize and mine also read standard input: -)"
    if "nested too deeply" in text:
        return "flatten that item, or leave it out of the dataset"
    if "NaN and Infinity are not JSON" in text:
        return "write null (or a number) there; Python's json.dumps(..., allow_nan=False) refuses them as it writes"
    keys = re.search(r"has no expected answer at '[^']*' \(keys: (\[.*\])\)", text)
    if keys is not None:
        return _field_options(keys.group(1))
    keys = re.search(r"context selector '[^']*' matched nothing \(keys: (\[.*\])\)", text)
    if keys is not None:
        return _context_option(keys.group(1))
    if "not valid JSON" in text and re.search(r":\d+: not valid JSON", text):  # a line of a JSONL file
        return "fix or remove that line: each line of a JSONL file is one JSON object (a .json file: one document)"
    if "not valid JSON" in text:  # a whole .json file
        return (
            "fix the file: a .json file is one JSON document (a list of items, or one item); "
            "a file of one JSON object per line is JSON Lines: name it .jsonl"
        )
    return "see 'windtunnel leak scan --help' for the item shape and field options"


_ANSWER_KEYS = ("label", "answer", "target", "gold", "ground_truth", "expected_answer", "class", "category", "y")
_CONTEXT_KEYS = ("projection", "input", "inputs", "text", "question", "prompt", "content", "message", "body", "context")
_ID_KEYS = ("uid", "_id", "item_id", "record_id", "example_id", "key", "idx")


def _keys(keys_text: str) -> list[str]:
    """A record's key list as a message prints it (``['a', 'b']``), read back; empty when it does not parse."""
    try:
        return [k for k in orjson.loads(keys_text.replace("'", '"')) if isinstance(k, str)]
    except orjson.JSONDecodeError:
        return []


def _context_option(keys_text: str) -> str:
    """The ``--context-field`` that would read records of these keys when the answer's field was found and the
    content's was not: the first key such datasets commonly hold their content in; the generic pointer otherwise."""
    keys = _keys(keys_text)
    context = next((k for k in _CONTEXT_KEYS if k in keys), None)
    if context is None:
        return "name the field the model reads with --context-field (see 'windtunnel leak scan --help')"
    return f"this file's records hold what the model reads elsewhere: try --context-field {context}"


def _field_options(keys_text: str) -> str:
    """The field options that would read records of these keys (a record's key list as the message prints it): the
    answer's, the content's and the id's, each from the keys such datasets commonly use; the generic pointer when no
    key looks like an answer."""
    keys = _keys(keys_text)
    answer = next((k for k in _ANSWER_KEYS if k in keys), None)
    if answer is None:
        return "name the answer's field with --expected-field (see 'windtunnel leak scan --help' for the item shape)"
    options = [f"--expected-field {answer}"]
    context = next((k for k in _CONTEXT_KEYS if k in keys and k != answer), None)
    if context is not None and context != "projection":
        options.append(f"--context-field {context}")
    ident = next((k for k in _ID_KEYS if k in keys and "id" not in keys), None)
    if ident is not None:
        options.append(f"--id-field {ident}")
    return f"this file's records name their fields otherwise: try {' '.join(options)}"


def items(path: Path, fmap: FieldMap) -> Iterator[MappedItem]:
    """Stream the mapped items of the dataset at ``path`` in file order, one at a time (memory stays flat).

    A dataset error (unreadable file, bad JSON line, an item without its expected field) becomes a usage error
    (exit 2) with :func:`dataset_hint`; items read before it have already been yielded."""
    try:
        yield from iter_items(path, fmap)
    except DatasetError as err:
        raise UsageError(str(err), hint=dataset_hint(err)) from None


_ROOT_SAID = " (a key named '' in a JSON pointer; the reports show the projection itself as '/': name it with '')"
"""Why ``--derive-from /`` names nothing: the tables print the root as ``/`` (a projection that is one string), and a
user copies it from there."""


def check_field_options(
    dataset: Path | None, fmap: FieldMap, derive_from: Sequence[str], listener: Listener = SILENT
) -> None:
    """The options that name something in the dataset name something there: ``--derive-from`` a field
    (:func:`check_derive_from`), ``--alias`` a label (:func:`check_aliases`); a usage error (exit 2) otherwise.
    A ``--derive-from`` that names every field the items hold is an alert to ``listener``
    (:func:`derive_from_alert`)."""
    check_aliases(dataset, fmap)
    check_derive_from(dataset, fmap, derive_from)
    alert = derive_from_alert(dataset, fmap, derive_from)
    if alert is not None:
        listener(Notice(alert, kind="alert"))


def derive_from_alert(dataset: Path | None, fmap: FieldMap, derive_from: Sequence[str]) -> str | None:
    """The alert when ``--derive-from`` covers every field the items hold (:func:`derive_from_covers_all`:
    ``--derive-from ticket`` naming the one object the record holds): the input then hides the whole record from
    mining, the blind baseline and the sanitizer's mined cuts, which find nothing and say so as if it were clean.
    Names the fix: the fields the task is answered from (the prose fields seen, else a pointer under the entry)."""
    if not derive_from or dataset is None or not dataset.is_file():
        return None
    prose = derive_from_covers_all((m.item.projection for m in items(dataset, fmap)), derive_from)
    if prose is None:
        return None
    if prose and all(p in derive_from or p.rsplit("/", 1)[-1] in derive_from for p in prose):
        return None  # the entries are the prose fields themselves (a one-field record's text): the fix it would name
    named = ", ".join(repr(d) for d in derive_from)
    first = derive_from[0] if derive_from[0].startswith("/") else "/" + escape_pointer_token(derive_from[0])
    example = " ".join(f"--derive-from {p}" for p in (prose[:3] or [first + "/FIELD"]))
    return (
        f"--derive-from {named} covers every field the items hold: nothing is left outside the task's input, so "
        "mining, the blind baseline and the sanitizer's mined cuts read none of the record (only the scan's own rules "
        f"do); name the fields the task is answered from instead, e.g. {example}"
    )


def check_aliases(dataset: Path | None, fmap: FieldMap) -> None:
    """An ``--alias LABEL=ALIAS`` whose LABEL is no label of any item (its label set, ``--label-set``, or an answer;
    compared ignoring case and spacing) is a usage error naming it and the closest label: a typo (``hihg=urgent``)
    would otherwise leave the alias unmatched while the command looks as asked. Reads the items until every alias's
    label is seen (one item with a label set, when all are right); a pipe, read only once, is not checked."""
    if not fmap.aliases or dataset is None or not dataset.is_file():
        return
    left = {normalize_needle(label): label for label in fmap.aliases}
    seen: dict[str, str] = {normalize_needle(label): label for label in fmap.label_set}
    for key in list(left):
        if key in seen:
            del left[key]
    for m in items(dataset, fmap) if left else ():
        for label in (*m.item.label_set, *m.item.expected):
            seen.setdefault(normalize_needle(label), label)
        for key in [k for k in left if k in seen]:
            del left[key]
        if not left:
            return
    if left:
        said = "; ".join(f"{label!r}{did_you_mean(label, list(seen.values()))}" for label in left.values())
        raise UsageError(
            f"--alias names no label of any item in {dataset}: {said}",
            hint="write LABEL=ALIAS with LABEL one of the item's labels (its label_set, --label-set or an answer)",
        )


def check_derive_from(dataset: Path | None, fmap: FieldMap, derive_from: Sequence[str]) -> None:
    """A ``--derive-from`` entry that names no field of any item is a usage error (exit 2) naming it and the closest
    place the items hold: a typo would otherwise leave the task's content mined, cut by the sanitizer and read by
    ``--simulate blind`` while the command looks as asked. Reads the items until every entry has matched (one item
    when all are right); a pipe, which can be read only once, is not checked."""
    if not derive_from or dataset is None or not dataset.is_file():
        return
    left, seen = unmatched_derive_from((m.item.projection for m in items(dataset, fmap)), derive_from)
    if not left:
        return
    pointers = [p for p in seen if p.startswith("/")]
    names = [p for p in seen if not p.startswith("/")]
    said = "; ".join(f"{d!r}{_ROOT_SAID if d == '/' else _meant(d, pointers, names)}" for d in left)
    raise UsageError(
        f"--derive-from names no field of any item in {dataset}: {said}",
        hint="give a JSON pointer into what the model reads (e.g. '/messages/*/text', '*' for every list element), "
        "or a key name matched anywhere ('text')",
    )


def _meant(entry: str, pointers: Sequence[str], names: Sequence[str]) -> str:
    """`` (did you mean …?)`` for a ``--derive-from`` entry that names nothing: a dotted path (``ticket.body``) whose
    pointer (``/ticket/body``) the items hold is that pointer, else the closest pointer or key name seen."""
    if not entry.startswith("/") and "." in entry:
        pointer = "/" + "/".join(escape_pointer_token(t) for t in entry.split("."))
        if pointer in pointers:
            return f" (did you mean {pointer!r}? a path into the record is a JSON pointer)"
    return did_you_mean(entry, pointers if entry.startswith("/") else names)


def audits(
    path: Path,
    fmap: FieldMap,
    decode: bool,
    jobs: int | None,
    executor: str | None = None,
    address: str | None = None,
    learned: bool | None = None,
) -> Generator[ItemAudit, None, None]:
    """Stream the audits of a dataset in file order (in worker processes when ``jobs`` allows, on Ray
    with ``executor`` ray); ``learned`` adds the learned decision (``None``: its default).

    Close the iterator (``contextlib.closing``) when leaving early, so the workers stop at once.
    """
    try:
        yield from scan_source(path, fmap, decode, jobs, executor, address, learned) or parallel.iter_audits(
            path, fmap, decode=decode, jobs=jobs, learned=learned
        )
    except DatasetError as err:
        raise UsageError(str(err), hint=dataset_hint(err)) from None
    except parallel.ScanWorkerError as err:
        raise HarnessError(str(err), hint="'--jobs 1' scans in this process") from None


def run_audits(
    run_id: str | None,
    report: Path | None,
    store: Path | None,
    config: Path | None,
    counts: Any,
    decode: bool,
    learned: bool | None = None,
) -> Generator[ItemAudit, None, None]:
    """Audits of the cells of a stored run (``run_id``, in ``store``) or of a JSON report (``report``), one per cell
    whose golden prompt has an expected answer, each finding's pointer translated into the report cell so it names
    what the JSON report shows. ``counts`` is updated with the cells seen and skipped; a run or report that cannot
    be read is a usage error."""
    try:
        if run_id is not None:
            found = store_items(run_id, store or default_store_path(), counts, config=config)
        else:
            assert report is not None
            found = report_items(report, counts, config=config)
        for ri in found:
            yield ri.locate(audit_item(ri.item, decode=decode, learned=learned))
    except RunSourceError as err:
        hint = "see 'windtunnel leak scan --help'"
        if report is not None and "not valid JSON" in str(err):  # an HTML, SARIF or Markdown rendering of the run
            hint = (
                "--from-report reads the JSON report: 'windtunnel run ... -f json -o run.json', "
                "or 'windtunnel report RUN_ID -f json -o run.json' for a stored run"
            )
        raise UsageError(str(err), hint=hint) from None


_Audits = Generator["ItemAudit", None, None]

MINE_AUTO_ITEMS = 200
"""``--mine`` by default from this many labelled items: fewer cannot make a rider significant after the
correction for hundreds of candidates, and a scan of a small dataset should stay a per-item audit."""
MINE_AUTO_BYTES = 16 * 1024 * 1024
"""``--mine`` by default only up to this file size: mining reads the dataset twice more, in this process,
at about half the speed of a one-process scan (``--mine`` mines any size)."""


def learned_on(asked: bool | None) -> bool:
    """Whether the learned decision applies: ``--learned`` / ``--no-learned``, else its default (reported in each
    command's summary, so a report or a CI log says which audit it is)."""
    return asked if asked is not None else LEARNED_DEFAULT


def mine_decision(dataset: Path | None, asked: bool | None) -> tuple[bool, str | None]:
    """Whether to mine the dataset for correlations, and the reason when not (None with a True: mine).

    Mining reads the dataset a second time, so it needs a regular file: by default (``asked`` None) a file up to
    :data:`MINE_AUTO_BYTES` is mined and a larger one or a pipe is skipped with the reason; ``--mine`` forces it (a pipe
    is then a :class:`UsageError`), ``--no-mine`` turns it off. Stored runs are never mined.
    """
    return _reread_decision(dataset, asked, "mine", "mining")


def _reread_decision(dataset: Path | None, asked: bool | None, flag: str, what: str) -> tuple[bool, str | None]:
    """Whether a dataset pass that reads the file again (``--FLAG``: mining, the agreement evidence) runs, and the
    reason when not: see :func:`mine_decision`."""
    if dataset is None:
        if not asked:
            return False, None
        return False, "runs are not mined" if flag == "mine" else "runs are not read again"
    if asked is False:
        return False, f"--no-{flag}"
    if asked is None:
        if not dataset.is_file():
            return False, f"not a regular file ({what} reads the dataset again): pass --{flag} with a file"
        size = dataset.stat().st_size
        if size > MINE_AUTO_BYTES:
            return False, f"{size // 2**20} MB is over the {MINE_AUTO_BYTES // 2**20} MB of the default: pass --{flag}"
    elif not dataset.is_file():
        raise UsageError(f"--{flag} reads the dataset again, and {dataset} is not a regular file", hint="save it first")
    return True, None


def agreement_for(
    dataset: Path | None,
    fmap: FieldMap,
    asked: bool | None,
    decode: bool,
    derive_from: Sequence[str] = (),
    listener: Listener = SILENT,
) -> tuple[dict[str, Any] | None, Agreement | None]:
    """The dataset's agreement evidence (:mod:`windtunnel.leakage.agreement`) by the rule mining follows (on by
    default for a regular file up to :data:`MINE_AUTO_BYTES`; ``asked`` is ``--agreement`` / ``--no-agreement``):
    the summary for the report (None: nothing to say) and the decided :class:`Agreement` (None: not applied). A
    dataset with a bad record is not read for it; the audit stops at that record with its own message.
    ``derive_from`` fields are a record's content, as in mining: items sharing one are one record. The read is
    shown to ``listener`` as progress (a bar on a terminal: on a large file it takes as long as the scan)."""
    do, why_not = _reread_decision(dataset, asked, "agreement", "the agreement evidence")
    if dataset is None or not do:
        return ({"skipped": why_not} if why_not is not None else None), None
    try:
        read = paced(items(dataset, fmap), listener, dataset, "items (agreement evidence)")
        agreement = agreement_of((m.item for m in read), decode=decode, derive_from=derive_from)
    except UsageError:
        return {"skipped": "the dataset holds a bad record: the audit stops at it"}, None
    return agreement.summary(), agreement


def agreed_extra(agreement: Agreement | None, item: LeakItem, decode: bool) -> list[Finding]:
    """The leak findings the dataset's agreement evidence adds to ``item`` (the sanitizer cuts them beside the
    scan's); the item is audited for it only when the evidence may add one."""
    if agreement is None or not agreement.may_promote(item.id, item.line):
        return []
    audit = audit_item(item, decode=decode)
    return agreement.promotions(ItemAudit(audit.item, audit.findings, item.line, audit.sources))


def _with_agreement(found: Generator[ItemAudit, None, None], agreement: Agreement) -> Generator[ItemAudit, None, None]:
    """The audits of ``found`` adjusted by the dataset's agreement evidence (:meth:`Agreement.adjust`); closing this
    generator closes ``found``."""
    try:
        for audit in found:
            yield agreement.adjust(audit)
    finally:
        found.close()


def mined_index(
    dataset: Path, fmap: FieldMap, derive_from: Sequence[str], *, forced: bool, listener: Listener = SILENT
) -> tuple[dict[str, Any], dict[str, list[Any]], Any]:
    """Mine ``dataset``: its summary, ``{item id: findings}`` and the :class:`MineResult`.

    Without ``forced`` (the default decision) a dataset of fewer than ``MINE_AUTO_ITEMS`` labelled items
    or one label is not reported on (the summary says why). Each read is shown to ``listener`` as progress.
    """
    read = paced(items(dataset, fmap), listener, dataset, "items (mining)")
    result = mine((m.item for m in read), derive_from=derive_from)
    # Counts only: a label is an answer, and the report hides answers unless asked.
    summary: dict[str, Any] = {k: v for k, v in result.to_dict().items() if k not in ("suggestions", "labels", "pairs")}
    summary["labels"] = len(result.labels)
    summary["suggestions"] = len(result.suggestions)
    summary["pairs"] = len(result.pairs)
    summary["description"] = result.describe()
    hint = result.content_hint()
    if hint:
        summary["hint"] = hint
    if not forced and result.items < MINE_AUTO_ITEMS:
        summary["skipped"] = f"{result.items} labelled items, under the {MINE_AUTO_ITEMS} of the default: pass --mine"
        return summary, {}, result
    if len(result.labels) < 2:
        summary["skipped"] = "every item has the same label: nothing can predict it"
        return summary, {}, result
    read = paced(items(dataset, fmap), listener, dataset, "items (mined values)")
    found = dict(mined_findings((m.item for m in read), result, derive_from=derive_from))
    summary["items_with_findings"] = len(found)
    summary["description"] = result.describe(found_on=len(found))
    review = [fs for fs in found.values() if not any(f.blocking for f in fs)]
    if review:  # mined words of a field read as the task's input: the owner is asked to name the input
        summary["items_for_review"] = len(review)
        summary["review_fields"] = review_fields(f for fs in found.values() for f in fs)
    return summary, found, result


def mine_for(
    dataset: Path | None,
    fmap: FieldMap,
    derive_from: Sequence[str],
    asked: bool | None,
    listener: Listener = SILENT,
) -> tuple[dict[str, Any] | None, dict[str, list[Any]], Any]:
    """The one rule ``leak scan``, ``leak sanitize`` and ``leak check`` (and :mod:`windtunnel.leak`) mine by, so
    that ``check`` or ``sanitize`` can never pass on data ``scan`` calls leaking.

    ``asked`` is ``--mine`` (True), ``--no-mine`` (False) or neither (None: :func:`mine_decision` and the item
    count of :func:`mined_index` decide). Returns the summary for the report (None: nothing to say), the mined
    findings by item id, and the :class:`~windtunnel.leakage.mine.MineResult` to search other items with (None
    when the mined values are not reported). A dataset that cannot be mined (a bad record) is not mined; the
    audit stops at that record with its own message.
    """
    do_mine, why_not = mine_decision(dataset, asked)
    if dataset is None or not do_mine:
        return ({"skipped": why_not} if why_not is not None else None), {}, None
    try:
        summary, extra, result = mined_index(dataset, fmap, derive_from, forced=bool(asked), listener=listener)
    except UsageError:  # the audit stops at the same record with its own message: said once, there
        return {"skipped": "the dataset holds a bad record: the audit stops at it"}, {}, None
    return summary, extra, (None if "skipped" in summary else result)


def paced(source: Iterator[MappedItem], listener: Listener, dataset: Path, label: str) -> Iterator[MappedItem]:
    """``source`` (the items of ``dataset``) as they come, each shown to ``listener`` as one unit of progress under
    ``label``: the dataset evidence reads a file again before the audit, and on a large file that takes as long as
    the scan (a terminal shows a bar; a CI log the heartbeat line). Nothing is shown for a pipe or a ``.json``."""
    total = _lines(dataset) if listener is not SILENT else None
    if not total:
        yield from source
        return
    listener(Started(total, label, ""))
    try:
        for m in source:
            listener(Done(None, False))
            yield m
    finally:
        listener(Stopped())


def _with_mined(
    found: Generator[ItemAudit, None, None], extra: dict[str, list[Any]]
) -> Generator[ItemAudit, None, None]:
    """The audits of ``found`` with the mined findings of their items appended (``extra`` by item id); the verdict
    follows the findings, so an item leaking only through a mined rider counts as leaking. Closing this generator closes
    ``found``, so scan workers stop when a caller leaves early."""
    try:
        for audit in found:
            more = extra.get(audit.item)
            if more:
                audit.findings.extend(more)
            yield audit
    finally:
        found.close()


class _Sink:
    """An open report file; ``keep`` also keeps it when the block is left by an exception."""

    def __init__(self, handle: IO[bytes] | None) -> None:
        """Wrap ``handle`` (None: no report file was asked for); the file is removed on an error unless ``keep`` is
        set.
        """
        self.handle = handle
        self.keep = False


def _new_file_mode() -> int:
    """The mode ``open()`` gives a new file under the current umask (0o666 less the umask)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def remove_stale_partials(output: Path) -> list[Path]:
    """Delete the temporary files a killed earlier run left beside ``output`` (``.NAME.PID.*.partial``
    whose process is gone); a live process's file is left alone. Returns what was removed."""
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
        with contextlib.suppress(OSError):
            leftover.unlink()
            removed.append(leftover)
    return removed


@contextlib.contextmanager
def report_file(output: Path | None, *, stream: IO[bytes] | None = None) -> Iterator[_Sink]:
    """Where a streamed report goes: ``stream`` (e.g. stdout), or ``output`` replaced only when done.

    The report is written beside ``output`` under a temporary name and renamed over it when the block
    ends (or is left with ``sink.keep`` set: an interrupted scan's partial report, marked as such); on any
    other error it is removed and an earlier file at ``output`` is left as it was.
    """
    if output is None:
        yield _Sink(stream)
        return
    if output.is_dir():
        raise UsageError(f"-o {output} is a directory", hint="give a file path, e.g. -o leaks.json")
    if not output.parent.is_dir():
        raise UsageError(f"cannot write {output}: no directory {output.parent}", hint="create it first")
    remove_stale_partials(output)
    fd, tmp = tempfile.mkstemp(prefix=f".{output.name}.{os.getpid()}.", suffix=".partial", dir=output.parent)
    os.fchmod(fd, _new_file_mode())  # mkstemp makes 0600; the report gets the mode any new file gets
    committed = False
    try:
        with os.fdopen(fd, "wb") as out:
            sink = _Sink(out)
            try:
                yield sink
            except BaseException:
                committed = sink.keep
                raise
            else:
                committed = True
    finally:
        try:
            if committed:
                os.replace(tmp, output)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)  # gone already after a successful replace


@dataclass
class LeakOutcome:
    """What a leak use-case decided: ``status`` passed / failed / interrupted, its ``summary`` and extras.

    ``summary`` is the JSON-ready tally the report's ``summary`` holds (items, leaked items, findings per channel),
    also when no report file was asked for. An interrupted use-case is never a pass: its summary covers the items
    done so far."""

    status: Literal["passed", "failed", "interrupted", "error"]
    """``error``: a scan with the model judge that found no leak, where the judge gave no answer on some item (the
    audit asked for is incomplete: exit 3, as an unreachable harness)."""
    summary: dict[str, Any]
    audits: list[ItemAudit] = field(default_factory=list)
    """``scan``: the audits with findings (at most ``keep``); ``check``: nothing."""
    report_path: Path | None = None
    detail: Any = None
    """Use-case extras: the run-source counts of a scan, the baseline summary, mined suggestions ..."""

    @property
    def passed(self) -> bool:
        """Whether the use-case's verdict is a pass."""
        return self.status == "passed"

    @property
    def exit_code(self) -> ExitCode:
        """0 passed, 1 failed (leaks found, check failed, baseline above chance), 3 the judge gave no answer on some
        item of a scan without leaks, 130 interrupted."""
        return {
            "passed": ExitCode.OK,
            "failed": ExitCode.FAILED,
            "interrupted": ExitCode.INTERRUPTED,
            "error": ExitCode.HARNESS,
        }[self.status]


def _no_items(dataset: Path | None, source: str, counts: Any) -> UsageError:
    """The error for an audit with nothing to audit (a dataset without items, or stored runs without a golden prompt
    that has an expected answer): an empty audit would report no leak, which proves nothing.
    """
    if dataset is None:
        return UsageError(
            f"{source}: none of its {counts.cells} cells has a golden prompt with an expected answer; "
            "an empty audit proves nothing",
            hint="write golden prompts as {prompt: ..., expected: ..., label_set: [...]} in the config",
        )
    return UsageError(f"{dataset} holds no items; an empty audit proves nothing")


@dataclass
class ScanRequest:
    """The options of ``windtunnel leak scan``: one source (a dataset, a stored run or a JSON report)."""

    dataset: Path | None = None
    from_run: str | None = None
    from_report: Path | None = None
    store: Path | None = None
    config: Path | None = None
    fields: Fields = field(default_factory=Fields)
    decode: bool = True
    jobs: int | None = None
    executor: str | None = None
    """``ray`` audits a dataset on Ray tasks (``local`` or None: this machine, see ``jobs``)."""
    ray_address: str | None = None
    fmt: Literal["json", "sarif"] | None = None
    """The report format to write (to ``output``, else ``stream``); None writes no report."""
    output: Path | None = None
    stream: IO[bytes] | None = None
    show_values: bool = False
    keep: int | None = None
    """At most this many audits with findings kept in the outcome (None: all)."""
    learned: bool | None = None
    """Add the learned decision over whole-token hits (rule ``learned.hit``, :mod:`windtunnel.leakage.learned`);
    None: its default (:data:`~windtunnel.leakage.learned.LEARNED_DEFAULT`)."""
    mine: bool | None = None
    """Mine the dataset for values that ride with one label and report them as findings
    (``correlated.mined``); None: when the dataset is large enough (:func:`mine_decision`)."""
    derive_from: Sequence[str] = ()
    """Fields the task is derived from (pointers or key names): not mined, beside prose."""
    agreement: bool | None = None
    """Apply the dataset's evidence for the mention decision (:func:`agreement_for`): a slot whose label follows
    the record's label is a leak, an item-level leak in a slot at chance is for review; None: by the rule mining
    follows (:func:`mine_decision`)."""
    judge: LeakJudge | None = None
    """Ask a model judge about the items (``--judge-url``, :mod:`windtunnel.flows.leak_judge`); a DATASET only. The
    judge's questions in flight at once: ``jobs`` (default :data:`~windtunnel.flows.leak_judge.DEFAULT_CONCURRENCY`)."""


PARTIAL = "partial"
"""The attribute of an error that stopped a scan holding the :class:`LeakOutcome` of the items audited
before it (``getattr(err, PARTIAL, None)``), so the table still shows every completed result."""


def scan_flow(req: ScanRequest, listener: Listener = SILENT) -> LeakOutcome:
    """Audit every item of one source (a dataset, a stored run, or a JSON report) for ground-truth leakage; the outcome
    fails when any item leaks.

    The source and its options are checked first (exactly one source; field options and ``--jobs`` only for a dataset).
    Audits stream: with ``--format`` they go straight into the JSON or SARIF writer, so memory does not grow with the
    dataset, and only the first ``keep`` leaking items are held for the caller. Ctrl-C ends the scan with a valid report
    marked partial; a bad record raises with the items audited before it attached. A source with no items is a
    :class:`UsageError`: an empty audit would find no leak and prove nothing.
    """
    sources = (("DATASET", req.dataset), ("--from-run", req.from_run), ("--from-report", req.from_report))
    given = [name for name, v in sources if v]
    if len(given) != 1:
        raise UsageError(
            "give exactly one of DATASET, --from-run RUN_ID, --from-report REPORT.json"
            + (f" (got {', '.join(given)})" if given else ""),
            hint="e.g. 'windtunnel leak scan items.jsonl' or 'windtunnel leak scan --from-run 20250101-120000-abcdef'",
        )
    if req.dataset is None and not req.fields.is_default:
        raise UsageError("field options (--expected-field, --context-field, ...) apply to datasets, not runs")
    if req.dataset is None and req.jobs is not None:
        raise UsageError("--jobs applies to a DATASET; the cells of a run are audited in this process")
    if req.judge is not None and (req.dataset is None or not req.dataset.is_file()):
        raise UsageError(
            "--judge-url reads the DATASET again beside the audit: it needs a dataset file",
            hint="save the dataset (or the run's items) to a .jsonl file and scan that",
        )
    judge_tally: JudgeTally | None = None
    counts = RunCounts()
    found: Generator[ItemAudit, None, None]
    mined: dict[str, Any] | None = None
    agreed: dict[str, Any] | None = None
    agreement: Agreement | None = None
    if req.dataset is not None:
        source = str(req.dataset)
        fmap = req.fields.field_map()
        check_field_options(req.dataset, fmap, req.derive_from, listener)
        found = audits(req.dataset, fmap, req.decode, req.jobs, req.executor, req.ray_address, req.learned)
        mined, extra, _ = mine_for(req.dataset, fmap, req.derive_from, req.mine, listener)
        if extra:
            found = _with_mined(found, extra)
        agreed, agreement = agreement_for(req.dataset, fmap, req.agreement, req.decode, req.derive_from, listener)
        if agreement is not None:
            found = _with_agreement(found, agreement)
        if req.judge is not None:
            judge_tally = JudgeTally(req.judge.model, req.judge.every_item, req.judge.max_chars)
            found = judged(
                found,
                items(req.dataset, fmap),
                req.judge,
                judge_tally,
                concurrency=req.jobs,
                target=req.fields.expected_field.rsplit(".", 1)[-1].lstrip("$"),
                decode=req.decode,
            )
    else:
        if req.mine:
            mined = {"skipped": "runs are not mined"}
        if req.agreement:
            agreed = {"skipped": "runs are not read again"}
        source = run_source(req.from_run, req.store or default_store_path()) if req.from_run else str(req.from_report)
        found = run_audits(req.from_run, req.from_report, req.store, req.config, counts, req.decode, req.learned)
    refuse_overwrite(
        [("-o", req.output)], [("DATASET", req.dataset), ("--from-report", req.from_report), ("--config", req.config)]
    )
    kept: list[ItemAudit] = []
    interrupted = False
    with report_file(req.output if req.fmt else None, stream=req.stream) as sink:
        writer: Any = None
        if req.fmt is not None and sink.handle is not None:
            writer = (JsonReportWriter if req.fmt == "json" else SarifWriter)(
                sink.handle, source=source, show_values=req.show_values
            )
            if req.dataset is None:
                writer.tally.skipped_cells = counts
        tally = writer.tally if writer is not None else Tally()
        tally.mined = mined
        tally.agreement = agreed
        tally.learned = learned_on(req.learned)
        dups = _Duplicates()
        total = _lines(req.dataset) if req.dataset is not None else None
        if total:
            label = "items" if judge_tally is None else f"items (judged by {judge_tally.model})"
            listener(Started(total, label, "leak"))
        with closing(found):
            try:
                for audit in found:
                    if total:
                        listener(Done(None, audit.leaked))
                    if req.dataset is not None:
                        dups.add(audit.item, audit.line)
                    if writer is not None:
                        writer.add(audit)
                    else:
                        tally.add(audit)
                    if audit.findings and (req.keep is None or len(kept) < req.keep):
                        kept.append(audit)
            except KeyboardInterrupt:
                interrupted = True
            except WindtunnelError as err:  # a bad record: the items audited before it go with the error
                done = LeakOutcome(status="failed", summary=tally.to_dict(), audits=kept, detail=tally)
                setattr(err, PARTIAL, done)  # read by the table of `leak scan`: getattr(err, PARTIAL, None)
                raise
            finally:
                if total:
                    listener(Stopped())
        if agreement is not None:
            tally.agreement = agreement.summary()  # with the findings it added and demoted
        if judge_tally is not None:
            tally.judge = judge_tally.to_dict()
        if writer is not None:
            writer.close(interrupted=interrupted)  # a valid report; a partial one is marked as such
        if tally.items == 0 and not interrupted:
            raise _no_items(req.dataset, source, counts)
    dups.tell(listener, req.fields.id_field)
    if req.dataset is None and counts.skipped_no_expected:
        listener(
            Notice(
                f"{counts.skipped_no_expected} of {counts.cells} cells skipped: "
                "their golden prompt has no expected answer in the config"
            )
        )
    status: Literal["passed", "failed", "interrupted", "error"] = (
        "interrupted" if interrupted else ("failed" if tally.leaked_items else "passed")
    )
    if not interrupted and judge_status(tally.leaked_items, judge_tally) == "error":
        status = "error"
    return LeakOutcome(
        status=status,
        summary=tally.to_dict(),
        audits=kept,
        report_path=req.output if req.fmt else None,
        detail=tally,
    )


_COUNT_CHUNK = 1 << 20


def _lines(path: Path) -> int | None:
    """The number of lines of a JSON Lines file (one read in 1 MB chunks, ~1 ms per 10 MB), the total of the
    scan's progress bar; ``None`` for a pipe or a ``.json`` document (no bar: its item count is not known)."""
    if path.suffix.lower() == ".json" or not path.is_file():
        return None
    n = 0
    try:
        with path.open("rb") as fh:
            while chunk := fh.read(_COUNT_CHUNK):
                n += chunk.count(b"\n")
    except OSError:
        return None
    return n or None


@dataclass
class _Duplicates:
    """Item ids seen more than once in a scan or a sanitize: they still run (each record is audited), but ``leak
    check``, ``--stats`` and the reports pair items by id, so the user is told which (up to ``_SHOWN``)."""

    first: dict[str, int | None] = field(default_factory=dict)
    repeated: dict[str, list[int | None]] = field(default_factory=dict)

    def add(self, item_id: str, line: int | None) -> None:
        """Note one item."""
        if item_id in self.first:
            self.repeated.setdefault(item_id, [self.first[item_id]]).append(line)
        else:
            self.first[item_id] = line

    def tell(self, listener: Listener, id_field: str) -> None:
        """One notice naming the repeated ids and their lines (nothing when every id is unique).

        Repeated ids do not stop the scan (each record is still audited) but break everything that pairs items
        by id, so the notice is an alert that says which ids, where, and how to fix it. At most :data:`_SHOWN`
        ids are listed, with a count of the rest, so a dataset with no ids at all does not flood the output.
        """
        if not self.repeated:
            return
        shown = "; ".join(
            f"{i!r} at lines {', '.join(str(n) for n in lines)}" for i, lines in list(self.repeated.items())[:_SHOWN]
        )
        more = f" (and {len(self.repeated) - _SHOWN} more)" if len(self.repeated) > _SHOWN else ""
        listener(
            Notice(
                f"{len(self.repeated)} item id(s) occur more than once: {shown}{more}; each record was audited, but "
                f"leak check, --stats and the reports pair items by id: give each item its own id (field "
                f"{id_field!r}; --id-field picks another)",
                kind="alert",
            )
        )


_SHOWN = 5


@dataclass
class SanitizeRequest:
    """The options of ``windtunnel leak sanitize``.

    ``output`` is the sanitized dataset (required, and never the input: sanitizing in place would destroy the
    evidence), ``stats`` an optional JSON file of what was cut; ``mode`` is what is cut around a hit in prose:
    ``sentence`` (the default) or ``span``; ``redact_review`` also acts on the low-confidence (review) findings."""

    dataset: Path
    output: Path
    stats: Path | None = None
    mode: str = "sentence"
    redact_review: bool = False
    fields: Fields = field(default_factory=Fields)
    decode: bool = True
    show_values: bool = False
    mine: bool | None = None
    """Also remove what ``leak mine`` finds riding with each item's label (``correlated.mined``); None: by the
    rule ``leak scan`` uses (:func:`mine_for`)."""
    derive_from: Sequence[str] = ()
    """Fields the task is derived from: not mined (see :class:`ScanRequest`)."""
    agreement: bool | None = None
    """Also cut the places the dataset's agreement evidence makes leaks (see :class:`ScanRequest`); None: by the
    rule ``leak scan`` uses."""
    learned: bool | None = None
    """Also cut what the learned decision over whole-token hits flags (see :class:`ScanRequest`), and rescan with
    it; None: its default, as ``leak scan`` decides."""


def sanitize_flow(req: SanitizeRequest, listener: Listener = SILENT) -> LeakOutcome:
    """Write the sanitized dataset and rescan it; failed when an item still leaks.

    The ``-o`` suffix decides the format: ``.jsonl`` / ``.ndjson`` JSON Lines, ``.json`` one JSON document
    (a JSON dataset's own container: an array, the ``{"items": [...]}`` object with its other keys, one
    object; a JSONL dataset's records as an array); another suffix keeps the dataset's format.

    With the dataset evidence on (mining ran), the sanitized output is then read by the ``blind`` agent: where it
    still passes above chance, what it reads the label off is cut on every item holding it and the dataset is
    sanitized again (:mod:`~windtunnel.leakage.shortcuts`), for at most ``MAX_ROUNDS`` more passes.
    """
    if req.mode not in ("sentence", "span"):
        raise UsageError(f"unknown --mode {req.mode!r}", hint="valid: sentence, span")
    refuse_overwrite(
        [("-o", req.output), ("--stats", req.stats)],
        [
            ("DATASET", req.dataset),
            ("--correlated-map", req.fields.correlated_map if isinstance(req.fields.correlated_map, Path) else None),
        ],
    )
    fmap = req.fields.field_map()
    check_field_options(req.dataset, fmap, req.derive_from, listener)
    labels = dataset_labels(req.dataset, fmap) if not fmap.label_set else list(fmap.label_set)
    mined, extra, mined_result = mine_for(req.dataset, fmap, req.derive_from, req.mine, listener)
    if extra and req.dataset.is_file():
        extra = cut_once(extra, (m.item for m in items(req.dataset, fmap)))
    agreed, agreement = agreement_for(req.dataset, fmap, req.agreement, req.decode, req.derive_from, listener)
    alike = held_alike(m.item for m in items(req.dataset, fmap)) if req.dataset.is_file() else None
    copies = (
        input_copies((m.item for m in items(req.dataset, fmap)), req.derive_from)
        if req.dataset.is_file() and mined is not None
        else {}
    )
    prepared = _Prepared(fmap, labels, mined, extra, mined_result, agreed, agreement, alike, copies)
    if mined_result is None or not req.dataset.is_file():
        return _sanitize_pass(req, listener, prepared, {}, listener)
    cut: dict[str, list[Finding]] = {}
    rounds: list[Shortcuts] = []
    left: Shortcuts | None = None
    inferred: list[str] = [] if req.derive_from else list(mined_result.inputs)  # mining read these as the input
    told = {(e.suggestion.pointer, e.suggestion.value) for e in mined_result.explained}  # riders the input tells
    told_words = {value.casefold() for _pointer, value in told}  # … as the blind agent reads a word: anywhere
    while True:
        held: list[Event] = []

        def hold(event: Event, held: list[Event] = held) -> None:
            """Keep a pass's event: told only if that pass is the last."""
            held.append(event)

        outcome = _sanitize_pass(req, hold, prepared, cut, listener)
        if outcome.status == "interrupted":
            break
        try:
            left = blind_shortcuts([m.item for m in items(req.output, fmap)], derive_from=req.derive_from)
            if left is None or not left.above_chance or len(rounds) >= MAX_ROUNDS:
                break
            features = {f for r in rounds for f in r.features} | set(left.features)
            # a rider mining found the input already tells (its records sit where the input says the label) is no
            # shortcut to cut, whoever reads it: cutting it rewrites clean records for what the input says anyway
            features = {f for f in features if (f[1], f[2]) not in told and not (f[1] == "" and f[2] in told_words)}
            more = {}
            for m in items(req.dataset, fmap):
                found = shortcut_findings(m.item, features, derive_from=req.derive_from, inputs=inferred)
                if found:
                    more[m.item.id] = found
        except (UsageError, DatasetError, ValueError, RecursionError) as err:  # the output as written stands
            hold(Notice(f"the blind baseline could not read the sanitized output ({err}): not consulted", kind="alert"))
            left = None
            break
        if more == cut:  # nothing new the sanitizer may cut: what is left sits where it does not cut
            break
        cut = more
        rounds.append(left)
    for event in held:
        listener(event)
    if rounds or (left is not None and (left.above_chance or left.graded)):
        outcome.summary["blind_shortcuts"] = _shortcuts_summary(rounds, left, cut, listener)
    return outcome


@dataclass
class _Prepared:
    """What ``leak sanitize`` reads once before its passes: the field mapping, the labels and the dataset evidence."""

    fmap: FieldMap
    labels: list[str]
    mined: dict[str, Any] | None
    extra: dict[str, list[Any]]
    mined_result: MineResult | None
    agreed: Any
    agreement: Agreement | None
    alike: AlikeValues | None = None
    """The values the items of every label hold alike (:func:`~windtunnel.leakage.sanitize.held_alike`): not cut."""
    copies: dict[str, str] = field(default_factory=dict)
    """The fields outside ``--derive-from`` that copy a field of it, each with that field
    (:func:`~windtunnel.leakage.input_copies.input_copies`): where an item's value there is its copy of the input, mined
    evidence cuts nothing; elsewhere in the field it does."""


_LEFT_FIELDS_SHOWN = 4
"""The fields the alert on what the blind baseline still reads after sanitizing names (the rest are counted)."""


def _shortcuts_summary(
    rounds: Sequence[Shortcuts], left: Shortcuts | None, cut: Mapping[str, list[Finding]], listener: Listener
) -> dict[str, Any]:
    """The summary of the blind agent's rounds (``blind_shortcuts``), and a notice of what they cut and what the agent
    still reads (``left``: its verdict after the last pass, when still above chance)."""
    fields = sorted(
        {"/".join("*" if t.isdigit() else t for t in f.pointer.split("/")) or "/" for fs in cut.values() for f in fs}
    )
    if rounds:
        listener(
            Notice(
                f"the blind baseline still read the label off the sanitized data ({rounds[0].describe()}): cut on "
                f"every item holding it, {len(cut)} item(s), in {len(rounds)} more pass(es): "
                + ", ".join(fields[:_KEPT_SHOWN])
                + (f" and {len(fields) - _KEPT_SHOWN} more" if len(fields) > _KEPT_SHOWN else "")
            )
        )
    if left is not None and left.graded:
        graded = sorted(left.graded)
        rate, p = left.with_graded or (left.pass_rate, left.p_value)
        only = left.only_through_graded
        listener(
            Notice(
                "after sanitizing, the blind baseline leaves out fields whose values only make a label likelier "
                "(pure at the extremes, mixed in the middle; or leaning to a label yet often another): "
                + ", ".join(graded[:_LEFT_FIELDS_SHOWN])
                + (f" and {len(graded) - _LEFT_FIELDS_SHOWN} more" if len(graded) > _LEFT_FIELDS_SHOWN else "")
                + f"; reading them it passes {rate:.2f} vs {left.chance:.2f} (p = {p:.2g})"
                + (" — above chance only through them" if only else "")
                + ". Another measurement or a prior state of the subject is input-side evidence, not the answer: "
                "reported for review, not cut (docs/leakage.md, principle 7). If they are set with or after the "
                "answer, name their values with --correlated-map (then they are cut), or the input with --derive-from",
                kind="alert" if only else "note",
            )
        )
    if left is not None and left.above_chance and left.features:
        read = left.fields()
        named = ", ".join(read[:_LEFT_FIELDS_SHOWN]) + (
            f" and {len(read) - _LEFT_FIELDS_SHOWN} more" if len(read) > _LEFT_FIELDS_SHOWN else ""
        )
        listener(
            Notice(
                f"after sanitizing, the {left.verdict()}: it still reads the label off {len(left.features)} "
                f"feature(s) the sanitizer does not cut"
                + (f" (in {named})" if named else "")
                + ", values of fields read as the task's input (named by --derive-from, or so read by mining) or of "
                "prose no --derive-from field locates. If they are the task's input, the label follows from them "
                "as it should: name them with --derive-from and the baseline leaves them out. If they are not, run "
                "leak baseline --simulate blind on the output to see which decide, and sanitize again with "
                "--derive-from naming the input only: the rest is then cut",
                kind="alert",
            )
        )
    return {
        "rounds": len(rounds),
        "features": sum(len(r.features) for r in rounds),
        "items_cut": len(cut),
        "fields": fields,
        "graded": sorted(left.graded) if left is not None else [],
        "with_graded": None
        if left is None or left.with_graded is None
        else {"pass_rate": left.with_graded[0], "p_value": left.with_graded[1]},
        "after": None
        if left is None
        else {"pass_rate": left.pass_rate, "chance": left.chance, "p_value": left.p_value},
    }


def _sanitize_pass(
    req: SanitizeRequest,
    listener: Listener,
    prepared: _Prepared,
    shortcut: Mapping[str, list[Finding]],
    progress: Listener = SILENT,
) -> LeakOutcome:
    """One pass of ``leak sanitize`` over the dataset (:func:`sanitize_flow`), with ``shortcut`` (by item id) the
    blind agent's features to cut as well; each read of the file is shown to ``progress`` as it goes (``listener``
    may hold a pass's events until it is known to be the last)."""
    fmap, labels, mined, extra, mined_result = (
        prepared.fmap,
        prepared.labels,
        prepared.mined,
        prepared.extra,
        prepared.mined_result,
    )
    agreed, agreement = prepared.agreed, prepared.agreement
    rides = riding_places(extra)
    acted = {i: [*extra.get(i, ()), *shortcut.get(i, ())] for i in {*extra, *shortcut}}
    mined_uniform = (
        uniform_fields(
            [
                (m.item, not_alike(m.item, at_riding_places(m.item, acted[m.item.id], rides), prepared.alike)[0])
                for m in items(req.dataset, fmap)
                if m.item.id in acted
            ],
            labels=labels,
            redact_review=req.redact_review,
            decode=req.decode,
            population=(m.item for m in items(req.dataset, fmap)),
            derive_from=req.derive_from,
        )
        if acted
        else []
    )
    # A field the edits leave blank on some labels' items only would tell the answer by elimination: then
    # the dataset is sanitized once more with that field blanked on every item (a file can be read twice).
    final = listener
    redone: list[str] = []
    cut_everywhere: dict[str, list[str]] = {}
    """Sentences cut on every item in the second pass (cut on one label's items only, they would eliminate)."""
    recut: list[str] = []
    uniform: list[str] = []
    """Fields the first pass's edits blanked on some labels' items only (:class:`EliminationWatch`): the second
    pass blanks them on every item that fills them."""
    uniform_at: dict[str, set[str]] = {}
    """Per item id, the places the second pass blanks instead of a whole field of ``uniform`` (:func:`twin_places`)."""
    blanked_first: dict[str, list[str]] = {}
    """Per item id, the places the first pass blanked."""
    twinned: list[str] = []
    for attempt in (0, 1, 2):
        held: list[Event] = []

        def hold(event: Event, held: list[Event] = held) -> None:
            """Keep the first pass's event: told only if that pass is the last."""
            held.append(event)

        last = attempt == 2 or (attempt == 1 and not twinned) or not req.dataset.is_file()
        listener = final if last else hold
        n = leaked = residual_items = chars = promoted = edited = edited_clean = 0
        kept: dict[str, int] = {}
        """Items whose mined evidence sits in a --derive-from field, kept there: by the field (as shown)."""
        copied: dict[str, int] = {}
        """Items whose mined evidence sits at a place holding the item's copy of its input, kept there: by place."""
        reasons: dict[str, int] = {}
        """How many places each reason (:data:`~windtunnel.leakage.sanitize.LEFT_BECAUSE`) left leaking."""
        failed: list[str] = []
        interrupted = False
        watch = EliminationWatch(labels=labels)
        dups = _Duplicates()
        alerts = _SameAlerts()
        document: list[Any] | None = None
        """The sanitized records when the output is one JSON document, written at the end."""
        riding = StillRiding(mined_result.min_purity) if mined_result is not None else None
        """Who holds each mined candidate in the sanitized items: an item's mined residual waits for the pass's end."""
        rows: list[Any] = []
        """Stats rows (bytes, or an item's result whose mined residual waits) from the first waiting item on."""
        suffix = req.output.suffix.lower()
        as_lines = True if suffix in (".jsonl", ".ndjson") else (False if suffix == ".json" else None)
        from_json = False
        with report_file(req.output) as out, report_file(req.stats) as st:
            assert out.handle is not None
            try:
                label = "items (sanitized)" if attempt == 0 else f"items (sanitized, pass {attempt + 1})"
                for mapped in paced(items(req.dataset, fmap), progress, req.dataset, label):
                    dups.add(mapped.item.id, mapped.item.line)
                    if n == 0:
                        from_json = mapped.record.raw is None
                        if not (as_lines if as_lines is not None else not from_json):
                            document = []
                    try:
                        agreed_here = agreed_extra(agreement, mapped.item, req.decode)
                        res = sanitize_item(
                            mapped.item,
                            mode="span" if req.mode == "span" else "sentence",
                            redact_review=req.redact_review,
                            decode=req.decode,
                            labels=labels,
                            extra=[
                                *at_riding_places(mapped.item, extra.get(mapped.item.id, ()), rides),
                                *shortcut.get(mapped.item.id, ()),
                                *agreed_here,
                            ],
                            uniform=[*uniform, *uniform_at.get(mapped.item.id, ())],
                            learned=req.learned,
                            uniform_cuts=cut_everywhere,
                            agreement=agreement,
                            mined_uniform=mined_uniform,
                            derive_from=req.derive_from,
                            copies=prepared.copies,
                            alike=prepared.alike,
                        )
                        if mined_result is not None and req.derive_from:
                            for _, inside in mined_in_derive_from([mapped.item], mined_result, req.derive_from):
                                res.kept.extend(inside)
                        waits = (
                            riding is not None
                            and mined_result is not None
                            and bool(_mined_left(res, mined_result, req.derive_from, prepared.copies, rides, riding))
                        )
                    except Exception as err:  # one record that cannot be sanitized costs that record only
                        failed.append(mapped.item.id)
                        # A dataset error names the item and the fix; another error's text may hold a value.
                        reason = str(err) if isinstance(err, ValueError) else f"{type(err).__name__} in the sanitizer"
                        listener(
                            Notice(
                                f"item {mapped.item.id}: not sanitized ({reason}); written unchanged, counted as "
                                "still leaking",
                                kind="alert",
                            )
                        )
                        _write_record(out.handle, mapped, mapped.record.data, document, raw=True)
                        if st.handle is not None:
                            st.handle.write(orjson.dumps({"id": mapped.item.id, "error": reason}) + b"\n")
                        n += 1
                        residual_items += 1
                        continue
                    if res.changed:
                        _write_record(out.handle, mapped, write_back(mapped, res.item.projection), document, raw=False)
                        if attempt == 0:
                            blanked_first[mapped.item.id] = blanked_places(mapped.item.projection, res.item.projection)
                    else:  # a record with nothing to redact keeps its bytes
                        _write_record(out.handle, mapped, mapped.record.data, document, raw=True)
                    secrets = tuple(mapped.item.expected)
                    watch.add(
                        mapped.item.projection,
                        res.item.projection,
                        secrets,
                        masked(mapped.item.projection, secrets, req.show_values),
                    )
                    n += 1
                    leaked_here = (
                        res.before.leaked
                        or any(f.blocking for f in extra.get(mapped.item.id, ()))
                        or any(f not in res.kept for f in agreed_here)  # one kept in the task's input is its signal
                    )
                    leaked += leaked_here
                    edited += res.changed
                    edited_clean += res.changed and not leaked_here
                    promoted += len(agreed_here)
                    chars += sum(r.chars_removed for r in res.redactions)
                    for place in res.kept_places(show_values=req.show_values):
                        kept[place] = kept.get(place, 0) + 1
                    for place in res.copied_places(show_values=req.show_values):
                        copied[place] = copied.get(place, 0) + 1
                    if waits:
                        rows.append(res)
                    else:
                        residual_items += _told_left(res, listener, alerts, reasons, req.show_values)
                        stats_row = orjson.dumps(res.stats(show_values=req.show_values)) + b"\n"
                        if rows:
                            rows.append(stats_row)
                        elif st.handle is not None:
                            st.handle.write(stats_row)
            except KeyboardInterrupt:
                interrupted = True
            for row in rows:  # the waiting items' mined residuals, judged by who holds each candidate after sanitizing
                if not isinstance(row, bytes):
                    assert riding is not None and mined_result is not None
                    row.residual.extend(
                        _mined_left(row, mined_result, req.derive_from, prepared.copies, rides, keep=riding.rides)
                    )
                    residual_items += _told_left(row, listener, alerts, reasons, req.show_values)
                    row = orjson.dumps(row.stats(show_values=req.show_values)) + b"\n"
                if st.handle is not None:
                    st.handle.write(row)
            if n == 0 and not interrupted:
                raise UsageError(f"{req.dataset} holds no items")
            if document is not None:
                whole = _same_container(req.dataset, document) if from_json else document
                out.handle.write(orjson.dumps(whole, option=orjson.OPT_INDENT_2) + b"\n")
        alerts.close(listener, stats=req.stats is not None)
        redo = [t for t in watch.templates() if t not in uniform]
        more_cuts = watch.unit_cuts()
        if attempt == 0 and (redo or more_cuts) and not interrupted and req.dataset.is_file():
            twins = twin_places(
                (m.item for m in items(req.dataset, fmap)),
                blanked_first,
                [t for t in watch.blank_templates() if t in redo],
                labels,
                decode=req.decode,
            )
            for places in twins.values():
                for item_id, pointer in places:
                    uniform_at.setdefault(item_id, set()).add(pointer)
            twinned = sorted(watch.shown_field(t) for t in twins)
            redo = [t for t in redo if t not in twins]
            if redo:
                uniform, redone = [*uniform, *redo], sorted(set(watch.fields()) - set(twinned))
            cut_everywhere = more_cuts
            recut = sorted({watch.shown.get(p, p) or "/" for p in more_cuts})
            continue
        again = [t for t in watch.templates() if t not in uniform] if attempt == 1 and twinned else []
        if again and not interrupted:  # the blanks at the twins still tell a label (too few items): the whole field
            uniform = [*uniform, *again]
            shown_again = set(watch.fields())
            twinned = [t for t in twinned if t not in shown_again]
            redone = sorted(set(redone) | shown_again)
            continue
        for event in held:
            final(event)
        listener = final
        break
    redone = [t for t in redone if t not in set(watch.fields())]  # one still eliminating was not: its alert says so
    if redone:
        listener(Notice(f"blanked on every item, so that an empty value tells nothing: {', '.join(redone)}"))
    if twinned:
        listener(
            Notice(
                "blanked on every item where the scan reads it as any label, so that an empty value tells nothing: "
                + ", ".join(twinned)
            )
        )
    if recut:
        cut_n = sum(len(v) for v in cut_everywhere.values())
        listener(
            Notice(
                f"{cut_n} sentence(s) naming a label cut on every item that holds them, so that a kept one rules "
                f"no label out: {', '.join(recut)}"
            )
        )
    if kept:
        listener(
            Notice(
                "mined evidence left uncut in the task's input (--derive-from), never cut on mined evidence: "
                + ", ".join(f"{at} ({c} item(s))" for at, c in sorted(kept.items())[:_KEPT_SHOWN])
                + (f" and {len(kept) - _KEPT_SHOWN} more (--stats)" if len(kept) > _KEPT_SHOWN else "")
            )
        )
    if copied:
        listener(
            Notice(
                "mined evidence left uncut where the item's value copies its own input (a field outside "
                "--derive-from holding the same value as a field of it on nearly every item): "
                + ", ".join(f"{at} ({c} item(s))" for at, c in sorted(copied.items())[:_KEPT_SHOWN])
                + (f" and {len(copied) - _KEPT_SHOWN} more (--stats)" if len(copied) > _KEPT_SHOWN else "")
            )
        )
    dups.tell(listener, req.fields.id_field)
    for text in watch.warnings():
        listener(Notice(text, kind="alert"))
    eliminated = watch.fields()
    if agreement is not None:
        agreed = {**agreement.summary(), "promoted": promoted}
    summary = {
        "items": n,
        "leaked_before": leaked,
        "edited": edited,
        "edited_not_leaked": edited_clean,
        "chars_removed": chars,
        "still_leaking": residual_items,
        "left_because": dict(sorted(reasons.items())),
        "eliminated": eliminated,
        "not_sanitized": failed,
        **({"kept_in_derive_from": dict(sorted(kept.items()))} if kept else {}),
        **({"kept_as_input_copy": dict(sorted(copied.items()))} if copied else {}),
        "learned": learned_on(req.learned),
        **({"mined": mined} if mined is not None else {}),
        **(
            {"agreement": agreed if agreement is None else {**agreement.summary(), "promoted": promoted}}
            if agreed
            else {}
        ),
    }
    status: Literal["passed", "failed", "interrupted"] = (
        "interrupted" if interrupted else ("failed" if residual_items or eliminated else "passed")
    )
    return LeakOutcome(status=status, summary=summary, report_path=req.output)


_KEPT_SHOWN = 8
"""The places the note on mined evidence kept in --derive-from fields names (the rest are in --stats)."""


def _still_leaks(res: SanitizeResult, show_values: bool) -> str:
    """Why an item the rescan still finds leaking does: each place and rule, why the sanitizer left it, and what the
    user can do (the reasons are the sanitizer's own, :meth:`SanitizeResult.left`)."""
    return "; and ".join(left.sentence(show_values=show_values) for left in res.left())


def _leak_way(res: SanitizeResult) -> str:
    """How an item still leaks without where: each rule, why the sanitizer left it and the fix, once each. Items that
    leak the same way at places differing only by the value (an object key that is each record's label) share it."""
    ways: dict[str, None] = {}
    for left in res.left():
        row = left.to_dict()
        ways[f"({row['rule']}): {row['why']}; to fix: {row['fix']}"] = None
    return "; and ".join(ways)


_SAME_SHOWN = 3
"""Items named one by one for one way of still leaking (rules and reasons, whatever the places); the others are
counted in one line."""


class _SameAlerts:
    """The "still leaks after sanitizing" alerts of one pass. The places and reasons of a dataset repeat (an instruction
    every record carries, one field the sanitizer cannot edit): each is told for its first few items, and the items
    after them in one line at the end, so that a held-alike instruction on 10,000 records is not 10,000 lines."""

    def __init__(self) -> None:
        self.ids: dict[str, list[str]] = {}

    def tell(self, listener: Listener, item: str, why: str, way: str) -> None:
        """Tell the item's alert (``why``: its places and reasons), unless ``_SAME_SHOWN`` items were already told
        leaking the same ``way`` (:func:`_leak_way`: the same rules and reasons, at any places)."""
        ids = self.ids.setdefault(way, [])
        ids.append(item)
        if len(ids) <= _SAME_SHOWN:
            listener(Notice(f"item {item}: still leaks after sanitizing {why}", kind="alert"))

    def close(self, listener: Listener, *, stats: bool) -> None:
        """One line per place and reason for the items not told one by one."""
        for way, ids in self.ids.items():
            rest = ids[_SAME_SHOWN:]
            if rest:
                named = ", ".join(rest[:5]) + (", ..." if len(rest) > 5 else "")
                where = "; --stats names each item's places" if stats else ""
                listener(
                    Notice(
                        f"{len(rest)} more item(s) still leak after sanitizing the same way ({named}{where}): {way}",
                        kind="alert",
                    )
                )


def _mined_left(
    res: Any,
    result: Any,
    derive_from: Sequence[str],
    copies: Mapping[str, str] | None = None,
    rides: Mapping[str, Counter[str]] | None = None,
    riding: StillRiding | None = None,
    *,
    keep: Callable[[tuple[str, str, str], str], bool] | None = None,
) -> list[Finding]:
    """The leaks the mined candidates still find in the sanitized item (a mined word of the task's input, for review,
    is not one: the sanitizer leaves the input as it is; nor is one at a place holding the item's copy of its input,
    :func:`~windtunnel.leakage.input_copies.copied_places`, which the sanitizer keeps too; nor a word left at a place
    where it rides with nothing, :func:`~windtunnel.leakage.sanitize.incidental`). ``riding`` counts who holds each
    candidate; ``keep`` (its :meth:`~windtunnel.leakage.still_riding.StillRiding.rides`, once every item is counted)
    drops a candidate the sanitized items no longer hold mostly with this item's label (a count blanked to ``0`` on
    other labels' items makes this item's real ``0`` common to all)."""
    copied = copied_places(res.item, copies) if copies and derive_from else frozenset()
    seen = riding.seen if riding is not None else None
    return [
        f
        for _, left in mined_findings([res.item], result, derive_from=derive_from, seen=seen, keep=keep)
        for f in left
        if f.blocking and not on_copy(f, copied) and not (rides and incidental(f, rides))
    ]


def _told_left(res: Any, listener: Listener, alerts: _SameAlerts, reasons: dict[str, int], show_values: bool) -> int:
    """Tell that the sanitized item ``res`` still leaks, if it does, and count each reason it was left for; 1 if it
    still leaks."""
    if res.ok:
        return 0
    alerts.tell(listener, res.item.id, _still_leaks(res, show_values), _leak_way(res))
    for left in res.left():
        reasons[left.reason] = reasons.get(left.reason, 0) + 1
    return 1


def _write_record(handle: IO[bytes], mapped: MappedItem, record: Any, document: list[Any] | None, *, raw: bool) -> None:
    """One output record: into the JSON document, else a JSONL line (an unchanged line as it was read).

    With ``raw``, a record the sanitizer left untouched is written as its original bytes, so an unchanged
    record of a JSONL file is byte for byte the line read (key order, spacing and number formatting kept),
    and a diff of input and output shows only the records that changed. An edited record ends as the line it
    replaces did, so a file saved with Windows line endings does not come back with both. A JSON document's
    records are gathered and written whole at the end.
    """
    if document is not None:
        document.append(record)
    elif raw and mapped.record.raw is not None:
        line = mapped.record.raw
        handle.write(line if line.endswith(b"\n") else line + b"\n")
    else:
        was = mapped.record.raw
        handle.write(orjson.dumps(record) + (b"\r\n" if was is not None and was.endswith(b"\r\n") else b"\n"))


def dataset_labels(path: Path, fmap: FieldMap) -> list[str]:
    """The distinct answers of a dataset file, in first-seen order (a pre-pass; nothing for a pipe).

    Used as the label set when none was given. Only each item's first answer counts. More than 1000 distinct
    answers means free-form answers, not a label set, so the list is empty and the label principles do not
    apply. A dataset that fails to read stops the pre-pass quietly with what it saw: the scan proper
    reports the bad record with its line. A pipe cannot be read twice, so it gets no labels.
    """
    if not path.is_file():
        return []
    seen: dict[str, None] = {}
    with contextlib.suppress(UsageError):
        for m in items(path, fmap):
            seen.update(dict.fromkeys(m.item.expected[:1]))
            if len(seen) > 1000:  # not a label set: free-form answers
                return []
    return list(seen)


def _same_container(path: Path, records: list[Any]) -> Any:
    """``records`` in the container the JSON dataset at ``path`` holds its items in.

    The sanitized dataset is written in the input's shape, so tools that read the original read the copy:
    an ``{"items": [...]}`` document keeps its other members, a single object stays a single object, and
    anything else is a list. A file that cannot be read again or parsed (or whose item count no longer
    matches) falls back to a plain list; a UTF-8 byte order mark is skipped.
    """
    doc: Any = None
    if path.is_file():
        with contextlib.suppress(OSError, orjson.JSONDecodeError):
            raw = path.read_bytes()
            doc = orjson.loads(raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw)
    if isinstance(doc, dict) and isinstance(doc.get("items"), list) and len(doc["items"]) == len(records):
        return {**doc, "items": records}
    if isinstance(doc, dict) and len(records) == 1:
        return records[0]
    return records


def _unique_id(path: Path, item_id: str, line: int | None, seen: dict[str, int | None], id_field: str) -> None:
    """Items are matched by id across the two datasets, so a repeated id would silently merge items.

    ``seen`` maps each id met so far to its line; the first repeat stops the comparison with a usage error
    naming both lines and the field the ids come from, and the hint says how to pick another field.
    """
    if item_id in seen:
        raise UsageError(
            f"{path}: duplicate item id {item_id!r} at lines {seen[item_id]} and {line}",
            hint=f"every item needs a unique id (field {id_field!r}; --id-field picks another field)",
        )
    seen[item_id] = line


def _edits(raw: Path, sanitized: Path, fmap: FieldMap, show_values: bool) -> EliminationWatch:
    """The sanitizer's edits read back from the two files, paired by id: a field blanked only where it held
    one label's values, or one value edited on one label's items and kept on another's, tells the answer by
    elimination (:mod:`windtunnel.leakage.edit_watch`). Nothing is paired when either is not a regular file."""
    if not (raw.is_file() and sanitized.is_file()):
        return EliminationWatch()
    watch = EliminationWatch(labels=list(fmap.label_set) if fmap.label_set else dataset_labels(raw, fmap))
    originals = {m.item.id: m.item for m in items(raw, fmap)}
    for m in items(sanitized, fmap):
        it = originals.pop(m.item.id, None)
        if it is not None:
            secrets = tuple(it.expected)
            watch.add(it.projection, m.item.projection, secrets, masked(it.projection, secrets, show_values))
    return watch


_EXPLAINED = 200
"""Sanitized items that still leak whose places ``leak check`` explains (each is sanitized once more to read why)."""


def _why_left(
    sanitized: Path,
    fmap: FieldMap,
    blocking: Mapping[str, list[Finding]],
    raw: Path,
    decode: bool,
    extra: Mapping[str, list[Any]],
    agreement: Agreement | None,
    learned: bool | None,
    show_values: bool,
    derive_from: Sequence[str] = (),
) -> dict[str, list[dict[str, str]]]:
    """For each sanitized item in ``blocking`` (its id: the leaks the check found in it), one row per place and rule:
    why the sanitizer leaves it and what to do (:func:`~windtunnel.leakage.sanitize.why_left`, the sanitizer's own
    reasons, as ``leak sanitize`` prints them). Nothing when the file cannot be read again (a pipe)."""
    if not blocking or not sanitized.is_file():
        return {}
    labels = list(fmap.label_set) if fmap.label_set else dataset_labels(raw, fmap)
    out: dict[str, list[dict[str, str]]] = {}
    for m in items(sanitized, fmap):
        found = blocking.get(m.item.id)
        if found is None or m.item.id in out:
            continue
        more = [*extra.get(m.item.id, ()), *agreed_extra(agreement, m.item, decode)]
        rows = why_left(
            m.item,
            found,
            decode=decode,
            labels=labels,
            extra=more,
            learned=learned,
            agreement=agreement,
            derive_from=derive_from,
        )
        out[m.item.id] = [x.to_dict(show_values=show_values) for x in rows]
    return out


def check_flow(
    raw: Path,
    sanitized: Path,
    *,
    fields: Fields | None = None,
    decode: bool = True,
    jobs: int | None = None,
    show_values: bool = False,
    executor: str | None = None,
    ray_address: str | None = None,
    mine: bool | None = None,
    derive_from: Sequence[str] = (),
    agreement: bool | None = None,
    learned: bool | None = None,
    listener: Listener = SILENT,
) -> LeakOutcome:
    """The CI assertion: the raw projection leaks on every item, the sanitized one on none.

    ``summary``: ``raw_items``, ``raw_leaking``, ``sanitized_items``, ``not_leaking`` (raw ids that do
    not leak), ``still_leaking`` ({sanitized id: pointers}) and ``missing`` (ids in only one dataset: a sanitizer that
    lost items fails; two files sharing no id are not a raw file and its sanitized copy, a ``UsageError``).
    The raw dataset is mined by the rule of ``leak scan`` (:func:`mine_for`; ``mine`` True / False forces it
    either way) and its mined findings count on both sides (the sanitized items are searched for the
    candidates mined from the raw ones); ``summary["mined"]`` says how. The raw dataset's agreement evidence
    (:func:`agreement_for`, ``agreement`` as ``--agreement``) adjusts the audits of both sides: the sanitized
    items' mentions are judged by the raw dataset's slots; ``summary["agreement"]`` says how. ``learned`` adds the
    learned decision to the audits of both sides, as ``leak scan --learned`` does (``None``: its default).
    ``listener`` hears the alerts of the options (:func:`check_field_options`).
    """
    fields = fields or Fields()
    fmap = fields.field_map()
    check_field_options(raw, fmap, derive_from, listener)
    raw_leaks: dict[str, bool] = {}
    seen: dict[str, int | None] = {}
    found: _Audits
    extra_san: dict[str, list[Any]] = {}
    if mine:
        mine_decision(sanitized, True)  # it is read again for the mined values: a file, not a pipe
    mined, extra_raw, result = mine_for(raw, fmap, derive_from, mine)
    if result is not None and not sanitized.is_file():
        mined, extra_raw, result = {"skipped": f"{sanitized} is not a regular file: pass --mine with a file"}, {}, None
    if result is not None:
        extra_san = dict(mined_findings((m.item for m in items(sanitized, fmap)), result, derive_from=derive_from))
    agreed, agreement_raw = agreement_for(raw, fmap, agreement, decode, derive_from)
    raw_audits = _with_mined(audits(raw, fmap, decode, jobs, executor, ray_address, learned), extra_raw)
    if agreement_raw is not None:
        raw_audits = _with_agreement(raw_audits, agreement_raw)
    with closing(raw_audits) as found:
        for audit in found:
            _unique_id(raw, audit.item, audit.line, seen, fields.id_field)
            raw_leaks[audit.item] = audit.leaked
    san: dict[str, list[str]] = {}
    blocking: dict[str, list[Finding]] = {}
    seen = {}
    san_audits = _with_mined(audits(sanitized, fmap, decode, jobs, executor, ray_address, learned), extra_san)
    applied: Agreement | None = None
    if agreement_raw is not None and sanitized.is_file():
        applied = agreement_raw.applied_to(m.item for m in items(sanitized, fmap))
        san_audits = _with_agreement(san_audits, applied)
    with closing(san_audits) as found:
        for audit in found:
            _unique_id(sanitized, audit.item, audit.line, seen, fields.id_field)
            blocked = [f for f in audit.findings if f.blocking]
            san[audit.item] = sorted({audit.pointer_of(f, show_values) or "/" for f in blocked})
            if blocked and len(blocking) < _EXPLAINED:
                blocking[audit.item] = blocked
    if not raw_leaks or not san:
        empty = " and ".join(
            f"{flag} {p}" for flag, p, n in (("--raw", raw, raw_leaks), ("--sanitized", sanitized, san)) if not n
        )
        raise UsageError(f"{empty} holds no items; an empty check proves nothing", hint="both datasets must hold items")
    if not set(raw_leaks) & set(san):
        raise UsageError(
            f"the two files hold different items: no item id of --raw {raw} is in --sanitized {sanitized} "
            f"(e.g. {', '.join(sorted(raw_leaks)[:3])} against {', '.join(sorted(san)[:3])})",
            hint=f"pass the file 'windtunnel leak sanitize {raw} -o OUT' wrote as --sanitized",
        )
    not_leaking = [i for i, v in raw_leaks.items() if not v]
    still = {i: p for i, p in san.items() if p}
    left = _why_left(sanitized, fmap, blocking, raw, decode, extra_san, applied, learned, show_values, derive_from)
    missing = sorted(set(raw_leaks) ^ set(san))
    watch = _edits(raw, sanitized, fmap, show_values)
    summary = {
        "raw_items": len(raw_leaks),
        "raw_leaking": sum(raw_leaks.values()),
        "sanitized_items": len(san),
        "not_leaking": not_leaking,
        "still_leaking": still,
        "still_leaking_left": left,
        "missing": missing,
        "eliminated": watch.fields(),
        "elimination_warnings": watch.warnings(),
        "learned": learned_on(learned),
        **({"mined": mined} if mined is not None else {}),
        **({"agreement": agreement_raw.summary() if agreement_raw is not None else agreed} if agreed else {}),
    }
    ok = not not_leaking and not still and not missing and not summary["eliminated"]
    return LeakOutcome(status="passed" if ok else "failed", summary=summary)
