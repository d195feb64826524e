"""The report's TypedDicts (``report/dicts.py``) say what the pydantic models say: every model field is a key of its
dict, so a renderer typed against the dicts reads the fields the schema publishes (issue #28)."""

from __future__ import annotations

import pytest

from windtunnel.report import dicts, models

PAIRS = [
    (models.Tool, dicts.ToolDict),
    (models.RunInfo, dicts.RunInfoDict),
    (models.PhaseEntry, dicts.PhaseDict),
    (models.Summary, dicts.SummaryDict),
    (models.Mutation, dicts.MutationDict),
    (models.Fault, dicts.FaultDict),
    (models.Check, dicts.CheckDict),
    (models.Usage, dicts.UsageDict),
    (models.UsageTotal, dicts.UsageTotalDict),
    (models.Cell, dicts.CellDict),
    (models.RunReport, dicts.ReportDict),
]


@pytest.mark.parametrize(("model", "typed"), PAIRS, ids=[m.__name__ for m, _ in PAIRS])
def test_every_model_field_is_a_key_of_its_dict(model: type, typed: type) -> None:
    missing = set(model.model_fields) - set(typed.__annotations__)
    assert not missing, f"{typed.__name__} lacks {sorted(missing)} of {model.__name__}"


def test_the_bridge_returns_the_same_object() -> None:
    cell = {"id": "c1", "status": "passed"}
    assert dicts.as_cell(cell) is cell
