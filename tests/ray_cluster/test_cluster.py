"""The Ray executor on a two-node cluster simulated on this machine (``ray.cluster_utils.Cluster``, one CPU
per node): the project directory is shipped as the actors' working_dir, the actors land on both nodes, and
the seeded run equals the local one."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    from ray.cluster_utils import Cluster

    temp = tempfile.mkdtemp(prefix="wtrc")
    try:
        c = Cluster(
            initialize_head=True,
            head_node_args={"num_cpus": 1, "include_dashboard": False, "temp_dir": temp},
        )
        c.add_node(num_cpus=1)
        c.wait_for_nodes()
    except Exception as err:  # the only reason to skip: Ray cannot start on this machine
        shutil.rmtree(temp, ignore_errors=True)
        pytest.skip(f"a two-node Ray cluster cannot start here: {type(err).__name__}: {err}")
    yield c
    c.shutdown()
    shutil.rmtree(temp, ignore_errors=True)


AGENT = """
from pathlib import Path

LOG = Path({log!r})


def handle(prompt):
    try:
        import ray

        if ray.is_initialized():
            with LOG.open("a") as fh:
                fh.write(ray.get_runtime_context().get_node_id() + "\\n")
    except ImportError:
        pass
    return "answer: " + prompt.upper()[:40]
"""


def _local_and_ray(
    cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, base: str, argv: list[str], code: Any
) -> tuple[dict[str, Any], dict[str, Any], Path]:
    """Write the agent and ``base`` as local.yaml and ray.yaml (the cluster, two actors) in a project folder,
    run ``argv`` on each from there; the two JSON reports and the log of the nodes the agent ran on."""
    proj, log = tmp_path / "proj", tmp_path / "nodes.log"
    proj.mkdir()
    monkeypatch.chdir(proj)
    (proj / "wt_cluster_agent.py").write_text(AGENT.format(log=str(log)))
    (proj / "local.yaml").write_text(base + "advanced: {seed: 3}\n")
    (proj / "ray.yaml").write_text(
        base + f"advanced: {{seed: 3, executor: ray, ray: {{address: '{cluster.address}', num_actors: 2}}}}\n"
    )
    reports = {}
    for name in ("local", "ray"):
        out = tmp_path / f"{name}.json"
        assert code(wt(*argv, "-c", f"{name}.yaml", "-q", "--no-store", "-f", "json", "-o", str(out)))
        reports[name] = json.loads(out.read_text())
    return reports["local"], reports["ray"], log


def verdicts(r: dict[str, Any]) -> dict[str, Any]:
    return {c["id"]: (c["status"], c["output"], [(k["id"], k["passed"]) for k in c["checks"]]) for c in r["cells"]}


def test_two_node_cluster_runs_the_same_cells_as_local(
    cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = (
        "agent: {type: python, endpoint: 'wt_cluster_agent:handle'}\n"
        "golden_prompts: [where is my order, refund me please, what is the return policy, hello there]\n"
        "mutations: {count: 3, types: [noise, tone_shift, length_extremes]}\n"
        "invariants: [{type: contains, value: 'ANSWER'}, {type: output_not_empty}]\n"
    )
    local, ray, log = _local_and_ray(cluster, tmp_path, monkeypatch, base, ["run"], lambda code: code in (0, 1))
    assert verdicts(ray) == verdicts(local)
    assert len(ray["cells"]) > 10
    assert ray["summary"]["score"] == local["summary"]["score"]
    nodes = set(log.read_text().split())
    assert len(nodes) == 2  # one actor per node: num_cpus_per_actor 1 on two one-CPU nodes


def test_two_node_cluster_runs_the_same_contract_as_local(
    cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """State detection on one node's actor, the units on both nodes: the local contract's verdict."""
    base = (
        "agent: {type: python, endpoint: 'wt_cluster_agent:handle'}\n"
        "golden_prompts: [where is my order, refund me please, what is the return policy, hello there, bye]\n"
        "contract:\n  name: c\n  invariants: [{type: contains, value: ANSWER, id: answers}, "
        "{type: contains, value: REFUND, id: refund, severity: high}]\n"
        "  chaos_matrix: [{name: calm}, {name: again}]\n"
    )
    monkeypatch.setenv("WINDTUNNEL_STATE_CACHE", "0")
    # the refund invariant fails on every prompt but one
    local, ray, log = _local_and_ray(cluster, tmp_path, monkeypatch, base, ["contract", "run"], lambda code: code == 1)
    assert verdicts(ray) == verdicts(local)
    assert len(ray["cells"]) == 20
    for key in ("score", "passed", "matrix", "by_scenario"):
        assert ray["summary"][key] == local["summary"][key], key
    assert ray["summary"]["state_detection"]["calls"] > 0
    assert ray["summary"]["state_detection"]["stateful"] is False
    assert len(set(log.read_text().split())) == 2  # actors on both nodes
