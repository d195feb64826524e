"""QA pass 20's ``explore`` finding: Ctrl-C in the middle of a round kept nothing the round's finished cells showed."""

from __future__ import annotations

from pathlib import Path

from tests.explore.conftest import write_config
from windtunnel.flows.events import Done
from windtunnel.flows.explore import ExploreRequest, explore_flow


def test_ctrl_c_mid_round_keeps_the_failure_a_finished_cell_showed_and_counts_its_calls(tmp_path: Path) -> None:
    """The progress line had counted the cells that finished (one of them failed); the summary said fewer calls and
    "no failure found so far": a round's results were read only once the whole round was back."""
    done: list[Done] = []

    def ctrl_c_at_the_first_failed_cell(event: object) -> None:
        if isinstance(event, Done):
            done.append(event)
            if event.failed:
                raise KeyboardInterrupt

    config = write_config(tmp_path)
    request = ExploreRequest(config=config, budget=60, seed=5, persist=False, save=False, concurrency=1)
    outcome = explore_flow(request, ctrl_c_at_the_first_failed_cell)
    assert outcome.exit_code == 130
    failed = done[-1]
    assert failed.failed and failed.result.cell.id.split("/")[0] != "baseline"
    explore = outcome.report["explore"]
    assert explore["calls"] == len(done), (explore["calls"], len(done))  # what the progress line counted
    [failure] = explore["failures"]
    assert failure["status"] == "unshrunk"
    assert outcome.report["cells"][0]["id"].endswith(failed.result.cell.id.split("/", 1)[1])
