"""The typed run report: pydantic models of what every mode writes, and the JSON schema made from them.

``RunReport.model_validate(report_dict)`` checks a report (strictly: no coercion) and gives typed access;
:func:`windtunnel.report.schema.generate` makes the JSON schema shipped as ``report.schema.json`` and
printed by ``windtunnel schema``. Fields beyond the documented ones are allowed (``extra="allow"``).

Where it sits: the engine and the flows build reports as plain dicts (:func:`windtunnel.engine.report.build_report`)
and stream them to the store and the renderers without constructing a model per cell, because a model per cell
would cost more than the harness's own work on a large run. The models are the *description* of those dicts,
used where a report crosses a boundary: :mod:`~windtunnel.reports.validate` checks a report read from a file,
:mod:`~windtunnel.report.shape` checks each stored row cheaply as it is read back, and ``Outcome.typed_report``
gives Python callers typed access. :mod:`~windtunnel.report.usage` is the one place tokens and cost are summed, so
the report, the store's rebuilt report and the terminal agree.

Invariants: a change to a model is a change to the published schema (regenerate it, a test compares them); new
fields are optional so that older reports still load; and the models are imported lazily (this module's
``__getattr__``), so the engine, which needs :mod:`~windtunnel.report.usage`, never pays for building them.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from windtunnel.report.models import (
        Cell,
        Check,
        Fault,
        Mutation,
        PhaseEntry,
        RunInfo,
        RunReport,
        Summary,
        Tool,
        Usage,
        UsageTotal,
    )

__all__ = [
    "Cell",
    "Check",
    "Fault",
    "Mutation",
    "PhaseEntry",
    "RunInfo",
    "RunReport",
    "Summary",
    "Tool",
    "Usage",
    "UsageTotal",
]


def __getattr__(name: str) -> object:
    """The models are imported on first use (pydantic is not needed to read the schema).

    Only the names in ``__all__`` are served this way; any other name is an ``AttributeError`` as for a
    normal module. The names are not stored in this module, so every access comes back here; after the
    first, the import is a lookup in ``sys.modules``.
    """
    if name in __all__:
        # start-up: report.usage (imported by the engine) must not build the pydantic report models
        from windtunnel.report import models

        return getattr(models, name)
    raise AttributeError(f"module 'windtunnel.report' has no attribute {name!r}")
