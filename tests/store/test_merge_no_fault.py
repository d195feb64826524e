"""QA-27 #1 for merged shards: a chaos run in which no fault fired and a cell failed an invariant gives that invariant
as its first reason, then the faults that never fired (they tested nothing: review 27b); with every cell passing, the
unfired faults are the reason."""

from __future__ import annotations

import pytest

from windtunnel.engine.shard import ids_digest
from windtunnel.report.dicts import ReportDict
from windtunnel.reports.sample import make_cell, make_report
from windtunnel.store.merge import NO_FAULT_FIRED, merge_reports


def _shard(index: int, failing: bool) -> tuple[str, ReportDict]:
    cell_id = f"chaos/g{index}.r0"
    checks = [{"type": "refusal_check", "id": "refusal_check", "passed": not failing, "detail": "no refusal"}]
    cell = make_cell(cell_id, kind="chaos", scenario="chaos", status="failed" if failing else "passed", checks=checks)
    report = make_report([cell], mode="chaos", run_id=f"shard-{index}")
    report["run"]["shard"] = f"{index}/2"
    report["run"]["shard_plan"] = {"whole": 2, "cells": 1, "digest": ids_digest(index, 2, 2, [cell_id])}
    return f"shard {index}", report


@pytest.mark.parametrize(
    ("failing", "reasons"), [(True, ["refusal_check failed in 1 cell", NO_FAULT_FIRED]), (False, [NO_FAULT_FIRED])]
)
def test_a_merged_chaos_run_without_faults_names_the_failed_invariant(failing: bool, reasons: list[str]) -> None:
    merged = merge_reports([_shard(1, failing), _shard(2, False)], run_id="merged")
    assert merged["summary"]["passed"] is False and merged["summary"]["reasons"] == reasons
