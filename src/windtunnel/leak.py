"""``windtunnel.leak``: the leakage auditor from Python — scan, sanitize, check, baseline, mine.

Each function takes what its ``windtunnel leak`` command takes and returns a
:class:`~windtunnel.flows.leak.LeakOutcome` (``status``, ``passed``, ``summary``, ``exit_code``);
bad input raises :class:`~windtunnel.errors.UsageError`, a wrong type ``TypeError``. Nothing is printed.

>>> import windtunnel
>>> outcome = windtunnel.leak.scan("items.jsonl")          # doctest: +SKIP
>>> outcome.passed, outcome.summary["leaked_items"]        # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from windtunnel._api import _listener, build_request
from windtunnel.errors import UsageError
from windtunnel.flows.leak import Fields, SanitizeRequest, ScanRequest, check_flow, sanitize_flow, scan_flow
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow, mine_flow

if TYPE_CHECKING:
    from windtunnel.flows.events import Listener
    from windtunnel.flows.leak import LeakOutcome

PathLike = str | os.PathLike[str]


def _path(fn: str, name: str, value: object, *, optional: bool = False) -> Path | None:
    """``value`` as a :class:`~pathlib.Path`, or None when ``optional`` and not given.

    Anything that is neither ``str`` nor ``os.PathLike`` is a ``TypeError`` naming the function and the argument:
    a file object or a list of items is a common mistake, and a late ``open()`` error would not say which argument.
    """
    if value is None and optional:
        return None
    if isinstance(value, str | os.PathLike):
        return Path(value)
    what = "a path (str or os.PathLike)" + (" or None" if optional else "")
    raise TypeError(f"windtunnel.leak.{fn}(): {name} must be {what}, not {type(value).__name__}")


def _fields(fn: str, options: dict[str, Any]) -> Any:
    """Pop the field options (``expected_field``, ``context_field``, ``id_field``, ``label_set``, ``correlated_map``,
    ``target``) out of ``options`` into the :class:`~windtunnel.flows.leak.Fields` every leak flow reads.

    Normalised as the CLI does: one context field becomes a list, a path to a correlated map a ``Path``; a
    correlated map that is neither a path nor a mapping is a ``TypeError``. What is left in ``options`` are the
    flow's own options.
    """
    names = ("expected_field", "context_field", "id_field", "label_set", "correlated_map", "target")
    given = {k: options.pop(k) for k in names if k in options}
    if isinstance(given.get("context_field"), str):
        given["context_field"] = [given["context_field"]]
    if isinstance(given.get("correlated_map"), str | os.PathLike):
        given["correlated_map"] = Path(given["correlated_map"])
    elif "correlated_map" in given and not isinstance(given["correlated_map"], Mapping | type(None)):
        raise TypeError(f"windtunnel.leak.{fn}(): correlated_map must be a path or a mapping {{label: [values]}}")
    return Fields(**given)


def _jobs(fn: str, options: Mapping[str, Any]) -> None:
    """``jobs``: None (automatic) or a whole number of worker processes, 1 or more (UsageError otherwise)."""
    jobs = options.get("jobs")
    if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool)):
        raise TypeError(f"windtunnel.leak.{fn}(): option 'jobs' must be int or None, not {type(jobs).__name__}")
    if jobs is not None and jobs < 1:
        raise UsageError(
            f"windtunnel.leak.{fn}(): jobs must be 1 or more, got {jobs}",
            hint="pass jobs=None for automatic (one worker per core for a large file), or jobs=1 for this process",
        )


def scan(dataset: PathLike | None = None, *, listener: Listener | None = None, **options: Any) -> LeakOutcome:
    """Scan what the model reads for the expected answer; ``failed`` when any item leaks.

    The items come from ``dataset`` (JSONL or JSON), or ``from_run=RUN_ID`` / ``from_report=PATH``.
    Options: ``store``, ``config``, ``decode``, ``jobs``, ``fmt`` (``"json"`` or ``"sarif"``) with
    ``output``, ``show_values``, ``keep`` (audits kept in ``outcome.audits``), ``mine`` (True / False;
    None: on from 200 labelled items) with ``derive_from``, ``agreement`` (the dataset's evidence for the mention
    decision; True / False; None: by the rule of ``mine``, without its item count), ``judge`` (a model judge:
    :func:`windtunnel.flows.leak_judge.judge_from_options`; ``outcome.status`` ``"error"`` when it gave no answer on
    some item and nothing leaked), and the field options ``expected_field``, ``context_field``, ``id_field``,
    ``label_set``, ``correlated_map``, ``target``.
    """
    fields = _fields("scan", options)
    if options.get("fmt") in ("table", "html"):
        raise UsageError(
            f"windtunnel.leak.scan(): fmt={options['fmt']!r} is a format of the command line only",
            hint="from Python pass fmt='json' or 'sarif' with output=PATH, or read outcome.audits and outcome.summary",
        )
    _jobs("scan", options)
    request = build_request(
        "leak.scan", ScanRequest, options, dataset=_path("scan", "dataset", dataset, optional=True), fields=fields
    )
    if request.fmt is not None and request.output is None:
        raise UsageError(
            f"windtunnel.leak.scan(): fmt={request.fmt!r} needs output= (the library writes no report to stdout)",
            hint="pass output=PATH, or leave fmt out and read outcome.audits and outcome.summary",
        )
    return scan_flow(request, _listener("leak.scan", listener))


def sanitize(dataset: PathLike, output: PathLike, *, listener: Listener | None = None, **options: Any) -> LeakOutcome:
    """Write ``dataset`` sanitized to ``output`` (JSONL) and rescan it; ``failed`` when an item still leaks.

    Options: ``stats`` (per-item redaction stats, JSONL), ``mode`` (``"sentence"`` or ``"span"``),
    ``redact_review``, ``decode``, ``show_values``, ``mine`` and ``agreement`` (None: by the rule of :func:`scan`)
    with ``derive_from``, and the field options of :func:`scan`.
    """
    fields = _fields("sanitize", options)
    request = build_request(
        "leak.sanitize",
        SanitizeRequest,
        options,
        dataset=_path("sanitize", "dataset", dataset),
        output=_path("sanitize", "output", output),
        fields=fields,
    )
    return sanitize_flow(request, _listener("leak.sanitize", listener))


def check(raw: PathLike, sanitized: PathLike, **options: Any) -> LeakOutcome:
    """The CI assertion: every raw item leaks and no sanitized item does (else ``failed``).

    Options: ``decode``, ``jobs``, ``show_values``, ``mine`` and ``agreement`` (None: by the rule of :func:`scan`)
    with ``derive_from``, and the field options of :func:`scan`.
    """
    fields = _fields("check", options)
    _jobs("check", options)
    unknown = set(options) - {"decode", "jobs", "show_values", "mine", "derive_from", "agreement"}
    if unknown:
        raise TypeError(f"windtunnel.leak.check() got unexpected options: {', '.join(sorted(unknown))}")
    return check_flow(
        _path("check", "raw", raw),  # type: ignore[arg-type]
        _path("check", "sanitized", sanitized),  # type: ignore[arg-type]
        fields=fields,
        **options,
    )


def baseline(results: PathLike | None = None, **options: Any) -> LeakOutcome:
    """Is a blind baseline above chance? ``failed`` (a leak) when significantly so.

    Options: ``chance``, ``chance_model``, ``n_labels``, ``alpha``, ``excess``, ``power``, ``paired``
    (the sanitized run's results), ``pair_by``, ``simulate`` (``copy``, ``blind``, ``majority``, ``prior``)
    with ``dataset``, ``expected_field`` or ``fields``, ``seed``, ``derive_from``, ``folds``, ``decode``.
    """
    request = build_request(
        "leak.baseline", BaselineRequest, options, results=_path("baseline", "results", results, optional=True)
    )
    return baseline_flow(request)


def mine(
    dataset: PathLike,
    *,
    min_support: int = 5,
    min_purity: float = 0.95,
    output: PathLike | None = None,
    alpha: float = 0.01,
    correction: str = "bh",
    derive_from: list[str] | tuple[str, ...] = (),
    **field_options: Any,
) -> LeakOutcome:
    """Mine what predicts the label (``outcome.detail``: the MineResult, ``detail.suggestions``);
    ``output`` gets ``{label: [values]}``."""
    fields = _fields("mine", field_options)
    if field_options:
        raise TypeError(f"windtunnel.leak.mine() got unexpected options: {', '.join(sorted(field_options))}")
    if not isinstance(min_support, int) or isinstance(min_support, bool):
        raise TypeError(f"windtunnel.leak.mine(): min_support must be int, not {type(min_support).__name__}")
    if isinstance(derive_from, str) or not all(isinstance(d, str) for d in derive_from):
        raise TypeError("windtunnel.leak.mine(): derive_from must be a list of field names or pointers")
    if not 0 < float(alpha) < 1:
        raise UsageError(f"windtunnel.leak.mine(): alpha must be in (0, 1), got {alpha}")
    return mine_flow(
        _path("mine", "dataset", dataset),  # type: ignore[arg-type]
        min_support=min_support,
        min_purity=float(min_purity),
        output=_path("mine", "output", output, optional=True),
        fields=fields,
        alpha=float(alpha),
        correction=correction,
        derive_from=list(derive_from),
    )


__all__ = ["baseline", "check", "mine", "sanitize", "scan"]
