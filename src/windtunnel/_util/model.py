"""The base model of every configuration section (each domain package declares its own section)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """Unknown keys are an error (``extra="forbid"``); attribute docstrings become field descriptions."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, populate_by_name=True)
