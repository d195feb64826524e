"""Dataset evidence: mining what predicts the label, and blind baselines (results files or simulated).

The per-item scan finds the channels a rule names; this use-case layer runs the dataset-level checks
beside it (:mod:`windtunnel.leakage.mine`, :mod:`windtunnel.leakage.baseline`,
:mod:`windtunnel.leakage.simulate`) and turns their errors into usage errors that name the fix.

Why dataset evidence beside the scan: a leak no rule names still shows in the data. If a model that is *blind* to
the task (it sees only what leaks, or nothing at all) scores above chance, the dataset carries the answer
somewhere — whatever the channel. :func:`baseline_flow` tests that with real statistics: a one-sided test against
the chance rate (``--chance``, ``--labels`` or a chance model over the labels), at ``alpha``, with the power to see
an ``excess`` over chance reported beside the verdict so that "no leak" on 30 items is not read as proof, and
optionally McNemar's exact test of raw against sanitized results item by item. :func:`mine_flow` finds the tokens
and fields whose values predict the label (a corrected significance test, so a large vocabulary does not produce
leaks by chance) and writes them as a correlated map the scan and the sanitizer use.

The verdicts are the use-cases' own: ``failed`` (exit 1) means evidence of a leak, ``passed`` means no significant
evidence at the stated power, never "no leak"; bad input (a results line that is neither a boolean nor a
prediction, a single-label dataset, no chance rate to compare with) is a usage error (exit 2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from windtunnel._util.errors import UsageError
from windtunnel._util.paths import refuse_overwrite
from windtunnel._util.suggest import did_you_mean
from windtunnel.flows.events import SILENT, Listener
from windtunnel.flows.leak import Fields, LeakOutcome, check_field_options, items
from windtunnel.leakage.baseline import (
    BaselineSummary,
    ResultError,
    SingleLabelError,
    blind_predictions,
    mcnemar_exact,
    pass_flags,
    summarize_blind_baseline,
)
from windtunnel.leakage.dataset import DatasetError, iter_records
from windtunnel.leakage.input_copies import input_copies
from windtunnel.leakage.mine import mark_reviewed, mine, result_map
from windtunnel.leakage.simulate import READS_DATA, SIMULATIONS, blind_with_drivers, copy_with_drivers, drivers_summary

RESULT_HINT = (
    'each line is true/false, {"id": ..., "passed": true|false} (also "true"/"false" or 1/0) '
    'or {"prediction": ..., "label": ...}; a dataset (items with "expected") is no results file: to test it without '
    "a model, simulate one on it: leak baseline --simulate copy|blind --dataset FILE"
)
"""The hint of a results file ``leak baseline`` cannot read: its formats, and the command a dataset given as results
(the commonest mix-up) meant."""


def load_results(path: Path) -> tuple[list[Any], list[int]]:
    """The results of ``path`` and the 1-based line (JSONL) or position (JSON array) of each, so an error in the
    baseline's input names where the bad record is. A file that is missing or not JSON/JSONL is a usage error."""

    try:
        recs = list(iter_records(path))
    except DatasetError as err:
        raise UsageError(str(err)) from None
    return [r.data for r in recs], [r.line for r in recs]


SINGLE_LABEL_HINT = "simulate on a dataset whose expected answers hold two labels or more"


@dataclass
class BaselineRequest:
    """The options of ``windtunnel leak baseline``: a results file, or a simulated blind agent.

    ``chance`` is the rate a blind guesser reaches (0–1; ``None``: from ``chance_model`` or ``n_labels``); ``alpha``
    the test's significance level; ``excess`` the margin over chance the power is computed for and ``power`` the
    power asked of it; ``paired`` a second results file (the sanitized run) compared item by item, paired
    ``by`` id or position (``auto``: by id when every record has one); with ``simulate``, the sanitized dataset, read
    by the same agent with the same options, and its answers paired with the raw dataset's."""

    results: Path | None = None
    chance: float | None = None
    chance_model: str = "auto"
    n_labels: int | None = None
    alpha: float = 0.01
    excess: float = 0.1
    power: float = 0.8
    paired: Path | None = None
    pair_by: str = "auto"
    simulate: str | None = None
    dataset: Path | None = None
    expected_field: str = "expected"
    seed: int = 0
    fields: Fields | None = None
    """Where the items' parts are for ``copy`` and ``blind`` (default: ``expected_field`` and the defaults)."""
    derive_from: Sequence[str] = ()
    """Fields the task is derived from, hidden from ``blind`` beside prose (``--derive-from``)."""
    folds: int = 5
    """Cross-validation folds of ``blind``."""
    decode: bool = True
    learned: bool | None = None
    """``copy`` reads the items as ``leak scan --learned`` does (the learned decision over whole-token hits; None:
    its default)."""
    show_values: bool = False
    """Show a deciding value of ``copy`` / ``blind`` that is a label in clear (hashed by default)."""


def baseline_flow(req: BaselineRequest, listener: Listener = SILENT) -> LeakOutcome:
    """Is a blind baseline above chance? failed (a leak) when significantly so; ``summary`` holds
    ``baseline`` (and ``paired``, the McNemar test of raw vs sanitized results). ``listener`` hears the alerts of
    the options (:func:`~windtunnel.flows.leak.check_field_options`)."""

    if req.pair_by not in ("auto", "id", "position"):
        raise UsageError(f"unknown --pair-by {req.pair_by!r}", hint="valid: auto, id, position")
    records: list[Any]
    lines: list[int] | None = None
    simulation: dict[str, Any] | None = None
    if req.simulate is not None:
        records, simulation = _simulate(req, blind_predictions, listener)
    elif req.results is not None:
        records, lines = load_results(req.results)
    else:
        raise UsageError("give a RESULTS file or --simulate NAME --dataset D", hint="NAME: " + ", ".join(SIMULATIONS))
    if req.chance_model not in ("auto", "uniform", "majority", "prior"):
        raise UsageError(f"unknown --chance-model {req.chance_model!r}", hint="valid: auto, uniform, majority, prior")
    try:
        summary = _summarize(req, records, lines)
    except ResultError as err:
        raise UsageError(f"{req.results}: {err}", hint=RESULT_HINT) from None
    except SingleLabelError as err:
        hint = SINGLE_LABEL_HINT if req.simulate else "give results over items of two labels or more"
        raise UsageError(str(err), hint=hint) from None
    except ValueError as err:
        empty = not records
        hint = (
            f"{req.results or req.dataset} holds no results: run the agent over the items and write one JSON line "
            "per item ({prediction, label} or {passed})"
            if empty
            else "pass --chance P or --labels N, or give {prediction, label} results"
        )
        raise UsageError(str(err), hint=hint) from None
    out: dict[str, Any] = {"baseline": summary.to_dict()}
    if simulation is not None:
        graded = simulation.pop("graded", None)
        if graded is not None:
            out["graded"] = _with_graded(req, summary, graded)
        out["simulation"] = simulation
        if req.simulate == "copy" and summary.verdict != "leak":
            simulation["reads_not"] = COPY_READS_NOT.format(dataset=req.dataset)
        if req.simulate == "blind" and not req.derive_from and summary.verdict == "leak":
            named = _input_hint(req, simulation)
            if named:
                out["hint"] = named
    if req.paired is not None and req.simulate is not None:
        # The same agent on the sanitized twin: its per-item answers pair with the raw ones by id, so the drop the
        # sanitizer made is tested item by item, as for a model's two runs.
        twin, _info = _simulate(dataclasses.replace(req, dataset=req.paired), blind_predictions)
        out["paired"] = _pair(
            (str(req.dataset), records, list(range(1, len(records) + 1))),
            (str(req.paired), twin, list(range(1, len(twin) + 1))),
            req.pair_by,
            req.alpha,
            mcnemar_exact,
        )
    elif req.paired is not None:
        if req.results is None:
            raise UsageError("--paired compares two results files: give RESULTS (the raw run) too")
        out["paired"] = _paired(req.results, req.paired, req.pair_by, req.alpha, mcnemar_exact)
    return LeakOutcome(status="failed" if summary.verdict == "leak" else "passed", summary=out, detail=summary)


def _summarize(req: BaselineRequest, records: Sequence[Any], lines: Sequence[int] | None = None) -> BaselineSummary:
    """:func:`summarize_blind_baseline` over ``records`` with the request's chance model, alpha, excess and power."""
    return summarize_blind_baseline(
        records,
        chance=req.chance,
        chance_model=req.chance_model,  # type: ignore[arg-type]
        n_labels=req.n_labels,
        alpha=req.alpha,
        excess=req.excess,
        target_power=req.power,
        lines=lines,
    )


def _graded_deciding(left_out: set[str], drivers: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The graded fields that decided answers of the agent's run reading them (its drivers at or under a graded
    field), most right answers first: the few that carry a verdict, not every field the shape test graded."""
    return [
        dict(d)
        for d in drivers["fields"]
        if d["correct"] and any(d["field"] == g or d["field"].startswith(g + "/") for g in left_out)
    ]


def _with_graded(req: BaselineRequest, without: Any, graded: Mapping[str, Any]) -> dict[str, Any]:
    """The blind agent's second run, reading the graded fields it left out (same folds and chance model): the fields,
    its pass rate, p-value and verdict with them, and a message when it is above chance only through them. The exit
    code stays the first run's (the fields look like input-side evidence, principle 7); this makes the ambiguity
    visible: by shape alone a noisy value set with the answer cannot be told from another measurement."""
    fields = list(graded["fields"])
    withs = _summarize(req, graded["records"])
    out: dict[str, Any] = {
        "fields": fields,
        "passes": withs.passes,
        "pass_rate": withs.pass_rate,
        "p_value": withs.p_value,
        "verdict": withs.verdict,
    }
    deciding = list(graded.get("deciding") or [])
    if deciding:
        out["deciding"] = deciding
    if withs.verdict == "leak" and without.verdict != "leak":
        named = [f"{d['field']} ({d['correct']} of {d['decided']} right)" for d in deciding] or fields
        out["message"] = (
            "above chance only through fields that look like input-side correlates: "
            + ", ".join(named)
            + f" (pass rate {withs.pass_rate:.3f}, p = {withs.p_value:.2g} with them). If they are set with or after "
            "the answer, name their values with --correlated-map (the agent then reads them, and the sanitizer cuts "
            "them); if they are the task's input, name them with --derive-from"
        )
    return out


def _input_hint(req: BaselineRequest, simulation: Mapping[str, Any]) -> str | None:
    """Without ``--derive-from``, the hint ``scan`` and ``mine`` give when the field that decided most of the blind
    agent's answers is one mining reads as the task's input (:attr:`~windtunnel.leakage.mine.MineResult.inputs`):
    short messages are not prose, so the agent reads them, and on a clean dataset the content then "leaks" (QA 24:
    p = 3.8e-09 on a clean twin, ``/message`` deciding 57 of 57, and no word of ``--derive-from``)."""
    decided = [f for f in (simulation.get("drivers") or {}).get("fields", []) if f.get("decided")]
    if not decided or req.dataset is None:
        return None
    top = max(decided, key=lambda f: f["decided"])["field"]
    fmap = (req.fields or Fields(req.expected_field)).field_map()
    inputs = mine(m.item for m in items(req.dataset, fmap) if m.item.expected).inputs
    if top not in inputs:
        return None
    name = top.lstrip("/").replace("/", ".") if "*" not in top else top
    return (
        f"{top} decided most answers and reads as the task's input (what the task is answered from): if it is, "
        f"name it with --derive-from {name} and the blind agent leaves it out, as scan and mine say"
    )


NOT_READING = (
    "never reads the projection: it scores the same on leaky and sanitized data (a reference row, not a leak "
    "test; --simulate copy or blind read the data)"
)


COPY_READS_NOT = (
    "copy answers only what the scan's own rules find in each record (and --correlated-map): a value riding with the "
    "label that only mining finds over the dataset is not read, so copy at chance does not clear it; "
    "--simulate blind reads such values, or pass the map 'windtunnel leak mine {dataset} -o map.json' writes as "
    "--correlated-map map.json"
)
"""Said when ``copy`` does not call the dataset leaking (QA-38 M2): copy is a per-record reader by design (mining in
sample would learn the labels it is tested on); what it leaves out, and how to read it."""


def _simulate(
    req: BaselineRequest, blind_predictions: Any, listener: Listener = SILENT
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``{id, prediction, label}`` records of a built-in blind agent on ``req.dataset``, and what it was.

    The agents differ in what they may read: ``copy`` answers with a label value it finds in what the model reads
    (the leak a rule would name), ``blind`` learns from the other items' non-prose fields with cross-validation
    (``folds``; the ``--derive-from`` fields hidden, and all prose when none is named), so a correlation no rule
    names still shows; the
    rest (majority, prior ...) never read the items and are reference rows, marked as such in the returned info.
    Items without an expected answer are left out; their labels are the first expected answer."""

    name = req.simulate or ""
    if name not in SIMULATIONS:
        raise UsageError(
            f"unknown --simulate {name!r}{did_you_mean(name, list(SIMULATIONS))}",
            hint="valid: " + ", ".join(f"{k} ({v})" for k, v in SIMULATIONS.items()),
        )
    if req.dataset is None:
        raise UsageError("--simulate needs --dataset (its expected answers are the labels)")
    fields = req.fields or Fields(req.expected_field)
    fmap = fields.field_map()
    check_field_options(req.dataset, fmap, req.derive_from, listener)
    found = [m.item for m in items(req.dataset, fmap) if m.item.expected]
    if not found:  # before any agent: each would fail on nothing in its own way (a fold count, an empty max)
        raise UsageError(f"{req.dataset} holds no items; a blind baseline over zero items proves nothing")
    labels = [it.expected[0] for it in found]
    info: dict[str, Any] = {"name": name, "what": SIMULATIONS[name], "reads_data": name in READS_DATA}
    if name == "copy":
        preds, drivers = copy_with_drivers(
            found, labels=fmap.label_set, correlated=fmap, decode=req.decode, learned=req.learned
        )
        info["candidates"] = list(dict.fromkeys(fmap.label_set or labels))
        info["drivers"] = drivers_summary(preds, labels, drivers, show_values=req.show_values)
    elif name == "blind":
        if req.folds < 2 or req.folds > max(2, len(found)):
            raise UsageError(f"--folds {req.folds}: give 2 to {max(2, len(found))} folds (one per item at most)")
        left_out: set[str] = set()
        preds, drivers = blind_with_drivers(
            found, derive_from=req.derive_from, folds=req.folds, seed=req.seed, left_out=left_out
        )
        if left_out:  # the same agent, same folds, reading the graded fields too (principle 7)
            read, read_drivers = blind_with_drivers(
                found, derive_from=req.derive_from, folds=req.folds, seed=req.seed, keep_graded=True
            )
            info["graded"] = {
                "fields": sorted(left_out),
                "deciding": _graded_deciding(left_out, drivers_summary(read, labels, read_drivers)),
                "records": [
                    {"id": it.id, "prediction": p, "label": lab} for it, p, lab in zip(found, read, labels, strict=True)
                ],
            }
        hidden = list(req.derive_from) or ["prose (strings of more than 6 words)"]  # named input: other prose is read
        copies = input_copies(found, req.derive_from)  # left out where an item holds its copy
        hidden += [f"{field} where it copies {source}" for field, source in copies.items()]
        info.update(folds=req.folds, seed=req.seed, hidden=hidden)
        info["drivers"] = drivers_summary(preds, labels, drivers, show_values=req.show_values)
    else:
        try:
            preds = blind_predictions(labels, name, seed=req.seed)
        except ValueError as err:
            raise UsageError(str(err)) from None
        info["note"] = NOT_READING
    records = [{"id": it.id, "prediction": p, "label": lab} for it, p, lab in zip(found, preds, labels, strict=True)]
    return records, info


def _paired(raw_path: Path, san_path: Path, pair_by: str, alpha: float, test: Any) -> dict[str, Any]:
    """McNemar over the raw and sanitized results, paired by id (same id sets required) or position.

    Pairing is the test's premise: each item's raw and sanitized verdicts are compared, so mismatched pairs would
    make the p-value meaningless. By id (``auto`` when every row has one) both files must hold exactly the same
    ids, once each — a difference is a usage error listing the ids on each side; by position they must have the
    same length. The returned dict is the test's, with ``paired_by`` added."""

    raw = (str(raw_path), *load_results(raw_path))
    san = (str(san_path), *load_results(san_path))
    return _pair(raw, san, pair_by, alpha, test)


Rows = tuple[str, list[Any], list[int]]
"""One side of a paired test: where its rows came from (for messages), the rows, and their line numbers."""


def _pair(raw: Rows, san: Rows, pair_by: str, alpha: float, test: Any) -> dict[str, Any]:
    """:func:`_paired` over rows already read: a results file's, or a simulated agent's on a dataset."""

    def load(side: Rows) -> tuple[list[bool], list[int], list[Any]]:
        """The pass flags of one side, with the line numbers and rows they came from; rows that carry no verdict are
        a :class:`UsageError` showing the accepted row forms.
        """
        path, rows, lines = side
        try:
            passes, _ = pass_flags(rows, lines)
        except ResultError as err:
            raise UsageError(f"{path}: {err}", hint=RESULT_HINT) from None
        return passes, lines, rows

    raw_path, san_path = raw[0], san[0]
    a, la, rows_a = load(raw)
    b, lb, rows_b = load(san)
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
    """Whether a results row can be paired by id (a JSON object with an ``id`` key)."""
    return isinstance(row, dict) and "id" in row


def _by_id(path: str, rows: list[Any], lines: list[int], flags: list[bool]) -> dict[str, bool]:
    """``{id: passed}``; a result without an id or a repeated id is a usage error naming the lines.

    Pairing two results files by id is only sound when every row has an id and none repeats: a silent
    choice between two rows of one id would pair the wrong runs. The error points at the file and line(s)
    and the hint names the way out (``--pair-by position``, or unique ids). Ids are compared as strings,
    so ``1`` and ``"1"`` are one id.
    """
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
    """A count of ``ids`` with the first ``shown`` of them quoted (``3 ids ('a', 'b', 'c')``), for a message about ids
    present in one results file and not the other.
    """
    if not ids:
        return "0 ids"
    more = f", ... (+{len(ids) - shown})" if len(ids) > shown else ""
    return f"{len(ids)} id{'s' if len(ids) != 1 else ''} ({', '.join(map(repr, ids[:shown]))}{more})"


def mine_flow(
    dataset: Path,
    *,
    min_support: int = 5,
    min_purity: float = 0.95,
    output: Path | None = None,
    fields: Fields | None = None,
    alpha: float = 0.01,
    correction: str = "bh",
    derive_from: Sequence[str] = (),
    listener: Listener = SILENT,
) -> LeakOutcome:
    """Mine the dataset for candidates that predict the label (:func:`windtunnel.leakage.mine.mine`).

    ``detail`` holds the :class:`~windtunnel.leakage.mine.MineResult` (``detail.suggestions``); ``summary``
    its counts and suggestions; ``output`` gets the ``{label: [values]}`` map for ``--correlated-map``.
    Always ``passed``: mining has no verdict. ``listener`` hears the alerts of the options.
    """

    if correction not in ("bh", "bonferroni"):
        raise UsageError(f"unknown --correction {correction!r}", hint="valid: bh (Benjamini-Hochberg), bonferroni")
    if not 0 < alpha < 1:
        raise UsageError(f"--alpha must be in (0, 1), got {alpha}")
    refuse_overwrite([("-o", output)], [("DATASET", dataset)])
    fields = fields or Fields()
    fmap = Fields(fields.expected_field, fields.context_field, fields.id_field).field_map()
    check_field_options(dataset, fmap, derive_from, listener)
    result = mine(
        (m.item for m in items(dataset, fmap)),
        min_support=min_support,
        min_purity=min_purity,
        alpha=alpha,
        correction=correction,  # type: ignore[arg-type]
        derive_from=derive_from,
    )
    if result.items == 0:  # nothing mined from nothing is no result: like an empty scan, a usage error
        raise UsageError(
            f"{dataset} holds no labelled items; mining nothing proves nothing",
            hint="give a dataset of items with an expected answer (--expected-field names its field)",
        )
    if result.suggestions and dataset != Path("/dev/stdin"):  # a pipe is read once: its rows keep their marks
        mark_reviewed((m.item for m in items(dataset, fmap)), result)
    if output is not None:
        output.write_bytes(orjson.dumps(result_map(result), option=orjson.OPT_INDENT_2))
    summary = result.to_dict()
    summary["description"] = result.describe()
    hint = result.content_hint()
    if hint:
        summary["hint"] = hint
    return LeakOutcome(status="passed", summary=summary, report_path=output, detail=result)
