"""The run page of real runs of the bundled example (``ci``: golden, mutation, chaos and contract cells with faults
injected at the agent's real seams): every aggregate and every filtered page the viewer serves from the store's facts
equals a full recomputation from the whole cells, for each filter value and each pair of filters."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import windtunnel
from windtunnel.store.queries import StoreReader
from windtunnel.view.aggregate import NO_FAULT, aggregate_cells, matches
from windtunnel.view.api import Api

CONFIG = "examples/support_agent/windtunnel.yaml"


@pytest.mark.slow
def test_the_example_runs_pages_equal_a_full_recomputation_from_their_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "runs.db"
    windtunnel.ci(CONFIG, seed=5, output=tmp_path / "ci", store=store)
    capsys.readouterr()
    reader = StoreReader(store)
    api = Api(reader)
    try:
        runs = [row[0] for row in reader._db().execute("SELECT id FROM runs")]
        assert len(runs) >= 2
        checked = 0
        for run_id in runs:
            assert reader.facts_ready(run_id)
            cells = list(reader.iter_cells(run_id))
            status, body = api.handle("/api/run", {"id": run_id})
            assert status == 200
            agg = body["aggregate"]
            assert agg == aggregate_cells(cells) and agg["cells"] == len(cells) > 0
            values = {
                "status": {str(c.get("status")) for c in cells},
                "kind": {str(c.get("kind")) for c in cells if c.get("kind")},
                "scenario": {str(c.get("scenario")) for c in cells if c.get("scenario")},
                "invariant": {str(c.get("invariant")) for c in cells if c.get("invariant")},
                "mutation": {str((c.get("mutation") or {}).get("type")) for c in cells if c.get("mutation")},
                "phase": set(agg["by_phase"]),
                "fault": set(agg["by_fault"]) | {NO_FAULT},
            }
            singles = [{key: value} for key in sorted(values) for value in sorted(values[key])]
            pairs = [{**a, **b} for a, b in itertools.combinations(singles, 2) if a.keys() != b.keys()]
            for filters in [*singles, *pairs, {"status": "no-such-status"}]:
                status, page = api.handle("/api/cells", {"run": run_id, **filters, "limit": "1000"})
                assert status == 200
                expected = [c["id"] for c in cells if matches(c, filters)]
                assert [c["id"] for c in page["cells"]] == expected, filters
                assert page["matching"] == len(expected) and page["total"] == len(cells)
                checked += 1
        assert checked > 100
    finally:
        reader.close()
