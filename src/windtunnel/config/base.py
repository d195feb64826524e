"""Base model for every configuration object."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """Unknown keys are an error (``extra="forbid"``); attribute docstrings become field descriptions."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, populate_by_name=True)


class Severity:
    """Severity names and their weights in the resilience score (seed 003; ``low`` counts 1)."""

    WEIGHTS = {"critical": 3, "high": 2, "medium": 1, "low": 1}
