"""``advanced.max_cost`` on Ray is the run's budget, not each actor's: the run stops within the bound of a
local run (the cells running when it was reached), and every cell not run is reported as skipped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt

pytestmark = pytest.mark.slow

PROMPTS = 40
AGENT = """
import time


def handle(prompt):
    time.sleep(0.05)
    return {"output": "ok " + prompt, "metadata": {"usage": {"model": "m", "input_tokens": 100, "output_tokens": 0}}}
"""


def _run(tmp_path: Path, executor: str, concurrency: int) -> tuple[int, dict[str, Any]]:
    cfg = tmp_path / f"{executor}.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_priced_agent:handle'}\n"
        f"golden_prompts: {json.dumps([f'p{i}' for i in range(PROMPTS)])}\n"
        "prices: {m: {input: 1.0, output: 1.0}}\n"  # $0.0001 a call: the third call reaches $0.00025
        f"advanced: {{seed: 1, concurrency: {concurrency}, max_cost: 0.00025, executor: {executor}, "
        "ray: {num_actors: 2}}\n"
    )
    out = tmp_path / f"{executor}-{concurrency}.json"
    code = wt("run", "-c", str(cfg), "--no-mutations", "-q", "--no-store", "-f", "json", "-o", str(out))
    return code, json.loads(out.read_text())


@pytest.mark.parametrize("concurrency", [1, 3])
def test_a_budget_on_ray_is_the_runs(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, concurrency: int
) -> None:
    (tmp_path / "wt_priced_agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    for executor, in_flight in (("local", concurrency), ("ray", 2 * concurrency)):
        code, report = _run(tmp_path, executor, concurrency)
        assert code == 1, executor
        cells = report["cells"]
        assert len(cells) == PROMPTS  # every cell reported once: run, or skipped
        ran = [c for c in cells if c["status"] != "skipped"]
        skipped = [c for c in cells if c["status"] == "skipped"]
        # the third cell reaches the budget; the cells in flight then finish (two actors × concurrency on Ray)
        assert 3 <= len(ran) <= 3 + in_flight - 1, (executor, len(ran))
        assert all(
            c["error_kind"] == "budget" and "advanced.max_cost $0.00025 was reached" in c["error"] for c in skipped
        )
        assert sum("advanced.max_cost" in n for n in report["notices"]) == 1, report["notices"]
        assert report["usage"]["cost_usd"] == pytest.approx(0.0001 * len(ran))
        assert all(c["usage"]["cost_usd"] == pytest.approx(0.0001) for c in ran)  # priced, as locally


def _priced_contract(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    prompts: int,
    invariants: str = "",
    isolation: str = "",
    scenarios: str = "{name: calm}",
) -> Path:
    """A priced python agent's config with a $0.00025 run budget and a one-invariant contract, on two actors."""
    (tmp_path / "wt_priced_agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    cfg = tmp_path / "c.yaml"
    cfg.write_text(
        "agent: {type: python, endpoint: 'wt_priced_agent:handle'}\n"
        f"golden_prompts: {json.dumps([f'p{i}' for i in range(prompts)])}\n"
        f"{invariants}"
        "prices: {m: {input: 1.0, output: 1.0}}\n"
        f"advanced: {{seed: 1, concurrency: 1, {isolation}max_cost: 0.00025, executor: ray, ray: {{num_actors: 2}}}}\n"
        "contract:\n  name: c\n  invariants: [{type: output_not_empty, id: answers}]\n"
        f"  chaos_matrix: [{scenarios}]\n"
    )
    return cfg


def test_a_contract_on_ray_stops_at_the_runs_budget(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = _priced_contract(
        tmp_path, monkeypatch, prompts=10, isolation="isolation: concurrent, ", scenarios="{name: calm}, {name: again}"
    )
    out = tmp_path / "c.json"
    assert wt("contract", "run", "-c", str(cfg), "-q", "--no-store", "-f", "json", "-o", str(out)) == 1
    report = json.loads(out.read_text())
    ran = [c for c in report["cells"] if c["status"] != "skipped"]
    skipped = [c for c in report["cells"] if c["status"] == "skipped"]
    assert 3 <= len(ran) <= 4 and len(ran) + len(skipped) == 20
    assert all(c["error_kind"] == "budget" for c in skipped)
    reasons = " ".join(report["summary"]["reasons"])
    assert f"{len(skipped)} unit(s) were not run: the run budget advanced.max_cost" in reasons
    assert report["summary"]["passed"] is False


def test_ci_on_ray_spends_one_budget_over_its_phases(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mutation phase reaches the budget on Ray; the contract phase, on Ray too, then runs no unit."""
    cfg = _priced_contract(tmp_path, monkeypatch, prompts=6, invariants="invariants: [{type: output_not_empty}]\n")
    assert wt("ci", "-c", str(cfg), "-q", "--no-store", "-o", str(tmp_path / "ci")) == 1
    mutation = json.loads((tmp_path / "ci" / "mutation.json").read_text())
    contract = json.loads((tmp_path / "ci" / "contract.json").read_text())
    assert 3 <= sum(c["status"] != "skipped" for c in mutation["cells"]) <= 4
    assert any("advanced.max_cost $0.00025 was reached" in n for n in mutation["notices"])
    assert {c["status"] for c in contract["cells"]} == {"skipped"}
    assert any("in an earlier phase" in n for n in contract["notices"])
