"""The typed run report: pydantic models of what every mode writes, and the JSON schema made from them.

``RunReport.model_validate(report_dict)`` checks a report (strictly: no coercion) and gives typed access;
:func:`windtunnel.report.schema.report_schema` is the JSON schema shipped as ``report.schema.json`` and
printed by ``windtunnel schema``. Fields beyond the documented ones are allowed (``extra="allow"``).
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
    """The models are imported on first use (pydantic is not needed to read the schema)."""
    if name in __all__:
        # start-up: report.usage (imported by the engine) must not build the pydantic report models
        from windtunnel.report import models

        return getattr(models, name)
    raise AttributeError(f"module 'windtunnel.report' has no attribute {name!r}")
